"""The ``pyengine`` command. Each puzzle's subcommand lives in its own module,
imported only when the parser is built; heavy engines load only when a command runs."""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys

from pyengine.engine.errors import UsageError

# (command, module). Each module defines add_parser(subparsers) and sets func=run(args)->int.
COMMANDS = [
    ("scramble", "pyengine.puzzles.scramble.command"),
    ("riddle", "pyengine.puzzles.riddle.command"),
    ("bee", "pyengine.puzzles.bee.command"),
    ("boggle", "pyengine.puzzles.boggle.command"),
    ("words", "pyengine.puzzles.wordlist"),
    ("shell", "pyengine.ui.shell"),
]


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and exit status 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message}\n")


def add_seed(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=None,
                   help="random seed; the same seed repeats the same result")


def add_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def add_trace(p: argparse.ArgumentParser) -> None:
    p.add_argument("--trace", action="store_true",
                   help="print each rule firing, CLIPS style (FIRE n rule: f-1,f-2)")


def add_words(p: argparse.ArgumentParser) -> None:
    p.add_argument("--words", metavar="LIST", default=None,
                   help="word list: 'default' (embedded), a file path, 'system', "
                        "or enable1 / enable2k / words_alpha from ../shared/data")


def print_json(obj) -> None:
    json.dump(obj, sys.stdout, indent=2)
    sys.stdout.write("\n")


def print_trace(session, file=None) -> None:
    """Every firing the session recorded, with what it asserted and retracted."""
    out = file or sys.stdout
    for firing in session.trace:
        print(firing, file=out)
        for fid in firing.retracted:
            print(f"    <== f-{fid}", file=out)
        for fid in firing.asserted:
            print(f"    ==> f-{fid}", file=out)


def print_facts(session, file=None) -> None:
    out = file or sys.stdout
    facts = session.facts()
    for f in facts:
        print(f, file=out)
    print(f"For a total of {len(facts)} facts.", file=out)


def build_parser() -> Parser:
    parser = Parser(prog="pyengine",
                    description="Word puzzles as forward-chaining rule systems "
                                "(CLIPS through clipspy, and experta).")
    from pyengine import __version__
    parser.add_argument("--version", action="version", version=f"pyengine {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in COMMANDS:
        if importlib.util.find_spec(module) is None:
            continue
        importlib.import_module(module).add_parser(sub)
    return parser


# "pyengine scramble solve ..." and "pyengine scramble minimal ...": their own parsers.
ACTIONS = {("scramble", "solve"): "pyengine.puzzles.scramble.solve_command",
           ("scramble", "minimal"): "pyengine.puzzles.scramble.minimal_command"}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        action = ACTIONS.get(tuple(argv[:2]))
        if action is not None:
            return int(importlib.import_module(action).main(argv[2:]) or 0)
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return 0
        return int(args.func(args) or 0)
    except UsageError as exc:
        print(f"pyengine: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pyengine: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
