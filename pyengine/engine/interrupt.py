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
stops the run after that firing. Outside the main thread, or when the program has
a SIGINT handler of its own, the run is left to it.
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

CHUNK = 1000        # CLIPS firings per C call while a run looks out for Ctrl-C


class Interrupt:
    """The Ctrl-C note of one run."""

    def __init__(self) -> None:
        self.hit = False        # Ctrl-C was pressed: stop before the next firing
        self.reading = False    # a rule waits for an input line

    def on_sigint(self, signum, frame) -> None:
        if self.hit or self.reading:
            raise KeyboardInterrupt
        self.hit = True

    def check(self) -> None:
        """Raise KeyboardInterrupt if Ctrl-C was pressed during the run."""
        if self.hit:
            raise KeyboardInterrupt


@contextmanager
def stop_between_firings() -> Iterator[Interrupt]:
    """Note Ctrl-C for the length of a run instead of raising where it falls."""
    note = Interrupt()
    ours = (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler)
    if ours:
        signal.signal(signal.SIGINT, note.on_sigint)
    try:
        yield note
    finally:
        if ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)
