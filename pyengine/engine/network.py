"""A rule's Rete network as data: what ``network RULE`` prints and the page draws.

One shape on both engines, the one CLIPS's ``(matches RULE)`` lists:

* an *alpha* node per pattern ("Matches for Pattern N"): the pattern as written and
  the facts in its memory;
* a *join* node per "Partial matches for CEs LABEL" section, in CLIPS's order: its
  partial matches (tokens: a fact id per pattern, None for a ``not``/``exists``),
  kind ``join``, or ``not``, ``exists``, ``forall`` where it is one;
* the *terminal* node: the rule's activations.

A chain's first pattern has no join node of its own (CLIPS lists none: its partial
matches are the pattern's facts). A ``not``/``exists`` over several CEs, and a
``forall`` (``(not (and A (not (and B...))))``), take their right input from a
sub-network of joins that starts from the same token; those joins come before the
join they feed, as CLIPS lists them. An ``or`` splits the rule into disjuncts, laid
out one after the other (patterns numbered on, joins labelled within each).

:func:`layout` lays the nodes out from the rule's conditions (the CEs of
:mod:`pyengine.engine.rete.lhs`); each engine reads the memories through a reader
(``facts(n, node)``, ``rows(k, node)``, ``inner(node)``, ``activations()``):
:mod:`pyengine.engine.clips_network` from CLIPS's listing,
:mod:`pyengine.engine.experta_network` from our network's own nodes. Node ids
(``RULE/p1``, ``RULE/j2``, ``RULE/t``) follow the layout, so two snapshots of the
same rule can be compared node by node.
"""
from __future__ import annotations

import contextvars
from dataclasses import dataclass, field
from itertools import repeat

from pyengine.engine.rete.lhs import And, Exists, Forall, Not, Pattern, Test, flatten, one_join
from pyengine.engine.errors import UsageError
from pyengine.engine.trace import ids_text
from pyengine.engine.wording import plural

Row = tuple  # a token: a fact id per pattern, None for a not/exists
#: what the views say of CLIPS's initial pattern (before a rule's or a group's opening
#: test): a rule's matches ``*``, a group's none (CLIPS lists " None")
INITIAL = "CLIPS's initial pattern (the rule opens with a test)"
GROUP_INITIAL = "CLIPS's initial pattern (the group opens with a test)"
NO_PATTERN = "CLIPS's initial pattern (the rule has no pattern)"
MOST_SHOWN = 20      # items the text form lists per node (the count says how many in all)
#: the most a rule's network (alpha matches, partial matches, activations) may hold for
#: its listing, ``matches`` or ``network``, to be made (CLIPS lists 300,000 partial
#: matches in 5 s; the counts alone come in milliseconds)
MOST_LISTED = 50_000


class TooManyListed(UsageError):
    """A rule holds more than :data:`MOST_LISTED` to list (``rule``: its name)."""

    def __init__(self, rule: str):
        super().__init__(f"rule {rule} holds more than {MOST_LISTED:,} alpha matches, "
                         "partial matches and activations: too many to list")
        self.rule = rule


class PastTheTotal(TooManyListed):
    """Every rule's network: the rules listed before this one hold so much that it
    would take the listing past :data:`MOST_LISTED` in all."""


#: while every rule's network is made: how much more it may list ([count])
_LEFT: contextvars.ContextVar[list | None] = contextvars.ContextVar("network_left",
                                                                      default=None)


def too_many_listed(rule: str, counts: tuple) -> None:
    """TooManyListed if a rule holds more than :data:`MOST_LISTED` to list, or
    PastTheTotal if every rule's listing would hold more than that in all."""
    held, left = sum(counts), _LEFT.get()
    if held > MOST_LISTED:
        raise TooManyListed(rule)
    if left is not None:
        if held > left[0]:
            raise PastTheTotal(rule)
        left[0] -= held


class LayoutMismatch(Exception):
    """The engine's nodes or listing do not follow the rule's conditions."""


