"""What CLIPS actions ask of the engine: the :class:`Host` protocol, and
:class:`ScratchHost`, a small in-memory host for tests and for trying code out.

Compiled actions never touch the fact base, the agenda or the terminal themselves:
``(assert ...)``, ``(printout ...)``, ``(read)``... call the host found in the frame
(``frame.host``). The engine implements :class:`Host` over its Rete network; tests use
:class:`ScratchHost`, which keeps facts in a list and output in another.

Values crossing the protocol are :mod:`pyengine.engine.clp.values` values. A fact is
any object the host chooses (its ``str`` is how ``printout`` shows it, ``<Fact-3>``
in CLIPS). Where CLIPS accepts "a fact address or a fact index" the host gets
whichever the program gave, and resolves an index itself.

Behaviours of CLIPS 6.4 (checked with clipspy) a host should keep:

* asserting a fact equal to one already there asserts nothing and returns the
  *existing* fact (not FALSE); facts are equal when relation and values are the same
  CLIPS values (``1`` and ``1.0`` differ: see :func:`~.values.key`);
* ``modify`` keeps the fact's index (the fact changes in place), unless the result
  equals another fact: then the modified fact is retracted and the other returned;
* a fact that is not there (an index no fact has, a fact retracted) is the actions'
  to check (:func:`~pyengine.engine.clp.functions_facts.fact_gone`): CLIPS says so
  and goes on for ``retract`` of an index, ``modify``, ``duplicate`` (FALSE),
  ``fact-index`` (-1) and ``fact-slot-value`` of an index (FALSE); retracting a fact
  retracted already does nothing; the host may assume the fact is there;
* another error (unknown slot) raises
  :class:`~pyengine.engine.clp.expressions.ClpRuntimeError`.
"""
from __future__ import annotations

from typing import Protocol

from pyengine.engine.clp.expressions import ClpRuntimeError
from pyengine.engine.rete.crand import CRand
from pyengine.engine.rete.focus import FocusStack
from pyengine.engine.clp.values import key, write_text


#: The logical names CLIPS 6.4 knows with no file open: standard output (``t``,
#: ``stdout``) and its error and warning outputs.
ROUTERS = frozenset({"t", "stdout", "stderr", "stdwrn"})


def unknown_router(name: str) -> str:
    """CLIPS's words for a logical name no router knows."""
    return f"[ROUTER1] Logical name '{name}' was not recognized by any routers."


class Host(Protocol):
    """The engine as compiled actions see it."""

    def assert_fact(self, template: str, slots: dict | None, fields: tuple | None) -> object:
        """Assert a fact. A template fact gets ``slots`` (every slot of the template:
        a value, or a tuple for a multislot; ``fields`` None); an ordered fact gets
        ``fields`` (``slots`` None). Returns the new fact, or the existing one for a
        duplicate."""

    def retract(self, target: object) -> None:
        """Retract a fact given as a fact or as its integer index."""

    def modify(self, target: object, changes: dict) -> object:
        """Change slots of a template fact (``changes``: slot -> value, checked
        against the template already) and return the fact."""

    def duplicate(self, target: object, changes: dict) -> object:
        """Assert a copy of a template fact with ``changes``; return the new fact."""

    def fact_index(self, fact: object) -> int:
        """The fact's index (``f-3`` is 3), -1 if it was retracted."""

    def fact_id(self, fact: object) -> int:
        """The index the fact was given, retracted or not (for saying which)."""

    def fact_slot(self, fact: object, slot: str | None) -> object:
        """A slot's value; ``slot`` None: an ordered fact's fields, as a tuple."""

    def fact_exists(self, fact: object) -> bool:
        """Is the fact (or the fact of this index) in the fact base?"""

    def fact_template(self, fact: object) -> str | None:
        """The name of the fact's template, or None for an ordered fact."""

    def facts_of(self, template: str) -> list:
        """The facts of a deftemplate, in the order they were asserted (a query's);
        ClpRuntimeError for a name that is no deftemplate."""

    def template_slots(self, name: str) -> dict | None:
        """A template's slots, name -> (multislot, default), or None for a relation
        that is not a deftemplate (ordered facts)."""

    def template_facets(self, name: str) -> dict:
        """A deftemplate's slots' constraints as written: slot -> facet -> values."""

    def halt(self) -> None:
        """Stop the run once the current firing's actions are done."""

    def focus_stack(self) -> FocusStack:
        """The focus stack itself, its top last, with the current module (``focus``,
        ``pop-focus`` and ``set-current-module`` change it)."""

    def has_module(self, name: str) -> bool:
        """Is there a defmodule of this name?"""

    def has_relation(self, name: str) -> bool:
        """Has the program a template of this name (a deftemplate, or the implied one
        of ordered facts, made by a fact or a pattern)?"""

    def warn(self, text: str) -> None:
        """CLIPS's error text for an error after which the action goes on (a fact or a
        module not found): the session says it after the run, as CLIPS prints it."""

    def strategy(self) -> str:
        """The conflict-resolution strategy in force."""

    def set_strategy(self, name: str) -> None:
        """Make ``name`` (one of CLIPS's seven) the strategy: the agenda sorted again."""

    def seed(self, n: int) -> None:
        """Seed the generator ``(random)`` draws from."""

    def fact_relation(self, fact: object) -> str | None:
        """The relation of the fact (or the fact of this index): its template's name,
        an ordered fact's first symbol; None for no such fact."""

    def printout(self, router: str, text: str) -> None:
        """Write text already formatted; router ``t`` is standard output."""

    def read_line(self) -> str | None:
        """The next line of input without its newline, or None at the end."""

    def random(self) -> int:
        """A random non-negative integer, from the host's seeded generator."""


