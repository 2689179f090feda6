"""``pyengine shell PUZZLE [puzzle options]``: look inside a rule session, step by step.

The shell opens a puzzle's session paused before its first stage (each puzzle
module offers ``shell_setup(argv) -> SessionPlan``) and reads commands, one per
line: ``facts``, ``agenda``, ``step``, ``run``, ``stage``, ``assert``, ``retract``,
``watch``, ``rules``, ``why``, ``history``, ``reset``, ``strategy``, ``help``, ``quit``.
The commands and their output are the same on CLIPS and on experta: facts as
``f-12    (text ...)``, firings as ``FIRE    3 randomize-swap-two-ids: f-12,f-9``.

On a terminal it has a prompt, tab completion and a history; with stdin from a
file or a pipe it prints only what the commands print, so it can be scripted::

    printf 'stage\\nfacts text\\nwhy f-16\\n' | pyengine shell scramble --seed 1

Lines the shell itself adds (stage boundaries, summaries) start with ``;;``,
CLIPS's comment mark; errors are one line starting with ``error:``.
"""
from __future__ import annotations

import argparse
import cmd
import fnmatch
import importlib
import os
import sys
from typing import Callable

from pyengine.engine.errors import UsageError

PROMPT = "pyengine> "
WATCHABLE = ("facts", "rules", "activations")
LIST_LIMIT = 30          # agenda and history show this many unless told "all"
WHY_DEPTH = 8            # why expands this many firings deep unless told "all"

# puzzle -> (module offering shell_setup, description)
PUZZLES: dict[str, tuple[str, str]] = {
    "scramble": ("pyengine.puzzles.scramble.make", "the CLIPS word scramble: [WORD ...] [--swaps N] [--seed N]"),
    "scramble-solve": ("pyengine.puzzles.scramble.solve",
                       "find the words hidden in a scramble (CLIPS): LINE --candidates FILE|WORDS"),
    "riddle": ("pyengine.puzzles.riddle.core", "letter riddles (experta): FILE, as 'pyengine riddle solve'"),
    "bee": ("pyengine.puzzles.bee.core", "Spelling Bee (experta): LETTERS --center C, as 'pyengine bee'"),
    "boggle": ("pyengine.puzzles.boggle.generate", "Boggle generators (experta): --algo NAME --seed N"),
    "clp": ("pyengine.ui.shell", "any CLIPS file: FILE.clp ... [--stage NAME[:LIMIT[:STRATEGY]]] ..."),
    "experta": ("pyengine.ui.shell", "any experta engine: MODULE:CLASS or FILE.py:CLASS [--stage ...]"),
}


# -- the command line -------------------------------------------------------------------

def add_parser(sub) -> None:
    lines = "\n".join(f"  {name:<9} {desc}" for name, (_, desc) in PUZZLES.items())
    p = sub.add_parser(
        "shell", help="inspect a puzzle's rule session interactively (facts, agenda, step, why)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Open a puzzle's rule session paused before its first stage and inspect it: "
                    "facts, agenda, step, run, stage, assert, retract, watch, rules, why, "
                    "history, reset, strategy. Reads commands from stdin; on a terminal with "
                    "a prompt, completion and history.",
        epilog="puzzles:\n" + lines + "\n\nexample:\n  printf 'stage\\nfacts text\\n' | "
               "pyengine shell scramble --seed 1 --swaps 5")
    p.add_argument("--echo", action="store_true",
                   help="print each command after a prompt, as a transcript shows it")
    p.add_argument("--script", metavar="FILE", help="read commands from FILE, not stdin")
    p.add_argument("puzzle", metavar="PUZZLE", help="one of: " + ", ".join(PUZZLES))
    p.add_argument("args", nargs=argparse.REMAINDER, metavar="...",
                   help="the puzzle's own arguments and options")
    p.set_defaults(func=run)


