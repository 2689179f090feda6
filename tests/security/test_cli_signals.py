"""SIGTERM while a command's worker processes run (``boggle best`` and ``boggle bench``
with ``--workers 2``): the command stops them all and ends with one line and status 143
(128 + SIGTERM), never a traceback or an orphan. Heavy: each run starts two workers."""
import sys
from pathlib import Path

import pytest


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


def _compile_the_kernels() -> None:
    """The compiled search and annealing, on disk before the command starts: a cold
    compile (tens of seconds, the first numba use of a fresh clone) is not the workers'
    start the test waits for."""
    from pyengine.puzzles.boggle.finder import numba_available
    if numba_available():
        from pyengine.puzzles.boggle.compiled import ensure_compiled
        from pyengine.puzzles.boggle.finder_numba import SEARCH
        from pyengine.puzzles.boggle_studies.runs import ANNEAL
        ensure_compiled((SEARCH, ANNEAL))


@pytest.mark.heavy
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("argv", [
    ["boggle", "best", "--words", "default", "--seconds", "60", "--workers", "2", "--quiet"],
    # 50,000 boards: several seconds of work, so the signal comes while the workers run
    # (5,000 ended within the second the test waits, on an idle machine)
    ["boggle", "bench", "--words", "default", "--algos", "7freq", "--boards", "50000",
     "--workers", "2", "--no-progress", "--generator", "plain"],
])
def test_sigterm_stops_the_workers_and_the_command_cleanly(argv):
    import signal
    import subprocess
    import time
    _compile_the_kernels()
    proc = subprocess.Popen([sys.executable, "-m", "pyengine", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 40
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
            workers = _children(proc.pid)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(1.0)                                     # the workers are at work
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 143, err
    *before, last = err.splitlines()     # before: at most the numba kernels' first compile
    assert last == "pyengine: terminated" and out == "", err
    assert all(line.startswith("pyengine: compiling the Boggle search") for line in before), err
    time.sleep(0.5)
    assert not [w for w in workers if _alive(w)], "a worker outlived the command"
