"""Fact actions (``assert``, ``retract``, ``modify``, ``duplicate``) and the
constructs that describe facts (``deftemplate``, ``deffacts``).

``(assert (items a b ?x $?rest))`` makes an ordered fact: each field is evaluated
and a multifield value is spliced in, so the host gets a flat tuple of fields.
``(assert (person (name ?n) (kids a b)))`` makes a fact of a template known when
compiling (``scope.templates``): a slot named twice or not in the template, a
single slot given no value or several, a ``(default ?NONE)`` slot left out, are
compile errors; a single slot given a multifield is a run-time error. The host gets
every slot: the ones written, and the others at their default (CLIPS's derived
default when none is declared: ``nil``, or ``""``, ``0``, ``0.0`` for a slot of that
type, the first allowed value, ``()`` for a multislot).
``assert`` returns the last fact the host gives back (CLIPS 6.4 gives the existing
fact for a duplicate).

``(modify ?f (slot v...)...)`` and ``(duplicate ...)`` check their slots at run time,
against the template the host names for the fact (``fact_template``): CLIPS refuses
both on ordered facts. ``(retract ?f 3 ...)`` takes fact addresses and indices.
"""
from __future__ import annotations

from functools import partial

from pyengine.engine.clips_reader import Form, String, Symbol, Variable
from pyengine.engine.clp.constraint_records import check_calls
from pyengine.engine.clp.slot_constraints import check_values, kind
from pyengine.engine.clp.expressions import (SPECIAL, Builtin, ClpError, ClpRuntimeError,
                                             Compiled, Frame, Scope, arg_error,
                                             compile_expr, with_line)
from pyengine.engine.clp.fact_errors import head_of, values_despite
from pyengine.engine.clp.functions_facts import fact_gone
from pyengine.engine.clp.values import FALSE, REQUIRED, DynamicDefault, is_fact


def _splice(parts: list[Compiled], frame: Frame) -> tuple:
    out: list = []
    for part in parts:
        value = part(frame)
        if type(value) is tuple:
            out.extend(value)
        else:
            out.append(value)
    return tuple(out)


def _single(template: str, slot: str, value: object) -> object:
    if type(value) is tuple:
        raise ClpRuntimeError(f"Attempted to assert a multifield value into the single "
                              f"field slot '{slot}' of deftemplate '{template}'.",
                              code="TMPLTFUN1")
    return value


def compile_fact(fact: object, scope: Scope, where: Form) -> Compiled:
    """One fact of an ``assert`` (or a ``deffacts``), as a closure asserting it."""
    line = getattr(fact, "line", getattr(where, "line", None))
    if not isinstance(fact, Form) or not fact or not isinstance(fact[0], Symbol):
        raise ClpError(f"assert takes facts such as (relation value...), not {fact}", line)
    relation = str(fact[0])
    scope.relations(relation, line)
    if relation in scope.templates:
        return _compile_template_fact(relation, fact, scope, line)
    parts = [compile_expr(item, scope, fact) for item in fact[1:]]

    def assert_ordered(frame: Frame) -> object:
        try:
            fields = _splice(parts, frame)
        except ClpRuntimeError:                 # as CLIPS: made with no fields, then
            frame.host.assert_fact(relation, None, ())      # the error halts
            raise
        return frame.host.assert_fact(relation, None, fields)
    return assert_ordered


def _compile_template_fact(name: str, fact: Form, scope: Scope, line) -> Compiled:
    slots = scope.templates[name]
    given: dict[str, list[Compiled]] = {}
    for group in fact[1:]:
        if not isinstance(group, Form) or not group or not isinstance(group[0], Symbol):
            raise ClpError(f"a fact of template '{name}' is written with (slot value) "
                           f"groups, not {group}", line)
        slot = str(group[0])
        if slot not in slots:
            raise ClpError(f"template '{name}' has no slot '{slot}'", line)
        if slot in given:
            raise ClpError(f"slot '{slot}' of '{name}' is given twice", line)
        if not slots[slot][0] and len(group) != 2:
            raise ClpError(f"the single field slot '{slot}' of '{name}' takes exactly "
                           f"one value", line)
        items = list(group[1:])
        _check_given(name, slot, slots[slot][0], items, scope, line, "a fact")
        given[slot] = [compile_expr(item, scope, fact) for item in items]
    heads = {str(g[0]): head_of(g[1]) if len(g) == 2 else None for g in fact[1:]}
    makers = [(slot, multi, heads.get(slot),
               _slot_maker(name, slot, multi, default, given.get(slot), line))
              for slot, (multi, default) in slots.items()]

    def assert_it(frame: Frame) -> object:
        values, error = values_despite(makers, frame)   # as CLIPS: made all the same
        made = frame.host.assert_fact(name, values, None)
        if error is not None:
            raise error
        return made
    return assert_it


