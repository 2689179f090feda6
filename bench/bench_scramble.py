#!/usr/bin/env python3
"""Benchmark the scramble (issues 2 and 8). Every figure is also a ratio to a baseline
measured in the same process: plain Python ``random.shuffle`` of the same id list plus
a decode back to letters (what the rules do, without an engine).

* issue 2: one puzzle of the seed's swap rules (100 swaps, random strategy) on the
  seven rivers (44 letters), including creating the CLIPS environment; and how the
  time grows at about 100, 200 and 400 letters, with the measured exponent. Above
  64 letters the RANDOMIZE stage is timed over a few firings (the time per firing
  times 100 gives the puzzle), since whole puzzles take minutes;
* issue 8: the linear randomizer (SHUFFLE) at the same sizes; where the two cross
  over (with the seed's fixed 100 swaps, and with enough swaps to mix:
  about n ln n / 2, the mixing time of random transpositions); 100 words of 8
  letters with SHUFFLE; the minimal sequence of the seven rivers; solving the seed's
  line against 50 rivers;
* hardening: the shuffle plan on long lists (800, 6,400 and 12,800 letters and 10,000
  words), with the measured exponent (linear: about 1).

Usage:  .venv/bin/python bench/bench_scramble.py [--repeat 5] [--full]
(the 400-letter swap point takes several minutes: it runs with --full; without it the
400-letter swap time is extrapolated and says so.)
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from _timing import timeit as _timeit  # noqa: E402
from pyengine.puzzles.scramble.make import RIVERS, make_scramble, make_session, stage_plan  # noqa: E402
from pyengine.engine.stages import Stage, StageRunner  # noqa: E402

SEED_LINE = "AOEMUARZOPNTINSDHHINAEALRERMOLICENIAONTSEGES"


def timeit(fn, repeat):
    """Median seconds of ``repeat`` calls."""
    return _timeit(fn, repeat)[0]


def words_of(letters: int, rnd: random.Random) -> list[str]:
    """Words of 8 letters (the last one shorter) adding up to ``letters``."""
    out = []
    while letters > 0:
        k = min(8, letters)
        out.append("".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(k)))
        letters -= k
    return out


def baseline(words: list[str], repeat: int) -> float:
    rnd = random.Random(1)

    def run():
        ids = [i for i, w in enumerate(words) for _ in w]
        rnd.shuffle(ids)
        pos = [0] * len(words)
        out = []
        for i in ids:
            out.append(words[i][pos[i]])
            pos[i] += 1
        return "".join(out)
    return timeit(run, max(repeat, 50))


def swap_puzzle_estimate(words, firings: int, swaps: int = 100):
    """Seconds for one swap puzzle: environment + BUILD + DECODE measured whole,
    RANDOMIZE measured over ``firings`` firings and scaled to ``swaps``."""
    marks = {}
    t0 = time.perf_counter()
    session = make_session(words, "swap", record=False)
    marks["env"] = time.perf_counter()
    runner = StageRunner(session, [Stage("BUILD"),
                                   Stage("RANDOMIZE", limit=firings, strategy="random"),
                                   Stage("DECODE")], seed=1,
                         on_stage_end=lambda st, n: marks.__setitem__(st.name, time.perf_counter()))
    runner.run_all()
    randomize = marks["RANDOMIZE"] - marks["BUILD"]
    # asserting (RANDOMIZE) creates every activation once more: count it as a firing
    per_firing = randomize / (firings + 1)
    fixed = (marks["env"] - t0) + (marks["BUILD"] - marks["env"]) + (marks["DECODE"] - marks["RANDOMIZE"])
    return fixed + per_firing * (swaps + 1), per_firing


def per_firing_depth(words, firings=20):
    session = make_session(words, "swap", record=False)
    StageRunner(session, [Stage("BUILD")]).run_all()
    t = time.perf_counter()
    StageRunner(session, [Stage("RANDOMIZE", limit=firings, strategy="depth")]).run_all()
    return (time.perf_counter() - t) / (firings + 1)


def stage_time(words, randomizer: str, swaps: int, repeat: int) -> float:
    """Median seconds of the randomizing stage alone (fresh environment each time)."""
    times = []
    for k in range(repeat):
        session = make_session(words, randomizer, record=False)
        marks = {}
        StageRunner(session, stage_plan(swaps, randomizer), seed=k + 1,
                    on_stage_end=lambda st, n: marks.__setitem__(st.name, time.perf_counter())
                    ).run_all()
        stage = "SHUFFLE" if randomizer == "shuffle" else "RANDOMIZE"
        times.append(marks[stage] - marks["BUILD"])
    return statistics.median(times)


def exponent(points):
    """Least-squares slope of log(time) against log(letters)."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--full", action="store_true",
                    help="also time the swap rules at 400 letters (several minutes)")
    args = ap.parse_args()
    rep = args.repeat
    rnd = random.Random(8)

    # -- issue 2: the seed's rules on the seven rivers ---------------------------
    rivers = list(RIVERS)
    base44 = baseline(rivers, rep)
    swap44 = timeit(lambda: make_scramble(seed=1, record=False), rep)
    swap44_rec = timeit(lambda: make_scramble(seed=1), rep)
    shuf44 = timeit(lambda: make_scramble(seed=1, randomizer="shuffle", record=False), rep)
    print("== the seven rivers (44 letters), one puzzle including the CLIPS environment ==")
    print(f"baseline random.shuffle + decode      {base44 * 1e6:10.1f} us")
    print(f"swap, 100 swaps (target < 150 ms)     {swap44 * 1e3:10.1f} ms  "
          f"x{swap44 / base44:,.0f} baseline")
    print(f"swap, 100 swaps, recording the trace  {swap44_rec * 1e3:10.1f} ms  "
          f"x{swap44_rec / base44:,.0f} baseline")
    print(f"shuffle (linear)                      {shuf44 * 1e3:10.1f} ms  "
          f"x{shuf44 / base44:,.0f} baseline   swap/shuffle {swap44 / shuf44:.1f}")

    # -- issue 2 growth, and issue 8's SHUFFLE at the same sizes ----------------
    print("\n== growth: one puzzle (swap: 100 swaps) by letters ==")
    print(f"{'letters':>7} {'baseline us':>11} {'swap ms':>11} {'x base':>9} "
          f"{'swap/firing ms':>14} {'depth/firing ms':>15} {'shuffle ms':>10} {'x base':>7} "
          f"{'swap/shuffle':>12}")
    sizes = [44, 104, 200, 400] if args.full else [44, 104, 200]
    firings = {44: 100, 104: 8, 200: 2, 400: 1}
    swap_pts, shuf_pts = [], []
    for n in sizes:
        words = rivers if n == 44 else words_of(n, rnd)
        base = baseline(words, rep)
        if n == 44:
            swap_t, per = swap_puzzle_estimate(words, 100)
        else:
            swap_t, per = swap_puzzle_estimate(words, firings[n])
        depth = per_firing_depth(words, 20 if n <= 200 else 5)
        shuf = timeit(lambda: make_scramble(words, seed=1, randomizer="shuffle",
                                            record=False), rep)
        swap_pts.append((n, swap_t))
        shuf_pts.append((n, shuf))
        print(f"{n:>7} {base * 1e6:>11.1f} {swap_t * 1e3:>11.1f} {swap_t / base:>9,.0f} "
              f"{per * 1e3:>14.2f} {depth * 1e3:>15.3f} {shuf * 1e3:>10.1f} "
              f"{shuf / base:>7,.0f} {swap_t / shuf:>12,.0f}")
    big = [p for p in swap_pts if p[0] >= 100]
    slope = exponent(big)
    print(f"measured exponent, swap puzzle, {big[0][0]}..{big[-1][0]} letters: "
          f"{slope:.2f}   (shuffle: {exponent([p for p in shuf_pts if p[0] >= 100]):.2f})")
    if not args.full:
        n0, t0 = big[-1]
        shuf400 = timeit(lambda: make_scramble(words_of(400, rnd), seed=1,
                                               randomizer="shuffle", record=False), rep)
        print(f"400 letters: swap extrapolated with that exponent {t0 * (400 / n0) ** slope:,.0f} s "
              f"per puzzle (run with --full to time it); shuffle measured {shuf400 * 1e3:.1f} ms")
    print("  (the swap rule makes n(n-1)/2 activations per firing, and CLIPS's random strategy")
    print("   places each new activation by walking the agenda: the depth column shows the")
    print("   same rule without that walk)")

    # -- issue 8: crossover -------------------------------------------------------
    print("\n== crossover: the randomizing stage alone (RANDOMIZE vs SHUFFLE), small lines ==")
    print(f"{'letters':>7} {'100 swaps ms':>12} {'mixing swaps':>12} {'ms':>8} "
          f"{'shuffle ms':>10} {'100 swaps/shuffle':>17} {'mixing/shuffle':>14}")
    rows = []
    for n in (2, 4, 6, 8, 12, 16, 24, 32, 44):
        words = words_of(n, rnd)
        mix = max(1, math.ceil(n * math.log(n) / 2))
        fixed = stage_time(words, "swap", 100, 4 * rep)
        mixing = stage_time(words, "swap", mix, 4 * rep)
        shuf = stage_time(words, "shuffle", 0, 4 * rep)
        rows.append((n, fixed / shuf, mixing / shuf))
        print(f"{n:>7} {fixed * 1e3:>12.3f} {mix:>12} {mixing * 1e3:>8.3f} {shuf * 1e3:>10.3f} "
              f"{fixed / shuf:>17.2f} {mixing / shuf:>14.2f}")

    def crossing(col):
        """First size from which swap stays slower than shuffle."""
        last_faster = max((r[0] for r in rows if r[col] < 1), default=None)
        later = [r[0] for r in rows if last_faster is None or r[0] > last_faster]
        return later[0] if later else None
    first = rows[0][0]
    for col, what in ((1, "the seed's 100 swaps"), (2, "swaps enough to mix (n ln n / 2)")):
        n = crossing(col)
        if n == first:
            print(f"crossover with {what}: none in {first}..{rows[-1][0]} letters, shuffle is "
                  f"faster at every size (x{rows[0][col]:.1f} at {first}, "
                  f"x{rows[-1][col]:.0f} at {rows[-1][0]})")
        else:
            print(f"crossover with {what}: swap stays slower than shuffle from {n} letters")

    # -- hardening: the shuffle plan stays linear on long lists -----------------------
    print("\n== shuffle plan, long lists (whole puzzle, no trace) ==")
    pts = []
    for n in (800, 6_400, 12_800):
        words = words_of(n, rnd)
        t = timeit(lambda: make_scramble(words, seed=1, randomizer="shuffle", record=False),
                   max(1, rep // 2))
        pts.append((n, t))
        print(f"{n:>7} letters {t:8.3f} s  {t / n * 1e6:6.1f} us a letter")
    many = ["".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rnd.randint(3, 12)))
            for _ in range(10_000)]
    t = timeit(lambda: make_scramble(many, seed=1, randomizer="shuffle", record=False), 1)
    letters = sum(map(len, many))
    pts.append((letters, t))
    print(f"10,000 words ({letters:,} letters) {t:8.3f} s  {t / letters * 1e6:6.1f} us a letter")
    print(f"measured exponent, 800..{letters:,} letters: {exponent(pts):.2f}")

    # -- issue 8: targets --------------------------------------------------------
    print("\n== issue 8 targets ==")
    words100 = words_of(800, rnd)
    base800 = baseline(words100, rep)
    t100 = timeit(lambda: make_scramble(words100, seed=1, randomizer="shuffle",
                                        record=False), rep)
    print(f"100 words x 8 letters, shuffle (target < 1 s)      {t100:8.3f} s  "
          f"x{t100 / base800:,.0f} baseline ({base800 * 1e6:.0f} us)")
    t100r = timeit(lambda: make_scramble(words100, seed=1, randomizer="shuffle"), 1)
    print(f"  same, recording the trace (the CLI's default)  {t100r:8.3f} s")

    from pyengine.puzzles.scramble.minimal import _majority_merge, minimal
    tmin = timeit(lambda: minimal(rivers), rep)
    m = minimal(rivers)
    tgreedy = timeit(lambda: _majority_merge([w.lower() for w in rivers]), max(rep, 50))
    print(f"minimal sequence of the rivers (target < 2 s)      {tmin:8.3f} s  "
          f"length {m.length} of {m.concatenation}, optimal={m.optimal}, {m.states} A* states; "
          f"x{tmin / tgreedy:,.0f} the greedy merge ({tgreedy * 1e6:.0f} us, "
          f"length {len(_majority_merge([w.lower() for w in rivers]))})")

    from pyengine.engine.resources import fact_file
    from pyengine.puzzles.scramble.solve import parse_candidates, search, solve
    pool = parse_candidates(str(fact_file("rivers50.txt")))
    tsolve = timeit(lambda: solve(SEED_LINE, pool), rep)
    r = solve(SEED_LINE, pool)
    line = SEED_LINE.lower()

    def hidden(word):
        it = iter(line)
        return all(ch in it for ch in word.lower())

    def plain():
        return search(line, [w for w in pool if hidden(w)])
    tplain = timeit(plain, rep)
    print(f"solve the seed's line against 50 rivers (< 1 s)    {tsolve:8.3f} s  "
          f"{len(r.solutions)} solution(s): {' '.join(r.solutions[0])}; "
          f"x{tsolve / tplain:,.1f} the same search after a plain-Python filter "
          f"({tplain * 1e3:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
