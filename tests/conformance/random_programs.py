"""Random small programs, each built twice (CLIPS text and an experta class) from
eight rule shapes: joins of two and three patterns, a NOT after a pattern and one
first, retractions, a repeated variable; random saliences, definition orders and
initial facts."""
from __future__ import annotations

import random

from pyengine.engine.compat import experta  # noqa: F401

from experta import AS, MATCH, NOT, W, DefFacts, Fact, KnowledgeEngine, Rule


class P(Fact): pass                 # noqa: E701
class Q(Fact): pass                 # noqa: E701
class S(Fact): pass                 # noqa: E701
class T(Fact): pass                 # noqa: E701


# name -> (CLIPS left-hand side, CLIPS action, experta patterns, experta action)
SHAPES = {
    "j2": ("(p ?x ?y) (q ?y ?z)", "(assert (s ?x ?z))",
           lambda: (P(MATCH.x, MATCH.y), Q(MATCH.y, MATCH.z)),
           lambda ke, x, z, **_: ke.declare(S(x, z))),
    "j3": ("(p ?x ?y) (q ?y ?z) (s ?x ?z)", "(assert (t ?x))",
           lambda: (P(MATCH.x, MATCH.y), Q(MATCH.y, MATCH.z), S(MATCH.x, MATCH.z)),
           lambda ke, x, **_: ke.declare(T(x))),
    "n1": ("(p ?x ?y) (not (s ?x ?))", "(assert (t ?y))",
           lambda: (P(MATCH.x, MATCH.y), NOT(S(MATCH.x, W()))),
           lambda ke, y, **_: ke.declare(T(y))),
    "rt": ("?f <- (t ?x) (p ?x ?)", "(retract ?f)",
           lambda: (AS.f << T(MATCH.x), P(MATCH.x, W())),
           lambda ke, f, **_: ke.retract(f)),
    "s1": ("(s ?a ?b)", "(assert (t ?b))",
           lambda: (S(MATCH.a, MATCH.b),),
           lambda ke, b, **_: ke.declare(T(b))),
    "q1": ("(q ?a ?a)", "(assert (s ?a ?a))",
           lambda: (Q(MATCH.a, MATCH.a),),
           lambda ke, a, **_: ke.declare(S(a, a))),
    "nq": ("(not (q ?a 1)) (p ?a ?b)", "(assert (s ?b ?a))",
           lambda: (NOT(Q(MATCH.a, 1)), P(MATCH.a, MATCH.b)),
           lambda ke, a, b, **_: ke.declare(S(b, a))),
    "rq": ("?f <- (q ?a ?b) (t ?b)", "(retract ?f)",
           lambda: (AS.f << Q(MATCH.a, MATCH.b), T(MATCH.b)),
           lambda ke, f, **_: ke.retract(f)),
}


def build(seed: int) -> tuple[str, type]:
    """(CLIPS program text, experta engine class) of program ``seed``."""
    rnd = random.Random(seed)
    names = rnd.sample(sorted(SHAPES), rnd.randint(3, 6))
    salience = {n: rnd.choice([0, 0, 0, 1, -1]) for n in names}
    facts = list(dict.fromkeys((rnd.choice("pq"), rnd.randint(1, 3), rnd.randint(1, 3))
                               for _ in range(rnd.randint(3, 7))))
    clp = "(deffacts start " + " ".join(f"({r} {a} {b})" for r, a, b in facts) + ")\n"
    body: dict = {}
    for n in names:
        lhs, rhs, patterns, action = SHAPES[n]
        clp += f"(defrule {n} (declare (salience {salience[n]})) {lhs} => {rhs})\n"

        def fire(self, _action=action, **kw):
            return _action(self, **kw)
        fire.__name__ = n
        body[n] = Rule(*patterns(), salience=salience[n])(fire)

    def start(self):
        for r, a, b in facts:
            yield (P if r == "p" else Q)(a, b)
    body["start"] = DefFacts()(start)
    return clp, type(f"Random{seed}", (KnowledgeEngine,), body)
