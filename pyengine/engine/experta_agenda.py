"""experta's agenda as CLIPS 6.4 orders it: time tags, strategies, fact identity.

CLIPS gives every fact a *time tag* when it is asserted (and a new one when it is
modified, keeping its index), and every activation a time tag when it is created.
The strategies order the activations of one salience by those tags:

* depth: newest activation first; breadth: oldest first;
* lex: the activations' fact time tags, each sorted newest first, compared
  lexicographically (the more recent wins, a longer list wins a tie), then the
  rule's specificity (higher first), then the older activation;
* mea: the time tag of the fact matching the first pattern first, then as lex;
* simplicity / complexity: lower / higher specificity first, then the older;
* random: a hash of (seed, rule, fact ids), reproducible by seed.

experta reports the activations of a batch of changes as one set. CLIPS creates
them one assertion at a time: the fact enters the joins its patterns feed, the
newest join first (rules that begin with the same patterns share their joins; a
join is as old as the first rule that made it), in a rule the later pattern first;
there the partial matches before it come newest first, each going on to the next
joins (the newest child join first) and the facts after it oldest first. A
retraction frees the partial matches a NOT blocked in CLIPS's block-list order.
:func:`creation_key` sorts a batch that way, so depth and breadth match CLIPS's
activation time tags. The one known exception: one fact reaching several rules
through *different* alpha paths (different constant tests on one template); CLIPS
orders those by its pattern network's layout, here the joins' order decides
(tests/conformance keeps such cases as expected failures: 2 of 1000 random programs).
"""
from __future__ import annotations

import hashlib
import inspect
import re
from functools import total_ordering

from pyengine.engine.compat import experta

from experta import Fact  # noqa: E402
from experta.conditionalelement import NOT  # noqa: E402
from experta.fact import InitialFact  # noqa: E402
from experta.factlist import FactList  # noqa: E402

from pyengine.engine.experta_patterns import (
    _branches, _flat, pattern_facts, rule_name, shown_ids)

KINDS = ("depth", "breadth", "random", "lex", "mea", "simplicity", "complexity")


class TaggedFactList(FactList):
    """experta's fact list, logging each change in order (for time tags) and able to
    declare a fact under a given index (``modify`` keeps the fact's id)."""

    log: list
    forced_id: int | None = None

    @staticmethod
    def _get_fact_id(fact):
        """experta's duplicate key (class and slots), made once per fact and kept on
        it: a declared fact never changes, and its retraction asks again."""
        key = fact.__dict__.get("_pe_dup")
        if key is None or fact.__factid__ is None:
            key = fact._pe_dup = FactList._get_fact_id(fact)
        return key

    def declare(self, fact):
        forced = self.__dict__.get("forced_id")
        if forced is None:
            new = super().declare(fact)
        else:
            last = self.last_index
            self.last_index = forced
            try:
                new = super().declare(fact)
            finally:
                self.last_index = last
        if new is not None:
            self.__dict__.setdefault("log", []).append(("+", new))
        return new

    def retract(self, idx_or_fact):
        idx = super().retract(idx_or_fact)
        self.__dict__.setdefault("log", []).append(("-", self.removed[-1]))
        return idx

    def take_log(self) -> list:
        log = self.__dict__.get("log") or []
        self.log = []
        return log


def tag(fact) -> int:
    return fact.__dict__.get("_pe_tag", 0) if fact is not None else 0


