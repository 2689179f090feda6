"""The engine as a .clp program's compiled actions see it (:class:`ClipsHost`, the
:class:`pyengine.engine.clp.host.Host` of a program on our engine), the facts it
makes (:class:`ClipsFact`, one class per template or relation) and the bounds of a
salience (CLIPS's words when one is out of them)."""
from __future__ import annotations

import time

from pyengine.engine.clp.expressions import ClpRuntimeError
from pyengine.engine.clp.host import unknown_router
from pyengine.engine.clp.values import FALSE
from pyengine.engine.compat import experta
from pyengine.engine.errors import FiringOutOfTime
from pyengine.engine.interrupt import current_budget
from pyengine.engine.rete.engine import Engine
from pyengine.engine.rete.facts import new_fact
from pyengine.engine.rete.patterns import fields_of


class ClipsFact(experta.Fact):
    """A fact of a CLIPS template or relation (the class carries the name)."""

    _clips_name = "fact"

    def __str__(self) -> str:
        return f"<Fact-{self.get('__factid__', 0)}>"

    __repr__ = __str__


MIN_SALIENCE, MAX_SALIENCE = -10_000, 10_000
SALIENCE_RANGE = (f"[PRNTUTIL9] Salience value out of range {MIN_SALIENCE} to "
                   f"{MAX_SALIENCE}.")


def salience_problem(value) -> str | None:
    """CLIPS's words for a salience that is not an integer in range; None if it is."""
    if type(value) is not int:
        return "[PRNTUTIL10] Salience value must be an integer value."
    return None if MIN_SALIENCE <= value <= MAX_SALIENCE else SALIENCE_RANGE


