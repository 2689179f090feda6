"""All seven strategies are accepted wherever a strategy is: the session contract,
a stage plan, the shell's ``strategy`` and ``--stage NAME:LIMIT:STRATEGY`` /
``--strategy``, and the notebook, on both engines."""
import io
from pathlib import Path

import pytest

from pyengine.engine.session import STRATEGIES
from pyengine.engine.stages import Stage, StageRunner
from pyengine.ui.notebook import Inspector
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell
from tests.conformance.harness import session

ROOT = Path(__file__).resolve().parent.parent.parent
CONTRACT_CLP = ROOT / "tests" / "engines" / "contract_rules.clp"
CONTRACT_PY = ROOT / "tests" / "engines" / "contract_rules.py"
SEVEN = ("depth", "breadth", "random", "lex", "mea", "simplicity", "complexity")


def test_the_contract_lists_seven():
    assert STRATEGIES == SEVEN


def _opener(engine: str, *words: str):
    if engine == "clips":
        return opener("clp", [str(CONTRACT_CLP), *words])
    return opener("experta", [f"{CONTRACT_PY}:Contract", *words])


@pytest.mark.parametrize("engine", ["clips", "experta"])
@pytest.mark.parametrize("strategy", SEVEN)
def test_session_and_stage_plan(engine, strategy):
    s = session("grandparent", engine, "depth")
    s.strategy = strategy
    assert s.strategy == strategy
    s.strategy = "depth"
    runner = StageRunner(s, [Stage("GO", limit=3, strategy=strategy)], seed=2)
    runner.run_all()
    assert s.strategy == "depth" and len(s.trace) == 3


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_shell_and_command_line(engine):
    for strategy in SEVEN:
        factory = _opener(engine, "--stage", f"GO:2:{strategy}", "--strategy", strategy)
        out = io.StringIO()
        shell = Shell(factory(), factory, stdin=io.StringIO(f"strategy {strategy}\nrun\n"),
                      stdout=out)
        shell.cmdloop()
        assert shell.errors == 0 and f";; strategy {strategy}" in out.getvalue()
        assert shell.session.strategy == strategy


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_notebook(engine):
    ins = Inspector(_opener(engine, "--stage", "GO")())
    for strategy in SEVEN:
        assert str(ins.strategy(strategy)) == f"strategy {strategy}"
