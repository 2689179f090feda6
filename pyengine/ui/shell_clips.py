"""The shell's CLIPS REPL (a mixin of :class:`~pyengine.ui.shell.Shell`): the
commands a CLIPS course types at CLIPS's own prompt, with CLIPS 6.4's output.

``bind`` and globals, ``printout``, ``focus`` and ``list-focus-stack``, breakpoints
(``set-break``, ``remove-break``, ``show-breaks``), ``halt``, ``refresh``, the
``list-*`` commands, and any other CLIPS call typed in parentheses go to the
session's :meth:`~pyengine.engine.session.Session.command` (CLIPS evaluates them in
its guard; a Timeline journals them, so ``back`` and ``goto`` replay them); on
experta the ones with an experta meaning work the same and the others say in one
line that they are CLIPS's. The shell itself keeps ``dribble-on``/``dribble-off``
(a copy of the session's text in a file), ``load-facts`` (the facts read by our
reader, each asserted as by ``assert``, so going back replays them as they were
read), CLIPS's ``watch statistics`` and ``watch rules NAME``.
"""
from __future__ import annotations

import time

from pyengine.engine.clips_reader import Form, ReadError, Variable, read
from pyengine.engine.errors import UsageError
from pyengine.engine.textio import read_file_text
from pyengine.ui.queries import WATCHABLE, user_fact

# command -> its line in help, for the commands of this mixin
CLIPS_SUMMARY = {
    "bind": "set a global variable (or a variable of the prompt)",
    "printout": "print text, as a rule's printout does",
    "focus": "put modules on the focus stack",
    "list-focus-stack": "the modules on the focus stack",
    "set-break": "stop a run before this rule fires",
    "remove-break": "remove a breakpoint (all without a rule)",
    "show-breaks": "the rules with a breakpoint",
    "halt": "stop the run (in a rule); nothing at the prompt",
    "refresh": "put a rule's fired activations back on the agenda",
    "list-defrules": "the rules' names (* for every module)",
    "list-deftemplates": "the templates' names",
    "list-deffacts": "the deffacts' names",
    "list-deffunctions": "the deffunctions' names",
    "list-defglobals": "the defglobals' names",
    "list-defmodules": "the modules' names",
    "dribble-on": "copy what the shell prints (and each command) into a file",
    "dribble-off": "stop copying",
    "transcript": "keep everything shown in a file (off: stop), as dribble does",
    "save-facts": "write the facts to a file, one a line",
    "load-facts": "assert the facts of a file (as save-facts writes them)",
}
STATISTICS = "statistics"


def _passed(name: str, usage: str, what: str):
    """A command CLIPS evaluates: ``name ARGS`` (or ``(name ARGS)``) goes to the
    session as ``(name ARGS)``."""
    def do(self, arg: str) -> None:
        self._clips(f"({name} {arg.strip()})" if arg.strip() else f"({name})")
    do.__doc__ = f"{usage}  {what}"
    return do


