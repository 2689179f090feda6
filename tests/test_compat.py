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


def test_matcher_speed_ups_apply_once_and_keep_negations():
    from pyengine.engine.compat import _merge_match, speed_up_matcher
    from experta.matchers.rete.token import Token

    first = Token.__new__
    speed_up_matcher()                                  # a second call changes nothing
    assert Token.__new__ is first and Token._pyengine_fast
    context = {"x": 1}
    assert _merge_match(context, {"y": 2}) and context == {"x": 1, "y": 2}
    assert not _merge_match({"x": 1}, {"x": 3})           # a bound name must agree
    assert not _merge_match({"x": 1}, {(False, "x"): 1})  # a negated binding must differ
    assert _merge_match({"x": 1}, {(False, "x"): 2})
