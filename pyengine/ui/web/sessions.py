"""The browser tabs' sessions: one :class:`WebSession` per tab, kept by a
:class:`Store` with a cap on how many, a cap on firings per request, and expiry
of idle ones. Every action goes through the notebook's
:class:`~pyengine.ui.notebook.Inspector` (the shell's verbs on the same session
contract and timeline); nothing here evaluates code sent by the browser.
"""
from __future__ import annotations

import re
import secrets
import threading
import time
from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.session import STRATEGIES
from pyengine.ui.notebook import Inspector, parse_id

# Words a fact sent from the browser may not hold: CLIPS functions that run code,
# touch files or the environment (the browser asserts data, never calls anything).
REFUSED = ("eval", "build", "system", "load", "load*", "bload", "batch", "batch*", "save",
           "bsave", "open", "remove", "rename", "dribble-on", "clear", "exit", "run",
           "reset", "undefrule", "deffunction", "defrule", "python", "exec", "import")
_CALL = re.compile(r"\(\s*([^\s()\"]+)")
MAX_FACT = 1000
# What the page can ask of a session (each one a method ``_VERB`` below).
VERBS = ("step", "run", "stage", "next", "back", "goto", "reset", "strategy", "seed",
         "assert", "retract", "guess")
_WORD = re.compile(r"^[A-Za-z]{1,40}$")


@dataclass(frozen=True)
class Limits:
    sessions: int = 50             # open sessions at once
    firings: int = 5000            # firings one request may make
    idle: float = 30 * 60          # seconds before an idle session expires
    total: int = 200_000           # firings one session may make in all (back replays them)


class WebSession:
    """One tab's session: an Inspector, a lock, and what the last action changed."""

    def __init__(self, sid: str, target: str, factory, limits: Limits, input=None):
        self.id = sid
        self.target = target
        self.limits = limits
        self.ins = Inspector(factory(), input=input)
        self.lock = threading.Lock()
        self.used = time.monotonic()
        self.new: set[int] = set()
        self.gone: list[tuple[int, str]] = []
        self.last: list = []                 # the firings of the last action
        self.message = f"opened {self.ins.setup.title}"
        self.capped = False
        self._slots: dict[str, set[str]] | None = None      # relation -> its slot names

    # -- running ------------------------------------------------------------------------
    def act(self, verb: str, arg=None) -> str:
        """Do one thing the page asked for; the message to show."""
        before = {f.id: f.text for f in self.ins.session.facts()}
        fired = len(self.ins.session.trace)
        self.capped = False
        if verb not in VERBS:
            raise UsageError(f"no such action {verb!r} (actions: {', '.join(VERBS)})")
        message = getattr(self, "_" + verb)(arg)
        self._changes(before, fired)
        self.message = message
        return message

    def _walk(self, n: int | None, until: int | None = None) -> int:
        left = self.limits.total - self.ins.session.fired_total
        if left <= 0:
            raise UsageError(f"this session has made {self.limits.total} firings, the most "
                             "one session may: go back or reset")
        cap = min(self.limits.firings, left)
        limit = cap if n is None else min(n, cap)
        runner = self.ins.runner
        done = runner.walk(limit, until)
        self.capped = done >= cap and (n is None or n > cap)
        return done

    def _step(self, n) -> str:
        n = _count(1 if n is None else n, 1, "step")
        return self._fired(self._walk(n))

    def _run(self, n) -> str:
        return self._fired(self._walk(None if n is None else _count(n, 0, "run")))

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
        extra = f"; stopped at the cap of {self.limits.firings} firings a request" \
            if self.capped else ""
        return f"{n} firing{'s' if n != 1 else ''}{extra}"

    def _back(self, n) -> str:
        return str(self.ins.back(_count(1 if n is None else n, 1, "back")))

    def _goto(self, n) -> str:
        return str(self.ins.goto(_count(n, 1, "goto")))

    def _reset(self, _arg) -> str:
        return str(self.ins.reset())

    def _strategy(self, name) -> str:
        if name not in STRATEGIES:
            raise UsageError(f"strategy: choose from {', '.join(STRATEGIES)}")
        return str(self.ins.strategy(name))

    def _seed(self, n) -> str:
        return str(self.ins.seed(_count(n, 0, "seed")))

    def _assert(self, text) -> str:
        if self._slots is None:
            self._slots = template_slots(self.ins.session.templates())
        fact = self.ins.assert_fact(check_fact(text, self._slots))
        return f"asserted f-{fact.id} {fact.text}"

    def _retract(self, fid) -> str:
        gone = self.ins.retract(parse_id(_id_text(fid)))
        return "retracted " + ", ".join(f"f-{f.id} {f.text}" for f in gone)

    def _guess(self, word) -> str:
        """A Spelling Bee guess: a Guess fact for the play rules, then run them."""
        if not isinstance(word, str) or not _WORD.match(word.strip()):
            raise UsageError("a guess is one word of letters a-z")
        if "judge" not in [s.name for s in self.ins.runner.stages]:
            raise UsageError("guesses are for bee-play sessions")
        if not self.ins.runner.done:
            self._walk(None)
        turn = 1 + max([_turn(t) for t in self.ins.log.texts.values()] + [0])
        self.ins.assert_fact(f"(guess (word {word.strip().lower()}) (turn {turn}))")
        self._walk(None)
        verdicts = [f.text for f in self.ins.session.facts()
                    if f.name == "verdict" and _turn(f.text) == turn]
        return verdicts[0] if verdicts else f"guess {word} asserted"

    def _changes(self, before: dict[int, str], fired: int) -> None:
        after = {f.id: f.text for f in self.ins.session.facts()}
        self.new = {fid for fid, text in after.items() if before.get(fid) != text}
        self.gone = [(fid, text) for fid, text in before.items() if after.get(fid) != text]
        trace = self.ins.session.trace
        self.last = trace[fired:] if len(trace) >= fired else []


