"""The shell's commands that match CLIPS's own REPL (a mixin of
:class:`~pyengine.ui.shell.Shell`): ``show``, ``templates``, ``globals``, ``matches``,
``modify``, and stepping back with ``back`` and ``goto``.

Each answer comes from :mod:`pyengine.ui.queries`, which the notebook's
:class:`~pyengine.ui.notebook.Inspector` uses too, so both say the same.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.trace import change_line
from pyengine.engine.wording import plural
from pyengine.ui.notebook import USER, parse_id
from pyengine.ui.program_edit import back_refused
from pyengine.ui.queries import (MatchesView, full_text, globals_text, parse_slots,
                                 templates_text, travel_note)


class ReplCommands:
    """CLIPS-REPL parity: look at one fact in full, the templates, the globals, a
    rule's matches; change a fact's slots; go back to an earlier firing."""

    def do_show(self, arg: str) -> None:
        """show ID  one fact with every value in full (facts shortens long ones, e.g.
        <618-words>)."""
        words = arg.split()
        if len(words) != 1:
            raise UsageError("show which fact? e.g. show f-12")
        self._print(full_text(self.session, parse_id(words[0])))

    def do_templates(self, arg: str) -> None:
        """templates  the fact definitions: CLIPS deftemplates, experta Fact classes."""
        if arg.strip():
            raise UsageError("templates takes no arguments")
        self._print(templates_text(self.session))

    def do_globals(self, arg: str) -> None:
        """globals  the global variables and their values (CLIPS defglobals; on experta
        what the engine was handed)."""
        if arg.strip():
            raise UsageError("globals takes no arguments")
        self._print(globals_text(self.session))

    def do_matches(self, arg: str) -> None:
        """matches RULE  for each pattern of RULE (as written) the facts matching it,
        the partial matches of the patterns so far, and the rule's activations."""
        words = arg.split()
        if len(words) != 1:
            raise UsageError("matches which rule? e.g. matches find-siblings")
        self._print(MatchesView(self.session.matches(words[0])))

    def do_modify(self, arg: str) -> None:
        """modify ID (SLOT VALUE)...  change slots of a fact, e.g. modify f-3 (parent Bob);
        CLIPS keeps the id, experta gives the changed fact a new one."""
        first, _, rest = arg.strip().partition(" ")
        if not first:
            raise UsageError("modify which fact? e.g. modify f-3 (name Bob)")
        fid = parse_id(first)
        slots = parse_slots(rest)
        old = self.session.fact(fid).text
        new = self.session.modify(fid, slots)
        self.log.mark(new, USER)
        self._flush()
        if "facts" not in self.watching:
            self.say(change_line("<==", fid, old))
            self.say(change_line("==>", new, self.session.fact(new).text))

    def _print(self, text) -> None:
        for line in text.lines():
            self.say(line)

    # -- stepping back ----------------------------------------------------------------
    def do_back(self, arg: str) -> None:
        """back [N]  return to just before the last firing (or the Nth last): the fact
        base, agenda and history as they were then."""
        from pyengine.ui.shell_commands import count

        n = count(arg, 1, "back", allow_all=False)
        fired = len(self.session.trace)
        if n > fired:
            raise back_refused(UsageError(f"only {plural(fired, 'firing')} to go back over"),
                               self.reloaded)
        self._travel(fired - n + 1)

    def do_goto(self, arg: str) -> None:
        """goto FIRING  return to just before firing number FIRING (history lists them)."""
        text = arg.strip()
        if not text.isdigit() or int(text) < 1:
            raise UsageError("goto which firing? e.g. goto 3 (history lists them)")
        fired = len(self.session.trace)
        if int(text) > fired + 1:
            raise UsageError(f"firing {text} has not happened yet ({fired} so far)")
        self._travel(int(text))

    def _travel(self, firing: int) -> None:
        """Reopen the session in the state just before ``firing`` (a replay of what was
        done, see :class:`~pyengine.engine.timeline.Timeline`)."""
        if self.timeline is None:
            raise UsageError("this session cannot be reopened, so it cannot go back")
        self._flush()
        self._moved(self.timeline.goto(firing))
        self.note(travel_note(firing, self.session, self.runner))
