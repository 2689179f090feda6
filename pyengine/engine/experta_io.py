"""What an experta rule prints and reads: ``sys.stdout`` and ``sys.stdin`` while its
action runs (see :meth:`ExpertaSession._fire`).

While any rule's action runs, ``sys.stdout`` and ``sys.stdin`` are routed by thread
(:func:`rule_streams`): a thread running an action writes and reads its session's
streams, every other thread the process's own. So two sessions firing in two threads
(a notebook's background run beside a cell) keep their printed lines apart, and the
process's streams come back when the last action ends. What a rule prints goes into
the :class:`~pyengine.engine.rule_lines.Lines` both engines use.
"""
from __future__ import annotations

import io
import sys
import threading
from contextlib import contextmanager

from pyengine.engine.clp.errors import ClpRuntimeError
from pyengine.engine.errors import EngineHalted, UsageError


class RuleInput(io.TextIOBase):
    """A stdin for rules: each line comes from the session's reader; at the end of
    input ``readline`` gives "" (so ``input()`` raises EOFError)."""

    def __init__(self, session):
        self.session = session

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        text = self.session._ask(self.session._printed_lines.take())
        return "" if text is None else text + "\n"

    def read(self, size: int = -1) -> str:
        return self.readline()


def action_error(exc: BaseException, rule: str = "") -> str:
    """A failed action's error in one line (Python's with its type: ``ZeroDivisionError: ...``);
    a CLIPS program's ends as CLIPS's does, naming the ``rule`` halted."""
    if isinstance(exc, ClpRuntimeError) and rule:
        warning = "WARNING: " if exc.rules_halted else ""
        return (f"{exc} [PRCCODE4] {warning}Execution halted during the actions of defrule "
                f"'{rule.rpartition('::')[2]}'.")
    if isinstance(exc, UsageError):
        return str(exc)
    if isinstance(exc, SystemExit):
        return f"the rule called sys.exit({exc.code!r}): a rule cannot end the session"
    return f"{type(exc).__name__}: {exc}"


def firing_failed(session, exc: BaseException, rule: str) -> None:
    """A firing whose action failed stops the run (EngineHalted); but under every-cycle
    salience evaluation CLIPS refreshes the agendas after each firing, and the refresh
    clears the error (RefreshAgenda's ResetErrorFlags, agenda.c): the run goes on, and
    the error is said with the others after it."""
    said = action_error(exc, rule)
    if session.rete.agenda.salience_evaluation == "every-cycle":
        session.warn(said)
        return
    raise EngineHalted(f"firing {session.fired_total}: {said}") from exc


_routing = threading.Lock()
_routes: dict[int, tuple] = {}      # thread -> (stdout, stdin) of the action it runs
_outside: list = [None, None]       # the process's own (stdout, stdin) meanwhile


class _Routed:
    """``sys.stdout`` or ``sys.stdin`` (``which``: 0 or 1) while actions run: the
    stream of the action running in the calling thread, else the process's own."""

    def __init__(self, which: int):
        self.which = which

    def _target(self):
        route = _routes.get(threading.get_ident())
        return route[self.which] if route is not None else _outside[self.which]

    def write(self, text: str) -> int:
        return self._target().write(text)

    def readline(self, size: int = -1) -> str:
        return self._target().readline(size)

    def __getattr__(self, name: str):
        return getattr(self._target(), name)


_ROUTED = (_Routed(0), _Routed(1))


@contextmanager
def rule_streams(out, inp):
    """``sys.stdout`` and ``sys.stdin`` are ``out`` and ``inp`` for this thread
    meanwhile (nested: the outer ones come back after)."""
    me = threading.get_ident()
    with _routing:
        if not _routes:
            _outside[:] = sys.stdout, sys.stdin
            sys.stdout, sys.stdin = _ROUTED
        before = _routes.get(me)
        _routes[me] = (out, inp)
    try:
        yield
    finally:
        with _routing:
            if before is None:
                del _routes[me]
            else:
                _routes[me] = before
            if not _routes:             # the last action is done: the process's own
                if sys.stdout is _ROUTED[0]:
                    sys.stdout = _outside[0]
                if sys.stdin is _ROUTED[1]:
                    sys.stdin = _outside[1]


def outside_streams() -> tuple:
    """The process's own (stdout, stdin), also while actions run (a reader's)."""
    return tuple(_outside) if _routes else (sys.stdout, sys.stdin)
