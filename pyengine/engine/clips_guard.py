"""Keeping a CLIPS call inside bounds it cannot keep itself: recursion, time, Ctrl-C.

CLIPS evaluates a deffunction's recursion on the C stack with no limit of its own: on
a usual 8 MB stack, ``(deffunction f (?n) (f (+ ?n 1)))`` crashes the process with a
segmentation fault at about 12,500 calls, and a loop that neither prints nor reads
gives Python no turn to stop it. While a session's CLIPS call runs, :func:`guarded`

* raises the process's soft stack limit (:func:`~pyengine.engine.deep_calls.big_stack`,
  on the main thread, where the stack grows on demand; put back afterwards), so a
  runaway recursion meets our limit long before the end of the stack;
* has a watchdog thread look, every :data:`TICK` seconds, at CLIPS's own count of
  nested calls (``CurrentEvaluationDepth``), the clock, and Ctrl-C, and halt the
  action (CLIPS's ``SetHaltExecution``, as after an error) when the count passes
  :data:`MAX_DEPTH`, when the time budget and its grace are spent inside one firing,
  or when Ctrl-C is pressed twice;
* tells the session why, so it reports one line
  (:class:`~pyengine.engine.errors.EngineHalted`) instead of crashing or hanging.

The count is read from CLIPS's environment data, whose layout (CLIPS 6.4, as clipspy
1.0 builds it) is checked once per process on a scratch environment; if the check
fails the depth limit is off (time and Ctrl-C still work) and :func:`depth_guard`
says so.
"""
from __future__ import annotations

import ctypes
import os
import signal
import threading
import time
from contextlib import contextmanager
from typing import Iterator

import clips

from pyengine.engine.clips_c import address, halt_execution, halt_rules
from pyengine.engine.deep_calls import big_stack
from pyengine.engine.interrupt import current_budget

#: Nested deffunction, generic and message-handler calls at which CLIPS is halted (on an
#: 8 MB stack CLIPS itself crashes at about 12,500).
MAX_DEPTH = 10_000
#: How often the watchdog looks (seconds): short beside a person's patience, long beside
#: one CLIPS call, so a runaway program is stopped soon after its limit.
TICK = 0.001
#: The watchdog thread's stack (bytes): it only reads a counter and calls one function.
WATCHDOG_STACK = 256 * 1024

# struct environmentData (envrnmnt.h): a bit field, then context, TrueSymbol, FalseSymbol,
# VoidConstant, then theData; EVALUATION_DATA is position 44; in struct evaluationData the
# HaltExecution flag is at byte 9 and CurrentEvaluationDepth at byte 12.
_THE_DATA, _EVALUATION_DATA, _HALT, _DEPTH = 40, 44, 9, 12
_layout_ok: bool | None = None


def _evaluation_data(env_address: int) -> int:
    the_data = ctypes.c_void_p.from_address(env_address + _THE_DATA).value
    return ctypes.c_void_p.from_address(the_data + _EVALUATION_DATA * 8).value


def depth_guard() -> bool:
    """Can the depth of CLIPS's nested calls be read here (checked once)?"""
    global _layout_ok
    if _layout_ok is None:
        try:
            _layout_ok = ctypes.sizeof(ctypes.c_void_p) == 8 and _check_layout()
        except Exception:
            _layout_ok = False
    return _layout_ok


def _check_layout() -> bool:
    """Read HaltExecution and the depth where we expect them, on a scratch environment
    whose values we set: the flag both ways, the depth at two known nestings."""
    env = clips.Environment()
    ev = _evaluation_data(address(env._env))
    flag = ctypes.c_bool.from_address(ev + _HALT)
    halt_execution(env._env, True)
    on = flag.value
    halt_execution(env._env, False)
    if not on or flag.value:
        return False
    seen: list[int] = []
    env.define_function(lambda: seen.append(ctypes.c_int.from_address(ev + _DEPTH).value),
                        name="pyengine-depth-probe")
    env.build("(deffunction pyengine-depth-test (?n) (if (> ?n 0) then "
              "(pyengine-depth-test (- ?n 1)) else (pyengine-depth-probe)))")
    env.eval("(pyengine-depth-test 0)")
    env.eval("(pyengine-depth-test 5)")
    return len(seen) == 2 and seen[1] - seen[0] == 5


