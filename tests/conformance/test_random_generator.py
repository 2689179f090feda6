"""Random numbers and the random strategy, against CLIPS 6.4 itself (clipspy).

CLIPS draws every random number from the C library's ``rand()`` (``genrand`` in
``core/sysdep.c``; ``(seed n)`` is ``srand``): one for ``(random)``, mapped into
``[a, b]`` as ``a + r mod (b - a + 1)``, and one for every activation it makes,
whatever the strategy (``AddActivation``: the activation's ``randomID``). The random
strategy puts the lower number first, the older activation first on a tie. Our engine
has glibc's generator as an object per session, so the same seed and the same calls
give the same numbers, the same agenda and the same firings.
"""
import ctypes
import sys
from pathlib import Path

import clips
import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.rete.crand import CRand

TESTS_CLP = Path(__file__).resolve().parent / "programs" / "tests.clp"
glibc = pytest.mark.skipif(not sys.platform.startswith("linux"),
                           reason="CLIPS's numbers are the C library's: glibc's here")

ROLL = """
(deffacts d (roll 0))
(defrule roll
  ?r <- (roll ?n&:(< ?n 6))
  =>
  (retract ?r)
  (bind ?x (random 1 100))
  (assert (roll (+ ?n 1)) (value ?n ?x)))
"""

PAIRS = """
(deffacts d (x 1) (x 2) (x 3) (x 4) (x 5) (y a) (y b))
(defrule r (x ?n) (y ?m) => (assert (seen ?n ?m (random))))
(defrule high (declare (salience 5)) (x ?n&:(> ?n 3)) => (assert (high ?n)))
(defrule last (declare (salience -1)) => (assert (done (random -10 10))))
"""


def _real(text: str, steps) -> list:
    """Run ``steps`` on a CLIPS environment with the program ``text``: a command
    evaluated, ``seed N`` (the session's seed on ours), ``reset``, ``agenda`` (its
    lines) or ``facts`` (their ids and texts)."""
    env = clips.Environment()
    for construct in _constructs(text):
        env.build(construct)
    return [_step_real(env, step) for step in steps]


def _step_real(env, step):
    if step.startswith("seed "):
        step = f"({step})"
    if step == "reset":
        return env.reset()
    if step == "agenda":
        return [" ".join(str(a).split()) for a in env.activations()]
    if step == "facts":
        return [(f.index, str(f)) for f in env.facts()]
    value = env.eval(step)
    return None if value is None or step.startswith(("(run", "(set-")) else str(value)


def _ours(tmp_path, text: str, steps) -> list:
    path = tmp_path / "program.clp"
    path.write_text(text)
    s = ExpertaSession.from_clp([str(path)])
    return [_step_ours(s, step) for step in steps]


def _step_ours(s, step):
    if step.startswith("seed "):        # the session's seed (the shell's (seed N)): the
        return s.seed(int(step.split()[1]))     # next reset seeds the generator with it
    if step == "reset":
        return s.reset()
    if step == "agenda":
        return [" ".join(str(a).split()) for a in s.agenda()]
    if step == "facts":
        return [(f.id, f.text) for f in s.facts()]
    if step.startswith("(set-strategy"):
        s.strategy = step.split()[1].rstrip(")")
        return None
    if step.startswith("(run"):
        words = step.strip("()").split()
        s.run(int(words[1]) if len(words) > 1 else None)
        return None
    result = s.command(step)
    return result.lines[-1] if result.lines else None


def _constructs(text: str) -> list[str]:
    out, depth, start = [], 0, None
    for i, ch in enumerate(text):
        if ch == "(":
            start = i if depth == 0 else start
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                out.append(text[start:i + 1])
    return out


@glibc
def test_the_generator_is_the_c_library_s():
    libc = ctypes.CDLL(None)
    for seed in (0, 1, 11, 42, 2**31 - 1, 2**31, 2**32 - 1, -5, 2**40 + 7):
        libc.srand(ctypes.c_uint(seed & 0xFFFFFFFF))
        wanted = [libc.rand() for _ in range(700)]
        ours = CRand(seed)
        assert [ours.rand() for _ in range(700)] == wanted, seed


