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


def cpu_seconds(pid: int | None, reaped: bool = False) -> float:
    """The CPU time (user and system) one process has used so far, with its ended
    children's that it waited for if ``reaped``; 0 for none."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = sum(int(f) for f in fields[11:15 if reaped else 13])
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, TypeError):
        return 0.0


def tree_cpu(root: int | None) -> float:
    """The CPU time of ``root`` and every process under it, those ended included (the
    fork server waits for its workers)."""
    if root is None:
        return 0.0
    return sum(cpu_seconds(pid, reaped=True) for pid in [root, *descendants(root)])


def machine_cpu() -> float:
    """The CPU time every process of the machine has used (``/proc/stat``, not idle)."""
    ticks = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def cpu_now(root: int | None) -> dict:
    """CPU seconds so far: the server process (its event loop), the server with all its
    workers, this process (the load generator) and the whole machine."""
    return {"server": cpu_seconds(root), "server_and_workers": tree_cpu(root),
            "load_generator": sum(os.times()[:2]), "machine": machine_cpu()}


def cores_used(before: dict, after: dict, seconds: float) -> dict:
    """The cores each used on average between two :func:`cpu_now`, and the rest of the
    machine's (``others``: processes that are neither the server's nor this one)."""
    used = {k: (after[k] - before[k]) / seconds for k in before}
    used["others"] = used.pop("machine") - used["server_and_workers"] - used["load_generator"]
    return used


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
