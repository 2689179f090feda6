"""Functions that ask the engine: facts (``fact-index``, ``fact-slot-value``,
``fact-existp``, ``fact-relation``, ``fact-slot-names``: FALSE for no such fact,
``(implied)`` for an ordered fact's slots), ``random``, and ``gensym``.

A fact is whatever object the host gave for it; these functions hand it back to the
host (:mod:`pyengine.engine.clp.host`). Where CLIPS takes a fact address or a fact
index (``fact-existp``, ``fact-slot-value``), both are passed on as they are.
``(fact-slot-value ?f implied)`` asks for an ordered fact's fields: the host is
asked for slot ``None``.

``(random)`` is the host's next number, so a run is repeatable from the host's seed;
``(random lo hi)`` is ``lo + r mod (hi - lo + 1)``, as CLIPS computes it, the number
drawn before the arguments are read, as CLIPS draws it.
``gensym`` counts ``gen1``, ``gen2``... per program (the count is kept in the
scope). ``gensym*`` should skip symbols already in use; pyengine keeps no symbol
table, so it counts exactly as ``gensym`` does.
"""
from __future__ import annotations

from pyengine.engine.clp.expressions import (HOST, SPECIAL, Builtin, ClpRuntimeError,
                                             arg_error, compile_expr, expand_arg, is_expand)
from pyengine.engine.clp.values import FALSE, is_fact


def _fact_or_index(fname: str, v: object) -> object:
    if type(v) is int or is_fact(v):
        return v
    raise arg_error(fname, 1, "fact-address or integer")


def _not_a_fact(host, fname: str, v: object) -> bool:
    """A value that is neither a fact nor an index (a symbol bound from a fact): CLIPS
    says so and its function gives FALSE; the action goes on."""
    if type(v) is int or is_fact(v):
        return False
    host.warn(arg_error(fname, 1, "fact-address or fact-index").message)
    return True


def fact_gone(host, target) -> str | None:
    """CLIPS's words when ``target`` (a fact or a fact index) is not in the fact base;
    None when it is."""
    if host.fact_exists(target):
        return None
    if type(target) is int:
        return f"[PRNTUTIL1] Unable to find fact f-{target}."
    return f"[PRNTUTIL11] The fact f-{host.fact_id(target)} has been retracted."


def fact_index(host, fact) -> int:
    if not is_fact(fact):
        raise arg_error("fact-index", 1, "fact address")
    gone = fact_gone(host, fact)
    if gone is not None:            # CLIPS says so and goes on
        host.warn(gone)
        return -1
    return host.fact_index(fact)


def fact_slot_value(host, target, slot):
    if _not_a_fact(host, "fact-slot-value", target):
        return FALSE
    if type(slot) is not str:
        raise arg_error("fact-slot-value", 2, "symbol")
    gone = fact_gone(host, target)
    if gone is not None and type(target) is int:    # an index: said, FALSE, on
        host.warn(gone)
        return FALSE
    if gone is not None:                            # a retracted fact: the action stops
        raise ClpRuntimeError(gone.split("] ", 1)[1])
    return host.fact_slot(target, None if slot == "implied" else slot)


def fact_existp(host, target) -> str:
    if _not_a_fact(host, "fact-existp", target):
        return FALSE
    return "TRUE" if host.fact_exists(target) else "FALSE"


def _relation(host, fname: str, target) -> str | None:
    """The fact's relation; None, and CLIPS's error said, for a fact index not there
    or a value that is no fact (CLIPS goes on: FALSE); a retracted fact stops the
    action, as on CLIPS."""
    if _not_a_fact(host, fname, target):
        return None
    relation = host.fact_relation(target)
    if relation is None and type(target) is int:
        host.warn(f"[PRNTUTIL1] Unable to find fact f-{target}.")
    elif relation is None:
        raise ClpRuntimeError(f"The fact f-{host.fact_id(target)} has been retracted.",
                              code="PRNTUTIL11")
    return relation


def fact_relation(host, target):
    relation = _relation(host, "fact-relation", target)
    return FALSE if relation is None else relation


def fact_slot_names(host, target):
    relation = _relation(host, "fact-slot-names", target)
    if relation is None:
        return FALSE
    slots = host.template_slots(relation)
    return ("implied",) if slots is None else tuple(slots)


def compile_random(form, scope):
    """``(random [lo hi])``: CLIPS draws first, then reads its arguments (a ``(random)``
    among them draws after it), the first before the second (a wrong first is the
    error, the second unread); with one argument it says so and reads none."""
    parts = [expand_arg(a, scope) if is_expand(a) else _single(compile_expr(a, scope, form))
             for a in form[1:]]
    line = getattr(form, "line", None)

    def call(frame):
        host = frame.host
        number = host.random()
        try:
            return _bounded(host, number, parts, frame)
        except ClpRuntimeError as exc:
            raise exc.at(line)
    return call


def _single(run):
    return lambda frame: (run(frame),)


def _bounded(host, number: int, parts: list, frame) -> int:
    bounds = [v for part in parts for v in part(frame)] if len(parts) != 2 else []
    if len(parts) != 2 and len(bounds) != 2:
        if bounds or parts:         # CLIPS says so and gives the number unbounded
            host.warn("[MISCFUN2] Function random expected either 0 or 2 arguments")
        return number
    low = bounds[0] if bounds else parts[0](frame)[0]
    if type(low) is not int:
        raise arg_error("random", 1, "integer")
    high = bounds[1] if bounds else parts[1](frame)[0]
    if type(high) is not int:
        raise arg_error("random", 2, "integer")
    if high < low:
        host.warn("[MISCFUN3] Function random expected argument #1 to be less than argument #2")
        return number
    return low + number % (high - low + 1)


def compile_gensym(form, scope):
    counters = scope.counters

    def gensym(frame):
        counters["gensym"] += 1
        return f"gen{counters['gensym']}"
    return gensym


TABLE: dict[str, Builtin] = {
    "fact-index": Builtin(1, 1, fact_index, HOST, returns="number"),
    "fact-slot-value": Builtin(2, 2, fact_slot_value, HOST, args=("", "symbol")),
    "fact-existp": Builtin(1, 1, fact_existp, HOST, returns="boolean"),
    "fact-relation": Builtin(1, 1, fact_relation, HOST),
    "fact-slot-names": Builtin(1, 1, fact_slot_names, HOST),
    "random": Builtin(0, 2, compile_random, SPECIAL, args="integer", returns="number"),
    "gensym": Builtin(0, 0, compile_gensym, SPECIAL, returns="symbol"),
    "gensym*": Builtin(0, 0, compile_gensym, SPECIAL, returns="symbol"),
}
