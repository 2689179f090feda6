"""How the shell shows a run as it happens: it listens to the stage runner's events
and prints them CLIPS style.

A firing's line (``FIRE    3 rule: f-12,f-9``) is printed with what the firing
changed, so the shell keeps each firing's events together until the next one,
then prints them in the order they happened (:mod:`pyengine.ui.event_lines`): the
lines the rules printed, the facts retracted and asserted (``watch facts``) and the
activations lost and gained (``watch activations``), interleaved. Stage
boundaries are the shell's own notes (``;; stage BUILD begins: ...``), printed
just before the staging fact's own change.
"""
from __future__ import annotations

from typing import Iterable

from pyengine.engine.clips_reader import ReadError, read, uses_variable
from pyengine.engine.errors import ActionErrors, UsageError
from pyengine.engine.numbers import parse_id
from pyengine.engine.stages import PLAN_DONE, STAGE_BEGIN, STAGE_END, StageEvent
from pyengine.engine.trace import construct_end, fire_line
from pyengine.engine.wording import plural
from pyengine.ui.event_lines import (ACTIVATIONS, CHANGES, change_place, event_line,
                                     modified_texts, stage_note)


def stage_label(stage) -> str:
    """``RANDOMIZE (3 firings, random)``."""
    bits = []
    if stage.limit is not None:
        bits.append(plural(stage.limit, "firing"))
    if stage.strategy:
        bits.append(stage.strategy)
    return stage.name + (f" ({', '.join(bits)})" if bits else "")


def reset_told(session) -> list[tuple[str, object]]:
    """Reset ``session`` and return what it told, in CLIPS's order (the facts and
    activations that went, then those that came); its own listeners hear none of it.
    A reset stopped by an error (a rule's test failing on a fact) told what it did
    until then: that is returned (the session that replaces this one says the error)."""
    heard: list[tuple[str, object]] = []
    listeners, session.listeners = session.listeners, [lambda *event: heard.append(event)]
    try:
        session.reset()
    except ActionErrors:
        pass
    finally:
        session.listeners = listeners
    return heard


class EventView:
    """The shell's printing of runner events (a mixin of :class:`~pyengine.ui.shell.Shell`:
    it needs ``say``, ``note``, ``error``, ``watching``, ``_watched_any``, ``log``,
    ``session`` and ``setup``)."""

    _stepping = False           # step prints every firing, watched or not
    _pending_note = ""          # said after the input event it is about

    def _reset_events(self) -> None:
        self._group: list[tuple[str, object]] = []
        self._group_fire = None
        self._result_shown = False

    def _on_event(self, event: str, payload) -> None:
        if self._stats is not None:
            self._stats.on_event(event, payload)
        if event == "fire":
            self._flush()
            self._group_fire = payload
        elif event == STAGE_BEGIN:
            self._stage_begins(payload)
        elif event == STAGE_END:
            self._stage_ends(payload)
        elif event == PLAN_DONE:
            self._plan_done()
        else:
            self._group.append((event, payload))

    def before_reset(self) -> list | None:
        """Before a reset: when facts or activations are watched, the session's own
        reset, told (what goes and what comes, as CLIPS's watch prints a reset)."""
        if self._watched_any("facts") or self._watched_any("activations"):
            self._flush()
            try:
                return reset_told(self.session)
            except UsageError:          # the old session cannot reset: the new one will
                return None
        return None

    def show_events(self, events) -> None:
        """Print events heard elsewhere (a reset's: each fact whole, none a modify),
        as far as they are watched."""
        self._flush()
        for event, payload in events:
            line = self._event_line(event, payload)
            if line is not None:
                self.say(line)

    # -- one firing and its changes ---------------------------------------------------------
    def _flush(self) -> None:
        """Print the pending firing and what it changed, in the order it happened, as
        far as it is watched (as CLIPS prints it)."""
        fire, group = self._group_fire, self._group
        self._group_fire, self._group = None, []
        if fire is not None and (self._stepping or self._watched("rules", fire.rule)):
            self.say(fire_line(fire))
        shown = modified_texts(group)
        for i, (ev, payload) in enumerate(group):
            line = self._event_line(ev, payload, shown.get(i))
            if line is not None:
                self.say(line)
            if ev == "input" and self._pending_note:
                self.note(self._pending_note)
                self._pending_note = ""

    def _event_line(self, ev: str, payload, text: str | None = None) -> str | None:
        """One event's line (a fact's change shown with ``text`` when given), or None
        when it is not shown."""
        if ev == "input" and self.interactive:
            return None                 # the terminal shows what was typed already
        if ev in CHANGES and not self._watched("facts", payload.name):
            return None
        if ev in ACTIVATIONS and not self._watched("activations", payload.rule):
            return None
        if ev == "halted" and not (self._stepping or self._watched("rules", payload)):
            return None                 # said with the firing's line, as CLIPS says it
        return event_line(ev, payload, text)

    def _flush_before(self, kind: str, fact_id: int | None) -> None:
        """Print what happened before the staging fact's own change (``kind``
        "assert" or "retract" of ``fact_id``); keep that change and what followed it."""
        at = change_place(self._group, kind, fact_id)
        later = self._group[at:]
        self._group = self._group[:at]
        self._flush()
        self._group = later

    # -- stage boundaries -------------------------------------------------------------------
    def _stage_begins(self, ev: StageEvent) -> None:
        self._flush_before("assert", ev.fact_id)
        self.note(stage_note(STAGE_BEGIN, ev, self.log))

    def _stage_ends(self, ev: StageEvent) -> None:
        self._flush_before("retract", ev.fact_id)
        self.note(stage_note(STAGE_END, ev, self.log))
        self._flush()

    def _plan_done(self) -> None:
        self.note(stage_note(PLAN_DONE, None, self.log))
        if self.setup.finish is None or self._result_shown:
            return
        self._result_shown = True
        try:
            result = self.setup.finish()
        except Exception as exc:   # the result could not be read back
            self.error(f"could not read the result: {exc}")
            return
        for line in str(result or "").splitlines():
            self.say(line)