class ScratchFact:
    """A fact of :class:`ScratchHost`."""

    __slots__ = ("fields", "index", "live", "slots", "template")

    def __init__(self, index: int, template: str, slots: dict | None,
                 fields: tuple | None) -> None:
        self.index, self.template, self.slots, self.fields = index, template, slots, fields
        self.live = True

    def __str__(self) -> str:
        return f"<Fact-{self.index}>"

    def __repr__(self) -> str:
        return f"f-{self.index} {self.text()}"

    def identity(self) -> tuple:
        """What makes two facts the same fact (the relation and the values)."""
        if self.slots is None:
            return (self.template, key(self.fields))
        return (self.template, tuple((s, key(v)) for s, v in self.slots.items()))

    def text(self) -> str:
        """The fact as CLIPS's ``(facts)`` writes it."""
        if self.slots is None:
            fields = self.fields or ()
            return "(" + " ".join([self.template] + [write_text(v) for v in fields]) + ")"
        groups = []
        for slot, value in self.slots.items():
            values = value if type(value) is tuple else (value,)
            groups.append("(" + " ".join([slot] + [write_text(v) for v in values]) + ")")
        return "(" + " ".join([self.template] + groups) + ")"


class ScratchHost:
    """An in-memory :class:`Host`: facts in a list, printed text in ``output`` (as
    (router, text) pairs), input from ``lines``, ``(random)`` from ``seed``."""

    def __init__(self, lines=(), seed: int = 1, templates: dict | None = None) -> None:
        self.all_facts: list[ScratchFact] = []
        self.templates = templates if templates is not None else {}
        self.output: list[tuple[str, str]] = []
        self.lines = list(lines)
        self.halted = False
        self.focused = FocusStack()          # the focus stack, its top last
        self.modules = {"MAIN"}
        self.warnings: list[str] = []
        self._random = CRand(seed)
        self._strategy = "depth"
        self._identities: dict[tuple, ScratchFact] = {}

    # -- reading the state -------------------------------------------------------------------
    def printed(self, router: str = "t") -> str:
        """Everything printed to ``router``."""
        return "".join(text for name, text in self.output if name == router)

    @property
    def facts(self) -> list[ScratchFact]:
        """The facts in the fact base, by index."""
        return [f for f in self.all_facts if f.live]

    def _resolve(self, target: object) -> ScratchFact:
        if type(target) is int:
            if 1 <= target <= len(self.all_facts) and self.all_facts[target - 1].live:
                return self.all_facts[target - 1]
            raise ClpRuntimeError(f"Unable to find fact f-{target}.")
        if not isinstance(target, ScratchFact):
            raise ClpRuntimeError(f"{target!r} is not a fact.")
        if not target.live:
            raise ClpRuntimeError(f"The fact f-{target.index} has been retracted.")
        return target

    # -- the protocol ------------------------------------------------------------------------
    def assert_fact(self, template, slots, fields):
        fact = ScratchFact(len(self.all_facts) + 1, template, slots, fields)
        existing = self._identities.get(fact.identity())
        if existing is not None:
            return existing
        self.all_facts.append(fact)
        self._identities[fact.identity()] = fact
        return fact

    def retract(self, target):
        fact = self._resolve(target)
        fact.live = False
        del self._identities[fact.identity()]

    def modify(self, target, changes):
        fact = self._resolve(target)
        del self._identities[fact.identity()]
        fact.slots = {**fact.slots, **changes}
        existing = self._identities.get(fact.identity())
        if existing is not None:
            fact.live = False
            return existing
        self._identities[fact.identity()] = fact
        return fact

    def duplicate(self, target, changes):
        fact = self._resolve(target)
        return self.assert_fact(fact.template, {**fact.slots, **changes}, None)

    def fact_index(self, fact):
        return fact.index if fact.live else -1

    def fact_id(self, fact):
        return fact.index

    def fact_slot(self, fact, slot):
        fact = self._resolve(fact)
        if slot is None and fact.slots is None:
            return fact.fields
        if fact.slots is None or slot not in fact.slots:
            raise ClpRuntimeError(f"Invalid slot '{slot or 'implied'}' not defined in "
                                  f"corresponding deftemplate '{fact.template}'.",
                                  code="TMPLTDEF1")
        return fact.slots[slot]

    def fact_exists(self, fact):
        if type(fact) is int:
            return 1 <= fact <= len(self.all_facts) and self.all_facts[fact - 1].live
        return isinstance(fact, ScratchFact) and fact.live

    def fact_template(self, fact):
        fact = self._resolve(fact)
        return None if fact.slots is None else fact.template

    def facts_of(self, template):
        if template not in self.templates:
            raise ClpRuntimeError(f"Unable to find deftemplate {template}.")
        return [f for f in self.facts if f.template == template and f.slots is not None]

    def template_slots(self, name):
        return self.templates.get(name)

    def template_facets(self, name):
        return {}

    def halt(self):
        self.halted = True

    def focus_stack(self):
        return self.focused

    def has_module(self, name):
        return name in self.modules

    def has_relation(self, name):
        return name in self.templates or any(f.template == name for f in self.all_facts)

    def warn(self, text):
        self.warnings.append(text)

    def strategy(self):
        return self._strategy

    def set_strategy(self, name):
        self._strategy = name

    def seed(self, n):
        self._random.seed(n)

    def fact_relation(self, fact):
        if not self.fact_exists(fact):
            return None
        return self._resolve(fact).template

    def printout(self, router, text):
        self.output.append((router, text))

    def read_line(self):
        return self.lines.pop(0) if self.lines else None

    def random(self):
        return self._random.rand()
