"""A CLIPS rule's Rete network (:mod:`pyengine.engine.network`), from what CLIPS says.

CLIPS's ``(matches RULE)`` lists exactly the network's memories: each pattern's alpha
memory, each join's partial matches, the activations. The nodes are laid out from the
rule's conditions, read from its source by our one CLIPS reader (nothing evaluated),
and filled from the listing's sections in order; each join's label must be the one
CLIPS printed. Where they differ (a construct the layout does not follow), the rule
is shown as CLIPS lists it (:func:`~pyengine.engine.network.listed`).
"""
from __future__ import annotations


from pyengine.engine.clips_inspect import parse_matches
from pyengine.engine.clips_reader import Form, ReadError, String, arrow_index, read
from pyengine.engine.network import LayoutMismatch, RuleNet, layout, listed, sorted_rows
from pyengine.engine.rete import lhs
from pyengine.engine.rete.clips_rewrites import (Addressed, existing, for_all, negated,
                                                 tests_folded, units)

_SKIPPED = ("declare",)


def rule_network(rule: str, text: str, source: str) -> RuleNet:
    """The network of ``rule``, from what CLIPS's ``(matches RULE)`` printed (``text``)
    and the rule's source."""
    ces = lhs_ces(source)
    matches = parse_matches(rule, text, source)
    if ces is None:
        return listed(matches)
    try:
        branches = [(lhs.flatten(d), None) for d in lhs.disjuncts(ces)]
        net = layout(rule, branches, ListingReader(matches))
    except LayoutMismatch:
        return listed(matches)
    joins = [n for n in net.nodes if n.kind not in ("alpha", "terminal")]
    alphas = [n for n in net.nodes if n.kind == "alpha"]
    if (len(alphas) != len(matches.patterns) or len(joins) != len(matches.joins or ())
            or any(n.label != j.label for n, j in zip(joins, matches.joins or ()))):
        return listed(matches)
    return net


class ListingReader:
    """The memories, section by section, from CLIPS's listing."""

    def __init__(self, matches):
        self.m = matches

    def facts(self, n: int, node) -> list[int]:
        if n > len(self.m.patterns):
            raise LayoutMismatch(f"no pattern {n} in CLIPS's listing")
        return sorted(set(self.m.patterns[n - 1].facts))

    def opened(self, n: int, node) -> bool:
        """Does CLIPS list the initial pattern's ``*`` (its opening tests passed)?"""
        return bool(self.facts(n, node))

    def rows(self, k: int, node) -> tuple:
        joins = self.m.joins or []
        if k > len(joins):
            raise LayoutMismatch(f"no join {k} in CLIPS's listing")
        return sorted_rows(joins[k - 1].rows)

    def inner(self, node) -> None:
        return None

    def activations(self) -> tuple:
        rows = self.m.activation_rows
        return sorted_rows(rows if rows is not None else self.m.activations)


def lhs_ces(source: str) -> list | None:
    """The conditions of the defrule in ``source`` as the rule language's CEs (patterns
    with their text only: nothing here is matched); None where there is no defrule."""
    try:
        forms = read(source)
    except ReadError:
        return None
    rule = next((f for f in forms if isinstance(f, Form) and f and f[0] == "defrule"), None)
    if rule is None:
        return None
    items = list(rule[2:])
    if items and isinstance(items[0], String):
        items = items[1:]                       # the rule's comment
    items = items[:arrow_index(items)]
    return _ces(items, source)


def _ces(items: list, source: str) -> list:
    out = []
    for item in units(items):
        if isinstance(item, Addressed):
            out.append(lhs.Pattern(None, (), address=item.var.name,
                                   text=f"?{item.var.name} <- {_text(item.pattern, source)}"))
        elif isinstance(item, Form) and item and item[0] == "logical":
            out += _ces(list(item[1:]), source)
        elif isinstance(item, Form) and item and item[0] not in _SKIPPED:
            out.append(_ce(item, source))
    return out


def _ce(item: Form, source: str):
    text = _text(item, source)
    item = tests_folded(item)               # a group of tests only: one test, as CLIPS
    head = str(item[0])
    inner = list(item[1:])
    if head == "test":
        return lhs.Test(None, (), None, text=text)
    if head == "not":
        return negated(_ces(inner, source), text)
    if head == "exists":
        return existing(_ces(inner, source), text)
    if head == "forall" and inner:
        return for_all(_ces(inner[:1], source), _ces(inner[1:], source), text)
    if head == "and":
        return lhs.And(_ces(inner, source), text)
    if head == "or":
        return lhs.Or([_ces([x], source) for x in units(inner)], text)
    return lhs.Pattern(None, (), text=text)


def _text(item, source: str) -> str:
    """The form as written, on one line (as our engine labels its patterns)."""
    start, end = getattr(item, "start", None), getattr(item, "end", None)
    if start is None or not source[start:end].startswith("("):
        return str(item)
    return " ".join(source[start:end].split())
