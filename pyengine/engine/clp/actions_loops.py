"""CLIPS's loops: ``while``, ``loop-for-count``, ``progn$``/``foreach``, and ``break``.

* ``(while <test> [do] <actions>)`` returns FALSE.
* ``(loop-for-count <n> [do] ...)``, ``(loop-for-count (?i <n>) ...)`` (1 to n),
  ``(loop-for-count (?i <from> <to>) ...)``: the bounds are evaluated once, must be
  integers, and a literal float bound is refused when compiled, as CLIPS does.
  Returns FALSE.
* ``(progn$ (?v <multifield>) ...)`` and ``(foreach ?v <multifield> ...)`` bind ``?v``
  to each item and ``?v-index`` to its position; they return the last value of
  their last round (FALSE when there was none).

A loop variable belongs to its loop: it cannot be ``bind``-ed inside it, it is not
visible after it, and a variable of the same name outside the loop has its value
back when the loop ends (so nested loops may reuse a name).
``(break)`` leaves the innermost loop and is refused outside one.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, Variable
from pyengine.engine.clp.actions import BreakSignal, keyword, sequence
from pyengine.engine.clp.expressions import (SPECIAL, Builtin, ClpError, Compiled, Frame,
                                             Scope, arg_error, compile_expr)
from pyengine.engine.clp.values import FALSE

_MISSING = object()


def _body(items, scope: Scope, form: Form, loop_vars: tuple[str, ...]) -> Compiled:
    """The loop's actions, compiled with its variables bound and protected."""
    items = list(items)
    if items and keyword(items[0], "do"):
        items.pop(0)
    saved = (set(scope.bound), scope.loop_vars, scope.loop_depth, scope.rebinds(loop_vars))
    scope.bound.update(loop_vars)
    scope.loop_vars = scope.loop_vars | frozenset(loop_vars)
    scope.loop_depth += 1
    try:
        body = sequence(items, scope, form)
    finally:
        outer_bound, scope.loop_vars, scope.loop_depth, scope.addresses = saved
        # binds inside the loop stay visible after it; its own variables do not
        scope.bound.difference_update(v for v in loop_vars if v not in outer_bound)
    return body


def _restore(variables: dict, saved: list[tuple[str, object]]) -> None:
    for name, value in saved:
        if value is _MISSING:
            variables.pop(name, None)
        else:
            variables[name] = value


def compile_while(form: Form, scope: Scope) -> Compiled:
    test = compile_expr(form[1], scope, form)
    body = _body(form[2:], scope, form, ())

    def run(frame: Frame) -> object:
        turns = 0
        try:
            while test(frame) != FALSE:
                body(frame)
                turns += 1
                if not turns & _POLL_EVERY:
                    _poll(frame)
        except BreakSignal:
            pass
        return FALSE
    return run


#: A loop asks its host every this many turns (a mask) whether it may go on.
_POLL_EVERY = 1023


def _poll(frame: Frame) -> None:
    """The host's say on a long loop inside one firing (a time budget spent: its
    ``poll`` raises); hosts without one let it run."""
    poll = getattr(frame.host, "poll", None)
    if poll is not None:
        poll()


def compile_loop_for_count(form: Form, scope: Scope) -> Compiled:
    line = getattr(form, "line", None)
    spec = form[1]
    name = None
    if isinstance(spec, Form) and spec and isinstance(spec[0], Variable):
        if spec[0].multi or spec[0].is_global or not spec[0].name or len(spec) not in (2, 3):
            raise ClpError("loop-for-count's range is (?var <end>) or (?var <start> <end>)",
                           line)
        name, bounds = spec[0].name, list(spec[1:])
    else:
        bounds = [spec]
    if any(type(b) is float for b in bounds):
        raise ClpError("loop-for-count's bounds are integers, not floats", line)
    ends = [compile_expr(b, scope, form) for b in bounds]
    start = ends[0] if len(ends) == 2 else (lambda frame: 1)
    end = ends[-1]
    body = _body(form[2:], scope, form, (name,) if name else ())

    def run(frame: Frame) -> object:
        low, high = start(frame), end(frame)
        if type(low) is not int:
            raise arg_error("loop-for-count", 1, "integer").at(line)
        if type(high) is not int:
            raise arg_error("loop-for-count", 2, "integer").at(line)
        variables = frame.vars
        saved = [(name, variables.get(name, _MISSING))] if name else []
        try:
            for i in range(low, high + 1):
                if name:
                    variables[name] = i
                body(frame)
                if not (i - low + 1) & _POLL_EVERY:
                    _poll(frame)
        except BreakSignal:
            pass
        finally:
            _restore(variables, saved)
        return FALSE
    return run


def _compile_each(form: Form, scope: Scope, name: str | None, source, actions) -> Compiled:
    """progn$ and foreach: ``name`` (or None) takes each item of ``source``."""
    line = getattr(form, "line", None)
    values = compile_expr(source, scope, form)
    index = f"{name}-index"
    body = _body(actions, scope, form, (name, index) if name else ())
    fname = str(form[0])

    def run(frame: Frame) -> object:
        items = values(frame)
        if type(items) is not tuple:
            raise arg_error(fname, 1, "multifield").at(line)
        variables = frame.vars
        saved = [(v, variables.get(v, _MISSING)) for v in (name, index)] if name else []
        result: object = FALSE
        try:
            for i, item in enumerate(items, 1):
                if name:
                    variables[name], variables[index] = item, i
                result = body(frame)
        except BreakSignal:
            result = FALSE
        finally:
            _restore(variables, saved)
        return result
    return run


def compile_progn_each(form: Form, scope: Scope) -> Compiled:
    spec = form[1]
    if isinstance(spec, Form) and spec and isinstance(spec[0], Variable):
        if len(spec) != 2 or spec[0].multi or spec[0].is_global or not spec[0].name:
            raise ClpError("progn$ is written (progn$ (?var <multifield>) <actions>)",
                           getattr(form, "line", None))
        return _compile_each(form, scope, spec[0].name, spec[1], form[2:])
    return _compile_each(form, scope, None, spec, form[2:])


def compile_foreach(form: Form, scope: Scope) -> Compiled:
    var = form[1]
    if not isinstance(var, Variable) or var.multi or var.is_global or not var.name:
        raise ClpError("foreach is written (foreach ?var <multifield> <actions>)",
                       getattr(form, "line", None))
    return _compile_each(form, scope, var.name, form[2], form[3:])


def compile_break(form: Form, scope: Scope) -> Compiled:
    if scope.loop_depth <= 0:
        raise ClpError("break is only valid inside a loop (while, loop-for-count, "
                       "progn$, foreach)", getattr(form, "line", None))

    def leave(frame: Frame) -> object:
        raise BreakSignal()
    return leave


TABLE: dict[str, Builtin] = {
    "while": Builtin(1, None, compile_while, SPECIAL),
    "loop-for-count": Builtin(1, None, compile_loop_for_count, SPECIAL),
    "progn$": Builtin(1, None, compile_progn_each, SPECIAL),
    "foreach": Builtin(2, None, compile_foreach, SPECIAL),
    "break": Builtin(0, 0, compile_break, SPECIAL),
}
