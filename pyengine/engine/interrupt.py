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
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

CHUNK = 1000        # CLIPS firings per C call while a run looks out for Ctrl-C


class Interrupt:
    """The Ctrl-C note of one run."""

    def __init__(self, in_c: bool = False) -> None:
        self.hit = False        # Ctrl-C was pressed: stop before the next firing
        self.forced = False     # pressed again: stop inside the firing
        self.reading = False    # a rule waits for an input line
        self.in_c = in_c        # the run is a C call (CLIPS): raising would be lost

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
        """Raise KeyboardInterrupt if Ctrl-C was pressed during the run."""
        if self.hit:
            raise KeyboardInterrupt


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
