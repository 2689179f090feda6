"""Spelling Bee benchmark.

1. Solve (answers, scores, ranks) through the rules, engine reused, list
   loaded, vs the seed's plain scan of a list (default SCOWL list, ~111k words)
   in the same run.  Target: rules under 10 ms.
2. A constrained random puzzle (`make`, NYT habits): median over seeds.
   Target: under 50 ms.
3. Best hive on enable1 (shipped; target AEGINRT/R 3898 in < 1 s), by
   the fast twin of the scoring, then solved through the rules (they must agree).
4. Recall / precision of the word lists against the official answers of
   ../shared/data/bee_dev.json (only words that fit each hive), even dates
   (tuning) and odd dates (held out) apart.
5. `bee solve --batch FILE --json` on the 99 puzzles of bee_dev.json as JSON
   lines (skipped where absent): puzzles per second, in process (one engine, the
   list loaded) and through the command (start-up included), and per puzzle as a
   ratio to the seed's plain scan of the default list.  Target: >= 200 puzzles/s.

Usage:  .venv/bin/python bench/bench_bee.py [--quick]
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from pyengine.puzzles.bee.best import best_hive
from pyengine.puzzles.bee.engine import BeeEngine
from pyengine.puzzles.bee.make import make
from pyengine.words import bee as bee_words, lists as words

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
HIVES = [("aeginrt", "r"), ("acdeilp", "c"), ("bcehiot", "o"), ("lmnoptu", "u"),
         ("acfiklm", "a"), ("cdeilnt", "i")]


def seed_scan(all_words, letters, center):
    """The seed's solution comprehension."""
    return [w for w in all_words if len(w) > 3 and center in w
            and not set(w).difference(letters)]


def timed(fn, reps, cpu=None):
    """Median wall time of ``fn``; CPU (process) times appended to ``cpu``
    when given (on a busy shared machine the wall clock also counts waiting)."""
    out = []
    for _ in range(reps):
        t, c = time.perf_counter(), time.process_time()
        fn()
        out.append(time.perf_counter() - t)
        if cpu is not None:
            cpu.append(time.process_time() - c)
    return statistics.median(out)


