"""The shell's CLIPS REPL (a mixin of :class:`~pyengine.ui.shell.Shell`): the
commands a CLIPS course types at CLIPS's own prompt, with CLIPS 6.4's output.

``bind`` and globals, ``printout``, ``focus`` and ``list-focus-stack``, breakpoints
(``set-break``, ``remove-break``, ``show-breaks``), ``halt``, ``refresh``, the
``list-*`` commands, and any other CLIPS call typed in parentheses go to the
session's :meth:`~pyengine.engine.session.Session.command` (CLIPS evaluates them in
its guard; a Timeline journals them, so ``back`` and ``goto`` replay them); on
experta the ones with an experta meaning work the same and the others say in one
line that they are CLIPS's. (Those commands are entries of the command table,
:mod:`pyengine.ui.command_table`; their answers, with ``dribble-on``, ``dribble-off``
and ``load-facts``, are in :mod:`pyengine.ui.commands_shell`.) Here: evaluating a
command, what is watched (CLIPS's ``watch statistics`` and ``watch rules NAME`` too),
the copy into the dribble file, and the statistics of a run.
"""
from __future__ import annotations

import time

from pyengine.engine.clips_reader import Form, ReadError, Variable, read
from pyengine.engine.errors import UsageError
from pyengine.ui.commands_shell import drop_dribble
from pyengine.ui.queries import STATISTICS, WATCHABLE, Note


class ClipsCommands:
    """CLIPS's own commands at the shell's prompt (see the module)."""

    _typed = ""                     # the command as typed (before clips_form)
    dribble = None                  # the file dribble-on writes to
    _stats = None                   # a run's statistics while it goes on
    watch_names: dict = {}          # (item, rule or template) -> watched, as CLIPS's

    def clips(self, text: str) -> None:
        """Have the session evaluate ``text``; print what it printed, its error last.
        The facts it asserts and retracts are the user's (``why``, ``history``)."""
        with self.log.by_you():
            result = self.session.command(text)
        self._flush()                   # its lines were told with its changes, in order
        for line in () if result.told else result.lines:
            self.say(line)
        if result.error:
            self.error(result.error)

    def clips_call(self, line: str) -> bool:
        """What the shell's own commands do not take: a CLIPS command with a hyphen
        (``list-defrules *``), or anything typed in parentheses, a variable or a
        constant, for CLIPS to evaluate. False if the line is none of these."""
        word, _, rest = line.partition(" ")
        method = getattr(self, "do_" + word.replace("-", "_"), None)
        if "-" in word and method is not None:
            method(rest.strip())
            return True
        typed = self._typed
        if typed.startswith("(") or _is_value(typed):
            self.clips(typed)
            return True
        return False

    # -- dribble (commands_shell opens and closes the file) -----------------------------
    def _dribble(self, text: str) -> None:
        if self.dribble is not None:
            try:
                self.dribble.write(text + "\n")
            except (OSError, ValueError) as exc:    # a full disk: said once, dribble off
                self.error(drop_dribble(self, exc))

    # -- watch -------------------------------------------------------------------------------
    def watch_words(self, words: list[str], on: bool) -> Note | None:
        """``watch ITEM [NAME...]`` / ``unwatch``, as CLIPS's: facts (of the templates
        NAME), rules and activations (of the rules NAME), statistics, all; ``watch``
        alone: what is watched."""
        if not words:
            if on:
                return Note("watching " + (", ".join(self._watch_list()) or "nothing"))
            words = ["all"]
        choices = WATCHABLE + (STATISTICS,)
        several = all(w in choices + ("all",) for w in words)    # watch facts rules
        item, names = words[0], ([] if several else words[1:])
        if item not in choices + ("all",):
            raise UsageError(f"cannot watch {item!r} (choose from {', '.join(choices)}, all)")
        if names and item not in WATCHABLE:
            raise UsageError(f"watch {item} takes no names")
        items = set(choices) if "all" in words else set(words) if several else {item}
        if names:
            self._check_names(item, names)
            self.watch_names = {**self.watch_names,
                                **{(item, n.split("::")[-1]): on for n in names}}
        else:
            self.watching = self.watching | items if on else self.watching - items
            self.watch_names = {k: v for k, v in self.watch_names.items() if k[0] not in items}
        self.session.watch("activations", self._watched_any("activations"))
        return None

    def _check_names(self, item: str, names: list[str]) -> None:
        """Rules must exist (a template's name is taken as it is)."""
        if item == "facts":
            return
        known = {r.split("::")[-1] for r in self.session.rules()}
        for n in names:
            if n.split("::")[-1] not in known:
                raise UsageError(f"no rule named {n!r}")

    def _watch_list(self) -> list[str]:
        out = sorted(self.watching)
        out += [f"{item} {name}" for (item, name), on in sorted(self.watch_names.items())
                if on and item not in self.watching]
        return out

    def _watched(self, item: str, name: str | None = None) -> bool:
        """Is ``item`` watched (for the rule or template ``name``)?"""
        if name is not None:
            found = self.watch_names.get((item, name.split("::")[-1]))
            if found is not None:
                return found
        return item in self.watching

    def _watched_any(self, item: str) -> bool:
        """Is ``item`` watched, for all or for some names?"""
        return item in self.watching or any(
            on for (i, _), on in self.watch_names.items() if i == item)

    # -- statistics ---------------------------------------------------------------------------
    def _statistics(self):
        """Around a run: CLIPS's statistics after it, when watched."""
        return _Statistics(self) if STATISTICS in self.watching else _Nothing()