# -- rules: definition order and specificity -------------------------------------------------
def rule_table(engine_class) -> dict[str, tuple[int, tuple]]:
    """rule name -> (definition index, the join each pattern position enters by),
    cached on the class. CLIPS shares the joins of rules that begin with the same
    patterns: a join is known by the first rule that made it, and a fact reaches
    the newest joins first."""
    got = engine_class.__dict__.get("_pe_rule_table")
    if got is not None:
        return got
    rules: dict[str, object] = {}
    for klass in reversed(engine_class.__mro__):
        for name, member in vars(klass).items():
            if isinstance(member, experta.Rule):
                rules.pop(name, None)
                rules[name] = member
    table: dict[str, tuple[int, tuple]] = {}
    made: dict[tuple, int] = {}
    for index, (name, rule) in enumerate(rules.items()):
        shapes = _shapes(rule)
        joins = tuple(made.setdefault(tuple(shapes[:p + 1]), index) for p in range(len(shapes)))
        table[name] = (index, joins)
    engine_class._pe_rule_table = table
    return table


def _shapes(rule) -> list[str]:
    """Each pattern of the rule's first branch as text, variables renamed in order of
    first use (two rules' joins are the same when their patterns are)."""
    names: dict[str, str] = {}

    def rename(m):
        return "W(%s)" % names.setdefault(m.group(1), "v%d" % len(names))

    out: list[str] = []
    for c in _flat(_branches(rule)[0]):
        if isinstance(c, (Fact, NOT)) and not isinstance(c, InitialFact):
            out.append(re.sub(r"W\('([^']*)'\)", rename, repr(c)))
        elif out:                   # a test joins the pattern before it
            out[-1] += " " + repr(c)
    return out


# -- the creation order of one batch ------------------------------------------------------------
@total_ordering
class _Desc:
    def __init__(self, key):
        self.key = key

    def __eq__(self, other):
        return self.key == other.key

    def __lt__(self, other):
        return self.key > other.key


def partial_key(tags: list) -> tuple:
    """When CLIPS created the partial match with these time tags (None: a NOT)."""
    real = [t for t in tags if t is not None]
    if not real:
        return ()
    newest = max(real)
    p = tags.index(newest)
    suffix = tuple(-1 if t is None else t for t in tags[p + 1:])
    return (newest, -p, _Desc(partial_key(tags[:p])), suffix)


class Batch:
    """The fact changes since the last update: time tags for the new facts, the
    tags of the retractions (an activation a retraction made possible dates from it)."""

    def __init__(self, strategy, log: list):
        self.retracts: list[tuple[int, object]] = []
        self.start = strategy.counter + 1
        for sign, fact in log:
            strategy.counter += 1
            if sign == "+":
                fact._pe_tag = strategy.counter
            else:
                self.retracts.append((strategy.counter, fact))
        self.end = strategy.counter

    def cause(self, act, tags: list) -> int:
        newest = max([t for t in tags if t is not None] or [0])
        if newest >= self.start or not self.retracts:
            return newest if newest >= self.start else self.end
        return self.freed_by(act)[0]

    def freed_by(self, act) -> tuple[int, int, int]:
        """(event, blocker's time tag, NOT position) of the latest retraction of a
        fact one of the activation's NOT patterns could have matched."""
        nots = act.__dict__.get("_pe_nots") or [(None, None)]
        for event, fact in reversed(self.retracts):
            for pos, cls in nots:
                if cls is None or isinstance(fact, cls):
                    return event, tag(fact), pos if pos is not None else 0
        event, fact = self.retracts[-1]
        return event, tag(fact), nots[0][0] or 0


def creation_key(act, batch: Batch, table: dict) -> tuple:
    """Where CLIPS would have created this activation among the batch's: by the
    change that made it (its newest fact, or the retraction that freed a ``not``),
    later-defined rules first, then the partial matches' order; rule name and ids
    last, so no tie is left to experta's set order."""
    tags = [None if f is None else tag(f) for f in pattern_facts(act)]
    index = table.get(rule_name(act), (0, 0))[0]
    cause = batch.cause(act, tags)
    if cause in tags:
        key = partial_key(tags)
        joins = table.get(rule_name(act), (0, ()))[1]

        def join(q: int) -> int:
            return -(joins[q] if q < len(joins) else index)

        p = -key[1]
        below = tuple(x for q in range(p + 1, len(tags))
                      for x in (join(q), -1 if tags[q] is None else tags[q]))
        rest: tuple = (join(p), key[1], key[2], below, -index)
    elif not batch.retracts:        # a NOT that held from the start
        p = tags.index(None) if None in tags else len(tags)
        rest = (-index, (-p, _Desc(partial_key(tags[:p])),
                         tuple(-1 if t is None else t for t in tags[p + 1:])))
    else:
        rest = _freed_key(tags, index, batch.freed_by(act))
    return (cause, rest, rule_name(act), shown_ids(act))


