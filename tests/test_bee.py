"""Spelling Bee: rules vs an independent scan, scores, ranks, make, play, best, CLI."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pyengine.puzzles.bee.best import best_hive
from pyengine.puzzles.bee.engine import BeeEngine
from pyengine.puzzles.bee.hive import honeycomb, parse_hive
from pyengine.puzzles.bee.make import Habits, make
from pyengine.puzzles.bee.play import Game
from pyengine.puzzles.bee.solve import solve
from pyengine.words import bee as bee_words
from pyengine.engine.errors import UsageError
from tests.conftest import shared_file

RANK_PCT = {"Beginner": 0, "Good Start": 2, "Moving Up": 5, "Good": 8, "Solid": 15,
            "Nice": 25, "Great": 40, "Amazing": 50, "Genius": 70, "Queen Bee": 100}


def scan(words, letters, center):
    """The seed's plain scan, written again here."""
    ok = set(letters)
    return sorted(w for w in words if len(w) > 3 and center in w and set(w) <= ok)


def nyt_points(w):
    return (1 if len(w) == 4 else len(w)) + (7 if len(set(w)) == 7 else 0)


@pytest.fixture(scope="module")
def engine():
    return BeeEngine()


@pytest.fixture(scope="module")
def play_engine():
    return BeeEngine(kind="play")


@pytest.mark.parametrize("letters,center", [("aeginrt", "r"), ("acdeilp", "c"),
                                            ("bcehiot", "o"), ("lmnoptu", "u")])
def test_answers_equal_an_independent_scan(engine, letters, center):
    pz = engine.solve(letters, center)
    expect = scan(engine.words.words, letters, center)
    assert pz.answers == expect
    assert pz.points == {w: nyt_points(w) for w in expect}
    assert pz.max_score == sum(map(nyt_points, expect))
    assert pz.pangrams == [w for w in expect if len(set(w)) == 7]
    assert pz.perfect == [w for w in pz.pangrams if len(w) == 7]
    for name, pts in pz.ranks:
        assert pts == int(pz.max_score * RANK_PCT[name] / 100 + 0.5)


def test_enable1_known_puzzle():
    wl = bee_words.load("enable1")
    pz = solve("aeginrt", "r", words=wl)
    assert (len(pz.answers), pz.max_score, len(pz.pangrams)) == (537, 3898, 50)
    assert dict(pz.ranks)["Genius"] == 2729 and dict(pz.ranks)["Queen Bee"] == 3898
    assert "tangier" in pz.perfect and "aerating" in pz.pangrams


def test_small_list_exact_scores(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("\n".join(["tear", "rate", "grate", "grating", "tearing", "integrate",
                            "rag", "tent", "gear", "giant"]))
    pz = solve("aeginrt", "r", words=str(f))
    assert pz.answers == ["gear", "grate", "grating", "integrate", "rate", "tear", "tearing"]
    # gear rate tear 1 each, grate 5, grating 7 (no E: not a pangram),
    # tearing 7+7 (perfect), integrate 9+7
    assert pz.max_score == 3 + 5 + 7 + 14 + 16 == 45
    assert pz.perfect == ["tearing"] and pz.pangrams == ["integrate", "tearing"]
    r = dict(pz.ranks)
    # 2% of 45 = 0.9 -> 1, 5% = 2.25 -> 2, 50% = 22.5 -> 23 (halves round up)
    assert (r["Good Start"], r["Moving Up"], r["Good"], r["Solid"], r["Nice"]) == (1, 2, 4, 7, 11)
    assert (r["Great"], r["Amazing"], r["Genius"], r["Queen Bee"]) == (18, 23, 32, 45)


def test_hints_page(engine):
    pz = engine.solve("acdeilp", "c")
    h = engine.hints()
    assert h.words == len(pz.answers) and h.points == pz.max_score
    for letter, row in h.grid.items():
        for n, k in row.items():
            assert k == sum(1 for w in pz.answers if w[0] == letter and len(w) == n)
    assert sum(h.two_letters.values()) == len(pz.answers)
    assert h.bingo == (set(w[0] for w in pz.answers) == set(pz.letters))
    text = h.text(pz.letters)
    assert text.startswith(f"WORDS: {h.words}, POINTS: {h.points}")
    assert "Two letter list:" in text


def test_the_hints_totals_mark_is_one_a_stdout_can_show(engine, monkeypatch):
    """Σ on a stdout that shows it; ``+`` on one that cannot (it was written out as
    ``\\u03a3``, six characters, and the columns after it shifted)."""
    import io
    pz = engine.solve("acdeilp", "c")
    h = engine.hints()
    for encoding, mark in (("utf-8", "Σ"), ("ascii", "+")):
        monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding=encoding))
        lines = h.grid_lines(pz.letters)
        assert lines[-1].startswith(f"{mark}:  ") and lines[0].endswith(f"   {mark}")
        assert len({len(line) for line in lines}) == 1          # the columns line up


