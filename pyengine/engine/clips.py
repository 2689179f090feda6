"""Session over CLIPS 6.4 through clipspy.

Firings are recorded from CLIPS's own ``(watch rules)`` and ``(watch facts)``
output, captured on the ``stdout`` router, so the trace is exactly what a CLIPS
user would see at the prompt.

About ``seed``: ``(seed N)`` seeds the C library's ``rand()``, which CLIPS's
random strategy and ``(random)`` use. It is one generator for the whole process
(every Environment shares it) and its sequence differs between C libraries, so
the same seed gives the same puzzle on the same platform and Python build, not
across operating systems. pyengine re-seeds right before each random stage, so
other environments in the same process do not disturb a seeded run.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

import clips

from pyengine.engine.errors import UsageError
from pyengine.engine.session import ActivationView, FactView, Firing, Session

_FIRE = re.compile(r"^FIRE\s+\d+\s+(\S+):\s*(.*)$")
_ACT = re.compile(r"^(==>|<==) Activation\s+(-?\d+)\s+(\S+):\s*(.*)$")
_IDS = re.compile(r"f-(\d+)")

_STRATEGY = {
    "depth": clips.Strategy.DEPTH,
    "breadth": clips.Strategy.BREADTH,
    "random": clips.Strategy.RANDOM,
}


def _ids(text: str) -> tuple[int, ...]:
    return tuple(int(m) for m in _IDS.findall(text))


class _WatchRouter(clips.Router):
    """Everything CLIPS prints on stdout, line by line (watch output becomes the
    trace, anything else is rule output); when the session is quiet, also CLIPS's
    error text on stderr and stdwrn."""

    def __init__(self, session: "ClipsSession"):
        # Below clipspy's error router (40), which reads stderr first to build the
        # CLIPSError message, then hands it down.
        super().__init__(f"pyengine-{id(session)}", 30)
        self.session = session
        self.partial = ""
        self.quiet = False

    def query(self, name: str) -> bool:
        return name == "stdout" or (self.quiet and name in ("stderr", "stdwrn"))

    def write(self, name: str, message: str) -> None:
        if name != "stdout":
            self.session.diagnostics.extend(message.strip().splitlines())
            return
        text = self.partial + message
        *lines, self.partial = text.split("\n")
        for line in lines:
            self.session._on_line(line)


class ClipsSession(Session):
    """A CLIPS environment with the pyengine session contract.

    ``files`` are .clp files loaded in order (rules, deffacts); ``constructs`` are
    extra construct strings built after them.
    """

    engine = "clips"

    def __init__(self, files: Iterable[str | Path] = (), constructs: Iterable[str] = (),
                 record: bool = True, without_rules: Iterable[str] = ()):
        super().__init__()
        self.env = clips.Environment()
        self.files = [Path(f) for f in files]
        for path in self.files:
            self.env.load(str(path))
        for construct in constructs:
            self.env.build(construct)
        for name in without_rules:      # rules of a loaded file this plan does not need
            self.env.find_rule(name).undefine()
        self._router = _WatchRouter(self)
        self.env.add_router(self._router)
        self._current: Firing | None = None
        self._held: list | None = None      # activation events waiting for their fact's
        self.watch("rules", record)

    def _set_watch(self, item: str, on: bool) -> None:
        # Only firings and activations come from CLIPS's watch output; facts are
        # diffed per step, which costs far less than CLIPS printing every multifield
        # through Python.
        self.env.eval(f"({'watch' if on else 'unwatch'} {item})")

    def quiet(self, on: bool = True) -> None:
        self._router.quiet = bool(on)

    # -- watch output -> trace ------------------------------------------------------
    def _on_line(self, line: str) -> None:
        m = _FIRE.match(line)
        if m:
            self.fired_total += 1
            self._current = Firing(self.fired_total, m.group(1), _ids(m.group(2)))
            self._record(self._current)
            self._emit("fire", self._current)
            return
        m = _ACT.match(line)
        if m:
            view = ActivationView(m.group(3), int(m.group(2)), _ids(m.group(4)))
            event = ("activate" if m.group(1) == "==>" else "deactivate", view)
            if self._held is not None:
                self._held.append(event)
            else:
                self._emit(*event)
            return
        self._output(line)

    def _hold(self) -> None:
        """CLIPS prints an activation while the fact that caused it is asserted or
        retracted; hold it until the fact's own event is out (as on experta)."""
        self._held = []

    def _release(self) -> None:
        held, self._held = self._held or [], None
        for event in held:
            self._emit(*event)

    # -- contract ------------------------------------------------------------------
    def reset(self) -> None:
        self._clear_history()
        self.env.reset()
        for f in self.env.facts():
            self._note_outside(f.index)

    def assert_fact(self, fact) -> int:
        text = fact if isinstance(fact, str) else str(fact)
        self._hold()
        try:
            new = self.env.assert_string(text)
        except clips.CLIPSError as exc:
            self._held = None
            reason = (str(exc).splitlines() or ["not a fact"])[0]
            raise UsageError(f"cannot assert {text!r}: {reason}") from None
        self._note_outside(new.index)
        if self.listeners:
            self._emit("assert", FactView(new.index, str(new)))
        self._release()
        return new.index

    def _find(self, fact_id: int):
        for f in self.env.facts():
            if f.index == fact_id:
                return f
        raise UsageError(f"no fact f-{fact_id}")

    def retract(self, fact_id: int) -> None:
        fact = self._find(fact_id)
        text = str(fact)
        self._hold()
        try:
            fact.retract()
            if self.listeners:
                self._emit("retract", FactView(fact_id, text))
        finally:
            self._release()

    def facts(self) -> list[FactView]:
        return [FactView(f.index, str(f)) for f in self.env.facts()]

    def records(self, kind) -> list:
        """Facts of template ``kind``: implied (ordered) facts give their values under
        the key ``"values"``, template facts their slots."""
        out = []
        for f in self.env.facts():
            if f.template.name != kind:
                continue
            if f.template.implied:
                out.append({"values": tuple(f)})
            else:
                out.append(dict(f))
        return out

    def provide(self, **services) -> None:
        self.services.update(services)
        for name, value in services.items():
            if not callable(value):
                raise UsageError(f"CLIPS rules can only be given functions, not {name}")
            self.env.define_function(value, name=name)

    def run(self, limit: int | None = None) -> int:
        if not (self.record or self.listeners):
            fired = self.env.run(limit)
            self.fired_total += fired
            return fired
        # Step one firing at a time and diff the fact base to see what each changed.
        texts = self._texts({f.index: f for f in self.env.facts()})
        fired = 0
        try:
            while limit is None or fired < limit:
                self._current = None
                self._hold()
                if self.env.run(1) == 0:
                    break
                fired += 1
                texts = self._changed(texts)
                self._release()
        finally:
            self._current = None
            self._release()
        return fired

    def _texts(self, facts: dict) -> dict:
        """fact id -> its text (only kept when listeners will be told of a retraction)."""
        return {fid: (str(f) if self.listeners else None) for fid, f in facts.items()}

    def _changed(self, before: dict) -> dict:
        """After one firing: note what it retracted and asserted; the new fact texts."""
        now = {f.index: f for f in self.env.facts()}
        gone = [fid for fid in before if fid not in now]
        new = [fid for fid in now if fid not in before]
        firing = self._current
        if firing is not None:
            firing.retracted = gone
            firing.asserted = new
            for fid in new:
                self.origin[fid] = firing
        if self.listeners:
            for fid in gone:
                self._emit("retract", FactView(fid, before[fid]))
            for fid in new:
                self._emit("assert", FactView(fid, str(now[fid])))
        return self._texts(now)

    def agenda(self) -> list[ActivationView]:
        out = []
        for act in self.env.activations():
            # "10 sum_pair: f-4,f-6,f-5". Read the salience from this text: clipspy's
            # act.salience walks the whole agenda first, which made agenda() quadratic.
            head, _, ids = str(act).partition(":")
            out.append(ActivationView(act.name, int(head.split()[0]), _ids(ids)))
        return out

    def _set_strategy(self, name: str) -> None:
        self.env.strategy = _STRATEGY[name]

    def seed(self, n: int) -> None:
        self._seed = int(n)
        self.env.eval(f"(seed {int(n)})")

    def rules(self) -> list[str]:
        return [r.name for r in self.env.rules()]

    def rule_source(self, name: str) -> str:
        try:
            rule = self.env.find_rule(name)
        except LookupError:
            raise UsageError(f"no rule named {name!r}") from None
        for path in self.files:
            found = defrule_in_file(path, name)
            if found:
                return found
        return _pretty_form(rule)


