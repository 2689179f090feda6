"""Near answers: a printer's likely slip ranked first, and two clues broken when no word
or name fits all but one (``rules/riddle_near.py``), checked against a plain scan of the
word list and the names.

The riddles are ours: MARGARET spells its answer with two slips (bran/barn, tent/net:
the letter is in the word it is said not to be in).
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.facts.riddle import NEAR_TWO_MIN_LENGTH
from pyengine.puzzles.riddle.parse import ORDINAL_WORDS
from pyengine.puzzles.riddle.solve import solve
from pyengine.words.lists import load
from pyengine.words.names import load_names

MARGARET = ("My first is in mole but not in hole,\nMy second is in cat but not in cut,\n"
            "My third is in rose but not in nose,\nMy fourth is in gate but not in late,\n"
            "My fifth is in lamp but not in lump,\nMy sixth is in bran but not in barn,\n"
            "My seventh is in bee but not in bay,\nMy last is in tent but not in net.\n"
            "My whole is a lady.\n")


def test_two_slips_give_the_answer_that_breaks_two_clues():
    r = solve(MARGARET, near=True, record=True)
    assert r.solutions == [] and r.exit_status == 1
    first = r.near[0]
    assert first.word == "Margaret" and first.name and (first.pos, first.also.pos) == (6, 8)
    assert first.slip and first.also.slip and first.spellings == ()
    assert (first.letter, first.allowed, first.also.letter, first.also.allowed) == \
        ("r", "", "t", "")
    text = r.text()
    assert "words that fit every clue but two:" in text
    assert ("Margaret         breaks 'My sixth is in bran but not in barn,': r here "
            "(in an \"in\" word), the clue allows no letter; and 'My last is in tent but "
            "not in net.': t here (in an \"in\" word), the clue allows no letter") in text
    assert first.as_dict()["also"] == {"breaks": 8, "clue": "My last is in tent but not in net.",
                                       "letter": "t", "allowed": "", "slip": True}
    fired = {f.rule for f in r.session.trace}
    assert {"break_two_clues", "skip_second_broken_clue", "narrow_twice_broken",
            "rank_twice_broken"} <= fired
    assert solve(MARGARET).near is None                 # only when asked


def test_the_cli_gives_the_second_break_in_json(capsys):
    from pyengine.ui.cli import main
    import io
    mp = pytest.MonkeyPatch()
    mp.setattr("sys.stdin", io.StringIO(MARGARET))
    try:
        code = main(["riddle", "solve", "-", "--near", "--json"])
    finally:
        mp.undo()
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["near"][0]["word"] == "Margaret"
    assert data["near"][0]["also"]["breaks"] == 8 and data["near"][0]["slip"] is True


def _riddle(answer: str, broken: set[int], rng: random.Random, words) -> str:
    """A riddle spelling ``answer``, "in X but not in Y" a letter (Y taking as many of
    X's other letters as it can), but at each position of ``broken`` a Y that holds the
    answer's letter too (a printer's slip)."""
    lines = []
    for i, c in enumerate(answer):
        said = rng.choice([w for w in words if c in w])
        others = [w for w in words if (c in w) == (i + 1 in broken)]
        not_in = max(rng.sample(others, min(200, len(others))),
                     key=lambda w: len(set(w) & set(said)))
        lines.append(f"My {ORDINAL_WORDS[i]} is in {said} but not in {not_in}.")
    return "\n".join(lines) + "\n"


def _misses(word: str, letters: dict[int, str]) -> list[int]:
    return [p for p, allowed in letters.items() if word[p - 1] not in allowed]


def _key(written: str) -> str:
    return "".join(c for c in written.lower() if c.isalpha())


def _pools():
    wl, names = load(), load_names()
    return wl, names, [w for w in wl.filter(min_zipf=4.0).words if 4 <= len(w) <= 9]


def test_near_answers_are_what_a_plain_scan_finds():
    """Every listed word and name that breaks the fewest clues (one, or two when none
    breaks one), and none other, on riddles with two slips in them."""
    wl, names, common = _pools()
    rng, checked, two = random.Random(7), 0, 0
    while checked < 5:
        answer = rng.choice([w for w in common if NEAR_TWO_MIN_LENGTH <= len(w)])
        try:
            r = solve(_riddle(answer, set(rng.sample(range(1, len(answer) + 1), 2)), rng,
                              common), near=True, all_solutions=True)
        except UsageError:
            continue                            # a clue word the parser reads as a joiner
        if r.solutions:
            continue                            # the slips still left a word: no near list
        checked += 1
        by_misses: dict[int, set] = {}
        pool = [(w, False) for w in wl.words if len(w) == len(answer)]
        pool += [(k, True) for k in names.keys.words if len(k) == len(answer) and k not in wl]
        for key, is_name in pool:
            by_misses.setdefault(len(_misses(key, r.letters)), set()).add((key, is_name))
        got = {(_key(n.word), n.name) for n in r.near if not n.coined}
        want = by_misses.get(1) or by_misses.get(2, set())
        assert got == want and (by_misses.get(1) or (answer, False) in got)
        two += not by_misses.get(1)
        for n in r.near:                        # the breaks it names are its misses
            if n.coined:
                assert _misses(_key(n.word), r.letters) == [n.pos] and not n.also
                continue
            assert _misses(_key(n.word), r.letters) == \
                sorted({n.pos} | ({n.also.pos} if n.also else set()))
            assert n.slip == (n.letter in _said_in(r, n.pos))
    assert two >= 2                             # the two-break tier was checked too


def _said_in(r, pos: int) -> str:
    clue = next(c for c in r.clues if c.pos == pos)
    return clue.text.split(" is in ")[1].split(" but ")[0].rstrip(".,")


def test_a_short_riddle_gets_no_answers_that_break_two_clues():
    short = ("My first is in cat but not in act.\nMy second is in dog but not in god.\n"
             "My third is in pin but not in nip.\nMy last is in sun but not in nus.\n")
    r = solve(short, near=True)
    assert r.solutions == [] and all(n.also is None for n in r.near)


def test_explain_counts_the_chains_of_each_tier_from_the_facts():
    r = solve(MARGARET, near=True, explain=True)
    text = r.text()
    assert ("  near       1 clue broken: 8 chains of words (none kept any), 8 chains of names "
            "(none kept any) (break_clue, narrow_near_miss)") in text
    assert ("  near-two   2 clues broken: 28 chains of words (none kept any), 28 chains of "
            "names (1 kept 1 name)") in text
    assert "rank_twice_broken: the same of those that fit all clues but two" in text


RUTH_BAXTER_SLIPPED = (Path(__file__).parent / "data" / "riddles" / "coined_ruthbaxter.txt") \
    .read_text().replace("in fox but not in for", "in fox but not in box")


def test_a_compound_that_breaks_one_clue_is_coined_after_the_listed_near_answers():
    """A full name of no list, one clue misprinted (fox/box: the x is in both): with
    --near it is coined with that clue passed by, after every listed near answer."""
    assert solve(RUTH_BAXTER_SLIPPED).solutions == []
    r = solve(RUTH_BAXTER_SLIPPED, near=True, record=True, all_solutions=True)
    coined = [n for n in r.near if n.coined]
    assert coined and [n.coined is not None for n in r.near] == \
        sorted(n.coined is not None for n in r.near)                 # listed ones first
    ruth = next(n for n in coined if n.word == "Ruth Baxter")
    assert (ruth.pos, ruth.letter, ruth.allowed, ruth.slip) == (7, "x", "f", True)
    assert r.near[0] is ruth                          # the only slip: first
    assert ruth.coined == ("Ruth", "Baxter") and ruth.spellings == ()
    assert ruth.as_dict()["kind"] == "coined" and ruth.as_dict()["coined"] == ["Ruth", "Baxter"]
    assert "Ruth Baxter      (coined: Ruth + Baxter) breaks 'My seventh is in fox but not " \
        "in box,': x here (in an \"in\" word), the clues allow f" in r.text()
    assert {"split_with_a_broken_clue", "pass_broken_clue", "join_near_halves"} <= \
        {f.rule for f in r.session.trace}
    explained = solve(RUTH_BAXTER_SLIPPED, near=True, explain=True).text()
    assert "  coin-near  " in explained and "that break one clue, first Ruth Baxter " \
        "(split_with_a_broken_clue, pass_broken_clue, join_near_halves)" in explained
    for n in coined:                    # each fits every clue but the one it breaks
        assert _misses(_key(n.word), r.letters) == [n.pos]
