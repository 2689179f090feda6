"""Two sessions of one rule set at once (two notebook cells, two students' classes in
one process) each see their own network: the rules' declarations are shared by every
engine of a class, the nodes and memories built from them are not."""
from pyengine.engine.experta import ExpertaSession   # first: makes experta importable
from experta import MATCH, Fact, KnowledgeEngine, Rule  # noqa: E402
from pyengine.ui.notebook import Inspector  # noqa: E402


class Item(Fact):
    pass


class Shop(KnowledgeEngine):
    @Rule(Item(MATCH.n))
    def see(self, n):
        pass


def _shop(*items):
    s = ExpertaSession(Shop)
    s.quiet()
    s.reset()
    for n in items:
        s.assert_fact(Item(n))
    return s


def test_a_second_session_leaves_the_first_ones_views_alone():
    a = _shop(1)
    before = (str(a.matches("see")), str(a.network("see")))
    b = _shop(2, 3)
    assert (str(a.matches("see")), str(a.network("see"))) == before
    assert "(1 0 1)" in before[0] and "(2 0 2)" in str(b.matches("see"))


def test_refresh_puts_back_the_sessions_own_activations_only():
    a = _shop(1)
    a.run()
    b = _shop(2, 3)
    a.command("(refresh see)")
    assert [act.facts for act in a.agenda()] == [(1,)]
    assert sorted(act.facts for act in b.agenda()) == [(1,), (2,)]


def test_two_inspectors_of_one_puzzle_show_their_own_matches():
    first = Inspector.open("bee", letters="aeginrt", center="t", seed=1)
    first.step(3)
    rule = "score_longer_words"
    seen = str(first.matches(rule))
    assert "f-37" in seen
    second = Inspector.open("bee", letters="bcdeilo", center="o", seed=1)
    second.step(5)
    assert str(first.matches(rule)) == seen
    first.close()
    second.close()
