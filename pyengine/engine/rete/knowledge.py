"""A student's ``KnowledgeEngine`` run on our engine, through experta's own seams.

experta lets an engine class choose its matcher (``__matcher__``, a subclass of
``experta.abstract.Matcher``). :func:`on_our_engine` makes a subclass of the
student's class whose matcher is :class:`OurMatcher` (it builds our network from
the class's rules) and whose fact-changing methods (``declare``, ``retract``,
``modify``, ``duplicate``, ``halt``, ``reset``, ``run``) go to that engine. Nothing
of experta is changed: a plain ``KnowledgeEngine`` elsewhere in the process still
runs on experta's own matcher (tests/engines/test_plain_experta.py).

Differences from experta that a student may notice, all of them CLIPS's behaviour:
``modify`` keeps the fact's id; ``declare`` of a fact equal to one in the list gives
back the fact already there (experta gives None); there is no ``(initial-fact)``.
"""
from __future__ import annotations

import inspect
from collections.abc import Mapping

from pyengine.engine.compat import experta
from pyengine.engine.errors import UsageError
from pyengine.engine.rete.engine import Engine
from pyengine.engine.rete.from_experta import class_members, rule_specs
from pyengine.engine.rete.watchers import ExpertaWatch

from experta.abstract import Matcher  # noqa: E402


class OurMatcher(Matcher):
    """experta's matcher seam: our engine, built from the engine class's rules."""

    def __init__(self, ke):
        super().__init__(ke)
        self.rete = Engine(strict=False)
        self.rete.owner = ke
        self.rete.listener = ExpertaWatch()     # a session puts itself in its place
        for spec in rule_specs(_student_class(type(ke))):
            try:
                self.rete.add_rule(spec)
            except (ValueError, TypeError) as exc:      # named: a class may hold many
                raise UsageError(f"rule {spec.name}: {exc}") from None
        self.rete.initial = [lambda engine: [engine.assert_fact(f) for f in _deffacts(ke)]]

    def changes(self, adding=None, deleting=None):
        return [], []               # ours matches each change as it is made

    def reset(self):
        pass


class FactsView(Mapping):
    """``self.facts`` in a rule: id -> fact, in id order (read only)."""

    def __init__(self, facts):
        self._facts = facts

    def __getitem__(self, fid):
        return self._facts.by_id[fid]

    def __iter__(self):
        return iter(sorted(self._facts.by_id))

    def __len__(self):
        return len(self._facts.by_id)

    def __contains__(self, fid):
        return fid in self._facts.by_id

    @property
    def last_index(self) -> int:
        return self._facts.next_id


