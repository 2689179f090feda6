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
them one assertion at a time: for one assertion, rules in reverse order of
definition, in a rule the later pattern first (the fact entering the join there),
the partial matches before it newest first, the facts after it oldest first.
:func:`creation_key` sorts a batch that way, so depth and breadth match CLIPS's
activation time tags. The one known exception: one fact reaching several rules
through *different* alpha paths (different constant tests on one template); CLIPS
orders those by its pattern network's layout, here the definition order decides
(tests/conformance/test_interleaved.py keeps it as an expected failure).
"""
from __future__ import annotations

import hashlib
from functools import total_ordering

from pyengine.engine.compat import experta

from experta import Fact  # noqa: E402
from experta.conditionalelement import AND, NOT, OR, TEST  # noqa: E402
from experta.fact import InitialFact  # noqa: E402
from experta.factlist import FactList  # noqa: E402
from experta.fieldconstraint import L, P, W, NOTFC, ANDFC, ORFC  # noqa: E402

KINDS = ("depth", "breadth", "random", "lex", "mea", "simplicity", "complexity")


class TaggedFactList(FactList):
    """experta's fact list, logging each change in order (for time tags) and able to
    declare a fact under a given index (``modify`` keeps the fact's id)."""

    log: list
    forced_id: int | None = None

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


# -- which fact matched which pattern ------------------------------------------------------
def _branches(rule) -> list[list]:
    conds = list(rule)
    if len(conds) == 1 and isinstance(conds[0], OR):
        return [list(b) if isinstance(b, AND) else [b] for b in conds[0]]
    if len(conds) == 1 and isinstance(conds[0], AND):
        return [list(conds[0])]
    return [conds]


def _pattern_key(p) -> str:
    return p.__bind__ or "__pattern_%s__" % id(p)


def _slots(branch) -> list:
    """The branch's patterns in order: a Fact pattern, or None for a NOT."""
    out: list = []
    for c in branch:
        if isinstance(c, AND):
            out += _slots(c)
        elif isinstance(c, NOT):
            out.append(None)
        elif isinstance(c, Fact) and not isinstance(c, InitialFact):
            out.append(c)
    return out


def pattern_facts(act) -> list:
    """The facts matching each pattern of the activation's rule, in pattern order
    (None for a NOT pattern); cached on the activation."""
    got = act.__dict__.get("_pe_pf")
    if got is not None:
        return got
    facts = sorted((f for f in act.facts if not isinstance(f, InitialFact)),
                   key=lambda f: f["__factid__"])
    got = None
    learned = act.rule.__dict__.setdefault("_pe_keys", {})
    for i, branch in enumerate(_branches(act.rule)):
        slots = _slots(branch)
        got = _assign(slots, facts, act.context, learned.get(i))
        if got is not None:
            act._pe_branch = i
            if i not in learned:
                learned[i] = _capture_keys(got, act.context)
            break
    if got is None:
        got = facts
    act._pe_pf = got
    return got


def _capture_keys(row: list, ctx: dict) -> list:
    """The context key under which each pattern's fact was captured (the network's
    own names, which need not be the rule's pattern ids)."""
    out = []
    for f in row:
        keys = [k for k, v in ctx.items() if v is f] if f is not None else []
        keys.sort(key=lambda k: not k.startswith("__pattern_"))
        out.append(keys[0] if keys else None)
    return out


def _assign(slots: list, facts: list, ctx: dict, keys: list | None = None) -> list | None:
    """Each fact to the one pattern it fills: by the pattern's capture key where the
    context has it, else by class, values and bindings (backtracking)."""
    positive = [p for p in slots if p is not None]
    if len(positive) != len(facts):
        return None
    row: list = []
    used: set[int] = set()

    def place(i: int) -> bool:
        if i == len(slots):
            return True
        p = slots[i]
        if p is None:
            row.append(None)
            if place(i + 1):
                return True
            row.pop()
            return False
        key = keys[i] if keys and keys[i] is not None else _pattern_key(p)
        options = [ctx[key]] if key in ctx and _fits(p, ctx[key], ctx) else [f for f in facts if _fits(p, f, ctx)]
        for f in options:
            if id(f) in used:
                continue
            used.add(id(f))
            row.append(f)
            if place(i + 1):
                return True
            row.pop()
            used.discard(id(f))
        return False

    return row if place(0) and {id(f) for f in row if f is not None} == {
        id(f) for f in facts} else None


def _fits(p, fact, ctx: dict) -> bool:
    if type(fact) is not type(p):
        return False
    for k, v in p.items():
        if p.is_special(k):
            continue
        if k not in fact or not _value_ok(v, fact[k], ctx):
            return False
    return True


def _value_ok(v, x, ctx: dict) -> bool:
    """Does value ``x`` meet the constraint ``v`` (under the activation's bindings)?"""
    if isinstance(v, W):
        return v.__bind__ is None or v.__bind__ not in ctx or ctx[v.__bind__] == x
    if isinstance(v, L):
        return x == v.value
    if isinstance(v, P):
        try:
            return bool(v.match(x))
        except Exception:       # a predicate that fails here: leave it undecided
            return True
    if isinstance(v, NOTFC):
        return not all(_value_ok(c, x, ctx) for c in v)
    if isinstance(v, ANDFC):
        return all(_value_ok(c, x, ctx) for c in v)
    if isinstance(v, ORFC):
        return any(_value_ok(c, x, ctx) for c in v)
    return x == v


def shown_ids(act) -> tuple[int, ...]:
    return tuple(f["__factid__"] for f in pattern_facts(act) if f is not None)


def rule_name(act) -> str:
    return getattr(act.rule, "__name__", None) or getattr(act.rule._wrapped, "__name__", "rule")


# -- rules: definition order and specificity -------------------------------------------------
def rule_table(engine_class) -> dict[str, tuple[int, int]]:
    """rule name -> (definition index, 0), cached on the class."""
    got = engine_class.__dict__.get("_pe_rule_table")
    if got is not None:
        return got
    table: dict[str, tuple[int, int]] = {}
    for klass in reversed(engine_class.__mro__):
        for name, member in vars(klass).items():
            if isinstance(member, experta.Rule):
                table.pop(name, None)
                table[name] = (len(table), 0)
    engine_class._pe_rule_table = table
    return table


def specificity(rule, branch: int = 0) -> int:
    """CLIPS 6.4's count (measured on CLIPS): one per pattern (a NOT's too), per
    constant (each of ``1|2``), per comparison with a bound variable, per predicate
    or test (a call inside a call adds none), for one branch of an OR."""
    specs = rule.__dict__.get("_pe_specs")
    if specs is None:
        specs = rule._pe_specs = [_count(b, set()) for b in _branches(rule)]
    return specs[branch] if branch < len(specs) else specs[0]


def act_specificity(act) -> int:
    pattern_facts(act)
    return specificity(act.rule, act.__dict__.get("_pe_branch", 0))


def _count(conds, bound: set) -> int:
    n = 0
    for c in conds:
        if isinstance(c, (AND, NOT)):
            n += _count(list(c), bound)
        elif isinstance(c, TEST):
            n += 1
        elif isinstance(c, Fact) and not isinstance(c, InitialFact):
            n += 1 + sum(_value_count(v, bound) for k, v in c.items() if not c.is_special(k))
    return n


def _value_count(v, bound: set) -> int:
    if isinstance(v, W):
        name = v.__bind__
        if name is None:
            return 0
        if name in bound:
            return 1
        bound.add(name)
        return 0
    if isinstance(v, (NOTFC, ANDFC, ORFC)):
        return sum(_value_count(x, bound) for x in v)
    if isinstance(v, (L, P)):
        return 1
    return 1


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
        return self.retracts[-1][0]


def creation_key(act, batch: Batch, table: dict) -> tuple:
    """Where CLIPS would have created this activation among the batch's: by the
    change that made it (its newest fact, or the retraction that freed a ``not``),
    later-defined rules first, then the partial matches' order; rule name and ids
    last, so no tie is left to experta's set order."""
    tags = [None if f is None else tag(f) for f in pattern_facts(act)]
    index = table.get(rule_name(act), (0, 0))[0]
    cause = batch.cause(act, tags)
    if cause in tags:
        rest = partial_key(tags)[1:]
    else:                   # freed by a retraction: enters at its first NOT
        p = tags.index(None) if None in tags else len(tags)
        rest = (-p, _Desc(partial_key(tags[:p])),
                tuple(-1 if t is None else t for t in tags[p + 1:]))
    return (cause, -index, rest, rule_name(act), shown_ids(act))


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
        newfact = declared_fact.copy()
        newfact.update(dict(self._get_real_modifiers(**modifiers)))
        self.retract(declared_fact)
        facts.forced_id = idx
        try:
            return self.declare(newfact)
        finally:
            facts.forced_id = None
    modify._pe_keeps_id = True
    return modify


def install_modify() -> None:
    """``KnowledgeEngine.modify`` keeps the fact's index on sessions' engines (a
    ``duplicate`` still makes a new fact); other engines keep experta's own."""
    ke_class = experta.KnowledgeEngine
    if not getattr(ke_class.modify, "_pe_keeps_id", False):
        ke_class.modify = _keeping_modify(ke_class.modify)


install_modify()
