"""The contract's watches, rule output, rule sources and the stage runner's events,
on both engines."""
from pathlib import Path

import pytest

from pyengine.engine.compat import experta  # noqa: F401
from pyengine.engine.errors import EngineHalted, UsageError
from pyengine.engine.stages import PLAN_DONE, STAGE_BEGIN, STAGE_END, Stage, StageRunner
from tests.engines.test_contract import make

from experta import MATCH, Fact, KnowledgeEngine, Rule  # noqa: E402

ENGINES = ["clips", "experta"]

TALKER_CLP = """
;; Say hello to every name.
(defrule greet
   (name ?n)
   =>
   (printout t "hello " ?n crlf))
"""


class Name(Fact):
    pass


class Talker(KnowledgeEngine):
    # Say hello to every name.
    @Rule(Name(MATCH.n))
    def greet(self, n):
        print("hello", n)


def talker(engine: str, tmp_path: Path):
    if engine == "clips":
        from pyengine.engine.clips import ClipsSession
        path = tmp_path / "talker.clp"
        path.write_text(TALKER_CLP)
        s = ClipsSession([path])
    else:
        from pyengine.engine.experta import ExpertaSession
        s = ExpertaSession(Talker)
    s.reset()
    return s


@pytest.fixture(params=ENGINES)
def session(request):
    return make(request.param)


# -- watch -------------------------------------------------------------------------------

def test_watch_rules_off_keeps_no_trace_on(session):
    session.watch("rules", False)
    assert not session.watching("rules")
    session.assert_fact(session.stage_fact("GO"))
    assert session.run() == 6
    assert session.trace == []
    session.watch("rules", True)
    assert session.watching("rules")
    session.assert_fact("(number 5)")
    session.run()
    assert [f.rule for f in session.trace] == ["double", "sum_pair", "sum_pair", "sum_pair"]


def test_watch_activations_sends_activation_events(session):
    events = []
    session.listeners.append(lambda ev, p: events.append((ev, p)))
    session.assert_fact(session.stage_fact("GO"))
    assert not [e for e, _ in events if e == "activate"]          # not watched yet
    session.watch("activations", True)
    assert session.watching("activations")
    session.assert_fact("(number 4)")
    acts = [p for e, p in events if e == "activate"]
    assert [(a.rule, a.salience) for a in acts] == [("double", 0)]
    session.watch("activations", False)
    session.assert_fact("(number 6)")
    assert len([e for e, _ in events if e == "activate"]) == 1


def test_watch_rejects_unknown_items(session):
    with pytest.raises(UsageError):
        session.watch("everything", True)


# -- rule output and quiet errors --------------------------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
def test_rule_output_is_an_event_in_place_and_kept(engine, tmp_path, capsys):
    s = talker(engine, tmp_path)
    events = []
    s.listeners.append(lambda ev, p: events.append((ev, str(p))))
    s.assert_fact("(name Ada)")
    s.run()
    kinds = [e for e, _ in events]
    assert kinds.index("fire") < kinds.index("output")
    assert ("output", "hello Ada") in events
    assert s.printed == ["hello Ada"]
    assert capsys.readouterr().out == ""        # not on the process's stdout


@pytest.mark.parametrize("engine", ENGINES)
def test_quiet_keeps_the_engines_error_text_off_stderr(engine, capfd):
    s = make(engine)
    s.quiet(True)
    with pytest.raises(UsageError):
        s.assert_fact("(number")       # our reader refuses it: nothing reaches the engine
    assert capfd.readouterr().err == ""


def test_quiet_keeps_clips_error_text_in_diagnostics(capfd):
    from pyengine.engine.clips import ClipsSession
    s = ClipsSession(constructs=["(defrule add-badly (go ?x) => (printout t (+ 1 ?x) crlf))"])
    s.reset()
    s.quiet(True)
    s.assert_fact("(go a)")
    with pytest.raises(EngineHalted, match=r"^firing 1: \[ARGACCES"):
        s.run()                 # the firing made, its action cut, CLIPS's words said
    assert capfd.readouterr().err == ""
    assert any("ARGACCES" in line for line in s.diagnostics)
    assert [f.rule for f in s.trace] == ["add-badly"]


# -- rule sources ----------------------------------------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
def test_rule_source_is_as_written_with_its_comment(engine, tmp_path):
    s = talker(engine, tmp_path)
    text = s.rule_source("greet")
    first, rest = text.split("\n", 1)
    assert first.lstrip("#; ") == "Say hello to every name."
    assert ("(defrule greet" if engine == "clips" else "def greet(self, n):") in rest
    with pytest.raises(UsageError):
        s.rule_source("nope")


