"""Letter riddles in the old printed style: names (one or more words), 'my next',
pronoun and one-word clues, two clues on a line, filler words."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.puzzles.riddle.parse import EXCLUDE, INCLUDE, parse_riddle
from pyengine.puzzles.riddle.solve import solve
from pyengine.words.names import load_names

DATA = Path(__file__).parent / "data" / "riddles"
ANSWERS = json.loads((DATA / "answers.json").read_text())
OLD = sorted(n for n in ANSWERS if n.startswith("old_"))
I, X = INCLUDE, EXCLUDE


# -- the list of names --------------------------------------------------------------------

def test_names_are_keyed_by_their_letters_and_kept_as_written():
    names = load_names()
    assert names.name("hadrianswall") == "Hadrian's Wall"
    assert names.name("joanofarc") == "Joan of Arc"
    assert "wordsworth" in names.keys and "milton" in names.keys
    assert all(k.isascii() and k.isalpha() and k.islower() for k in names.keys.words[:500])
    assert load_names() is names


def test_names_file_is_small_and_licensed():
    notice = (DATA.parents[2] / "facts" / "words" / "NOTICE.md").read_text()
    assert "names.tsv.gz" in notice and "build_names.py" in notice
    assert (DATA.parents[2] / "facts" / "words" / "names.tsv.gz").stat().st_size < 1_000_000


# -- old printed phrasings -------------------------------------------------------------------

@pytest.mark.parametrize("text,clues", [
    ("My first is in cat\nMy next\u2019s in river, but not in lake;",
     {1: [(I, "cat")], 2: [(I, "river"), (X, "lake")]}),
    ("My first is in cat\nMy second is in mine, but not in theirs.\nMy third\u2019s in us.",
     {1: [(I, "cat")], 2: [(I, "mine"), (X, "theirs")], 3: [(I, "us")]}),
    ("My first is in shilling, my second in pound.", {1: [(I, "shilling")], 2: [(I, "pound")]}),
    ("My first in oak you clearly see", {1: [(I, "oak")]}),
    ("My first is in oak you may see", {1: [(I, "oak")]}),
    ("My first in oak you\u2019ll find", {1: [(I, "oak")]}),
    ("My first in oak is seen", {1: [(I, "oak")]}),
    ("My first is in me, but not in my.", {1: [(I, "me"), (X, "my")]}),
    ("My first is in bus, but not in our;", {1: [(I, "bus"), (X, "our")]}),
    ("My first is in \u2018oak\u2019 but not in \u2018ash\u2019", {1: [(I, "oak"), (X, "ash")]}),
    ("My first is in the well but not in a swamp", {1: [(I, "well"), (X, "swamp")]}),
])
def test_old_phrasings_are_read(text, clues):
    parsed = parse_riddle(text)
    assert {c.pos: [(h.valence, h.word) for h in c.halves] for c in parsed.clues} == clues


@pytest.mark.parametrize("text,needle", [
    ("My next is in oak", "line 1: 'My next' before any other clue"),
    ("My first is in oak, sea and sky", "cannot tell the two clue words"),
    ("My first is in cake\nMy next is in lake\nMy second is in bake", "second clue for letter 2"),
])
def test_ambiguous_old_phrasings_are_refused_naming_the_line(text, needle):
    with pytest.raises(UsageError) as err:
        parse_riddle(text)
    assert needle in str(err.value) and "\n" not in str(err.value)


# -- names in riddles ------------------------------------------------------------------------

def test_at_least_fifteen_old_style_riddles_names_and_two_word_names():
    answers = [ANSWERS[n] for n in OLD]
    assert len(OLD) >= 15
    assert sum(a[:1].isupper() for a in answers) >= 8
    assert sum(" " in a for a in answers) >= 4
    assert sum(a.islower() for a in answers) >= 4


@pytest.mark.parametrize("name", OLD)
def test_old_style_riddles_rank_their_answer_first(name):
    r = solve((DATA / f"{name}.txt").read_text())
    assert r.best == ANSWERS[name]


def test_a_name_is_printed_as_written_with_its_evidence():
    r = solve((DATA / "old_hadrians_wall.txt").read_text())
    top = r.solutions[0]
    assert top.name and top.word == "Hadrian's Wall" and top.tier is None
    assert "wall is a hypernym of Hadrian's Wall" in top.because
    assert r.text().splitlines()[0].split("(")[0].strip() == "1. Hadrian's Wall"
    assert r.as_dict()["solutions"][0]["kind"] == "name"


def test_names_are_searched_by_rules_only_when_asked_or_when_no_word_fits():
    r = solve((DATA / "old_thames.txt").read_text(), record=True)     # 'thaler' fits too
    fired = {f.rule for f in r.session.trace}
    assert {"search_names_when_hint_asks", "start_with_names_of_length",
            "narrow_names_by_letter_set", "rank_solutions_and_names"} <= fired
    plain = solve((DATA / "earls.txt").read_text(), record=True)
    assert "start_with_names_of_length" not in {f.rule for f in plain.session.trace}
    clues_only = "\n".join((DATA / "old_keats.txt").read_text().splitlines()[:-1])
    r = solve(clues_only, record=True)           # no hint: no word fits, so names
    assert r.best == "Keats"
    assert "search_names_when_no_word_fits" in {f.rule for f in r.session.trace}


def test_words_come_before_names_without_hint_evidence():
    r = solve("My first is in tab but not in tub\nMy second is in rose\nMy last is in ten\n"
              "A Famous Old Riddle")
    kinds = [s.name for s in r.solutions if not s.score]
    assert kinds == sorted(kinds)           # False (words) before True (names)


@pytest.mark.parametrize("word", ["see", "note", "view", "they", "ever", "meet"])
def test_printed_filler_words_still_serve_as_written_clue_words(word):
    from pyengine.puzzles.riddle.parse import HalfClue
    from pyengine.puzzles.riddle.write import write_line
    import random
    pairs = [(HalfClue(I, "deans"), HalfClue(I, word)), (HalfClue(I, word), HalfClue(I, "deans")),
             (HalfClue(X, word), HalfClue(X, "deans")), (HalfClue(I, word), HalfClue(X, "deans"))]
    for halves in pairs:
        for seed in range(4):
            line = "My first " + write_line(halves, random.Random(seed))
            got = parse_riddle(line).clues[0].halves
            want = sorted((h.valence, h.word) for h in halves)
            assert sorted((h.valence, h.word) for h in got) == want, line


# -- the shipped data is rebuilt byte for byte -------------------------------------------------

ROOT = DATA.parents[2]


@pytest.mark.parametrize("script,out,needs", [
    ("build_lexicon.py", "lexicon.tsv.gz", ["/usr/share/wordnet/data.noun"]),
    ("build_names.py", "names.tsv.gz", ["/usr/share/wordnet/data.noun",
                                        "/usr/share/dict/scowl/english-proper-names.35"]),
])
def test_build_scripts_rebuild_the_shipped_files(tmp_path, script, out, needs):
    import subprocess
    import sys
    for need in needs:
        if not Path(need).exists():
            pytest.skip(f"needs {need} (apt-get install -y wordnet-base scowl)")
    if script == "build_names.py":
        pytest.importorskip("wordfreq", reason="needs the build extra (wordfreq)")
    subprocess.run([sys.executable, str(ROOT / "scripts" / script), "--out",
                    str(tmp_path / out)], check=True, capture_output=True)
    assert (tmp_path / out).read_bytes() == (ROOT / "facts" / "words" / out).read_bytes()
