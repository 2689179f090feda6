"""Guests for Miss Manners (the classic benchmark's data generator, our own copy).

``guests(n, seed)`` gives n guests, half of each sex, each with two or three of
three hobbies (so any two guests share one: the search never backtracks and a run
fires 4n - 1 + n(n-1)/2 rules). ``clp_facts(n)`` writes them as a
CLIPS deffacts. Run as a script: ``python bench/manners/guests.py 64 > m64.clp``.
"""
from __future__ import annotations

import random
import sys

SIZES = (16, 64, 128)


def guests(n: int, seed: int = 1) -> list[tuple[str, str, list[str]]]:
    """(name, sex, hobbies) for n guests (n even)."""
    rng = random.Random(seed)
    out = []
    for i in range(1, n + 1):
        sex = "m" if i % 2 else "f"
        hobbies = rng.sample(["h1", "h2", "h3"], rng.choice((2, 3)))
        out.append((f"n{i}", sex, sorted(hobbies)))
    return out


def firings(n: int) -> int:
    """How many rules a run over n guests fires."""
    return 4 * n - 1 + n * (n - 1) // 2


def clp_facts(n: int, seed: int = 1) -> str:
    lines = [f";; {n} guests for manners.clp", "(deffacts guests"]
    for name, sex, hobbies in guests(n, seed):
        lines += [f"   (guest (name {name}) (sex {sex}) (hobby {h}))" for h in hobbies]
    lines += [f"   (last_seat (seat {n}))", "   (count (c 1))", "   (context (state start)))"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(clp_facts(int(sys.argv[1]) if len(sys.argv) > 1 else 16), end="")
