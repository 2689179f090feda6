"""One browser tab's session, inside its worker process: the notebook's
:class:`~pyengine.ui.notebook.Inspector` (the shell's verbs on the same session
contract, stage runner and timeline), the verbs the page may use (the command table's
web verbs, :func:`~pyengine.ui.command_table.web_verbs`, whose arguments the table
checks against their kind and range), and what the last one changed. A fact from the
page is read by our CLIPS reader into constant values (never passed to an engine as
typed) and checked by the puzzle's own limits. A fact the action declares
for submitting (``Action.submit``: a relation and slots) is built from values its
declaration checks, and then goes the same way; so does a fact as ``modify`` would
change it. ``back`` goes back over a fact changed by hand as over a firing
(``undoes_changes``). Every action is written to the session's transcript
(:mod:`.transcript`) as it ends.
"""
from __future__ import annotations

from pyengine.engine.clips_values import FactSpec, read_fact
from pyengine.engine.errors import UsageError
from pyengine.engine.trace import change_line
from pyengine.engine.wording import plural
from pyengine.ui.command_table import web_message, web_result
from pyengine.ui.notebook import Inspector
from pyengine.ui.queries import user_fact
from pyengine.ui.web.limits import Limits
from pyengine.ui.web.transcript import Transcript

MAX_FACT = 1000           # characters of a fact sent from the page


def _of_inspector(name: str) -> property:
    """An attribute of the tab's Inspector, read as the web session's own (what the
    command table's answers ask of a front end, pyengine.ui.commands)."""
    return property(lambda self: getattr(self.ins, name))


