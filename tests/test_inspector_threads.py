"""An Inspector used from two threads (a run started in a background thread while
another cell looks): each call waits for the one under way, so what it shows is a
state the session was in between calls, never a run half way; an Inspector cannot be
pickled or copied, and says so in one line."""
from __future__ import annotations

import copy
import pickle
import threading
import time

import pytest

from pyengine.engine.errors import UsageError
from pyengine.experta import AS, MATCH, TEST, DefFacts, Fact, KnowledgeEngine, Rule
from pyengine.ui.notebook import Inspector

STEPS = 40
started = threading.Event()


class Count(Fact):
    pass


class Slow(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Count(n=0)

    @Rule(AS.c << Count(n=MATCH.n), TEST(lambda n: n < STEPS))
    def count(self, c, n):
        started.set()
        time.sleep(0.002)
        self.modify(c, n=n + 1)


def test_a_look_from_another_thread_waits_for_the_run():
    started.clear()
    ins = Inspector.from_engine(Slow)
    runner = threading.Thread(target=ins.run)
    runner.start()
    assert started.wait(5)
    seen = [f.text for f in ins.facts()]      # while the run goes on: it waits
    runner.join()
    assert seen == [f"(count (n {STEPS}))"]
    assert len(ins.session.trace) == STEPS


@pytest.mark.parametrize("how", [pickle.dumps, copy.copy, copy.deepcopy])
def test_an_inspector_is_not_pickled_or_copied(how):
    ins = Inspector.from_engine(Slow)
    with pytest.raises(UsageError, match="cannot be pickled or copied"):
        how(ins)


def test_reset_goes_on_reading_where_the_input_stopped_as_the_shell_does(tmp_path):
    """The notebook's reset sent the input lines again, where the shell's --input goes
    on (as CLIPS's stdin): the notebook goes on too; set_input gives new lines."""
    path = tmp_path / "ask.clp"
    path.write_text('(deffacts d (go))\n(defrule ask (go) => (assert (said (read))))\n')
    ins = Inspector.from_clp(path, input=["yes", "no"])
    ins.run()
    assert [f.text for f in ins.facts()] == ["(go)", "(said yes)"]
    ins.reset()
    ins.run()
    assert [f.text for f in ins.facts()] == ["(go)", "(said no)"]
    ins.set_input(["maybe"])
    ins.reset()
    ins.run()
    assert [f.text for f in ins.facts()] == ["(go)", "(said maybe)"]
