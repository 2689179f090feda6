"""Reading an experta engine for the inspector: a rule's matches from its RETE
memories (as CLIPS's ``(matches RULE)`` shows them), its fact classes, its values.

experta builds one join per pattern after the first: an ``OrdinaryMatchNode`` (or a
``NotNode`` for a negated pattern) whose right memory holds the pattern's matches
and whose left memory holds the partial matches of the patterns before it; a
``WhereNode`` for a ``TEST``; a ``ConflictSetNode`` holding the activations.
"""
from __future__ import annotations

import inspect
import re
import textwrap

from pyengine.engine.compat import experta  # noqa: F401
from pyengine.engine.experta_patterns import _assign, _branches, _fits, _slots, rule_name
from pyengine.engine.session import JoinMatch, Matches, PatternMatch

from experta import KnowledgeEngine  # noqa: E402
from experta.conditionalelement import NOT, TEST  # noqa: E402
from experta.fact import InitialFact  # noqa: E402
from experta.matchers.rete.nodes import (  # noqa: E402
    ConflictSetNode, NotNode, OrdinaryMatchNode, WhereNode)


def _ids(data) -> tuple[int, ...]:
    return tuple(sorted(f["__factid__"] for f in data if not isinstance(f, InitialFact)))


def _edges(root) -> dict[int, list]:
    """id(node) -> [(parent, side)] over the whole network; side is the name of
    the callback ("activate", "activate_left", "activate_right")."""
    parents: dict[int, list] = {}
    seen: set[int] = set()
    todo = [root]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for child in node.children:
            side = getattr(child.callback, "__name__", "")
            parents.setdefault(id(child.node), []).append((node, side))
            todo.append(child.node)
    return parents


def _chain(csn, parents) -> list:
    """The beta nodes from the rule's first join to its last."""
    chain = []
    node = parents.get(id(csn), [(None, "")])[0][0]
    while isinstance(node, (OrdinaryMatchNode, NotNode, WhereNode)):
        chain.append(node)
        ups = parents.get(id(node), [])
        left = [p for p, side in ups if side in ("activate_left", "activate")]
        node = left[0] if left else None
    return chain[::-1]


def _left(node) -> list:
    """The tokens a join holds on its left (the partial matches before it); a
    NotNode keeps them as the keys of a dict."""
    return list(node.left_memory)


def _outputs(chain: list, i: int, csn) -> list:
    """The tokens of the partial matches after join ``i``."""
    for node in chain[i + 1:]:
        if isinstance(node, (OrdinaryMatchNode, NotNode)):
            return _left(node)
    return list(csn.memory)


def _rows(tokens, slots: list) -> dict[tuple, tuple[int, ...]]:
    """Each token's facts in pattern order, None for a NOT (CLIPS's ``*``), each fact
    placed by its pattern's bindings -> its fact ids (sorted, as ``partials`` keeps
    them); two tokens on the same facts in other places are two rows."""
    out: dict[tuple, tuple[int, ...]] = {}
    for t in tokens:
        ids = _ids(t.data)
        facts = sorted((f for f in t.data if not isinstance(f, InitialFact)),
                       key=lambda f: f["__factid__"])
        ctx = dict(t.context)
        row = (_assign(slots, facts, ctx) or _place(slots, facts, ctx)) if slots else None
        out.setdefault(ids if row is None else tuple(
            None if f is None else f["__factid__"] for f in row), ids)
    return dict(sorted(out.items(), key=lambda kv: (kv[1], [i or 0 for i in kv[0]])))


def _place(slots: list, facts: list, ctx: dict) -> list | None:
    """Each pattern's fact by its bindings, a fact filling two patterns allowed (a
    token holds it once; CLIPS lists it twice); None if a pattern has none."""
    row = []
    for p in slots:
        fits = [f for f in facts if _fits(p, f, ctx)] if p is not None else [None]
        if not fits:
            return None
        row.append(fits[0])
    return row


