"""The shell's commands (``do_NAME`` methods of :class:`~pyengine.ui.shell.Shell`).

Each command's docstring is its help: the usage, two spaces, then what it does.
Every command works through the session contract and the stage runner only, so
it behaves the same on CLIPS and on experta.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.session import STRATEGIES, check_seed
from pyengine.engine.trace import change_line, fact_line
from pyengine.engine.wording import plural
from pyengine.ui.notebook import USER, AgendaTable, FactTable, TraceTable, parse_id, provenance
from pyengine.ui.graph import firing_graph, graph_args
from pyengine.ui.program_edit import program_edits, with_edits
from pyengine.ui.queries import keep_choices, select_facts, user_fact, walk_capped
from pyengine.ui.shell_clips import keep_breaks
from pyengine.ui.shell_events import stage_label

LIST_LIMIT = 30          # agenda and history show this many unless told "all"
WHY_DEPTH = 8            # why expands this many firings deep unless told "all"


def count(arg: str, default: int | None, what: str, allow_all: bool = True) -> int | None:
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


class RunCommands:
    """Commands that fire rules or change the session."""

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

    def do_step(self, arg: str) -> None:
        """step [N]  fire one rule (or N) and show each firing; enters and leaves
        stages as the plan says."""
        n = count(arg, 1, "step", allow_all=False)
        self._stepping = True
        with self._statistics():
            fired = self.runner.walk(n)
        self._flush()
        if fired == 0 and self.runner.done:
            self.note("nothing to fire: the agenda is empty")

    def do_run(self, arg: str) -> None:
        """run [N]  fire rules to the end of the stage plan (or N rules); quiet unless
        you watch rules."""
        n = count(arg, None, "run")
        with self._statistics():
            done = walk_capped(self.runner, self.session, n)
        self._summary(*done)

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
        with self._statistics():
            done = walk_capped(runner, self.session, None, target)
        self._summary(*done)

    def do_assert(self, arg: str) -> None:
        """assert FACT  add a fact, e.g. assert (number 4) in CLIPS, assert (number 4)
        or (letter (char a) (pos 1)) in experta."""
        text = arg.strip()
        if not text:
            raise UsageError("assert what? e.g. assert (number 4)")
        spec = user_fact(text, self.setup, self.session)
        before = {f.id for f in self.session.facts()}
        fid = self.session.assert_fact(spec)
        fact_text = self.session.fact(fid).text
        self._flush()
        if fid in before:
            self.note(f"{fact_line(fid, fact_text)} is already in the fact base")
            return
        self.log.mark(fid, USER)
        if "facts" not in self.watching:
            self.say(change_line("==>", fid, fact_text))

    def do_retract(self, arg: str) -> None:
        """retract ID ...  remove facts by id (f-12 or 12)."""
        ids = [parse_id(t) for t in arg.split()]
        if not ids:
            raise UsageError("retract which fact? e.g. retract f-3")
        texts = {fid: self.session.fact(fid).text for fid in ids}   # all exist, or none goes
        for fid in dict.fromkeys(ids):
            self.session.retract(fid)
            if "facts" not in self.watching:
                self._flush()
                self.say(change_line("<==", fid, texts[fid]))

    def do_watch(self, arg: str) -> None:
        """watch facts|rules|activations|statistics|all [NAME...]  print these as rules
        fire: fact changes (of the templates NAME), firings and activations (of the rules
        NAME), CLIPS's statistics after each run; 'watch' alone says what is watched."""
        self._watch_command(arg, True)

    def do_unwatch(self, arg: str) -> None:
        """unwatch [facts|rules|activations|statistics|all [NAME...]]  stop printing them
        (all if none named)."""
        self._watch_command(arg, False)

    def do_reset(self, arg: str) -> None:
        """reset  start the puzzle again from its input facts (same seed); the strategy
        and seed you chose stay, as CLIPS keeps its strategy across (reset)."""
        if arg.strip():
            raise UsageError("reset takes no arguments")
        if self.factory is None:
            raise UsageError("this shell cannot rebuild its session")
        self.factory = with_edits(self.factory, program_edits(self.timeline, self.factory))
        setup = self.factory()
        self._flush()
        self._close()
        old = self.runner
        self._open(setup)
        keep_choices(old, self.runner)
        keep_breaks(old.session, self.session)
        old.session.close()             # the one replaced: its engine's memory back now
        nxt = self.runner.current
        self.note(f"reset: {plural(len(self.session.facts()), 'fact')}"
                  + (f"; next stage {nxt.name}" if nxt else ""))

    def do_strategy(self, arg: str) -> None:
        """strategy [NAME]  show or set conflict resolution: STRATEGIES (a stage with
        its own strategy restores the one before it when it ends)."""
        name = arg.strip()
        if name:
            self.session.strategy = name
        self.note(f"strategy {self.session.strategy}")

    do_strategy.__doc__ = do_strategy.__doc__.replace("STRATEGIES", "|".join(STRATEGIES))

    def do_seed(self, arg: str) -> None:
        """seed [N]  show or set the seed of the random strategy."""
        text = arg.strip()
        if text:
            n = check_seed(int(text) if text.isascii() and text.isdigit() else text)
            self.session.seed(n)
            self.runner.seed = n
        self.note(f"seed {self.runner.seed if self.runner.seed is not None else 'none'}")


