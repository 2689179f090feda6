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
from pyengine.engine.experta_network import held, inner_chain
from pyengine.engine.network import GROUP_INITIAL, INITIAL, NO_PATTERN, too_many_listed
from pyengine.engine.rete.groups import SubResult
from pyengine.engine.rete.joins import InitialTestJoin
from pyengine.engine.rete.program_pretty import pretty_construct
from pyengine.engine.rete.lhs import Exists, Forall, Not, Test, disjuncts, flatten, one_join
from pyengine.engine.session import JoinMatch, Matches, PatternMatch

from experta import KnowledgeEngine  # noqa: E402
from experta.conditionalelement import NOT, TEST  # noqa: E402

_GROUPS = ("not-and", "exists-and")
_SHOWN = ("join", "not", "exists") + _GROUPS


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
    """The matches of one rule, from the network, in the sections and order of CLIPS's
    ``(matches RULE)``: each pattern's facts (those inside a ``not``/``exists`` over
    several CEs and a ``forall`` too, numbered on; an ``or``'s alternatives one after
    the other), each join's partial matches (a group's inner joins, then its result
    ``1 (P1) , 2 (P2 - P3)``), the activations on the agenda."""
    terminals = sorted(rete.terminals[spec.name], key=lambda t: t.disjunct)
    too_many_listed(spec.name, held(rete, terminals))
    branches = disjuncts(spec.ces)
    walk, groups = _Walk(rete), []
    for terminal in terminals:
        labels = rule_labels(spec) if len(branches) == 1 else _labels(branches[terminal.disjunct])
        before = len(walk.patterns), len(walk.joins)
        walk.disjunct(_chain(terminal), labels, terminal)
        groups.append((len(walk.patterns) - before[0], len(walk.joins) - before[1]))
    acts = [act for terminal in terminals for act in terminal.memory.values()
            if act is not None]         # listed as CLIPS lists them: in agenda order
    place = {id(a): i for i, a in enumerate(rete.agenda.activations(acts[0].module))} \
        if acts else {}
    acts.sort(key=lambda a: place.get(id(a), len(place)))
    waiting = [a.token for a in acts]
    if not walk.patterns:           # a rule without conditions: CLIPS's initial pattern
        walk.patterns, walk.partials = [PatternMatch(NO_PATTERN, [None])], [[()]]
    return Matches(spec.name, walk.patterns, walk.partials, sorted({_ids(t) for t in waiting}),
                   walk.joins, [_row(t) for t in waiting],
                   tuple(groups) if len(groups) > 1 else None)


def _groups(chain: list) -> list[list]:
    """The chain's nodes, each pattern's (or group's) join with the tests after it."""
    groups: list[list] = []
    for node in chain:
        if node.kind in _SHOWN or not groups:
            groups.append([node])
        else:
            groups[-1].append(node)
    return groups