# CLIPS's names for the shell's commands, in their parenthesised form.
CLIPS_NAMES = {"exit": "quit", "get-strategy": "strategy", "set-strategy": "strategy"}


#: the fact commands whose CLIPS form goes to CLIPS (or a .clp program on our engine)
#: when it uses a variable: ``(retract ?f)``, ``(assert (x ?y))`` after a ``bind``
EVALUATED = frozenset({"assert", "retract", "modify", "duplicate"})


def clips_form(line: str) -> str:
    """``(facts)`` -> ``facts``, ``(run 3)`` -> ``run 3``, ``(why f-3)`` -> ``why f-3``:
    every command also in CLIPS's form. Other lines are returned as they are, and so
    are a fact command (:data:`EVALUATED`) that uses a variable and ``(agenda
    MODULE)``, for the engine to evaluate as CLIPS's prompt does."""
    if not (line.startswith("(") and line.endswith(")")) or construct_end(line) != len(line) - 1:
        return line
    inner = line[1:-1].strip()
    word, _, rest = inner.partition(" ")
    if word in EVALUATED and _uses_variable(line) or word == "agenda" and _module(rest) \
            or word == "get-strategy" and rest.strip() or word == "retract" and _clips_retract(rest) \
            or word == "facts" and not all(w.isdigit() for w in rest.split()):
        return line             # (facts MODULE), (facts (+ 1 1)): CLIPS's arguments
    word = CLIPS_NAMES.get(word, word)
    if word == "run" and rest.strip() == "-1":      # CLIPS's (run -1): to the end
        rest = ""
    return f"{word} {rest.strip()}".strip()


def _clips_retract(rest: str) -> bool:
    """Is ``(retract REST)`` CLIPS's to evaluate: more than one fact (``(retract 2 99
    3)`` retracts 2 and 3 and says f-99 is not there, where the shell's ``retract``
    takes all or none), ``*`` or a call?"""
    words = rest.split()
    if len(words) > 1:
        return True
    for word in words:
        try:
            parse_id(word)
        except UsageError:
            return True
    return False


def _module(rest: str) -> bool:
    """Is ``(agenda REST)`` CLIPS's agenda of a module (or ``*``), not our count?"""
    rest = rest.strip()
    return bool(rest) and rest != "all" and not rest.isdigit()


def _uses_variable(text: str) -> bool:
    """Does the CLIPS text name a variable (``?f``, ``?*g*``) anywhere?"""
    try:
        return uses_variable(read(text))
    except ReadError:
        return False


class RuleInput:
    """Where the rules' ``(read)``, ``(readline)`` and ``input()`` get their lines:
    ``lines`` given (``--input FILE``), one per read; else on a terminal a prompt,
    and in a script the end of input. When the lines run out the rule gets the end
    of input and the shell says so once."""

    def __init__(self, shell, lines: Iterable[str] | None):
        self.shell = shell
        self.lines = iter(lines) if lines is not None else None
        self.ran_out = False

    def __call__(self, prompt: str) -> str | None:
        shell = self.shell
        shell._flush()                   # the firing and its output so far come first
        if self.lines is None and shell.interactive:
            try:
                return input(f"    | {prompt}")
            except EOFError:
                shell.say()
                return self._out("end of input")
        line = next(self.lines, None) if self.lines is not None else None
        if line is None:
            return self._out("no --input lines left" if self.lines is not None
                             else "no --input file")
        return line

    def _out(self, why: str) -> None:
        if not self.ran_out:
            self.ran_out = True
            self.shell._pending_note = f"input ran out ({why}): rules reading now get end of file"
        return None
