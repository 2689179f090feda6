"""The command table: every command of the shell, the notebook's Inspector and the web
page, once. Each entry (a :class:`~pyengine.ui.commands.Command`) declares its name,
its help line, its answer, its arguments (kinds checked once, defaults), where Tab
completes them from, and the front ends that offer it; the answers are in
``commands_look``, ``commands_run``, ``commands_change`` and ``commands_shell``.

From the table come the shell's ``do_NAME`` and ``complete_NAME`` methods
(:func:`install_shell`), its ``help`` and the ``pyengine shell --help`` list
(:func:`described`), the Inspector's methods that mirror commands
(:func:`install_notebook`) and the verbs the web server accepts (:func:`web_verbs`,
:func:`web_answer`). A new command is one entry here and its answer function.
"""
from __future__ import annotations

from functools import partial

from pyengine.engine.errors import UsageError
from pyengine.engine.session import SEED_HIGH, SEED_LOW, STRATEGIES
from pyengine.ui import commands_change as change
from pyengine.ui import commands_look as look
from pyengine.ui import commands_network as net
from pyengine.ui import commands_run as go
from pyengine.ui import commands_shell as own
from pyengine.ui.commands import (ANYTHING, AT_LEAST_ONE, COUNT_OR_ALL, EVERYWHERE, FACT_ID,
                                  FACT_OR_RULE, FILE, FLAG, NOTEBOOK, NOTEBOOK_ONLY, REST, SHELL,
                                  SHELL_ONLY, WEB, WEB_ONLY, WORD, Arg, Command, Count, offered,
                                  table)
from pyengine.ui.graph import MAX_FIRINGS as GRAPH_FIRINGS
from pyengine.ui.queries import STATISTICS, WATCHABLE, Changes


# -- where Tab completes a command's arguments from --------------------------------------------

def relations(front, text: str) -> list[str]:
    """The relations of the facts there (facts NAME)."""
    return sorted({f.name for f in front.session.facts() if f.name.startswith(text)})


def _ids(ids, text: str) -> list[str]:
    """Fact ids as ``f-12``, matching ``f-1`` or ``1`` typed so far."""
    return [f"f-{i}" for i in ids if f"f-{i}".startswith(text) or str(i).startswith(text)]


def live_ids(front, text: str) -> list[str]:
    """The facts in the fact base (show, retract, modify)."""
    return _ids([f.id for f in front.session.facts()], text)


def recorded_ids(front, text: str) -> list[str]:
    """Retracted facts too (why asks about them)."""
    return _ids(sorted(front.log.texts), text)


def rule_names(front, text: str) -> list[str]:
    """The rules loaded."""
    return [r for r in front.session.rules() if r.startswith(text)]


def stage_names(front, text: str) -> list[str]:
    """The stages of the plan, in any case (stage takes them so)."""
    return [st.name for st in front.runner.stages if st.name.lower().startswith(text.lower())]


def strategies(front, text: str) -> list[str]:
    """The session contract's conflict-resolution strategies."""
    return [s for s in STRATEGIES if s.startswith(text)]


def watchable(front, text: str) -> list[str]:
    """What watch and unwatch take."""
    return [w for w in WATCHABLE + (STATISTICS, "all") if w.startswith(text)]


def command_names(front, text: str) -> list[str]:
    """The shell's commands and their aliases, each with the space that follows it."""
    names = [n for c in offered(SHELL) for n in (c.name, *c.aliases)]
    return [n + " " for n in names if n.startswith(text)]


# -- the table ---------------------------------------------------------------------------------

WATCH_ITEMS = "facts|rules|activations|statistics|all [NAME...]"


def clips(name: str, args: str, summary: str, detail: str) -> Command:
    """One of CLIPS's prompt commands the session evaluates as CLIPS does."""
    return Command(name, summary, partial(own.pass_to_clips, name),
                   (Arg("text", REST, default=""),), SHELL_ONLY, usage=f"{name} {args}".strip(),
                   detail=detail, clips=True)


