"""The shell as a front end of the command table (a mixin of
:class:`~pyengine.ui.shell.Shell`): what the answers of
:mod:`pyengine.ui.command_table` ask of it, and how it shows what they answer.

The shell's ``do_NAME`` methods are made from the table
(:func:`~pyengine.ui.command_table.install_shell`); each parses its words, runs the
command's answer with the shell as its front, and hands the answer to :meth:`show`.
Firing prints as it happens (the runner's events, :mod:`pyengine.ui.shell_events`),
so :meth:`fire` gives nothing back to show but the summary it prints.
"""
from __future__ import annotations

from functools import partial

from pyengine.engine.wording import plural
from pyengine.ui.provenance import Provenance
from pyengine.ui.queries import Changes, Note, user_fact, walk_capped
from pyengine.ui.tables import TraceTable


def answer_lines(result, changes: bool = True, ascii: bool = False) -> list[str]:
    """An answer as the shell prints it: a Note as ``;;`` lines, changed facts as
    ``==>`` / ``<==`` lines (``changes``: unless the run's events showed them), a why
    tree (in ASCII where the terminal has no line drawing), anything else as its
    lines. (The web session's transcript writes its answers so too.)"""
    if isinstance(result, Note):
        return [";; " + line for line in result.lines()]
    if isinstance(result, Changes):
        return result.lines(changes=changes)
    if isinstance(result, Provenance):
        return result.lines(ascii=ascii)
    if hasattr(result, "lines"):
        return result.lines()
    return str(result).rstrip("\n").splitlines()


class ShellFront:
    """The shell's side of the command table's front-end contract (see
    :mod:`pyengine.ui.commands`)."""

    seed_given = None                # the runner keeps the seed: the shell always has one

    @property
    def reopen(self):
        """The factory that opens this session's plan again (None: it cannot)."""
        return self.factory

    def show(self, result) -> bool:
        """Print an answer after what the run printed: a Note as the shell's own ``;;``
        lines, changed facts unless the run's events showed them already (watch facts),
        a why tree in the characters this terminal has, anything else as its lines.
        A change typed in CLIPS's form (``(assert (x 1))``, ``(modify 3 (n 2))``,
        ``(retract 3)``) answers as CLIPS's prompt does: the facts' changes only when
        watched, then what the call returns (``<Fact-3>``; retract returns nothing);
        so do ``(get-strategy)`` and ``(set-strategy X)`` (the one before).
        True when the answer is to leave the shell (quit)."""
        if result is True:
            return True
        if result is None:
            return False
        self._flush()
        if isinstance(result, Note) and self._typed.startswith(("(set-strategy", "(get-strategy")):
            self.say(result.before if self._typed.startswith("(set") else self.session.strategy)
            return False                # CLIPS's value alone, as its prompt prints it
        as_clips = isinstance(result, Changes) and self._typed.startswith("(")
        changes = "facts" not in self.watching and not as_clips
        for line in answer_lines(result, changes, self.ascii):
            self.say(line)
        if as_clips and result.verb != "retracted":
            self.say(f"<Fact-{result.facts[-1].id}>")
        return False

    def fire(self, n: int | None, until: int | None = None, each: bool = False) -> None:
        """Fire ``n`` rules (None: to the end of the plan, or of stage ``until``) through
        the runner; ``each``: print every firing (step), else only the watched ones and
        a summary (run, stage)."""
        self._stepping = each
        with self._statistics():
            fired, capped = walk_capped(self.runner, self.session, n, until)
            if n and 2 * fired == n and self._typed.startswith("(run"):
                self._flush()       # CLIPS 6.4 says so when half its limit fired: it
                self.say("rule firing limit reached")   # counts the limit down as it goes
        if not each:
            self._summary(fired, capped)
            return
        self._flush()
        if fired == 0 and self.runner.done:
            self.note("nothing to fire: the agenda is empty")

    def _summary(self, fired: int, capped: str = "") -> None:
        self._flush()
        total = len(self.session.trace)
        where = ""
        if not self.runner.done:
            st = self.runner.current
            where = f"; in stage {st.name}" if self.runner.active else f"; next stage {st.name}"
        stopped = "; stopped with rules to fire" if self.session.halted else ""
        self.note(f"{plural(fired, 'rule')} fired ({total} in all{where}){stopped}")
        if capped:
            self.note(capped)

    def reopened(self, plan, factory) -> None:
        """A new plan in the old one's place (reset, reload, clear)."""
        self._flush()
        self._close()
        self.factory = factory
        self._open(plan)

    def user_fact(self, fact):
        """A fact typed at the prompt, read by our reader and checked by the puzzle."""
        return user_fact(fact, self.setup, self.session)

    def firing_table(self, firings, lead=(), note: str = "", between=None,
                     whole: bool = False) -> TraceTable:
        """Firings as the shell lists them: each with every change it made and, while
        activations are watched, the activations it made as they were shown."""
        watched = partial(self._watched, "activations")     # rule -> is it watched
        return TraceTable(firings, self.log, watched, note=note,
                          lead=lead, between=between, whole=whole)

    def set_watching(self, words: list[str], on: bool) -> Note | None:
        """watch / unwatch (see :meth:`~pyengine.ui.shell_clips.ClipsCommands.watch_words`)."""
        return self.watch_words(words, on)
