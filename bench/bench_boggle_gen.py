"""Generation time per 4x4 board through the experta rules, against the plain twin.

Target: a greedy-CAD board through the rule engine in under 10 ms. Baseline: the same
algorithm as a plain Python loop (``pyengine.puzzles.boggle.twin.plain_generate``: the
same dice, the same draws, the same boards), run in the same process on the same seeds.
The engine figure is split into the session reset (plan, board, Cell facts) and the
stage runs, and the firings of one board are counted per rule (marks, picks, draws).

    .venv/bin/python bench/bench_boggle_gen.py [--boards N] [--repeats R] [--words LIST]
    .venv/bin/python bench/bench_boggle_gen.py --scaling [--boards N] [--words LIST]

``--scaling`` runs ``boggle bench`` (the seed's nine generators and trigram, N boards
each, through the rules) on 1 and 2 workers of the local process pool and, when
dask.distributed is installed, of a local Dask cluster, and prints the wall-clock
boards/s of each and the seed's study (9 generators x 10^6 boards) projected on 1, 2
and 64 workers from the per-worker rate (the machine's load is printed beside them).

Times are CPU time of this process (time.process_time), best of R repeats, so other
processes on the machine disturb them little.
"""
from __future__ import annotations

import argparse
import time
from collections import Counter

from pyengine.engine.stages import StageRunner
from pyengine.puzzles.boggle import generate as G
from pyengine.puzzles.boggle.stats import load_stats


def per_board_ms(fn, boards: int, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        for s in range(boards):
            fn(s)
        best = min(best, (time.process_time() - t0) / boards * 1000)
    return best


def row(algo: str, stats, boards: int, repeats: int) -> str:
    for s in range(5):   # warm: sessions built, tables built; and the boards agree
        assert G.generate(algo, 4, seed=s, stats=stats) == G.plain_generate(
            algo, 4, seed=s, stats=stats)
    eng = per_board_ms(lambda s: G.generate(algo, 4, seed=s, stats=stats), boards, repeats)
    plain = per_board_ms(lambda s: G.plain_generate(algo, 4, seed=s, stats=stats),
                         boards, repeats)
    _, sess = G.generate_with_session(algo, 4, seed=0, stats=stats, record=True)
    target = ("under 10 ms: " + ("MET" if eng < 10 else "MISSED")) if algo == "greedy-cad" else ""
    return (f"{algo:<12} {eng:>10.3f} {plain:>9.3f} {eng / plain:>6.1f}x {len(sess.trace):>8} "
            f"{len(sess.facts()):>6}  {target}")


def split(stats, boards: int) -> None:
    """Where the engine time of a greedy-CAD board goes, and what fires."""
    algo = "greedy-cad"
    t_setup = t_run = 0.0
    for s in range(boards):
        t0 = time.process_time()
        session, stages = G.make_session(algo, 4, seed=s, stats=stats, record=False,
                                         reuse=True)
        t1 = time.process_time()
        StageRunner(session, stages).run_all()
        t2 = time.process_time()
        t_setup += t1 - t0
        t_run += t2 - t1
    print(f"greedy-cad split: reset (plan, board, cells) {t_setup / boards * 1000:.3f} ms, "
          f"stages {t_run / boards * 1000:.3f} ms (one run, not best-of)")
    fired: Counter = Counter()
    for s in range(boards):
        _, sess = G.generate_with_session(algo, 4, seed=s, stats=stats, record=True)
        fired.update(f.rule for f in sess.trace)
    print("greedy-cad firings per board: " + ", ".join(
        f"{rule} {n / boards:.1f}" for rule, n in fired.most_common()))


def scaling(boards: int, words: str) -> None:
    import importlib.util
    import json
    import os

    from pyengine.ui.cli import main as cli
    ways = [("process pool", ["--workers", "1"], ["--workers", "2"])]
    if importlib.util.find_spec("distributed") is not None:
        ways.append(("dask local", ["--cluster", "local:1"], ["--cluster", "local:2"]))
    for name, *runs in ways:
        for extra in runs:
            import contextlib
            import io
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                cli(["boggle", "bench", "--boards", str(boards), "--words", words,
                     "--no-progress", "--json", *extra])
            sc = json.loads(buf.getvalue())["scaling"]
            h = sc["study_hours"]
            print(f"{name:<13} {sc['workers']} worker(s): {sc['boards_per_s']:7.1f} boards/s "
                  f"({sc['boards']} boards, {sc['wall_s']:.1f} s); study projected "
                  f"{h['1']} h / {h['2']} h / {h['64']} h on 1 / 2 / 64 workers; "
                  f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--scaling", action="store_true", help="bench on 1 and 2 workers")
    p.add_argument("--boards", type=int, default=300)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--words", default="words_alpha")
    p.add_argument("--algos", default="greedy-cad,rnd,adj,cad,greedy-dcad,trigram")
    args = p.parse_args()
    if args.scaling:
        scaling(args.boards, args.words)
        return
    stats = load_stats(args.words)
    print(f"# {args.boards} boards x best of {args.repeats}, 4x4, stats from {stats.label}")
    print(f"{'algo':<12} {'engine ms':>10} {'plain ms':>9} {'ratio':>7} {'firings':>8} "
          f"{'facts':>6}  target")
    for algo in args.algos.split(","):
        print(row(algo, stats, args.boards, args.repeats), flush=True)
    split(stats, min(args.boards, 100))


if __name__ == "__main__":
    main()
