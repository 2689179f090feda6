#!/usr/bin/env python3
"""Time and memory of the Spelling Bee commands at their documented limits.

Limits (each refused beyond with one line, exit 2):

- ``bee play``: at most 10,000 lines of input (guesses, commands, blank lines), each at
  most 1,024 bytes; every guess costs the same (measured: 1,000 / 2,000 / 10,000
  guesses of one found word, and one line over the limit).
- ``bee solve|make|best --words LIST``: a word list of at most 16 MiB (the word lists'
  limit); measured on the worst list for the Spelling Bee, every one of the 657,800
  seven-letter sets as three words (15.8 MB, the most pangram letter sets any list can
  have), and on the shipped list.
- ``bee make``: ``--contains`` at most 15 letters; at most 8,000 candidate hives
  tried and 100 vetted by the rules; what no hive can meet is refused before the
  search (``--answers 1000-2000`` measured).

Each case runs ``pyengine ...`` in a subprocess with a private cache folder; the
figure is wall time and the child's peak resident memory.

Usage:  .venv/bin/python bench/bench_limits_bee.py [--quick]
(``--quick`` skips the 16 MiB list.)
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
from pathlib import Path

from _limits import measure  # noqa: E402  (bench/ is the script's folder)

REPO = Path(__file__).resolve().parent.parent
PLAY = ["bee", "play", "aeginrt", "--center", "r", "--seed", "1"]


def run(args: list[str], stdin: bytes | None = None, env=None) -> tuple[float, float, int]:
    """(seconds, peak MiB of the child, exit status) of ``pyengine ARGS``."""
    m = measure(args, stdin, env)
    return m.seconds, m.peak_mib, m.status


def report(what: str, result: tuple[float, float, int]) -> None:
    s, mb, code = result
    print(f"  {what:<58} {s:7.2f} s {mb:7.0f} MiB  exit {code}", flush=True)


def worst_list(folder: Path) -> Path:
    """Every seven-letter set of a-z, as three words each (15.8 MB < 16 MiB)."""
    path = folder / "all7.txt"
    with open(path, "w") as fh:
        for c in itertools.combinations("abcdefghijklmnopqrstuvwxyz", 7):
            w = "".join(c)
            fh.write(f"{w}\n{w[::-1]}\n{w[1:] + w[0]}\n")
    return path


def bench_play(env) -> None:
    print("bee play (one found word guessed again and again):")
    base = run(PLAY, b"", env)
    report("no guesses (start-up, solve)", base)
    for n in (1000, 2000, 10000):
        r = run(PLAY, b"grin\n" * n, env)
        report(f"{n:,} guesses ({(r[0] - base[0]) / n * 1000:.2f} ms per guess)", r)
    report("10,001 lines: refused", run(PLAY, b"grin\n" * 10001, env))
    report("a 1,025-byte line: refused", run(PLAY, b"a" * 1025 + b"\n", env))
    mixed = b"grin\nzzzz\ntan\nrating\n!found\n!rank\n" * 1666
    n = mixed.count(b"\n")
    report(f"{n:,} mixed guesses and commands", run(PLAY, mixed, env))


def bench_lists(env, big: Path | None) -> None:
    print("bee solve / make / best:")
    report("solve AEGINRT/R (bee list)", run(["bee", "solve", "aegintR"], env=env))
    report("make, random hive (bee list)", run(["bee", "make", "--seed", "1"], env=env))
    report("make --answers 1000-2000: refused before the search",
           run(["bee", "make", "--seed", "1", "--answers", "1000-2000"], env=env))
    report("best (bee list)", run(["bee", "best"], env=env))
    if big is None:
        return
    words = ["--words", str(big)]
    report("solve on the worst 16 MiB list (first: builds its cache)",
           run(["bee", "solve", "abcdefG", *words], env=env))
    report("solve on the worst 16 MiB list (cached)",
           run(["bee", "solve", "abcdefG", *words], env=env))
    report("make --any-pangram --answers 3 on the worst list",
           run(["bee", "make", "--seed", "1", "--any-pangram", "--answers", "3", *words],
               env=env))
    report("best on the worst list (657,800 hives x 7 centers)",
           run(["bee", "best", *words], env=env))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the 16 MiB list")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYENGINE_CACHE=str(Path(tmp) / "cache"))
        bench_play(env)
        bench_lists(env, None if args.quick else worst_list(Path(tmp)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
