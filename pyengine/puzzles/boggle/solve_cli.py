"""``pyengine boggle solve`` and ``pyengine boggle best``.

``pyengine.puzzles.boggle.command`` registers them with ``add_solve_parser(sub)`` and
``add_best_parser(sub)``.  Nothing heavy is imported until a command runs.
"""
from __future__ import annotations

import sys
import textwrap

from pyengine.ui import cli


def add_solve_parser(sub) -> None:
    p = sub.add_parser(
        "solve", help="find every word on a board, with its score",
        description="Find every word on a Boggle board: 8-neighbour paths, each cell used "
                    "once, minimum 3 letters on 4x4 and 4 on 5x5/6x6; scoring 3-4 letters 1, "
                    "5: 2, 6: 3, 7: 5, 8+: 11 (6x6: 9+ letters 2 per letter). A Q is the Qu "
                    "face unless --plain-q.")
    p.add_argument("board", nargs="+", metavar="BOARD",
                   help="the letters row by row, e.g. perslatgsineters or 'pers/latg/sine/ters' "
                        "(9, 16, 25 or 36 cells; [Th] for a two-letter face, # for a blank)")
    cli.add_words(p)
    p.add_argument("--min-len", type=int, default=None,
                   help="shortest word counted (default 3 on 4x4 and smaller, 4 on 5x5/6x6)")
    p.add_argument("--count", choices=("words", "paths"), default="words",
                   help="score distinct words (a player's count) or every path to a word "
                        "(the seed's figures)")
    p.add_argument("--two-letter", action="store_true",
                   help="allow 2-letter words at 1 point (the seed's convention)")
    p.add_argument("--plain-q", action="store_true",
                   help="read Q as a plain 'q' cell, not the Qu face")
    p.add_argument("--backend", choices=("auto", "python", "numba"), default="auto",
                   help="search backend (auto: numba when installed)")
    cli.add_json(p)
    p.set_defaults(func=run_solve)


def _group_by_length(words: list[str]) -> list[tuple[int, list[str]]]:
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    return sorted(groups.items(), reverse=True)


def run_solve(args) -> int:
    from pyengine.puzzles.boggle.board import parse_board
    from pyengine.puzzles.boggle.finder import default_min_len, get_finder, score_word
    from pyengine.engine.errors import UsageError

    board = parse_board(" ".join(args.board), qu=not args.plain_q)
    min_len = args.min_len
    if min_len is None:
        min_len = default_min_len(board.size, args.two_letter)
    if min_len < 1:
        raise UsageError("--min-len must be at least 1")
    finder = get_finder(args.words, min_len, args.count, args.two_letter, args.backend)
    result = finder.solve(board)
    if args.json:
        d = result.as_dict()
        d["board"] = board.text()
        d["grid"] = board.render().splitlines()
        d["backend"] = finder.backend
        cli.print_json(d)
        return 0
    print(board.render())
    print()
    for n, ws in _group_by_length(result.words):
        pts = score_word("x" * n, board.size, args.two_letter)
        head = f"{n} letters ({len(ws)} x {pts} pt{'s' if pts != 1 else ''}): "
        print(textwrap.fill(" ".join(ws), width=100, initial_indent=head,
                            subsequent_indent=" " * 4))
    counted = (f"{len(result.words)} words, {result.score} points"
               if args.count == "words" else
               f"{result.paths} paths ({len(result.words)} distinct words), "
               f"{result.score} points counting every path ({result.word_score} distinct)")
    print(f"\n{counted}  [list {result.wordlist}, min {result.min_len} letters]")
    return 0


def add_best_parser(sub) -> None:
    p = sub.add_parser(
        "best", help="search for a top-scoring board (simulated annealing)",
        description="Search for a high-scoring board: simulated annealing with re-roll and "
                    "swap moves, hill climbing at the end of each run, restarts until the "
                    "time is up. Reproducible: --seed S --iterations N replays a search "
                    "exactly (the report gives N).")
    cli.add_words(p)
    p.add_argument("--size", type=int, default=4, help="board size 3..6 (default 4)")
    p.add_argument("--seconds", type=float, default=120.0,
                   help="time budget in seconds (default 120)")
    p.add_argument("--iterations", type=int, default=None,
                   help="stop after exactly N moves instead of on time")
    p.add_argument("--steps", type=int, default=20_000,
                   help="moves per annealing run (default 20000)")
    p.add_argument("--backend", choices=("auto", "python", "numba"), default="auto",
                   help="search backend (auto: numba when installed; python is ~10x slower)")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    cli.add_seed(p)
    cli.add_json(p)
    p.set_defaults(func=run_best)


def run_best(args) -> int:
    from pyengine.puzzles.boggle.best import best_board

    def progress(r):
        print(f"  {r.seconds:7.1f} s  move {r.iterations:>8}  {r.score:5d} points  "
              f"{r.board.text()}", file=sys.stderr, flush=True)

    quiet = args.quiet or args.json
    r = best_board(args.words, size=args.size, seconds=args.seconds, seed=args.seed,
                   iterations=args.iterations, steps=args.steps, backend=args.backend,
                   progress=None if quiet else progress)
    if args.json:
        cli.print_json(r.as_dict())
        return 0
    print(r.board.render())
    print(f"\n{r.score} points, {r.words} words  [{r.board.text()}]")
    runs = f"{r.runs} run{'s' if r.runs != 1 else ''}"
    print(f"(list {r.wordlist}; {r.seconds:.1f} s, {r.iterations} moves in {runs}, "
          f"{r.backend} backend; seed {r.seed}: --seed {r.seed} --iterations {r.iterations} "
          f"replays it)")
    return 0
