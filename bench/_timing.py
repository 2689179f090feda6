"""Timing helpers shared by the bench scripts."""
import os
import statistics
import sys
import time
from contextlib import contextmanager


def timeit(fn, repeat: int) -> tuple[float, float]:
    """(median, min) seconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), min(times)


@contextmanager
def programs_silenced():
    """What the programs measured print goes nowhere (CLIPS writes to file descriptor
    1 itself), so the bench's own output, ``--json`` above all, is all stdout holds."""
    sys.stdout.flush()
    saved = os.dup(1)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
    try:
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