@glibc
@pytest.mark.parametrize("calls", [
    ["(seed 11)", "(random)", "(random 1 100)", "(random 1 100)", "(random -5 5)"],
    ["(seed 7)", "(random 3 3)", "(random 0 2147483647)", "(seed 7)", "(random)"],
    ["(seed -3)", "(random)", "(seed 4294967297)", "(random)", "(seed 0)", "(random 1 6)"],
    ["(seed 5)", "(random 1 (random 2 9))", "(random (random) 5)", "(random)"],
])
def test_random_and_seed_give_clips_s_numbers(tmp_path, calls):
    assert _ours(tmp_path, "(deffacts none)", calls) == _real("(deffacts none)", calls)


@glibc
def test_every_activation_draws_a_number_as_clips_s_do(tmp_path):
    """The tester's program: each firing asserts a fact that activates the rule again,
    and that activation's draw comes between two (random)s (CLIPS: 24 98 | 73 50 70)."""
    steps = ["seed 5", "reset", "(seed 11)", "(run 2)", "(seed 99)", "(run 3)", "facts"]
    real = _real(ROLL, steps)
    ours = _ours(tmp_path, ROLL, steps)
    assert ours[-1] == real[-1]
    assert [text for _, text in real[-1] if "value" in text][:2] == \
        ["(value 0 24)", "(value 1 98)"]


@glibc
@pytest.mark.parametrize("seed", [42, 3, 2026])
@pytest.mark.parametrize("strategy_first", [True, False])
def test_the_random_strategy_places_activations_as_clips_does(tmp_path, seed, strategy_first):
    """Each activation's place is its draw (lower first; salience first of all); a
    strategy set after the reset sorts the activations by the numbers they drew."""
    order = ["(set-strategy random)", f"seed {seed}", "reset"] if strategy_first \
        else [f"seed {seed}", "reset", "(set-strategy random)"]
    steps = order + ["agenda", "(run 4)", "agenda", "(random)", "(run)", "facts"]
    real = _real(PAIRS, steps)
    ours = _ours(tmp_path, PAIRS, steps)
    assert ours == real


def _session_run(session, seed: int) -> tuple:
    session.seed(seed)
    session.reset()
    session.strategy = "random"
    agenda = [str(a) for a in session.agenda()]
    session.run()
    return agenda, [(f.rule, f.matched) for f in session.trace], sorted(
        f.text for f in session.facts())


@glibc
@pytest.mark.parametrize("seed", [1, 42, 4000000000])
def test_a_seeded_session_is_the_same_on_both_engines(tmp_path, seed):
    """The session contract: seed, then reset, then random: the same agenda, the same
    firings and the same facts on CLIPS and on ours."""
    path = tmp_path / "pairs.clp"
    path.write_text(PAIRS)
    clips_side = _session_run(ClipsSession([str(path)]), seed)
    ours = _session_run(ExpertaSession.from_clp([str(path)]), seed)
    assert ours == clips_side


def test_a_snapshot_keeps_the_generator_and_the_draws(tmp_path):
    """Stepping back on our engine: a restored snapshot goes on with the same numbers
    and the same random order as the run it was taken from."""
    from pyengine.engine import experta_snapshot
    path = tmp_path / "pairs.clp"
    path.write_text(PAIRS)
    first = ExpertaSession.from_clp([str(path)])
    first.seed(9)
    first.reset()
    first.strategy = "random"
    first.run(3)
    snap = experta_snapshot.snapshot(first)
    first.run()
    later = sorted(f.text for f in first.facts())
    again = ExpertaSession.from_clp([str(path)])
    experta_snapshot.restore(again, snap)
    again.run()
    assert sorted(f.text for f in again.facts()) == later


@glibc
def test_rules_in_python_draw_as_clips_s_rules_do():
    """A KnowledgeEngine on our engine (its rules in Python) and its twin in CLIPS."""
    from tests.conformance.twins_b import Tests
    clips_side = _session_run(ClipsSession([str(TESTS_CLP)]), 5)
    assert _session_run(ExpertaSession(Tests), 5) == clips_side


@glibc
def test_each_reset_starts_again_from_the_session_s_seed(tmp_path):
    """Both sessions seed the generator at every reset (the session's seed, else 1),
    so a reset after a run gives the first agenda again, alike on both engines."""
    path = tmp_path / "pairs.clp"
    path.write_text(PAIRS)
    seen = []
    for session in (ClipsSession([str(path)]), ExpertaSession.from_clp([str(path)])):
        session.strategy = "random"
        agendas = []
        for seed in (None, 77, None):
            if seed is not None:
                session.seed(seed)
            session.reset()
            agendas.append([str(a) for a in session.agenda()])
            session.run(3)
        assert agendas[1] == agendas[2] != agendas[0]
        seen.append(agendas)
    assert seen[0] == seen[1]