def _pretty_form(rule) -> str:
    """CLIPS's own pretty-printed form of a rule (as ``(ppdefrule)`` shows it)."""
    try:
        from clips._clips import ffi, lib

        pp = lib.DefrulePPForm(rule._ptr())
        if pp != ffi.NULL:
            return ffi.string(pp).decode().rstrip()
    except (ImportError, AttributeError):
        pass
    return str(rule)


def defrule_in_file(path, name: str) -> str | None:
    """The ``(defrule NAME ...)`` construct in a .clp file, as written, with the
    comment lines just above it; None if the file has no such rule."""
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return None
    m = re.search(r"\(defrule\s+(?:MAIN::)?" + re.escape(name) + r"(?=[\s)])", text)
    if not m:
        return None
    end = _construct_end(text, m.start())
    if end is None:
        return None
    start = text.rfind("\n", 0, m.start()) + 1
    lines = text[:start].splitlines()
    comments: list[str] = []
    while lines and lines[-1].lstrip().startswith(";"):
        comments.insert(0, lines.pop())
    return "\n".join(comments + [text[m.start():end + 1]])


def _construct_end(text: str, i: int) -> int | None:
    """Index of the parenthesis closing the one at ``i`` (strings and comments skipped)."""
    depth, in_str = 0, False
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
                return i
        i += 1
    return None
