"""Miss Manners as an experta KnowledgeEngine: the rules of manners.clp, one for one.

experta has no tie-break between rules activated by the same fact, so three pairs
get a salience (CLIPS's own ordering does the same there): the places of a new
seating are copied before it is declared complete, the "done?" test comes before
"continue", and the results are printed before the run halts. ``find_seating``
extends the newest seating (the one numbered ``count - 1``), which CLIPS's depth
strategy picks by recency; its patterns are ordered so that this test comes early
(experta joins in the order written).
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (importable on Python 3.10+)

from experta import AS, MATCH, NOT, TEST, DefFacts, Fact, KnowledgeEngine, Rule  # noqa: E402


class Guest(Fact):
    pass


class LastSeat(Fact):
    pass


class Seating(Fact):
    pass


class Context(Fact):
    pass


class Path(Fact):
    pass


class Chosen(Fact):
    pass


class Count(Fact):
    pass


class Manners(KnowledgeEngine):
    """Seat the guests (``guests``: (name, sex, hobbies) tuples) around the table."""

    def __init__(self, guests=()):
        super().__init__()
        self.guests = list(guests)
        self.seated: list[tuple[str, int]] = []

    @DefFacts()
    def table(self):
        for name, sex, hobbies in self.guests:
            for hobby in hobbies:
                yield Guest(name=name, sex=sex, hobby=hobby)
        yield LastSeat(seat=len(self.guests))
        yield Count(c=1)
        yield Context(state="start")

    @Rule(AS.ctx << Context(state="start"), Guest(name=MATCH.n), AS.cnt << Count(c=MATCH.c))
    def assign_first_seat(self, ctx, n, cnt, c):
        self.declare(Seating(seat1=1, name1=n, name2=n, seat2=1, id=c, pid=0, path_done="yes"))
        self.declare(Path(id=c, name=n, seat=1))
        self.modify(cnt, c=c + 1)
        self.modify(ctx, state="assign_seats")

    @Rule(AS.ctx << Context(state="assign_seats"),
          AS.cnt << Count(c=MATCH.c),
          Seating(seat2=MATCH.seat2, name2=MATCH.n2, id=MATCH.id, path_done="yes"),
          TEST(lambda id, c: id == c - 1),
          Guest(name=MATCH.n2, sex=MATCH.s1, hobby=MATCH.h1),
          Guest(name=MATCH.g2, sex=MATCH.s2, hobby=MATCH.h1),
          TEST(lambda s1, s2: s1 != s2),
          NOT(Path(id=MATCH.id, name=MATCH.g2)),
          NOT(Chosen(id=MATCH.id, name=MATCH.g2, hobby=MATCH.h1)))
    def find_seating(self, ctx, seat2, n2, id, g2, h1, cnt, c, **_):
        self.declare(Seating(seat1=seat2, name1=n2, name2=g2, seat2=seat2 + 1, id=c, pid=id,
                             path_done="no"))
        self.declare(Path(id=c, name=g2, seat=seat2 + 1))
        self.declare(Chosen(id=id, name=g2, hobby=h1))
        self.modify(cnt, c=c + 1)
        self.modify(ctx, state="make_path")

    @Rule(Context(state="make_path"),
          Seating(id=MATCH.id, pid=MATCH.pid, path_done="no"),
          Path(id=MATCH.pid, name=MATCH.n1, seat=MATCH.s),
          NOT(Path(id=MATCH.id, name=MATCH.n1)), salience=10)
    def make_path(self, id, n1, s, **_):
        self.declare(Path(id=id, name=n1, seat=s))

    @Rule(AS.ctx << Context(state="make_path"), AS.seat << Seating(path_done="no"))
    def path_done(self, ctx, seat):
        self.modify(seat, path_done="yes")
        self.modify(ctx, state="check_done")

    @Rule(AS.ctx << Context(state="check_done"), LastSeat(seat=MATCH.last),
          Seating(seat2=MATCH.last), salience=10)
    def are_we_done(self, ctx, last):
        self.modify(ctx, state="print_results")

    @Rule(AS.ctx << Context(state="check_done"))
    def continue_(self, ctx):
        self.modify(ctx, state="assign_seats")

    @Rule(Context(state="print_results"), Seating(id=MATCH.id, seat2=MATCH.last),
          LastSeat(seat=MATCH.last), AS.p << Path(id=MATCH.id, name=MATCH.n, seat=MATCH.s),
          salience=10)
    def print_results(self, p, n, s, **_):
        self.retract(p)
        self.seated.append((n, s))

    @Rule(Context(state="print_results"))
    def all_done(self):
        self.halt()
