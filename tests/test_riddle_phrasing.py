"""Ways of saying a letter clue that a tester found read wrongly (2026-11-29): each
gave a confident wrong answer with exit 0. Now each is read as meant, or refused with
its line where it stays ambiguous."""
import pytest

from pyengine.engine.errors import UsageError
from pyengine.puzzles.riddle.parse import parse_riddle


def halves(text: str) -> list[tuple[str, str]]:
    (clue,) = parse_riddle(text).clues
    return [(h.valence, h.word) for h in clue.halves]


IN, OUT = "include", "exclude"


@pytest.mark.parametrize("text, read", [
    # other ways of saying "not in"
    ("My first is in cleat but cannot be found in octet", [(IN, "cleat"), (OUT, "octet")]),
    ("My first is in cleat but can't be found in octet", [(IN, "cleat"), (OUT, "octet")]),
    ("My first is in cleat but does not appear in octet", [(IN, "cleat"), (OUT, "octet")]),
    ("My first is in cleat but is absent from octet", [(IN, "cleat"), (OUT, "octet")]),
    ("My first is in cat but missing from hat", [(IN, "cat"), (OUT, "hat")]),
    ("My first is in cat but is lacking in hat", [(IN, "cat"), (OUT, "hat")]),
    ("My first is in cleat but ne'er in octet", [(IN, "cleat"), (OUT, "octet")]),
    ("My first is in cat but you won't find it in hat", [(IN, "cat"), (OUT, "hat")]),
    ("My first is in cat but don't look in hat", [(IN, "cat"), (OUT, "hat")]),
    # a contraction where a clue word stands is the word (a printed riddle: "in can't")
    ("My first is in can't but not in could", [(IN, "cant"), (OUT, "could")]),
    # words the parser reads as filler, where only a clue word can stand
    ("My first is neither in dog nor always", [(OUT, "dog"), (OUT, "always")]),
    ("My first is in sea and well", [(IN, "sea"), (IN, "well")]),
    ("My first is in oak but not in ink, elk or may",
     [(IN, "oak"), (OUT, "ink"), (OUT, "elk"), (OUT, "may")]),
    ("My first is neither in cat nor my", [(OUT, "cat"), (OUT, "my")]),
    ("My first is in dilemma, not in fight, readily or little",
     [(IN, "dilemma"), (OUT, "fight"), (OUT, "readily"), (OUT, "little")]),
    # and as filler still
    ("My first is in deans and can be seen in slats", [(IN, "deans"), (IN, "slats")]),
    ("My first is in cat, and is not in hat", [(IN, "cat"), (OUT, "hat")]),
])
def test_a_clue_is_read_as_meant(text, read):
    assert halves(text) == read


def test_a_line_running_on_a_clue_of_several_words_is_part_of_it():
    riddle = parse_riddle("My first is in rather, in relay and in rulers,\n"
                          "  but not in crystal\nMy last is in ox but not in axe\n")
    assert [(h.valence, h.word) for h in riddle.clues[0].halves] == [
        (IN, "rather"), (IN, "relay"), (IN, "rulers"), (OUT, "crystal")]
    assert riddle.hints == []
    riddle = parse_riddle("My first is in throw and in thaw but not in row,\nnor in heap.\n"
                          "But where am I?\n")
    assert riddle.clues[0].halves[-1].word == "heap" and riddle.hints == ["But where am I?"]


@pytest.mark.parametrize("text, says", [
    ("My first is in cat; in hat it is not.", "'not' after the last clue word"),
    ("My first and last are in toe but not in tie\nMy second is in on\n",
     "a clue names one letter"),
    ("My first is in cat, cab, can, cap, car, cam and caw", "7 clue words"),
    ('My first is in "cat" but not in hat', "'hat' is a clue word too: quote every clue "
                                            "word of a clue, or none"),
    ("My first is in tub but not in but", "'in' is not followed by a clue word: 'but' is "
                                          "read as a joining word \\(put it in quotes"),
    ("My first is in \U0001f600 but not in lake",      # an emoji was dropped unread, and
     "'\U0001f600' is not a letter a-z"),              # the message blamed 'but'
])
def test_what_stays_ambiguous_is_refused(text, says):
    with pytest.raises(UsageError, match=says):
        parse_riddle(text)