def _freed_key(tags: list, index: int, freed: tuple) -> tuple:
    """A retraction frees the partial matches its fact blocked, newest blocked
    first (CLIPS's block list): a partial match made after the blocker was blocked
    when it was made; older ones when the blocker came, rules in reverse order of
    definition, the newest partial match first. Each then joins the patterns after
    the NOT, oldest facts first."""
    _, blocker, p = freed
    prefix = tags[:p]
    made = max([t for t in prefix if t is not None] or [0])
    if made > blocker:
        blocked = (made, -index, partial_key(prefix)[1:])
    else:
        blocked = (blocker, -index, _Desc(partial_key(prefix)))
    return (_Desc(blocked), tuple(-1 if t is None else t for t in tags[p + 1:]))


def salience(act) -> int:
    """The activation's salience: the rule's number, or, where the rule gives a
    function of its variables (CLIPS: ``(declare (salience (* 10 ?n)))``), its value
    for this match, reckoned once when the activation is made (CLIPS's default,
    when-activated)."""
    sal = act.rule.salience
    if not callable(sal):
        return sal
    got = act.__dict__.get("_pe_sal")
    if got is None:
        names = _SALIENCE_NAMES.get(sal)
        if names is None:
            names = _SALIENCE_NAMES[sal] = tuple(inspect.signature(sal).parameters)
        ctx = act.context
        got = act._pe_sal = int(sal(**{name: ctx[name] for name in names if name in ctx}))
    return got


_SALIENCE_NAMES: dict = {}      # a salience function -> the variables it takes


def random_key(seed: int, act) -> int:
    text = f"{seed}|{rule_name(act)}|{shown_ids(act)}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


# -- modify keeps the fact's id (CLIPS 6.4), on the sessions' tagged fact lists -------------
def _keeping_modify(original):
    def modify(self, declared_fact, **modifiers):
        facts = self.facts
        if not isinstance(facts, TaggedFactList):
            return original(self, declared_fact, **modifiers)
        idx = declared_fact["__factid__"]
        newfact = _copy_fact(declared_fact)
        for key, value in self._get_real_modifiers(**modifiers):
            if type(value) in _FROZEN:          # freeze() would return it as it is
                dict.__setitem__(newfact, key, value)
            else:
                newfact[key] = value
        self.retract(declared_fact)
        facts.forced_id = idx
        try:
            return self.declare(newfact)
        finally:
            facts.forced_id = None
    modify._pe_keeps_id = True
    return modify


_FROZEN = (str, int, float, bool, type(None))


def _copy_fact(fact):
    """``Fact.copy`` without freezing its values again (they were frozen when the
    fact was made): a new undeclared fact of the same class with the same slots."""
    new = type(fact).__new__(type(fact))
    dict.update(new, {k: v for k, v in fact.items() if not (
        isinstance(k, str) and k.startswith("__") and k.endswith("__"))})
    new._Fact__defaults = {}
    return new


def install_modify() -> None:
    """``KnowledgeEngine.modify`` keeps the fact's index on sessions' engines (a
    ``duplicate`` still makes a new fact); other engines keep experta's own."""
    ke_class = experta.KnowledgeEngine
    if not getattr(ke_class.modify, "_pe_keeps_id", False):
        ke_class.modify = _keeping_modify(ke_class.modify)


install_modify()
