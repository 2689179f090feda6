"""``pyengine shell PUZZLE [puzzle options]``: look inside a rule session, step by step.

The shell opens a puzzle's session paused before its first stage (the puzzle's
declared ``open`` function, with the same options as its command; see
:mod:`pyengine.ui.sessions`), or any .clp file or experta engine, and reads
commands, one per line, each also in CLIPS's form (``(facts)``, ``(run 3)``): those
of the command table (:mod:`pyengine.ui.command_table`, whose entries make the
shell's ``do_NAME`` methods, its help and its completion). The commands and their output are the same on CLIPS and on experta:
facts as ``f-12    (text ...)``, firings as ``FIRE    3 randomize-swap-two-ids:
f-12,f-9``, what a rule printed under its firing as ``    | text``. A rule's
``(read)`` or ``input()`` prompts on a terminal and reads ``--input FILE`` in a
script (end of input when there is none).

On a terminal it has a prompt, tab completion and a history; with stdin from a
file or a pipe it prints only what the commands print, so it can be scripted::

    printf 'run\\nfacts\\nwhy f-9\\n' | pyengine shell clp docs/examples/family.clp --stage GO

Lines the shell itself adds (stage boundaries, summaries) start with ``;;``,
CLIPS's comment mark; errors are one line starting with ``error:``.
"""
from __future__ import annotations

import argparse
import cmd
import io
import re
import sys
from typing import Callable, Iterable

from pyengine.engine.errors import UsageError
from pyengine.engine.timeline import Timeline
from pyengine.engine.wording import plural
from pyengine.ui import sessions
from pyengine.ui.notebook import FactLog
from pyengine.ui.provenance import can_print_unicode
from pyengine.ui.command_table import described, install_shell
from pyengine.ui.shell_clips import ClipsCommands
from pyengine.ui.shell_commands import ShellFront
from pyengine.ui.shell_edit import EditCommands, parens_of
from pyengine.ui.shell_events import EventView, RuleInput, clips_form, stage_label
from pyengine.ui.shell_readline import Completion, save_history
from pyengine.engine.textio import one_line, read_file_text, read_text

PROMPT = "pyengine> "
CONTINUED = "     ...> "     # a construct typed over several lines goes on

# -- the command line -------------------------------------------------------------------

def add_parser(sub, help_text: str) -> None:
    lines = "\n".join(f"  {name:<15} {desc}" for name, desc in sessions.descriptions())
    p = sub.add_parser(
        "shell", help=help_text,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Open a puzzle's rule session paused before its first stage (or any "
                    f".clp file or experta engine) and inspect it: {described()}; each "
                    "also in CLIPS's form, (facts). Reads commands from stdin; on a "
                    "terminal with a prompt, completion and history.",
        epilog="puzzles:\n" + lines + "\n\nexample:\n  printf 'run\\nfacts\\n' | "
               "pyengine shell clp docs/examples/family.clp --stage GO")
    p.add_argument("--echo", action="store_true",
                   help="print each command after a prompt, as a transcript shows it")
    p.add_argument("--script", metavar="FILE", help="read commands from FILE, not stdin")
    p.add_argument("--input", metavar="FILE",
                   help="lines for the rules' (read), (readline) and input(), one per read "
                        "(without it: a prompt on a terminal, end of file in a script)")
    p.add_argument("puzzle", metavar="PUZZLE", help="one of: " + ", ".join(sessions.names()))
    p.add_argument("args", nargs=argparse.REMAINDER, metavar="...",
                   help="the puzzle's own arguments and options")
    p.set_defaults(func=run)


def run(args) -> int:
    input_file, rest = take_input_option(args.args)
    args.input = args.input or input_file
    interactive = not args.script and _isatty(sys.stdin)
    stdin = _script(args.script) if args.script else \
        sys.stdin if interactive else _piped(sys.stdin)
    factory = sessions.opener(args.puzzle, rest)
    setup = _first_open(factory, args.puzzle)
    inputs = input_lines(args.input) if getattr(args, "input", None) else None
    shell = Shell(setup, factory, stdin=stdin, stdout=sys.stdout,
                  interactive=interactive, echo=args.echo, inputs=inputs)
    try:
        shell.cmdloop()
    finally:
        shell.session.close()           # the engine's memory back (CLIPS: its environment)
    return 1 if shell.errors and not interactive else 0