@pytest.mark.parametrize("letters,center,msg", [
    ("aeginr", "r", "center R must be another letter"),
    ("aegint", None, "which letter is the center"),
    ("aeGInrt", None, "2 letters are capitals \\(G, I\\): one capital marks the center"),
    ("aegint1", "a", "a-z only"),
    ("aaginrt", "r", "must differ"),
    ("aeginrt", "s", "not one of the hive letters"),
    ("aeginrt", "rr", "one letter"),
    ("abc", "a", "a hive has 7 letters"),
    ("", "a", "no hive letters"),
])
def test_bad_hives(letters, center, msg):
    with pytest.raises(UsageError, match=msg):
        parse_hive(letters, center)


def test_six_outer_letters_and_upper_case_center():
    assert parse_hive("aegint", "r") == ("aeginrt", "r")
    assert parse_hive("aeginRt", None) == ("aeginrt", "r")


def test_rules_report_problems():
    eng = BeeEngine()
    eng.load_hive("abcdefg", "z")     # no letter is the center
    eng.run(("build",))
    assert eng.problems() == ["no center letter"]
    eng.load_hive("abcdef", "a")
    eng.run(("build",))
    assert "a hive needs 7 different letters" in eng.problems()[0]


def test_make_from_seed_word_and_letters(engine):
    pz = make("clarity", center="y", seed=1, engine=engine)
    assert pz.seed_word == "clarity" and pz.center == "y" and "clarity" in pz.pangrams
    pz2 = make("yticral", seed=1, engine=engine)      # letters, not a word
    assert set(pz2.seed_word) == set("clarity") and pz2.seed_word in pz2.pangrams
    with pytest.raises(UsageError, match="not a letter"):
        make("clarity", center="z", seed=1, engine=engine)
    with pytest.raises(UsageError, match="exactly 7"):
        make("tree", seed=1, engine=engine)
    with pytest.raises(UsageError, match="no word in the list"):
        make("qxzjvwk", seed=1, engine=engine)


@pytest.mark.parametrize("seed", range(8))
def test_random_puzzles_meet_the_habits(seed):
    eng = BeeEngine(kind="make")
    contains = "ing" if seed % 2 else None
    pz = make(seed=seed, contains=contains, engine=eng)
    letters = set(pz.letters)
    assert "s" not in letters and not {"e", "r"} <= letters
    assert 1 <= len(letters & set("aeiou")) <= 3
    assert 20 <= len(pz.answers) <= 70
    assert pz.seed_word in pz.pangrams and eng.words.zipf(pz.seed_word) >= 3.0
    assert pz.center in letters and not pz.flaws
    assert pz.answers == scan(eng.words.words, pz.letters, pz.center)
    if contains:
        assert contains in pz.seed_word
    again = make(seed=seed, contains=contains, engine=eng)
    assert (again.letters, again.center, again.seed_word, again.layout) == \
        (pz.letters, pz.center, pz.seed_word, pz.layout)