class _Walk:
    """Goes down a rule's chain (and into its groups' sub-networks) making the
    sections of CLIPS's listing. A fact matching a pattern in several ways (``$?``
    splits) is listed once per way, as CLIPS lists it."""

    def __init__(self, rete):
        self.rete = rete
        self.labels: list[str] = []
        self.patterns: list[PatternMatch] = []
        self.partials: list[list] = []
        self.joins: list[JoinMatch] = []
        self.entries: list[tuple[int, int]] = []    # the CEs so far: (first, last) pattern
        self.before = 0                             # the patterns of earlier alternatives
        self.offset = 0                             # 1 past CLIPS's initial pattern

    def disjunct(self, chain: list, labels: list[str], terminal) -> None:
        """One alternative of the rule (its patterns numbered on, its CEs from 1)."""
        self.labels, self.entries, self.before = labels, [], len(self.patterns)
        self.offset = 0
        groups = _groups(chain)
        for group, after in zip(groups, [g[0] for g in groups[1:]] + [terminal]):
            self._condition(group, after)

    def _condition(self, group: list, after=None) -> None:
        """A pattern, or a group: its own patterns and inner joins, then its result
        (``after``: the join its partial matches enter, whose memory CLIPS lists)."""
        node, base = group[0], len(self.entries)
        first = len(self.patterns) - self.before + 1
        if node.kind in _GROUPS:
            inner = _groups(inner_chain(self.rete, node, tests=True))
            for part, into in zip(inner, [g[0] for g in inner[1:]] + [node.right]):
                self._condition(part, into)
            del self.entries[base:]
            self.entries.append((first, len(self.patterns) - self.before))
            self._section(group[-1], after)
            return
        k = len(self.patterns) - self.before
        if isinstance(node, InitialTestJoin):   # CLIPS's initial pattern: a rule's "*";
            opening = not self.entries          # a group's lists no match (" None")
            self.patterns.append(PatternMatch(INITIAL if opening else GROUP_INITIAL,
                                              [None] if opening and node.out else []))
            self.partials.append([()])
            self.entries.append((first, first))
            self.offset += 1                    # no label of the rule's own for it
            if not opening:
                self._section(group[-1], after)
            return
        k -= self.offset
        alpha = node.right if node.kind in ("join", "not", "exists") else None
        facts = [am.fact["__factid__"] for bucket in alpha.memory.values()     # CLIPS's
                 for am in bucket] if alpha is not None else []   # order: one group a key
        self.patterns.append(PatternMatch(self.labels[k] if k < len(self.labels)
                                          else f"pattern {k + 1}", facts))
        self.partials.append(sorted({_ids(t) for t in group[-1].out}))
        self.entries.append((first, first))
        if first > 1:
            self._section(group[-1], after)

    def _label(self) -> str:
        """CLIPS's label: ``1 - 3`` while every CE is one pattern, else each CE with
        its patterns, a run of one-pattern CEs as ``2 (P3) - 4 (P5)``."""
        entries = self.entries
        if all(a == b for a, b in entries):
            return f"1 - {len(entries)}"
        parts, i = [], 0
        while i < len(entries):
            a, b = entries[i]
            j = i
            while a == b and j + 1 < len(entries) and entries[j + 1][0] == entries[j + 1][1]:
                j += 1
            if j > i:
                parts.append(f"{i + 1} (P{a}) - {j + 1} (P{entries[j][0]})")
            else:
                parts.append(f"{i + 1} (P{a})" if a == b else f"{i + 1} (P{a} - P{b})")
            i = j + 1
        return " , ".join(parts)

    def _entry(self, node):
        """The join a token enters a group through: its sub-network's first (CLIPS lists
        the tokens before a group from that join's memory, not the group's own)."""
        while getattr(node, "kind", None) in _GROUPS:
            node = inner_chain(self.rete, node, tests=True)[0]
        return node

    def _section(self, node, after) -> None:
        """The partial matches ``node`` made, as CLIPS lists the memory of the join they
        enter (``after``, or the first of its sub-network; one opening with CLIPS's
        initial pattern keeps them in one bucket, newest first: as here without one)."""
        after = self._entry(after)
        if isinstance(after, SubResult):
            tokens = after.listing(node.out)
        elif (getattr(after, "table", None) is not None and after.parent is node
              and not isinstance(after, InitialTestJoin)):
            tokens = after.table.listed(after.key_of)
        else:
            tokens = reversed(node.out)
        self.joins.append(JoinMatch(self._label(), [_row(t) for t in tokens]))


def rule_labels(spec) -> list[str]:
    """One label per pattern, ``not`` or ``exists``: as written."""
    origin = spec.origin
    if isinstance(origin, tuple) and hasattr(origin, "_wrapped"):
        return pattern_labels(origin)
    return _labels(spec.ces)


def _labels(ces: list) -> list[str]:
    """The labels of a CLIPS rule's patterns: a ``not``/``exists`` of one pattern as
    written, the patterns inside a group or a ``forall`` one by one (as CLIPS numbers
    them)."""
    out: list[str] = []
    for ce in flatten(ces):
        if isinstance(ce, Test):
            continue
        if isinstance(ce, Forall):
            out += _labels(ce.first + ce.rest)
        elif isinstance(ce, (Not, Exists)) and (not one_join(flatten(ce.ces))
                                                or not getattr(ce, "text", "")):
            out += _labels(ce.ces)      # a group, or a not a forall makes: its pattern
        else:
            out.append(getattr(ce, "text", "") or type(ce).__name__.lower())
    return out


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


def templates(session) -> list[str]:
    """A .clp program's deftemplates as CLIPS shows them (its pretty-print on one line,
    in the order defined: they showed as Python classes); a Python rule file's fact
    classes, each as written when its source can be found."""
    program = getattr(session.ke, "program", None)
    if program is not None:
        return [" ".join(line.strip() for line in pretty_construct(
                    program, "deftemplate", f"{module}::{name}").split("\n"))
                for kind, module, name in program.defined if kind == "deftemplate"]
    out = []
    for name, cls in sorted(session.classes.items()):
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