table(
    Command("facts", "list facts: all, NAME, TEXT, a glob, f-ID, or START [END [MAX]]",
            look.facts, (Arg("pattern", REST, "WHAT", default=None),
                         Arg("contains", REST, default=None, python_only=True)),
            complete=relations),
    Command("show", "one fact with every value in full", look.show,
            (Arg("fact_id", FACT_ID, "ID", missing="show which fact? e.g. show f-12"),),
            complete=live_ids),
    Command("agenda", "activations, next to fire first", look.agenda,
            (Arg("n", COUNT_OR_ALL, "N|all", default=look.LIST_LIMIT, python_default=None),)),
    Command("step", "fire one rule (or N), showing each firing", go.step,
            (Arg("n", AT_LEAST_ONE, "N", default=1),), EVERYWHERE),
    Command("run", "fire to the end of the stage plan (or N rules)", go.run,
            (Arg("n", COUNT_OR_ALL, "N", default=None),), EVERYWHERE),
    Command("stage", "run to the end of this stage (or of stage NAME)", go.stage,
            (Arg("name", WORD, "NAME", default=None),), EVERYWHERE, complete=stage_names),
    Command("next", "to the first firing of the next stage", go.next_stage, fronts=WEB_ONLY),
    Command("matches", "what matches each pattern of a rule, the joins, the activations",
            look.matches, (Arg("rule", WORD, "RULE",
                               missing="matches which rule? e.g. matches find-siblings"),
                           Arg("output", WORD, "verbose|succinct|terse", default=None)),
            complete=rule_names),
    Command("network", "a rule's Rete network: alpha memories, joins, activations",
            net.network, (Arg("rule", WORD, "RULE", default=None),), usage="network [RULE]",
            complete=rule_names),
    Command("assert", "add a fact by hand", change.assert_,
            (Arg("fact", ANYTHING, "FACT", missing="assert what? e.g. assert (number 4)"),),
            EVERYWHERE, python="assert_fact"),
    Command("retract", "remove facts by id", change.retract,
            (Arg("fact_ids", FACT_ID, "ID", many=True,
                 missing="retract which fact? e.g. retract f-3"),), EVERYWHERE,
            complete=live_ids),
    Command("modify", "change slots of a fact", change.modify,
            (Arg("fact_id", FACT_ID, "ID", missing="modify which fact? e.g. modify f-3 (name Bob)"),
             Arg("slots", ANYTHING, "(SLOT VALUE)...", python_default=None,
                 missing="modify which slots? e.g. modify f-3 (sex female)"),
             Arg("more", ANYTHING, keywords=True)), EVERYWHERE, complete=live_ids),
    Command("watch", "print facts, firings or activations as rules fire", change.watch,
            (Arg("items", WORD, "ITEM", default=(), many=True),), usage="watch " + WATCH_ITEMS,
            complete=watchable),
    Command("unwatch", "stop printing them", change.unwatch,
            (Arg("items", WORD, "ITEM", default=(), many=True),),
            usage=f"unwatch [{WATCH_ITEMS}]", complete=watchable),
    Command("rules", "list the rules, or show one rule's source", look.rules,
            (Arg("name", WORD, "NAME", default=None),
             Arg("python", FLAG, default=False, flag="--python")), usage="rules [NAME]",
            complete=rule_names),
    Command("why", "the firings that made a fact, back to facts no rule made", look.why,
            (Arg("fact_id", FACT_ID, "ID", missing="why which fact? e.g. why f-12"),
             Arg("depth", COUNT_OR_ALL, "DEPTH|all", default=look.WHY_DEPTH, python_default=None)),
            complete=recorded_ids),
    Command("graph", "draw the firing graph (of the run, a fact, a rule) to SVG or DOT",
            look.graph, (Arg("of", FACT_OR_RULE, "ID|RULE", default=None),
                         Arg("to", WORD, "FILE.svg|FILE.dot", default=None, flag="--to",
                             missing="--to needs a file: --to run.svg or --to run.dot"),
                         Arg("last", Count(1, GRAPH_FIRINGS), "N", default=None,
                             flag="--last", missing="--last needs a number of firings, "
                             f"1 to {GRAPH_FIRINGS}"))),
    Command("history", "the firings so far, with what each changed", look.history,
            (Arg("last", COUNT_OR_ALL, "N|all", default=look.LIST_LIMIT, python_default=None),)),
    Command("back", "return to just before an earlier firing (N back)", go.back,
            (Arg("n", AT_LEAST_ONE, "N", default=1),), EVERYWHERE),
    Command("goto", "return to just before firing number FIRING", go.goto,
            (Arg("firing", AT_LEAST_ONE, "FIRING",
                 missing="goto which firing? e.g. goto 3 (history lists them)"),), EVERYWHERE),
    Command("templates", "the fact definitions (deftemplates, Fact classes)", look.templates),
    Command("globals", "the global variables and their values", look.globals_),
    Command("reset", "start the puzzle again (same seed)", go.reset, fronts=EVERYWHERE),
    Command("load", "load a CLIPS file's constructs into the session", change.load,
            (Arg("path", FILE, "FILE"),)),
    Command("build", "add one construct, as typed at the shell's prompt", change.build,
            (Arg("construct", REST, "CONSTRUCT"),), NOTEBOOK_ONLY),
    Command("batch", "run the commands of a file", own.batch, (Arg("path", FILE, "FILE"),),
            SHELL_ONLY),
    Command("undefrule", "remove a rule", change.undefrule,
            (Arg("name", WORD, "NAME", missing="undefrule which rule? e.g. undefrule "
                 "find-siblings"),), complete=rule_names),
    Command("ppdefrule", "a rule as the engine holds it", change.ppdefrule,
            (Arg("name", WORD, "NAME", missing="ppdefrule which rule? e.g. ppdefrule "
                 "find-siblings"),), complete=rule_names),
    Command("reload", "read the files again and start afresh", change.reload),
    Command("clear", "an empty CLIPS session", change.clear),
    Command("strategy", "show or set conflict resolution", go.strategy,
            (Arg("name", WORD, "NAME", default=None),), EVERYWHERE, complete=strategies,
            detail=f"show or set conflict resolution: {'|'.join(STRATEGIES)} (a stage with "
                   "its own strategy restores the one before it when it ends)."),
    Command("seed", "show or set the random strategy's seed", go.seed,
            (Arg("n", Count(SEED_LOW, SEED_HIGH), "N", default=None),), EVERYWHERE),
    Command("status", "stage, counts, strategy, what is watched", look.status),
    Command("submit", "a fact the puzzle declares, for its rules to answer", go.submit,
            (Arg("fact", ANYTHING, "FACT", default=None),), WEB_ONLY),
    Command("help", "this list, or one command in detail", own.help_,
            (Arg("name", WORD, "COMMAND", default=None),), SHELL_ONLY, complete=command_names),
    Command("quit", "leave the shell", own.quit_, fronts=SHELL_ONLY, aliases=("exit",)),
    clips("bind", "?*NAME* VALUE", "set a global variable (or a variable of the prompt)",
          "set a global variable, as CLIPS's (bind); ?*NAME* alone prints it"),
    clips("printout", "t ITEM...", "print text, as a rule's printout does",
          "print the items (crlf: a new line)"),
    clips("focus", "MODULE...", "put modules on the focus stack",
          "put modules on the focus stack (the first named is the one that runs first)"),
    clips("list-focus-stack", "", "the modules on the focus stack", "the focus stack, top first"),
    clips("set-break", "RULE", "stop a run before this rule fires", "a run stops just before "
          "RULE fires (not as the first firing of a run), as in CLIPS"),
    clips("remove-break", "[RULE]", "remove a breakpoint (all without a rule)",
          "remove RULE's breakpoint, or every one"),
    clips("show-breaks", "", "the rules with a breakpoint", "the rules with a breakpoint"),
    clips("halt", "", "stop the run (in a rule); nothing at the prompt", "in a rule, stop "
          "the run after it; at the prompt nothing (there is no run to stop)"),
    clips("refresh", "RULE", "put a rule's fired activations back on the agenda", "put back "
          "on the agenda RULE's activations that already fired (their facts are still there)"),
    clips("list-defrules", "[MODULE|*]", "the rules' names (* for every module)",
          "the rules' names, as CLIPS lists them"),
    clips("list-deftemplates", "[MODULE|*]", "the templates' names", "the templates' names"),
    clips("list-deffacts", "[MODULE|*]", "the deffacts' names", "the deffacts"),
    clips("list-deffunctions", "[MODULE|*]", "the deffunctions' names", "the deffunctions"),
    clips("list-defglobals", "[MODULE|*]", "the defglobals' names", "the defglobals"),
    clips("list-defmodules", "", "the modules' names", "the modules"),
    Command("dribble-on", "copy what the shell prints (and each command) into a file",
            own.dribble_on, (Arg("path", FILE, "FILE"),), SHELL_ONLY, clips=True),
    Command("dribble-off", "stop copying", own.dribble_off, fronts=SHELL_ONLY, clips=True),
    Command("list-watch-items", "what is watched, as CLIPS lists it", own.list_watch_items,
            (Arg("item", WORD, "ITEM", default=None),), SHELL_ONLY, clips=True),
    Command("transcript", "keep everything shown in a file (off: stop), as dribble does",
            own.transcript, (Arg("what", REST, "FILE|off"),), SHELL_ONLY, clips=True),
    clips("save-facts", "FILE [local|visible]", "write the facts to a file, one a line",
          "write the facts to FILE, one a line, as CLIPS's (save-facts) does (local: those of "
          "the current module's templates); prints how many"),
    Command("load-facts", "assert the facts of a file (as save-facts writes them)",
            own.load_facts, (Arg("path", FILE, "FILE"),), SHELL_ONLY, clips=True),
)