def take_input_option(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--input FILE`` is the shell's own, also when written after the puzzle's words."""
    rest, found, words = [], None, list(argv)
    while words:
        word = words.pop(0)
        if word == "--input":
            if not words:
                raise UsageError("--input needs a FILE")
            found = words.pop(0)
        elif word.startswith("--input="):
            found = word.partition("=")[2]
        else:
            rest.append(word)
    return found, rest


def _first_open(factory, name: str):
    try:
        return factory()
    except (UsageError, SystemExit, KeyboardInterrupt):
        raise
    except Exception as exc:   # a puzzle that cannot open: one line, not a traceback
        text = (str(exc).strip().splitlines() or [""])[0]
        raise UsageError(f"cannot open the {name} session: "
                         f"{type(exc).__name__}{': ' + text if text else ''}") from None


_BYTE = re.compile("[\udc80-\udcff]")    # a byte surrogateescape kept: not UTF-8


def _script(path: str):
    """``--script FILE``: checked UTF-8 text (a byte-order mark dropped), a regular
    file of at most 64 MiB, read before the session opens."""
    return io.StringIO(read_file_text(path, "script"))


def _piped(stream):
    """Commands piped in, line by line: a byte that is not UTF-8 is kept as Python's
    surrogate escape for the line that holds it to be refused; a byte-order mark at the
    start dropped."""
    raw = getattr(stream, "buffer", None)
    if raw is None:                     # a text stream handed in (tests)
        return stream
    return io.TextIOWrapper(raw, encoding="utf-8-sig", errors="surrogateescape")


def input_lines(path: str) -> list[str]:
    """The lines of ``--input FILE`` (checked UTF-8 text, size-capped)."""

    return read_text(path, "input file").splitlines()


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# -- the shell ----------------------------------------------------------------------------

#: characters of one line of commands from a file or a pipe (a construct may take many)
LINE_CHARS = 100_000
#: characters of one command over several lines (a construct typed or piped in)
COMMAND_CHARS = 1_000_000


class Shell(ShellFront, EditCommands, ClipsCommands, Completion, EventView, cmd.Cmd):
    """The inspector: a command loop over one :class:`~pyengine.engine.stages.SessionPlan`.

    ``factory`` rebuilds the setup for ``reset``; ``interactive`` turns on the
    prompt, readline completion and history; ``echo`` prints each command after
    the prompt (for transcripts).
    """

    def __init__(self, setup, factory: Callable[[], object] | None = None, stdin=None,
                 stdout=None, interactive: bool = False, echo: bool = False,
                 inputs: Iterable[str] | None = None):
        super().__init__(stdin=stdin or sys.stdin, stdout=stdout or sys.stdout)
        self.factory = factory
        self.inputs = RuleInput(self, inputs)
        self.interactive = interactive
        self.echo = echo
        self.prompt = PROMPT if interactive else ""
        self.watching: set[str] = set()
        self.errors = 0
        self.lines_read = 0
        self.reloaded = False            # reload or clear: back stops there
        self.ascii = not can_print_unicode(self.stdout)
        self._open(setup)

    # -- session wiring ---------------------------------------------------------------
    def _open(self, setup) -> None:
        self._wire(setup)
        self.session.set_input(self.inputs)       # the rules' (read) and input()
        self.timeline = Timeline(setup.reopen, setup) if getattr(setup, "reopen", None) \
            else None
        self.runner = self.timeline.runner if self.timeline else setup.runner()
        self.log = FactLog(self.session, attach=False, follows=True)
        follow = self.timeline.subscribe if self.timeline else self.runner.subscribe
        follow(self.log)
        follow(self._on_event)
        self._reset_events()

    def _wire(self, setup) -> None:
        """The session's settings the shell needs (again after back and goto)."""
        self.setup = setup
        self.session = s = setup.session
        s.watch("rules", True)            # the shell always needs the firings
        s.watch("activations", self._watched_any("activations"))
        s.quiet(True)                     # engine errors become one "error:" line

    def moved(self, setup) -> None:
        """After back or goto: the timeline's new session and runner."""
        self._flush()
        self._wire(setup)
        self.runner = self.timeline.runner
        self.log.moved_to(self.session)
        self._reset_events()

    def _close(self) -> None:
        if self.timeline:
            self.timeline.unsubscribe(self.log)
            self.timeline.unsubscribe(self._on_event)
        self.runner.close()

    # -- output -----------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self._dribble(text)

    def note(self, text: str) -> None:
        """A line the shell adds (not engine output): starts with ``;;``."""
        self.say(";; " + text)

    def error(self, text: str) -> None:
        self.errors += 1
        self.say("error: " + (one_line(text) or "?"))

    # -- the loop -----------------------------------------------------------------------
    def banner(self) -> str:
        s = self.session
        plan = ", ".join(stage_label(st) for st in self.setup.stages) or "none"
        title = self.setup.title or "session"
        if f"[{s.engine}]" not in title:
            title += f" [{s.engine}]"
        return (f"pyengine shell: {title}\n"
                f"stages: {plan}; {plural(len(s.facts()), 'fact')}. Type help for the commands, "
                "quit to leave.")

    def cmdloop(self, intro=None) -> None:
        history = None
        if self.interactive:
            history = self._setup_readline()
            self.say(self.banner())
        for text in self.session.notes:
            self.note(text)
        try:
            while True:
                line = self._read()
                if line is None:
                    break
                if self.echo and not self.interactive:
                    self.say(PROMPT + line)
                else:
                    self._dribble(PROMPT + line)
                if self.onecmd(line):
                    break
        finally:
            if history:
                save_history(history)

    def _read(self) -> str | None:
        """The next command; one that opens a parenthesis goes on over the lines that
        follow until it is closed (a construct typed over several lines); None at the
        end of input."""
        line = self._read_line()
        lines = [line] if line is not None else []
        size = len(line or "")
        count = parens_of(line or "")
        while lines and count.open > 0:
            more = self._read_line(CONTINUED)
            if more is None:
                break
            lines.append(more)
            count.feed(more)
            size += len(more) + 1
            if size > COMMAND_CHARS:
                self.error(f"a command is at most {COMMAND_CHARS:,} characters: its "
                           f"parentheses, opened at line {self.lines_read - len(lines) + 1:,}, "
                           "never close; the shell reads no further")
                return None
        return "\n".join(lines) if lines else None

    def _read_line(self, prompt: str | None = None) -> str | None:
        """One line; None at the end of input, or (said as an error) at a line past
        :data:`LINE_CHARS` or holding a NUL: not commands, and not read any further."""
        while True:
            try:
                if self.interactive:
                    return input(self.prompt if prompt is None else prompt)
                line = self.stdin.readline(LINE_CHARS + 2)
                self.lines_read += 1
                bad = _BYTE.search(line)
                if bad:
                    self.error(f"input line {self.lines_read:,} is not UTF-8 text (byte "
                               f"0x{ord(bad.group()) - 0xdc00:02x}): the shell reads no further")
                    return None
                text = line.rstrip("\r\n")
                if len(text) > LINE_CHARS or "\0" in text:
                    self.error(f"input line {self.lines_read:,} "
                               + (f"is longer than {LINE_CHARS:,} characters" if "\0" not in
                                  text else "holds a NUL (is it a binary file?)")
                               + ": these are not commands; the shell reads no further")
                    return None
                return text if line else None
            except EOFError:
                if self.interactive:
                    self.say()
                return None
            except KeyboardInterrupt:
                if not self.interactive:        # a script interrupted ends: status 130
                    raise
                self.say("^C")

    def onecmd(self, line: str) -> bool:
        self._typed = line.strip()
        line = clips_form(self._typed)
        if not line or line[0] in "#;":
            return False
        try:
            if self._typed[:1] == "?" or "-" in line.split()[0]:   # ?*x*, list-defrules
                if not self.clips_call(line):
                    self.default(line)
                return False
            return bool(super().onecmd(line))
        except UsageError as exc:
            self._flush()
            self.error(str(exc))
        except KeyboardInterrupt:
            if not self.interactive:
                raise
            self._flush()
            fired = self.session.fired_total
            self.note(f"interrupted ({plural(fired, 'rule')} fired in all)")
        except Exception as exc:   # never a traceback at the prompt
            self._flush()
            self.error(f"{type(exc).__name__}: {exc}")
        finally:
            self._stepping = False
            self._flush()
            try:
                self.stdout.flush()
            except (OSError, ValueError):
                pass
        return False

    def emptyline(self) -> bool:
        return False

    def default(self, line: str) -> bool:
        if self._construct(line) or self.clips_call(line):
            return False
        word = line.split()[0]
        raise UsageError(f"unknown command {word!r} (type help for the list)")

    def do_EOF(self, arg: str) -> bool:   # noqa: N802  (cmd's name for end of input)
        return True


install_shell(Shell)        # do_NAME, complete_NAME: one per command of the table