def _turn(text: str) -> int:
    m = re.search(r"\(turn (\d+)\)", text)
    return int(m.group(1)) if m and text.startswith(("(guess", "(verdict")) else 0


def _count(n, least: int, what: str) -> int:
    if isinstance(n, str) and n.strip().isdigit():
        n = int(n)
    if isinstance(n, bool) or not isinstance(n, int) or n < least or n > 10**9:
        raise UsageError(f"{what} takes a whole number of at least {least}, not {n!r}")
    return n


def _id_text(fid) -> str:
    if isinstance(fid, bool) or not isinstance(fid, (int, str)):
        raise UsageError(f"not a fact id: {fid!r} (write f-12 or 12)")
    return str(fid)


def check_fact(text, slots: dict[str, set[str]] | None = None) -> str:
    """A fact sent from the page: one parenthesised fact of constant values, its
    ``(slot value)`` groups only the slots its template declares (``slots``:
    relation -> slot names), so nothing in it is a function call."""
    if not isinstance(text, str) or not text.strip():
        raise UsageError("assert what? write a fact, e.g. (number 4)")
    text = text.strip()
    if len(text) > MAX_FACT:
        raise UsageError(f"a fact is at most {MAX_FACT} characters")
    if not text.startswith("(") or not text.endswith(")"):
        raise UsageError("write one fact in parentheses, e.g. (number 4)")
    bare = _strings_out(text)
    heads = [h.lower() for h in _CALL.findall(bare)]
    for word in heads:
        if word in REFUSED:
            raise UsageError(f"refused: {word} runs code; the web inspector asserts facts "
                             "and evaluates no CLIPS or Python sent from the browser")
    if _depth(bare) > 2:
        raise UsageError("a fact holds values or (slot value) groups, not calls")
    if re.search(r"(^|[\s(])\$?\?", bare):
        raise UsageError("a fact holds constant values, not variables (?x)")
    relation, groups = heads[0] if heads else "", heads[1:]
    if groups:
        known = (slots or {}).get(relation)
        if known is None:
            raise UsageError(f"({relation} ...) has no template: its values go bare, "
                             "e.g. (number 4), without (groups)")
        bad = [g for g in groups if g not in {k.lower() for k in known}]
        if bad:
            raise UsageError(f"{relation} has no slot {bad[0]!r} "
                             f"(slots: {', '.join(sorted(known)) or 'none'})")
    return text


def template_slots(definitions: list[str]) -> dict[str, set[str]]:
    """relation -> slot names, read from the session's template definitions (CLIPS's
    ``(deftemplate NAME (slot S) (multislot M))``, experta's ``class Name(Fact)`` with
    ``s = Field(...)`` lines; a class Name is the relation ``name``, RankLevel
    ``rank-level``)."""
    out: dict[str, set[str]] = {}
    for d in definitions:
        m = re.match(r"\s*\(deftemplate\s+(?:[^\s:]+::)?([^\s()]+)", d)
        if m:
            out[m.group(1)] = set(re.findall(r"\((?:multi)?slot\s+([^\s()]+)", d))
            continue
        m = re.match(r"\s*class\s+(\w+)\s*\(", d)
        if m:
            name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", m.group(1)).lower()
            out[name] = set(re.findall(r"^\s+(\w+)\s*=\s*Field\(", d, re.M))
    return out


def _strings_out(text: str) -> str:
    return re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)


def _depth(text: str) -> int:
    depth = most = 0
    for c in text:
        depth += c == "("
        depth -= c == ")"
        most = max(most, depth)
        if depth < 0:
            raise UsageError("unbalanced parentheses")
    if depth:
        raise UsageError("unbalanced parentheses")
    return most


class Store:
    """The open sessions by id: at most ``limits.sessions``, idle ones expire."""

    def __init__(self, limits: Limits | None = None):
        self.limits = limits or Limits()
        self.sessions: dict[str, WebSession] = {}
        self.lock = threading.Lock()

    def open(self, target: str, factory, input: list[str] | None = None) -> WebSession:
        """A new session; ``input``: the lines the rules' reads get (``serve --input``)."""
        self.expire()
        with self.lock:
            if len(self.sessions) >= self.limits.sessions:
                raise Busy(f"all {self.limits.sessions} sessions are in use; "
                           "try again when one expires")
            sid = secrets.token_urlsafe(18)
            self.sessions[sid] = None      # hold the place while it opens
        try:
            ws = WebSession(sid, target, factory, self.limits, input)
        except BaseException:
            with self.lock:
                self.sessions.pop(sid, None)
            raise
        with self.lock:
            self.sessions[sid] = ws
        return ws

    def get(self, sid: str) -> WebSession:
        self.expire()
        ws = self.sessions.get(sid) if isinstance(sid, str) else None
        if ws is None:
            raise LookupError("no such session (it may have expired): reload the page")
        ws.used = time.monotonic()
        return ws

    def close(self, sid: str) -> None:
        with self.lock:
            self.sessions.pop(sid, None)

    def expire(self) -> None:
        now = time.monotonic()
        with self.lock:
            for sid, ws in list(self.sessions.items()):
                if ws is not None and now - ws.used > self.limits.idle:
                    del self.sessions[sid]


class Busy(Exception):
    """No room for another session."""
