#!/usr/bin/env python3
"""Run a command; print its peak memory and wall time; fail past a bound.

    python .ci/peak_rss.py [--max-mb N] [--label TEXT] -- COMMAND ...

The peak is the largest resident set size of the command or of any process under it
that it waited for (``getrusage(RUSAGE_CHILDREN).ru_maxrss``: no ``/usr/bin/time``
needed). The exit status is the command's, or 1 when it passed but its peak went over
``--max-mb`` (issue 22: the test suite stays under 2 GB).
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time


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
    status = subprocess.call(command)
    seconds = time.monotonic() - began
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024 / 1e6  # KiB
    label = args.label or " ".join(command)
    print(f"{label}: peak RSS {peak_mb:,.0f} MB, {seconds:,.0f} s", file=sys.stderr)
    if status == 0 and args.max_mb is not None and peak_mb > args.max_mb:
        print(f"{label}: peak RSS {peak_mb:,.0f} MB is over {args.max_mb:,.0f} MB",
              file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