# -- what the front ends are made of --------------------------------------------------------

def install_shell(cls) -> None:
    """Give the shell class a ``do_NAME`` method per command it offers (and per alias),
    and a ``complete_NAME`` where the command completes its arguments: :mod:`cmd` finds
    commands by those names. Each parses the words, runs the answer and shows it."""
    for command in offered(SHELL):
        method = _shell_method(command)
        for name in (command.name, *command.aliases):
            setattr(cls, "do_" + name.replace("-", "_"), method)
        if command.complete is not None:
            setattr(cls, "complete_" + command.name.replace("-", "_"),
                    _completer(command.complete))


def _shell_method(command: Command):
    def do(self, arg: str):
        return self.show(command.answer(self, **command.from_text(arg)))
    do.__name__ = do.__qualname__ = "do_" + command.name.replace("-", "_")
    do.__doc__ = command.help_text()
    return do


def _completer(source):
    def complete(self, text, line, begidx, endidx):
        return source(self, text)
    return complete


def install_notebook(cls) -> None:
    """Give the Inspector class a method per command the notebook offers, with the
    command's arguments as its parameters (checked by the table) and its answer as
    what it returns."""
    for command in offered(NOTEBOOK):
        setattr(cls, command.python_name, _python_method(command))


def _python_method(command: Command):
    def method(self, *args, **kwargs):
        with self.lock:                 # one call at a time: a run in another thread ends
            self._outside = {}          # what this call makes happen between firings
            return self.answered(command.answer(self, **command.from_python(args, kwargs)))
    method.__name__ = method.__qualname__ = command.python_name
    method.__signature__ = command.signature()
    detail = command.help_text()[len(command.shown_usage()):].strip()
    method.__doc__ = (f"{detail[:1].upper()}{detail[1:]}\n\nThe shell's "
                      f"``{command.shown_usage()}``; bad values raise UsageError.")
    return method


