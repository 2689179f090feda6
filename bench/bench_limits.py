"""Every command at its documented size limit: time and peak memory there, and the
one-line refusal just beyond it. Runs each puzzle's limits bench in turn
(scramble, riddle and word lists, Spelling Bee, Boggle); README's "Limits" table
comes from this.

Usage:  .venv/bin/python bench/bench_limits.py [--quick] [--only scramble,bee,...]

Each child measures ``pyengine`` in a child process of its own (``bench/_limits.py``):
wall time, the child's peak resident memory, its exit status. Times are absolute
seconds at the limit (the limits are about time, not speed); the per-area benches
print their ratios where a baseline makes sense.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
AREAS = {  # area -> (script, arguments for a quick run)
    "scramble": ("bench_limits_scramble.py", ["--quick"]),
    "riddle": ("bench_limits_riddle_words.py", []),
    "bee": ("bench_limits_bee.py", ["--quick"]),
    "boggle": ("bench_limits_boggle.py", ["--quick"]),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the slowest measurements")
    ap.add_argument("--only", default=",".join(AREAS), help="areas, comma-separated")
    args = ap.parse_args()
    failed = 0
    for area in args.only.split(","):
        script, quick = AREAS[area]
        print(f"== {area} ({script})", flush=True)
        done = subprocess.run([sys.executable, str(HERE / script), *(quick if args.quick else [])])
        failed += done.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
