"""The rules CLIPS 6.4 refuses as it loads them because of what their variables can
hold (rulecstr.c, analysis.c), refused by our engine too, with the line.

CLIPS works out what values each field of each pattern could hold: the slot's
attributes (type, allowed values, range) met with the field's own constraints
(constants, ``|``, ``~`` constants, ``=(...)`` calls by what the function returns) and
with what a variable could hold where it was bound. A variable carries that to every
later use: later in the same pattern, in the patterns after it, and inside a
``not``/``exists`` after it (a variable bound inside a ``not`` reaches only the rest of
that ``not``); a later pattern's use narrows it, and so does a test or predicate
giving it to a function (``(test (> ?v 1))`` makes it a number). Refused:

* a field left with no possible type (``[RULECSTR1]``): ``(a (x ?v)) (b (y ?v))`` when
  ``x`` holds INTEGERs and ``y`` SYMBOLs;
* a variable given to a function that takes nothing it can hold, in the conditions
  (``[RULECSTR2]``) or the actions (``[RULECSTR3]``: there what it was bound to, with
  what the actions' ``bind`` s give it);
* a constant beside a variable bound before that the variable cannot be
  (``[CSTRNCHK1]``: ``(b (y ?a&~"s"))`` when ?a is a FLOAT);
* a variable used where nothing binds it (``[ANALYSIS4]``): a field binds one only
  where it starts with it (``?x``, ``?x&...``), so ``?x|7``, ``~?x``, ``?x&?y`` bind
  nothing.

Each disjunct of a rule with ``or`` is examined apart, as CLIPS examines the rules an
``or`` makes. The records are :mod:`pyengine.engine.clp.constraint_records`'.
"""
from __future__ import annotations

from functools import reduce

from pyengine.engine.clips_reader import Form, Symbol, Variable, read
from pyengine.engine.clips_values import atom_text
from pyengine.engine.clp.constraint_records import (ANY, Record, argument, describe, join,
                                                    meet, of_call, of_constant, of_slot,
                                                    record_trouble, unmatchable, without)
from pyengine.engine.clp.slot_constraints import kind
from pyengine.engine.clp.values import to_value
from pyengine.engine.clp.expressions import ClpError
from pyengine.engine.clp.fact_forms import FACT_ACTIONS, value_parts
from pyengine.engine.rete.constraints import conjuncts
from pyengine.engine.rete.lhs import (And, AndC, Const, Exists, Forall, Not, NotC, Or, OrC,
                                      Pattern, Pred, Ret, Skipped, Test, Var,
                                      constraint_variables, disjuncts)


QUERIES = ("any-factp", "find-fact", "find-all-facts", "do-for-fact", "do-for-all-facts",
           "delayed-do-for-all-facts")
MULTIFIELD = Record(frozenset(("MULTIFIELD",)))
FACT = Record(frozenset(("FACT-ADDRESS",)))


def check_rule(rule: str, ces: list, actions: list, facets: dict, line) -> None:
    """Refuse the rule if a field of one of its patterns can hold no value, or a
    function is given a variable that cannot be of a type it takes (``facets``:
    template name -> slot -> its attributes)."""
    for disjunct in disjuncts(ces):             # the rules the network is built from
        where = _Where(rule, facets, line)
        _walk(disjunct, {}, where)
        bound = dict(where.bound)       # as bound: what a test narrowed is not seen here
        for name, value in _binds(actions, facets).items():
            bound[name] = join(bound.get(name), value)
        for action in actions:
            _calls(action, bound, where, "in its actions")