@dataclass(frozen=True)
class Node:
    """One node: ``kind`` alpha, join, not, exists, forall or terminal; ``label`` the
    pattern as written (alpha), CLIPS's CEs label (``1 - 2``, ``1 (P1) , 2 (P2 - P3)``)
    or the rule's name (terminal); ``inputs`` the ids of the nodes feeding it, the
    left one first."""

    id: str
    kind: str
    label: str
    inputs: tuple[str, ...] = ()
    facts: tuple[int, ...] = ()        # alpha: the facts in its memory
    tokens: tuple[Row, ...] = ()       # join: its partial matches; terminal: activations
    pattern: int = 0                   # alpha: CLIPS's pattern number

    @property
    def count(self) -> int:
        return len(self.facts) if self.kind == "alpha" else len(self.tokens)

    def items(self) -> list[str]:
        """What it holds as text: ``f-3``, or a token as ``f-1,*``."""
        return (["*" if i is None else f"f-{i}" for i in self.facts] if self.kind == "alpha"
                else [ids_text(t) for t in self.tokens])

    def to_json(self, most: int | None = None) -> dict:
        """As JSON; at most ``most`` facts or tokens listed (``count`` is all of them,
        ``cut`` says some were left out)."""
        facts, tokens = list(self.facts[:most]), [list(t) for t in self.tokens[:most]]
        out = {"id": self.id, "kind": self.kind, "label": self.label,
               "inputs": list(self.inputs), "count": self.count,
               "cut": len(facts) + len(tokens) < len(self.facts) + len(self.tokens)}
        if self.kind == "alpha":
            out.update(facts=facts, pattern=self.pattern)
        else:
            out["tokens"] = tokens
        return out


@dataclass(frozen=True)
class RuleNet:
    """One rule's nodes, in CLIPS's order: the alpha nodes, the joins, the terminal.
    ``listed``: laid out from CLIPS's listing alone (its conditions could not be
    followed), as one chain of plain joins."""

    rule: str
    nodes: tuple[Node, ...]
    listed: bool = False

    def node(self, node_id: str) -> Node:
        return next(n for n in self.nodes if n.id == node_id)

    def to_json(self, most: int | None = None) -> dict:
        return {"rule": self.rule, "listed": self.listed,
                "nodes": [n.to_json(most) for n in self.nodes]}


@dataclass(frozen=True)
class Network:
    """The networks of some rules (``network`` alone: every rule's); ``too_many``: the
    rules left out, each holding more than :data:`MOST_LISTED` to list; ``left_out``:
    those that would take the listing past it in all (each can be listed alone)."""

    rules: tuple[RuleNet, ...] = ()
    too_many: tuple[str, ...] = ()
    left_out: tuple[str, ...] = ()

    def rule(self, name: str) -> RuleNet:
        return next(r for r in self.rules if r.rule == name)

    def to_json(self, most: int | None = None) -> dict:
        return {"rules": [r.to_json(most) for r in self.rules],
                "too_many": list(self.too_many), "left_out": list(self.left_out)}


def every_network(rule_network, names) -> Network:
    """The network of each rule named (``rule_network(name)`` makes one); a rule holding
    too much to list is named in ``too_many`` instead, one past :data:`MOST_LISTED`
    for all of them together in ``left_out``."""
    nets, too_many, left_out = [], [], []
    token = _LEFT.set([MOST_LISTED])
    try:
        for name in names:
            try:
                nets.append(rule_network(name))
            except PastTheTotal:
                left_out.append(name)
            except TooManyListed:
                too_many.append(name)
    finally:
        _LEFT.reset(token)
    return Network(tuple(nets), tuple(too_many), tuple(left_out))


# -- laying a rule out --------------------------------------------------------------------------

def join_label(spans: list[tuple[int, int]]) -> str:
    """CLIPS's label of a join from the CEs joined so far, each as its (first, last)
    pattern: ``1 - 3`` while every CE is one pattern, else runs of one-pattern CEs
    (``1 (P1) - 2 (P2)``) and groups (``3 (P3 - P4)``) between commas."""
    if all(a == b for a, b in spans):
        return f"1 - {len(spans)}"
    parts: list[str] = []
    run: list[tuple[int, int]] = []           # (CE number, pattern) of one-pattern CEs
    for ce, (a, b) in enumerate(spans, 1):
        if a == b:
            run.append((ce, a))
            continue
        parts += [_run(run)] if run else []
        run = []
        parts.append(f"{ce} (P{a} - P{b})")
    parts += [_run(run)] if run else []
    return " , ".join(parts)


def _run(run: list[tuple[int, int]]) -> str:
    (c1, p1), (c2, p2) = run[0], run[-1]
    return f"{c1} (P{p1})" if c1 == c2 else f"{c1} (P{p1}) - {c2} (P{p2})"


