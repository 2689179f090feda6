"""Benchmark: letter riddles, generate and solve, against a seed-faithful baseline.

    .venv/bin/python bench/bench_riddle.py [--count 100] [--baseline-count 5] [--seed 1]
                                           [--repeat 5] [--json]

Generate: wall time per unique riddle (random common answers of 5-8 letters, the
default list for uniqueness), median and 95th percentile.  Baseline: the seed's
generate-and-test, written again here: random clue pairs until their (memoised,
recursive) edit distance is within the limit, the whole riddle redrawn until a full
scan of the list finds one solution.  Same lists as ours: clue words from the
common tier, solving over the whole default list.

Solve: wall time per riddle through the rule engine (parsed riddle in, ranked
solutions out; list loaded and engine built beforehand), against the seed's plain
scan of the word list.  Every figure is printed as a ratio to the baseline of the
same run, plus the absolute numbers.

Hints: the riddles of tests/data/riddles with hint lines (hinted_*, old_*, frog),
solved with their hints and, as the baseline, the same clues without them (the
lexicon and the names loaded beforehand; their first load is timed apart).
Targets: without hints < 5 ms, with hints < 10 ms median (issue 27). ``--json`` prints every
figure as one JSON document instead of the text.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyengine.puzzles.riddle.make import RiddleFactory  # noqa: E402
from pyengine.puzzles.riddle.parse import (  # noqa: E402
    EXCLUDE, INCLUDE, ParsedRiddle, parse_riddle)
from pyengine.puzzles.riddle.solve import solve  # noqa: E402
from pyengine.words.lists import load  # noqa: E402


# -- the seed's generate-and-test (seed 000), faithfully ---------------------------------

@functools.lru_cache
def edit_distance(s: str, t: str) -> int:
    if s == "":
        return len(t)
    if t == "":
        return len(s)
    cost = 0 if s[0] == t[0] else 1
    return min([edit_distance(s[1:], t) + 1,
                edit_distance(s, t[1:]) + 1,
                edit_distance(s[1:], t[1:]) + cost])


class SeedGenerator:
    def __init__(self, clue_words, solving_words, rng):
        self.dictionary = list(clue_words)
        self.solving = list(solving_words)
        self.rng = rng

    def _pair(self, letter, a_has, b_has, limit, distinct):
        with_letter = [w for w in self.dictionary if letter in w]
        without_letter = [w for w in self.dictionary if letter not in w]
        first = with_letter if a_has else without_letter
        second = with_letter if b_has else without_letter
        while True:
            a = self.rng.choice(first)
            b = self.rng.choice(second)
            if ((not distinct or a != b) and edit_distance(a, b) <= limit
                    and not set(a) <= set(b) and not set(a) >= set(b)):
                return ((INCLUDE if a_has else EXCLUDE, a), (INCLUDE if b_has else EXCLUDE, b))

    def random_clue(self, letter):
        kind = self.rng.choices(["ie", "ii", "ee"], weights=[7, 2, 1], k=1)[0]
        if kind == "ie":
            return self._pair(letter, True, False, 3, False)
        if kind == "ii":
            return self._pair(letter, True, True, 2, True)
        return self._pair(letter, False, False, 2, True)

    def solve(self, riddle):
        elems = {}
        for i, (a, b) in riddle.items():
            if a[0] == b[0] == INCLUDE:
                elems[i] = (INCLUDE, set(a[1]) & set(b[1]))
            elif a[0] == b[0] == EXCLUDE:
                elems[i] = (EXCLUDE, set(a[1]) | set(b[1]))
            else:
                p, q = (a, b) if a[0] == INCLUDE else (b, a)
                elems[i] = (INCLUDE, set(p[1]) - set(q[1]))
        return [w for w in self.solving if len(w) == len(elems)
                and all((w[i - 1] in s) == (v == INCLUDE) for i, (v, s) in elems.items())]

    def valid_random_riddle(self, word):
        while True:
            riddle = {i + 1: self.random_clue(c) for i, c in enumerate(word)}
            if len(self.solve(riddle)) == 1:
                return riddle


class Clock:
    """Wall and CPU time of a block, in ms (CPU time is what a quiet machine would
    show when other processes share the cores)."""

    def __enter__(self):
        self.w, self.c = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall = (time.perf_counter() - self.w) * 1000
        self.cpu = (time.process_time() - self.c) * 1000


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


RIDDLES = Path(__file__).resolve().parent.parent / "tests" / "data" / "riddles"


def bench_hints(repeat: int) -> dict:
    """Solve the hinted riddles with and without their hint lines (same clues)."""
    from pyengine.puzzles.riddle.solve import hint_reader
    from pyengine.words import lexicon, names

    files = sorted(RIDDLES.glob("hinted_*.txt")) + sorted(RIDDLES.glob("old_*.txt")) \
        + [RIDDLES / "frog.txt"]
    hinted = [parse_riddle(f.read_text()) for f in files]
    plain = [ParsedRiddle(p.clues, []) for p in hinted]
    raw = lexicon._RESOURCE.read_bytes()
    with Clock() as parse_lex:
        lexicon._parse(raw)
    with Clock() as first:
        hint_reader().lexicon.categories("earwig")
        hint_reader().names.keys.position_index(5)
    for p in hinted + plain:
        solve(p)
    with_h, without, with_cpu, without_cpu = [], [], [], []
    for _ in range(repeat):
        for h, p in zip(hinted, plain):
            with Clock() as c:
                solve(h)
            with_h.append(c.wall)
            with_cpu.append(c.cpu)
            with Clock() as c:
                solve(p)
            without.append(c.wall)
            without_cpu.append(c.cpu)
    w_med, p_med = statistics.median(with_h), statistics.median(without)
    return {"riddles": len(files), "repeat": repeat,
            "lexicon_parse_ms": round(parse_lex.wall, 1),
            "first_load_ms": round(first.wall, 1),
            "with_hints_median_ms": round(w_med, 2),
            "with_hints_p95_ms": round(pct(with_h, .95), 2),
            "without_hints_median_ms": round(p_med, 2),
            "without_hints_p95_ms": round(pct(without, .95), 2),
            "ratio_with_without": round(w_med / p_med, 3),
            "with_hints_cpu_median_ms": round(statistics.median(with_cpu), 2),
            "without_hints_cpu_median_ms": round(statistics.median(without_cpu), 2),
            "target_with_hints_10ms": w_med < 10, "target_without_hints_5ms": p_med < 5,
            "target_with_hints_10ms_cpu": statistics.median(with_cpu) < 10,
            "target_without_hints_5ms_cpu": statistics.median(without_cpu) < 5,
            "names": len(names.load_names().keys)}


def print_hints(h: dict) -> None:
    print(f"hints: {h['riddles']} hinted riddles x {h['repeat']}; lexicon parse "
          f"{h['lexicon_parse_ms']:.0f} ms (then the disk cache), first load "
          f"{h['first_load_ms']:.0f} ms")
    print(f"hints: with hints median {h['with_hints_median_ms']:.2f} ms, p95 "
          f"{h['with_hints_p95_ms']:.2f} ms; baseline, same clues without hints: median "
          f"{h['without_hints_median_ms']:.2f} ms, p95 {h['without_hints_p95_ms']:.2f} ms; "
          f"ratio with/without {h['ratio_with_without']:.2f}")
    print(f"hints [cpu]: with hints median {h['with_hints_cpu_median_ms']:.2f} ms; without "
          f"{h['without_hints_cpu_median_ms']:.2f} ms")
    for label, suffix in (("wall", ""), ("cpu", "_cpu")):
        print(f"hints [{label}]: targets with hints < 10 ms "
              f"{'PASS' if h['target_with_hints_10ms' + suffix] else 'MISS'}; without < 5 ms "
              f"{'PASS' if h['target_without_hints_5ms' + suffix] else 'MISS'}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=100, help="riddles we generate (default 100)")
    ap.add_argument("--baseline-count", type=int, default=5,
                    help="riddles the seed-faithful baseline generates (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5,
                    help="rounds over the hinted riddles (default 5)")
    ap.add_argument("--json", action="store_true", help="one JSON document of the figures")
    args = ap.parse_args(argv)
    if args.json:
        import contextlib
        import io
        with contextlib.redirect_stdout(io.StringIO()):
            figures = run(args)
        print(json.dumps(figures, indent=2))
        return 0
    run(args)
    return 0


def run(args) -> dict:
    """Every benchmark; prints the text and returns the figures."""

    words = load()
    common = words.common()
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    factory = RiddleFactory(words)
    for c in "abcdefghijklmnopqrstuvwxyz":          # the per-letter clue buckets
        factory.clues.having(c, True)
        factory.clues.having(c, False)
    factory.make("earls", seed=0)                     # builds the engine once
    setup = time.perf_counter() - t0
    answers = [factory.random_answer(rng, (5, 8)) for _ in range(args.count)]
    base_answers = answers[:args.baseline_count]

    # -- generate ------------------------------------------------------------------
    ours, ours_cpu, made, rounds = [], [], [], []
    for i, a in enumerate(answers):
        with Clock() as c:
            r = factory.make(a, seed=args.seed * 100003 + i)
        ours.append(c.wall)
        ours_cpu.append(c.cpu)
        made.append(r)
        rounds.append(r.rounds)
    seedgen = SeedGenerator(common.words, words.words, random.Random(args.seed))
    base, base_cpu = [], []
    for a in base_answers:
        with Clock() as c:
            seedgen.valid_random_riddle(a)
        base.append(c.wall)
        base_cpu.append(c.cpu)

    # -- solve ----------------------------------------------------------------------
    parsed = [parse_riddle(r.text) for r in made]
    solve(parsed[0])                                  # engine built, list loaded
    engine, engine_cpu = [], []
    for p in parsed:
        with Clock() as c:
            res = solve(p)
        engine.append(c.wall)
        engine_cpu.append(c.cpu)
        assert res.count == 1
    plain = []
    for r in made[:max(args.baseline_count, 20)]:
        riddle = {c.pos: tuple((h.valence, h.word) for h in c.halves) for c in r.clues}
        t = time.perf_counter()
        seedgen.solve(riddle)
        plain.append((time.perf_counter() - t) * 1000)

    load1 = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"word list: {words.label} ({len(words)} words); clue words: "
          f"{common.label} ({len(common)}); setup {setup * 1000:.0f} ms; "
          f"load average {load1:.1f} on {os.cpu_count()} cores")
    for label, o, b in (("wall", ours, base), ("cpu", ours_cpu, base_cpu)):
        g_med, g_p95, b_med = statistics.median(o), pct(o, 0.95), statistics.median(b)
        print(f"generate [{label}] ours: {len(o)} unique riddles, median {g_med:.1f} ms, "
              f"p95 {g_p95:.1f} ms, max {max(o):.1f} ms")
        print(f"generate [{label}] seed-faithful baseline: {len(b)} riddles, median "
              f"{b_med:.0f} ms (min {min(b):.0f}, max {max(b):.0f})")
        print(f"generate [{label}] ratio ours/baseline: median {g_med / b_med:.4f} "
              f"({b_med / g_med:.0f}x faster); p95 / baseline median {g_p95 / b_med:.4f}")
        print(f"generate [{label}] targets: median < 50 ms "
              f"{'PASS' if g_med < 50 else 'MISS'}; p95 < 200 ms "
              f"{'PASS' if g_p95 < 200 else 'MISS'}")
    print(f"generate mean check rounds per riddle: {statistics.mean(rounds):.2f}")
    p_med = statistics.median(plain)
    for label, e in (("wall", engine), ("cpu", engine_cpu)):
        s_med, s_p95 = statistics.median(e), pct(e, 0.95)
        print(f"solve [{label}] engine: median {s_med:.2f} ms, p95 {s_p95:.2f} ms, "
              f"min {min(e):.2f} ms per riddle ({len(e)} riddles); seed plain scan "
              f"median {p_med:.2f} ms; ratio engine/scan {s_med / p_med:.3f}; "
              f"target < 5 ms {'PASS' if s_med < 5 else 'MISS'}")
    hints = bench_hints(args.repeat)
    print_hints(hints)
    return {"generate": {"median_ms": round(statistics.median(ours), 2),
                         "p95_ms": round(pct(ours, 0.95), 2),
                         "baseline_median_ms": round(statistics.median(base), 1),
                         "ratio": round(statistics.median(ours) / statistics.median(base), 5)},
            "solve": {"median_ms": round(statistics.median(engine), 2),
                      "p95_ms": round(pct(engine, 0.95), 2),
                      "baseline_median_ms": round(p_med, 2),
                      "ratio": round(statistics.median(engine) / p_med, 3)},
            "hints": hints, "seed": args.seed, "load_average": load1}


if __name__ == "__main__":
    raise SystemExit(main())