class _Where:
    def __init__(self, rule: str, facets: dict, line):
        self.rule, self.facets, self.line = rule, facets, line
        self.bound: dict = {}           # variable -> its record where it is bound

    def slot_record(self, template: str, slot, multi: bool = False) -> Record:
        """The slot's record (a slot with no attributes, an ordered fact's field: any
        single value); a multislot's (an ordered fact's too) takes multifields too."""
        return of_slot(self.facets.get(template, {}).get(slot) or {}, multi)

    def fail(self, pattern: Pattern, template: str, slot, field, known: dict) -> None:
        used = [p.name for p in conjuncts(_plain(field)) if isinstance(p, Var)]
        where = f"slot '{slot}' of '{template}'" if slot is not None else \
            f"a field of ({template} ...)"
        held = [f"?{v} is {describe(known[v])} where it is bound" for v in used if v in known]
        because = "; ".join(held + [f"the slot holds {describe(self.slot_record(template, slot))}"])
        who = f"?{used[0]} in " if used else ""
        raise ClpError(f"defrule {self.rule}: {who}{where} can never match "
                       f"in {pattern.text}: {because} (CLIPS refuses "
                       f"such a rule)", getattr(pattern, "line", None) or self.line)


def _walk(ces: list, known: dict, where: _Where, top: bool = True) -> None:
    """The conditions in order; ``known``: variable -> what it can hold, grown as
    variables are bound (``top``: not inside a not, exists or forall)."""
    for ce in ces:
        if isinstance(ce, Pattern):
            _pattern(ce, known, where, top)
        elif isinstance(ce, And):
            _walk(ce.ces, known, where, top)
        elif isinstance(ce, (Not, Exists)):
            _walk(ce.ces, dict(known), where, False)   # its bindings stay inside
        elif isinstance(ce, Forall):
            _walk(ce.first + ce.rest, dict(known), where, False)
        elif isinstance(ce, Test) and isinstance(ce.code, str):
            _calls_narrowing(read(ce.code)[0], known, where, f"in {ce.text}", True)


def _pattern(pattern: Pattern, known: dict, where: _Where, top: bool) -> None:
    template = getattr(pattern.template, "_clips_name", None)
    if template is None:
        return                                      # not a CLIPS pattern
    for slot in pattern.slots:
        attributes = where.slot_record(template, slot.key, slot.multislot)
        for elem in slot.elems:
            if elem.constraint is None:
                continue
            binder = _binder(elem.constraint, known, where)
            _check_literals(elem.constraint, attributes, known, where, (pattern, template, slot))
            record = MULTIFIELD if elem.multi else _field(elem.constraint, attributes, known)
            if unmatchable(record):
                where.fail(pattern, template, slot.key, elem.constraint, known)
            if binder is not None:
                known[binder] = MULTIFIELD if elem.multi else record
                if top:                 # the actions see the rule's own bindings only
                    where.bound[binder] = known[binder]
            elif (name := _leading(elem.constraint)) in known and not elem.multi:
                known[name] = record        # what it can hold from here on (and, used
                if top and name in where.bound:     # in a pattern, in the actions too)
                    where.bound[name] = record
            for call in _field_calls(elem.constraint):
                _calls_narrowing(read(call.code)[0], known, where, f"in {pattern.text}",
                                 not isinstance(_plain(elem.constraint), OrC))
    if pattern.address:
        known[pattern.address] = where.bound[pattern.address] = FACT


def _binder(c, known: dict, where: _Where) -> str | None:
    """The variable a field binds (CLIPS binds one only where a field starts with it:
    ``?x`` or ``?x&...``), refusing any other variable of the field not bound before
    (CLIPS's [ANALYSIS4]: ``?x|7``, ``~?x``, ``?x&?y`` bind nothing)."""
    c = _plain(c)
    first = c if isinstance(c, Var) else c.parts[0] if isinstance(c, AndC) else None
    binder = first.name if isinstance(first, Var) and first.name not in known else None
    for name in constraint_variables(c):
        if name != binder and name not in known:
            raise ClpError(f"defrule {where.rule}: ?{name} is used before anything binds it "
                           f"(a field binds a variable only where it starts with it: ?{name} "
                           f"or ?{name}&...)", where.line)
    return binder


