"""``pyengine riddle solve|make``: letter riddles ("My first is in deans but not in slats").

Kept light at import: the engine, rapidfuzz and the word list load only in ``run``."""
from __future__ import annotations

import sys

from pyengine.ui import cli


def add_parser(sub) -> None:
    p = sub.add_parser(
        "riddle", help="solve or make letter riddles ('My first is in ... but not in ...')",
        description="Letter riddles: each clue line names one letter of a word through "
                    "the letters of two clue words.")
    acts = p.add_subparsers(dest="action", metavar="ACTION")
    acts.required = True

    s = acts.add_parser("solve", help="solve a riddle (from a file or standard input)",
                        description="Solve a riddle. Clue lines like 'My first is in "
                                    "deans but not in slats'; other lines are hints. "
                                    "Solutions are ranked most familiar first.")
    s.add_argument("file", nargs="?", default="-", metavar="FILE",
                   help="riddle text file, or - for standard input (default)")
    cli.add_words(s)
    s.add_argument("--all", action="store_true",
                   help="list every solution (default: the 10 most familiar)")
    cli.add_json(s)
    cli.add_trace(s)
    s.set_defaults(func=run_solve)

    m = acts.add_parser("make", help="make riddles with exactly one solution",
                        description="Make riddles with one solution in the word list "
                                    "(clue words and random answers from its common tier).")
    m.add_argument("word", nargs="?", metavar="WORD", help="the answer (default: random)")
    m.add_argument("--count", type=int, default=1, help="how many riddles (default 1)")
    m.add_argument("--length", default="5-8", metavar="MIN-MAX",
                   help="length of random answers, N or MIN-MAX (default 5-8)")
    cli.add_seed(m)
    cli.add_words(m)
    cli.add_json(m)
    m.set_defaults(func=run_make)


def run_solve(args) -> int:
    from pyengine.puzzles.riddle.core import format_solution, read_text, solve

    text = read_text(args.file)
    result = solve(text, words=args.words, all_solutions=args.all, record=args.trace)
    if args.json:
        cli.print_json(result.as_dict(limit=None if args.all else 10))
    else:
        print(format_solution(result, limit=None if args.all else 10))
    if args.trace:
        cli.print_trace(result.session, sys.stderr if args.json else sys.stdout)
    return 0 if result.solutions else 1


def run_make(args) -> int:
    from pyengine.puzzles.riddle.core import make_riddles, parse_lengths

    lengths = parse_lengths(args.length)
    riddles, seed = make_riddles(args.word, args.count, lengths, args.seed, args.words)
    if args.json:
        cli.print_json({"riddles": [r.as_dict() for r in riddles], "seed": seed})
        return 0
    for i, r in enumerate(riddles):
        if i:
            print()
        print(r.text)
        print(f"Solution: {r.answer.capitalize()}")
    print(f"\n(seed {seed})")
    return 0
