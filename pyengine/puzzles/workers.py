"""Worker processes for the bulk searches (``boggle best --workers N``, ``boggle bench``):
one way to start them, and to stop them.

A :class:`Pool` is a forked process pool (the platform's default start method where
there is no fork) whose workers end silently at SIGTERM (the default action, whatever
handler the parent had) and leave Ctrl-C to the parent. While it is open, SIGTERM to
the parent (its main thread) raises :class:`Terminated` there: the work stops, the
pool's workers are terminated on the way out, and the ``pyengine`` command prints one
line and exits with status 143 (128 + SIGTERM), with no worker left running and no
traceback from any of them.
"""
from __future__ import annotations

import signal
import sys
import threading


class Terminated(BaseException):
    """SIGTERM arrived while workers ran. A BaseException, as KeyboardInterrupt is,
    so that no ``except Exception`` on the way out keeps the work going."""


def _worker_start(initializer, initargs) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle
    if initializer is not None:
        initializer(*initargs)


def _terminated(signum, frame):
    raise Terminated


class Pool:
    """``workers`` processes; ``initializer(*initargs)`` runs in each as it starts.
    Use it as a context manager, or call :meth:`close`."""

    def __init__(self, workers: int, initializer=None, initargs=()):
        import multiprocessing as mp
        ctx = mp.get_context("fork") if sys.platform != "win32" else mp.get_context()
        self.pool = ctx.Pool(workers, initializer=_worker_start,
                             initargs=(initializer, tuple(initargs)))
        self._before = None
        if threading.current_thread() is threading.main_thread():
            self._before = signal.signal(signal.SIGTERM, _terminated)

    def map(self, fn, items) -> list:
        return self.pool.map(fn, items)

    def imap_unordered(self, fn, items):
        return self.pool.imap_unordered(fn, items)

    def close(self) -> None:
        """Terminate the workers and wait for them, then put the parent's SIGTERM
        handler back; a SIGTERM while they stop is noted and raised after that."""
        if self.pool is None:
            return
        noted: list[int] = []
        if self._before is not None:
            signal.signal(signal.SIGTERM, lambda signum, frame: noted.append(signum))
        try:
            self.pool.terminate()
            self.pool.join()
        finally:
            self.pool = None
            if self._before is not None:
                signal.signal(signal.SIGTERM, self._before)
        if noted:
            raise Terminated

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
