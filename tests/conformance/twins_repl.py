"""The REPL conformance programs (``repl/NAME.clp``) as experta engines, pattern for
pattern, fact for fact (see test_repl.py)."""
from pyengine.experta import (AS, EXISTS, FORALL, MATCH, NOT, TEST, P, W, DefFacts, Fact,  # noqa: F401
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


class Task(Fact): pass              # noqa: E701
class Blocks(Fact): pass            # noqa: E701
class Done(Fact): pass              # noqa: E701


class Negation(KnowledgeEngine):
    @DefFacts()
    def work(self):
        for name in "abc":
            yield Task(name=name)
        yield Blocks(first="a", then="b")
        yield Blocks(first="b", then="c")

    @Rule(Task(name=MATCH.t), NOT(Blocks(then=MATCH.t)), NOT(Done(MATCH.t)))
    def ready(self, t):
        print(f"ready {t}")
        self.declare(Done(t))

    @Rule(Done(MATCH.t), AS.b << Blocks(first=MATCH.t))
    def unblock(self, b):
        self.retract(b)

    @Rule(EXISTS(Done(W())), salience=5)
    def some_done(self):
        print("something is done")

    @Rule(FORALL(Task(name=MATCH.t), Done(MATCH.t)), salience=-5)
    def all_done(self):
        print("all done")


class Job(Fact): pass               # noqa: E701


class Salience(KnowledgeEngine):
    @DefFacts()
    def jobs(self):
        for kind, n in [("low", 1), ("high", 2), ("mid", 3), ("stop", 4), ("last", 5)]:
            yield Job(kind, n)

    @Rule(Job("high", MATCH.n), salience=20)
    def high(self, n):
        print(f"high {n}")

    @Rule(Job("mid", MATCH.n), salience=10)
    def mid(self, n):
        print(f"mid {n}")

    @Rule(Job("low", MATCH.n))
    def low(self, n):
        print(f"low {n}")

    @Rule(Job("stop", MATCH.n), salience=5)
    def stop(self, n):
        print("halting")
        self.halt()

    @Rule(Job("last", MATCH.n), salience=-10)
    def last(self, n):
        print(f"last {n}")


class Order(Fact): pass             # noqa: E701
class Price(Fact): pass             # noqa: E701


class Multislot(KnowledgeEngine):
    @DefFacts()
    def shop(self):
        yield Price(item="tea", cost=3)
        yield Price(item="cake", cost=5)
        yield Order(id=1, items=("tea", "cake", "tea"), total=0)
        yield Order(id=2, items=(), total=0)

    @Rule(AS.o << Order(items=MATCH.items & P(lambda items: len(items) > 0), total=MATCH.t),
          Price(item=MATCH.first, cost=MATCH.c), TEST(lambda items, first: items[0] == first))
    def add_one(self, o, items, t, first, c):
        print(f"adding {first}")
        self.modify(o, items=tuple(items[1:]), total=t + c)

    @Rule(Order(id=MATCH.id, items=(), total=MATCH.t))
    def empty_order(self, id, t):
        print(f"order {id} costs {t}")


class Counter(Fact): pass           # noqa: E701
class Seen(Fact): pass              # noqa: E701


class ModifyChain(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Counter(name="c", value=3)

    @Rule(AS.c << Counter(value=MATCH.v & P(lambda v: v > 0)))
    def count_down(self, c, v):
        print(f"at {v}")
        self.modify(c, value=v - 1)

    @Rule(Counter(value=MATCH.v), NOT(Seen(value=MATCH.v)), salience=10)
    def note(self, v):
        self.declare(Seen(value=v))


class Ask(Fact): pass               # noqa: E701
class Colour(Fact): pass            # noqa: E701


class Read(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Ask("colour")

    @Rule(AS.a << Ask("colour"))
    def ask_colour(self, a):
        self.declare(Colour(input("Colour? ")))
        self.retract(a)

    @Rule(Colour("red"))
    def red(self):
        print("Stop.")
        self.declare(Ask("again"))

    @Rule(Colour("green"))
    def green(self):
        print("Go.")

    @Rule(AS.a << Ask("again"))
    def again(self, a):
        self.declare(Colour(input("Again? ")))
        self.retract(a)
