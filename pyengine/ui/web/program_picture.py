"""Pictures of a program of the user's own (a rule file, an experta engine), inferred
from its facts, or asked for by its ``@picture`` comments (:mod:`.picture_directives`).

Each relation's facts are read (by the engine's one CLIPS reader, :func:`fact_fields`;
an ordered fact's values as slots ``1``, ``2``, ...) and the first view that fits is
drawn, grids first, then trees, then tables:

* **grid**: a slot naming a row (:data:`ROW_SLOTS`) and one naming a column
  (:data:`COL_SLOTS`), whole numbers in every fact, at most 64 apart; the cell shows a
  value slot (:data:`VALUE_SLOTS`) or else the fact's other slots (several facts in one
  cell: all of them). Or one slot naming a place (:data:`PLACE_SLOTS`: a zebra's
  houses): a column per place and a row per other slot.
* **tree**: edges from parent to child. An ordered fact of two values whose relation
  is named ``parent``, ``father``, ``mother`` (``-of`` and ``is-`` allowed) reads parent
  then child; ``child``, ``son``, ``daughter`` (the same) child then parent. A fact
  with a parent slot (:data:`PARENT_SLOTS`) and a child slot (:data:`CHILD_SLOTS`), or
  else a name slot (:data:`KEY_SLOTS`: ``(person (name Bob) (parent Ann))``), is an
  edge; a value ``nil``, ``none`` or empty is no parent. Drawn from the nodes no edge
  leads to, each node's children under it; a node shown before is marked ``again`` (a
  child of two parents), one that is its own ancestor ``cycle``.
* **table**: facts with slots, at least two, the same in every fact, two facts or more
  (the first :data:`MAX_ROWS` of them).

At most :data:`MAX_VIEWS` pictures; a relation of more than :data:`MAX_READ` facts is
left to the facts by relation (a directive asking for it gets a note saying so).
Nothing here names a puzzle.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from pyengine.puzzles.page import (
    MAX_SIDE,
    MAX_TREE_DEPTH,
    MAX_TREE_NODES,
    FactBase,
    cell,
    grid,
    table,
    table_row,
    text,
    tree,
    tree_node,
)
from pyengine.ui.queries import fact_fields
from pyengine.ui.web.picture_directives import Directive, Directives

ROW_SLOTS = ("row", "r", "y")
COL_SLOTS = ("col", "column", "c", "x")
VALUE_SLOTS = ("value", "val", "v", "digit", "number", "num", "letter", "symbol", "mark",
               "piece", "content")
PLACE_SLOTS = ("position", "pos", "place", "house", "index", "seat")
PARENT_SLOTS = ("parent", "father", "mother", "boss", "manager", "superior")
CHILD_SLOTS = ("child", "son", "daughter", "kid")
KEY_SLOTS = ("name", "id", "node", "who", "self", "person")
PARENT_FIRST = re.compile(r"(is-)?(parent|father|mother)(-of)?")
CHILD_FIRST = re.compile(r"(is-)?(child|son|daughter)(-of)?")
ABSENT = frozenset({"nil", "none", ""})
MAX_VIEWS = 8             # pictures drawn for one fact base
MAX_READ = MAX_SIDE * MAX_SIDE   # facts of one relation read for a picture
MAX_TOTAL = 2 * MAX_READ  # facts read in all for one fact base
MAX_ROWS = 200            # rows of a table (the first facts; the caption says so)
MAX_CELL = 60             # characters of a cell's text


class Undrawable(ValueError):
    """A view the facts do not fit (why, in one line)."""


@dataclass(frozen=True)
class Record:
    """One fact as a picture reads it: its id, text, whether the last action made it,
    and its slots (an ordered fact's values under ``"1"``, ``"2"``, ...)."""

    id: int
    text: str
    new: bool
    slots: dict


@lru_cache(maxsize=16384)
def _slots(fact_text: str) -> tuple:
    fields = fact_fields(fact_text)
    if set(fields) == {"relation", "values"}:
        return tuple((str(i), v) for i, v in enumerate(fields["values"], 1))
    return tuple((k, v) for k, v in fields.items() if k != "relation")


def records(base: FactBase, relation: str) -> list[Record]:
    return [Record(f.id, f.text, f.id in base.new, dict(_slots(f.text)))
            for f in base.named(relation)[:MAX_READ]]


def program_parts(base: FactBase, directives: Directives) -> list[dict]:
    """The parts the program's directives ask for (each drawn, or a note why not), or
    else the views inferred from its facts; with a note for each directive not read."""
    parts = [text(note, "quiet") for note in directives.notes]
    if not directives.given:
        return parts + inferred(base)
    for d in directives.given[:MAX_VIEWS]:
        if d.view == "none":
            continue
        recs, total = records(base, d.relation), len(base.named(d.relation))
        try:
            if not recs:
                raise Undrawable(f"no {d.relation} facts now")
            if total > MAX_READ:        # drawn from some, it would say less than true
                raise Undrawable(f"{total} facts, over the {MAX_READ} a picture draws "
                                 "(see the facts by relation)")
            parts += DRAW[d.view](_completed(d, recs), recs)
        except Undrawable as exc:
            parts.append(text(f"({d.where}: {d.view} {d.relation}: {exc})"[:200], "quiet"))
    return parts


def inferred(base: FactBase) -> list[dict]:
    """The first view that fits each relation's facts: grids, then trees, then tables."""
    found, budget = [], MAX_TOTAL
    for name, facts in sorted(base.by.items()):
        if len(facts) > MAX_READ or len(facts) > budget:
            continue
        budget -= len(facts)
        recs = records(base, name)
        for rank, (view, propose) in enumerate(PROPOSALS):
            d = propose(name, recs)
            if d is None:
                continue
            try:
                found.append((rank, name, DRAW[view](d, recs)))
                break
            except Undrawable:
                continue
    found.sort(key=lambda x: x[:2])
    return [p for _, _, parts in found[:MAX_VIEWS] for p in parts]


# -- which slots: the names a relation's facts share ---------------------------------------

def _shared(recs: list[Record]) -> list[str]:
    """The slots every fact has, in the first fact's order."""
    keys = list(recs[0].slots) if recs else []
    return [k for k in keys if all(k in r.slots for r in recs[1:])]


def _pick(keys: Iterable[str], names: tuple) -> str | None:
    lower = {k.lower(): k for k in keys}
    return next((lower[n] for n in names if n in lower), None)


def _is_ordered(keys: list[str]) -> bool:
    return bool(keys) and all(k.isdigit() for k in keys)


def _grid_slots(keys: list[str], row: str | None = None, col: str | None = None) -> dict:
    """Row, column and value slots (those not given found by name), or else a place."""
    row, col = row or _pick(keys, ROW_SLOTS), col or _pick(keys, COL_SLOTS)
    if row and col:
        return {"row": row, "col": col,
                "value": _pick([k for k in keys if k not in (row, col)], VALUE_SLOTS)}
    return {"place": _pick(keys, PLACE_SLOTS)}


def _tree_slots(relation: str, keys: list[str]) -> dict:
    name = relation.lower().replace("_", "-")
    if _is_ordered(keys) and len(keys) == 2:
        if PARENT_FIRST.fullmatch(name):
            return {"parent": "1", "child": "2"}
        if CHILD_FIRST.fullmatch(name):
            return {"parent": "2", "child": "1"}
        return {}
    parent = _pick(keys, PARENT_SLOTS)
    child = _pick([k for k in keys if k != parent], CHILD_SLOTS + KEY_SLOTS)
    return {"parent": parent, "child": child} if parent and child else {}


def _propose_grid(name: str, recs: list[Record]) -> Directive | None:
    slots = _grid_slots(_shared(recs))
    if not (slots.get("row") or slots.get("place")) or len(recs) < 2:
        return None
    return Directive("grid", name).having(**slots)


def _propose_tree(name: str, recs: list[Record]) -> Directive | None:
    slots = _tree_slots(name, _shared(recs))
    return Directive("tree", name).having(**slots) if slots else None


def _propose_table(name: str, recs: list[Record]) -> Directive | None:
    keys = list(recs[0].slots) if recs else []
    same = all(list(r.slots) == keys for r in recs)
    if len(recs) < 2 or len(keys) < 2 or not same or _is_ordered(keys):
        return None
    return Directive("table", name)


PROPOSALS: list[tuple[str, Callable]] = [("grid", _propose_grid), ("tree", _propose_tree),
                                         ("table", _propose_table)]


def _completed(d: Directive, recs: list[Record]) -> Directive:
    """A directive with the keys it leaves out found as inference finds them."""
    keys = _shared(recs)
    if d.view == "grid" and not d.get("place"):
        return d.having(**_grid_slots(keys, d.get("row"), d.get("col")))
    if d.view == "tree":
        return d.having(**_tree_slots(d.relation, keys))
    return d


# -- drawing ------------------------------------------------------------------------------

def _text(value) -> str:
    if isinstance(value, tuple):
        return " ".join(_text(v) for v in value)
    return str(value)


def _needed(d: Directive, key: str, recs: list[Record]) -> str:
    slot = d.get(key)
    if slot is None:
        raise Undrawable(f"say which slot is the {key} ({key}=SLOT)")
    lacking = next((r for r in recs if slot not in r.slots), None)
    if lacking is not None:
        raise Undrawable(f"no slot {slot!r} in {lacking.text[:60]}")
    return slot


def _axis(recs: list[Record], slot: str) -> tuple[list[int], int]:
    """Each fact's whole number in ``slot`` and where the axis starts (0 or 1 for
    small numbers); Undrawable past :data:`MAX_SIDE` places."""
    values = []
    for r in recs:
        v = r.slots[slot]
        if isinstance(v, bool) or not isinstance(v, int):
            raise Undrawable(f"{slot} is {_text(v)[:30]!r} in {r.text[:60]}, not a whole number")
        values.append(v)
    lo, hi = min(values), max(values)
    start = lo if lo < 0 or hi >= MAX_SIDE else min(lo, 1)
    if hi - start >= MAX_SIDE:
        raise Undrawable(f"{slot} runs from {lo} to {hi}: a grid has at most {MAX_SIDE}")
    return values, start


def _cell_of(recs: list[Record], shown: Callable[[Record], str]) -> dict:
    words = " ".join(shown(r) for r in recs[:MAX_CELL // 2])     # enough to fill it
    return cell(words if len(words) <= MAX_CELL else words[:MAX_CELL - 4] + " ...",
                lit=any(r.new for r in recs), title="\n".join(r.text for r in recs[:8]))


def draw_grid(d: Directive, recs: list[Record]) -> list[dict]:
    if d.get("place"):
        return _draw_places(d, recs)
    row, col = _needed(d, "row", recs), _needed(d, "col", recs)
    value = d.get("value")
    rows, r0 = _axis(recs, row)
    cols, c0 = _axis(recs, col)
    at: dict[tuple[int, int], list[Record]] = {}
    for rec, r, c in zip(recs, rows, cols):
        at.setdefault((r, c), []).append(rec)

    def shown(rec: Record) -> str:
        if value is not None and value in rec.slots:
            return _text(rec.slots[value])
        return " ".join(_text(v) for k, v in rec.slots.items() if k not in (row, col))
    lines = [[_cell_of(at.get((r, c), []), shown) for c in range(c0, max(cols) + 1)]
             for r in range(r0, max(rows) + 1)]
    what = f", {value} in the cells" if value else ""
    return [text(f"{d.relation}: {row} down, {col} across{what}", "small"),
            grid(lines, style="small")]


def _draw_places(d: Directive, recs: list[Record]) -> list[dict]:
    place = _needed(d, "place", recs)
    places, p0 = _axis(recs, place)
    if max(places) - p0 >= MAX_SIDE - 1:
        raise Undrawable(f"{place} runs to {max(places)}: a grid has at most {MAX_SIDE}")
    value = d.get("value")
    others = [value] if value else \
        list(dict.fromkeys(k for r in recs for k in r.slots if k != place))[:MAX_SIDE - 1]
    if not others:
        raise Undrawable(f"its facts have no slot but {place}")
    span = range(p0, max(places) + 1)
    at: dict[tuple[str, int], list[Record]] = {}
    for rec, p in zip(recs, places):
        for slot in rec.slots:
            at.setdefault((slot, p), []).append(rec)
    lines = [[cell("")] + [cell(p) for p in span]]
    for slot in others:
        lines.append([cell(slot)] + [_cell_of(at.get((slot, p), []),
                                              lambda r, s=slot: _text(r.slots[s]))
                                     for p in span])
    return [text(f"{d.relation} by {place}", "small"), grid(lines, style="small")]


def draw_tree(d: Directive, recs: list[Record]) -> list[dict]:
    parent, child = _needed(d, "parent", recs), _needed(d, "child", recs)
    children: dict[str, list[str]] = {}
    order: dict[str, None] = {}          # every node, in the order first named
    led_to, lit, titles = set(), set(), {}
    for rec in recs:
        parents, kids = _names(rec.slots[parent]), _names(rec.slots[child])
        order.update(dict.fromkeys(parents + kids))
        for k in kids:
            titles.setdefault(k, rec.text)
            lit.update([k] if rec.new else [])
        for p in parents:
            for k in kids:
                if k not in children.setdefault(p, []):
                    children[p].append(k)
                    led_to.add(k)
    if not order:
        raise Undrawable(f"no {child} named in its facts")
    nodes = _walk(list(order), children, led_to, lit, titles)
    more = " (the first nodes)" if len(nodes) >= MAX_TREE_NODES else ""
    return [text(f"{d.relation}: each {parent} above its {child}{more}", "small"), tree(nodes)]


def _names(value) -> list[str]:
    items = value if isinstance(value, tuple) else (value,)
    return [t for t in (_text(v) for v in items) if t.lower() not in ABSENT]


def _walk(order: list[str], children: dict, led_to: set, lit: set,
          titles: dict) -> list[dict]:
    """The nodes depth first from each root (then from any node no root reaches: a
    cycle), at most :data:`MAX_TREE_NODES`, :data:`MAX_TREE_DEPTH` deep."""
    out: list[dict] = []
    shown: set[str] = set()
    path: list[str] = []
    reached: set[str] = set()           # under a node drawn, though maybe cut

    def reach(start: str) -> None:
        stack = [start]
        while stack:
            node = stack.pop()
            if node not in reached:
                reached.add(node)
                stack.extend(children.get(node, []))

    def visit(node: str, depth: int) -> None:
        if len(out) >= MAX_TREE_NODES:
            return
        kids = children.get(node, [])
        mark = "cycle" if node in path else "again" if node in shown else \
            "more" if kids and depth >= MAX_TREE_DEPTH else ""
        out.append(tree_node(node, depth, mark, node in lit, titles.get(node, "")))
        if mark:
            return
        shown.add(node)
        path.append(node)
        for k in kids:
            visit(k, depth + 1)
        path.pop()
    for node in [n for n in order if n not in led_to] + order:
        if node not in reached:
            reach(node)
            visit(node, 0)
    return out


def draw_table(d: Directive, recs: list[Record]) -> list[dict]:
    columns = list(dict.fromkeys(k for r in recs for k in r.slots))[:MAX_SIDE]
    if not columns:
        raise Undrawable("its facts have no slots")
    rows = [table_row([_text(r.slots.get(k, ""))[:MAX_CELL] for k in columns], r.id, r.new)
            for r in recs[:MAX_ROWS]]
    count = f"the first {MAX_ROWS} of {len(recs)}" if len(recs) > MAX_ROWS else len(recs)
    return [text(f"{d.relation} ({count} facts)", "small"), table(columns, rows)]


DRAW: dict[str, Callable[[Directive, list[Record]], list[dict]]] = {
    "grid": draw_grid, "tree": draw_tree, "table": draw_table}
