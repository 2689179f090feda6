"""The contract rule set, experta side: the same two rules as contract_rules.clp."""
from pyengine.engine.compat import experta  # noqa: F401

from experta import TEST, MATCH, DefFacts, Fact, KnowledgeEngine, Rule

from pyengine.engine.staging import Stage


class Number(Fact):
    pass


class Double(Fact):
    pass


class Pairsum(Fact):
    pass


class Contract(KnowledgeEngine):
    @DefFacts()
    def numbers(self):
        yield Number(1)
        yield Number(2)
        yield Number(3)

    @Rule(Stage("GO"), Number(MATCH.n))
    def double(self, n):
        self.declare(Double(n, 2 * n))

    @Rule(Stage("GO"), Double(MATCH.a, MATCH.x), Double(MATCH.b, MATCH.y),
          TEST(lambda a, b: b > a), salience=10)
    def sum_pair(self, x, y):
        self.declare(Pairsum(x + y))
