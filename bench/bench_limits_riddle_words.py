#!/usr/bin/env python3
"""Time and memory of the riddle and word-list commands at their documented limits.

Limits: ``riddle solve`` reads at most 64 KiB of riddle text; ``riddle make --count``
at most 10000 riddles; a word-list file at most 16 MiB; ``words check`` at most 10000
words. Each case runs as ``pyengine ...`` in a subprocess with a private cache
folder; the figure is wall time and the peak resident memory of the child.

Usage:  .venv/bin/python bench/bench_limits_riddle_words.py [--full]
(``--full`` also makes the whole 10000 riddles, about two minutes; without it the
time per riddle of a 200-riddle run is given and multiplied out.)
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

from _limits import measure  # noqa: E402  (bench/ is the script's folder)

REPO = Path(__file__).resolve().parent.parent
# runs the command in-process, then reports its own peak memory on stderr's last line
RIDDLE = ("My first is in deans but not in slats\n"
          "My second is in persona but not in perusing\n"
          "My third is neither in veiled nor in seized\n"
          "My fourth is in cleat but not in octet\n"
          "My last is in curtsied but not in curbed\n")
LIMIT = 64 * 1024


def run(args: list[str], stdin: bytes | None = None, env=None) -> tuple[float, float, int]:
    """(seconds, peak MiB of the child, exit status) of ``pyengine ARGS``."""
    m = measure(args, stdin, env)
    return m.seconds, m.peak_mib, m.status


def riddle_texts() -> dict[str, bytes]:
    """Riddle texts just under the 64 KiB limit, normal and pathological."""
    def fill(unit: str, head: str = "") -> bytes:
        body = head + unit * ((LIMIT - len(head)) // len(unit))
        return body.encode()[:LIMIT]
    return {
        "riddle + hint lines": fill("a hint line about nothing much\n", RIDDLE),
        "one clue dangling over every line": fill("but not in\n", "My first is in deans\n"),
        "one line of clue starts": fill("My first is in a ", ""),
        "one line, no breaks": fill("deans slats ", RIDDLE.replace("\n", " ")),
        "quotes and apostrophes": fill("'a' \"b\" don't ", RIDDLE),
    }


def word_file(folder: Path, size: int) -> Path:
    rng = random.Random(1)
    path = folder / "big.txt"
    letters = "abcdefghijklmnopqrstuvwxyz"
    with open(path, "w") as fh:
        written = 0
        while written < size - 20:
            w = "".join(rng.choice(letters) for _ in range(rng.randint(3, 12))) + "\n"
            fh.write(w)
            written += len(w)
    return path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="make all 10000 riddles")
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYENGINE_CACHE=str(Path(tmp) / "cache"))
        run(["words"], env=env)                              # fill the default's cache
        print("riddle solve, 64 KiB of text on stdin (limit: 64 KiB)")
        for name, text in riddle_texts().items():
            s, mb, code = run(["riddle", "solve", "-"], text, env)
            print(f"  {name:<36} {s:6.2f} s {mb:7.1f} MiB  exit {code}")
        s, mb, code = run(["riddle", "solve", "-"], b"x" * (LIMIT + 1), env)
        print(f"  {'over the limit (refused)':<36} {s:6.2f} s {mb:7.1f} MiB  exit {code}")

        print("riddle make --count (limit: 10000)")
        n = 10_000 if opts.full else 200
        s, mb, code = run(["riddle", "make", "--count", str(n), "--seed", "7"], env=env)
        one, _mb, _c = run(["riddle", "make", "--count", "1", "--seed", "7"], env=env)
        per = (s - one) / (n - 1)
        print(f"  --count {n}: {s:.1f} s, {mb:.1f} MiB, exit {code}; {per * 1000:.1f} ms a "
              f"riddle -> 10000 in about {one + per * 9999:.0f} s")

        print("word list file (limit: 16 MiB)")
        big = word_file(Path(tmp), 16 * 2**20 - 64)
        for label in ("first load (parse + cache)", "second load (cache)"):
            s, mb, code = run(["words", "--words", str(big)], env=env)
            print(f"  {label:<36} {s:6.2f} s {mb:7.1f} MiB  exit {code}")
        with open(big, "a") as fh:
            fh.write("x" * 128 + "\n")
        s, mb, code = run(["words", "--words", str(big)], env=env)
        print(f"  {'over the limit (refused)':<36} {s:6.2f} s {mb:7.1f} MiB  exit {code}")

        print("words check (limit: 10000 words)")
        s, mb, code = run(["words", "check"] + ["cat", "qwxzv"] * 5000, env=env)
        print(f"  {'10000 words':<36} {s:6.2f} s {mb:7.1f} MiB  exit {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
