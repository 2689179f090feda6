"""The conformance programs as experta KnowledgeEngines (first half): each is the
twin of ``programs/NAME.clp``, rule for rule and pattern for pattern."""
from pyengine.engine.compat import experta  # noqa: F401

from experta import AS, MATCH, NOT, TEST, W, DefFacts, Fact, KnowledgeEngine, P, Rule


class Parent(Fact): pass            # noqa: E701
class Grandparent(Fact): pass       # noqa: E701
class Reported(Fact): pass          # noqa: E701
class Leaf(Fact): pass              # noqa: E701
class Counter(Fact): pass           # noqa: E701
class Go(Fact): pass                # noqa: E701
class Tick(Fact): pass              # noqa: E701
class Done(Fact): pass              # noqa: E701
class Over(Fact): pass              # noqa: E701
class Edge(Fact): pass              # noqa: E701
class Path(Fact): pass              # noqa: E701
class N(Fact): pass                 # noqa: E701
class Run(Fact): pass               # noqa: E701
class Next(Fact): pass              # noqa: E701
class Task(Fact): pass              # noqa: E701
class Blocks(Fact): pass            # noqa: E701
class Finished(Fact): pass          # noqa: E701


class Grandparents(KnowledgeEngine):
    @DefFacts()
    def tree(self):
        for p, c in [("tom", "bob"), ("bob", "ann"), ("bob", "pat"), ("ann", "joe"),
                     ("pam", "liz")]:
            yield Parent(p, c)

    @Rule(Parent(MATCH.g, MATCH.p), Parent(MATCH.p, MATCH.c))
    def find_grandparent(self, g, c):
        self.declare(Grandparent(g, c))

    @Rule(Grandparent(MATCH.g, MATCH.c), salience=5)
    def report(self, g, c):
        self.declare(Reported(g, c))

    @Rule(Parent(MATCH.p, MATCH.c), NOT(Parent(MATCH.c, W())), salience=-5)
    def childless(self, c):
        self.declare(Leaf(c))


class Countdown(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Counter(value=3)
        yield Go()

    @Rule(AS.c << Counter(value=MATCH.v & P(lambda v: v > 0)), Go())
    def count_down(self, c, v):
        self.modify(c, value=v - 1)
        self.declare(Tick(v))

    @Rule(AS.t << Tick(MATCH.v), Counter(value=MATCH.w), TEST(lambda w, v: w < v))
    def clear_tick(self, t, v):
        self.retract(t)
        self.declare(Done(v))

    @Rule(Counter(value=0), salience=-1)
    def finished(self):
        self.declare(Over())


class Chain3(KnowledgeEngine):
    @DefFacts()
    def graph(self):
        for a, b in [("a", "b"), ("b", "c"), ("c", "d"), ("b", "d"), ("d", "a")]:
            yield Edge(a, b)

    @Rule(Edge(MATCH.x, MATCH.y), Edge(MATCH.y, MATCH.z & ~MATCH.x),
          Edge(MATCH.z, MATCH.w & ~MATCH.y))
    def path2(self, x, w):
        self.declare(Path(x, w))


class Join4(KnowledgeEngine):
    @DefFacts()
    def nums(self):
        for i in (1, 2, 3, 4):
            yield N(i)

    @Rule(N(MATCH.a), N(MATCH.b), TEST(lambda a, b: b > a), N(MATCH.c),
          TEST(lambda b, c: c > b), N(MATCH.d), TEST(lambda c, d: d > c))
    def four(self, a, b, c, d):
        self.declare(Run(a, b, c, d))

    @Rule(N(MATCH.a), N(MATCH.b), TEST(lambda a, b: b == a + 1))
    def pair(self, a, b):
        self.declare(Next(a, b))


class Negation(KnowledgeEngine):
    @DefFacts()
    def work(self):
        yield Task("a")
        yield Task("b")
        yield Task("c")
        yield Blocks("a", "b")
        yield Blocks("b", "c")

    @Rule(Task(MATCH.t), NOT(Blocks(W(), MATCH.t)), NOT(Done(MATCH.t)))
    def ready(self, t):
        self.declare(Done(t))

    @Rule(Done(MATCH.t), AS.b << Blocks(MATCH.t, W()))
    def unblock(self, b):
        self.retract(b)

    @Rule(NOT(Task(P(lambda t: len(t) > 5))), salience=-10)
    def all_done(self):
        self.declare(Finished())
