"""Stepping back in an experta engine loaded from a file (`pyengine shell experta
FILE.py`, `Inspector.from_engine("FILE.py")`): every reopened plan must use the class
loaded the first time; loading the file again made a new class whose network no
snapshot fits, and `back` failed with "a different network"."""
import textwrap

from pyengine.engine import timeline as T
from pyengine.engine.timeline import Timeline
from pyengine.ui.notebook import Inspector
from pyengine.ui.sessions import opener

ENGINE = textwrap.dedent("""
    from pyengine.experta import KnowledgeEngine, Rule, Fact, DefFacts, MATCH, AS

    class Counter(Fact):
        pass

    class Counting(KnowledgeEngine):
        @DefFacts()
        def start(self):
            yield Counter(n=0)

        @Rule(AS.f << Counter(n=MATCH.n))
        def count_up(self, f, n):
            if n < 1500:
                self.modify(f, n=n + 1)
""")


def counter_text(session) -> str:
    return [f.text for f in session.facts()][0]


def test_the_shell_steps_back_from_a_snapshot(tmp_path, monkeypatch):
    path = tmp_path / "counting.py"
    path.write_text(ENGINE)
    factory = opener("experta", [str(path)])
    assert type(factory().session.ke) is type(factory().session.ke)
    restores = []
    monkeypatch.setattr(T.Timeline, "_start_from", _counting(T.Timeline._start_from, restores))
    monkeypatch.setattr(T, "SNAPSHOT_COST_RATIO", 0)        # every snapshot, however slow
    tl = Timeline(factory)
    assert tl.runner.walk(1200) == 1200 and tl.snapshots
    tl.back(1)
    assert counter_text(tl.session) == "(counter (n 1199))"
    assert restores == [T.SNAPSHOT_EVERY * (1199 // T.SNAPSHOT_EVERY)]     # not from 0


def test_the_notebook_steps_back_in_a_file_engine(tmp_path):
    path = tmp_path / "counting.py"
    path.write_text(ENGINE)
    inspector = Inspector.from_engine(str(path))
    inspector.run(1200)
    inspector.back(1)
    assert "(counter (n 1199))" in str(inspector.facts())


def _counting(start_from, restores):
    def wrapped(self, target, end):
        plan, runner, journaled = start_from(self, target, end)
        restores.append(self._replayed_from)
        return plan, runner, journaled
    return wrapped
