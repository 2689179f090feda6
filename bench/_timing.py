"""Timing helper shared by the bench scripts."""
import statistics
import time


def timeit(fn, repeat: int) -> tuple[float, float]:
    """(median, min) seconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), min(times)