class _Nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class _Statistics:
    """What CLIPS's run prints when statistics are watched: the firings, the run time,
    the mean and largest number of facts and activations (sampled after each firing,
    and before the first), in CLIPS's words."""

    def __init__(self, shell):
        self.shell = shell

    def __enter__(self):
        s = self.shell.session
        self.start, self.fired, self.fires = time.perf_counter(), s.fired_total, 0
        self.facts = len(s.facts())
        self.samples: list[tuple[int, int]] = [(self.facts, s.agenda_size())]
        self.shell._stats = self
        return self

    def on_event(self, event: str, payload) -> None:
        if event == "assert":
            self.facts += 1
        elif event == "retract":
            self.facts -= 1
        elif event == "fire":
            if self.fires:
                self.sample(1)
            self.fires += 1

    def sample(self, firing: int = 0) -> None:
        """After a firing: the facts, and the activations (the one firing now was taken
        off the agenda already)."""
        self.samples.append((self.facts, self.shell.session.agenda_size() + firing))

    def __exit__(self, *exc):
        shell = self.shell
        shell._stats = None
        fired = shell.session.fired_total - self.fired
        if fired:
            self.sample()
        shell._flush()
        for line in statistics_lines(fired, time.perf_counter() - self.start, self.samples):
            shell.say(line)
        return False


def statistics_lines(fired: int, seconds: float, samples: list[tuple[int, int]]) -> list[str]:
    """CLIPS 6.4's statistics after a run (engine.c), instances always none here."""
    def mean(values: list[int]) -> int:
        return int(sum(values) / (fired + 1) + 0.5)

    facts = [f for f, _ in samples]
    acts = [a for _, a in samples]
    return [f"{fired} rules fired        Run time is {clips_float(seconds)} seconds.",
            f"{clips_float(fired / seconds if seconds else 0.0)} rules per second.",
            f"{mean(facts)} mean number of facts ({max(facts)} maximum).",
            "0 mean number of instances (0 maximum).",
            f"{mean(acts)} mean number of activations ({max(acts)} maximum)."]


def clips_float(x: float) -> str:
    """A float as CLIPS writes one (``%.15g``, with ``.0`` when it looks whole)."""
    text = f"{x:.15g}"
    return text if any(c in text for c in ".eninf") else text + ".0"


def _is_value(text: str) -> bool:
    """A variable (``?*x*``, ``?x``) or a constant typed alone: CLIPS prints its value."""
    try:
        forms = read(text, max_depth=1)
    except ReadError:
        return False
    return len(forms) == 1 and (isinstance(forms[0], Variable) or not isinstance(forms[0], Form)) \
        and not str(text).strip()[:1].isalpha()
