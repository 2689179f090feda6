"""The classic teaching examples' twins: docs/examples/family.clp as an experta
KnowledgeEngine, and docs/examples/animals.py in CLIPS (programs/animals.clp)."""
from pyengine.engine.compat import experta  # noqa: F401

from experta import AS, MATCH, NOT, DefFacts, Fact, KnowledgeEngine, P, Rule


class Person(Fact): pass            # noqa: E701
class Relation(Fact): pass          # noqa: E701


class Family(KnowledgeEngine):
    """docs/examples/family.clp, rule for rule."""

    @DefFacts()
    def family(self):
        yield Person(name="Ann", sex="female", parent="none")
        yield Person(name="Bob", sex="male", parent="Ann")
        yield Person(name="Cid", sex="male", parent="Ann")
        yield Person(name="Dee", sex="female", parent="Bob")
        yield Person(name="Eve", sex="female", parent="Bob")

    @Rule(Person(name=MATCH.a, parent=MATCH.p & P(lambda p: p != "none")),
          Person(name=MATCH.b & ~MATCH.a, parent=MATCH.p))
    def find_siblings(self, a, b):
        self.declare(Relation(kind="sibling", of=a, **{"is": b}))

    @Rule(Person(name=MATCH.c, parent=MATCH.p),
          Person(name=MATCH.p, parent=MATCH.g & P(lambda g: g != "none")))
    def find_grandparents(self, c, g):
        self.declare(Relation(kind="grandparent", of=c, **{"is": g}))

    @Rule(Person(name=MATCH.r, parent="none"),
          NOT(Relation(kind="grandparent", **{"is": MATCH.r})), salience=-10)
    def report_roots(self, r):
        print(f"{r} has no grandchildren yet")

    @Rule(Relation(kind="grandparent", of=MATCH.c, **{"is": MATCH.g}), salience=-5)
    def report_grandparents(self, c, g):
        print(f"{g} is a grandparent of {c}")


class A(Fact): pass                 # noqa: E701
class B(Fact): pass                 # noqa: E701
class C(Fact): pass                 # noqa: E701
class Gate(Fact): pass              # noqa: E701
class Joined(Fact): pass            # noqa: E701
class Through(Fact): pass           # noqa: E701


class GateOpens(KnowledgeEngine):
    """programs/gate.clp: one retraction frees activations of two rules."""

    @DefFacts()
    def s(self):
        yield from (A(1), A(2), B(1), B(2), Gate(), C(1), C(2))

    @Rule(A(MATCH.x), B(MATCH.y), NOT(Gate()), C(MATCH.z))
    def join_after_gate(self, x, y, z):
        self.declare(Joined(x, y, z))

    @Rule(NOT(Gate()), A(MATCH.x))
    def gate_first(self, x):
        self.declare(Through(x))

    @Rule(AS.f << Gate(), salience=-5)
    def open_gate(self, f):
        self.retract(f)