def bench_solve(hives, reps, wl, default) -> float:
    """1. Solve through the rules vs the seed's scan; returns one scan's time."""
    eng = BeeEngine(wl)
    eng.solve("aeginrt", "r")      # warm up
    rule_t, scan_t, scan_bee_t, n_ans, rule_cpu = [], [], [], [], []
    for letters, c in hives:
        letters = "".join(sorted(letters))
        rule_t.append(timed(lambda: eng.solve(letters, c), reps, rule_cpu))
        scan_t.append(timed(lambda: seed_scan(default.words, letters, c), max(1, reps // 3)))
        scan_bee_t.append(timed(lambda: seed_scan(wl.words, letters, c), max(1, reps // 3)))
        n_ans.append(len(eng.solve(letters, c).answers))
    r, s, sb = statistics.median(rule_t), statistics.median(scan_t), statistics.median(scan_bee_t)
    print(f"solve through the rules ({len(hives)} hives, median {statistics.median(n_ans):.0f} "
          f"answers, bee list {len(wl)} words): median {r * 1e3:.2f} ms "
          f"(max {max(rule_t) * 1e3:.2f} ms); CPU time median "
          f"{statistics.median(rule_cpu) * 1e3:.2f} ms, min {min(rule_cpu) * 1e3:.2f} ms")
    print(f"  seed's scan of the default list ({len(default)} words): {s * 1e3:.1f} ms  -> "
          f"rules are {s / r:.1f}x faster (ratio rules/scan {r / s:.3f})")
    print(f"  seed's scan of the bee list ({len(wl)} words): {sb * 1e3:.1f} ms  -> "
          f"{sb / r:.1f}x")
    return s


def bench_make(wl, quick: bool, one_scan: float) -> None:
    """2. Constrained random puzzles (the fast twins propose, the vet rules decide)."""
    meng = BeeEngine(wl, kind="make")
    make(seed=0, engine=meng)
    make_t, make_cpu = [], []
    for sd in range(10 if quick else 40):
        t, c0 = time.perf_counter(), time.process_time()
        make(seed=sd, engine=meng)
        make_t.append(time.perf_counter() - t)
        make_cpu.append(time.process_time() - c0)
    m = statistics.median(make_t)
    print(f"random puzzle with the NYT habits ({len(make_t)} seeds): median {m * 1e3:.1f} ms, "
          f"max {max(make_t) * 1e3:.1f} ms, CPU median {statistics.median(make_cpu) * 1e3:.1f} "
          f"ms  (= {m / one_scan:.2f} x one seed scan of the default list)")


def bench_best() -> None:
    """3. Best hive on enable1 (fast twin of the scoring), confirmed by the rules."""
    t = time.perf_counter()
    en = words.load("enable1")
    load_t = time.perf_counter() - t
    b = best_hive(en)
    t = time.perf_counter()
    b = best_hive(en)
    best_t = time.perf_counter() - t
    one_scan = timed(lambda: seed_scan(en.words, "aeginrt", "r"), 3)
    pz = BeeEngine(en).solve(b.letters, b.center)
    agree = (pz.max_score, len(pz.answers)) == (b.score, b.words)
    print(f"best hive on enable1: {b.letters.upper()} center {b.center.upper()} "
          f"{b.score} points, {b.words} words, {b.pangrams} pangrams, "
          f"{b.considered} pangram masks: {best_t * 1e3:.0f} ms "
          f"(+ list load {load_t * 1e3:.0f} ms) = {best_t / one_scan:.1f} x one seed "
          f"scan of enable1 ({one_scan * 1e3:.0f} ms); the rules "
          f"{'agree' if agree else f'DISAGREE: {pz.max_score} points'}")


def _recall_precision(lst, dev, keep) -> str:
    tp = fp = fn = 0
    for p in dev:
        if keep is not None and int(p["date"][-2:]) % 2 != keep:
            continue
        got = set(lst.words_within(p["center"] + p["outer"], p["center"], 4))
        ans = set(p["answers"])
        tp += len(got & ans)
        fp += len(got - ans)
        fn += len(ans - got)
    return f"R {tp / (tp + fn):.3f} P {tp / (tp + fp):.3f}"


def bench_lists(dev, wl, default) -> None:
    """4. Word lists vs the official answers."""
    lists = [("bee (default)", wl), ("default SCOWL", default)]
    lists.append(("enable1", words.load("enable1")))
    print("word list vs official answers (words fitting each hive):")
    for name, lst in lists:
        parts = [f"{label} {_recall_precision(lst, dev, keep)}"
                 for label, keep in (("even/tune", 0), ("odd/held out", 1), ("all", None))]
        print(f"  {name:14s} " + " | ".join(parts))


def bench_batch(dev, one_scan: float, reps: int) -> None:
    """5. ``bee solve --batch FILE --json``: every puzzle of bee_dev.json, streamed."""
    import subprocess
    import tempfile

    from pyengine.puzzles.bee.batch import solve_batch
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "dev.jsonl"
        path.write_text("".join(json.dumps(p) + "\n" for p in dev))
        eng = BeeEngine()
        eng.solve("aeginrt", "r")      # warm up
        cpu: list[float] = []
        wall = timed(lambda: sum(1 for _ in solve_batch(str(path), seed=1, engine=eng)
                                 .stream(as_json=True)), reps, cpu)
        c = statistics.median(cpu)
        t = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "pyengine", "bee", "solve", "--batch",
                              str(path), "--json", "--seed", "1"], capture_output=True,
                             check=True).stdout
        cmd = time.perf_counter() - t
    n = len(dev)
    assert len(out.splitlines()) == n
    print(f"bee solve --batch --json ({n} puzzles of bee_dev.json): {n / wall:.0f} puzzles/s "
          f"wall, {n / c:.0f} puzzles/s CPU ({wall / n * 1e3:.2f} ms a puzzle = "
          f"{wall / n / one_scan:.3f} x one seed scan of the default list); the command "
          f"with start-up: {cmd:.2f} s = {n / cmd:.0f} puzzles/s  (target >= 200/s)")


def main(argv=None) -> int:
    import os
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    quick = "--quick" in (argv or sys.argv[1:])
    reps = 3 if quick else 9
    dev_file = SHARED / "bee_dev.json"
    dev = json.loads(dev_file.read_text()) if dev_file.is_file() else []
    hives = HIVES + [(p["center"] + p["outer"], p["center"]) for p in dev[:0 if quick else 20]]
    wl, default = bee_words.load(), words.load()
    one_scan = bench_solve(hives, reps, wl, default)
    bench_make(wl, quick, one_scan)
    bench_best()
    if dev:
        bench_lists(dev, wl, default)
        bench_batch(dev, one_scan, reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
