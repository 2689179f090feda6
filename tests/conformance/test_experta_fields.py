"""Facts of one class with different fields (experta's ``Fact(a=1)`` beside
``Fact(b=2)`` and ``Fact('x', 'y')``): a pattern matches only facts that have every
field it names. Random programs whose outcome does not depend on the firing order
(rules only add ``Out`` facts; ``NOT``/``EXISTS`` look only at the starting facts;
an ``EXISTS`` uses no earlier variable, which plain experta would ignore: issue 24)
are run on plain experta (its own matcher: importing pyengine leaves it as it was)
and on our engine; the facts each derives must be the same set. A pattern that
hashed its join on a field some facts lack once stopped our engine at reset with a
``KeyError`` (``NOT(Fact(young=MATCH.n))`` beside ``Fact('parent', ...)``)."""
from __future__ import annotations

import random

import pytest

from pyengine.engine.compat import experta  # noqa: F401
from pyengine.engine.experta import ExpertaSession

from experta import (EXISTS, L, MATCH, NOT, P, W, DefFacts, Fact, Field,  # noqa: E402
                     KnowledgeEngine, Rule)

KEYS = "abc"


class Out(Fact):
    pass


class D(Fact):
    """A class whose field ``a`` always has a value (a default)."""
    a = Field(object, default=2)


def _value(rnd, bound: set):
    """A field constraint: a variable (new or bound), a literal, a wildcard, a
    predicate, a negated literal or an alternative."""
    kind = rnd.choice("vvvlwpno" if bound else "vvlwpno")
    if kind == "v":
        name = rnd.choice(sorted(bound | {"x", "y", "z"}))
        return getattr(MATCH, name), name
    if kind == "l":
        return L(rnd.randint(1, 2)), None
    if kind == "w":
        return W(), None
    if kind == "p":
        return P(lambda v: v in (1, "s")), None
    if kind == "n":
        return ~L(rnd.randint(1, 2)), None
    return L(1) | L("s"), None


def _pattern(rnd, bound: set, binding: bool):
    """A keyword pattern on some of the keys, or a positional one."""
    cls = rnd.choice([Fact, Fact, D])
    if rnd.random() < 0.2:
        fields, names = [], set()
        for _ in range(2):
            c, name = _value(rnd, bound)
            if name and not binding and name not in bound:
                c, name = W(), None
            fields.append(c)
            names |= {name} - {None}
        return cls(*fields), names
    fields, names = {}, set()
    for key in rnd.sample(KEYS, rnd.randint(1, 2)):
        c, name = _value(rnd, bound)
        if name and not binding and name not in bound:
            c, name = W(), None
        fields[key] = c
        if name:
            names.add(name)
    return cls(**fields), names


def _rule(rnd, n: int):
    patterns, bound = [], set()
    for i in range(rnd.randint(1, 3)):
        p, names = _pattern(rnd, bound, True)
        if i and rnd.random() < 0.35:
            ce = rnd.choice([NOT, EXISTS])   # plain experta's EXISTS ignores outer
            p2, _ = _pattern(rnd, bound if ce is NOT else set(), False)    # variables
            patterns.append(ce(p2))
        patterns.append(p)
        bound |= names
    if not bound:
        bound = set()
    order = sorted(bound)

    def fire(self, **kw):
        self.declare(Out(rule=n, vals=tuple(kw[k] for k in order)))
    fire.__name__ = f"r{n}"
    return Rule(*patterns)(fire)


def build(seed: int) -> type:
    rnd = random.Random(seed)
    facts = []
    for _ in range(rnd.randint(3, 8)):
        if rnd.random() < 0.2:
            facts.append((rnd.choice([Fact, D]), "pos",
                          (rnd.choice(["s", 1]), rnd.randint(1, 2))))
        else:
            keys = rnd.sample(KEYS, rnd.randint(1, 3))
            facts.append((rnd.choice([Fact, Fact, D]), "kw",
                          {k: rnd.choice([1, 2, "s"]) for k in keys}))
    body = {f"r{n}": _rule(rnd, n) for n in range(rnd.randint(1, 4))}

    def start(self):
        for cls, kind, v in facts:
            yield cls(*v) if kind == "pos" else cls(**v)
    body["start"] = DefFacts()(start)
    return type(f"Fields{seed}", (KnowledgeEngine,), body)


def _derived_plain(cls) -> set:
    ke = cls()
    ke.reset()
    ke.run(500)
    return {(f["rule"], f["vals"]) for f in ke.facts.values() if isinstance(f, Out)}


def _derived_ours(cls) -> set:
    s = ExpertaSession(cls)
    s.reset()
    s.run(500)
    got = {(f["rule"], f["vals"]) for f in s.ke.facts.values() if isinstance(f, Out)}
    s.close()
    return got


def test_a_hashed_field_some_facts_lack():
    class Family(KnowledgeEngine):
        @DefFacts()
        def people(self):
            yield Fact(name="cy")
            yield Fact("parent", "ann", "cy")
            yield Fact(young="bob")

        @Rule(Fact(name=MATCH.n), NOT(Fact(young=MATCH.n)))
        def old(self, n):
            self.declare(Out(rule="old", vals=(n,)))
    assert _derived_ours(Family) == _derived_plain(Family) == {("old", ("cy",))}


@pytest.mark.parametrize("block", range(4))
def test_random_fields_as_plain_experta(block):
    for seed in range(block * 50, block * 50 + 50):
        cls = build(seed)
        assert _derived_ours(cls) == _derived_plain(cls), f"seed {seed}"


def test_equal_values_of_other_types_are_one_fact_as_on_experta():
    class Typed(KnowledgeEngine):
        @DefFacts()
        def start(self):
            for v in (0, 0.0, False, 1, 1.0, True, "1"):
                yield Fact(score=v)

        @Rule(Fact(score=0))
        def zero(self):
            self.declare(Out(rule="zero", vals=()))

        @Rule(Fact(score=MATCH.s))
        def each(self, s):
            self.declare(Out(rule="each", vals=(s,)))
    s = ExpertaSession(Typed)
    s.reset()
    assert [f.text for f in s.facts()] == ["(fact (score 0))", "(fact (score 1))",
                                           '(fact (score "1"))']
    s.close()
    assert _derived_ours(Typed) == _derived_plain(Typed)
