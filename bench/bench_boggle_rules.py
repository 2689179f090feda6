"""Benchmark: Boggle's solving rules (``rules/boggle_solve.py``, ``boggle solve --rules``)
against the finder's plain-Python search run beside them, on the same boards and list.

    .venv/bin/python bench/bench_boggle_rules.py [--boards 200] [--words default] [--rounds 2] [--json]

Boards: seeded uniform-random 4x4 boards, and the best 4x4 board known
(``perslatgsineters``, 1,045 words on enable2k). The rules run whole (their four
stages, no trace kept) on a session opened per board, asking the prefix index of a
Finder whose whole-list trie is built once beforehand; the baseline is that Finder's
own recursive search over the same trie (``Finder.stats``, backend python). Both must
give the same words, paths and scores on every board. Each contender makes
``--rounds`` passes and keeps its best CPU time, since the machine may be shared.
Figures: milliseconds per board, the rules' ratio to the baseline (how many times
slower), paths grown and firings per board, and microseconds per firing. There is no
target: the rules are there to be read and stepped, the finder to be fast.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyengine.puzzles.boggle.board import Board  # noqa: E402
from pyengine.puzzles.boggle.finder import Finder  # noqa: E402
from pyengine.puzzles.boggle.solve import open_solve, read_solve  # noqa: E402
from pyengine.rules import boggle_solve as R  # noqa: E402

ALPHA = "abcdefghijklmnopqrstuvwxyz"
BEST_KNOWN = "perslatgsineters"


def random_boards(n: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    return [Board(4, tuple(rng.choice(ALPHA) for _ in range(16))) for _ in range(n)]


def by_rules(board: Board, finder: Finder) -> tuple:
    """The rules' (words, paths, word score, path score), paths grown and firings."""
    plan = open_solve(board, count="paths", min_len=finder.min_len, record=False,
                      finder=finder)
    fired = sum(plan.run_all().values())
    r = read_solve(plan).result
    grown = len(plan.session.records(R.Path))
    return (len(r.words), r.paths, r.word_score, r.path_score), grown, fired


def best_cpu(fn, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def measure(kind: str, boards: list[Board], finder: Finder, rounds: int) -> dict:
    """Rules and baseline on ``boards``: checked equal, then timed."""
    ruled = [by_rules(b, finder) for b in boards]
    for b, (stats, _, _) in zip(boards, ruled):
        assert stats == finder.stats(b), f"the rules disagree with the finder on {b.spec()}"
    rules_s = best_cpu(lambda: [by_rules(b, finder) for b in boards], rounds)
    base_s = best_cpu(lambda: [finder.stats(b) for b in boards], rounds)
    n = len(boards)
    fired = sum(f for _, _, f in ruled)
    return {"kind": kind, "boards": n,
            "avg_words": round(sum(s[0] for s, _, _ in ruled) / n, 1),
            "avg_paths_grown": round(sum(g for _, g, _ in ruled) / n, 1),
            "avg_firings": round(fired / n, 1),
            "rules_ms": round(rules_s / n * 1000, 3),
            "baseline_ms": round(base_s / n * 1000, 4),
            "ratio": round(rules_s / base_s, 1),
            "us_per_firing": round(rules_s / fired * 1e6, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=200)
    ap.add_argument("--words", default="default")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    finder = Finder(args.words, count="paths", backend="python", one_shot=False)
    finder.trie                     # noqa: B018  (built before any clock starts)
    rows = [measure("uniform-random 4x4", random_boards(args.boards, args.seed), finder,
                    args.rounds),
            measure(f"best known 4x4 ({BEST_KNOWN})", [Board(4, tuple(BEST_KNOWN))], finder,
                    args.rounds)]
    report = {"words": finder.label, "rounds": args.rounds, "rows": rows}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"# list {finder.label}; CPU time, best of {args.rounds}; "
          f"baseline: the finder's plain-Python search (Finder.stats)")
    print(f"{'boards':<36} {'n':>5} {'words':>7} {'paths':>7} {'firings':>8} "
          f"{'rules ms':>9} {'base ms':>8} {'ratio':>7} {'us/firing':>10}")
    for r in rows:
        print(f"{r['kind']:<36} {r['boards']:>5} {r['avg_words']:>7} "
              f"{r['avg_paths_grown']:>7} {r['avg_firings']:>8} {r['rules_ms']:>9.2f} "
              f"{r['baseline_ms']:>8.3f} {r['ratio']:>6.0f}x {r['us_per_firing']:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
