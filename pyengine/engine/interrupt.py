"""Ctrl-C during a run: the run stops between two firings, whole, then raises.

A CLIPS run is one call into C that calls back into Python for every piece of
watch output; a KeyboardInterrupt raised inside such a callback is printed and
dropped by cffi, so a recorded CLIPS run never stopped at Ctrl-C (a rule set that
loops for ever hung the shell). An experta run stopped wherever Python happened
to be, half-way through a rule's action, its firing counted but not recorded.

So while a session runs, :func:`stop_between_firings` puts in a SIGINT handler
that only notes the key. The session's run loop looks at the note between two
firings (CLIPS: between runs of at most :data:`CHUNK` firings, one C call each),
stops there with its facts, trace, firing count and stage whole, and raises
KeyboardInterrupt, which the shell reports and the ``pyengine`` command turns into
exit status 130. A second Ctrl-C raises at once (a rule's action that never ends);
one while a rule waits for an input line ends the input (the rule reads EOF) and
stops the run after that firing. In CLIPS the second key is not raised (cffi would
print and drop it): the session's router halts the running action at the next piece
it is asked to write (an endless loop that prints); a loop that neither prints nor
reads gives Python no turn and cannot be stopped. Outside the main thread, or when
the program has a SIGINT handler of its own, the run is left to it.

A run can also be given a time (:func:`time_budget`, the web inspector's bound on one
request): the same loops look at the clock between firings and stop there, whole,
raising :class:`~pyengine.engine.errors.OutOfTime`. An action that runs past the
time inside one firing is the engine's to stop (CLIPS: :mod:`~pyengine.engine.clips_guard`).
"""
from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from typing import Iterator

from pyengine.engine.errors import OutOfTime

CHUNK = 1000        # CLIPS firings per C call while a run looks out for Ctrl-C
#: With a time budget, CLIPS runs in chunks that take about this long (seconds), so
#: the clock is looked at often enough.
CHUNK_SECONDS = 0.02


def next_chunk(chunk: int, took: float) -> int:
    """The next chunk of firings under a time budget: twice as many after a quick one,
    half as many after a slow one, so each takes about :data:`CHUNK_SECONDS`."""
    if took < CHUNK_SECONDS / 2:
        return min(CHUNK, chunk * 2)
    if took > CHUNK_SECONDS:
        return max(1, chunk // 2)
    return chunk


class Budget:
    """The time one piece of work may take: runs stop between firings once it is
    spent; ``grace`` more seconds inside one firing before the engine halts it."""

    def __init__(self, seconds: float, grace: float = 1.0) -> None:
        self.seconds = seconds
        self.grace = grace
        self.deadline = time.monotonic() + seconds
        self.spent = False

    def over(self) -> bool:
        if not self.spent and time.monotonic() >= self.deadline:
            self.spent = True
        return self.spent


_budget: Budget | None = None


@contextmanager
def time_budget(seconds: float | None, grace: float = 1.0) -> Iterator[Budget | None]:
    """Give the runs inside the block ``seconds`` in all (None: no bound)."""
    global _budget
    outer = _budget
    _budget = Budget(seconds, grace) if seconds is not None else None
    try:
        yield _budget
    finally:
        _budget = outer


def current_budget() -> Budget | None:
    return _budget


@contextmanager
def no_budget() -> Iterator[None]:
    """Work inside the block is not cut by the time budget (a replay to step back)."""
    global _budget
    outer, _budget = _budget, None
    try:
        yield
    finally:
        _budget = outer


class Interrupt:
    """The Ctrl-C note of one run."""

    def __init__(self, in_c: bool = False) -> None:
        self.hit = False        # Ctrl-C was pressed: stop before the next firing
        self.forced = False     # pressed again: stop inside the firing
        self.reading = False    # a rule waits for an input line
        self.in_c = in_c        # the run is a C call (CLIPS): raising would be lost
        self.budget = _budget   # the time this run may take (None: no bound)

    @property
    def stop(self) -> bool:
        """Stop before the next firing: Ctrl-C, or the time budget spent."""
        return self.hit or (self.budget is not None and self.budget.over())

    def on_sigint(self, signum, frame) -> None:
        if self.reading:        # the reader gives up the line; the rule reads EOF
            self.hit = True
            raise KeyboardInterrupt
        if not self.hit:
            self.hit = True
            return
        self.forced = True
        if not self.in_c:
            raise KeyboardInterrupt

    def check(self) -> None:
        """Raise KeyboardInterrupt if Ctrl-C was pressed during the run, OutOfTime if
        its time budget was spent."""
        if self.hit:
            raise KeyboardInterrupt
        if self.budget is not None and self.budget.spent:
            raise OutOfTime(f"stopped after {self.budget.seconds:g} s, the time one "
                            "request may take")


@contextmanager
def stop_between_firings(in_c: bool = False) -> Iterator[Interrupt]:
    """Note Ctrl-C for the length of a run instead of raising where it falls."""
    note = Interrupt(in_c)
    ours = (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler)
    if ours:
        signal.signal(signal.SIGINT, note.on_sigint)
    try:
        yield note
    finally:
        if ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)