class ClipsCommands:
    """CLIPS's own commands at the shell's prompt (see the module)."""

    _typed = ""                     # the command as typed (before clips_form)
    dribble = None                  # the file dribble-on writes to
    _stats = None                   # a run's statistics while it goes on
    watch_names: dict = {}          # (item, rule or template) -> watched, as CLIPS's

    do_bind = _passed("bind", "bind ?*NAME* VALUE", "set a global variable, as CLIPS's "
                      "(bind); ?*NAME* alone prints it")
    do_printout = _passed("printout", "printout t ITEM...", "print the items (crlf: a new line)")
    do_focus = _passed("focus", "focus MODULE...", "put modules on the focus stack (the "
                       "first named is the one that runs first)")
    do_list_focus_stack = _passed("list-focus-stack", "list-focus-stack",
                                  "the focus stack, top first")
    do_set_break = _passed("set-break", "set-break RULE", "a run stops just before RULE "
                           "fires (not as the first firing of a run), as in CLIPS")
    do_remove_break = _passed("remove-break", "remove-break [RULE]",
                              "remove RULE's breakpoint, or every one")
    do_show_breaks = _passed("show-breaks", "show-breaks", "the rules with a breakpoint")
    do_halt = _passed("halt", "halt", "in a rule, stop the run after it; at the prompt "
                      "nothing (there is no run to stop)")
    do_refresh = _passed("refresh", "refresh RULE", "put back on the agenda RULE's "
                         "activations that already fired (their facts are still there)")
    do_list_defrules = _passed("list-defrules", "list-defrules [MODULE|*]",
                               "the rules' names, as CLIPS lists them")
    do_list_deftemplates = _passed("list-deftemplates", "list-deftemplates [MODULE|*]",
                                   "the templates' names")
    do_list_deffacts = _passed("list-deffacts", "list-deffacts [MODULE|*]", "the deffacts")
    do_list_deffunctions = _passed("list-deffunctions", "list-deffunctions [MODULE|*]",
                                   "the deffunctions")
    do_list_defglobals = _passed("list-defglobals", "list-defglobals [MODULE|*]",
                                 "the defglobals")
    do_list_defmodules = _passed("list-defmodules", "list-defmodules", "the modules")
    do_save_facts = _passed("save-facts", "save-facts FILE [local|visible]", "write the "
                            "facts to FILE, one a line, as CLIPS's (save-facts) does (local: "
                            "those of the current module's templates); prints how many")

    def _clips(self, text: str) -> None:
        """Have the session evaluate ``text``; print what it printed, its error last."""
        result = self.session.command(text)
        self._flush()
        for line in result.lines:
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
            self._clips(typed)
            return True
        return False

    # -- dribble ---------------------------------------------------------------------------
    def do_dribble_on(self, arg: str) -> None:
        """dribble-on FILE  copy into FILE what the shell prints from now on, and each
        command after the prompt, as CLIPS's (dribble-on) does."""
        path = one_path(arg, "dribble-on")
        self._close_dribble()
        try:
            self.dribble = open(path, "w", encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None

    def do_transcript(self, arg: str) -> None:
        """transcript FILE|off  keep everything the shell shows (and each command after
        the prompt) in FILE, as CLIPS's dribble does; off stops."""
        if arg.strip() == "off":
            self.do_dribble_off("")
        else:
            self.do_dribble_on(arg)

    def do_dribble_off(self, arg: str) -> None:
        """dribble-off  stop copying into the dribble file (and close it)."""
        if self.dribble is None:
            raise UsageError("no dribble file is open (dribble-on FILE)")
        self._close_dribble()

    def _close_dribble(self) -> None:
        if self.dribble is not None:
            self.dribble.close()
            self.dribble = None

    def _dribble(self, text: str) -> None:
        if self.dribble is not None:
            self.dribble.write(text + "\n")

    # -- facts in files ----------------------------------------------------------------------
    def do_load_facts(self, arg: str) -> None:
        """load-facts FILE  assert the facts written in FILE (as save-facts writes them,
        or CLIPS's .fct files), each as assert would; prints how many, as CLIPS's
        (load-facts) does."""
        path = one_path(arg, "load-facts")
        text = read_file_text(path, "facts file")
        try:
            forms = read(text)
        except ReadError as exc:
            raise UsageError(f"cannot read {path}: {exc}") from None
        specs = [user_fact(text[form.start:form.end], self.setup, self.session)
                 for form in forms if isinstance(form, Form)]
        for spec in specs:
            self.session.assert_fact(spec)
        self._flush()
        self.say(str(len(specs)))

    # -- watch -------------------------------------------------------------------------------
    def _watch_command(self, arg: str, on: bool) -> None:
        """``watch ITEM [NAME...]`` / ``unwatch``, as CLIPS's: facts (of the templates
        NAME), rules and activations (of the rules NAME), statistics, all."""
        words = arg.split()
        if not words:
            if on:
                self.note("watching " + (", ".join(self._watch_list()) or "nothing"))
                return
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


def breakpoints(session) -> list[str]:
    """The rules with a breakpoint, ``MODULE::name`` (from ``(show-breaks *)``)."""
    try:
        lines = session.command("(show-breaks *)").lines
    except UsageError:
        return []
    module, out = "MAIN", []
    for line in lines:
        if line.endswith(":") and not line.startswith(" "):
            module = line[:-1]
        elif line.strip():
            out.append(f"{module}::{line.strip()}")
    return out


def keep_breaks(old, new) -> None:
    """After a reset: the breakpoints stay, as CLIPS keeps them across ``(reset)`` (set
    on the new session, so its timeline journals them)."""
    for name in breakpoints(old):
        new.command(f"(set-break {name})")


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


def one_path(arg: str, command: str) -> str:
    """The one file a command takes: a word, or a "string" as CLIPS writes it."""
    text = arg.strip()
    try:
        forms = read(text) if text else []
    except ReadError:
        forms = []
    if len(forms) != 1 or isinstance(forms[0], Form):
        raise UsageError(f"{command} takes one file, e.g. {command} facts.fct")
    return str(forms[0])
