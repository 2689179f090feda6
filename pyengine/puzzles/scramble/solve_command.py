"""``pyengine scramble solve LINE --candidates FILE|WORDS``: find the hidden words."""
from __future__ import annotations

import sys

from pyengine.ui import cli


def build_parser() -> cli.Parser:
    p = cli.Parser(
        prog="pyengine scramble solve",
        description="Find every set of candidate words hidden in a scramble line as "
                    "disjoint subsequences that use every letter. Exit status 0 when "
                    "there is a solution, 1 when there is none, 2 on bad input.")
    p.add_argument("line", nargs="+", metavar="LINE",
                   help="the letter line, e.g. 'A O E M U ...' (spaces are ignored)")
    p.add_argument("--candidates", required=True, metavar="FILE|WORDS",
                   help="a word file, 'rivers50' (the packaged pool of 50 rivers), "
                        "or words separated by commas or spaces")
    cli.add_json(p)
    cli.add_trace(p)
    p.add_argument("--why", action="store_true",
                   help="also list each candidate that is not hidden in the line, and why")
    return p


def main(argv: list[str]) -> int:
    from pyengine.puzzles.scramble.solve import format_result, parse_candidates, solve

    args = build_parser().parse_args(argv)
    candidates = parse_candidates(args.candidates)
    result = solve(" ".join(args.line), candidates, record=args.trace)
    out = sys.stderr if args.json else sys.stdout
    if args.json:
        cli.print_json(result.as_dict())
    else:
        print(format_result(result))
    if args.why:
        for word, reason in result.rejected.items():
            print(f"  {word}: {reason}", file=out)
    if args.trace:
        cli.print_trace(result.session, out)
    return 0 if result.solutions else 1
