"""The REPL conformance programs (``repl/NAME.clp``) as experta engines, pattern for
pattern, fact for fact (see test_repl.py)."""
from pyengine.experta import (AS, EXISTS, FORALL, MATCH, NOT, TEST, W, DefFacts, Fact,  # noqa: F401
                              KnowledgeEngine, Rule)


class Parent(Fact): pass            # noqa: E701
class Related(Fact): pass           # noqa: E701


class Joins(KnowledgeEngine):
    @DefFacts()
    def family(self):
        for name, child in [("ann", "bob"), ("ann", "cid"), ("bob", "dee"), ("cid", "eve"),
                            ("dee", "fay")]:
            yield Parent(name=name, child=child)

    @Rule(Parent(name=MATCH.g, child=MATCH.p), Parent(name=MATCH.p, child=MATCH.c))
    def grandparent(self, g, c):
        print(f"{g} is a grandparent of {c}")
        self.declare(Related(kind="grandparent", a=g, b=c))

    @Rule(Parent(name=MATCH.px, child=MATCH.x), Parent(name=MATCH.py & ~MATCH.px, child=MATCH.y & ~MATCH.x),
          Parent(name=MATCH.g, child=MATCH.px), Parent(name=MATCH.g, child=MATCH.py), salience=5)
    def cousins(self, x, y):
        self.declare(Related(kind="cousin", a=x, b=y))
