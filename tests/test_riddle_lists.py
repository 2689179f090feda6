"""Clues of three or more words ("My first is in yes, yet and yore") and connectives
used as clue words ("in still but not in stall"): read by the parser, concluded by
the collapse rules (``keep_letters_also_in_word``, ``drop_letters_of_word``)."""
from __future__ import annotations

import random

import pytest

import pyengine
from pyengine.engine.errors import UsageError
from pyengine.puzzles.riddle.parse import EXCLUDE as X
from pyengine.puzzles.riddle.parse import INCLUDE as I  # noqa: E741
from pyengine.puzzles.riddle.parse import ORDINAL_WORDS, parse_riddle
from pyengine.puzzles.riddle.solve import solve
from pyengine.words.letters import ALPHABET


def halves_of(text: str) -> list[tuple[str, str]]:
    (clue,) = parse_riddle(text).clues
    return [(h.valence, h.word) for h in clue.halves]


@pytest.mark.parametrize("text,halves", [
    ("My first is in yes, yet and yore", [(I, "yes"), (I, "yet"), (I, "yore")]),
    ("My first is in bread, in butter and in cheese",
     [(I, "bread"), (I, "butter"), (I, "cheese")]),
    ("My first is in cake, lake and bake", [(I, "cake"), (I, "lake"), (I, "bake")]),
    ("My first is not in cat, dog or mouse", [(X, "cat"), (X, "dog"), (X, "mouse")]),
    ("My first is not in cat, dog, and mouse", [(X, "cat"), (X, "dog"), (X, "mouse")]),
    ("My first is not in tea, but in sea", [(X, "tea"), (I, "sea")]),
    ("My first is not in tea, and in sea", [(X, "tea"), (I, "sea")]),
    ("My first is in tea, yet not in sea", [(I, "tea"), (X, "sea")]),
    ("My first is in tea but still in sea", [(I, "tea"), (I, "sea")]),
    ("My first is in tea and in sea too", [(I, "tea"), (I, "sea")]),
    ("My first is in still but not in stall", [(I, "still"), (X, "stall")]),
    ("My first is in yet, not in yes", [(I, "yet"), (X, "yes")]),
    ("My first is in even, never in oven", [(I, "even"), (X, "oven")]),
    ("My first is in cab, cod and cot, not in dot",
     [(I, "cab"), (I, "cod"), (I, "cot"), (X, "dot")]),
    ("My first is in 'oak', yet not in 'ash'", [(I, "oak"), (X, "ash")]),
])
def test_lists_and_connective_clue_words_are_read(text, halves):
    assert halves_of(text) == halves


@pytest.mark.parametrize("text,needle", [
    ("My first is in the bright red apple", "cannot tell the clue words among bright, red, apple"),
    ("My first is in ant, bee, cat, dog, eel, fox and gnu", "7 clue words, over the limit of 6"),
    ("My first is in but not in lake", "'in' is not followed by a clue word"),
    ("My first is in , not in lake", "'in' is not followed by a clue word"),
])
def test_unreadable_lists_are_refused_on_one_line(text, needle):
    with pytest.raises(UsageError) as err:
        parse_riddle(text)
    assert needle in str(err.value) and "\n" not in str(err.value)


def phrase(halves: list[tuple[str, str]]) -> str:
    """One clue's words written with 'in' / 'not in' before each, joined by commas."""
    return ", ".join(("in " if v == I else "not in ") + w for v, w in halves)


def plain_letters(halves) -> frozenset:
    """An independent reading: a letter fits when every include word has it and no
    exclude word does."""
    return frozenset(c for c in ALPHABET
                     if all((c in w) == (v == I) for v, w in halves))


def test_the_rules_agree_with_a_plain_reading_on_random_lists():
    rng = random.Random(27)
    pool = ["bread", "butter", "cheese", "meadow", "garden", "stone", "river", "tiger",
            "lemon", "candle", "window", "harbour", "violet", "orange", "silver"]
    for _ in range(25):
        n = rng.randint(2, 4)
        clues = [[(rng.choice([I, I, X]), w) for w in rng.sample(pool, rng.randint(1, 5))]
                 for _ in range(n)]
        text = "\n".join(f"My {ORDINAL_WORDS[p]} is {phrase(h)}." for p, h in enumerate(clues))
        got = solve(text).letters
        assert {p: set(got[p]) for p in got} == {
            p + 1: set(plain_letters(h)) for p, h in enumerate(clues)}, text


def test_my_last_keeps_its_later_words_and_the_fact_base_says_how():
    text = ("My first is in cab, cod and cot, not in dot\n"
            "My second is in bat, hat and cat\n"
            "My last is in tea, bet, not in bat, nor in sat\n")
    ins = pyengine.open("riddle", text=text)
    ins.run_all()
    sets = [f.text for f in ins.session.facts() if f.name == "letter-set"]
    assert any("(pos 3)" in t and "(letters e)" in t
               and "in tea and in bet, not in bat, not in sat" in t for t in sets), sets
    assert any("(pos 1)" in t and "(letters c)" in t for t in sets), sets
    assert not [f for f in ins.session.facts() if f.name == "extra-clue-word"]


def test_a_list_clue_decides_the_answer():
    # 'in cake, lake and bake' allows a, k, e only: 'a' then 't' ... ('eat' and 'ate' tie
    # on the other clues, the list rules out 'e' first)
    r = solve("My first is in cake, lake and bake, not in keg\n"
              "My second is in tea, not in sea\nMy third is in eat, not in bat\n")
    assert r.letters[1] == "a" and r.solutions[0].word == "ate"
