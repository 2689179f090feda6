"""Coined compounds (two listed words joined, a title before a name, a name's
possessive before a word) and near spellings (a listed name one letter away from a
string that fits): the ``coin`` stage and ``--near``.

The riddles are ours: tests/data/riddles/coined_*.txt spell compounds no list holds
(frog + pond, moon + wolf, castle + garden, Colonel + Custer, Nelson's + Column);
TCHAIKOWSKY is the old spelling of a name the names list holds as Tchaikovsky.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from pyengine.facts.riddle import (
    COIN_HALVES,
    COIN_MIN_HALF,
    COIN_MIN_ZIPF,
    COIN_PER_CUT,
    COIN_SHAPES,
    COIN_TITLES,
    Coined,
    CoinHalf,
)

from hypothesis import given
from hypothesis import strategies as st

from pyengine.puzzles.riddle.near import MAX_SPELLINGS, NearWord, _folded_letters, _respelled
from pyengine.puzzles.riddle.solve import solve
from pyengine.words.lists import load
from pyengine.words.names import load_names

DATA = Path(__file__).parent / "data" / "riddles"
COINED = {"coined_frogpond": ("frog", "pond"), "coined_moonwolf": ("moon", "wolf"),
          "coined_castlegarden": ("castle", "garden")}

# 12 letters, loose clues: many compounds fit (battle/bottle/castle/cattle + garden/...)
LOOSE = """My first is in became,
My second is in ago,
My third is in sat,
My fourth is in act,
My fifth is in all,
My sixth is in bee,
My seventh is in growth,
My eighth is in add,
My ninth is in air,
My tenth is in add,
My eleventh is in bee,
My last is in anna.
"""

TCHAIKOWSKY = """My first is in sheets but not in checks,
My second is in cast but not in arts,
My third is in shares but not in agrees,
My fourth is in stable but not in subtle,
My fifth is in slim but not in slam,
My sixth is in mask but not in aims,
My seventh is in smooth but not in themes,
My eighth is in wants but not in nasty,
My ninth is in stairs but not in arctic,
My tenth is in disk but not in aids,
My last is in loyal but not in allow.
"""


def _fits(word: str, letters: dict[int, str]) -> bool:
    return all(word[p - 1] in allowed for p, allowed in letters.items())


@pytest.mark.parametrize("name", sorted(COINED))
def test_a_coined_answer_is_found_marked_and_fits_every_clue(name):
    left, right = COINED[name]
    r = solve((DATA / f"{name}.txt").read_text(), record=True)
    assert r.count == 0 and r.exit_status == 0          # no listed word, a coined one
    first = r.solutions[0]
    assert first.word == left + right and first.coined == (left, right)
    assert all(s.coined for s in r.solutions)
    assert all(_fits(s.word, r.letters) for s in r.solutions)
    d = first.as_dict()
    assert d["kind"] == "coined" and d["coined"] == [left, right]
    assert f"(coined: {left} + {right})" in r.text()
    fired = {f.rule for f in r.session.trace}
    assert {"split_at_cuts", "narrow_coin_half", "narrow_right_half", "join_halves"} <= fired


def test_coined_answers_rank_after_listed_ones_and_never_beside_them():
    earls = solve((DATA / "earls.txt").read_text(), record=True)
    assert earls.best == "earls"
    assert not any(s.coined for s in earls.solutions)
    assert not earls.session.records(CoinHalf) and not earls.session.records(Coined)
    assert "coined" not in json.dumps(earls.as_dict()["solutions"])
    # a riddle answered only by compounds: ranked by the less familiar half, best first
    loose = solve(LOOSE, all_solutions=True)
    assert loose.solutions and all(s.coined for s in loose.solutions)
    zipfs = [s.zipf for s in loose.solutions]
    assert zipfs == sorted(zipfs, reverse=True)
    assert len({s.word for s in loose.solutions}) == len(loose.solutions)


def test_coined_work_is_bounded_on_a_twelve_letter_riddle():
    words = load(None)
    familiar = words.filter(min_zipf=COIN_MIN_ZIPF)
    r = solve(LOOSE, record=True, all_solutions=True)
    halves = [h for h in r.session.records(CoinHalf) if h["shape"] == "words"]
    cuts = range(COIN_MIN_HALF, 12 - COIN_MIN_HALF + 1)
    assert sorted({h["cut"] for h in halves}) == list(cuts)
    assert len(halves) == 2 * len(cuts)                 # 14 halves, one per side per cut
    fired = [f.rule for f in r.session.trace]
    narrowings = fired.count("narrow_coin_half") + fired.count("narrow_right_half")
    every_cut = {(h["shape"], h["cut"]) for h in r.session.records(CoinHalf)}
    assert narrowings <= 12 * len(every_cut)            # each cut: once per position
    coined = [f for f in r.session.records(Coined) if f["shape"] == "words"]
    by_cut: dict[int, int] = {}
    for f in coined:
        by_cut[len(f["left"])] = by_cut.get(len(f["left"]), 0) + 1
        assert len(f["left"]) >= COIN_MIN_HALF and len(f["right"]) >= COIN_MIN_HALF
        assert familiar.zipf(f["left"]) >= COIN_MIN_ZIPF <= familiar.zipf(f["right"])
        assert _fits(f["word"], r.letters)
    assert by_cut and max(by_cut.values()) <= COIN_PER_CUT
    for h in halves:                                    # every half: at most K kept
        kept = familiar.ranked(h["words"].words())[:COIN_HALVES]
        side = "left" if h["side"] == "left" else "right"
        used = {f[side] for f in coined if len(f["left"]) == h["cut"]}
        assert used <= set(kept)
    named = [s for s in r.solutions if s.name]
    assert len(r.solutions) - len(named) <= len(cuts) * COIN_PER_CUT
    # the titled and possessive shapes: one cut per length of title or possessive
    other = [h for h in r.session.records(CoinHalf) if h["shape"] != "words"]
    title_cuts = {len(t) for t in COIN_TITLES if len(t) <= 12 - COIN_MIN_HALF}
    assert {h["cut"] for h in other if h["shape"] == "titled"} == title_cuts
    assert {h["cut"] for h in other if h["shape"] == "possessive"} == \
        set(range(COIN_MIN_HALF + 1, 12 - COIN_MIN_HALF + 1))


def test_coined_on_the_command_line(capsys):
    from pyengine.ui.cli import main
    code = main(["riddle", "solve", str(DATA / "coined_moonwolf.txt"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["count"] == 0
    assert data["solutions"][0]["word"] == "moonwolf"
    assert data["solutions"][0]["coined"] == ["moon", "wolf"]
    code = main(["riddle", "solve", str(DATA / "coined_moonwolf.txt")])
    assert "Moonwolf         (coined: moon + wolf)" in capsys.readouterr().out


# -- near spellings -------------------------------------------------------------------

def test_a_listed_name_one_letter_away_is_offered_with_its_letter():
    r = solve(TCHAIKOWSKY, near=True, record=True)
    assert r.solutions == [] and r.exit_status == 1
    found = [n for n in r.near if n.word == "Tchaikovsky"]
    assert len(found) == 1
    near = found[0]
    assert near.name and near.pos == 8 and near.letter == "v" and near.allowed == "w"
    assert near.clue == "My eighth is in wants but not in nasty,"
    assert "Tchaikovsky      breaks 'My eighth is in wants but not in nasty,': " \
           "v here, the clues allow w; spelled Tchaikowsky" in r.text()
    assert near.as_dict() == {"word": "Tchaikovsky", "kind": "name", "breaks": 8,
                              "clue": "My eighth is in wants but not in nasty,",
                              "letter": "v", "allowed": "w", "slip": False,
                              "spellings": ["Tchaikowsky"], "also": None,
                              "score": 0, "because": []}
    fired = {f.rule for f in r.session.trace}
    assert {"break_clue_of_names", "narrow_near_miss", "rank_near_misses"} <= fired
    # the variant spelling is the only difference: the name fits every other clue
    fixed = "tchaikowsky"
    assert all(fixed[p - 1] in allowed for p, allowed in r.letters.items())


def test_near_spellings_rank_words_before_names_and_say_the_variant_letter():
    frog = (DATA / "frog.txt").read_text().replace("in river and in rain",
                                                   "in river and in pan")
    r = solve(frog, near=True)
    # the hint's points first, then a likely slip (its letter in a word the clue says
    # it is in: r in river), then words before names
    order = [(-n.score, not n.slip, n.name) for n in r.near]
    assert order == sorted(order) and len({n.slip for n in r.near}) == 2
    first = r.near[0]
    assert first.word == "frog" and first.letter == "r" and first.allowed == "" and first.slip
    assert 'r here (in an "in" word), the clue allows no letter' in r.text()
    assert all(n.letter in "river pan" for n in r.near if n.slip)
    assert not any(n.letter in "riverpan" for n in r.near if not n.slip)
    assert solve(TCHAIKOWSKY).near is None              # only when asked


def test_a_near_answer_is_respelled_with_allowed_letters_of_its_own_kind():
    near = NearWord("Mount Etna", 6, "clue", letter="e", allowed="abinsy", name=True)
    assert near.spellings == ("Mount Atna", "Mount Itna", "Mount Ytna")   # vowels and y
    assert NearWord("frog", 2, "clue", letter="r", allowed="").spellings == ()
    # a consonant for a consonant, the case as written, apostrophes not counted
    assert NearWord("Hadrian's Wall", 8, "c", letter="s", allowed="atz",
                    name=True).spellings == ("Hadrian't Wall", "Hadrian'z Wall")
    assert NearWord("Hadrian's Wall", 9, "c", letter="w", allowed="b",
                    name=True).spellings == ("Hadrian's Ball",)
    # letters as the names list keys them: accents folded, a dotless i or a ligature
    assert NearWord("Adapazarı", 8, "c", letter="r", allowed="l",
                    name=True).spellings == ("Adapazalı",)
    assert NearWord("Đakovo", 1, "c", letter="a", allowed="o",
                    name=True).spellings == ("Đokovo",)
    assert NearWord("Abaeté", 6, "c", letter="e", allowed="a",
                    name=True).spellings == ("Abaeta",)
    assert NearWord("ĳssel", 1, "c", letter="i", allowed="e", name=True).spellings == ()
    many = NearWord("tent", 2, "c", letter="e", allowed="aiouy")
    assert len(many.allowed) > MAX_SPELLINGS and many.spellings == ()  # says little


@given(st.text(alphabet="ab '-", min_size=1, max_size=12).filter(
    lambda t: any(c.isalpha() for c in t)), st.data())
def test_respelling_changes_the_one_letter_at_its_position(written, data):
    letters = [i for i, c in enumerate(written) if c.isalpha()]
    pos = data.draw(st.integers(1, len(letters)))
    got = _respelled(written, pos, "z")
    assert got is not None
    changed = [i for i, (a, b) in enumerate(zip(written, got)) if a != b]
    assert len(got) == len(written) and changed == [letters[pos - 1]]


NAMED = {"coined_colonelcuster": ("Colonel Custer", "titled", "split_after_titles"),
         "coined_ruthbaxter": ("Ruth Baxter", "full name", "split_after_given_names"),
         "coined_nelsonscolumn": ("Nelson's Column", "possessive", "split_after_possessives")}


@pytest.mark.parametrize("name", sorted(NAMED))
def test_a_title_a_given_name_or_a_possessive_before_a_name_is_coined_as_written(name):
    written, shape, rule = NAMED[name]
    key = "".join(c for c in written.lower() if c.isalpha())
    assert key not in load_names().keys            # no list holds it: the coin stage made it
    r = solve((DATA / f"{name}.txt").read_text(), record=True)
    assert r.count == 0 and r.exit_status == 0
    first = r.solutions[0]
    assert first.word == written and first.name and first.coined == tuple(written.split(" "))
    assert first.as_dict()["kind"] == "coined"
    assert f"{written:<16} (coined: {written.split(' ')[0]} + {written.split(' ')[1]})" \
        in r.text()
    fired = {f.rule for f in r.session.trace}
    assert {rule, "join_halves"} <= fired
    made = [f for f in r.session.records(Coined) if f["written"] == written]
    assert made and made[0]["shape"] == shape
    assert all(_fits(s.word.lower().replace(" ", "").replace("'", ""), r.letters)
               for s in r.solutions)


# 11 letters, one word a clue (drawn at random from familiar words): every shape coins
SHAPED = """My first is in legend.
My second is in pattern.
My third is in ferry.
My fourth is in liquid.
My fifth is in resolve.
My sixth is in capable.
My seventh is in screwed.
My eighth is in fights.
My ninth is in against.
My tenth is in waited.
My eleventh is in enabled.
"""


def test_compounds_rank_two_words_before_titles_before_possessives():
    assert list(COIN_SHAPES) == ["words", "titled", "full name", "possessive"]
    assert list(COIN_TITLES) == sorted(set(COIN_TITLES))     # a sorted word list
    r = solve(SHAPED, record=True, all_solutions=True)
    shapes = [f["shape"] for f in sorted(r.session.records(Coined), key=lambda f: f["key"])]
    assert shapes == sorted(shapes, key=list(COIN_SHAPES).index)
    assert set(shapes) == set(COIN_SHAPES) - {"full name"}     # no full name fits here
    explained = solve(SHAPED, explain=True).text()
    for shape, rule in (("words", "split_at_cuts"), ("titled", "split_after_titles"),
                        ("possessive", "split_after_possessives")):
        assert f"  coin       {shape}: " in explained and f"({rule}, join_halves)" in explained
    kinds = [s.name for s in r.solutions]
    assert kinds == sorted(kinds) and r.exit_status == 0      # words, then the names


def test_a_possessive_is_a_name_of_one_word_and_its_s():
    names = load_names()
    single, possessive = names.single(), names.possessives()
    assert len(single) == len(possessive) and "cleopatra" in single
    assert "cleopatras" in possessive and names.possessor("cleopatras") == "Cleopatra's"
    assert possessive.zipf100("cleopatras") == single.zipf100("cleopatra") > 0
    assert list(possessive.words) == sorted(possessive.words)
    assert all(names.written[k].isalpha() for k in single.words[::97])
    assert "tomwolfe" in names.keys and "tomwolfe" not in single   # Tom Wolfe: two words


def test_respelling_any_listed_name_changes_just_that_letter_of_its_key():
    names = load_names()
    odd = [k for k in names.keys.words if not names.name(k).isascii()]
    assert len(odd) > 1000                       # GeoNames' places as written
    for key in odd:
        written = names.name(key)
        for pos in range(1, len(key) + 1):
            got = _respelled(written, pos, "z")
            if got is not None:
                assert "".join(map(_folded_letters, got)) == key[:pos - 1] + "z" + key[pos:]
