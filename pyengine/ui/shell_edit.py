"""The shell's commands that change the program (a mixin of
:class:`~pyengine.ui.shell.Shell`), as CLIPS's prompt has them: ``load FILE``,
``batch FILE``, constructs typed at the prompt (``(defrule ...)``, ``(deffacts ...)``,
``(deftemplate ...)`` and the other ``def`` constructs, on one line or several),
``undefrule NAME``, ``ppdefrule NAME`` (the rule as loaded, in CLIPS's form),
``reload`` and ``clear``. The work is :mod:`pyengine.ui.program_edit`'s, which the
notebook's Inspector shares.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import read_file_text
from pyengine.engine.wording import plural
from pyengine.ui import program_edit
from pyengine.ui.queries import keep_choices
from pyengine.ui.shell_clips import one_path

CONSTRUCTS = ("defrule", "deffacts", "deftemplate", "deffunction", "defglobal", "defmodule",
              "defgeneric", "defmethod")
MAX_BATCH_LINES = 10_000


class EditCommands:
    """Load, batch, build, undefrule, ppdefrule, reload, clear."""

    def do_load(self, arg: str) -> None:
        """load FILE  load a CLIPS file's constructs into the session (CLIPS's (load));
        its rules get activations for the facts there. Going back replays it."""
        self.note(program_edit.load_file(self.session, one_path(arg, "load")))

    def do_batch(self, arg: str) -> None:
        """batch FILE  run the shell commands of FILE, one a line, as if typed (CLIPS's
        (batch)); each is shown after the prompt."""
        text = read_file_text(one_path(arg, "batch"), "batch file")
        lines = text.splitlines()
        if len(lines) > MAX_BATCH_LINES:
            raise UsageError(f"a batch file has at most {MAX_BATCH_LINES:,} lines")
        for command in join_constructs(lines):
            self.say("pyengine> " + command)
            if self.onecmd(command):
                break

    def do_undefrule(self, arg: str) -> None:
        """undefrule NAME  remove a rule (with its activations); going back replays it."""
        name = arg.strip()
        if not name or len(name.split()) != 1:
            raise UsageError("undefrule which rule? e.g. undefrule find-siblings")
        self.session.undefrule(name)
        self.note(f"removed rule {name}")

    def do_ppdefrule(self, arg: str) -> None:
        """ppdefrule NAME  the rule as the engine holds it (CLIPS's own form; rules NAME
        shows the source as written)."""
        name = arg.strip()
        if not name:
            raise UsageError("ppdefrule which rule? e.g. ppdefrule find-siblings")
        self.say(self.session.pretty_rule(name))

    def do_reload(self, arg: str) -> None:
        """reload  read the program's files again and start afresh (CLIPS's (clear),
        (load) each file, (reset)); constructs typed at the prompt are dropped."""
        if arg.strip():
            raise UsageError("reload takes no arguments")
        if self.factory is None:
            raise UsageError("this shell cannot rebuild its session")
        edits = program_edit.program_edits(self.timeline, self.factory)
        done = program_edit.reload_plan(self.factory, edits)
        self._restart(done.plan, done.factory, done.note)

    def do_clear(self, arg: str) -> None:
        """clear  an empty CLIPS session: no rules, no facts (CLIPS's (clear)); load
        files or type constructs, then reset."""
        if arg.strip():
            raise UsageError("clear takes no arguments")
        factory = program_edit.cleared_factory()
        self._restart(factory(), factory, "cleared: no rules, no facts")

    def _restart(self, plan, factory, note: str) -> None:
        self._flush()
        old = self.runner
        self._close()
        self.factory = factory
        self.reloaded = True
        self._open(plan)
        keep_choices(old, self.runner)
        old.session.close()                 # the one replaced: its engine's memory back now
        self.note(f"{note}; {plural(len(self.session.facts()), 'fact')}")

    def _construct(self, line: str) -> bool:
        """A construct typed at the prompt (the shell's ``default`` asks first)."""
        word = line.split()[0] if line.split() else ""
        if word not in CONSTRUCTS:
            return False
        self.note(f"defined {self.session.build(f'({line})')}")
        return True


def join_constructs(lines: list[str]) -> list[str]:
    """Lines as commands: a parenthesised command that goes on over several lines is
    one command (as CLIPS's prompt reads it)."""
    out: list[str] = []
    pending: list[str] = []
    for line in lines:
        pending.append(line)
        if open_parens("\n".join(pending)) <= 0:
            out.append("\n".join(pending).strip())
            pending = []
    if pending:
        out.append("\n".join(pending).strip())
    return [c for c in out if c]


def open_parens(text: str) -> int:
    """How many parentheses ``text`` leaves open (strings and comments skipped); 0 for
    text that does not start with one."""
    from pyengine.engine.clips_reader import balance
    return balance(text) if text.lstrip().startswith("(") else 0
