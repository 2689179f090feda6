"""How CLIPS 6.4 reads a rule's conditional elements before it builds their network,
for :mod:`pyengine.engine.rete.from_clips`: ``?f <- (pattern)`` read as one element
wherever elements are listed (an ``or``'s branches, an ``and``), every ``or`` moved up
out of the ``and``s around it (CLIPS's reorder.c), so that ``(not (or a b))`` is ``(not
a) (not b)`` and ``(exists (or a b))`` is ``(not (and (not a) (not b)))``, and nots
counted as reorder.c counts them (an exists is two): ``(not (not (not X)))`` and ``(not
(exists X))`` are ``(not X)``, ``(not (not X))`` is ``(exists X)``, a ``forall`` is the
nots it stands for, ``(not (test X))`` is a test, and so is a group of tests only
(:func:`tests_folded`). The network made is then
CLIPS's, and so are the order of its activations and the rows ``(matches)`` lists."""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.engine.clips_reader import (Form, ReadError, Symbol, Variable, arrow_index,
                                          make_form, read)
from pyengine.engine.rete.lhs import (MAX_ALTERNATIVES, And, Exists, Forall, Not, Or,
                                      TooManyAlternatives, count_alternatives, flatten,
                                      one_join)


@dataclass(frozen=True)
class Addressed:
    """``?f <- (pattern)``, read as one conditional element."""
    var: Variable
    pattern: object


def units(items) -> list:
    """The conditional elements of a list, each ``?f <- (pattern)`` as one
    :class:`Addressed`."""
    items, out, i = list(items), [], 0
    while i < len(items):
        item = items[i]
        if isinstance(item, Variable) and i + 2 < len(items) and items[i + 1] == "<-":
            out.append(Addressed(item, items[i + 2]))
            i += 3
        else:
            out.append(item)
            i += 1
    return out


def alternatives(ces: list) -> list[list] | None:
    """The conjunctions an ``or`` inside ``ces`` spreads them into, as CLIPS moves every
    ``or`` up to the rule (``a (or b c)`` is ``(or (a b) (a c))``); None if there is no
    ``or`` inside."""
    count_alternatives(ces)
    out: list[list] = [[]]
    found = False
    for ce in ces:
        if isinstance(ce, And):
            sub = alternatives(ce.ces)
        elif isinstance(ce, Or):
            sub = [alt for branch in ce.branches for alt in alternatives(branch) or [branch]]
        else:
            sub = None
        if sub is None:
            out = [o + [ce] for o in out]
        else:
            found = True
            out = [o + s for o in out for s in sub]
    return out if found else None


def tests_folded(item):
    """A conditional element as read, with every ``not``/``exists`` of tests only made
    the one test CLIPS's reorder.c makes of it (its adjacent tests are one test of their
    ``and``; a not of a test is a test of its not): ``(not (and (test A) (test B)))`` is
    ``(test (not (and A B)))``, ``(exists (test A))`` is ``(test A)``, and a ``forall``
    whose later elements are tests is ``(not (and X (test (not (and ...)))))``. One
    expression, an error in any part of it fails the whole test, as in CLIPS."""
    if not isinstance(item, Form) or not item or str(item[0]) not in _GROUPS:
        return item
    head = str(item[0])
    parts = [tests_folded(x) for x in item[1:]]
    if head == "forall" and len(parts) > 1 and _test_exprs(parts[1:]):
        check = _test_form(_not(_and(_test_exprs(parts[1:]), item), item), item)
        return make_form([Symbol("not"), make_form([Symbol("and"), parts[0], check], item)], item)
    exprs = _test_exprs(parts) if head in ("not", "exists") else None
    if exprs and (head == "exists" or len(parts) == 1):
        expr = _and(exprs, item)
        return _test_form(expr if head == "exists" else _not(expr, item), item)
    return make_form([item[0], *parts], item)


_GROUPS = ("not", "exists", "forall", "and")