def test_vet_rules_flag_broken_habits():
    eng = BeeEngine(kind="make")
    pz = eng.solve("aeinrst", "e", habits=Habits().facts(), extra=("vet",))
    habits = {f for f in pz.flaws}
    assert "has an S" in habits and "has both E and R" in habits
    assert any("answers, not 20..70" in f for f in habits)


def test_every_guess_message(play_engine):
    pz = play_engine.solve("aeginrt", "t")
    game = Game(pz, play_engine)
    four = next(w for w in pz.answers if len(w) == 4)
    five = next(w for w in pz.answers if len(w) == 5 and w not in pz.pangrams)
    seven = next(w for w in pz.answers if len(w) >= 7 and w not in pz.pangrams)
    pangram = pz.pangrams[0]
    cases = [("tea", "Too short", 0), ("grain", "Missing center letter", 0),
             ("toast", "Bad letters", 0), ("tatertot", "Bad letters", 0),
             ("tagtag", "Not in word list", 0), (four, "Good!", 1), (four, "Already found", 0),
             (five, "Nice!", 5), (seven, "Awesome!", len(seven)),
             (pangram.upper(), "Pangram!", len(pangram) + 7), (pangram, "Already found", 0)]
    total = 0
    for word, msg, pts in cases:
        assert game.guess(word) == (msg, pts), word
        total += pts
        assert game.score == total
        assert game.rank == pz.rank_for(total)
    assert sorted(game.found) == sorted([four, five, seven, pangram])
    assert len(game.remaining()) == len(pz.answers) - 4


def test_best_hive_enable1():
    wl = bee_words.load("enable1")
    b = best_hive(wl)
    assert (b.letters, b.center, b.score, b.words, b.pangrams) == ("aeginrt", "r", 3898, 537, 50)


