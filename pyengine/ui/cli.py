"""The ``pyengine`` command, built from the puzzle registry.

Every puzzle subcommand and its options come from the declarations in
:mod:`pyengine.puzzles.registry`; this module only turns them into argparse parsers,
calls the action and prints its result (text, or ``--json``; ``--trace`` and
``--facts`` from the session the result carries). Heavy engines load only when an
action runs.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import message_lines, one_line
from pyengine.engine.wording import plural
from pyengine.puzzles import registry
from pyengine.puzzles.base import DRAWN, Action, Option, Puzzle
from pyengine.puzzles.workers import Terminated

# Commands that are tools around the puzzles rather than puzzles: (name, module with
# add_parser(subparsers, help) and run(args) -> int, the one-line help). A tool's module
# is imported only when the command names it: the others are listed by their help.
TOOLS = (("shell", "pyengine.ui.shell",
          "inspect a puzzle's rule session interactively (facts, agenda, step, why)"),
         ("serve", "pyengine.ui.web.command",
          "the web inspector: step, back and why in a browser, one session a tab"))


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr and exit status 2, and an
    option is named in full (``--word`` is not taken for ``--words``)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")

    def _print_message(self, message, file=None):
        """Help, usage and version text; a failed write is an error (argparse's own
        ignores it: ``--help > /dev/full`` exited 0 having printed nothing)."""
        if message:
            (file or sys.stderr).write(message)


# -- output -----------------------------------------------------------------------------
def print_json(obj, file=None) -> None:
    out = file or sys.stdout
    json.dump(obj, out, indent=2)
    out.write("\n")


def print_trace(session, file=None) -> None:
    """Every firing the session recorded, with what it asserted and retracted."""
    from pyengine.engine.trace import firing_lines
    out = file or sys.stdout
    for firing in session.trace:
        for line in firing_lines(firing):
            print(line, file=out)


def print_facts(session, file=None) -> None:
    out = file or sys.stdout
    facts = session.facts()
    for f in facts:
        print(f, file=out)
    print(f"For a total of {plural(len(facts), 'fact')}.", file=out)


# -- parsers from declarations ------------------------------------------------------------
def add_option(p: argparse.ArgumentParser, opt: Option) -> None:
    """One declared option as an argparse argument (values are checked later, by the
    declaration itself, so the CLI, the shell and the API agree)."""
    if opt.positional:
        nargs = ("+" if opt.required else "*") if opt.kind == "words" else (
            None if opt.required else "?")
        p.add_argument(opt.name, nargs=nargs, metavar=opt.metavar or opt.name.upper(),
                       help=opt.help, default=None)
        return
    flags = opt.option_flags
    if opt.kind == "bool":
        p.add_argument(*flags, dest=opt.name, action="store_const", const=True,
                       default=None, help=opt.help)
    else:
        p.add_argument(*flags, dest=opt.name, default=None, help=opt.help,
                       metavar=opt.metavar or (None if opt.choices else opt.name.upper()),
                       choices=opt.choices or None, required=opt.required,
                       nargs="+" if opt.kind == "words" else None)


def add_action_options(p: argparse.ArgumentParser, action: Action,
                       outputs: bool = True) -> None:
    """The action's options; ``outputs``: and the command's printing ones (--json,
    --trace, --facts), which a session opened in the shell has no use for."""
    for opt in action.options:
        if opt.cli:
            add_option(p, opt)
    p.set_defaults(_action=action)
    if not outputs:
        return
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    if action.trace:
        p.add_argument("--trace", action="store_true",
                       help="print each rule firing, CLIPS style (FIRE n rule: f-1,f-2)")
    if action.facts:
        p.add_argument("--facts", action="store_true", help="print the final fact base")


def action_parser(puzzle: Puzzle, action: Action, prog: str, outputs: bool = True) -> Parser:
    """A stand-alone parser for one action (``pyengine PUZZLE ACTION ...``)."""
    p = Parser(prog=prog, description=action.description or action.help)
    add_action_options(p, action, outputs)
    return p


def parse_action_args(action: Action, argv: list[str], prog: str) -> dict:
    """An action's options read from command-line words and checked (the shell uses
    this to open a puzzle with the same options as its command, but the printing ones:
    ``--json`` there was taken and did nothing)."""
    args = action_parser(None, action, prog, outputs=False).parse_args(argv)
    given = {o.name: getattr(args, o.name, None) for o in action.options if o.cli}
    return action.arguments(given)


def _add_puzzle(sub, puzzle: Puzzle) -> None:
    others = [a for a in puzzle.actions if a.name != puzzle.default]
    desc = puzzle.description or puzzle.help
    p = sub.add_parser(puzzle.name, help=puzzle.help, description=desc)
    p.set_defaults(_puzzle=puzzle)
    if puzzle.default is not None:
        add_action_options(p, puzzle.action())
        return
    acts = p.add_subparsers(dest="_action_name", metavar="ACTION")
    for act in others:
        q = acts.add_parser(act.name, help=act.help, description=act.description or act.help)
        add_action_options(q, act)


def build_parser(command: str | None = None) -> Parser:
    """The whole command line's parser; of the tools only ``command``'s is built in
    full (importing the shell or the web app costs more than a puzzle's run)."""
    parser = Parser(prog="pyengine",
                    description="Word puzzles as forward-chaining rule systems "
                                "(CLIPS through clipspy, and experta).")
    from pyengine.version import __version__
    parser.add_argument("--version", action="version", version=f"pyengine {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for puzzle in registry.puzzles().values():
        _add_puzzle(sub, puzzle)
    for name, module, help_text in TOOLS:
        if name == command:
            importlib.import_module(module).add_parser(sub, help_text)
        else:
            sub.add_parser(name, help=help_text, add_help=False)
    return parser


def _value_flags(action: Action) -> set[str]:
    flags = set()
    for opt in action.options:
        if not opt.positional and opt.kind != "bool":
            flags.update(opt.option_flags)
    return flags


def named_action(puzzle: Puzzle, argv: list[str]) -> tuple[Action, list[str]] | None:
    """For a puzzle with a default action: the other action named by the first word
    that is not an option (``pyengine words --words X check cat``), and the rest."""
    if puzzle.default is None:
        return None
    takes_value = _value_flags(puzzle.action())
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            return None
        if word.startswith("-") and word != "-":
            i += 2 if word in takes_value else 1
            continue
        if word != puzzle.default and any(a.name == word for a in puzzle.actions):
            action = puzzle.action(word)
            _own_options(puzzle, action, argv[:i])
            return action, argv[:i] + argv[i + 1:]
        return None
    return None


def _own_options(puzzle: Puzzle, action: Action, before: list[str]) -> None:
    """Options written before the action's name are read as the action's; one it does
    not take, but the puzzle's own command does, is named as such (UsageError)."""
    takes = {f for o in action.options for f in o.option_flags}
    default = {f for o in puzzle.action().options for f in o.option_flags}
    for word in before:
        flag = word.split("=", 1)[0]
        if flag in default and flag not in takes:
            raise UsageError(f"{flag} is an option of 'pyengine {puzzle.name}', not of "
                             f"'pyengine {puzzle.name} {action.name}' (see pyengine "
                             f"{puzzle.name} {action.name} --help)")


# -- running ---------------------------------------------------------------------------
def print_result(result, as_json: bool) -> None:
    """The result as text or JSON; a result with ``stream(as_json)`` is written chunk
    by chunk as it is made (a make of ``--count 10000`` shows each puzzle at once)."""
    stream = getattr(result, "stream", None)
    if callable(stream):
        for chunk in stream(as_json=as_json):
            sys.stdout.write(chunk)
            sys.stdout.flush()
    elif as_json:
        print_json(result.as_dict())
    else:
        text = result.text()
        if text:
            print(text)


def run_action(action: Action, args: argparse.Namespace) -> int:
    """Call the action with the parsed options and print its result."""
    given = {o.name: getattr(args, o.name, None) for o in action.options if o.cli}
    as_json = getattr(args, "json", False)
    aux = sys.stderr if as_json else sys.stdout
    extra = {"record": bool(getattr(args, "trace", False)), "as_json": as_json,
             "show_facts": bool(getattr(args, "facts", False))}
    if action.interactive:
        extra = {"lines": sys.stdin, "say": lambda *a: print(*a, file=aux)}
    result = action.call(**given, **extra)
    print_result(result, as_json)
    session = getattr(result, "session", None)
    if getattr(args, "trace", False) and session is not None:
        print_trace(session, aux)
    if getattr(args, "facts", False) and session is not None:
        print_facts(session, aux)
    return int(getattr(result, "exit_status", 0) or 0)


def dispatch(argv: list[str]) -> int:
    """Parse ``argv`` and run what it names; return the exit status."""
    puzzle = registry.puzzles().get(argv[0]) if argv else None
    found = named_action(puzzle, argv[1:]) if puzzle is not None else None
    if found is not None:
        action, rest = found
        args = action_parser(puzzle, action, f"pyengine {puzzle.name} {action.name}"
                             ).parse_args(rest)
        return run_action(action, args)
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if getattr(args, "_action", None) is not None:
        return run_action(args._action, args)
    if getattr(args, "func", None) is not None:       # a tool such as the shell
        return int(args.func(args) or 0)
    # no command, or a puzzle without its action: the help, with a usage mistake's status
    try:
        if getattr(args, "_puzzle", None) is not None:
            parser.parse_args([args.command, "--help"])
        parser.print_help()
    except SystemExit:
        pass
    return 2


def _silence_stdout() -> None:
    """After stdout failed (a closed pipe, a full disk), send the rest to /dev/null so
    the interpreter's last flush cannot print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _standard_streams() -> bool:
    """A closed standard input reads as an empty one (``<&-`` as ``</dev/null``); a
    closed standard error writes nowhere; a closed standard output is an error (False),
    said on standard error."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")
    if sys.stdin is None:
        sys.stdin = open(os.devnull)
    if sys.stdout is None:
        print("pyengine: error: standard output is closed: nothing could be written",
              file=sys.stderr)
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    """The ``pyengine`` command: exit status 0 done, 1 no answer (solve, check), 2 bad
    input or an output that could not be written, 130 interrupted, 141 its reader
    stopped reading (``| head``), 143 terminated (SIGTERM while worker processes ran,
    :mod:`pyengine.puzzles.workers`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    DRAWN.clear()                       # this command's seed, if it draws one
    if not _standard_streams():
        return 2
    for stream in (sys.stdout, sys.stderr):    # a narrow encoding never crashes a print
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        status = dispatch(argv)
        sys.stdout.flush()
        return status
    except UsageError as exc:
        print(f"pyengine: error: {message_lines(exc)}", file=sys.stderr)
        return 2
    except SystemExit:                  # argparse's --help, --version and usage errors:
        if not _flushed():              # what they printed must have reached stdout
            return 2
        raise
    except KeyboardInterrupt:       # a run with a drawn seed says it: --seed repeats it
        seed = f" (seed {DRAWN[-1]}: --seed {DRAWN[-1]} repeats the run)" if DRAWN else ""
        print(f"pyengine: interrupted{seed}", file=sys.stderr)
        return 130
    except Terminated:
        print("pyengine: terminated", file=sys.stderr)
        return 143
    except BrokenPipeError:             # the reader stopped (| head): the command did
        _silence_stdout()               # not finish, so no status of its own; 141 is
        return 141                      # what a tool SIGPIPE ended says (128 + 13)
    except MemoryError:
        print("pyengine: error: out of memory (see the size limits in README.md)",
              file=sys.stderr)
        return 2
    except OSError as exc:
        return _output_failed(exc)


def _flushed() -> bool:
    """Has what was printed reached stdout? (False, said in one line, if not.)"""
    try:
        sys.stdout.flush()
    except OSError as exc:
        _output_failed(exc)
        return False
    return True


def _output_failed(exc: OSError) -> int:
    """A read or write failed: one line, stdout silenced, status 2."""
    where = f" ({exc.filename})" if getattr(exc, "filename", None) else " (output)"
    print(f"pyengine: error: input/output failed{where}: {exc.strerror or exc}",
          file=sys.stderr)
    _silence_stdout()
    return 2
