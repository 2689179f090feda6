"""Reading a session on our engine for the inspector: a rule's matches from the
network's memories (as CLIPS's ``(matches RULE)`` shows them), its fact classes, its
values.

A rule is a chain of joins (:mod:`pyengine.engine.rete.joins`): each pattern's stop
node holds the facts that match it alone, and each join keeps the partial matches
it made, so the sections of CLIPS's listing are read off the chain directly.
"""
from __future__ import annotations

import inspect
import re
import textwrap

from pyengine.engine.compat import experta  # noqa: F401
from pyengine.engine.session import JoinMatch, Matches, PatternMatch

from experta import KnowledgeEngine  # noqa: E402
from experta.conditionalelement import NOT, TEST  # noqa: E402

_SHOWN = ("join", "not", "exists", "not-and", "exists-and")


def student_class(ke):
    """The class the student wrote (the session runs a subclass made for it)."""
    cls = type(ke)
    return cls.__dict__.get("_pyengine_student", cls)


def _chain(terminal) -> list:
    chain, node = [], terminal.parent
    while node is not None and getattr(node, "kind", "root") != "root":
        chain.append(node)
        node = node.parent
    return chain[::-1]


def _row(tok) -> tuple:
    return tuple(None if am is None else am.fact["__factid__"] for am in tok.ams)


def _ids(tok) -> tuple:
    return tuple(sorted(am.fact["__factid__"] for am in tok.ams if am is not None))


def matches(rete, spec) -> Matches:
    """The matches of one rule (its first alternative), from the network: each
    pattern's facts, each join's partial matches and the activations on the agenda."""
    terminal = spec.terminals[0]
    chain = _chain(terminal)
    groups: list[list] = []              # a pattern's join and the test joins after it
    for node in chain:
        if node.kind in _SHOWN or not groups:
            groups.append([node])
        else:
            groups[-1].append(node)
    labels = rule_labels(spec)
    patterns, partials, joins = [], [], []
    for k, group in enumerate(groups):
        first, last = group[0], group[-1]
        alpha = first.right if first.kind in ("join", "not", "exists") else None
        facts = sorted({am.fact["__factid__"] for bucket in alpha.memory.values()
                        for am in bucket}) if alpha is not None else []
        label = labels[k] if k < len(labels) else f"pattern {k + 1}"
        patterns.append(PatternMatch(label, facts))
        rows = list({_row(t): _ids(t) for t in reversed(last.out)}.items())   # newest first
        partials.append(sorted({ids for _, ids in rows}))
        if k:
            joins.append(JoinMatch(f"1 - {k + 1}", [row for row, _ in rows]))
    waiting = [t for t, act in terminal.memory.items() if act is not None]
    acts = list({_row(t): _ids(t) for t in reversed(waiting)}.items())
    return Matches(spec.name, patterns, partials, sorted({ids for _, ids in acts}), joins,
                   [row for row, _ in acts])


def rule_labels(spec) -> list[str]:
    """One label per pattern, ``not`` or ``exists``: as written."""
    origin = spec.origin
    if isinstance(origin, tuple) and hasattr(origin, "_wrapped"):
        return pattern_labels(origin)
    return [getattr(ce, "text", "") or type(ce).__name__.lower() for ce in spec.ces
            if type(ce).__name__ != "Test"]


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
    if isinstance(rule, str):
        return rule
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


ENGINE_ATTRS = set(vars(KnowledgeEngine()))     # what experta's own __init__ sets


def engine_values(ke: KnowledgeEngine, services: dict) -> dict[str, str]:
    """What the rules can read as ``self.NAME``: the engine's own attributes and the
    services handed to it, each as (shortened) text."""
    out = {}
    for name, value in sorted(vars(ke).items()):
        if name.startswith("_") or name in ENGINE_ATTRS or name == "read_line":
            continue
        if callable(value) and name not in services:
            continue
        text = repr(value)
        out[name] = text if len(text) <= 200 else text[:197] + "..."
    return out
