"""The questions about a deftemplate's slots, as CLIPS 6.4 answers them:
``deftemplate-slot-names``, ``-existp``, ``-multip``, ``-singlep``, ``-defaultp``
(``static``, ``dynamic`` or FALSE for ``?NONE``), ``-default-value`` (a dynamic default
worked out now), ``-allowed-values`` (what the ``allowed-...`` facets list, FALSE for
none), ``-range`` (``(-oo +oo)`` without one; FALSE for a slot that takes no number),
``-types`` (CLIPS's eight types without a ``type`` facet) and ``-cardinality`` (``()``
for a single slot, ``(0 +oo)`` for a multislot without one).

A relation used without a deftemplate (an ordered fact) has one slot, ``implied``, a
multislot. A name that is no template at all is CLIPS's ``[PRNTUTIL1]`` error after
which the action goes on (FALSE); a slot the template does not have is
``[TMPLTDEF1]``, which stops it (``existp`` answers FALSE instead). The facets are read
from the deftemplate as written (:mod:`.actions_templates` keeps them); with
``(allowed-symbols ?VARIABLE)`` CLIPS 6.4 answers with a stray symbol, ours FALSE.
"""
from __future__ import annotations

from pyengine.engine.clp.expressions import (SPECIAL, Builtin, ClpRuntimeError, Compiled,
                                             Frame, Scope, arg_error, compile_expr,
                                             with_line)
from pyengine.engine.clp.values import FALSE, REQUIRED, TRUE, DynamicDefault, to_value

TYPES = ("FLOAT", "INTEGER", "SYMBOL", "STRING", "EXTERNAL-ADDRESS", "FACT-ADDRESS",
         "INSTANCE-ADDRESS", "INSTANCE-NAME")
GROUPS = {"NUMBER": ("FLOAT", "INTEGER"), "LEXEME": ("SYMBOL", "STRING"),
          "INSTANCE": ("INSTANCE-ADDRESS", "INSTANCE-NAME"), "?VARIABLE": TYPES}
IMPLIED = {"implied": (True, ())}


def _slots(name: str, frame: Frame, scope: Scope) -> dict | None:
    """The template's slots (an ordered relation's: ``implied``); None, said, if none."""
    if name in scope.templates:
        return scope.templates[name]
    if frame.host.has_relation(name):
        return IMPLIED
    frame.host.warn(f"[PRNTUTIL1] Unable to find deftemplate '{name}'.")
    return None


def _compile(fname: str, answer, with_slot: bool):
    """A SPECIAL entry: the arguments compiled, the scope's templates read when it runs
    (a deftemplate defined later is known then)."""
    def impl(form, scope: Scope) -> Compiled:
        args = [compile_expr(a, scope, form) for a in form[1:]]

        def run(frame: Frame) -> object:
            values = [a(frame) for a in args]
            for i, v in enumerate(values, 1):
                if type(v) is not str:
                    raise arg_error(fname, i, "symbol")
            slots = _slots(values[0], frame, scope)
            if slots is None:
                return FALSE
            if not with_slot:
                return answer(slots)
            slot = values[1]
            if slot not in slots and fname != "deftemplate-slot-existp":
                raise ClpRuntimeError(f"Invalid slot '{slot}' not defined in corresponding "
                                      f"deftemplate '{values[0]}'.")
            facets = scope.facets.get(values[0], {}).get(slot, {})
            return answer(slots.get(slot), facets, frame)
        return with_line(run, getattr(form, "line", None))
    return impl


def default_value(slot, facets, frame):
    default = slot[1]
    if default is REQUIRED:
        return "?NONE"
    return default.thunk(frame) if isinstance(default, DynamicDefault) else default


def defaultp(slot, facets, frame):
    default = slot[1]
    return FALSE if default is REQUIRED else \
        "dynamic" if isinstance(default, DynamicDefault) else "static"


def allowed_values(slot, facets, frame):
    found = tuple(to_value(v) for key, values in facets.items()
                  if key.startswith("allowed-") for v in values if not _variable(v))
    return found or FALSE


def types(slot, facets, frame) -> tuple:
    given = facets.get("type")
    if not given:
        return TYPES
    named = {t for name in given for t in GROUPS.get(str(name), (str(name),))}
    return tuple(t for t in TYPES if t in named)


def range_(slot, facets, frame):
    if not {"FLOAT", "INTEGER"} & set(types(slot, facets, frame)):
        return FALSE
    low, high = (facets.get("range") or [None, None])[:2]
    return (_end(low, "-oo"), _end(high, "+oo"))


def cardinality(slot, facets, frame):
    if not slot[0]:
        return ()
    low, high = (facets.get("cardinality") or [None, None])[:2]
    return (0 if low is None or _variable(low) else to_value(low), _end(high, "+oo"))


def _variable(v) -> bool:
    return not isinstance(v, (str, int, float)) or str(v) == "?VARIABLE"


def _end(v, unbounded: str):
    return unbounded if v is None or _variable(v) else to_value(v)


def _slot_question(fname: str, answer) -> Builtin:
    return Builtin(2, 2, _compile(fname, answer, True), SPECIAL)


TABLE: dict[str, Builtin] = {
    "deftemplate-slot-names": Builtin(1, 1, _compile(
        "deftemplate-slot-names", lambda slots: tuple(slots), False), SPECIAL),
    "deftemplate-slot-existp": _slot_question(
        "deftemplate-slot-existp", lambda slot, facets, frame: TRUE if slot else FALSE),
    "deftemplate-slot-multip": _slot_question(
        "deftemplate-slot-multip", lambda slot, facets, frame: TRUE if slot[0] else FALSE),
    "deftemplate-slot-singlep": _slot_question(
        "deftemplate-slot-singlep", lambda slot, facets, frame: FALSE if slot[0] else TRUE),
    "deftemplate-slot-defaultp": _slot_question("deftemplate-slot-defaultp", defaultp),
    "deftemplate-slot-default-value": _slot_question("deftemplate-slot-default-value",
                                                     default_value),
    "deftemplate-slot-allowed-values": _slot_question("deftemplate-slot-allowed-values",
                                                      allowed_values),
    "deftemplate-slot-range": _slot_question("deftemplate-slot-range", range_),
    "deftemplate-slot-types": _slot_question("deftemplate-slot-types", types),
    "deftemplate-slot-cardinality": _slot_question("deftemplate-slot-cardinality",
                                                   cardinality),
}