def run(args) -> int:
    factory = puzzle_factory(args.puzzle, args.args)
    try:
        setup = factory()
    except (UsageError, SystemExit, KeyboardInterrupt):
        raise
    except Exception as exc:   # a puzzle that cannot open: one line, not a traceback
        text = (str(exc).strip().splitlines() or [""])[0]
        raise UsageError(f"cannot open the {args.puzzle} session: "
                         f"{type(exc).__name__}{': ' + text if text else ''}") from None
    if args.script:
        try:
            stdin = open(args.script, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot read {args.script}: {exc.strerror or exc}") from None
    else:
        stdin = sys.stdin
    interactive = stdin is sys.stdin and _isatty(sys.stdin)
    shell = Shell(setup, factory, stdin=stdin, stdout=sys.stdout,
                  interactive=interactive, echo=args.echo)
    try:
        shell.cmdloop()
    finally:
        if stdin is not sys.stdin:
            stdin.close()
    return 1 if shell.errors and not interactive else 0


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def puzzle_factory(name: str, argv: list[str]) -> Callable[[], object]:
    """A function that builds the puzzle's SessionPlan from ``argv`` (again on reset,
    with the seed of the first build, so ``reset`` repeats the same puzzle)."""
    if name not in PUZZLES:
        raise UsageError(f"unknown puzzle {name!r} (choose from {', '.join(PUZZLES)})")
    module_name = PUZZLES[name][0]
    if name == "clp":
        build = clp_setup
    elif name == "experta":
        build = experta_setup
    else:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            parts = module_name.split(".")
            if exc.name in {".".join(parts[:i]) for i in range(1, len(parts) + 1)}:
                raise UsageError(f"the {name} puzzle is not in this version of pyengine "
                                 f"({module_name} is missing)") from None
            raise
        build = getattr(module, "shell_setup", None)
        if build is None:
            raise UsageError(f"{module_name} offers no shell_setup(argv)")
    argv = list(argv)

    def factory():
        setup = build(list(argv))
        if setup.seed is not None and not any(a == "--seed" or a.startswith("--seed=")
                                              for a in argv):
            argv.extend(["--seed", str(setup.seed)])
        return setup
    return factory


def _stage_spec(text: str):
    """``NAME[:LIMIT[:STRATEGY]]`` -> Stage."""
    from pyengine.engine.session import STRATEGIES
    from pyengine.engine.stages import Stage

    name, _, rest = text.partition(":")
    limit_text, _, strategy = rest.partition(":")
    if not name:
        raise UsageError(f"--stage {text!r}: give a name, e.g. --stage GO or --stage MIX:10:random")
    limit = None
    if limit_text:
        if not limit_text.isdigit():
            raise UsageError(f"--stage {text!r}: the limit must be a number of firings")
        limit = int(limit_text)
    if strategy and strategy not in STRATEGIES:
        raise UsageError(f"--stage {text!r}: strategy must be one of {', '.join(STRATEGIES)}")
    return Stage(name, limit=limit, strategy=strategy or None)


def _generic_parser(prog: str, what: str, help_: str):
    from pyengine.ui.cli import Parser

    p = Parser(prog=prog, description=f"Open {what} in the shell.")
    p.add_argument("target", nargs="+", help=help_)
    p.add_argument("--stage", action="append", default=[], metavar="NAME[:LIMIT[:STRATEGY]]",
                   help="a stage of the plan (repeat for more, in order); its staging fact "
                        "is (NAME) in CLIPS and Stage(NAME) in experta")
    p.add_argument("--strategy", default=None, help="conflict resolution: depth, breadth, random")
    p.add_argument("--seed", type=int, default=None, help="seed for the random strategy")
    return p


def clp_setup(argv: list[str]):
    """A SessionPlan for any CLIPS files: ``clp FILE.clp ... [--stage GO]``."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.stages import SessionPlan

    args = _generic_parser("pyengine shell clp", "CLIPS rule files",
                           "CLIPS files to load, in order").parse_args(argv)
    for f in args.target:
        if not os.path.isfile(f):
            raise UsageError(f"cannot read {f}: no such file")
    try:
        session = ClipsSession(args.target)
    except Exception as exc:  # clips.CLIPSError: a syntax error in the file
        raise UsageError(f"cannot load {' '.join(args.target)}: "
                         f"{str(exc).strip().splitlines()[0] if str(exc).strip() else exc}") from None
    return _generic_setup(session, args, " ".join(args.target))


def experta_setup(argv: list[str]):
    """A SessionPlan for any experta engine: ``experta MODULE:CLASS [--stage GO]``."""
    from pyengine.engine.experta import ExpertaSession

    args = _generic_parser("pyengine shell experta", "an experta KnowledgeEngine",
                           "MODULE:CLASS or FILE.py:CLASS").parse_args(argv)
    if len(args.target) != 1:
        raise UsageError("give one engine, as MODULE:CLASS or FILE.py:CLASS")
    cls = _load_class(args.target[0])
    session = ExpertaSession(cls, seed=args.seed or 0)
    return _generic_setup(session, args, args.target[0])


def _load_class(spec: str):
    import importlib.util

    where, _, name = spec.rpartition(":")
    if not where or not name:
        raise UsageError(f"{spec!r}: write MODULE:CLASS or FILE.py:CLASS")
    if where.endswith(".py"):
        if not os.path.isfile(where):
            raise UsageError(f"cannot read {where}: no such file")
        mod_name = "pyengine_user_" + os.path.splitext(os.path.basename(where))[0]
        loader_spec = importlib.util.spec_from_file_location(mod_name, where)
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[mod_name] = module
        loader_spec.loader.exec_module(module)
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise UsageError(f"cannot import {where}: {exc}") from None
    cls = getattr(module, name, None)
    if cls is None:
        raise UsageError(f"{where} has no {name}")
    return cls


def _generic_setup(session, args, label: str):
    from pyengine.puzzles.util import new_seed
    from pyengine.engine.stages import SessionPlan

    stages = [_stage_spec(s) for s in args.stage]
    seed = args.seed
    if seed is None and (args.strategy == "random" or any(s.strategy == "random" for s in stages)):
        seed = new_seed()
    session.reset()
    if seed is not None:
        session.seed(seed)
    if args.strategy:
        session.strategy = args.strategy
    title = f"{label} [{session.engine}]" + (f" (seed {seed})" if seed is not None else "")
    return SessionPlan(session, stages, seed, title, None)


# -- the shell ----------------------------------------------------------------------------

class _QuietClipsErrors:
    """Keeps CLIPS from printing its own error text on stderr: the shell prints the
    same message as one ``error:`` line."""

    def __init__(self, session):
        import clips

        class Quiet(clips.Router):
            def query(self, name):
                return name in ("stderr", "stdwrn")

            def write(self, name, message):
                pass
        self.router = Quiet(f"pyengine-quiet-{id(session)}", 30)
        session.env.add_router(self.router)


class Shell(cmd.Cmd):
    """The inspector: a command loop over one :class:`~pyengine.engine.stages.SessionPlan`.

    ``factory`` rebuilds the setup for ``reset``; ``interactive`` turns on the
    prompt, readline completion and history; ``echo`` prints each command after
    the prompt (for transcripts).
    """

    def __init__(self, setup, factory: Callable[[], object] | None = None, stdin=None,
                 stdout=None, interactive: bool = False, echo: bool = False):
        super().__init__(stdin=stdin or sys.stdin, stdout=stdout or sys.stdout)
        self.factory = factory
        self.interactive = interactive
        self.echo = echo
        self.prompt = PROMPT if interactive else ""
        self.watching: set[str] = set()
        self.errors = 0
        self._stepping = False
        self._group: list[tuple[str, object]] = []
        self._group_fire = None
        enc = getattr(self.stdout, "encoding", None) or "utf-8"
        try:
            "├└│".encode(enc)
            self.ascii = False
        except (UnicodeEncodeError, LookupError):
            self.ascii = True
        self._open(setup)

    # -- session wiring ---------------------------------------------------------------
    def _open(self, setup) -> None:
        from pyengine.ui.notebook import FactLog
        from pyengine.engine.stages import StageRunner

        self.setup = setup
        self.session = s = setup.session
        if s.engine == "clips":
            if not getattr(s, "record", True):      # the shell always needs the firings
                s.record = True
                s._set_watch(True)
            _QuietClipsErrors(s)
            if "activations" in self.watching:
                s.watch_activations(True)
        elif hasattr(s, "record"):
            s.record = True
        self.runner = StageRunner(s, setup.stages, setup.seed)
        self.log = FactLog(s)
        s.listeners.append(self._on_event)
        self._finished = not setup.stages
        self._result_shown = False

    def _close(self) -> None:
        s = self.session
        self.log.detach()
        if self._on_event in s.listeners:
            s.listeners.remove(self._on_event)

    # -- output -----------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def note(self, text: str) -> None:
        """A line the shell adds (not engine output): starts with ``;;``."""
        self.say(";; " + text)

    def error(self, text: str) -> None:
        self.errors += 1
        self.say("error: " + (text.strip().splitlines() or ["?"])[0])

    def _on_event(self, event: str, payload) -> None:
        if event == "fire":
            self._flush()
            self._group_fire = payload
        else:
            self._group.append((event, payload))

    def _flush(self) -> None:
        from pyengine.ui.notebook import activation_line, fact_line, fire_line

        fire, group = self._group_fire, self._group
        self._group_fire, self._group = None, []
        if fire is not None and ("rules" in self.watching or self._stepping):
            self.say(fire_line(fire))
        if "facts" in self.watching:
            for kind, arrow in (("retract", "<=="), ("assert", "==>")):
                for ev, view in group:
                    if ev == kind:
                        self.say(f"{arrow} {fact_line(view.id, view.text)}")
        if "activations" in self.watching:
            for kind, arrow in (("deactivate", "<=="), ("activate", "==>")):
                acts = sorted((v for ev, v in group if ev == kind),
                              key=lambda a: (-a.salience, a.rule, sorted(a.facts)))
                for view in acts:
                    self.say(f"{arrow} Activation {activation_line(view)}")

    # -- the loop -----------------------------------------------------------------------
    def banner(self) -> str:
        s = self.session
        plan = ", ".join(_stage_label(st) for st in self.setup.stages) or "none"
        return (f"pyengine shell: {self.setup.title or 'session'} [{s.engine}]\n"
                f"stages: {plan}; {len(s.facts())} facts. Type help for the commands, quit to leave.")

    def cmdloop(self, intro=None) -> None:
        history = None
        if self.interactive:
            history = self._setup_readline()
            self.say(self.banner())
        try:
            while True:
                try:
                    if self.interactive:
                        line = input(self.prompt)
                    else:
                        line = self.stdin.readline()
                        if not line:
                            break
                        line = line.rstrip("\r\n")
                except EOFError:
                    if self.interactive:
                        self.say()
                    break
                except KeyboardInterrupt:
                    self.say("^C")
                    continue
                if self.echo and not self.interactive:
                    self.say(PROMPT + line)
                if self.onecmd(line):
                    break
        finally:
            if history:
                _save_history(history)

    def onecmd(self, line: str) -> bool:
        line = line.strip()
        if not line or line[0] in "#;":
            return False
        try:
            return bool(super().onecmd(line))
        except UsageError as exc:
            self._flush()
            self.error(str(exc))
        except KeyboardInterrupt:
            if not self.interactive:
                raise
            self._flush()
            self.note("interrupted")
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
        word = line.split()[0]
        raise UsageError(f"unknown command {word!r} (type help for the list)")

    # -- stepping ---------------------------------------------------------------------------
    def _enter(self) -> None:
        from pyengine.ui.notebook import STAGE, fact_line

        runner = self.runner
        stage = runner.current
        self._flush()
        runner.enter()
        fid = runner._stage_fact_id
        if fid is not None:
            self.log.mark(fid, STAGE)
        how = []
        if stage.strategy:
            how.append(f"strategy {stage.strategy}" +
                       (f", seed {runner.seed}" if stage.strategy == "random" and runner.seed is not None else ""))
        if stage.limit is not None:
            how.append(f"at most {_plural(stage.limit, 'firing')}")
        text = self.log.text(fid) if fid is not None else ""
        self.note(f"stage {stage.name} begins: {fact_line(fid, text).rstrip()}"
                  + (f" ({'; '.join(how)})" if how else ""))

    def _leave(self) -> None:
        runner = self.runner
        stage, fired = runner.current, runner.fired_in_stage
        self._flush()
        runner.leave()
        self.note(f"stage {stage.name} ends after {_plural(fired, 'firing')}")
        self._flush()
        if runner.done:
            self._finish()

    def _finish(self) -> None:
        self._finished = True
        self.note("all stages done")
        if self.setup.finish is not None and not self._result_shown:
            self._result_shown = True
            try:
                result = self.setup.finish()
            except Exception as exc:   # the result could not be read back
                self.error(f"could not read the result: {exc}")
                return
            if result:
                for line in str(result).splitlines():
                    self.say(line)

    def _advance(self, n: int | None, stop_after: int | None = None) -> int:
        """Fire up to ``n`` rules (None: no limit), walking the stage plan: enter a
        stage when needed, leave it when it is over. With ``stop_after`` (a stage
        index) stop when that stage has ended."""
        runner = self.runner
        fired = 0
        while n is None or fired < n:
            if runner.done:
                if stop_after is not None:
                    break
                got = self.session.run(None if n is None else n - fired)
                fired += got
                break
            if stop_after is not None and runner.index > stop_after:
                break
            if not runner.active:
                self._enter()
            fired += runner.advance(None if n is None else n - fired)
            if runner.stage_finished():
                self._leave()
                if stop_after is not None and runner.index > stop_after:
                    break
        return fired

    def _summary(self, fired: int) -> None:
        self._flush()
        total = len(self.session.trace)
        where = ""
        if not self.runner.done:
            st = self.runner.current
            where = f"; in stage {st.name}" if self.runner.active else f"; next stage {st.name}"
        self.note(f"{_plural(fired, 'rule')} fired ({total} in all{where})")

    # -- commands -------------------------------------------------------------------------
    def do_facts(self, arg: str) -> None:
        """facts [PATTERN]  list facts; PATTERN is a relation name (text), a piece of
        text, or a glob (*word 3*)."""
        from pyengine.ui.notebook import FactTable
        from pyengine.engine.session import matching

        pattern = arg.strip()
        facts = self.session.facts()
        if pattern and any(c in pattern for c in "*?["):
            shown = [f for f in facts if fnmatch.fnmatchcase(f.text, pattern)
                     or fnmatch.fnmatchcase(f.text, f"*{pattern}*")]
        else:
            shown = matching(facts, pattern)
        for line in FactTable(shown).lines():
            self.say(line)

    def do_agenda(self, arg: str) -> None:
        """agenda [N|all]  the activations, next to fire first: salience, rule, facts."""
        from pyengine.ui.notebook import AgendaTable

        limit = _count(arg, LIST_LIMIT, "agenda")
        for line in AgendaTable(self.session.agenda()).lines(limit):
            self.say(line)

    def do_step(self, arg: str) -> None:
        """step [N]  fire one rule (or N) and show each firing; enters and leaves
        stages as the plan says."""
        n = _count(arg, 1, "step", allow_all=False)
        self._stepping = True
        fired = self._advance(n)
        self._flush()
        if fired == 0 and self.runner.done:
            self.note("nothing to fire: the agenda is empty")

    def do_run(self, arg: str) -> None:
        """run [N]  fire rules to the end of the stage plan (or N rules); quiet unless
        you watch rules."""
        n = _count(arg, None, "run")
        fired = self._advance(n)
        self._summary(fired)

    def do_stage(self, arg: str) -> None:
        """stage [NAME]  run to the end of the current stage, or to the end of stage NAME."""
        runner = self.runner
        name = arg.strip()
        names = [st.name for st in runner.stages]
        if not names:
            raise UsageError("this session has no stage plan (use run or step)")
        if runner.done:
            raise UsageError(f"all stages are done ({', '.join(names)})")
        target = runner.index
        if name:
            hits = [i for i, n in enumerate(names) if n.lower() == name.lower()]
            if not hits:
                raise UsageError(f"no stage named {name!r} (stages: {', '.join(names)})")
            later = [i for i in hits if i >= runner.index]
            if not later:
                raise UsageError(f"stage {names[hits[0]]} is already done "
                                 f"(next: {names[runner.index]})")
            target = later[0]
        fired = self._advance(None, stop_after=target)
        self._summary(fired)

    def do_assert(self, arg: str) -> None:
        """assert FACT  add a fact, e.g. assert (number 4) in CLIPS, assert (number 4)
        or (letter (char a) (pos 1)) in experta."""
        from pyengine.ui.notebook import USER, fact_line

        text = arg.strip()
        if not text:
            raise UsageError("assert what? e.g. assert (number 4)")
        before = {f.id for f in self.session.facts()}
        fid = self.session.assert_fact(text)
        fact_text = self.session.fact(fid).text
        if fid in before:
            self._flush()
            self.note(f"{fact_line(fid, fact_text)} is already in the fact base")
            return
        self.log.mark(fid, USER)
        if "facts" not in self.watching:
            self._flush()
            self.say(f"==> {fact_line(fid, fact_text)}")

    def do_retract(self, arg: str) -> None:
        """retract ID ...  remove facts by id (f-12 or 12)."""
        from pyengine.ui.notebook import fact_line, parse_id

        ids = [parse_id(t) for t in arg.split()]
        if not ids:
            raise UsageError("retract which fact? e.g. retract f-3")
        texts = {fid: self.session.fact(fid).text for fid in ids}   # all exist, or none goes
        for fid in dict.fromkeys(ids):
            text = texts[fid]
            self.session.retract(fid)
            if "facts" not in self.watching:
                self._flush()
                self.say(f"<== {fact_line(fid, text)}")

    def do_watch(self, arg: str) -> None:
        """watch facts|rules|activations|all  print these as rules fire; 'watch' alone
        says what is watched."""
        items = self._watch_items(arg)
        if not items:
            self.note("watching " + (", ".join(sorted(self.watching)) or "nothing"))
            return
        self.watching |= items
        if "activations" in items and self.session.engine == "clips":
            self.session.watch_activations(True)

    def do_unwatch(self, arg: str) -> None:
        """unwatch [facts|rules|activations|all]  stop printing them (all if none named)."""
        items = self._watch_items(arg) or set(WATCHABLE)
        self.watching -= items
        if "activations" in items and self.session.engine == "clips":
            self.session.watch_activations(False)

    @staticmethod
    def _watch_items(arg: str) -> set[str]:
        items = set()
        for word in arg.split():
            if word == "all":
                items |= set(WATCHABLE)
            elif word in WATCHABLE:
                items.add(word)
            else:
                raise UsageError(f"cannot watch {word!r} (choose from {', '.join(WATCHABLE)}, all)")
        return items

    def do_rules(self, arg: str) -> None:
        """rules [NAME]  list the rules (with how often each fired), or show one rule's source."""
        name = arg.strip()
        if name:
            self.say(rule_source(self.session, name))
            return
        counts: dict[str, int] = {}
        for firing in self.session.trace:
            counts[firing.rule] = counts.get(firing.rule, 0) + 1
        names = self.session.rules()
        width = max((len(n) for n in names), default=0)
        for n in names:
            c = counts.get(n, 0)
            self.say(f"{n:<{width}}  fired {c}")
        self.say(f"For a total of {len(names)} rule{'s' if len(names) != 1 else ''}.")

    def do_why(self, arg: str) -> None:
        """why ID [DEPTH|all]  which firing made this fact, from which facts, back to
        the initial facts (DEPTH firings deep; default 8)."""
        from pyengine.ui.notebook import parse_id, provenance

        words = arg.split()
        if not words:
            raise UsageError("why which fact? e.g. why f-12")
        if len(words) > 2:
            raise UsageError("why takes a fact id and an optional depth")
        fid = parse_id(words[0])
        depth = _count(words[1] if len(words) > 1 else "", WHY_DEPTH, "why depth")
        tree = provenance(self.session, fid, self.log, depth)
        for line in tree.lines(ascii=self.ascii):
            self.say(line)

    def do_history(self, arg: str) -> None:
        """history [N|all]  the last firings (default 30) with the facts each retracted
        and asserted."""
        from pyengine.ui.notebook import TraceTable

        limit = _count(arg, LIST_LIMIT, "history")
        trace = self.session.trace
        shown = trace if limit is None else trace[-limit:] if limit else []
        if len(shown) < len(trace):
            self.note(f"{len(trace) - len(shown)} earlier firings not shown (history all)")
        for line in TraceTable(shown, self.log).lines():
            self.say(line)
        if not trace:
            self.note("no rule has fired yet")

    def do_reset(self, arg: str) -> None:
        """reset  start the puzzle again from its input facts (same seed)."""
        if arg.strip():
            raise UsageError("reset takes no arguments")
        if self.factory is None:
            raise UsageError("this shell cannot rebuild its session")
        setup = self.factory()
        self._flush()
        self._close()
        self._open(setup)
        nxt = self.runner.current
        self.note(f"reset: {len(self.session.facts())} facts"
                  + (f"; next stage {nxt.name}" if nxt else ""))

    def do_strategy(self, arg: str) -> None:
        """strategy [depth|breadth|random]  show or set conflict resolution (a stage with
        its own strategy restores the one before it when it ends)."""
        name = arg.strip()
        if name:
            self.session.strategy = name
        self.note(f"strategy {self.session.strategy}")

    def do_seed(self, arg: str) -> None:
        """seed [N]  show or set the seed of the random strategy."""
        text = arg.strip()
        if text:
            try:
                n = int(text)
            except ValueError:
                raise UsageError(f"a seed is a whole number, not {text!r}") from None
            self.session.seed(n)
            self.runner.seed = n
        self.note(f"seed {self.runner.seed if self.runner.seed is not None else 'none'}")

    def do_status(self, arg: str) -> None:
        """status  where the session is: stage, firings, strategy, what is watched."""
        r = self.runner
        stages = []
        for i, st in enumerate(r.stages):
            mark = ("done" if i < r.index else "running" if (i == r.index and r.active)
                    else "next" if i == r.index else "")
            stages.append(_stage_label(st) + (f" [{mark}]" if mark else ""))
        self.note(self.setup.title or "session")
        self.note(f"engine {self.session.engine}; stages: {', '.join(stages) or 'none'}")
        self.note(f"{len(self.session.facts())} facts, {len(self.session.agenda())} activations, "
                  f"{len(self.session.trace)} firings; strategy {self.session.strategy}; "
                  f"watching {', '.join(sorted(self.watching)) or 'nothing'}")

    def do_help(self, arg: str) -> None:
        """help [COMMAND]  the commands, or one command in detail."""
        name = arg.strip()
        if name:
            func = getattr(self, "do_" + name, None)
            if func is None or name == "EOF":
                raise UsageError(f"no command {name!r} (type help for the list)")
            self.say(" ".join((func.__doc__ or name).split()))
            return
        for n in COMMANDS:
            doc = (getattr(self, "do_" + n).__doc__ or n).strip()
            usage = doc.partition("  ")[0]
            self.say(f"{usage:<38}{SUMMARY[n]}")
        self.say("help COMMAND for more. Ids are f-12 or 12; lines the shell adds start with ;;")

    def do_quit(self, arg: str) -> bool:
        """quit  leave the shell (also exit, or end of input)."""
        return True

    do_exit = do_quit

    def do_EOF(self, arg: str) -> bool:   # noqa: N802  (cmd's name for end of input)
        return True

    # -- completion -------------------------------------------------------------------
    def completenames(self, text, *ignored):
        return [n + " " for n in COMMANDS + ["exit"] if n.startswith(text)]

    def _ids(self, text: str, live_only: bool = True) -> list[str]:
        ids = [f.id for f in self.session.facts()] if live_only else sorted(self.log.texts)
        return [f"f-{i}" for i in ids if f"f-{i}".startswith(text) or str(i).startswith(text)]

    def complete_facts(self, text, line, begidx, endidx):
        names = sorted({f.name for f in self.session.facts()})
        return [n for n in names if n.startswith(text)]

    def complete_retract(self, text, line, begidx, endidx):
        return self._ids(text)

    def complete_why(self, text, line, begidx, endidx):
        return self._ids(text, live_only=False)

    def complete_watch(self, text, line, begidx, endidx):
        return [w for w in WATCHABLE + ("all",) if w.startswith(text)]

    complete_unwatch = complete_watch

    def complete_rules(self, text, line, begidx, endidx):
        return [r for r in self.session.rules() if r.startswith(text)]

    def complete_strategy(self, text, line, begidx, endidx):
        from pyengine.engine.session import STRATEGIES
        return [s for s in STRATEGIES if s.startswith(text)]

    def complete_stage(self, text, line, begidx, endidx):
        return [st.name for st in self.runner.stages if st.name.lower().startswith(text.lower())]

    def complete_help(self, *args):
        return self.completenames(*args)

    def _setup_readline(self) -> str | None:
        try:
            import readline
        except ImportError:
            return None
        readline.set_completer(self.complete)
        readline.set_completer_delims(" \t\n")
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        path = os.path.join(os.path.expanduser("~"), ".pyengine_history")
        try:
            readline.read_history_file(path)
        except OSError:
            pass
        readline.set_history_length(1000)
        return path


COMMANDS = ["facts", "agenda", "step", "run", "stage", "assert", "retract", "watch", "unwatch",
            "rules", "why", "history", "reset", "strategy", "seed", "status", "help", "quit"]


def rule_source(session, name: str) -> str:
    """A rule's source as written, with the comment above it: from the .clp file it
    was loaded from (CLIPS) or the Python module (experta); else the engine's own."""
    if session.engine == "clips":
        for path in getattr(session, "files", ()):
            found = _defrule_in_file(path, name)
            if found:
                return found
        try:
            from clips._clips import ffi, lib

            pp = lib.DefrulePPForm(session.env.find_rule(name)._ptr())
            if pp != ffi.NULL:
                return ffi.string(pp).decode().rstrip()
        except (ImportError, LookupError, AttributeError):
            pass
        return session.rule_source(name)
    text = session.rule_source(name)
    rules = getattr(session, "_rule_objects", lambda: {})()
    func = getattr(rules.get(name), "_wrapped", None)
    if func is not None:
        import inspect
        import textwrap

        comments = inspect.getcomments(func)
        if comments:
            text = textwrap.dedent(comments).rstrip() + "\n" + text
    return text


def _defrule_in_file(path, name: str) -> str | None:
    import re

    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    m = re.search(r"\(defrule\s+(?:MAIN::)?" + re.escape(name) + r"(?=[\s)])", text)
    if not m:
        return None
    depth, i, in_str = 0, m.start(), False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == ";":
            i = text.find("\n", i)
            if i < 0:
                return None
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
        i += 1
    body = text[m.start():i + 1]
    start = text.rfind("\n", 0, m.start()) + 1
    lines = text[:start].splitlines()
    comments: list[str] = []
    while lines and lines[-1].lstrip().startswith(";"):
        comments.insert(0, lines.pop())
    return "\n".join(comments + [body])


SUMMARY = {
    "facts": "list facts (all, or matching a name, text or glob)",
    "agenda": "activations, next to fire first",
    "step": "fire one rule (or N), showing each firing",
    "run": "fire to the end of the stage plan (or N rules)",
    "stage": "run to the end of this stage (or of stage NAME)",
    "assert": "add a fact by hand",
    "retract": "remove facts by id",
    "watch": "print facts, firings or activations as rules fire",
    "unwatch": "stop printing them",
    "rules": "list the rules, or show one rule's source",
    "why": "the firings that made a fact, back to facts no rule made",
    "history": "the firings so far, with what each changed",
    "reset": "start the puzzle again (same seed)",
    "strategy": "show or set conflict resolution",
    "seed": "show or set the random strategy's seed",
    "status": "stage, counts, strategy, what is watched",
    "help": "this list, or one command in detail",
    "quit": "leave the shell",
}


def _save_history(path: str) -> None:
    try:
        import readline
        readline.write_history_file(path)
    except (ImportError, OSError):
        pass


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _stage_label(stage) -> str:
    bits = []
    if stage.limit is not None:
        bits.append(_plural(stage.limit, "firing"))
    if stage.strategy:
        bits.append(stage.strategy)
    return stage.name + (f" ({', '.join(bits)})" if bits else "")


def _count(arg: str, default: int | None, what: str, allow_all: bool = True) -> int | None:
    """Parse an optional count: '' -> default, 'all' -> None, N >= 0 (>= 1 for step)."""
    text = arg.strip()
    if not text:
        return default
    if text == "all" and allow_all:
        return None
    if not text.isdigit() or (not allow_all and int(text) == 0):
        want = "a positive whole number" + (" or all" if allow_all else "")
        raise UsageError(f"{what} takes {want}, not {text!r}")
    return int(text)


def open_shell(setup, stdin, stdout, echo: bool = False, factory=None) -> Shell:
    """A non-interactive shell over ``setup`` reading ``stdin`` (for scripts and tests)."""
    return Shell(setup, factory, stdin=stdin, stdout=stdout, interactive=False, echo=echo)


def run_script(setup_or_factory, script: str, echo: bool = False) -> str:
    """Run a shell script (commands, one per line) and return everything it printed.
    ``setup_or_factory`` is a SessionPlan or a function that builds one (then
    ``reset`` works)."""
    import io

    factory = setup_or_factory if callable(setup_or_factory) else None
    setup = factory() if factory else setup_or_factory
    out = io.StringIO()
    shell = open_shell(setup, io.StringIO(script), out, echo=echo, factory=factory)
    shell.cmdloop()
    return out.getvalue()