class Watch:
    """One guarded CLIPS call: what the watchdog looks at, and why it halted (if it did)."""

    def __init__(self, env, deadline: float | None, seconds: float | None,
                 on_halt=None, presses: int = 2) -> None:
        self.env = env
        self.presses_to_halt = presses  # a run stops between firings at the first
        self.on_halt = on_halt
        self.depth = (ctypes.c_int.from_address(_evaluation_data(address(env)) + _DEPTH)
                      if depth_guard() else None)
        self.deadline = deadline
        self.seconds = seconds
        self.sigint_fd: int | None = None
        self.presses = 0
        self.reason: str | None = None
        self.interrupted = False        # halted by Ctrl-C: the run raises KeyboardInterrupt
        self.stopping = False           # the first Ctrl-C of two: rules halted

    def check(self) -> None:
        if self.reason is not None:
            return
        if self.depth is not None and self.depth.value > MAX_DEPTH:
            self.halt(f"recursion deeper than {MAX_DEPTH:,} nested calls (CLIPS would "
                      "run out of stack): the action was halted")
        elif self.deadline is not None and time.monotonic() > self.deadline:
            self.halt(f"one firing ran for more than {self.seconds:g} s: "
                      "its action was halted")
        elif self.sigint_fd is not None and self._pressed() >= self.presses_to_halt:
            self.interrupted = True
            self.halt("Ctrl-C pressed twice: the action was halted"
                      if self.presses_to_halt > 1 else "Ctrl-C: the command was halted")
        elif self.presses and not self.stopping:    # the first of two: the run stops
            self.stopping = True                    # after the firing now (a chunk of
            halt_rules(self.env)                    # firings could take minutes)

    def _pressed(self) -> int:
        try:
            got = os.read(self.sigint_fd, 64)
        except (BlockingIOError, OSError):
            return self.presses
        self.presses += got.count(bytes([signal.SIGINT]))
        return self.presses

    def halt(self, reason: str) -> None:
        self.reason = reason
        if self.on_halt is not None:
            self.on_halt(True)
        halt_execution(self.env, True)


class _Watchdog:
    """One daemon thread for the process, awake only while a guarded call runs."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.watches: set[Watch] = set()
        self.wake = threading.Event()
        self.thread: threading.Thread | None = None

    def add(self, watch: Watch) -> None:
        with self.lock:
            self.watches.add(watch)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._loop, name="pyengine-clips-guard",
                                               daemon=True)
                before = threading.stack_size(WATCHDOG_STACK)   # it needs little
                try:
                    self.thread.start()
                finally:
                    threading.stack_size(before)
        self.wake.set()

    def remove(self, watch: Watch) -> None:
        with self.lock:
            self.watches.discard(watch)

    def _loop(self) -> None:
        while True:
            self.wake.clear()
            with self.lock:             # remove() waits for a check under way
                idle = not self.watches
                for watch in self.watches:
                    watch.check()
            if idle:
                self.wake.wait()
            else:
                time.sleep(TICK)


_watchdog = _Watchdog()


@contextmanager
def guarded(env, on_halt=None, presses: int = 2) -> Iterator[Watch]:
    """Around one CLIPS call that evaluates the user's code (a run, a reset, an assert
    with dynamic defaults): the watchdog halts it past the depth limit, past the time
    budget's grace (see :func:`~pyengine.engine.interrupt.time_budget`), or at a
    second Ctrl-C (``presses``: a command typed at the prompt stops at the first).
    After the block, ``watch.reason`` says why it was halted (None:
    it was not) and CLIPS's halt flag is off again. ``on_halt(True)`` is called (from
    the watchdog's thread) when it halts, ``on_halt(False)`` after the block: CLIPS
    then writes a warning for every call it leaves, which the session drops."""
    budget = current_budget()
    deadline = seconds = None
    if budget is not None:
        deadline = budget.deadline + budget.grace
        seconds = budget.seconds + budget.grace
    watch = Watch(env, deadline, seconds, on_halt, presses)
    main = threading.current_thread() is threading.main_thread()
    with big_stack(main), _sigint_pipe(watch, main):
        _watchdog.add(watch)
        try:
            yield watch
        finally:
            _watchdog.remove(watch)
            if watch.reason is not None:
                halt_execution(env, False)
                if on_halt is not None:
                    on_halt(False)


@contextmanager
def _sigint_pipe(watch: Watch, main: bool) -> Iterator[None]:
    """Let the watchdog see Ctrl-C while CLIPS runs: Python's own handler runs only
    when the main thread comes back from C, but the signal's number is written at once
    to the wakeup descriptor."""
    if not main or signal.getsignal(signal.SIGINT) in (signal.SIG_IGN, signal.SIG_DFL):
        yield
        return
    read_fd, write_fd = os.pipe()
    os.set_blocking(read_fd, False)
    os.set_blocking(write_fd, False)
    try:
        old = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
    except ValueError:
        os.close(read_fd)
        os.close(write_fd)
        yield
        return
    watch.sigint_fd = read_fd
    try:
        yield
    finally:
        signal.set_wakeup_fd(old)
        watch.sigint_fd = None
        os.close(read_fd)
        os.close(write_fd)
