"""What the web benches share: the real ``pyengine serve`` on a free port, clients on
loopback addresses of their own (127.0.0.N: each a different computer to the server),
the memory of the server and of every process under it, and latency percentiles.
``bench/bench_web_load.py`` and ``bench/bench_classroom.py`` use them."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from pyengine.ui.web.background import free_port

REPO = Path(__file__).resolve().parent.parent
PYENGINE = [sys.executable, "-m", "pyengine"]
#: An endless chain of firings: each retracts its fact and asserts the next number.
CLIPS_LOOP = "(defrule tick ?f <- (n ?x) => (retract ?f) (assert (n (+ ?x 1))))\n(deffacts s (n 0))\n"


class Server:
    """``pyengine serve ARGS`` on a free port, until closed."""

    def __init__(self, *args: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.TemporaryFile("w+")     # noqa: SIM115 (open while the server runs)
        self.proc = subprocess.Popen([*PYENGINE, "serve", *args, "--port", str(self.port)],
                                     cwd=REPO, stderr=self.log, text=True)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                httpx.get(self.url + "/api/targets", timeout=2)
                return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise SystemExit("the server did not start: " + self.errors())

    def errors(self) -> str:
        self.log.seek(0)
        return self.log.read()[-2000:]

    def memory(self) -> int:
        """Bytes: the proportional set size of the server and every process under it."""
        return tree_pss(self.proc.pid)

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def descendants(root: int) -> list[int]:
    """Every process under ``root`` (children, their children...)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
                ppid = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        for kid in children.get(todo.pop(), []):
            out.append(kid)
            todo.append(kid)
    return out


def _kib(pid: int, path: str, key: str) -> int:
    """Bytes: the ``key:`` line (in kB) of ``/proc/PID/PATH``; 0 for a process gone."""
    try:
        for line in Path(f"/proc/{pid}/{path}").read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def pss(pid: int) -> int:
    """Bytes: one process's proportional set size (pages it shares counted in part)."""
    return _kib(pid, "smaps_rollup", "Pss:")


def rss(pid: int) -> int:
    """Bytes: one process's resident set size."""
    return _kib(pid, "status", "VmRSS:")


def cpu_seconds(pid: int | None) -> float:
    """The CPU time (user and system) one process has used so far; 0 for none."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, TypeError):
        return 0.0


def tree_pss(root: int) -> int:
    """Bytes: the proportional set size of ``root`` and every process under it (pages
    the workers share with the fork server count once)."""
    return sum(pss(pid) for pid in [root, *descendants(root)])


def watch(threads: list[threading.Thread], root: int | None, every: float = 0.5) -> dict:
    """Start ``threads`` and sample memory until they end: the peak PSS of ``root`` and
    every process under it, and ``root``'s own peak RSS (bytes; 0 without a root)."""
    peak = {"pss": 0, "rss": 0}
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        if root is not None:
            peak["pss"] = max(peak["pss"], tree_pss(root))
            peak["rss"] = max(peak["rss"], rss(root))
        time.sleep(every)
    return peak


def client(url: str, n: int, timeout: float = 60) -> httpx.Client:
    """A client from 127.0.0.N with the page's token."""
    c = httpx.Client(base_url=url, timeout=timeout,
                     transport=httpx.HTTPTransport(local_address=f"127.0.0.{n}"))
    c.headers["X-Pyengine-Token"] = c.get("/api/targets").json()["token"]
    return c


def latency(seconds: list[float]) -> dict:
    """Median, 95th percentile and slowest of ``seconds``, in milliseconds."""
    if not seconds:
        return {"p50_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(seconds)
    return {"p50_ms": 1000 * statistics.median(ordered),
            "p95_ms": 1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
            "max_ms": 1000 * ordered[-1]}