def _leading(c) -> str | None:
    """The variable a field without ``|`` starts with (``?x``, ``?x&...``)."""
    c = _plain(c)
    if isinstance(c, AndC) and not any(isinstance(p, OrC) for p in c.parts):
        c = c.parts[0]
    return c.name if isinstance(c, Var) else None


def _check_literals(c, attributes, known: dict, where: _Where, place) -> None:
    """A field that starts with a variable bound before holds only what that variable
    can: CLIPS checks the field's constants (``~`` ones too) against that, and refuses
    ``(b (y ?a&~"s"))`` when ?a is a FLOAT (its [CSTRNCHK1])."""
    name = _leading(c)              # with a | the variable's node is not the field's
    if name is None or name not in known or not isinstance(_plain(c), AndC):
        return
    holds = meet(attributes, known[name])
    for value in _constants(c):
        trouble = record_trouble(holds, value)
        if trouble:
            pattern, template, slot = place
            raise ClpError(f"defrule {where.rule}: slot '{slot.key}' of '{template}' cannot "
                           f"hold {atom_text(value)} in {pattern.text}: ?{name} is "
                           f"{describe(known[name])} there; {trouble}",
                           where.line)


def _constants(c) -> list:
    c = _plain(c)
    if isinstance(c, Const):
        return [c.value]
    if isinstance(c, NotC):
        return _constants(c.inner)
    if isinstance(c, (AndC, OrC)):
        return [v for part in c.parts for v in _constants(part)]
    return []


def _field(c, attributes: Record | None, known: dict) -> Record:
    """What a field's connected constraint lets it hold: its ``|`` branches joined,
    each branch's parts met with the slot's attributes, less its ``~`` constants."""
    c = _plain(c)
    if isinstance(c, OrC):
        return reduce(join, [_field(p, attributes, known) for p in c.parts])
    record, excluded = None, []
    for part in conjuncts(c):
        part = _plain(part)
        if isinstance(part, Const):
            record = meet(record, of_constant(part.value))
        elif isinstance(part, Var) and part.name in known:
            record = meet(record, known[part.name])
        elif isinstance(part, Ret) and isinstance(part.code, str):
            record = meet(record, of_call(part.code.lstrip("(").split(None, 1)[0].rstrip(")")))
        elif isinstance(part, NotC) and isinstance(_plain(part.inner), Const):
            excluded.append(_plain(part.inner).value)
        elif isinstance(part, OrC):
            record = meet(record, _field(part, attributes, known))
    record = meet(record, attributes)
    for value in excluded:
        record = without(record, value)
    return record


def _field_calls(c) -> list:
    """The ``:(...)`` and ``=(...)`` calls of a field constraint."""
    c = _plain(c)
    if isinstance(c, (Pred, Ret)):
        return [c] if isinstance(c.code, str) else []
    if isinstance(c, NotC):
        return _field_calls(c.inner)
    if isinstance(c, (AndC, OrC)):
        return [call for part in c.parts for call in _field_calls(part)]
    return []


def _calls(expr, known: dict, where: _Where, place: str, line=None) -> None:
    """Refuse a variable given to a function that takes no value it could hold
    (CLIPS's [RULECSTR2] in the conditions, [RULECSTR3] in the actions)."""
    for var, name, i, need in _arguments(expr, templates=where.facets):
        if need is not None and var.name in known and unmatchable(meet(known[var.name], need)):
            raise ClpError(f"defrule {where.rule}: ?{var.name} is {describe(known[var.name])} "
                           f"where it is bound, but argument #{i} of ({name} ...) {place} "
                           f"takes {describe(need)} (CLIPS refuses such a rule)",
                           line or getattr(expr, "line", None) or where.line)


