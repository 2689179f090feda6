"""CLIPS's own REPL in a session: a command typed at the prompt, and modules.

:func:`command` evaluates what a user types at the shell's prompt the way CLIPS's
command loop does, with CLIPS's own ``RouteCommand``: a constant or a variable
(``?*x*``) prints its value, a function call (``(bind ?*x* 3)``, ``(focus WINES)``,
``(set-break r)``, ``(list-defrules *)``) runs and its value is printed unless it is
void. It runs inside the guard (:func:`~pyengine.engine.clips_guard.guarded`:
recursion, time, Ctrl-C) with the session's router reading what CLIPS writes: fact
changes are the session's (events, each fact's origin), a rule fired on the way is
recorded as in a run, and the rest is the command's output. The text is read first
by our reader: calls that would take the session from under pyengine (``(run)``,
``(reset)``, ``(watch ...)`` and the like inside an expression) are refused with the
shell command to use; the shell handles those itself.

Modules: the rules of every module, a rule found by its name in any module (``WINES::
generate-wines`` or ``generate-wines``), the facts the current module sees.
"""
from __future__ import annotations

import ctypes

import clips
from clips._clips import ffi, lib

from pyengine.engine import clips_snapshot
from pyengine.engine.clips_c import address, c_library
from pyengine.engine.clips_guard import guarded
from pyengine.engine.errors import UsageError
from pyengine.engine.interrupt import stop_between_firings
from pyengine.engine.network import too_many_listed
from pyengine.engine.prompt import check_command
from pyengine.engine.records import CommandResult, FactView

def _route_command():
    fn = getattr(_route_command, "fn", None)
    if fn is None:
        fn = c_library().RouteCommand
        fn.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_bool)
        fn.restype = ctypes.c_bool
        _route_command.fn = fn
    return fn


def command(s, text: str) -> CommandResult:
    """Evaluate ``text`` in ClipsSession ``s`` as CLIPS's REPL does (see the module);
    UsageError if CLIPS cannot read it (nothing happened), else what it printed and,
    if it failed while running, CLIPS's error in one line."""
    clips_snapshot.typed(s, check_command(text))
    router, errors = s._router, s._router.errors
    said: list[str] = []
    seen, quiet = s.diagnostics.mark(), errors.quiet
    watching = s.record or bool(s.listeners)
    s._watch_facts(watching)
    router.keep_text = bool(s.listeners)
    router.next_fire, router.rule_names = 1, s._rule_names()
    s._fired_before, s._running, s._said = s.fired_total, True, said
    errors.quiet = True
    try:        # Ctrl-C: noted, not raised inside CLIPS's callbacks; it halts the command
        with stop_between_firings(in_c=True), guarded(s.env._env, errors.drop, 1) as watch:
            ok = _route_command()(address(s.env._env), text.encode("utf-8"), True)
    finally:
        router.end_line()
        s.fired_total = s._fired_before + router.next_fire - 1
        s._running, s._firing, s._said = False, None, None
        errors.quiet = quiet
    s._check_halted(watch, "the command")
    message = s.diagnostics.said_since(seen) or None
    if not ok:
        raise UsageError(message or f"CLIPS cannot evaluate {text.strip()}")
    return CommandResult(tuple(said), message, told=bool(s.listeners))


def matches_text(s, rule: str) -> str:
    """What CLIPS's ``(matches RULE)`` prints (verbose) in ClipsSession ``s``; UsageError
    when it would list more than a view shows (counted first, tersely)."""
    found = find_rule(s.env, rule)
    router = s._router
    router.capture = []
    try:
        counts = found.matches(clips.Verbosity.TERSE)
    finally:
        router.capture = []
    too_many_listed(rule, tuple(counts))
    try:
        found.matches(clips.Verbosity.VERBOSE)
    finally:
        text, router.capture = "".join(router.capture), None
    return text


# -- modules --------------------------------------------------------------------------

def focused(env) -> bool:
    """Is a module on the focus stack? After a run: it was stopped (a ``(halt)``, a
    breakpoint, an error) with activations left, not emptied."""
    return lib.GetFocus(env._env) != ffi.NULL


def modules(env) -> list[str]:
    """The defmodules' names, in the order they were defined (MAIN first)."""
    out, module = [], lib.GetNextDefmodule(env._env, ffi.NULL)
    while module != ffi.NULL:
        out.append(ffi.string(lib.DefmoduleName(module)).decode())
        module = lib.GetNextDefmodule(env._env, module)
    return out


def rule_names(env) -> list[str]:
    """Every rule of every module: plain names with one module, ``MODULE::name`` with
    several."""
    if len(modules(env)) == 1:
        return [r.name for r in env.rules()]
    return [str(n) for n in env.eval("(get-defrule-list *)")]


def find_rule(env, name: str):
    """The rule named ``name`` (``MODULE::name``, or a plain name: from the current
    module, else the one module holding such a rule); UsageError if none or several."""
    try:
        return env.find_rule(name)
    except (LookupError, clips.CLIPSError):
        pass
    if "::" not in name:
        found = [n for n in rule_names(env) if n.split("::")[-1] == name]
        if len(found) == 1:
            return env.find_rule(found[0])
        if found:
            raise UsageError(f"several modules have a rule {name!r}: {', '.join(found)}")
    raise UsageError(f"no rule named {name!r}")


def visible_facts(s) -> list[FactView]:
    """The facts the current module sees, as CLIPS's ``(facts)`` lists them (every fact
    when there is one module)."""
    facts = s.facts()
    if len(modules(s.env)) == 1:
        return facts
    with s._router.aside():
        seen = {f.index for f in s.env.eval("(get-fact-list)")}
    return [f for f in facts if f.id in seen]
