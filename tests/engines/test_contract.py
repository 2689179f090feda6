"""One contract, two engines: every test runs on CLIPS and on experta."""
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.engine.stages import Stage, StageRunner

HERE = Path(__file__).parent


def make(engine: str):
    if engine == "clips":
        from pyengine.engine.clips import ClipsSession
        s = ClipsSession([HERE / "contract_rules.clp"])
    else:
        from pyengine.engine.experta import ExpertaSession
        from tests.engines.contract_rules import Contract
        s = ExpertaSession(Contract)
    s.reset()
    return s


@pytest.fixture(params=["clips", "experta"])
def session(request):
    return make(request.param)


def texts(s, name=None):
    return sorted(f.text for f in s.facts() if name is None or f.name == name)


def test_reset_asserts_initial_facts_from_f1(session):
    assert texts(session) == ["(number 1)", "(number 2)", "(number 3)"]
    assert [f.id for f in session.facts()] == [1, 2, 3]
    assert session.agenda() == []


def test_run_to_quiescence_counts_firings(session):
    session.assert_fact(session.stage_fact("GO"))
    assert len(session.agenda()) == 3
    assert session.run() == 6          # three doubles, three pair sums
    assert texts(session, "pairsum") == ["(pairsum 10)", "(pairsum 6)", "(pairsum 8)"]
    assert session.run() == 0


def test_run_limit_and_step(session):
    session.assert_fact(session.stage_fact("GO"))
    assert session.run(2) == 2
    assert session.step() == 1
    assert session.run() == 3
    assert session.step() == 0


def test_salience_orders_the_agenda(session):
    session.assert_fact(session.stage_fact("GO"))
    session.run(2)                      # two doubles: a pair sum becomes possible
    top = session.agenda()[0]
    assert top.rule == "sum_pair" and top.salience == 10
    assert [a.rule for a in session.agenda()] == ["sum_pair", "double"]


def test_assert_and_retract_by_id(session):
    fid = session.assert_fact("(number 10)")
    assert "(number 10)" in texts(session)
    session.retract(fid)
    assert "(number 10)" not in texts(session)
    with pytest.raises(UsageError):
        session.retract(999)


def test_trace_records_matches_asserts_and_why(session):
    session.assert_fact(session.stage_fact("GO"))
    session.run()
    assert [f.number for f in session.trace] == list(range(1, 7))
    by_text = {f.text: f.id for f in session.facts()}
    firing = session.why(by_text["(pairsum 10)"])
    assert firing.rule == "sum_pair"
    matched = {session_text for fid in firing.matched
               for session_text in [t for t, i in by_text.items() if i == fid]}
    assert {"(double 2 4)", "(double 3 6)"} <= matched
    chain = session.why_chain(by_text["(pairsum 10)"])
    assert [f.rule for f in chain].count("double") == 2
    assert session.why(by_text["(number 1)"]) is None       # an initial fact
    with pytest.raises(UsageError):
        session.why(12345)


def test_every_assert_in_trace_exists_or_was_retracted(session):
    session.assert_fact(session.stage_fact("GO"))
    session.run()
    live = {f.id for f in session.facts()}
    for firing in session.trace:
        for fid in firing.asserted:
            assert fid in live


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_strategies_change_order_and_random_repeats(engine):
    def order(strategy, seed=1):
        s = make(engine)
        s.strategy = strategy
        s.seed(seed)
        s.assert_fact(s.stage_fact("GO"))
        s.run(3)
        return [f.matched for f in s.trace]

    depth, breadth = order("depth"), order("breadth")
    assert depth[0] != breadth[0]              # newest activation first vs oldest first
    runs = {tuple(order("random", seed)) for seed in range(1, 12)}
    assert len(runs) > 1                       # different seeds, different orders
    assert order("random", 5) == order("random", 5)


def test_unknown_strategy_is_a_usage_error(session):
    with pytest.raises(UsageError):
        session.strategy = "sideways"


def test_stage_runner_limit_and_cleanup(session):
    runner = StageRunner(session, [Stage("GO", limit=2)])
    fired = runner.run_all()
    assert fired == {"GO": 2}
    assert all("GO" not in f.text for f in session.facts())   # staging fact retracted


def test_listeners_see_fires_and_facts(session):
    events = []
    session.listeners.append(lambda ev, payload: events.append(ev))
    session.assert_fact(session.stage_fact("GO"))
    session.run(1)
    assert "fire" in events and "assert" in events


def test_rules_and_sources(session):
    assert set(session.rules()) >= {"double", "sum_pair"}
    assert "double" in session.rule_source("double")
    with pytest.raises(UsageError):
        session.rule_source("nope")
