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
    """Collects everything CLIPS prints on stdout, line by line."""

    def __init__(self, session: "ClipsSession"):
        super().__init__(f"pyengine-{id(session)}", 40)
        self.session = session
        self.partial = ""
        self.output: list[str] = []   # lines that are not watch output (printout)

    def query(self, name: str) -> bool:
        return name == "stdout"

    def write(self, name: str, message: str) -> None:
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
        self.record = record
        self._router = _WatchRouter(self)
        self.env.add_router(self._router)
        self._current: Firing | None = None
        self._set_watch(record)

    def _set_watch(self, on: bool) -> None:
        # Only firings come from CLIPS's watch output; facts are diffed per step,
        # which costs far less than CLIPS printing every multifield through Python.
        self.env.eval(f"({'watch' if on else 'unwatch'} rules)")

    def watch_activations(self, on: bool) -> None:
        self.env.eval(f"({'watch' if on else 'unwatch'} activations)")

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
            self._emit("activate" if m.group(1) == "==>" else "deactivate", view)
            return
        self._router.output.append(line)

    # -- contract ------------------------------------------------------------------
    def reset(self) -> None:
        self._clear_history()
        self.env.reset()
        for f in self.env.facts():
            self._note_outside(f.index)

    def assert_fact(self, fact) -> int:
        text = fact if isinstance(fact, str) else str(fact)
        try:
            new = self.env.assert_string(text)
        except clips.CLIPSError as exc:
            raise UsageError(f"cannot assert {text!r}: {str(exc).splitlines()[0]}") from None
        self._note_outside(new.index)
        if self.listeners:
            self._emit("assert", FactView(new.index, str(new)))
        return new.index

    def _find(self, fact_id: int):
        for f in self.env.facts():
            if f.index == fact_id:
                return f
        raise UsageError(f"no fact f-{fact_id}")

    def retract(self, fact_id: int) -> None:
        fact = self._find(fact_id)
        text = str(fact)
        fact.retract()
        if self.listeners:
            self._emit("retract", FactView(fact_id, text))

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
        env = self.env
        texts = {f.index: (str(f) if self.listeners else None) for f in env.facts()}
        fired = 0
        try:
            while limit is None or fired < limit:
                self._current = None
                if env.run(1) == 0:
                    break
                fired += 1
                firing = self._current
                now = {f.index: f for f in env.facts()}
                gone = [fid for fid in texts if fid not in now]
                new = [fid for fid in now if fid not in texts]
                if firing is not None:
                    firing.retracted = gone
                    firing.asserted = new
                    for fid in new:
                        self.origin[fid] = firing
                if self.listeners:
                    for fid in gone:
                        self._emit("retract", FactView(fid, texts[fid]))
                    for fid in new:
                        self._emit("assert", FactView(fid, str(now[fid])))
                texts = {fid: (str(f) if self.listeners else None) for fid, f in now.items()}
        finally:
            self._current = None
        return fired

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
            return str(self.env.find_rule(name))
        except LookupError:
            raise UsageError(f"no rule named {name!r}") from None

    @property
    def printed(self) -> list[str]:
        """Lines the rules printed (printout t ...), watch output excluded."""
        return list(self._router.output)