def group_inner(ce, node=None) -> list | None:
    """The CEs of a not/exists/forall's sub-network; None for a pattern, a test, or a
    not/exists of one join of its own (:func:`~pyengine.engine.rete.lhs.one_join`; the
    engine's ``node`` for it, where there is one, says which it made)."""
    if isinstance(ce, Forall):
        return flatten(ce.first) + [Not([And(flatten(ce.rest))])]
    if isinstance(ce, (Not, Exists)):
        inner = flatten(ce.ces)
        single = one_join(inner) if node is None else node.kind in ("not", "exists")
        return None if single else inner
    return None


def ce_kind(ce) -> str:
    return {Not: "not", Exists: "exists", Forall: "forall"}.get(type(ce), "join")


def _pairs(ces: list, nodes: list | None) -> list[tuple]:
    """Each CE but tests with the engine's node for it (None where it gives none)."""
    ces = [ce for ce in ces if not isinstance(ce, Test)]
    if nodes is None:
        return list(zip(ces, repeat(None)))
    if len(nodes) != len(ces):
        raise LayoutMismatch(f"{len(ces)} conditions, {len(nodes)} nodes")
    return list(zip(ces, nodes))


@dataclass
class _Layout:
    rule: str
    read: object
    nodes: list = field(default_factory=list)
    patterns: int = 0
    joins: int = 0

    def chain(self, ces, engine_nodes, spans, left, base):
        """Lay out CEs after those of ``spans`` (each CE's first and last pattern,
        counted from the disjunct's); the last node's id and the spans after. A test
        opening them has CLIPS's initial pattern before it (the engine's first node), as
        has a rule without conditions."""
        if not ces and not spans:
            return self.initial(None, spans, left, base, NO_PATTERN)
        if ces and isinstance(ces[0], Test):
            node = engine_nodes[0] if engine_nodes else None
            engine_nodes = engine_nodes[1:] if engine_nodes is not None else None
            left, spans = self.initial(node, spans, left, base)
        for ce, node in _pairs(ces, engine_nodes):
            inner = group_inner(ce, node)
            if inner is None:
                left, spans = self.single(ce, node, spans, left, base)
            else:
                first = self.patterns + 1
                sub = self.read.inner(node) if node is not None else None
                last, _ = self.chain(inner, sub, spans, left, base)
                spans = spans + [(first - base, self.patterns - base)]
                left = self.join(ce_kind(ce), spans, (left, last), node)
        return left, spans

    def initial(self, node, spans, left, base, label=INITIAL):
        """CLIPS's initial pattern: a rule's first (``*``, no join), or a group's (no
        match listed, joined to the token the group starts from)."""
        self.patterns += 1
        n = self.patterns
        opening = not spans             # its "*" stands where its tests passed, as CLIPS's
        shown = (None,) if opening and (label == NO_PATTERN or self.read.opened(n, node)) \
            else ()
        alpha = Node(f"{self.rule}/p{n}", "alpha", label if opening else GROUP_INITIAL,
                     facts=shown, pattern=n)
        self.nodes.append(alpha)
        spans = spans + [(n - base, n - base)]
        if opening:
            return alpha.id, spans
        return self.join("join", spans, (left, alpha.id), node), spans

    def single(self, ce, node, spans, left, base):
        pattern = ce if isinstance(ce, Pattern) else flatten(ce.ces)[0]
        self.patterns += 1
        n = self.patterns
        alpha = Node(f"{self.rule}/p{n}", "alpha", pattern.text,
                     facts=tuple(self.read.facts(n, node)), pattern=n)
        self.nodes.append(alpha)
        spans = spans + [(n - base, n - base)]
        if len(spans) == 1:
            return alpha.id, spans
        return self.join(ce_kind(ce), spans, (left, alpha.id), node), spans

    def join(self, kind: str, spans, inputs, node) -> str:
        self.joins += 1
        k = self.joins
        rows = tuple(self.read.rows(k, node))
        self.nodes.append(Node(f"{self.rule}/j{k}", kind, join_label(spans),
                               tuple(i for i in inputs if i), tokens=rows))
        return self.nodes[-1].id


