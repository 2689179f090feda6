"""``pyengine scramble minimal WORD ...``: the shortest line hiding every word."""
from __future__ import annotations

from pyengine.ui import cli


def build_parser() -> cli.Parser:
    from pyengine.puzzles.scramble.minimal import BEAM_WIDTH, EXACT_WORDS, MAX_STATES

    p = cli.Parser(
        prog="pyengine scramble minimal",
        description="The shortest letter line that holds every word as a subsequence "
                    "(shortest common supersequence). Exact by A* for up to "
                    f"{EXACT_WORDS} words within --max-states; beyond that a beam "
                    "search or greedy merge, with a proven lower bound. With no words, "
                    "the seed's seven rivers.")
    p.add_argument("words", nargs="*", metavar="WORD", help="words (letters only)")
    p.add_argument("--file", help="read words from a file (whitespace separated, # comments)")
    p.add_argument("--max-states", type=int, default=MAX_STATES,
                   help=f"A* states to expand before giving up on a proof (default {MAX_STATES})")
    p.add_argument("--beam", type=int, default=BEAM_WIDTH,
                   help=f"beam width of the heuristic (default {BEAM_WIDTH})")
    cli.add_json(p)
    return p


def main(argv: list[str]) -> int:
    from pyengine.puzzles.scramble.make import RIVERS, read_word_file
    from pyengine.puzzles.scramble.minimal import format_result, minimal

    args = build_parser().parse_args(argv)
    words = list(args.words)
    if args.file:
        words += read_word_file(args.file)
    if not words and not args.file:
        words = list(RIVERS)
    result = minimal(words, max_states=args.max_states, beam_width=args.beam)
    if args.json:
        cli.print_json(result.as_dict())
    else:
        print(format_result(result))
        print(" ".join(result.words))
    return 0