def _arguments(expr, hidden: frozenset = frozenset(), templates=()):
    """Each (variable, function, place, what the function takes there) of a call and
    the calls in it; a fact-set query's or a loop's own variables are not the rule's;
    a fact's relation and slot names in ``assert``/``modify``/``duplicate`` are no
    calls, nor its values arguments (``templates``: the deftemplates' names)."""
    if isinstance(expr, Form):
        name = str(expr[0]) if expr and isinstance(expr[0], Symbol) else None
        hidden = hidden | _own_variables(name, expr)
        items = list(enumerate(expr[1:] if name else expr, 1))
        if name in FACT_ACTIONS:            # the fact (modify's, duplicate's), then values
            first = items[:1] if name != "assert" else []
            values = value_parts(name, expr[1:], templates)[len(first):]
            items = first + [(0, value) for value in values]
        for i, arg in items:
            if isinstance(arg, Form):
                yield from _arguments(arg, hidden, templates)
            elif name and i and isinstance(arg, Variable) and not arg.multi and \
                    not arg.is_global and arg.name not in hidden:
                yield arg, name, i, argument(name, i)


def _own_variables(name: str | None, expr: Form) -> frozenset:
    """The variables a query (``(?f template)``), ``progn$``/``loop-for-count``
    (``(?x ...)``) or ``foreach`` (``?x``) binds for its body."""
    if len(expr) < 2:
        return frozenset()
    first = expr[1]
    if name in ("foreach",) and isinstance(first, Variable):
        return frozenset((first.name,))
    if name in ("progn$", "loop-for-count") and isinstance(first, Form) and first and \
            isinstance(first[0], Variable):
        return frozenset((first[0].name,))
    if name in QUERIES and isinstance(first, Form):
        return frozenset(f[0].name for f in first if isinstance(f, Form) and f and
                         isinstance(f[0], Variable))
    return frozenset()


def _calls_narrowing(expr, known: dict, where: _Where, place: str, narrow: bool) -> None:
    """A call of the conditions checked, then (``narrow``) what it tells of its
    variables kept for the conditions after it."""
    _calls(expr, known, where, place, where.line)
    if narrow:
        _narrow(expr, known)


def _narrow(expr, known: dict) -> None:
    """After a test, a variable it gives a function holds only what the function
    takes (CLIPS's GetExpressionVarConstraints): ``(test (> ?v 1))`` makes ?v a number
    for the patterns after it."""
    for var, _, _, need in _arguments(expr):
        if need is not None and var.name in known:
            known[var.name] = meet(known[var.name], need)


def _binds(actions: list, templates) -> dict:
    """What the actions' ``bind``s give each variable, joined (CLIPS adds it to what
    the conditions bound before checking the actions' calls)."""
    out: dict = {}

    def walk(expr) -> None:
        if not isinstance(expr, Form):
            return
        if expr and expr[0] in FACT_ACTIONS:     # a slot named bind is no bind
            for item in value_parts(str(expr[0]), expr[1:], templates):
                walk(item)
            return
        if len(expr) > 2 and expr[0] == "bind" and isinstance(expr[1], Variable) and \
                not expr[1].is_global:
            value = expr[2]
            if isinstance(value, Form) and value and isinstance(value[0], Symbol):
                record = of_call(str(value[0]))
            else:
                record = of_constant(to_value(value)) if kind(value) else ANY
            out[expr[1].name] = join(out.get(expr[1].name), record)
        for item in expr:
            walk(item)
    for action in actions:
        walk(action)
    return out


def _plain(c):
    """A part CLIPS reads but our network skips (:class:`Skipped`) is read here."""
    return c.inner if isinstance(c, Skipped) else c


def addresses(ces: list) -> dict[str, str]:
    """The template of each fact the conditions bind to a variable (``?f <- (a ...)``,
    also in an ``or``'s branches), for the checks of ``modify`` and ``duplicate``."""
    out: dict[str, str] = {}
    for ce in ces:
        if isinstance(ce, Pattern) and ce.address:
            template = getattr(ce.template, "_clips_name", None)
            if template is not None:
                out.setdefault(ce.address, template)
        elif isinstance(ce, And):
            out.update({k: v for k, v in addresses(ce.ces).items() if k not in out})
        elif isinstance(ce, Or):
            for branch in ce.branches:
                out.update({k: v for k, v in addresses(branch).items() if k not in out})
    return out