def layout(rule: str, branches: list[tuple[list, list | None]], read) -> RuleNet:
    """The rule's nodes: ``branches`` holds each disjunct's CEs (``and`` opened) with
    the engine's node per CE but tests (None: the reader needs none). The alpha nodes
    come first, then the joins, then the terminal."""
    lay = _Layout(rule, read)
    ends: list[str] = []
    for ces, engine_nodes in branches:
        last, _ = lay.chain(ces, engine_nodes, [], None, lay.patterns)
        if last is not None and last not in ends:
            ends.append(last)
    alphas = [n for n in lay.nodes if n.kind == "alpha"]
    joins = [n for n in lay.nodes if n.kind != "alpha"]
    terminal = Node(f"{rule}/t", "terminal", rule, tuple(ends),
                    tokens=tuple(read.activations()))
    return RuleNet(rule, tuple(alphas + joins + [terminal]))


def listed(matches) -> RuleNet:
    """A rule's nodes from a :class:`~pyengine.engine.records.Matches` alone: its
    patterns, then its joins as one chain of plain joins (the first fed by the first
    two patterns, each next by the one before and the next pattern), the terminal."""
    rule = matches.rule
    alphas = [Node(f"{rule}/p{n}", "alpha", p.source, facts=tuple(sorted(set(p.facts))),
                   pattern=n) for n, p in enumerate(matches.patterns, 1)]
    ids = [a.id for a in alphas]
    joins, left = [], ids[0] if ids else None
    for k, join in enumerate(matches.joins or [], 1):
        right = ids[k] if k < len(ids) else None
        joins.append(Node(f"{rule}/j{k}", "join", join.label,
                          tuple(i for i in (left, right) if i), tokens=sorted_rows(join.rows)))
        left = joins[-1].id
    rows = matches.activation_rows if matches.activation_rows is not None \
        else matches.activations
    terminal = Node(f"{rule}/t", "terminal", rule, (left,) if left else (),
                    tokens=sorted_rows(rows))
    return RuleNet(rule, tuple(alphas + joins + [terminal]), listed=True)


def sorted_rows(rows) -> tuple[Row, ...]:
    """Tokens once each, in fact-id order (a ``*`` first)."""
    return tuple(sorted(set(map(tuple, rows)),
                        key=lambda r: tuple(-1 if i is None else i for i in r)))


# -- the text form ---------------------------------------------------------------------------

_NAMES = {"alpha": "pattern"}
_HOLDS = {"alpha": ("fact", None), "terminal": ("activation", None)}


def network_lines(net: RuleNet, most: int = MOST_SHOWN) -> list[str]:
    """``network RULE``: each node, its id, kind and label, where its inputs come from,
    then what it holds (the first ``most`` items)."""
    lines = [f"Network of {net.rule}" + (" (as CLIPS lists it)" if net.listed else "")]
    short = {n.id: n.id.rsplit("/", 1)[-1] for n in net.nodes}
    for node in net.nodes:
        head = f"{short[node.id]:<4} {_NAMES.get(node.kind, node.kind)}"
        if node.kind == "alpha":
            head += f" {node.label}"
        elif node.kind != "terminal":
            head += f" (CEs {node.label})"
        if node.inputs:
            head += " <- " + ", ".join(short.get(i, i) for i in node.inputs)
        lines += [head, "       " + _held(node, most)]
    return lines


def _held(node: Node, most: int) -> str:
    """``3 facts: f-1 f-2 f-3``, ``no partial matches``."""
    word, many = _HOLDS.get(node.kind, ("partial match", "partial matches"))
    items = node.items()
    if not items:
        return "no " + (many or word + "s")
    more = f" ... ({len(items) - most} more)" if len(items) > most else ""
    return f"{plural(len(items), word, many)}: {' '.join(items[:most])}{more}"


def summary_lines(net: Network) -> list[str]:
    """``network`` alone: one line per rule, the count each node holds."""
    if not net.rules and not net.too_many and not net.left_out:
        return ["no rules"]
    width = max(len(name) for name in
                [r.rule for r in net.rules] + list(net.too_many) + list(net.left_out))
    out = [f"{name:<{width}}  holds more than {MOST_LISTED:,}: too many to list"
           for name in net.too_many]
    out += [f"{name:<{width}}  left out: the rules listed hold {MOST_LISTED:,} in all "
            f"(network {name} lists it alone)" for name in net.left_out]
    for r in net.rules:
        alphas = " ".join(str(n.count) for n in r.nodes if n.kind == "alpha") or "-"
        joins = " ".join(str(n.count) + ("" if n.kind == "join" else f"({n.kind})")
                         for n in r.nodes if n.kind not in ("alpha", "terminal")) or "-"
        out.append(f"{r.rule:<{width}}  patterns {alphas}  joins {joins}  "
                   f"activations {r.nodes[-1].count}")
    return out
