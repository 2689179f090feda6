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
``[TMPLTDEF1]``, which stops it (``existp`` answers FALSE instead). The host gives the
slots and their facets as written (:mod:`.actions_templates` keeps them); with
``(allowed-symbols ?VARIABLE)`` CLIPS 6.4 answers with a stray symbol, ours FALSE.
"""
from __future__ import annotations

from pyengine.engine.clp.expressions import (HOST, Builtin, ClpRuntimeError, Frame,
                                             arg_error)
from pyengine.engine.clp.values import FALSE, REQUIRED, TRUE, DynamicDefault, to_value

TYPES = ("FLOAT", "INTEGER", "SYMBOL", "STRING", "EXTERNAL-ADDRESS", "FACT-ADDRESS",
         "INSTANCE-ADDRESS", "INSTANCE-NAME")
GROUPS = {"NUMBER": ("FLOAT", "INTEGER"), "LEXEME": ("SYMBOL", "STRING"),
          "INSTANCE": ("INSTANCE-ADDRESS", "INSTANCE-NAME"), "?VARIABLE": TYPES}
IMPLIED = {"implied": (True, ())}


def _slots(host, fname: str, name) -> dict | None:
    """The template's slots (an ordered relation's: ``implied``); None, said, if none."""
    if type(name) is not str:
        raise arg_error(fname, 1, "symbol")
    slots = host.template_slots(name)
    if slots is not None:
        return slots
    if host.has_relation(name):
        return IMPLIED
    host.warn(f"[PRNTUTIL1] Unable to find deftemplate '{name}'.")
    return None


def slot_names(host, name):
    slots = _slots(host, "deftemplate-slot-names", name)
    return FALSE if slots is None else tuple(slots)


def _question(fname: str, answer, missing: object = FALSE) -> Builtin:
    """A question about one slot: ``answer(slot, facets, host)`` for a slot the
    template has (``existp`` asks about any); ``missing`` for a template there is not
    (CLIPS says so and gives FALSE, or () for the questions whose answer is a list)."""
    def ask(host, name, slot):
        if type(name) is str and type(slot) is not str:
            raise arg_error(fname, 2, "symbol")
        slots = _slots(host, fname, name)
        if slots is None:
            return missing
        if slot not in slots and fname != "deftemplate-slot-existp":
            raise ClpRuntimeError(f"Invalid slot '{slot}' not defined in corresponding "
                                  f"deftemplate '{name}'.", code="TMPLTDEF1")
        return answer(slots.get(slot), host.template_facets(name).get(slot, {}), host)
    return Builtin(2, 2, ask, HOST)


def default_value(slot, facets, host):
    default = slot[1]
    if default is REQUIRED:
        return "?NONE"
    return default.thunk(Frame({}, host)) if isinstance(default, DynamicDefault) else default


def defaultp(slot, facets, host):
    default = slot[1]
    return FALSE if default is REQUIRED else \
        "dynamic" if isinstance(default, DynamicDefault) else "static"


def allowed_values(slot, facets, host):
    found = tuple(to_value(v) for key, values in facets.items()
                  if key.startswith("allowed-") for v in values if not _variable(v))
    return found or FALSE


def types(slot, facets, host) -> tuple:
    given = facets.get("type")
    if not given:
        return TYPES
    named = {t for name in given for t in GROUPS.get(str(name), (str(name),))}
    return tuple(t for t in TYPES if t in named)


def range_(slot, facets, host):
    if not {"FLOAT", "INTEGER"} & set(types(slot, facets, host)):
        return FALSE
    low, high = (facets.get("range") or [None, None])[:2]
    return (_end(low, "-oo"), _end(high, "+oo"))


def cardinality(slot, facets, host):
    if not slot[0]:
        return ()
    low, high = (facets.get("cardinality") or [None, None])[:2]
    return (0 if low is None or _variable(low) else to_value(low), _end(high, "+oo"))


def _variable(v) -> bool:
    return not isinstance(v, (str, int, float)) or str(v) == "?VARIABLE"


def _end(v, unbounded: str):
    return unbounded if v is None or _variable(v) else to_value(v)


TABLE: dict[str, Builtin] = {
    "deftemplate-slot-names": Builtin(1, 1, slot_names, HOST),
    "deftemplate-slot-existp": _question(
        "deftemplate-slot-existp", lambda slot, facets, host: TRUE if slot else FALSE),
    "deftemplate-slot-multip": _question(
        "deftemplate-slot-multip", lambda slot, facets, host: TRUE if slot[0] else FALSE),
    "deftemplate-slot-singlep": _question(
        "deftemplate-slot-singlep", lambda slot, facets, host: FALSE if slot[0] else TRUE),
    "deftemplate-slot-defaultp": _question("deftemplate-slot-defaultp", defaultp),
    "deftemplate-slot-default-value": _question("deftemplate-slot-default-value",
                                                default_value),
    "deftemplate-slot-allowed-values": _question("deftemplate-slot-allowed-values",
                                                 allowed_values, ()),
    "deftemplate-slot-range": _question("deftemplate-slot-range", range_, ()),
    "deftemplate-slot-types": _question("deftemplate-slot-types", types, ()),
    "deftemplate-slot-cardinality": _question("deftemplate-slot-cardinality", cardinality, ()),
}
