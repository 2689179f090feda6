#!/usr/bin/env python3
"""Time and peak memory of the scramble's commands at their size limits, and how fast
they refuse one step beyond (pyengine/puzzles/scramble/limits.py).

Each case runs the real command line (``python -m pyengine ...``) in a child process;
the memory is the child's peak resident set. Inputs are random words written to a
temporary directory.

Usage:  .venv/bin/python bench/bench_limits_scramble.py [--quick]
(--quick leaves out the cases that take more than a few seconds.)
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from _limits import measure  # noqa: E402  (bench/ is the script's folder)

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from pyengine.puzzles.scramble import limits  # noqa: E402

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def word_file(path: Path, letters: int, rnd: random.Random, length=(3, 12),
              alphabet=ALPHABET) -> str:
    """Random words, all different (a scramble hides different words), adding up to
    ``letters`` letters, one a line."""
    words: dict[str, None] = {}
    while letters > 0:
        k = min(rnd.randint(*length), letters)
        word = "".join(rnd.choice(alphabet) for _ in range(k))
        if word not in words:
            words[word] = None
            letters -= k
    path.write_text("\n".join(words) + "\n")
    return str(path)


def run(argv: list[str]) -> tuple[int, float, float, str]:
    """(exit status, seconds, peak MB of the child, the refusal's line of stderr)."""
    m = measure(argv)
    return m.status, m.seconds, m.peak_mib, m.error


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    rnd = random.Random(2026)
    tmp = Path(tempfile.mkdtemp(prefix="bench_limits_scramble_"))
    f = {
        "swap100": word_file(tmp / "swap100.txt", limits.SWAP_MAX_LETTERS, rnd),
        "swap101": word_file(tmp / "swap101.txt", limits.SWAP_MAX_LETTERS + 1, rnd),
        "trace": word_file(tmp / "trace.txt", limits.TRACE_MAX_LETTERS, rnd),
        "shuffle": word_file(tmp / "shuffle.txt", limits.SHUFFLE_MAX_LETTERS, rnd),
        "shuffle+1": word_file(tmp / "shuffle1.txt", limits.SHUFFLE_MAX_LETTERS + 1, rnd),
        "10k words": str(tmp / "words10k.txt"),
        "pool": str(tmp / "pool.txt"),
        "pool+1": str(tmp / "pool1.txt"),
    }
    ten_k: dict[str, None] = {}
    while len(ten_k) < 10_000:
        ten_k["".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(3, 12)))] = None
    Path(f["10k words"]).write_text("\n".join(ten_k))
    line = "".join(rnd.choice(ALPHABET) for _ in range(limits.SOLVE_MAX_LETTERS))
    pool = ["".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(4, 9)))
            for _ in range(limits.SOLVE_MAX_CANDIDATES)]
    Path(f["pool"]).write_text("\n".join(pool))
    Path(f["pool+1"]).write_text("\n".join(pool + ["extra"]))
    f["hidden"] = str(tmp / "hidden.txt")
    Path(f["hidden"]).write_text("\n".join(pool[:1000]))
    long_a = "".join(rnd.choice(ALPHABET) for _ in range(limits.MINIMAL_MAX_LETTERS // 2))
    long_b = "".join(rnd.choice(ALPHABET) for _ in range(limits.MINIMAL_MAX_LETTERS // 2))
    twelve = ["".join(rnd.choice("abcdefgh") for _ in range(170)) for _ in range(12)]
    many = ["".join(rnd.choice(ALPHABET) for _ in range(4))
            for _ in range(limits.MINIMAL_MAX_WORDS)]
    minimal_file = tmp / "many.txt"
    minimal_file.write_text("\n".join(many))
    over = tmp / "over.txt"
    over.write_text(long_a + "\n" + long_b + "x\n")
    flood = tmp / "flood.txt"           # under the 64 MiB cap: 15,000,000 short words
    flood.write_text("abc\n" * 15_000_000)

    cases = [
        ("refuse: swap, 101 letters", ["scramble", "--file", f["swap101"]], False),
        ("refuse: shuffle, 100,001 letters",
         ["scramble", "--randomizer", "shuffle", "--file", f["shuffle+1"]], False),
        ("refuse: solve, 500,001 candidates",
         ["scramble", "solve", line, "--candidates", f["pool+1"]], False),
        ("refuse: minimal, 20,001 letters", ["scramble", "minimal", "--file", str(over)], False),
        ("refuse: minimal, 15,000,000 words (60 MB)",
         ["scramble", "minimal", "--file", str(flood)], False),
        ("refuse: solve, 15,000,000 candidates (60 MB)",
         ["scramble", "solve", "abc", "--candidates", str(flood)], False),
        ("swap, 2 letters, 250,000 swaps", ["scramble", "ab", "--swaps", "250000"], False),
        ("swap, 44 letters (rivers), 516 swaps", ["scramble", "--swaps", "516"], False),
        ("swap, 100 letters, 100 swaps",
         ["scramble", "--file", f["swap100"], "--swaps", "100"], False),
        ("shuffle --trace, 2,000 letters",
         ["scramble", "--randomizer", "shuffle", "--file", f["trace"], "--trace"], False),
        ("minimal, 5,000 words of 4 letters",
         ["scramble", "minimal", "--file", str(minimal_file)], False),
        ("minimal, two words of 10,000 letters", ["scramble", "minimal", long_a, long_b], True),
        ("minimal, 12 words of 170, --max-states 100000 --beam 10000",
         ["scramble", "minimal", *twelve, "--max-states", "100000", "--beam", "10000"], True),
        ("solve, 10,000-letter line, 1,000 candidates",
         ["scramble", "solve", line, "--candidates", f["hidden"]], True),
        ("solve, 10,000-letter line, 500,000 candidates",
         ["scramble", "solve", line, "--candidates", f["pool"]], True),
        ("shuffle, 10,000 words", ["scramble", "--randomizer", "shuffle", "--file",
                                   f["10k words"]], True),
        ("shuffle, 100,000 letters", ["scramble", "--randomizer", "shuffle", "--file",
                                      f["shuffle"]], True),
    ]
    print(f"{'case':<58} {'status':>6} {'seconds':>8} {'peak MB':>8}  message")
    for name, argv, slow in cases:
        if slow and args.quick:
            continue
        status, seconds, peak, err = run(argv)
        print(f"{name:<58} {status:>6} {seconds:>8.2f} {peak:>8.0f}  {err[:90]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
