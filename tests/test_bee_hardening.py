"""Spelling Bee on hostile input: every input gets a one-line error (exit 2) or a right
answer, in bounded time: play's stdin (UTF-8 line by line, limits), guesses that cost
the same however long the game, make's random-only options and impossible hives,
open_solve = run_solve, ASCII-only letters, best's tie-break, and property tests of
the parsers and of ``bee make|solve|play`` run in-process."""
from __future__ import annotations

import contextlib
import io
import json
import sys

import pytest
from hypothesis import given, settings, strategies as st

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import fold
from pyengine.puzzles.bee import feasible, lines as play_input, make as make_mod
from pyengine.puzzles.bee.best import best_hive
from pyengine.puzzles.bee.engine import BeeEngine
from pyengine.puzzles.bee.hive import parse_center, parse_hive
from pyengine.puzzles.bee.make import Habits, check_seed_word, make, run_make
from pyengine.puzzles.bee.play import Game, run_play
from pyengine.puzzles.bee.puzzle import _answers, _vowels
from pyengine.puzzles.bee.solve import open_solve, run_solve
from pyengine.words import bee as bee_words

KELVIN = "\u212a"           # KELVIN SIGN: str.lower() makes it a plain k


def cli(argv, stdin=None):
    """(exit status, stdout, stderr) of ``pyengine ARGV`` in-process; ``stdin`` is bytes
    (a binary-backed stream, like the real one) or a text stream."""
    from pyengine.ui.cli import main
    old = sys.stdin
    if isinstance(stdin, bytes):
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    elif stdin is not None:
        sys.stdin = stdin
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as done:
                code = done.code
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def one_line_error(err: str) -> bool:
    return err.startswith("pyengine") and err.count("\n") == 1 and "Traceback" not in err


PLAY = ["bee", "play", "aegintR", "--seed", "1"]


# -- play: standard input ------------------------------------------------------------------
@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_latin1_on_stdin_is_one_line_error(errors):
    stream = io.TextIOWrapper(io.BytesIO(b"grin\ncaf\xe9\n"), encoding="utf-8", errors=errors)
    code, out, err = cli(PLAY, stream)
    assert code == 2 and one_line_error(err), err
    assert "standard input line 2 is not UTF-8 text (byte 0xe9 at offset 3)" in err
    assert out == ""            # the input is checked before the game starts


def test_decode_error_while_iterating_str_lines_is_a_usage_error():
    def lines():
        yield "grin"
        raise UnicodeDecodeError("utf-8", b"caf\xe9", 3, 4, "invalid continuation byte")
    with pytest.raises(UsageError, match="line 2 is not UTF-8 text"):
        run_play("aegintR", seed=1, lines=lines())


def test_lines_given_as_one_text_are_split():
    for text in ("grin\nrating\n", b"grin\r\nrating"):
        assert run_play("aegintR", seed=1, lines=text).game.found == ["grin", "rating"]


def test_lone_surrogate_and_nul_are_refused():
    with pytest.raises(UsageError, match="not UTF-8"):
        run_play("aegintR", seed=1, lines=["gr\ud800in"])
    code, _, err = cli(PLAY, b"grin\x00\n")
    assert code == 2 and one_line_error(err) and "NUL" in err


def test_bom_is_dropped_and_accents_are_not_plain_letters():
    turns = run_play("aegintR", seed=1, lines=["\ufeffgrin", "tangie\u0301r",
                                               "grin" + KELVIN]).turns
    assert [t["message"] for t in turns] == ["Good!", "Bad letters"]     # é: refused
    assert turns[1]["guess"] == "grink"                 # the Kelvin sign is K
    code, out, _ = cli(PLAY + ["--json"], b"\xef\xbb\xbfgrin\n")
    assert code == 0 and json.loads(out)["found"] == ["grin"]


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_odd_guesses_are_echoed_as_the_output_can_show_them(encoding, monkeypatch):
    """As typed where standard output can show it (a tester found CAF\\xc9 on a UTF-8
    terminal), a control character written out always, escaped on an ASCII one."""
    import io
    import sys
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding=encoding))
    said = []
    run_play("aegintR", seed=1, lines=["caf\u00e9", "gr\x1b[2Jin", "!b\u00f6gus"],
             say=said.append)
    cafe, e = ("CAF\u00c9", "\u00e9") if encoding == "utf-8" else ("CAF\\xc9", "\\xe9")
    assert said[2].startswith(f"{cafe}: has '{e}': letters a-z only   score 0")
    assert said[3].startswith("GR\\u001b[2JIN: has")
    assert said[4] == "unknown command '!b\\xf6gus'; !help lists them"
    assert encoding == "utf-8" or all(line.isascii() for line in said)