class InspectCommands:
    """Commands that only look."""

    def do_facts(self, arg: str) -> None:
        """facts [WHAT]  list facts: all; one relation, exactly (facts person); those
        holding a piece of text or matching a glob (*word 3*); one fact (facts f-17); or
        as CLIPS's (facts START END MAX): facts 10 20 5 lists ids 10 to 20, at most 5."""
        for line in FactTable(select_facts(self.session, arg.split())).lines():
            self.say(line)

    def do_agenda(self, arg: str) -> None:
        """agenda [N|all]  the activations, next to fire first: salience, rule, facts."""
        limit = count(arg, LIST_LIMIT, "agenda")
        table = AgendaTable(self.session.agenda(limit), self.session.agenda_size())
        for line in table.lines(limit):
            self.say(line)

    def do_rules(self, arg: str) -> None:
        """rules [NAME]  list the rules (with how often each fired), or show one rule's source;
        rules --python NAME  a CLIPS rule on our engine in experta's language."""
        words = arg.split()
        if words[:1] == ["--python"]:
            if len(words) != 2:
                raise UsageError("rules --python NAME: one rule")
            self.say(self.session.rule_python(words[1]))
            return
        name = arg.strip()
        if name:
            self.say(self.session.rule_source(name))
            return
        counts: dict[str, int] = {}
        for firing in self.session.trace:
            counts[firing.rule] = counts.get(firing.rule, 0) + 1
        names = self.session.rules()
        width = max((len(n) for n in names), default=0)
        for n in names:
            self.say(f"{n:<{width}}  fired {counts.get(n.split('::')[-1], 0)}")
        self.say(f"For a total of {plural(len(names), 'rule')}.")

    def do_why(self, arg: str) -> None:
        """why ID [DEPTH|all]  which firing made this fact, from which facts, back to
        the initial facts (DEPTH firings deep; default 8)."""
        words = arg.split()
        if not words:
            raise UsageError("why which fact? e.g. why f-12")
        if len(words) > 2:
            raise UsageError("why takes a fact id and an optional depth")
        fid = parse_id(words[0])
        depth = count(words[1] if len(words) > 1 else "", WHY_DEPTH, "why depth")
        tree = provenance(self.session, fid, self.log, depth)
        for line in tree.lines(ascii=self.ascii):
            self.say(line)

    def do_graph(self, arg: str) -> None:
        """graph [ID|RULE] [--to FILE.svg|FILE.dot]  the firing graph (facts -> firing
        -> facts, a modified fact's versions chained): of the run's last firings, of
        those behind a fact, or of a rule's; drawn into FILE, else its DOT text here."""
        what, to = graph_args(arg)
        drawing = firing_graph(self.session, self.log, what)
        if to is None:
            self.say(drawing.dot().rstrip("\n"))
        else:
            self.note(drawing.write(to))

    def do_history(self, arg: str) -> None:
        """history [N|all]  the last firings (default 30) with the facts each retracted
        and asserted."""
        limit = count(arg, LIST_LIMIT, "history")
        trace = self.session.trace
        shown = trace if limit is None else trace[-limit:] if limit else []
        if len(shown) < len(trace):
            self.note(f"{len(trace) - len(shown)} earlier firings not shown (history all)")
        for line in TraceTable(shown, self.log).lines():
            self.say(line)
        if not trace:
            self.note("no rule has fired yet")

    def do_status(self, arg: str) -> None:
        """status  where the session is: stage, firings, strategy, what is watched."""
        r, s = self.runner, self.session
        stages = []
        for i, st in enumerate(r.stages):
            mark = ("done" if i < r.index else "running" if (i == r.index and r.active)
                    else "next" if i == r.index else "")
            stages.append(stage_label(st) + (f" [{mark}]" if mark else ""))
        self.note(self.setup.title or "session")
        self.note(f"engine {s.engine}; stages: {', '.join(stages) or 'none'}")
        self.note(f"{plural(len(s.facts()), 'fact')}, {plural(s.agenda_size(), 'activation')}, "
                  f"{plural(len(s.trace), 'firing')}; strategy {s.strategy}; "
                  f"watching {', '.join(sorted(self.watching)) or 'nothing'}")
