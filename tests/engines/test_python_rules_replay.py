"""Going back replays a session; rules written in Python may draw random numbers or
read a module's variables, so a replay may not repeat what happened. Python's
``random`` is seeded from the session's seed at each reset (and kept in snapshots),
so rules that use it repeat; for what a replay cannot repeat, ``back`` and ``goto``
say so in one line rather than show a state that never was."""
import textwrap

import pytest

from pyengine.ui.notebook import Inspector
from tests.engines.shell_run import shell_experta

RANDOM = textwrap.dedent("""
    import random
    from pyengine.experta import KnowledgeEngine, Rule, Fact, DefFacts, MATCH, AS

    class Tick(Fact):
        pass

    class Light(Fact):
        pass

    class Lights(KnowledgeEngine):
        @DefFacts()
        def start(self):
            for i in range(4):
                yield Tick(i=i)

        @Rule(Tick(i=MATCH.i))
        def pick(self, i):
            self.declare(Light(tick=i, color=random.randint(0, 10 ** 9)))
""")

MODULE_STATE = textwrap.dedent("""
    from pyengine.experta import KnowledgeEngine, Rule, Fact, DefFacts, MATCH

    LOG = []

    class Tick(Fact):
        pass

    class Logged(KnowledgeEngine):
        @DefFacts()
        def start(self):
            for i in range(3):
                yield Tick(i=i)

        @Rule(Tick(i=MATCH.i))
        def note(self, i):
            LOG.append(i)
            self.declare(Fact(seen=i, log=len(LOG)))
""")


def _shell(path, commands: str) -> str:
    done = shell_experta(path, commands)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_rules_that_draw_random_numbers_repeat_on_the_way_back(tmp_path):
    path = tmp_path / "lights.py"
    path.write_text(RANDOM)
    ins = Inspector.from_engine(str(path))
    ins.run(4)
    before = [f.text for f in ins.session.facts()]
    ins.back(2)
    ins.run(2)
    assert [f.text for f in ins.session.facts()] == before
    again = Inspector.from_engine(str(path))     # the same seed: the same numbers
    again.run(4)
    assert [f.text for f in again.session.facts()] == before


def test_a_replay_that_does_not_repeat_is_said(tmp_path):
    path = tmp_path / "logged.py"
    path.write_text(MODULE_STATE)
    out = _shell(path, "step 3\nback 2\nfacts\n")
    warning = [line for line in out.splitlines() if "warning" in line]
    assert len(warning) == 1
    assert "the replay did not repeat what happened" in warning[0]
    assert "f-4 is (fact (seen 2) (log 4)), it was (fact (seen 2) (log 1))" in warning[0]


@pytest.mark.parametrize("program", [RANDOM])
def test_a_replay_that_repeats_says_nothing_more(tmp_path, program):
    path = tmp_path / "lights.py"
    path.write_text(program)
    out = _shell(path, "step 3\nback 2\n")
    assert "warning" not in out