def _test_exprs(parts) -> list | None:
    """The expressions of a list of test CEs (``and`` groups opened), or None if it
    holds anything else."""
    out = []
    for part in parts:
        if not isinstance(part, Form) or len(part) < 2 or not isinstance(part[0], Symbol):
            return None
        if part[0] == "and":
            inner = _test_exprs(part[1:])
            if inner is None:
                return None
            out += inner
        elif part[0] == "test" and len(part) == 2:
            out.append(part[1])
        else:
            return None
    return out


def _and(exprs: list, like: Form):
    return exprs[0] if len(exprs) == 1 else make_form([Symbol("and"), *exprs], like)


def _not(expr, like: Form) -> Form:
    return make_form([Symbol("not"), expr], like)


def _test_form(expr, like: Form) -> Form:
    return make_form([Symbol("test"), expr], like)


def negated(inner: list, text: str = ""):
    """``(not ...)`` of ``inner``: one Not, or, with an ``or`` inside, a Not of each
    alternative (``(not (or a b))`` is ``(not a) (not b)``). As CLIPS's reorder.c
    rewrites them: three nots are one (``(not (not (not X)))`` is ``(not X)``, and so is
    ``(not (exists X))``, an exists being two nots). (A not of tests only is a test:
    :func:`tests_folded` makes it so on the forms, before they are read.)"""
    inner = _opened(inner)
    if len(inner) == 1:
        twice = _two_nots(inner[0])
        if twice is not None:
            return negated(twice, text)
        if isinstance(inner[0], Not) and alternatives(inner[0].ces) is None:
            return existing(inner[0].ces, text)        # (not (not X)) is (exists X)
    spread = alternatives(inner)
    return Not(_first_kept(inner), text) if spread is None else \
        And([Not(alt) for alt in spread], text)


def existing(inner: list, text: str = ""):
    """``(exists ...)`` of ``inner``: with an ``or`` inside, not all alternatives absent.
    An exists is two nots (CLIPS reads it so): ``(exists (exists X))`` and ``(exists
    (not (not X)))`` are ``(exists X)``, ``(exists (not X))`` is ``(not X)``."""
    inner = _opened(inner)
    if len(inner) == 1:
        twice = _two_nots(inner[0])
        if twice is not None:
            return existing(twice, text)
        if isinstance(inner[0], Not):
            return negated(inner[0].ces, text)
    spread = alternatives(inner)
    if spread is not None:
        return Not([Not(alt) for alt in spread], text)
    inner = _first_kept(inner)
    if _opens_group(inner):         # CLIPS keeps it two nots: the group's first pattern
        return Not([Not(inner)], text)  # begins a group already (one exists mark each)
    return Exists(inner, text)


def _opened(inner: list) -> list:
    """``(and X)`` of one condition is X (``(not (and (not (and A B))))`` is two nots)."""
    return flatten(inner) if len(inner) == 1 and isinstance(inner[0], And) else inner


def _first_kept(inner: list) -> list:
    """A group's conditions, an exists over several first among them kept two nots, as
    CLIPS keeps it: the pattern beginning it begins the group too, and reorder.c marks
    an exists (``MarkExistsNands``) only where its first pattern begins two levels past
    where the pattern before it ended."""
    flat = flatten(inner)
    if flat and isinstance(flat[0], Exists) and _group(flat[0]):
        return [Not([Not(flat[0].ces)], flat[0].text)] + flat[1:]
    return inner


def _opens_group(ces: list) -> bool:
    """Does the first condition make a group of its own?"""
    first = flatten(ces)[:1]
    return bool(first) and _group(first[0])


def _group(ce) -> bool:
    """Is ``ce`` a group of its own: a forall, a not or exists over several conditions?"""
    return isinstance(ce, Forall) or isinstance(ce, (Not, Exists)) and \
        not one_join(flatten(ce.ces))


def _two_nots(ce) -> list | None:
    """What ``ce`` holds if it is two nots, ``(exists X)`` or ``(not (not X))``; else None."""
    if isinstance(ce, Exists):
        return ce.ces
    if isinstance(ce, Not) and len(ce.ces) == 1 and isinstance(ce.ces[0], Not):
        return ce.ces[0].ces
    return None


