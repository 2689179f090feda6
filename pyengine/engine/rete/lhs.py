"""The rule language both front ends compile to: what a rule's left-hand side says.

A CLIPS ``defrule`` (read by :mod:`pyengine.engine.rete.from_clips`) and an experta
``@Rule`` (read by :mod:`pyengine.engine.rete.from_experta`) both become a
:class:`RuleSpec`: a name, a salience, a list of conditional elements and an action.
The network builder (:mod:`pyengine.engine.rete.builder`) turns the conditions into
pattern-network tests and joins, as CLIPS 6.4 does.

Conditional elements (CEs):

* :class:`Pattern` -- one fact: its template, the constraints on its slots, and
  the variable the fact's address is bound to (``?f <-``, experta's ``AS.f <<``);
* :class:`Not`, :class:`Exists` -- no fact / at least one fact matching the CEs
  inside (which may use variables bound before them);
* :class:`Forall` -- ``(forall A B...)``: for every match of A, B... match too,
  read as CLIPS does: ``(not (and A (not (and B...))))``;
* :class:`Test` -- a condition on variables bound before it;
* :class:`Or`, :class:`And` -- alternatives (the rule is split into disjuncts) and
  groups.

Constraints on one field (:class:`Const`, :class:`Var`, :class:`Pred`,
:class:`Ret`, :class:`NotC`, :class:`AndC`, :class:`OrC`) follow CLIPS's connective
constraints ``?x&~red|blue&:(> ?x 2)``; :class:`Elem` is one place of a slot, a
single field or (``multi``) a multifield ``$?``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from pyengine.engine.clips_reader import ReadError, tokens


# -- field constraints ------------------------------------------------------------------------
@dataclass(frozen=True)
class Const:
    """The field holds this value (``red``, ``3``; experta ``L(3)`` or a plain value)."""
    value: object

    def key(self):
        return ("const", type(self.value).__name__, self.value)


@dataclass(frozen=True)
class Var:
    """``?x``: binds the variable where it first appears, compares with it after."""
    name: str


@dataclass(frozen=True)
class Pred:
    """``:(...)``: a call on variables that must not be false (experta ``P(f)``: ``f``
    called with the field's value). ``uses`` are the variables it reads; ``code`` tells
    two predicates apart for sharing (the CLIPS text, or the function's identity)."""
    fn: Callable
    uses: tuple[str, ...]
    code: object
    on_value: bool = False      # experta P(f): f(value), not f(**variables)
    weight: int = 1             # what it adds to the rule's specificity
    shape: object = None        # ``code`` with its variables numbered in ``uses`` order


@dataclass(frozen=True)
class Ret:
    """``=(...)``: the field equals the call's value."""
    fn: Callable
    uses: tuple[str, ...]
    code: object
    shape: object = None


@dataclass(frozen=True)
class NotC:
    """``~c``."""
    inner: object


@dataclass(frozen=True)
class Skipped:
    """A part of a field that CLIPS 6.4 reads but never tests: beside a constant, a
    test on the fact's own values (``0&:(> ?k 1)``; see ``from_clips.LhsReader.hashed``).
    It counts in the rule's specificity, as written; no node tests it."""
    inner: object


@dataclass(frozen=True)
class AndC:
    """``c1&c2``."""
    parts: tuple


@dataclass(frozen=True)
class OrC:
    """``c1|c2``."""
    parts: tuple


@dataclass(frozen=True)
class Elem:
    """One place in a slot: a single field, or (``multi``) a multifield of any length.
    ``constraint`` None is a wildcard (``?``, ``$?``)."""
    constraint: object = None
    multi: bool = False


@dataclass(frozen=True)
class Slot:
    """The constraints on one slot: ``elems`` in order for a multislot (or an
    ordered fact's fields), one Elem for a single slot. ``key`` is how the fact is
    read (the slot's name, or a field's position in an experta positional fact)."""
    key: object
    elems: tuple
    multislot: bool = False


# -- conditional elements ---------------------------------------------------------------------
@dataclass
class Pattern:
    """One fact: its template (the fact class or the CLIPS template), its slots'
    constraints, the variable bound to the fact, and how the fact is read:
    ``ordered`` (a CLIPS ordered fact: one implied multislot, fields counted),
    ``keyed`` (experta: every named key must be present)."""
    template: object
    slots: tuple
    address: str | None = None
    ordered: bool = False
    keyed: bool = False
    text: str = ""


@dataclass
class Not:
    ces: list
    text: str = ""          # as written (the inspector's label)


@dataclass
class Exists:
    ces: list
    text: str = ""


@dataclass
class Forall:
    first: list
    rest: list
    text: str = ""


@dataclass
class Test:
    """A condition: ``fn(**{name: value for name in uses})`` (or fn(frame) for CLIPS)."""
    fn: Callable
    uses: tuple[str, ...]
    code: object
    text: str = ""
    weight: int = 1             # what it adds to the rule's specificity
    shape: object = None        # ``code`` with its variables numbered in ``uses`` order


@dataclass
class Or:
    branches: list           # each a list of CEs
    text: str = ""


@dataclass
class And:
    ces: list
    text: str = ""


@dataclass
class RuleSpec:
    """A rule as the network builder takes it."""
    name: str
    ces: list
    action: Callable                        # action(activation_context) -> None
    salience: object = 0                    # an int, or fn(variables) -> int
    salience_expr: object = None            # CLIPS: fn() -> int or None (an error
    # said), the (declare (salience ...)) expression evaluated again
    # (agenda.reckoned_salience)
    module: str = "MAIN"
    auto_focus: bool = False
    logical: int = 0                        # the first n CEs are (logical ...)
    source: str = ""
    origin: object = None                   # the experta Rule or the CLIPS form
    specificity: list = field(default_factory=list)   # per disjunct, as CLIPS counts it


#: Most alternatives the ``or`` s of one rule (or of one ``not``) may make: each is a
#: rule of its own in the network, and twenty ``or`` s of two make a million.
MAX_ALTERNATIVES = 1_000


class TooManyAlternatives(ValueError):
    """The ``or`` s would make more alternatives than :data:`MAX_ALTERNATIVES`."""

    def __init__(self) -> None:
        super().__init__(f"its or CEs make more than {MAX_ALTERNATIVES:,} alternatives "
                         "(each a rule of its own); split it")


def count_alternatives(ces: list) -> int:
    """How many alternatives the ``or`` s among ``ces`` make, counted without making
    them; :class:`TooManyAlternatives` past :data:`MAX_ALTERNATIVES`."""
    n = 1
    for ce in ces:
        if isinstance(ce, And):
            n *= count_alternatives(ce.ces)
        elif isinstance(ce, Or):
            n *= sum(count_alternatives(branch) for branch in ce.branches)
        if n > MAX_ALTERNATIVES:
            raise TooManyAlternatives()
    return n


#: Most conditional elements one alternative of a rule may hold, nested ones counted
#: (a partial match goes down the joins one call deeper each: Python's stack ends
#: near 330).
MAX_CONDITIONS = 200


def conditions(ces: list) -> int:
    """The conditional elements of the largest alternative, nested ones counted."""
    n = 0
    for ce in ces:
        if isinstance(ce, And):
            n += conditions(ce.ces)
        elif isinstance(ce, Or):
            n += max((conditions(b) for b in ce.branches), default=0)
        elif isinstance(ce, (Not, Exists)):     # over one pattern: one join
            single = len(ce.ces) == 1 and isinstance(ce.ces[0], Pattern)
            n += 1 if single else 1 + conditions(ce.ces)
        elif isinstance(ce, Forall):
            n += 1 + conditions(ce.first + ce.rest)
        else:
            n += 1
    return n


def disjuncts(ces: list) -> list[list]:
    """The rule's alternatives: an ``or`` anywhere at the top (or inside ``and``)
    splits the rule as CLIPS does, the first alternative first."""
    count_alternatives(ces)
    out: list[list] = [[]]
    for ce in ces:
        if isinstance(ce, And):
            options = disjuncts(ce.ces)
        elif isinstance(ce, Or):
            options = [d for branch in ce.branches for d in disjuncts(branch)]
        else:
            options = [[ce]]
        out = [done + more for done in out for more in options]
    return out


def one_join(inner: list, strict: bool = True) -> bool:
    """Is a ``not``/``exists`` over ``inner`` (flattened) one join of its own, not a
    sub-network: one pattern and, in a CLIPS program (``strict``), only tests after it,
    which CLIPS attaches to that pattern's join?"""
    return bool(inner) and isinstance(inner[0], Pattern) and (len(inner) == 1 or strict and all(
        isinstance(c, Test) for c in inner[1:]))


def flatten(ces: list) -> list:
    """``and`` groups opened (inside one disjunct)."""
    out: list = []
    for ce in ces:
        out += flatten(ce.ces) if isinstance(ce, And) else [ce]
    return out


def shape_of(call) -> object:
    """What tells a predicate, ``=()`` or test apart for sharing: its ``shape`` (its
    text with the variables numbered), else its ``code``."""
    return call.code if call.shape is None else call.shape


def constraint_leaves(c):
    """The variables (Var) and calls (Pred, Ret) of a field constraint, in order,
    through its ``~``, ``&`` and ``|``."""
    if isinstance(c, (Var, Pred, Ret)):
        yield c
    elif isinstance(c, (NotC, Skipped)):
        yield from constraint_leaves(c.inner)
    elif isinstance(c, (AndC, OrC)):
        for part in c.parts:
            yield from constraint_leaves(part)


def constraint_variables(c) -> tuple:
    """The variables a field constraint names (in order, once each)."""
    out: list = []
    for leaf in constraint_leaves(c):
        out.extend([leaf.name] if isinstance(leaf, Var) else leaf.uses)
    return tuple(dict.fromkeys(out))


def outer_references(ces: list, bound, inside: frozenset = frozenset()) -> list[str]:
    """The references a group's conditions make to variables bound before it, in the
    order CLIPS reads them: what it hashes a group's results on (its nand join's
    ``externalRightHash``, generate.c). A variable named in a pattern's field inside the
    group is the group's own from there on, but not past a not or a group that names it
    (what is named there stays there); until then each mention counts, a call's too.
    CLIPS reads a call's arguments last first (``GetvarReplace``), the calls of a field
    before its variable, and the tests after a pattern as one call."""
    out: list[str] = []
    inside = set(inside)
    flat = flatten(ces)
    i = 0
    while i < len(flat):
        ce = flat[i]
        i += 1
        if isinstance(ce, Test):
            tests = [ce]
            while i < len(flat) and isinstance(flat[i], Test):
                tests.append(flat[i])
                i += 1
            said = [name for t in tests for name in _mentions(t)]
            out += [name for name in reversed(said) if name in bound and name not in inside]
        elif isinstance(ce, Pattern):
            out += _pattern_references(ce, bound, inside)
        elif isinstance(ce, Forall):
            out += outer_references(ce.first + ce.rest, bound, frozenset(inside))
        elif isinstance(ce, (Not, Exists)):
            out += outer_references(ce.ces, bound, frozenset(inside))
        elif isinstance(ce, Or):
            for branch in ce.branches:
                out += outer_references(branch, bound, frozenset(inside))
    return out


def _mentions(call) -> list[str]:
    """Each variable a call (Pred, Ret, Test) names, in the order written, as often as
    written (its CLIPS text read; else its ``uses``)."""
    if isinstance(call.code, str):
        try:
            named = [t.value.name for t in tokens(call.code) if t.kind in ("variable",
                                                                          "mfvariable")]
            return [name for name in named if name in call.uses]
        except ReadError:
            pass
    return list(call.uses)


def _pattern_references(ce: Pattern, bound, inside: set) -> list[str]:
    """A pattern's mentions of variables bound before the group (see
    :func:`outer_references`); what its fields name joins ``inside``."""
    out: list[str] = []
    for slot in ce.slots:
        for elem in slot.elems:         # a field's calls first, its variables then (a
            leaves = list(constraint_leaves(elem.constraint))  # call naming the field's
            own = [x.name for x in leaves if isinstance(x, Var)]   # own is the field's)
            for call in leaves:
                if not isinstance(call, Var):
                    out += [name for name in reversed(_mentions(call))
                            if name in bound and name not in inside and name not in own]
            for name in own:
                if name in bound and name not in inside:
                    out.append(name)
                inside.add(name)
    return out
