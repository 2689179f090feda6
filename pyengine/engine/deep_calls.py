"""Room for deep recursion in a rule program: a CLIPS deffunction calling itself a few
thousand times, as CLIPS allows.

CLIPS recurses on the C stack (:mod:`pyengine.engine.clips_guard` halts it at 10,000
nested calls); our engine runs a CLIPS program's deffunctions as Python calls, some
half a dozen Python frames a call, so Python's default limit of 1,000 frames stopped a
recursive sum of a 150-item list that CLIPS adds up. While our engine matches and
fires, on the main thread (whose stack grows on demand), the soft stack limit is raised
(:func:`big_stack`) and Python's recursion limit with it (:data:`FRAMES`); both are put
back afterwards. A runaway recursion still ends in one line, not a crash.
"""
from __future__ import annotations

import resource
import sys
import threading
from contextlib import contextmanager
from typing import Iterator

#: The soft stack limit asked for while a program runs deep (about 400,000 nested
#: CLIPS calls on CLIPS's own stack).
STACK_BYTES = 256 * 1024 * 1024
#: Python frames our engine may nest: CLIPS's 10,000 calls, at about six frames each.
FRAMES = 60_000


@contextmanager
def big_stack(main: bool = True) -> Iterator[None]:
    """The main thread's soft stack limit raised to :data:`STACK_BYTES` (``main``
    False: nothing changes; another thread's stack was fixed when it started)."""
    if not main:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
    want = STACK_BYTES if hard == resource.RLIM_INFINITY else min(STACK_BYTES, hard)
    raised = soft != resource.RLIM_INFINITY and soft < want
    if raised:
        resource.setrlimit(resource.RLIMIT_STACK, (want, hard))
    try:
        yield
    finally:
        if raised:
            resource.setrlimit(resource.RLIMIT_STACK, (soft, hard))


@contextmanager
def deep_calls() -> Iterator[None]:
    """Python's recursion limit at :data:`FRAMES` on a raised stack, on the main thread
    only (elsewhere the limit stands)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = sys.getrecursionlimit()
    if before >= FRAMES:
        yield
        return
    with big_stack():
        sys.setrecursionlimit(FRAMES)
        try:
            yield
        finally:
            sys.setrecursionlimit(before)