class ClipsHost:
    """The engine as the program's compiled actions see it (clp.host.Host)."""

    def __init__(self, program):       # the Program (rete.program) it serves
        self.program = program
        self.output = lambda router, text: None
        self.input = lambda: None
        self.warned = lambda text: None

    def said_while_matching(self, text: str) -> None:
        """An error while the engine matched a change (a salience, which keeps its last
        value; a pattern's or a join's test, which then fails): in a firing, or while a
        reset asserts the deffacts, the action (the reset) stops once the change is
        made (:meth:`_made`), as CLIPS's does; at the prompt, the command's result says
        it."""
        self.engine.net.test_errors += 1
        if self.engine.firing is None and not self.engine.resetting:
            self.warn(text)
        else:
            self.engine.said.append(text)

    def _halt_if_said(self) -> None:
        """ClpRuntimeError with the errors said while the last change was matched in a
        firing, if any: the action stops there, as CLIPS's does."""
        said = self.engine.said
        if said:
            text = " ".join(said)
            said.clear()
            error = ClpRuntimeError(text)
            error.rules_halted = True       # CLIPS halts the rules, and warns so
            raise error

    @property
    def engine(self) -> Engine:
        return self.program.engine

    def _fact(self, target):
        if isinstance(target, int):
            fact = self.engine.facts.get(target)
            if fact is None:
                raise ClpRuntimeError(f"Unable to find fact f-{target}.")
            return fact
        target = self.live(target)
        if not isinstance(target, ClipsFact) or \
                self.engine.facts.get(target.get("__factid__")) is not target:
            raise ClpRuntimeError("The fact was retracted: it cannot be changed.")
        return target

    def live(self, fact):
        """The fact a fact address stands for now: in CLIPS 6.4 a ``modify`` changes the
        fact itself, so an address taken before (``?f`` after ``(modify ?f ...)``)
        is the modified fact; ours makes a new version (:meth:`Engine.modify` links
        it), so the address is followed to the version in the list, if one is."""
        if not isinstance(fact, ClipsFact):
            return fact
        facts, version = self.engine.facts, fact
        while version is not None:
            if facts.get(version.get("__factid__")) is version:
                return version
            version = version.__dict__.get("_modified")
        return fact

    def assert_fact(self, template, slots, fields):
        cls = self.program.fact_class(template)
        if slots is not None:
            return self._made(self.engine.assert_fact(new_fact(cls, slots)))
        return self._made(self.engine.assert_fact(new_fact(cls, dict(enumerate(fields)),
                                                           tuple(fields))))

    def retract(self, target) -> None:
        self.engine.retract(self._fact(target))
        self._halt_if_said()

    def retract_all(self) -> None:
        """``(retract *)``: every fact, oldest first (CLIPS's RetractAllFacts); one
        that a retraction before it took along is not there to take."""
        facts = self.engine.facts
        for fid, fact in facts.items():
            if facts.get(fid) is fact:
                self.retract(fact)

    def modify(self, target, changes):
        return self._made(self.engine.modify(self._fact(target), dict(changes)))

    def duplicate(self, target, changes):
        return self._made(self.engine.duplicate(self._fact(target), dict(changes)))

    def _made(self, fact):
        """The fact made, or FALSE (CLIPS's value when a rule's support went: no
        fact); ClpRuntimeError if a salience failed meanwhile."""
        self._halt_if_said()
        return FALSE if fact is None else fact

    def fact_index(self, fact) -> int:
        fact = self.live(fact)
        fid = fact.get("__factid__", -1)
        return fid if self.engine.facts.get(fid) is fact else -1

    def fact_id(self, fact) -> int:
        return fact.get("__factid__", 0)

    def fact_slot(self, fact, slot):
        fact = self._fact(fact) if isinstance(fact, int) else self.live(fact)
        template = self.fact_template(fact)
        if slot is None and template is None:
            return fields_of(fact)
        if template is None or slot not in self.program.templates[template]:
            raise ClpRuntimeError(f"Invalid slot '{slot or 'implied'}' not defined in corresponding "
                                  f"deftemplate '{type(fact)._clips_name}'.", code="TMPLTDEF1")
        return fact[slot]

    def fact_exists(self, fact) -> bool:
        if isinstance(fact, int):
            return fact in self.engine.facts
        return self.fact_index(fact) != -1

    def fact_template(self, fact):
        fact = self._fact(fact) if isinstance(fact, int) else self.live(fact)
        name = type(fact)._clips_name
        return name if name in self.program.templates else None

    def facts_of(self, template):
        if template not in self.program.templates and not self.has_relation(template):
            raise ClpRuntimeError(f"Unable to find deftemplate {template}.")
        return [f for _, f in self.engine.facts.items() if type(f)._clips_name == template]

    def template_slots(self, name):
        return self.program.templates.get(name)

    def template_facets(self, name):
        return self.program.scope.facets.get(name, {})

    def halt(self) -> None:
        self.engine.halt()

    def focus_stack(self):
        return self.engine.agenda.focus

    def has_module(self, name: str) -> bool:
        return name in self.program.modules.names

    def has_relation(self, name: str) -> bool:
        return name in self.program.modules.owner or name in self.program.templates

    def warn(self, text: str) -> None:
        self.warned(text)

    def strategy(self) -> str:
        return self.engine.agenda.strategy

    def set_strategy(self, name: str) -> None:
        self.engine.agenda.resort(strategy=name)

    def seed(self, n: int) -> None:
        self.program.rng.seed(n)

    def fact_relation(self, fact):
        return type(self._fact(fact))._clips_name if self.fact_exists(fact) else None

    def printout(self, router, text) -> None:
        """Standard output (``t``) is the session's output; CLIPS 6.4 writes ``stderr``
        and ``stdwrn`` as it writes its errors (said with them after the firing); any
        other logical name is CLIPS's [ROUTER1] error, and nothing is written."""
        if router in ("t", "stdout"):
            self.output("t", text)
        elif router in ("stderr", "stdwrn"):
            if text.strip():
                self.warn(text.strip())
        else:
            self.warn(unknown_router(router))

    def read_line(self):
        return self.input()

    def random(self) -> int:
        return self.program.rng.rand()

    def poll(self) -> None:
        """A loop inside one firing asks whether it may go on: not once the run's time
        budget and its grace are spent (the web's bound on one request)."""
        budget = current_budget()
        if budget is not None and time.monotonic() > budget.deadline + budget.grace:
            raise FiringOutOfTime(f"a loop inside one firing ran past "
                                  f"{budget.seconds + budget.grace:g} s")