def matches(ke: KnowledgeEngine, name: str, rule) -> Matches:
    """The matches of ``rule`` (an experta Rule of ``ke``), from the network: each
    pattern's facts, the joins' partial matches and the activations still on the agenda
    (rows in pattern order, a NOT as None)."""
    matcher = ke.matcher
    func = getattr(rule, "_wrapped", None)
    csn = next((n for n in matcher._get_conflict_set_nodes()
                if n.rule is rule or getattr(n.rule, "_wrapped", None) is func), None)
    labels = pattern_labels(rule)
    slots = _slots(_branches(rule)[0])
    waiting = {_ids(a.facts) for a in ke.agenda.activations if rule_name(a) == name}
    acts = {row: ids for row, ids in _rows(csn.memory if csn else [], slots).items()
            if ids in waiting}
    if csn is None:
        return Matches(name, [PatternMatch(label, []) for label in labels], [],
                       _distinct(acts.values()), [], list(acts))
    chain = _chain(csn, _edges(matcher.root_node))
    pattern_facts: list[list[int]] = []
    partials: list[dict] = []
    for i, node in enumerate(chain):
        if isinstance(node, WhereNode):
            continue
        if not pattern_facts:           # the first join's left side is pattern 0
            first = _rows(_left(node), slots[:1])
            pattern_facts.append(sorted({fid for ids in first for fid in ids}))
            partials.append(first)
        right = sorted({fid for t in node.right_memory for fid in _ids(t.data)})
        pattern_facts.append(right)
        partials.append(_rows(_outputs(chain, i, csn), slots[:len(pattern_facts)]))
    if not chain:                       # one pattern: its matches are the activations
        pattern_facts = [sorted({fid for ids in acts.values() for fid in ids})]
        partials = [acts]
    hidden = len(pattern_facts) - len(labels)
    if hidden == 1:                     # the (initial-fact) experta put first
        pattern_facts, partials = pattern_facts[1:], partials[1:]
    elif hidden:
        labels = [f"pattern {n}" for n in range(1, len(pattern_facts) + 1)]
    joins = [JoinMatch(f"1 - {k}", list(rows)) for k, rows in enumerate(partials[1:], 2)]
    return Matches(name, [PatternMatch(label, facts) for label, facts
                          in zip(labels, pattern_facts)],
                   [_distinct(p.values()) for p in partials], _distinct(acts.values()),
                   joins, list(acts))


def _distinct(ids) -> list[tuple[int, ...]]:
    return sorted(set(ids))


def pattern_labels(rule) -> list[str]:
    """One label per pattern of the rule (TESTs have none): its text in the
    ``@Rule(...)`` decorator as written, else experta's rendering."""
    ces = [ce for ce in rule if not isinstance(ce, TEST)]
    written = _decorator_args(rule)
    if written is not None and len(written) == len(list(rule)):
        return [text for ce, text in zip(rule, written) if not isinstance(ce, TEST)]
    return [("NOT(" + repr(ce[0]) + ")") if isinstance(ce, NOT) else repr(ce) for ce in ces]


def _decorator_args(rule) -> list[str] | None:
    """The positional arguments of the rule's ``@Rule(...)`` as written."""
    try:
        source = textwrap.dedent(inspect.getsource(rule._wrapped))
    except (OSError, TypeError, AttributeError):
        return None
    m = re.search(r"@\w*\.?Rule\(", source)
    if not m:
        return None
    args, depth, current, i = [], 0, "", m.end()
    quote = ""
    while i < len(source):
        c = source[i]
        if quote:
            current += c
            if c == quote:
                quote = ""
        elif c in "'\"":
            quote, current = c, current + c
        elif c in "([{":
            depth, current = depth + 1, current + c
        elif c in ")]}":
            if depth == 0:
                args.append(current)
                break
            depth, current = depth - 1, current + c
        elif c == "," and depth == 0:
            args.append(current)
            current = ""
        else:
            current += c
        i += 1
    args = [" ".join(a.split()) for a in args]
    return [a for a in args if a and not re.match(r"\w+\s*=", a)]


def rule_source(name: str, rule) -> str:
    """One rule's source as written, with the comment just above it."""
    func = rule._wrapped
    try:
        text = textwrap.dedent(inspect.getsource(func)).rstrip()
    except (OSError, TypeError):
        return f"{name}: {rule!r}"
    comments = inspect.getcomments(func)
    return textwrap.dedent(comments).rstrip() + "\n" + text if comments else text


def templates(classes: dict[str, type]) -> list[str]:
    """Each fact class's definition, as written when its source can be found."""
    out = []
    for name, cls in sorted(classes.items()):
        try:
            out.append(textwrap.dedent(inspect.getsource(cls)).rstrip())
        except (OSError, TypeError):
            bases = ", ".join(b.__name__ for b in cls.__bases__)
            out.append(f"class {cls.__name__}({bases})  # ({name} ...)")
    return out


_ENGINE_ATTRS = set(vars(KnowledgeEngine()))


def engine_values(ke: KnowledgeEngine, services: dict) -> dict[str, str]:
    """What the rules can read as ``self.NAME``: the engine's own attributes and the
    services handed to it, each as (shortened) text."""
    out = {}
    for name, value in sorted(vars(ke).items()):
        if name.startswith("_") or name in _ENGINE_ATTRS or name == "read_line":
            continue
        if callable(value) and name not in services:
            continue
        text = repr(value)
        out[name] = text if len(text) <= 200 else text[:197] + "..."
    return out
