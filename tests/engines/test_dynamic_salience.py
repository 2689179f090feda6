"""A rule's salience worked out from its match (experta sessions): CLIPS's
``(declare (salience (* 10 ?n)))``, evaluated when the activation is made."""
from pyengine.engine.experta import ExpertaSession
from pyengine.experta import AS, MATCH, Fact, KnowledgeEngine, Rule


class Job(Fact):
    pass


def urgency(n):
    return 10 * n


class Jobs(KnowledgeEngine):
    @Rule(AS.job << Job(name=MATCH.name, n=MATCH.n), salience=urgency)
    def do_job(self, job, name):
        self.retract(job)

    @Rule(Job(name="stop"), salience=25)
    def notice_stop(self):
        pass


def test_the_agenda_orders_and_shows_the_salience_of_each_match():
    s = ExpertaSession(Jobs)
    s.reset()
    for name, n in (("b", 2), ("c", 3), ("a", 1), ("stop", 0)):
        s.assert_fact(Job(name=name, n=n))
    agenda = s.agenda()
    assert [(a.rule, a.salience) for a in agenda] == [
        ("do_job", 30), ("notice_stop", 25), ("do_job", 20), ("do_job", 10), ("do_job", 0)]
    s.run()
    fired = [(f.rule, f.matched) for f in s.trace]
    assert [r for r, _ in fired] == ["do_job", "notice_stop", "do_job", "do_job", "do_job"]
    assert [ids for r, ids in fired if r == "do_job"] == [(2,), (1,), (3,), (4,)]   # c b a stop


def test_a_changed_match_is_weighed_again():
    s = ExpertaSession(Jobs)
    s.reset()
    low = s.assert_fact(Job(name="x", n=1))
    s.assert_fact(Job(name="y", n=2))
    s.modify(low, {"n": 5})                  # a new activation: salience 50 now
    assert [(a.rule, a.salience, a.facts) for a in s.agenda()][0] == ("do_job", 50, (low,))


def test_any_callable_can_be_a_salience():
    import functools

    def weigh(n, factor):
        return factor * n

    class Weighed(KnowledgeEngine):
        @Rule(Job(n=MATCH.n), salience=functools.partial(weigh, factor=7))
        def do_job(self):
            pass
    s = ExpertaSession(Weighed)
    s.reset()
    s.assert_fact(Job(n=3))
    assert [a.salience for a in s.agenda()] == [21]