def test_a_long_line_and_too_many_lines_are_refused(monkeypatch):
    code, _, err = cli(PLAY, b"grin\n" + b"a" * 5000 + b"\n")
    assert code == 2 and one_line_error(err) and "line 2 is over 1,024 bytes" in err
    monkeypatch.setattr(play_input, "PLAY_LINES", 3)
    assert len(run_play("aegintR", seed=1, lines=["grin"] * 3).turns) == 3
    code, _, err = cli(PLAY, b"grin\n" * 4)
    assert code == 2 and one_line_error(err) and "over 3 lines" in err
    # a game that quits within the limit is not refused
    assert cli(PLAY, b"grin\n!quit\n" + b"grin\n" * 9)[0] == 0


def test_repeated_guesses_leave_the_fact_base_the_same_size():
    eng = BeeEngine(kind="play")
    game = Game(eng.solve("aeginrt", "r"), eng)
    sizes = []
    for i in range(60):
        game.guess(["grin", "zzzz", "tan", "rating", "gig"][i % 5])
        if i % 5 == 4:
            sizes.append(len(eng.session.facts()))
    assert len(set(sizes[1:])) == 1, sizes
    assert game.found == ["grin", "rating"] and game.score == 1 + 6


# -- make: options that shape a random hive ---------------------------------------------------
@pytest.mark.parametrize("extra,flag", [
    (dict(contains="ing"), "--contains"), (dict(allow_s=True), "--allow-s"),
    (dict(allow_er=True), "--allow-er"), (dict(vowels=(1, 3)), "--vowels"),
    (dict(answers=(20, 70)), "--answers"), (dict(any_pangram=True), "--any-pangram")])
def test_random_only_options_are_refused_with_a_seed_word(extra, flag):
    with pytest.raises(UsageError, match=f"{flag} shapes a random hive only"):
        run_make("clarity", seed=1, **extra)


def test_campaign_make_with_seed_word_and_random_options():
    code, out, err = cli(["bee", "make", "adjoining", "--contains", "xyz", "--vowels", "0",
                          "--answers", "1000-2000"])
    assert code == 2 and out == "" and one_line_error(err)
    assert "--contains, --vowels, --answers shape a random hive only" in err


@pytest.mark.parametrize("argv,message", [
    (["--vowels", "0"], "no pangram of the word list (bee) keeps the letter habits"),
    (["--vowels", "6-9"], "a hive holds at most 5 vowels"),
    (["--answers", "1000-2000"], "--answers 1000-2000: the hives that fit the other options "
                                 "have"),
    (["--contains", "xyz"], "contains XYZ"),
    (["--contains", "abcdefgh"], "8 different letters"),
    (["--contains", "ss"], "has an S"),
    (["--contains", "ere"], "both E and R"),
    (["--contains", "aeiou", "--vowels", "1-3"], "5 vowels"),
    (["--contains", "abcdefg", "--center", "z"], "need 8 letters"),
    (["--contains", "a" * 16], "at most 15 letters"),
    (["--center", "s"], "leave S out"),
    (["--center", "q"], "--answers 20-70"),
    (["--vowels", "-1"], "bad range"),
])
def test_impossible_random_hives_are_refused_before_the_search(monkeypatch, argv, message):
    def no_search(*a, **k):
        raise AssertionError("the search ran")
    monkeypatch.setattr(make_mod, "_worth_vetting", no_search)
    code, out, err = cli(["bee", "make", "--seed", "1", *argv])
    assert code == 2 and out == "" and one_line_error(err), err
    assert message in err


def test_a_hive_the_random_tries_miss_is_still_found():
    eng = BeeEngine(kind="make")
    habits = Habits(answers=(150, 150), preferred=None)
    pz = make(seed=3, engine=eng, habits=habits, tries=0)
    assert len(pz.answers) == 150 and not pz.flaws and pz.seed_word in pz.pangrams


def test_feasible_agrees_with_the_slow_count():
    wl = bee_words.load()
    st_ = make_mod.fast.mask_stats(wl)
    habits = Habits(answers=(40, 41))
    cands = feasible.candidates(st_, habits, "t", "")
    fits = feasible.feasible(st_, wl, habits, cands, "t", "")
    pairs = fits.sample(__import__("random").Random(1), 10**6)
    assert len(pairs) == len(fits) > 0
    for m, c in pairs[:50]:
        assert c == "t" and 40 <= st_.answer_count(m, c) <= 41


# -- open_solve checks as run_solve does -----------------------------------------------------
@pytest.mark.parametrize("given", [
    dict(letters="AEGINRT"), dict(letters="aeginrt"), dict(center="t"), dict(letters=""),
    dict(letters="aegintR"), dict(letters="aeginrt", center="q"), dict(letters="aegint" + KELVIN),
    dict(letters="aeginrt", center=KELVIN), dict(letters="aeginrtt", center="r")])
