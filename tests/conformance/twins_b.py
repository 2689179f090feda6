"""The conformance programs as experta KnowledgeEngines (second half)."""
from pyengine.engine.compat import experta  # noqa: F401

from experta import AS, MATCH, NOT, OR, TEST, W, DefFacts, Fact, KnowledgeEngine, P, Rule


class Item(Fact): pass              # noqa: E701
class Seen(Fact): pass              # noqa: E701
class Box(Fact): pass               # noqa: E701
class On(Fact): pass                # noqa: E701
class Taken(Fact): pass             # noqa: E701
class Animal(Fact): pass            # noqa: E701
class Friendly(Fact): pass          # noqa: E701
class Pet(Fact): pass               # noqa: E701
class Pair(Fact): pass              # noqa: E701
class Score(Fact): pass             # noqa: E701
class Passed(Fact): pass            # noqa: E701
class MuchBetter(Fact): pass        # noqa: E701
class Count(Fact): pass             # noqa: E701
class Limit(Fact): pass             # noqa: E701
class Square(Fact): pass            # noqa: E701
class Reading(Fact): pass           # noqa: E701
class Alert(Fact): pass             # noqa: E701


class Saliences(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Item(1)
        yield Item(2)

    @Rule(Item(MATCH.x), salience=10)
    def high(self, x):
        self.declare(Seen("high", x))

    @Rule(Item(MATCH.x))
    def middle(self, x):
        self.declare(Seen("middle", x))

    @Rule(Item(MATCH.x), salience=-10)
    def low(self, x):
        self.declare(Seen("low", x))

    @Rule(Seen("high", MATCH.x), NOT(Item(3)), salience=5)
    def more(self):
        self.declare(Item(3))


class RetractChain(KnowledgeEngine):
    @DefFacts()
    def stack(self):
        for i in (1, 2, 3, 4):
            yield Box(i)
        for a, b in [(2, 1), (3, 2), (4, 3)]:
            yield On(a, b)

    @Rule(AS.b << Box(MATCH.x), NOT(On(W(), MATCH.x)))
    def take_top(self, b, x):
        self.retract(b)
        self.declare(Taken(x))

    @Rule(Taken(MATCH.x), AS.o << On(MATCH.x, W()))
    def free_below(self, o):
        self.retract(o)


class OrCe(KnowledgeEngine):
    @DefFacts()
    def animals(self):
        yield Animal("rex", "dog")
        yield Animal("tom", "cat")
        yield Animal("ed", "fish")
        yield Friendly("ed")

    @Rule(Animal(MATCH.n, MATCH.k), OR(TEST(lambda k: k == "dog"), TEST(lambda k: k == "cat"),
                                       Friendly(MATCH.n)))
    def pet(self, n):
        self.declare(Pet(n))

    @Rule(Pet(MATCH.a), Pet(MATCH.b & ~MATCH.a))
    def count_pets(self, a, b):
        self.declare(Pair(a, b))


class Tests(KnowledgeEngine):
    @DefFacts()
    def scores(self):
        for name, s in [("ann", 72), ("bob", 55), ("cid", 91), ("dee", 64)]:
            yield Score(name, s)

    @Rule(Score(MATCH.n, P(lambda s: s >= 60)))
    def pass_(self, n):
        self.declare(Passed(n))

    @Rule(Score(MATCH.a, MATCH.x), Score(MATCH.b, MATCH.y), TEST(lambda x, y: x > y + 20))
    def better(self, a, b):
        self.declare(MuchBetter(a, b))


class SelfActivation(KnowledgeEngine):
    @DefFacts()
    def seed(self):
        yield Count(1)
        yield Limit(5)

    @Rule(Count(MATCH.n), Limit(MATCH.m), TEST(lambda n, m: n < m))
    def up(self, n):
        self.declare(Count(n + 1))

    @Rule(Count(MATCH.n))
    def square(self, n):
        self.declare(Square(n, n * n))


class Multi(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Reading(sensor="t1", value=30)

    @Rule(Reading(sensor=MATCH.s, value=P(lambda v: v > 25)))
    def hot(self, s):
        self.declare(Alert("hot", s))

    @Rule(Reading(sensor=MATCH.s, value=P(lambda v: v > 20)))
    def warm(self, s):
        self.declare(Alert("warm", s))

    @Rule(Reading(sensor=MATCH.s))
    def any(self, s):
        self.declare(Alert("seen", s))

    @Rule(Alert("hot", MATCH.s), Alert("warm", MATCH.s))
    def escalate(self):
        self.declare(Reading(sensor="t2", value=22))