def web_verbs() -> tuple[str, ...]:
    """The verbs the web server accepts, in the table's order."""
    return tuple(c.name for c in offered(WEB))


def web_result(front, verb: str, value):
    """Do the web page's ``verb`` with its one value (JSON) on ``front``; the answer as
    the shell would show it (:func:`web_message`: as the page does)."""
    command = next((c for c in offered(WEB) if c.name == verb), None)
    if command is None:
        raise UsageError(f"no such action {str(verb)[:40]!r} (actions: "
                         f"{', '.join(web_verbs())})")
    return command.answer(front, **command.from_web(value))


def web_message(result) -> str:
    """An answer as the page's message."""
    return result.message() if isinstance(result, Changes) else str(result)


def web_answer(front, verb: str, value) -> str:
    """Do the web page's ``verb`` with its one value (JSON) on ``front``; the message the
    page shows (one line)."""
    return web_message(web_result(front, verb, value))


def described() -> str:
    """The shell's commands, for ``pyengine shell --help``: its own, then CLIPS's."""
    mine = [c.name for c in offered(SHELL) if not c.clips and c.name not in ("help", "quit")]
    theirs = [c.name for c in offered(SHELL) if c.clips]
    return f"{', '.join(mine)}; CLIPS's own: {', '.join(theirs)}"