def test_open_solve_checks_as_run_solve(given):
    def outcome(f):
        try:
            f(**given)
            return "ok"
        except UsageError as exc:
            return str(exc)
    assert outcome(open_solve) == outcome(run_solve)


def test_open_solve_default_hive_only_without_letters_and_center():
    assert "AEGINRT center R" in open_solve().title


# -- letters a-z after NFKC (textio.ascii_letters, the one rule for every word) ---------------
def test_compatibility_letters_fold_and_other_letters_are_refused():
    # the Kelvin sign is K in NFKC (upper case: it marks the center), full-width n is n
    assert parse_hive("aegint" + KELVIN, None) == ("aegiknt", "k")
    assert parse_hive("aegi\uff4ert", "r") == ("aeginrt", "r")
    assert parse_center(KELVIN) == "k"
    assert check_seed_word(KELVIN + "ingdom", bee_words.load()) == "kingdom"
    with pytest.raises(UsageError, match="a-z only"):
        run_make(contains="in\u00e9", seed=1)
    with pytest.raises(UsageError, match="a-z only"):
        parse_hive("aeg\u0130nrt", "r")          # dotted capital I: no ASCII form
    with pytest.raises(UsageError, match="a-z only"):
        check_seed_word("clarit\u00e9", bee_words.load())


def test_huge_arguments_are_refused_in_a_short_line():
    for argv in (["solve", "a" * 100000, "--center", "a"], ["solve", "aeginrt", "--center",
                 "r" * 100000], ["make", "a" * 100000], ["make", "--contains", "é" * 100000],
                 ["make", "x" * 99999 + "é"]):
        code, out, err = cli(["bee", *argv])
        assert code == 2 and one_line_error(err) and len(err) < 200, err[:300]


