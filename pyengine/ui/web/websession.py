"""One browser tab's session, inside its worker process: the notebook's
:class:`~pyengine.ui.notebook.Inspector` (the shell's verbs on the same session
contract, stage runner and timeline), the verbs the page may use, and what the last
one changed. Every argument is checked here against its kind and range; a fact
from the page is read by our CLIPS reader into constant values (never passed to an
engine as typed) and checked by the puzzle's own limits. A fact the action declares
for submitting (``Action.submit``: a relation and slots) is built from values its
declaration checks, and then goes the same way.
"""
from __future__ import annotations

from pyengine.engine.clips_values import read_fact
from pyengine.engine.errors import UsageError
from pyengine.engine.session import STRATEGIES, check_seed
from pyengine.engine.wording import plural
from pyengine.puzzles.util import check_whole
from pyengine.ui.notebook import Inspector, parse_id
from pyengine.ui.web.limits import Limits

MAX_FACT = 1000           # characters of a fact sent from the page
# What the page can ask of a session (each one a method ``_VERB`` below).
VERBS = ("step", "run", "stage", "next", "back", "goto", "reset", "strategy", "seed",
         "assert", "retract", "submit")


class WebSession:
    """One tab's session: an Inspector, and what the last action changed."""

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
        self.message = f"opened {self.ins.setup.title}"
        self.capped = False
        self.asserted = 0                    # facts asserted from the page

    # -- running ------------------------------------------------------------------------
    def act(self, verb: str, arg=None) -> str:
        """Do one thing the page asked for; the message to show."""
        if verb not in VERBS:
            raise UsageError(f"no such action {verb!r} (actions: {', '.join(VERBS)})")
        before = {f.id: f.text for f in self.ins.session.facts()}
        fired = len(self.ins.session.trace)
        self.capped = False
        try:
            self.message = getattr(self, "_" + verb)(arg)
        finally:
            self._changes(before, fired)
        return self.message

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

    def _step(self, n) -> str:
        return self._fired(self._walk(_whole(1 if n is None else n, "step", 1)))

    def _run(self, n) -> str:
        return self._fired(self._walk(None if n is None else _whole(n, "run", 0)))

    def _stage(self, _arg) -> str:
        runner = self.ins.runner
        if runner.done:
            raise UsageError("no stage left to run")
        name = runner.current.name
        return self._fired(self._walk(None, until=runner.index)) + f" (stage {name})"

    def _next(self, _arg) -> str:
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

    def _back(self, n) -> str:
        return str(self.ins.back(_whole(1 if n is None else n, "back", 1)))

    def _goto(self, n) -> str:
        return str(self.ins.goto(_whole(n, "goto", 1)))

    def _reset(self, _arg) -> str:
        return str(self.ins.reset())

    def _strategy(self, name) -> str:
        if name not in STRATEGIES:
            raise UsageError(f"strategy: choose from {', '.join(STRATEGIES)}")
        return str(self.ins.strategy(name))

    def _seed(self, n) -> str:
        return str(self.ins.seed(check_seed(_number(n), "seed")))

    def _assert(self, text) -> str:
        fact = self._user_fact(read_fact(text, max_chars=MAX_FACT))
        return f"asserted f-{fact.id} {fact.text}"

    def _user_fact(self, spec):
        """Assert a fact from the page (counted against the session's share)."""
        if self.asserted >= self.limits.user_facts:
            most = plural(self.limits.user_facts, "fact")
            raise UsageError(f"this session has asserted {most} from "
                             "the page, the most one session may: reset to start again")
        fact = self.ins.assert_fact(spec)
        self.asserted += 1
        return fact

    def _retract(self, fid) -> str:
        if isinstance(fid, bool) or not isinstance(fid, (int, str)):
            raise UsageError(f"not a fact id: {fid!r} (write f-12 or 12)")
        gone = self.ins.retract(parse_id(str(fid)[:40]))
        return "retracted " + ", ".join(f"f-{f.id} {f.text}" for f in gone)

    def _submit(self, arg) -> str:
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
        spec = submit.fact({} if arg.get("slots") is None else arg["slots"], self.ins.session)
        if len(spec.text()) > MAX_FACT:
            raise UsageError(f"a fact is at most {MAX_FACT:,} characters")
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


def _number(n):
    """A JSON number, or a string of ASCII digits, as an int; anything else as it is
    (for the check that follows to refuse)."""
    if isinstance(n, str) and n.strip().isascii() and n.strip().isdigit() \
            and len(n.strip()) <= 20:
        return int(n.strip())
    return n


def _whole(n, what: str, least: int) -> int:
    return check_whole(_number(n), what, least, 10**9)
