"""Run one program on both engines under one strategy: the firings (rule and
matched ids), the final fact base and what the rules printed."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from pyengine.engine.clips import ClipsSession
from pyengine.engine.errors import EngineHalted
from pyengine.engine.experta import ExpertaSession
from tests.conformance import twins_a, twins_b, twins_c

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
PROGRAMS_DIR = HERE / "programs"


def _animals():
    spec = importlib.util.spec_from_file_location("animals_example",
                                                  ROOT / "docs/examples/animals.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Zookeeper


# name -> (the .clp file, the experta engine, input lines for the rules' reads)
PROGRAMS = {
    "grandparent": ("grandparent.clp", lambda: twins_a.Grandparents, None),
    "countdown": ("countdown.clp", lambda: twins_a.Countdown, None),
    "chain3": ("chain3.clp", lambda: twins_a.Chain3, None),
    "join4": ("join4.clp", lambda: twins_a.Join4, None),
    "negation": ("negation.clp", lambda: twins_a.Negation, None),
    "salience": ("salience.clp", lambda: twins_b.Saliences, None),
    "retract_chain": ("retract_chain.clp", lambda: twins_b.RetractChain, None),
    "or_ce": ("or_ce.clp", lambda: twins_b.OrCe, None),
    "tests": ("tests.clp", lambda: twins_b.Tests, None),
    "self_activation": ("self_activation.clp", lambda: twins_b.SelfActivation, None),
    "multi": ("multi.clp", lambda: twins_b.Multi, None),
    "gate": ("gate.clp", lambda: twins_c.GateOpens, None),
    "family": (ROOT / "docs/examples/family.clp", lambda: twins_c.Family, None),
    "animals_tiger": ("animals.clp", _animals, ["yes", "yes"]),
    "animals_penguin": ("animals.clp", _animals, ["no", "no"]),
}
STRATEGIES = ("depth", "breadth", "lex", "mea", "simplicity", "complexity")


def session(program: str, engine: str, strategy: str, seed: int = 1):
    clp, experta_class, lines = PROGRAMS[program]
    if engine == "clips":
        s = ClipsSession([PROGRAMS_DIR / clp])
    else:
        s = ExpertaSession(experta_class())
    s.strategy = strategy
    s.seed(seed)
    if lines is not None:
        todo = list(lines)
        s.set_input(lambda prompt: todo.pop(0) if todo else None)
    s.reset()
    return s


def outcome(program: str, engine: str, strategy: str, limit: int = 500, seed: int = 1):
    """(firings as "rule: ids", final facts as "f-N text", printed lines)."""
    s = session(program, engine, strategy, seed)
    s.run(limit)
    firings = [f"{f.rule.replace('-', '_')}: {','.join(map(str, f.matched))}" for f in s.trace]
    return firings, [f"f-{f.id} {f.text}" for f in s.facts()], list(s.printed)


def run_to_end(session) -> tuple:
    """Reset and run the session: (the rules fired, the printed lines, the facts' texts,
    the error said after the run or None)."""
    session.reset()
    try:
        session.run()
        said = None
    except EngineHalted as exc:
        said = str(exc)
    return ([f.rule for f in session.trace], list(session.printed),
            [f.text for f in session.facts()], said)