def test_clips_rule_source_is_as_built_and_pretty_rule_is_clips_own_form():
    from pyengine.engine.clips import ClipsSession
    s = ClipsSession(constructs=["(defrule r (a) => (assert (b)))"])
    assert s.rule_source("r") == "(defrule r (a) => (assert (b)))"
    assert s.pretty_rule("r").splitlines() == ["(defrule MAIN::r", "   (a)", "   =>",
                                               "   (assert (b)))"]


def test_clips_rule_source_is_the_text_loaded_not_the_file_now(tmp_path):
    from pyengine.engine.clips import ClipsSession
    path = tmp_path / "r.clp"
    path.write_text(";; says a\n(defrule r (a) => (assert (b)))\n")
    s = ClipsSession([path])
    path.write_text("(defrule r (z) => (assert (y)))\n")             # edited afterwards
    assert s.rule_source("r") == ";; says a\n(defrule r (a) => (assert (b)))"


# -- the stage runner's events ----------------------------------------------------------------

def test_runner_events_in_order(session):
    events = []
    runner = StageRunner(session, [Stage("GO", limit=2), Stage("GO")])
    runner.subscribe(lambda ev, p: events.append((ev, p)))
    runner.run_all()
    kinds = [e for e, _ in events]
    assert kinds[0] == "assert" and kinds[1] == STAGE_BEGIN
    begin = events[1][1]
    assert begin.stage.name == "GO" and begin.index == 0 and begin.fact_id == events[0][1].id
    ends = [p for e, p in events if e == STAGE_END]
    # a new (GO) fact: every rule matches it afresh
    assert [(p.index, p.fired) for p in ends] == [(0, 2), (1, 6)]
    assert kinds.count("fire") == 8 and kinds[-1] == PLAN_DONE
    # the staging fact is retracted before its stage-end event
    first_end = kinds.index(STAGE_END)
    assert events[first_end - 1] == ("retract", events[first_end - 1][1])
    assert events[first_end - 1][1].id == begin.fact_id


def test_unsubscribed_runner_leaves_the_session_alone(session):
    runner = StageRunner(session, [Stage("GO")])
    seen = []
    runner.subscribe(lambda ev, p: seen.append(ev))
    assert len(session.listeners) == 1
    runner.close()
    assert session.listeners == []
    runner.run_all()
    assert seen == []


def test_walk_steps_across_stages_and_stops_where_told(session):
    runner = StageRunner(session, [Stage("GO", limit=1), Stage("GO", limit=2), Stage("GO")])
    assert runner.walk(1) == 1
    assert runner.index == 1 and not runner.active       # the limit ended stage 0
    assert runner.walk(None, until=1) == 2
    assert runner.index == 2
    assert runner.walk(None) == 6                        # a new (GO): all match afresh
    assert runner.done and runner.fired == {"GO": 6}
    assert runner.walk(5) == 0                            # after the plan: the agenda is empty


def test_walk_fires_past_the_plan_when_the_agenda_has_more(session):
    runner = StageRunner(session, [])
    session.assert_fact(session.stage_fact("GO"))
    assert runner.walk(2) == 2
    assert runner.walk(None, until=0) == 0                 # no stage to stop after
    assert runner.walk(None) == 4


@pytest.mark.parametrize("engine", ENGINES)
def test_a_fact_asserted_again_by_hand_is_no_event(engine, tmp_path):
    """CLIPS gives a duplicate back instead of a new fact: nothing changed, so the
    listeners (the web page's lists, a notebook's log, ``watch facts``) hear nothing."""
    s = talker(engine, tmp_path)
    s.reset()
    heard: list = []
    s.listeners.append(lambda event, payload: heard.append((event, payload.id)))
    first = s.assert_fact("(name Ada)")
    again = s.assert_fact("(name Ada)")
    assert again == first
    assert heard == [("assert", first)]


def test_a_modify_that_makes_a_fact_equal_to_another_keeps_that_one(tmp_path):
    """CLIPS keeps no two equal facts: a modify that makes f-2 equal to f-1 retracts
    f-2 and gives f-1 back; both sessions say so, and the shell too."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.experta import ExpertaSession
    path = tmp_path / "two.clp"
    path.write_text("(deftemplate c (slot n))\n(deffacts d (c (n 1)) (c (n 2)))\n")
    for make in (ClipsSession, ExpertaSession.from_clp):
        s = make([path])
        s.reset()
        heard: list = []
        s.listeners.append(lambda event, p, out=heard: out.append((event, p.id)))
        assert s.modify(2, {"n": 1}) == 1
        assert [f.text for f in s.facts()] == ["(c (n 1))"]
        assert heard == [("retract", 2)]