class OurKnowledgeEngine:
    """Put first in a student's engine class's bases (see :func:`on_our_engine`)."""

    __matcher__ = OurMatcher

    @property
    def rete(self) -> Engine:
        return self.matcher.rete

    @property
    def facts(self):
        return FactsView(self.matcher.rete.facts)

    @facts.setter
    def facts(self, value):         # experta's __init__ sets its own list: not used
        pass

    def declare(self, *facts):
        if self.rete.builder.root.token is None:    # before any reset: experta warns
            experta.watchers.ENGINE.warning("Declaring fact before reset()")
            self._prime()                           # and matches it all the same
        last = None
        for fact in facts:
            if not isinstance(fact, experta.Fact):
                raise ValueError("The fact must descend the Fact class.")
            if fact.has_field_constraints():
                raise TypeError("Declared facts cannot contain conditional elements")
            if fact.has_nested_accessor():
                raise KeyError("Cannot declare facts containing double underscores as keys.")
            fact.validate()
            if fact.__factid__ is not None:     # declared before: a fresh copy
                fact = fact.copy()
            last = self.rete.assert_fact(fact)
        return last

    def _prime(self) -> None:
        """The network ready to match, as a reset makes it, without the DefFacts."""
        initial, self.rete.initial = self.rete.initial, []
        try:
            self.rete.reset(initial_fact=False)     # no InitialFact yet, as in experta
        finally:
            self.rete.initial = initial

    def _live(self, idx_or_fact):
        fid = idx_or_fact if isinstance(idx_or_fact, int) else idx_or_fact["__factid__"]
        fact = self.rete.facts.get(fid)
        if fact is None:
            raise IndexError("Fact not found.")
        return fact

    def retract(self, idx_or_fact):
        fact = self._live(idx_or_fact)
        self.rete.retract(fact)
        return fact["__factid__"]

    def modify(self, declared_fact, **modifiers):
        fact = self._live(declared_fact)
        return self.rete.modify(fact, self._changes(fact, modifiers))

    def duplicate(self, template_fact, **modifiers):
        return self.rete.duplicate(template_fact, self._changes(template_fact, modifiers))

    def _changes(self, fact, modifiers: dict) -> dict:
        """``modify``'s keywords (``_0`` for field 0) as new values, frozen as experta
        freezes a fact's values."""
        probe = type(fact)()
        probe.update(dict(self._get_real_modifiers(**modifiers)))
        changes = dict(dict.items(probe))
        if type(fact).__fields__:           # checked against its Fields, as experta's
            whole = type(fact)()            # modify and duplicate check the new fact
            whole.update({k: v for k, v in dict.items(fact) if not fact.is_special(k)})
            whole.update(changes)
            whole.validate()
        return changes

    def halt(self):
        self.rete.halt()
        self.running = False

    def reset(self, **kwargs):
        self._deffacts_kwargs = kwargs
        self.rete.reset()

    def run(self, steps=float("inf")):
        if self.rete.firing is not None:        # self.run() in a rule: CLIPS's (run) in
            return                              # an action does nothing either
        self.running = True
        self._watch_fired = 0                   # experta numbers a run's firings from 1
        try:
            self.rete.run(None if steps == float("inf") else int(steps))
        finally:
            self.running = False

    @property
    def agenda(self):
        """experta's ``Agenda`` of the activations waiting now, made from ours when
        asked (the next to fire last, as experta keeps it); changing it changes
        nothing."""
        agenda = experta.agenda.Agenda()
        for act in reversed(self.rete.agenda.activations()):
            facts = [f for f in act.facts() if f is not None]
            agenda.activations.append(experta.activation.Activation(
                act.rule.origin, facts, act.variables()))
        return agenda

    @agenda.setter
    def agenda(self, value):        # experta's __init__ sets its own: not used
        pass

    def get_activations(self):
        return [], []


def _student_class(cls):
    """The class the student wrote (ours is the subclass made for it)."""
    return cls.__dict__.get("_pyengine_student", cls)


def on_our_engine(engine_class):
    """The student's engine class, run on our engine (made once per class)."""
    if issubclass(engine_class, OurKnowledgeEngine):
        return engine_class
    made = engine_class.__dict__.get("_pyengine_ours")
    if made is None:
        made = type(engine_class.__name__, (OurKnowledgeEngine, engine_class),
                    {"_pyengine_student": engine_class, "__module__": engine_class.__module__,
                     "__qualname__": engine_class.__qualname__})
        setattr(engine_class, "_pyengine_ours", made)
    return made


def _deffacts(ke) -> list:
    """The facts of the class's DefFacts, in experta's order (by ``order``, then by
    name; experta's own initial-fact left out), each a fresh copy; each given the
    keyword arguments of ``reset`` it names (all of them if it takes ``**kwargs``)."""
    InitialFact = experta.fact.InitialFact
    members = class_members(type(ke), experta.DefFacts)
    found = [members[name] for name in sorted(members)]     # by name, as experta's
    found.sort(key=lambda d: d.order)                       # getmembers, then by order
    kwargs = getattr(ke, "_deffacts_kwargs", {})
    out = []
    for d in found:
        params = inspect.signature(d._wrapped).parameters
        takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
        wanted = kwargs if takes_all else {k: v for k, v in kwargs.items() if k in params}
        for fact in d._wrapped(ke, **wanted):
            if not isinstance(fact, InitialFact):
                if type(fact).__fields__:   # its Fields, as experta's reset checks them
                    fact.validate()
                out.append(fact.copy())
    return out