# -- best: ties -------------------------------------------------------------------------------
def test_best_ties_go_to_the_first_letters_then_center(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("zyxwvut\nabcdefg\nbcdefgh\nlmnopqr\n")
    b = best_hive(bee_words.load(str(f)))
    assert (b.letters, b.center, b.score) == ("abcdefg", "a", 14)


# -- property tests: parsers ------------------------------------------------------------------
LETTERISH = st.text(alphabet=st.sampled_from("aegintrRTAxz ĸﬁİ\u0301é-_1²\ufeff\x00" + KELVIN),
                    max_size=9) | st.text(max_size=9)


@settings(max_examples=200)
@given(LETTERISH, st.none() | LETTERISH)
def test_parse_hive_raises_only_usage_error(letters, center):
    try:
        hive, c = parse_hive(letters, center)
    except UsageError as exc:
        assert "\n" not in str(exc)
        return
    assert len(hive) == 7 and sorted(hive) == list(hive) and c in hive
    assert set(hive) <= set("abcdefghijklmnopqrstuvwxyz")
    assert fold(letters).strip().isascii()
    assert center is None or fold(center).strip().isascii()


@settings(max_examples=200)
@given(st.text(max_size=12))
def test_range_and_center_parsers_raise_only_usage_error(text):
    for parse in (_vowels, _answers, parse_center):
        try:
            value = parse(text)
        except UsageError:
            continue
        if parse is parse_center:
            assert len(value) == 1 and "a" <= value <= "z"
        else:
            assert 0 <= value[0] <= value[1]


@settings(max_examples=100)
@given(st.lists(st.binary(max_size=40), max_size=6))
def test_play_lines_yield_text_or_raise_usage_error(chunks):
    stream = io.TextIOWrapper(io.BytesIO(b"\n".join(chunks)), encoding="utf-8")
    try:
        got = list(play_input.play_lines(stream))
    except UsageError as exc:
        assert "\n" not in str(exc)
        return
    assert all(isinstance(t, str) and "\x00" not in t for t in got)


# -- property tests: the commands in-process ----------------------------------------------------
# argparse echoes unrecognised arguments raw (cli.py, not ours): no line breaks in them
TOKEN = st.sampled_from(["aegintR", "AEGINRT", "clarity", "yticral", "ing", "r", "t", "s",
                         "1-3", "0", "20-70", "40", "7", "", "é", KELVIN, "--json"]) | \
    st.text(max_size=6).filter(lambda t: t.splitlines() in ([], [t]))
FLAGS = ["--center", "--contains", "--vowels", "--answers", "--seed", "--words"]


def _argv():
    return st.lists(st.one_of(TOKEN, st.sampled_from(FLAGS + ["--allow-s", "--allow-er",
                                                               "--any-pangram", "--show",
                                                               "--hints"])),
                    max_size=6)


def _check(code, out, err, argv):
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err
    if code == 2:       # the error is one line (after play's dialogue, with --json)
        assert ": error: " in err.strip().splitlines()[-1], err
    if code == 0 and "--json" in argv:
        json.loads(out)


@settings(max_examples=40)
@given(st.sampled_from(["make", "solve"]), _argv())
def test_make_and_solve_answer_every_argument_list(action, argv):
    if "--words" in argv:                       # keep to the shipped lists
        i = argv.index("--words")
        argv[i + 1:i + 2] = ["bee"]
    full = ["bee", action, *argv]
    _check(*cli(full), full)


@settings(max_examples=25)
@given(st.sampled_from(["aegintR", "aeginrt", "cLarity", "", "x"]),
       st.lists(st.text(max_size=12) | st.sampled_from(["grin", "!hints", "!found",
                                                          "!rank", "!shuffle", "!giveup",
                                                          "!help", "!bogus"]), max_size=8),
       st.booleans(), st.sampled_from(["utf-8", "latin-1"]))
def test_play_answers_every_input(letters, guesses, as_json, encoding):
    argv = ["bee", "play", "--seed", "2"] + ([letters] if letters else []) + \
        (["--json"] if as_json else [])
    data = "\n".join(guesses).encode(encoding, "replace")
    _check(*cli(argv, data), argv)


def test_a_list_without_pangrams_is_said_plainly(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("cat\ndog\ngrin\n")
    for argv in (["make"], ["best"], ["best", "--allow-s"]):
        code, out, err = cli(["bee", *argv, "--words", str(f)])
        assert code == 2 and one_line_error(err) and "no pangram" in err
        assert "--allow-s" not in err and "habits" not in err


def test_play_with_center_s_makes_a_hive_with_s():
    """play has no --allow-s: asking for the center S allows S (not "add --allow-s")."""
    played = run_play(center="S", seed=4, lines=["!quit"])
    assert played.puzzle.center == "s" and "s" in played.puzzle.letters
    code, _, err = cli(["bee", "play", "--center", "q", "--seed", "4"], b"")
    assert code == 2 and one_line_error(err)
    assert "no random hive to play with center Q" in err and "give the hive LETTERS" in err


@settings(max_examples=150)
@given(LETTERISH)
def test_seed_word_parsers_raise_only_usage_error(text):
    wl = bee_words.load()
    for parse in (check_seed_word, make_mod.seed_word_for):
        try:
            w = parse(text, wl)
        except UsageError as exc:
            assert "\n" not in str(exc)
            continue
        assert w in wl and len(set(w)) == 7 and w.isascii()


POOL = sorted(w for w in bee_words.load().words_within("adeginlrst", "", 4)
              if len(w) <= 9)[::7]


@settings(max_examples=60)
@given(st.lists(st.sampled_from(POOL), max_size=120) | st.lists(
           st.text(alphabet="aeginrtsdl", min_size=4, max_size=8), max_size=40),
       st.sampled_from([None, "a", "r", "s", "t", "z"]),
       st.sampled_from([None, "in", "ing", "rat", "s", "q"]),
       st.sampled_from([None, (0, 0), (1, 3), (2, 5), (6, 7)]),
       st.sampled_from([None, (1, 5), (3, 30), (20, 70), (100, 200)]),
       st.booleans(), st.booleans(), st.integers(0, 5))
def test_random_make_is_a_vetted_hive_or_one_clear_refusal(words, center, contains, vowels,
                                                          answers, allow_s, allow_er, seed):
    from pyengine.words.wordlist import WordList
    wl = WordList(sorted(set(words)), label="t", source="test", licence="none")
    try:
        made = run_make(center=center, contains=contains, vowels=vowels, answers=answers,
                        allow_s=allow_s, allow_er=allow_er, any_pangram=True, seed=seed,
                        words=wl)
    except UsageError as exc:
        assert "\n" not in str(exc)
        assert "no hive meets the habits" not in str(exc)      # twins said one fits
        return
    pz = made.puzzle
    assert not pz.flaws and pz.seed_word in pz.pangrams
    assert center is None or pz.center == center
    assert not contains or contains in pz.seed_word
    lo, hi = answers or (20, 70)
    assert lo <= len(pz.answers) <= hi


def test_a_guess_that_is_not_letters_a_z_is_refused_naming_the_letter():
    """The README's one rule for a word a user gives: ``café`` is refused, naming 'é'.
    ``bee play`` judged it instead ("CAFÉ: Missing center letter"; a newcomer's
    finding); the game goes on, the score unchanged."""
    code, out, err = cli(["bee", "play", "aeginrt", "--center", "t"],
                         "café\n\U0001F600\ntrain\n".encode())
    lines = out.splitlines()
    assert code == 0 and "CAFÉ: has 'é': letters a-z only   score 0  rank Beginner" in lines
    assert any(ln.endswith("letters a-z only   score 0  rank Beginner") and
               ln.startswith("\U0001F600: has") for ln in lines)
    assert "TRAIN: Nice! +5   score 5  rank Beginner" in lines