def test_best_hive_matches_brute_force(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("\n".join(["tangier", "granite", "reading", "gardenia", "grained", "tear",
                            "rain", "gain", "dine", "read", "grin", "near", "dare", "daring",
                            "trading", "darting", "stinger", "resting", "ration"]))
    wl = bee_words.load(str(f))
    b = best_hive(wl)
    best = max(sum(map(nyt_points, scan(wl.words, p, c)))
               for p in {"".join(sorted(set(w))) for w in wl.words if len(set(w)) == 7}
               if "s" not in p for c in p)
    assert b.score == best
    assert b.score == sum(map(nyt_points, scan(wl.words, b.letters, b.center)))


def test_honeycomb_has_center_in_middle():
    art = honeycomb("r", "aegint")
    lines = art.splitlines()
    assert lines[3].strip() == "\\___/ R \\___/"
    assert all(c in art for c in "AEGINT")


def test_bee_list_quality_on_dev():
    data = json.loads(shared_file("bee_dev.json").read_text())
    wl = bee_words.load()
    tp = fp = fn = 0
    for pz in data:
        got = set(wl.words_within(pz["center"] + pz["outer"], pz["center"], 4))
        ans = set(pz["answers"])
        tp += len(got & ans)
        fp += len(got - ans)
        fn += len(ans - got)
    assert tp / (tp + fn) > 0.88 and tp / (tp + fp) > 0.84


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "pyengine", "bee", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_cli_solve_json_and_errors():
    r = run_cli("solve", "aeginrt", "--center", "r", "--json", "--seed", "1")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    for key in ("letters", "center", "answers", "pangrams", "max_score", "ranks"):
        assert key in d
    assert d["letters"] == "aeginrt" and d["center"] == "r"
    r = run_cli("solve", "aeginrt", "--center", "x")
    assert r.returncode == 2 and r.stderr.startswith("pyengine: error: center X")
    assert "Traceback" not in r.stderr


def test_cli_play_script():
    r = run_cli("play", "aeginrt", "--center", "t", "--seed", "2", "--json",
                stdin="tea\ntear\n!shuffle\n!hints\n!rank\n!bogus\n!giveup\n")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert [t["message"] for t in d["turns"]] == ["Too short", "Good!"]
    assert d["score"] == 1 and d["gave_up"] and d["found"] == ["tear"]
    assert "WORDS:" in r.stderr and "unknown command" in r.stderr


def test_cli_make_and_best(tmp_path):
    r = run_cli("make", "--seed", "5", "--json")
    d = json.loads(r.stdout)
    assert d["seed"] == 5 and d["seed_word"] in d["pangrams"]
    f = tmp_path / "w.txt"
    f.write_text("tangier\ngranite\ntear\nrate\n")
    r = run_cli("best", "--words", str(f), "--json")
    d = json.loads(r.stdout)
    assert d["score"] == d["max_score"] == 14 + 14 + 1 + 1
    r = run_cli("make", "--seed", "1", "--vowels", "9-1")
    assert r.returncode == 2 and "bad range" in r.stderr


def test_the_rules_keep_the_totals_as_they_score(engine):
    pz = engine.solve("aeginrt", "r")
    fired = [f.rule for f in engine.session.trace] if engine.session.trace else None
    from pyengine.facts.bee import MaxScore, Points
    total = engine.session.records(MaxScore)
    groups = engine.session.records(Points)
    assert len(total) == 1 and total[0]["points"] == pz.max_score
    assert sorted(total[0]["groups"]) == sorted((g["length"], g["pangram"]) for g in groups)
    assert fired is None or fired.count("add_to_total") == len(groups)


def test_bingo_is_concluded_from_the_unused_letters(engine):
    from pyengine.facts.bee import Unused
    for letters, center in (("acdeilp", "c"), ("lmnoptu", "u"), ("bcehiot", "o")):
        pz = engine.solve(letters, center)
        h = engine.hints()
        starts = {w[0] for w in pz.answers}
        assert sorted(f["letter"] for f in engine.session.records(Unused)) == \
            sorted(set(letters) - starts)
        assert h.bingo == (starts == set(letters))


def test_staged_rules_list_the_stage_first_and_are_verbs():
    import inspect

    from pyengine.rules import bee as rules
    nouns = {"bingo", "good", "nice", "awesome", "pangram", "hint_grid", "total_points"}
    checked = set()
    for cls in (rules.BeeMakeRules, rules.BeePlayRules):
        for name, member in inspect.getmembers(cls):
            src = inspect.getsource(member) if callable(member) and \
                hasattr(member, "_wrapped") else ""
            if "@Rule(" in src:
                assert name not in nouns
                assert src.split("@Rule(", 1)[1].lstrip().startswith("Stage("), name
                checked.add(name)
    assert len(checked) > 25


def test_declaration_and_python_api():
    import pyengine
    from pyengine.puzzles.bee.puzzle import PUZZLE
    assert (PUZZLE.name, PUZZLE.engine, PUZZLE.default) == ("bee", "experta", None)
    assert [a.name for a in PUZZLE.actions] == ["make", "solve", "play", "best"]
    r = pyengine.solve("bee", letters="aeginrt", center="r", seed=1)
    assert r.as_dict()["center"] == "r" and r.as_dict()["layout"]
    said = []
    r = pyengine.run("bee", "play", letters="aeginrt", center="t", seed=2,
                     lines=["tea", "tear", "!giveup"], say=said.append)
    d = r.as_dict()
    assert [t["message"] for t in d["turns"]] == ["Too short", "Good!"] and d["gave_up"]
    assert said[-1].startswith("final: 1/") and r.text() == ""
    with pytest.raises(UsageError, match="bad range"):
        pyengine.make("bee", vowels="3-1")


def test_open_solve_defaults_to_the_shell_hive():
    from pyengine.puzzles.bee.solve import open_solve
    plan = open_solve()
    assert plan.title.startswith("Spelling Bee AEGINRT center R")
    assert [s.name for s in plan.stages] == ["build", "solve", "score", "rank", "hints"]
    plan.runner().run_all()
    assert plan.finish().split(",")[0].endswith("words")
    plan = open_solve("acdeilp", "c", seed=4)
    assert plan.seed == 4 and "ACDEILP center C" in plan.title
    with pytest.raises(UsageError, match="which letter is the center"):
        open_solve("acdeilp")
