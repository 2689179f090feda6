"""``pyengine scramble``: hide words in one line of letters with the CLIPS rules.

``pyengine scramble solve ...`` and ``pyengine scramble minimal ...`` go to their
own modules (see ``pyengine.ui.cli.ACTIONS``)."""
from __future__ import annotations

import sys

from pyengine.ui import cli


def add_parser(sub) -> None:
    p = sub.add_parser(
        "scramble", help="make a word scramble with the original CLIPS rules",
        description="Make a scramble: the words' letters interleaved in one line, each "
                    "word still spelled in order. With no words, the seed's seven rivers. "
                    "'pyengine scramble solve|minimal ...' find the words in a line or the "
                    "shortest line holding them all.")
    p.add_argument("words", nargs="*", metavar="WORD", help="words to hide (letters only)")
    p.add_argument("--file", help="read words from a file (whitespace separated, # comments)")
    p.add_argument("--swaps", type=int, default=100,
                   help="RANDOMIZE firings with the swap randomizer (default 100)")
    p.add_argument("--randomizer", choices=("swap", "shuffle"), default="swap",
                   help="swap: the seed's rule, cost grows with the square of the letters; "
                        "shuffle: a linear Fisher-Yates walk over position facts")
    cli.add_seed(p)
    cli.add_json(p)
    cli.add_trace(p)
    p.add_argument("--facts", action="store_true", help="print the final fact base")
    p.set_defaults(func=run)


def run(args) -> int:
    from pyengine.puzzles.scramble.make import make_scramble, read_word_file

    words = list(args.words)
    if args.file:
        words += read_word_file(args.file)
    result = make_scramble(words or None, swaps=args.swaps, seed=args.seed,
                           randomizer=args.randomizer, record=args.trace)
    if args.json:
        cli.print_json(result.as_dict())
    else:
        print(result.spaced)
        print(" ".join(result.words))
        print(f"(seed {result.seed}; {len(result.line)} letters; "
              f"{result.fired.get('RANDOMIZE', result.fired.get('SHUFFLE', 0))} randomizing firings)")
    if args.trace:
        cli.print_trace(result.session, sys.stdout if not args.json else sys.stderr)
    if args.facts:
        cli.print_facts(result.session, sys.stdout if not args.json else sys.stderr)
    return 0
