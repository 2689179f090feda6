"""The few CLIPS 6.4 C functions pyengine needs that clipspy's API leaves out, called
through ctypes on clipspy's own library: halting an action or a run, aborting
``(exit)``, loading constructs from a string, reading the facts' time tags and the
strategy."""
from __future__ import annotations

import ctypes

from clips import _clips
from clips._clips import ffi

_library = None


def c_library():
    """clipspy's own CLIPS library through ctypes (loaded once), for the calls
    clipspy does not wrap."""
    global _library
    if _library is None:
        lib = ctypes.CDLL(_clips.__file__)
        lib.SetHaltExecution.argtypes = (ctypes.c_void_p, ctypes.c_bool)
        lib.SetHaltExecution.restype = None
        lib.SetEvaluationError.argtypes = (ctypes.c_void_p, ctypes.c_bool)
        lib.SetEvaluationError.restype = None
        lib.SetHaltRules.argtypes = (ctypes.c_void_p, ctypes.c_bool)
        lib.SetHaltRules.restype = None
        lib.AbortExit.argtypes = (ctypes.c_void_p,)
        lib.AbortExit.restype = None
        lib.LoadFromString.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t)
        lib.LoadFromString.restype = ctypes.c_bool
        _library = lib
    return _library


def address(env) -> int:
    """The C address of a clipspy environment pointer."""
    return int(ffi.cast("uintptr_t", env))


def halt_execution(env, on: bool) -> None:
    """CLIPS's ``SetHaltExecution``: on, the action being evaluated stops (as after an
    error); the session turns it off again."""
    c_library().SetHaltExecution(address(env), on)


def clear_errors(env) -> None:
    """As CLIPS's command loop does after each command: the halt and evaluation-error
    flags an error set are cleared (else the next change by hand met them: a
    deffunction returned at once, and CLIPS said less than its prompt says)."""
    c_library().SetHaltExecution(address(env), False)
    c_library().SetEvaluationError(address(env), False)


def halt_rules(env) -> None:
    """CLIPS's ``SetHaltRules``: the run stops after the rule firing now (as ``(halt)``;
    the next run clears it)."""
    c_library().SetHaltRules(address(env), True)


def abort_exit(env) -> None:
    """CLIPS's ``AbortExit``: called from a router's exit callback, ``(exit)`` returns
    instead of ending the process."""
    c_library().AbortExit(address(env))


def load_from_string(env, text: str) -> bool:
    """CLIPS's ``LoadFromString``: the constructs of ``text``, as ``(load)`` would read
    them from a file; False on a syntax error (its text went to the error routers)."""
    data = text.encode("utf-8")
    return bool(c_library().LoadFromString(address(env), data, len(data)))


# struct fact begins with its patternEntity: a TypeHeader, theInfo, dependents,
# busyCount, then the time tag (CLIPS 6.4, 64-bit), checked once per process
_TIME_TAG = 32
_tags_ok: bool | None = None


def fact_time_tags(env) -> list[tuple[int, int]] | None:
    """(index, time tag) of each fact in the fact list's order; None where the layout
    this reads is not the one checked (a modified fact keeps its place in the list and
    gets a new time tag, which no API gives)."""
    global _tags_ok
    if _tags_ok is None:
        _tags_ok = _layout_checked()
    if not _tags_ok:
        return None
    return list(_tags(env))


def _tags(env):
    lib = _clips.lib
    fact = lib.GetNextFact(env, ffi.NULL)
    while fact != ffi.NULL:
        yield lib.FactIndex(fact), ctypes.c_ulonglong.from_address(
            address(fact) + _TIME_TAG).value
        fact = lib.GetNextFact(env, fact)


def _layout_checked() -> bool:
    """Three facts, the first modified: time tags 4, 2, 3 if the layout is as read."""
    import clips
    env = clips.Environment()
    try:
        env.build("(deftemplate pyengine-c (slot v))")
        for v in (1, 2, 3):
            env.assert_string(f"(pyengine-c (v {v}))")
        env.eval("(modify 1 (v 9))")
        return [tag for _, tag in _tags(env._env)] == [4, 2, 3]
    except Exception:       # noqa: BLE001 - any surprise: the layout is not known
        return False


#: CLIPS's strategies in the order of its ``StrategyType`` (``GetStrategy``'s answer)
STRATEGY_NAMES = ("depth", "breadth", "lex", "mea", "complexity", "simplicity", "random")


def strategy_of(env) -> str:
    """The conflict resolution strategy CLIPS uses now (a rule may have set it)."""
    return STRATEGY_NAMES[_clips.lib.GetStrategy(env._env)]