def _slot_maker(template: str, slot: str, multi: bool, default, parts, line) -> Compiled:
    if parts is not None:
        if multi:
            return lambda frame: _splice(parts, frame)
        part = parts[0]
        return lambda frame: _single(template, slot, part(frame))
    if default is REQUIRED:
        raise ClpError(f"slot '{slot}' of '{template}' needs a value (its default is "
                       f"?NONE)", line)
    if isinstance(default, DynamicDefault):
        thunk = default.thunk
        if multi:
            return thunk
        return lambda frame: _single(template, slot, thunk(frame))
    return lambda frame: default


def compile_assert(form: Form, scope: Scope) -> Compiled:
    makers = [compile_fact(fact, scope, form) for fact in form[1:]]
    line = getattr(form, "line", None)
    if len(makers) == 1:
        return with_line(makers[0], line)

    def assert_all(frame: Frame) -> object:
        result: object = FALSE
        for make in makers:
            result = make(frame)
        return result
    return with_line(assert_all, line)


#: CLIPS's words for an argument of ``retract`` it cannot take (its RetractCommand)
_RETRACT_TAKES = "fact-address, fact-index, or the symbol *"


def _target(fname: str, value: object, position: int = 1) -> object:
    if type(value) is int or is_fact(value):
        return value
    raise arg_error(fname, position, "fact-address or integer")


def compile_retract(form: Form, scope: Scope) -> Compiled:
    """``(retract ?f 3 *)``, as CLIPS 6.4's RetractCommand takes its arguments in turn:
    a fact (address or index) goes; ``*`` takes every fact, oldest first, and ends the
    call; a negative index is said and ends it; a symbol other than ``*`` is an error
    that halts the action once the rest are taken; any other type halts at once."""
    targets = [compile_expr(item, scope, form) for item in form[1:]]

    def retract(frame: Frame) -> None:
        host, wrong = frame.host, []
        for i, target in enumerate(targets, 1):
            value = target(frame)
            if type(value) is str:          # a symbol
                if value == "*":
                    host.retract_all()
                    break
                wrong.append(arg_error("retract", i, _RETRACT_TAKES).message)
                continue
            if type(value) is not int and not is_fact(value):
                raise arg_error("retract", i, "integer, symbol, or fact address")
            if type(value) is int and value < 0:
                host.warn(arg_error("retract", i, _RETRACT_TAKES).message)
                break
            gone = fact_gone(host, value)
            if gone is None:
                host.retract(value)
            elif type(value) is int:    # CLIPS says so and goes on; a fact retracted
                host.warn(gone)         # already is left alone, without a word
        if wrong:
            raise ClpRuntimeError(" ".join(wrong))
    return with_line(retract, getattr(form, "line", None))