class WebSession:
    """One tab's session: an Inspector, and what the last action changed; the front end
    the command table's web verbs run on (firing capped per request and per session)."""

    session, runner, log, setup, timeline, reopen, reloaded, watching = map(
        _of_inspector, ("session", "runner", "log", "setup", "timeline", "reopen", "reloaded",
                        "watching"))
    seed_given = None
    undoes_changes = True                    # back undoes a fact changed by hand too
    program = None                           # a program from the page: its name, engine

    def __init__(self, sid: str, target: str, factory, limits: Limits, input=None,
                 action=None):
        self.id = sid
        self.target = target
        self.action = action                 # the declaration (None: a rule file)
        self.limits = limits
        self.ins = Inspector(factory(), input=input)
        self.new: set[int] = set()
        self.gone: list[tuple[int, str]] = []
        self.last: list = []                 # the firings of the last action
        self.message = "; ".join([f"opened {self.ins.setup.title}", *self.ins.session.notes])
        self.capped = False
        self.asserted = 0                    # facts asserted from the page
        self.transcript = Transcript(self.ins.setup.title if self.ins.setup else target)

    # -- running ------------------------------------------------------------------------
    def act(self, verb: str, arg=None) -> str:
        """Do one thing the page asked for (a web verb of the command table, with its one
        value); the message to show."""
        before = {f.id: f.text for f in self.ins.session.facts()}
        fired = len(self.ins.session.trace)
        self.capped = False
        result = error = None
        try:
            result = web_result(self, verb, arg)
            self.message = web_message(result)
        except BaseException as exc:
            error = exc
            raise
        finally:
            self._changes(before, fired)
            told = self._told() if error is not None and not self.last else []
            self.transcript.action(verb, arg, self.last, self.ins.log, result, error, told)
        return self.message

    def _told(self) -> list[str]:
        """The facts an action refused part way changed (asserted before a bad one)."""
        now = {f.id: f.text for f in self.ins.session.facts() if f.id in self.new}
        return ([change_line("<==", fid, text) for fid, text in self.gone]
                + [change_line("==>", fid, now[fid]) for fid in sorted(now)])

    def _walk(self, n: int | None, until: int | None = None) -> int:
        left = self.limits.total - self.ins.session.fired_total
        if left <= 0:
            raise UsageError(f"this session has made {self.limits.total:,} firings, the most "
                             "one session may: go back or reset")
        cap = min(self.limits.firings, left)
        limit = cap if n is None else min(n, cap)
        done = self.ins.runner.walk(limit, until)
        self.capped = done >= cap and (n is None or n > cap)
        return done

    def fire(self, n: int | None, until: int | None = None, each: bool = False) -> str:
        """Fire ``n`` rules (None: to the end of the plan, or of stage ``until``) within
        the caps; how many fired, as the page's message."""
        said = self._fired(self._walk(n, until))
        return said if until is None else f"{said} (stage {self.runner.stages[until].name})"

    def next_stage(self) -> str:
        """To the first firing of the next stage."""
        runner = self.ins.runner
        if runner.done:
            raise UsageError("no stage left to run")
        fired = self._walk(None, until=runner.index) if runner.active else 0
        if not runner.done and not self.capped:
            fired += self._walk(1)
        return self._fired(fired)

    def _fired(self, n: int) -> str:
        extra = f"; stopped at the cap of {plural(self.limits.firings, 'firing')} a request" \
            if self.capped else ""
        return f"{plural(n, 'firing')}{extra}"

    def moved(self, plan) -> None:
        self.ins.moved(plan)

    def reopened(self, plan, factory) -> None:
        """After a reset: the session's share of facts from the page starts afresh."""
        self.ins.reopened(plan, factory)
        self.asserted = 0

    def user_fact(self, fact) -> FactSpec:
        """A fact from the page: text read by our reader, or a fact already built (a
        declared fact, a fact as modify would change it), at most MAX_FACT characters;
        checked by the puzzle's limits and counted against the session's share."""
        if self.asserted >= self.limits.user_facts:
            most = plural(self.limits.user_facts, "fact")
            raise UsageError(f"this session has asserted or modified {most} from "
                             "the page, the most one session may: reset to start again")
        spec = _bounded(fact) if isinstance(fact, FactSpec) \
            else read_fact(fact, max_chars=MAX_FACT)
        spec = user_fact(spec, self.ins.setup, self.ins.session)
        self.asserted += 1
        return spec

    def _user_fact(self, spec):
        """Assert a fact from the page (counted against the session's share)."""
        return self.ins.assert_fact(self.user_fact(spec))

    def submit(self, arg) -> str:
        """A fact the action declares (``{"relation": R, "slots": {SLOT: VALUE}}``): built
        from values its declaration checks, asserted as any fact from the page once the
        stage plan has run, then the rules that stay open answer it on the run after."""
        declared = {s.relation: s for s in (self.action.submit if self.action else ())}
        if not declared:
            raise UsageError("this session takes no submitted facts (assert one instead)")
        if not isinstance(arg, dict) or not set(arg) <= {"relation", "slots"}:
            raise UsageError('submit: {"relation": NAME, "slots": {SLOT: VALUE, ...}}')
        relation = arg.get("relation", next(iter(declared)) if len(declared) == 1 else None)
        if not isinstance(relation, str) or relation not in declared:
            raise UsageError(f"submit: {str(relation)[:40]!r} is not a fact to submit here "
                             f"(choose from {', '.join(declared)})")
        submit = declared[relation]
        spec = _bounded(submit.fact({} if arg.get("slots") is None else arg["slots"],
                                    self.ins.session))
        if not self.ins.runner.done:
            self._walk(None)
        before = {f.id for f in self.ins.session.facts()}
        fact = self._user_fact(spec)
        fired = self._walk(None)
        answers = [f.text for f in self.ins.session.facts()
                   if f.name == submit.answer and f.id not in before]
        return "; ".join(answers) or f"submitted f-{fact.id} {fact.text}; {self._fired(fired)}"

    def _changes(self, before: dict[int, str], fired: int) -> None:
        after = {f.id: f.text for f in self.ins.session.facts()}
        self.new = {fid for fid, text in after.items() if before.get(fid) != text}
        self.gone = [(fid, text) for fid, text in before.items() if after.get(fid) != text]
        trace = self.ins.session.trace
        self.last = trace[fired:] if len(trace) >= fired else []


def _bounded(spec: FactSpec) -> FactSpec:
    """A fact built from the page's values, at most MAX_FACT characters as text."""
    if len(spec.text()) > MAX_FACT:
        raise UsageError(f"a fact is at most {MAX_FACT:,} characters")
    return spec
