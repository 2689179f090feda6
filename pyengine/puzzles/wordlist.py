"""``pyengine words``: show a word list, or check words against it.

    pyengine words [--words SPEC]                 source, licence, size per tier, cache
    pyengine words [--words SPEC] check WORD...   is each word in, and at which tier

Exit codes: 0 ok (check: every word found), 1 check found a missing word,
2 usage error (bad list, bad arguments).
"""
from __future__ import annotations

import argparse
import sys

WORDS_HELP = ("word list: default (embedded SCOWL), default:N (tier<=N), system, "
              "enable1, enable2k, words_alpha, or a file path (one word per line)")


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register the ``words`` subcommand on an argparse subparsers object."""
    p = subparsers.add_parser(
        "words", help="show a word list or check words against it",
        description="Show a word list's source, licence, size per tier and "
                    "cache, or check words: 'pyengine words check WORD ...'.")
    # SUPPRESS: do not clobber a --words given to the top-level parser
    p.add_argument("--words", metavar="SPEC", default=argparse.SUPPRESS, help=WORDS_HELP)
    p.add_argument("--tier", type=int, default=None, metavar="N",
                   help="only words of tier <= N")
    p.add_argument("action", nargs="*", metavar="check WORD",
                   help="'check' followed by words to look up")
    p.set_defaults(func=run)
    return p


def run(args) -> int:
    from pyengine.engine.errors import UsageError
    from pyengine.words.lists import load
    out = sys.stdout
    try:
        action = list(getattr(args, "action", None) or [])
        if action and action[0] != "check":
            raise UsageError(f"unknown words action {action[0]!r} (expected: check WORD ...)")
        if action == ["check"]:
            raise UsageError("words check: give at least one word")
        wl = load(getattr(args, "words", None), max_tier=getattr(args, "tier", None))
        if action:
            return _check(wl, action[1:], out)
        _show(wl, out)
        return 0
    except UsageError as exc:
        print(f"pyengine words: error: {exc}", file=sys.stderr)
        return 2


def _show(wl, out) -> None:
    info = wl.info()
    print(f"list:     {info['label']}", file=out)
    print(f"source:   {info['source']}", file=out)
    print(f"licence:  {info['licence']}", file=out)
    print(f"words:    {info['words']}", file=out)
    if wl.has_tiers:
        running = 0
        print("per tier: tier  words  cumulative", file=out)
        for t, n in info["tiers"].items():
            running += n
            print(f"          {t:>4} {n:>6} {running:>11}", file=out)
    else:
        print("per tier: none (plain list: every word has tier 0)", file=out)
    print(f"skipped:  {info['skipped_lines']} input lines (digits, punctuation, spaces, accents)",
          file=out)
    print(f"cache:    {info['cache'] or '(none)'}", file=out)


def _check(wl, words, out) -> int:
    missing = 0
    for raw in words:
        w = raw.strip().lower()
        t = wl.tier(w)
        if t is None:
            missing += 1
            print(f"{raw}: not in {wl.label}", file=out)
        elif wl.has_tiers:
            print(f"{raw}: yes, tier {t} (zipf {wl.zipf(w):.2f}) in {wl.label}", file=out)
        else:
            print(f"{raw}: yes, in {wl.label}", file=out)
    return 1 if missing else 0


def main(argv=None) -> int:  # standalone: python -m pyengine.puzzles.wordlist ...
    ap = argparse.ArgumentParser(prog="pyengine")
    add_parser(ap.add_subparsers(dest="command", required=True))
    args = ap.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