def _compile_change(form: Form, scope: Scope) -> Compiled:
    """modify and duplicate: the target and its (slot value...) changes."""
    fname, line = str(form[0]), getattr(form, "line", None)
    target = compile_expr(form[1], scope, form)
    changes: list[tuple[str, list[Compiled]]] = []
    for group in form[2:]:
        if not isinstance(group, Form) or not group or not isinstance(group[0], Symbol):
            raise ClpError(f"{fname} takes (slot value...) groups, not {group}", line)
        if any(name == group[0] for name, *_ in changes):
            raise ClpError(f"slot '{group[0]}' is given twice to {fname}", line)
        _check_change(form, group, scope)
        changes.append((str(group[0]), [compile_expr(v, scope, form) for v in group[1:]],
                        head_of(group[1]) if len(group) == 2 else None))

    def change(frame: Frame) -> object:
        host = frame.host
        fact = _target(fname, target(frame))
        gone = fact_gone(host, fact)
        if gone is not None:            # CLIPS says so, gives FALSE and goes on
            host.warn(gone)
            return FALSE
        template = host.fact_template(fact)
        if template is None:
            raise ClpRuntimeError(f"Ordered facts cannot be used with the '{fname}' "
                                  "function.", code="TMPLTFUN2", value=FALSE)
        slots = host.template_slots(template) or {}
        makers = [(slot, slot in slots and slots[slot][0], head,
                   partial(_change, template, slots, slot, parts))
                  for slot, parts, head in changes]
        try:            # a value's call failed: made all the same, as CLIPS makes it
            values, error = values_despite(makers, frame)
        except ClpRuntimeError as exc:  # a slot it cannot change: FALSE, as on CLIPS
            if exc.value is None and exc.calls == 0:
                exc.value = FALSE
            raise
        made = getattr(host, fname)(fact, values)       # host.modify or host.duplicate
        if error is not None:
            raise error
        return made
    return with_line(change, line)


def _check_change(form: Form, group: Form, scope: Scope) -> None:
    """A modify or duplicate of a fact the rule's conditions bind (``?f <- (a ...)``):
    its constants and calls checked against the slot, as CLIPS checks them on loading."""
    var = form[1]
    template = scope.addresses.get(var.name) if isinstance(var, Variable) else None
    slots = scope.templates.get(template) if template else None
    slot = str(group[0])
    if slots is not None and slot not in slots:     # CLIPS refuses the rule as it loads
        raise ClpError(f"[TMPLTDEF1] Invalid slot '{slot}' not defined in corresponding "
                       f"deftemplate '{template}'.", getattr(form, "line", None))
    if slots is not None:
        _check_given(template, slot, slots[slot][0], list(group[1:]), scope,
                     getattr(form, "line", None), str(form[0]))


def _check_given(template: str, slot: str, multi: bool, items: list, scope: Scope, line,
                 what: str) -> None:
    """What an ``assert``, ``modify`` or ``duplicate`` gives a slot, checked as CLIPS
    checks it on loading: its constants, how many (all constants, in a multislot), and
    what its calls return."""
    facets = scope.facets.get(template, {}).get(slot, {})
    check_values(template, slot, facets, [item for item in items if kind(item)], line, what,
                 (len(items), False) if multi and all(kind(item) for item in items) else None)
    check_calls(template, slot, facets, multi, items, line, what)


def _change(template: str, slots: dict, slot: str, parts: list[Compiled], frame: Frame):
    info = slots.get(slot)
    if info is None:
        raise ClpRuntimeError(f"Invalid slot '{slot}' not defined in corresponding "
                              f"deftemplate '{template}'.", code="TMPLTDEF1")
    if info[0]:
        return _splice(parts, frame)
    if len(parts) != 1 or type(value := parts[0](frame)) is tuple:
        raise ClpRuntimeError(f"Attempted to assert a multifield value into the single "
                              f"field slot '{slot}' of deftemplate '{template}'.",
                              code="TMPLTFUN1")
    return value


def compile_deffacts(form: Form, scope: Scope):
    """``(deffacts name ["comment"] fact...)`` as a closure asserting its facts (the
    engine runs it at each reset)."""
    line = getattr(form, "line", None)
    if len(form) < 2 or not isinstance(form[1], Symbol):
        raise ClpError("deffacts needs a name", line)
    facts = list(form[2:])
    if facts and isinstance(facts[0], String):
        facts.pop(0)
    if any(isinstance(f, Variable) for f in facts):
        raise ClpError("deffacts holds facts, not variables", line)
    makers = [compile_fact(fact, scope.child(bound=()), form) for fact in facts]

    def assert_all(frame: Frame) -> None:
        for make in makers:
            try:
                make(frame)
            except ClpRuntimeError as exc:      # the reset stops here (said so)
                exc.deffacts = str(form[1])
                raise
    return assert_all


TABLE: dict[str, Builtin] = {
    "assert": Builtin(1, None, compile_assert, SPECIAL),
    "retract": Builtin(1, None, compile_retract, SPECIAL, "retract"),
    "modify": Builtin(1, None, _compile_change, SPECIAL),
    "duplicate": Builtin(1, None, _compile_change, SPECIAL),
}
