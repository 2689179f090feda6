"""Words fit for a classroom (issue 23): the offensive-word list, ``is_offensive``,
and every word a make action chooses (riddle answers and clue words, a made hive's
answers and seed word, a made board's word list) left out of it unless
``allow_offensive``; the scramble's make chooses no word (the rivers or yours).

The default run makes about 120 puzzles (some 10 s); ``-m heavy`` adds 10,000 riddles
and 1,000 of every other make (some 15 minutes)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import pyengine
from pyengine.engine.errors import UsageError
from pyengine.words.lists import load
from pyengine.words.offensive import clean, found_in, is_offensive, words

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "facts" / "words" / "offensive.txt"
INNOCENT = ("scunthorpe", "cocktail", "analysis", "grape", "therapist", "assess", "classic",
            "button", "butter", "cocker", "tested", "testing", "tortured", "herpes", "sussex",
            "essex", "passes", "classes", "shitake", "grapes", "therapists", "sniggers")


def _offensive_in(shown) -> list[str]:
    return sorted({w for w in shown if is_offensive(w)})


# -- the list and the test ------------------------------------------------------------------
def test_the_list_file_is_sorted_unique_lower_case_words():
    text = LIST.read_bytes().decode("ascii")
    assert text.endswith("\n") and "\r" not in text
    lines = text[:-1].split("\n")
    assert lines == sorted(set(lines))
    assert all(re.fullmatch(r"[a-z]+", w) for w in lines)
    assert frozenset(lines) == words()
    assert {"penis", "rape", "whore", "vagina", "nigger", "chink", "gook", "spic", "kike",
            "coon", "wetback", "faggot"} <= words()


@pytest.mark.parametrize("word", ["Penises", "whores", "raped", "raping", "rapes", "shitting",
                                  "fuckers", "bitches", "NIGGERS", "chinks", "vaginas"])
def test_listed_words_and_their_inflections_are_offensive(word):
    assert is_offensive(word)


@pytest.mark.parametrize("word", INNOCENT)
def test_innocent_words_pass(word):
    assert not is_offensive(word)


def test_the_ordinary_words_the_build_keeps_out_pass():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_offensive
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert not _offensive_in(build_offensive.ORDINARY)
    assert not build_offensive.ORDINARY & words()


def test_a_clean_list_is_cached_keeps_its_label_and_stays_clean_when_filtered():
    wl = load(None)
    cleaned = clean(wl)
    assert cleaned is clean(wl) and cleaned.label == wl.label
    dropped = found_in(wl)
    assert len(cleaned) == len(wl) - len(dropped) and {"penis", "penises", "rape"} <= dropped
    assert not _offensive_in(cleaned.words)
    assert not _offensive_in(cleaned.common().words)
    assert set(dropped) == {w for w in wl.words if is_offensive(w)}


def test_words_a_user_types_are_not_filtered():
    assert pyengine.make("riddle", word="penis", seed=1).riddles[0].answer == "penis"
    assert "rape" in pyengine.solve("bee", letters="aeginpr", center="p").puzzle.answers
    assert "cunt" in pyengine.solve("boggle", board="cuntxxxxxxxxxxxx").result.words


def test_an_offensive_bee_seed_word_is_refused_unless_allowed():
    with pytest.raises(UsageError, match="offensive-word list.*--allow-offensive"):
        pyengine.make("bee", word="fuckers", seed=1)


# -- what the makes show -------------------------------------------------------------------
def _riddle_words(made) -> list[str]:
    return [r.answer for r in made.riddles] + [
        h.word for r in made.riddles for c in r.clues for h in c.halves]


def test_the_riddle_makers_pools_are_clean():
    from pyengine.puzzles.riddle.make import RiddleFactory
    factory = RiddleFactory()
    assert not _offensive_in(factory.common.words)
    assert not _offensive_in(factory.clues.words)
    assert "penis" in factory.words        # the rivals are still counted in the whole list


def _riddles(seeds, count):
    for seed in seeds:
        made = pyengine.make("riddle", count=count, seed=seed)
        assert len(made.riddles) == count
        assert not _offensive_in(_riddle_words(made)), seed


def test_riddles_show_no_offensive_word():
    _riddles((5,), 100)             # the issue's --count 100 --seed 5 made "Solution: Penis"


@pytest.mark.heavy
def test_ten_thousand_riddles_show_no_offensive_word():
    _riddles(range(1, 11), 1000)


def _shown(kind: str, seed: int) -> list[str]:
    """The words a puzzle of ``kind`` made with ``seed`` shows: a hive's answers and seed
    word, a board's word list, a scramble's words."""
    if kind == "bee":
        pz = pyengine.make("bee", seed=seed).puzzle
        return pz.answers + [pz.seed_word]
    if kind == "boggle":
        return list(pyengine.make("boggle", seed=seed, solve=True).solved.words)
    return list(pyengine.make("scramble", seed=seed, swaps=10).words)


def _made_show_none(kind: str, seeds) -> None:
    for seed in seeds:
        assert not _offensive_in(_shown(kind, seed)), (kind, seed)


def test_hives_show_no_offensive_word():
    from pyengine.puzzles.bee.engine import choice_words
    assert not _offensive_in(choice_words().words)
    assert "labia" in choice_words(allow_offensive=True).words
    _made_show_none("bee", range(1, 9))


def test_boards_show_no_offensive_word():
    _made_show_none("boggle", range(1, 9))


def test_scrambles_choose_no_word():
    _made_show_none("scramble", range(1, 6))


@pytest.mark.heavy
@pytest.mark.parametrize("kind", ["bee", "boggle", "scramble"])
def test_a_thousand_of_every_other_make_show_no_offensive_word(kind):
    _made_show_none(kind, range(1, 1001))


# -- allow_offensive lifts the filter -------------------------------------------------------
def test_allow_offensive_lifts_the_filter():
    riddles = _riddle_words(pyengine.make("riddle", count=3, seed=1, allow_offensive=True))
    assert _offensive_in(riddles)               # seed 1 draws one ("condoms")
    assert not _offensive_in(_riddle_words(pyengine.make("riddle", count=3, seed=1)))
    assert "labia" in pyengine.make("bee", seed=3, allow_offensive=True).puzzle.answers
    assert "labia" not in pyengine.make("bee", seed=3).puzzle.answers
    played = pyengine.run("bee", "play", seed=3, lines=["!giveup"], allow_offensive=True)
    assert "labia" in played.puzzle.answers
    assert "labia" not in pyengine.run("bee", "play", seed=3, lines=["!giveup"]).puzzle.answers
    board = pyengine.make("boggle", seed=1, solve=True, allow_offensive=True)
    assert {"cunt", "tits"} <= set(board.solved.words)
    plain = pyengine.make("boggle", seed=1, solve=True)
    assert plain.board.spec("/") == board.board.spec("/")    # the same board, fewer words
    assert set(board.solved.words) - set(plain.solved.words) == {"cunt", "tit", "tits"}


def test_coined_compounds_take_no_offensive_half():
    """Found by a tester (2026-11-29): sixteen loose clues no word fits were answered
    'Unexpectedsexual' (unexpected + sexual): the solver chose that half itself."""
    from pyengine.puzzles.riddle.parse import ORDINAL_WORDS
    from pyengine.puzzles.riddle.solve import solve
    text = "".join(f"My {o} is {'in jx' if n in (4, 13) else 'not in qz'}\n"
                   for n, o in enumerate(ORDINAL_WORDS[:16], 1))
    coined = [s.coined for s in solve(text, all_solutions=True).solutions if s.coined]
    assert coined and not _offensive_in(half for pair in coined for half in pair)
