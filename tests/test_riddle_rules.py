"""Letter riddles: the rules carry the reasoning.

The maker's fast twin of the collapse rules agrees with the rules; the maker checks
uniqueness with the solver's own narrowing rules and redraws through matched facts;
every staged rule opens with its ``Stage`` pattern and no rule scans the fact base;
the riddle declaration works through the Python API and the inspector."""
from __future__ import annotations

import inspect
import random
from pathlib import Path

import pytest
from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)
from experta import Rule  # noqa: E402

import pyengine
from pyengine.engine.errors import UsageError
from pyengine.engine.stages import Stage as Step, StageRunner
from pyengine.facts.riddle import Candidates, Clue, LetterSet, Rivals
from pyengine.engine.staging import Stage
from pyengine.puzzles.riddle.clues import ClueIndex, collapse_letters
from pyengine.puzzles.riddle.make import RiddleFactory, first_stages, is_unique, round_stages
from pyengine.puzzles.riddle.parse import EXCLUDE, INCLUDE, HalfClue, ParsedClue, ParsedRiddle
from pyengine.puzzles.riddle.solve import solve, solver_session
from pyengine.rules.riddle import RiddleMaker, RiddleSolver
from pyengine.words.lists import load

EARLS = Path(__file__).parent / "data" / "riddles" / "earls.txt"
KINDS = {"include-exclude": (INCLUDE, EXCLUDE), "include-include": (INCLUDE, INCLUDE),
         "exclude-exclude": (EXCLUDE, EXCLUDE)}


def rule_letter_sets(pairs: list[tuple[str, str, str, str]]) -> dict[int, frozenset]:
    """The letter sets the collapse rules conclude for two-word clues, by position."""
    clues = [ParsedClue(p, (HalfClue(va, a), HalfClue(vb, b)))
             for p, (va, a, vb, b) in enumerate(pairs, start=1)]
    session = solver_session(ParsedRiddle(clues), record=False)
    StageRunner(session, [Step("place"), Step("collapse")]).run_all()
    return {f["pos"]: f["letters"] for f in session.records(LetterSet)}


def test_fast_collapse_twin_agrees_with_the_rules():
    rng = random.Random(7)
    pool = [w for w in load().common().words if 3 <= len(w) <= 9]
    pairs, kinds = [], []
    for _ in range(120):
        kind = rng.choice(list(KINDS))
        va, vb = KINDS[kind]
        pairs.append((va, rng.choice(pool), vb, rng.choice(pool)))
        kinds.append(kind)
    ruled = rule_letter_sets(pairs)
    for p, (kind, (_va, a, _vb, b)) in enumerate(zip(kinds, pairs), start=1):
        assert collapse_letters(kind, frozenset(a), frozenset(b)) == ruled[p], (kind, a, b)


def test_drawn_clues_allow_the_letter_and_none_to_avoid_by_the_rules():
    index = ClueIndex(load().common().words)
    rng = random.Random(3)
    letters = "etaoinsrh"
    pairs = [index.draw(c, rng, avoid={"a", "o"} - {c}) for c in letters]
    ruled = rule_letter_sets(pairs)
    for p, c in enumerate(letters, start=1):
        assert c in ruled[p] and not ruled[p] & ({"a", "o"} - {c})


# -- the maker -------------------------------------------------------------------------------
def made_with_trace(factory: RiddleFactory, answer: str, seed: int):
    """The maker's loop (as in RiddleFactory.make), recorded: (session, rounds)."""
    rng = random.Random(seed)
    session = factory.session(answer, rng, record=True)
    StageRunner(session, first_stages()).run_all()
    rounds = 1
    while not is_unique(session):
        StageRunner(session, round_stages()).run_all()
        rounds += 1
        assert rounds < 40
    return session, rounds


@pytest.fixture(scope="module")
def factory():
    return RiddleFactory()


def test_the_maker_checks_uniqueness_with_the_solvers_rules(factory):
    redrawn = 0
    for seed in range(8):
        session, rounds = made_with_trace(factory, "garden", seed)
        fired = [f.rule for f in session.trace]
        assert "narrow_by_letter_set" in fired and "count_rivals" in fired
        if rounds > 1:
            redrawn += 1
            assert {"choose_clue_to_redraw", "drop_clue_to_redraw", "drop_letter_set_to_redraw",
                    "drop_candidates_narrowed_by_it", "draw_clue_ruling_out_rivals"} <= set(fired)
        # one chain of candidates, one per position, ending in the answer alone
        chain = sorted((f["upto"], f["words"].count) for f in session.records(Candidates))
        assert [u for u, _ in chain] == list(range(7))
        assert chain[-1][1] == 1 and session.records(Rivals)[0]["count"] == 0
        # the solver, on the clues the maker kept, finds the answer alone
        clues = sorted(session.records(Clue), key=lambda f: f["pos"])
        parsed = ParsedRiddle([ParsedClue(f["pos"], tuple(HalfClue(v, w) for v, w in f.halves()))
                               for f in clues])
        assert [s.word for s in solve(parsed).solutions] == ["garden"]
    assert redrawn >= 2


def test_staged_rules_open_with_the_stage_and_scan_no_facts():
    for engine in (RiddleSolver, RiddleMaker):
        for name, rule in inspect.getmembers(engine, lambda m: isinstance(m, Rule)):
            staged = [type(p) is Stage for p in rule]
            if any(staged):
                assert staged[0], f"{engine.__name__}.{name}: Stage is not the first pattern"
    import pyengine.rules.riddle as rules
    assert "self.facts" not in inspect.getsource(rules)


# -- the declaration: Python API and inspector ----------------------------------------------
def test_riddle_through_the_python_api():
    r = pyengine.solve("riddle", text=EARLS.read_text())
    assert r.best == "earls" and r.exit_status == 0 and r.text().splitlines()[0].split()[1] == "Earls"
    assert pyengine.solve("riddle", file=str(EARLS), all=True).limit is None
    made = pyengine.make("riddle", word="teacup", seed=7)
    assert made.as_dict()["seed"] == 7 and made.text().endswith("Solution: Teacup\n\n(seed 7)")
    assert pyengine.solve("riddle", text=made.riddles[0].text).best == "teacup"
    with pytest.raises(UsageError, match="--count"):
        pyengine.make("riddle", count=0)
    with pytest.raises(UsageError, match="--length"):
        pyengine.make("riddle", length="9-3")


def test_riddle_in_the_inspector():
    ins = pyengine.open("riddle", text=EARLS.read_text())
    ins.run_all()
    assert any(f.name == "solution" for f in ins.session.facts())
    ins = pyengine.open("riddle", "make", word="earls", seed=3)
    ins.run_all()
    assert is_unique(ins.session)
