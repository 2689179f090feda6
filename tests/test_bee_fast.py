"""The fast twins of pyengine.puzzles.bee.fast agree with the rules on samples of
hives: letter habits (vet rules), answer counts (list_answers), scores (score
rules and add_to_total), common pangrams (note_common_pangram)."""
from __future__ import annotations

import random

import pytest

from pyengine.facts.bee import CommonPangram, Flaw
from pyengine.puzzles.bee import fast
from pyengine.puzzles.bee.engine import BeeEngine
from pyengine.puzzles.bee.make import Habits
from pyengine.words import bee as bee_words

LETTER_HABITS = ("no-s", "not-e-and-r", "vowels")


@pytest.fixture(scope="module")
def make_engine():
    return BeeEngine(kind="make")


@pytest.fixture(scope="module")
def sample(make_engine):
    """40 random pangram letter sets of the bee list (S, E+R and odd vowel counts
    included), each with a random center."""
    st = fast.mask_stats(make_engine.words)
    rng = random.Random(2)
    masks = rng.sample(sorted(st.pangrams), 40)
    return [(m, rng.choice(fast.letters_of(m))) for m in masks]


def vet(eng, mask, center, habits):
    pz = eng.solve(fast.letters_of(mask), center, habits=habits.facts(), extra=("vet",))
    flaws = {f["habit"] for f in eng.session.records(Flaw)}
    return pz, flaws


@pytest.mark.parametrize("habits", [Habits(), Habits(vowels=(2, 2), not_e_and_r=False),
                                    Habits(no_s=False, vowels=(1, 4))])
def test_letter_habits_twin_agrees_with_the_vet_rules(make_engine, sample, habits):
    broken = 0
    for mask, center in sample:
        _, flaws = vet(make_engine, mask, center, habits)
        rules_ok = not (flaws & set(LETTER_HABITS))
        assert habits.letters_ok(mask) == rules_ok, (fast.letters_of(mask), flaws)
        broken += not rules_ok
    assert 0 < broken < len(sample)          # the sample tells the two cases apart


def test_answer_count_and_common_pangram_twins_agree_with_the_rules(make_engine, sample):
    st = fast.mask_stats(make_engine.words)
    habits = Habits()
    for mask, center in sample:
        pz, _ = vet(make_engine, mask, center, habits)
        assert st.answer_count(mask, center) == len(pz.answers)
        common = {f["word"] for f in make_engine.session.records(CommonPangram)}
        assert common == {p for p in st.pangrams[mask]
                          if make_engine.words.zipf100(p) >= habits.common_zipf100}


@pytest.mark.parametrize("spec", ["bee", "enable1"])
def test_hive_scores_twin_agrees_with_the_score_rules(spec):
    wl = bee_words.load(None if spec == "bee" else "enable1")
    sc = fast.hive_scores(wl, allow_s=True)
    eng = BeeEngine(wl)
    rng = random.Random(5)
    for r in rng.sample(range(len(sc.pangrams)), 25):
        j = rng.randrange(7)
        letters, center = sc.hive(r, j)
        pz = eng.solve(letters, center)
        assert (int(sc.points[r, j]), int(sc.words[r, j])) == (pz.max_score, len(pz.answers))
        assert int(sc.pangram_words[r]) == len(pz.pangrams)


def test_word_points_twin_agrees_per_word():
    import numpy as np
    eng = BeeEngine()
    pz = eng.solve("acdeilp", "c")
    words = pz.answers
    got = fast.word_points(np.array([len(w) for w in words]),
                           np.array([len(set(w)) for w in words]))
    assert dict(zip(words, map(int, got))) == pz.points
