#!/usr/bin/env python3
"""Time and memory of the Boggle commands at their documented limits
(``pyengine/puzzles/boggle/limits.py``; each refused beyond with one line, exit 2).

- board text: at most 1,000 characters (``solve``; a 6x6 board of bracketed faces is
  under 200); measured: one character over (refused) and a 6x6 board solved on enable2k.
- word lists: at most 16 MiB (the word lists' limit); words over 72 letters (36 cells of
  two-letter faces) fit no board and are skipped by both finders. Measured: a 16 MiB list
  of enable2k plus words of 33,000 letters, through ``solve`` and ``best``.
- ``best``: ``--seconds`` at most 3600 (the search stops on time: the bound is the
  budget), ``--iterations`` at most 10,000,000, ``--steps`` 100..10,000,000. Measured:
  moves per second on 4x4 and 6x6, and the projected time of the largest --iterations.
- ``bench``: at most 1,000,000 boards per algorithm, 40 rows, 64 workers. Measured:
  boards per second (plain and rules generators) and the projected time of the largest
  run; memory does not grow with the board count (chunks of 100 boards).

Each case runs ``pyengine ...`` in a subprocess with a private cache folder; the figures
are wall time and the child's peak resident memory (the machine is shared: see the load).

Usage:  .venv/bin/python bench/bench_limits_boggle.py [--quick] [--json]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
WRAP = ("import resource, sys\n"
        "from pyengine.ui.cli import main\n"
        "code = main(sys.argv[1:])\n"
        "sys.stdout.flush()\n"
        "print('MAXRSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
        "sys.exit(code)\n")


def run(args, cache: str) -> dict:
    env = dict(os.environ, PYENGINE_CACHE=cache)
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", WRAP, *args], capture_output=True, text=True,
                       env=env, cwd=REPO)
    wall = time.perf_counter() - t0
    rss = next((int(line.split()[1]) for line in p.stderr.splitlines()
                if line.startswith("MAXRSS")), 0)
    err = [line for line in p.stderr.splitlines() if not line.startswith("MAXRSS")]
    return {"args": " ".join(a if len(a) < 40 else a[:37] + "..." for a in args),
            "exit": p.returncode, "seconds": round(wall, 2), "rss_mib": round(rss / 1024, 1),
            "stdout": p.stdout, "error": err[-1] if err else ""}


def giant_list(folder: Path) -> Path:
    from pyengine.words import lists as W
    base = "\n".join(W.load("enable2k").words) + "\n"
    long_word = "e" * 33_000 + "\n"
    room = 16 * 2**20 - len(base) - 1
    path = folder / "giant.txt"
    path.write_text(base + long_word * (room // len(long_word)))
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the 16 MiB list")
    ap.add_argument("--json", action="store_true")
    opts = ap.parse_args()
    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        cache = str(Path(tmp) / "cache")
        six = "[Th]erabc/abcdef/ghijkl/mnopqr/stuvwx/yzabce"
        cases.append(("board text over the limit", run(["boggle", "solve", "a" * 1001], cache)))
        cases.append(("6x6 board, enable2k", run(["boggle", "solve", six, "--words",
                                                   "enable2k", "--json"], cache)))
        if not opts.quick:
            g = str(giant_list(Path(tmp)))
            cases.append(("16 MiB list, 33,000-letter words: solve (first, cold cache)",
                          run(["boggle", "solve", "perslatgsineters", "--words", g], cache)))
            cases.append(("16 MiB list: best 6x6, 2000 moves",
                          run(["boggle", "best", "--words", g, "--size", "6", "--iterations",
                               "2000", "--seed", "1", "--json"], cache)))
        for size in (4, 6):
            r = run(["boggle", "best", "--words", "enable2k", "--size", str(size), "--seconds",
                     "10", "--seed", "1", "--json"], cache)
            if r["exit"] == 0:
                d = json.loads(r["stdout"])
                rate = d["iterations"] / d["seconds"]
                r["moves_per_s"] = round(rate)
                r["projected_max_iterations_h"] = round(10_000_000 / rate / 3600, 1)
            cases.append((f"best {size}x{size}, 10 s", r))
        cases.append(("best --seconds 3601", run(["boggle", "best", "--seconds", "3601"], cache)))
        for gen in ("plain", "rules"):
            r = run(["boggle", "bench", "--boards", "300", "--algos", "greedy-cad",
                     "--generator", gen, "--workers", "1", "--no-progress", "--words",
                     "enable2k", "--json"], cache)
            rate = 300 / max(r["seconds"], 1e-9)
            r["boards_per_s"] = round(rate, 1)
            r["projected_max_run_h_1_worker"] = round(1_000_000 * 40 / rate / 3600, 1)
            cases.append((f"bench 300 boards, {gen} generator, 1 worker", r))
        cases.append(("bench --boards 1000001",
                      run(["boggle", "bench", "--boards", "1000001"], cache)))
    load = os.getloadavg()[0]
    if opts.json:
        print(json.dumps({"load": load, "cases": [{"case": c, **{k: v for k, v in r.items()
                                                                 if k != "stdout"}}
                                                   for c, r in cases]}, indent=2))
        return
    print(f"load average {load:.2f} on {os.cpu_count()} cores")
    for name, r in cases:
        extra = {k: v for k, v in r.items() if k not in ("args", "exit", "seconds", "rss_mib",
                                                         "stdout", "error")}
        print(f"{name:<58} exit {r['exit']}  {r['seconds']:7.2f} s  {r['rss_mib']:6.1f} MiB"
              f"  {extra or ''} {r['error'][:70] if r['exit'] else ''}")


if __name__ == "__main__":
    main()
