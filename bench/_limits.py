"""One way to measure a command at its size limit: run ``pyengine ARGS`` in a child
process and read its exit status, wall time and peak memory (the child's own
``ru_maxrss`` from ``wait4``), so every limits bench reports the same figures."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Measure:
    status: int
    seconds: float
    peak_mib: float
    stdout: str
    error: str          # the last line of stderr (a refusal's message)

    def line(self, what: str) -> str:
        return (f"  {what:<58} {self.seconds:7.2f} s {self.peak_mib:7.0f} MiB  "
                f"exit {self.status}")

    def as_dict(self, what: str) -> dict:
        return {"what": what, "exit": self.status, "seconds": round(self.seconds, 3),
                "peak_mib": round(self.peak_mib, 1), "error": self.error}


def measure(argv: list[str], stdin: bytes | None = None, env: dict | None = None) -> Measure:
    """Run ``python -m pyengine ARGV`` from the repository and measure it."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.TemporaryFile() as inp:
        if stdin is not None:
            inp.write(stdin)
            inp.seek(0)
        t = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "pyengine", *argv], cwd=REPO, env=env,
                                stdin=inp if stdin is not None else subprocess.DEVNULL,
                                stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        lines = err.read().decode("utf-8", "replace").strip().splitlines()
        return Measure(proc.returncode, seconds, usage.ru_maxrss / 1024,
                       out.read().decode("utf-8", "replace"), lines[-1] if lines else "")