def for_all(first: list, rest: list, text: str = ""):
    """``(forall A B...)`` as CLIPS reads it, ``(not (and A (not (and B...))))`` (its
    ors moved up, its nots counted): CLIPS has no forall node, and the one network it
    makes of these nots is what decides when, and in which order, its activations come
    and go (a forall node of our own made and dropped some CLIPS never makes)."""
    return negated(first + [negated(rest)], text)


def form_alternatives(items) -> int:
    """How many alternatives the ``or`` s of a defrule's conditions as read (forms, not
    yet conditional elements) make, counted without making them (as
    :func:`~pyengine.engine.rete.lhs.count_alternatives` counts them once read); stops
    counting past :data:`~pyengine.engine.rete.lhs.MAX_ALTERNATIVES`. Both engines
    refuse a rule past it before it is built (CLIPS would spend minutes on forty
    ``or`` s)."""
    n = 1
    for item in units(items):
        if isinstance(item, Form) and item and isinstance(item[0], Symbol):
            head = str(item[0])
            if head == "or":
                n *= sum(form_alternatives([x]) for x in units(item[1:]))
            elif head in ("and", "logical", "not", "exists", "forall"):
                n *= form_alternatives(item[1:])
        if n > MAX_ALTERNATIVES:
            return n
    return n


#: Conditional elements one defrule may hold on CLIPS (nested ones counted): CLIPS's
#: time to build a rule grows faster than its patterns (4,000: 1.5 s; 16,000: 28 s;
#: 70,000: more than ten minutes); 1,000 build in well under a second.
MAX_CLIPS_CONDITIONS = 1000


def form_conditions(items) -> int:
    """The patterns and tests of a defrule's conditions as read, nested ones counted
    (an ``or`` 's branches all), without building them."""
    n = 0
    for item in units(items):
        if isinstance(item, Addressed):
            n += 1
        elif isinstance(item, Form) and item and isinstance(item[0], Symbol) and \
                str(item[0]) in ("or", "and", "logical", "not", "exists", "forall"):
            n += form_conditions(item[1:])
        elif isinstance(item, Form):
            n += 1
    return n


def rule_past_limit(text: str) -> str | None:
    """The first defrule in ``text`` whose ``or`` s make too many alternatives, or
    that holds more than :data:`MAX_CLIPS_CONDITIONS` conditional elements, or a
    deffunction defined again with other parameters (its refusal, in one line), else
    None; text our reader cannot read is left to CLIPS."""
    try:
        forms = read(text)
    except ReadError:
        return None
    params: dict[str, tuple] = {}
    for form in forms:
        again = _redefined_otherwise(form, params)
        if again:
            return again
        if isinstance(form, Form) and len(form) > 2 and form[0] == "defrule":
            items = list(form[2:])
            lhs = items[:arrow_index(items)]        # to the end without one
            line = getattr(form, "line", "?")
            if form_alternatives(lhs) > MAX_ALTERNATIVES:
                return f"line {line}: defrule {form[1]}: {TooManyAlternatives()}"
            if form_conditions(lhs) > MAX_CLIPS_CONDITIONS:
                return (f"line {line}: defrule {form[1]}: more than {MAX_CLIPS_CONDITIONS:,} "
                        "conditional elements (nested ones counted): CLIPS would take "
                        "minutes to build it")
    return None


def _redefined_otherwise(form, seen: dict[str, tuple]) -> str | None:
    """A deffunction defined again with other parameters than before in the text (its
    refusal): CLIPS calls it from what was compiled before with the arguments of the
    first, and its body reads the parameters the call lacks past their end (a crash)."""
    if not (isinstance(form, Form) and len(form) > 2 and form[0] == "deffunction"):
        return None
    params = next((item for item in form[2:] if isinstance(item, Form)), None)
    shape = (len(params), any(getattr(p, "multi", False) for p in params)) \
        if params is not None else None
    name, line = str(form[1]).split("::")[-1], getattr(form, "line", "?")   # MAIN::g is g
    first = seen.setdefault(name, (shape, line))
    if first[0] != shape:
        return (f"line {line}: deffunction {name} is defined again with other parameters "
                f"than at line {first[1]} (CLIPS would call it with the arguments of the "
                "first, past their end: a crash); give it the same parameters")
    return None
