"""Ctrl-C during a run (engine/interrupt.py): the run stops between two firings with
its facts, trace, count and stage whole, then raises KeyboardInterrupt; a recorded
CLIPS run used to drop the key inside a cffi callback and loop for ever."""
import signal

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.interrupt import CHUNK
from pyengine.engine.stages import SessionPlan, Stage
from pyengine.engine.timeline import Timeline
from pyengine.experta import Fact, KnowledgeEngine, Rule, MATCH, AS

pytestmark = pytest.mark.skipif(
    signal.getsignal(signal.SIGINT) is not signal.default_int_handler,
    reason="the test runner handles SIGINT itself")

PRESS_AT = 1234         # the firing whose action presses Ctrl-C

COUNTER_CLP = [
    "(deftemplate counter (slot n))",
    "(deffacts start (counter (n 0)))",
    "(defrule count-up ?f <- (counter (n ?n&:(< ?n 20000))) => "     # ends, even unheard
    f"(if (= (+ ?n 1) {PRESS_AT}) then (press-ctrl-c)) (modify ?f (n (+ ?n 1))))",
]


def press_ctrl_c():
    signal.raise_signal(signal.SIGINT)


def press_once():
    """The key pressed the first time round only (a replay runs the rule again)."""
    if not pressed:
        pressed.append(True)
        press_ctrl_c()


pressed: list = []


def clips_counter(record=True, press=press_ctrl_c):
    s = ClipsSession(record=record)
    s.provide(**{"press-ctrl-c": press})     # before the rule that calls it
    for construct in COUNTER_CLP:
        s.env.build(construct)
    s.reset()
    return s


class Counter(Fact):
    pass


class Counting(KnowledgeEngine):
    presses = 1

    @Rule(AS.f << Counter(n=MATCH.n))
    def count_up(self, f, n):
        if n + 1 == PRESS_AT:
            for _ in range(self.presses):
                press_ctrl_c()
        self.modify(f, n=n + 1)


def experta_counter(presses=1):
    s = ExpertaSession(type("Counting", (Counting,), {"presses": presses}))
    s.reset()
    s.assert_fact(Counter(n=0))
    return s


def counter_value(session) -> int:
    (fact,) = [f for f in session.facts() if "counter" in f.text.lower()]
    return int(fact.text.rstrip(")").split()[-1].rstrip(")"))


@pytest.mark.parametrize("record", [True, False])
def test_clips_run_stops_after_the_key_within_its_chunk(record):
    """The watchdog halts CLIPS's rules at its next look (the firing under way ends);
    the end of the chunk the key fell in at the latest (a chunk of slow firings took
    minutes before)."""
    s = clips_counter(record)
    with pytest.raises(KeyboardInterrupt):
        s.run()
    stop = s.fired_total
    assert PRESS_AT <= stop <= -(-PRESS_AT // CHUNK) * CHUNK and stop == counter_value(s)
    assert len(s.trace) == (stop if record else 0)
    assert s.run(5) == 5 and counter_value(s) == stop + 5      # and it goes on


def test_experta_run_stops_after_the_firing_that_pressed():
    s = experta_counter()
    with pytest.raises(KeyboardInterrupt):
        s.run()
    assert s.fired_total == PRESS_AT == counter_value(s) == len(s.trace)
    assert s.run(3) == 3 and counter_value(s) == PRESS_AT + 3


def test_a_second_ctrl_c_raises_at_once():
    s = experta_counter(presses=2)
    with pytest.raises(KeyboardInterrupt):
        s.run()
    assert counter_value(s) == PRESS_AT - 1      # raised inside the action, before modify
    assert s.fired_total == len(s.trace) == PRESS_AT - 1 + 1    # the firing cut is one
    assert s.trace[-1].rule == "count_up"        # (it was lost: back could not go to it)


def test_ctrl_c_at_a_read_prompt_ends_the_input():
    s = ClipsSession(constructs=["""
        (defrule ask => (printout t "name? ") (assert (answer (read))))"""])
    s.reset()

    def reader(prompt):
        press_ctrl_c()
        return "never"
    s.set_input(reader)
    with pytest.raises(KeyboardInterrupt):
        s.run()
    assert [f.text for f in s.facts()] == ["(answer EOF)"]
    assert s.fired_total == 1


def test_the_stage_and_the_timeline_count_an_interrupted_walk():
    pressed.clear()
    tl = Timeline(lambda: SessionPlan(clips_counter(press=press_once), [Stage("count")]))
    with pytest.raises(KeyboardInterrupt):
        tl.runner.walk(None)
    stop = tl.fired
    assert tl.runner.fired_in_stage == stop > 0
    assert tl.runner.walk(7) == 7
    plan = tl.goto(stop + 1)                     # replays the interrupted walk exactly
    assert counter_value(plan.session) == stop
    assert tl.runner.walk(7) == 7 and counter_value(tl.session) == stop + 7


def test_a_second_ctrl_c_halts_an_endless_clips_action_that_prints():
    import os
    import threading
    import time
    s = ClipsSession(constructs=["""(defrule spin => (bind ?i 0)
        (while (< ?i 3000000) (bind ?i (+ ?i 1)) (printout t "tick " ?i crlf)))"""])
    s.reset()

    def press_twice():
        for _ in range(2):
            time.sleep(0.3)
            os.kill(os.getpid(), signal.SIGINT)
    presser = threading.Thread(target=press_twice)
    presser.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        s.run()
    presser.join()
    assert time.monotonic() - started < 20            # halted, not run to its end
    assert s.fired_total == 1 and not s.printed[-1].endswith("3000000")
    s.assert_fact("(after)")                           # the environment works on
    assert [f.text for f in s.facts()] == ["(after)"]
