"""The scramble's size limits: every command refuses, in one line and before any work,
an input it could not finish in bounded time and memory.

The figures in the comments are measured by ``bench/bench_limits_scramble.py`` (one
run, at the limit, on the development machine); README's table repeats them.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError

# -- make ------------------------------------------------------------------------------
#: The seed's swap rule matches every pair of ids of the line, each time any line is
#: asserted, and CLIPS's random strategy walks the agenda to place each activation:
#: a firing costs about letters**5 (bench/bench_limits_scramble.py measures it).
SWAP_MAX_LETTERS = 100
#: ... and the RANDOMIZE stage costs about swaps x letters**2 x (a cost per pair that
#: grows with the line): this keeps it to seconds (100 letters: at most 100 swaps).
SWAP_MAX_WORK = 1_000_000
#: The linear plan (--randomizer shuffle): time and memory grow with the letters.
SHUFFLE_MAX_LETTERS = 100_000
#: Recording every firing (--trace, the shell) keeps a record of each of the 3n + 1
#: firings and prints them (more per letter as the fact base grows): a smaller limit.
TRACE_MAX_LETTERS = 2_000

# -- solve -----------------------------------------------------------------------------
#: The line: the rules assert a fact per letter and walk each candidate along it.
SOLVE_MAX_LETTERS = 10_000
#: The candidate pool (a dictionary is cut down in Python to the words hidden in the
#: line before any rule runs); the rules see at most solve.MAX_HIDDEN of them.
SOLVE_MAX_CANDIDATES = 500_000
#: What walking the candidates along the line costs the rules: each letter of each
#: candidate looks at every place of that letter in the line (a line of one letter
#: repeated 10,000 times and a candidate as long: 100,000,000, 8 s).
SOLVE_MAX_WALK = 100_000_000

# -- minimal ---------------------------------------------------------------------------
#: All the words' letters together (after dropping repeats and contained words).
MINIMAL_MAX_LETTERS = 20_000
#: Words in the list.
MINIMAL_MAX_WORDS = 5_000
#: Cells of the exact pairwise tables (one per pair of words, len(a) x len(b) each,
#: 4 bytes a cell); beyond it the pair bound is left out (the letter bound stays).
PAIR_MAX_CELLS = 2_000_000
#: A* states expanded (--max-states): about 1.3 KB and 55 us each with 12 words.
MAX_STATES_LIMIT = 100_000
#: The heuristic: beam width x letters x words (each kept state looks at every word).
BEAM_MAX_WORK = 1_000_000


#: On our engine (``--engine experta``) the swap rule's work is bounded tighter, and the
#: shuffle's letters (its patterns' multifield matches grow with their square: 200
#: letters take 0.6 s, 400 take 4 s, 1,000 a minute; CLIPS makes as many in C).
OURS_MAX_WORK = 200_000
OURS_SHUFFLE_MAX_LETTERS = 200


def check_make(letters: int, swaps: int, randomizer: str, record: bool,
               engine: str = "clips") -> None:
    """Refuse a scramble the chosen plan cannot make in bounded time and memory."""
    if engine not in ("clips", "experta"):
        raise UsageError(f"unknown engine {engine!r} (choose clips or experta)")
    if engine == "experta" and randomizer != "swap" and letters > OURS_SHUFFLE_MAX_LETTERS:
        raise UsageError(f"{letters:,} letters: --engine experta shuffles at most "
                         f"{OURS_SHUFFLE_MAX_LETTERS} (the shuffle's multifield patterns make "
                         "matches growing with the square of the letters there: 1,000 take a "
                         "minute); on CLIPS, the default, it is linear")
    if engine == "experta" and randomizer == "swap":
        if swaps * letters * letters > OURS_MAX_WORK:
            raise UsageError(f"--swaps {swaps:,} on {letters} letters is over our engine's "
                             f"limit (swaps x letters^2 <= {OURS_MAX_WORK:,}: at most "
                             f"{OURS_MAX_WORK // max(1, letters * letters):,} swaps here)")
    if randomizer == "swap":
        if letters > SWAP_MAX_LETTERS:
            raise UsageError(
                f"{letters:,} letters: the seed's swap rule takes at most "
                f"{SWAP_MAX_LETTERS} (its cost grows with the fifth power of the letters); "
                f"use --randomizer shuffle (linear, up to {SHUFFLE_MAX_LETTERS:,})")
        if swaps * letters * letters > SWAP_MAX_WORK:
            most = SWAP_MAX_WORK // (letters * letters)
            raise UsageError(
                f"--swaps {swaps:,} on {letters} letters is over the swap rule's limit "
                f"(swaps x letters^2 <= {SWAP_MAX_WORK:,}: at most {most:,} swaps here); "
                "use fewer swaps or --randomizer shuffle")
    elif letters > SHUFFLE_MAX_LETTERS:
        raise UsageError(f"{letters:,} letters: the scramble takes at most "
                         f"{SHUFFLE_MAX_LETTERS:,}")
    if record and letters > TRACE_MAX_LETTERS:
        raise UsageError(f"{letters:,} letters: recording every firing (--trace, the "
                         f"shell) takes at most {TRACE_MAX_LETTERS:,}")

