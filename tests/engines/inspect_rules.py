"""The inspector's rule set, experta side: the same rules as inspect_rules.clp."""
from pyengine.engine.compat import experta  # noqa: F401

from experta import MATCH, NOT, DefFacts, Fact, KnowledgeEngine, Rule


class Person(Fact):
    pass


class Grand(Fact):
    pass


class Alive(Fact):
    pass


class Family(KnowledgeEngine):
    @DefFacts()
    def family(self):
        yield Person(name="ann", parent="bob")
        yield Person(name="bob", parent="cy")

    # A grandparent is a parent's parent.
    @Rule(Person(name=MATCH.c, parent=MATCH.p),
          Person(name=MATCH.p, parent=MATCH.g),
          NOT(Grand(MATCH.c, MATCH.g)))
    def grandparent(self, c, g):
        print(c, "has grandparent", g, end="")
        self.declare(Grand(c, g))

    @Rule(Grand(MATCH.c, MATCH.g))
    def ask(self, c, g):
        print("Is", g, "alive? ", end="")
        try:
            answer = input()
        except EOFError:
            answer = "EOF"
        self.declare(Alive(g, answer))

    @Rule(NOT(Person(name="zed")), salience=-10)
    def nobody_zed(self):
        print("no zed")
