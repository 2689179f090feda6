"""experta imports on modern Python through pyengine.engine.compat (its frozendict 1.2 pin)."""
import subprocess
import sys


def test_experta_imports_in_a_fresh_interpreter():
    code = ("import pyengine.engine.compat, experta, frozendict;"
            "d = frozendict.frozendict(a=1); print(d['a'], experta.KnowledgeEngine.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["1", "KnowledgeEngine"]


def test_engine_runs_a_rule():
    from pyengine.engine.compat import experta
    from experta import Fact, KnowledgeEngine, Rule

    class Ping(Fact):
        pass

    class Pong(Fact):
        pass

    class E(KnowledgeEngine):
        @Rule(Ping())
        def answer(self):
            self.declare(Pong())

    e = E()
    e.reset()
    e.declare(Ping())
    e.run()
    assert any(isinstance(f, Pong) for f in e.facts.values())
    assert experta.__name__ == "experta"
