#!/usr/bin/env python3
"""Run a command; print its peak memory and wall time; fail past a bound.

    python .ci/peak_rss.py [--max-mb N] [--label TEXT] -- COMMAND ...

The peak is the largest memory of the command and every process under it together at
one moment: their proportional set sizes summed (PSS: a page shared by n processes, as
after a fork, counts 1/n to each, so the sum is what they really hold), sampled from
/proc five times a second, so a test run split over several workers, or a test that
starts servers and workers, counts all of them. It is never less than the largest single
process's own peak resident set (``getrusage(RUSAGE_CHILDREN).ru_maxrss``, which catches
a spike between two samples). Where /proc is absent only the second is known. The exit status
is the command's, or 1 when it passed but its peak went over ``--max-mb`` (issue 23:
the test suite stays under 1.5 GB).
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import threading
import time

PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _children_of() -> dict[int, list[int]]:
    """pid -> its children's pids, for every process /proc shows."""
    tree: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(b")") + 2:].split()[1])
        tree.setdefault(ppid, []).append(int(name))
    return tree


def _rss(pid: int) -> int:
    """Bytes of ``pid`` resident now (cheap: no walk of its pages); 0 if it is gone."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as fh:
            return int(fh.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def _pss(pid: int) -> int:
    """Bytes ``pid`` holds, shared pages split among their sharers (its resident set
    where the kernel gives no smaps_rollup); 0 if it is gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as fh:
            for line in fh:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return _rss(pid)


def tree_pids(root: int) -> list[int]:
    """``root`` and all its descendants now."""
    tree, found, todo = _children_of(), [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(tree.get(pid, ()))
    return found


def _sample(proc: subprocess.Popen, peak: list[int], stop: threading.Event) -> None:
    """The PSS sum is read only when the resident sizes' sum (never below it) could
    beat the peak: reading PSS walks every page of a process (about 20 ms of CPU for a
    1 GB worker), and doing it for every process five times a second took that CPU
    from the run being measured, on a machine of two cores."""
    while not stop.wait(0.2):
        pids = tree_pids(proc.pid)
        if sum(_rss(pid) for pid in pids) > peak[0]:
            peak[0] = max(peak[0], sum(_pss(pid) for pid in pids))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-mb", type=float, help="fail if the peak is above this (MB)")
    ap.add_argument("--label", default="", help="what the command is, for the line printed")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("give the command after --")
    began = time.monotonic()
    proc = subprocess.Popen(command)
    peak, stop = [0], threading.Event()
    sampler = threading.Thread(target=_sample, args=(proc, peak, stop), daemon=True)
    if os.path.isdir("/proc"):
        sampler.start()
    status = proc.wait()
    stop.set()
    seconds = time.monotonic() - began
    single = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024  # KiB
    peak_mb = max(peak[0], single) / 1e6
    label = args.label or " ".join(command)
    print(f"{label}: peak memory {peak_mb:,.0f} MB (all its processes together, PSS; the "
          f"largest one alone {single / 1e6:,.0f} MB RSS), {seconds:,.0f} s", file=sys.stderr)
    if status == 0 and args.max_mb is not None and peak_mb > args.max_mb:
        print(f"{label}: peak memory {peak_mb:,.0f} MB is over {args.max_mb:,.0f} MB",
              file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
