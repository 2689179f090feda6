"""Boggle under hostile input: every input a one-line error (exit 2) or a right result,
size limits refused before any work, Python-level parsers raising only UsageError."""
from __future__ import annotations

import contextlib
import io
import json
import os
import sys

import pytest

from tests.conftest import NUMBA
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.engine.errors import UsageError
from pyengine.puzzles.boggle_studies import benchmark as B
from pyengine.puzzles.boggle import limits as L
from pyengine.puzzles.boggle_studies import table as T
from pyengine.puzzles.boggle_studies.best import best_board
from pyengine.puzzles.boggle.board import Board, parse_board
from pyengine.puzzles.boggle.dice import DICE_SETS, dice_set, roll_dice
from pyengine.puzzles.boggle.finder import Finder
from pyengine.puzzles.boggle.generate import open_board
from pyengine.puzzles.boggle.make import run_make
from pyengine.ui import cli

WORDS = ["tar", "rat", "art", "star", "tars", "rats", "arts", "stare", "tear", "rate",
         "east", "seat", "eats", "teas", "sate", "treat", "great", "grate", "gate"]
BACKENDS = ["python", *NUMBA]


def run(capsys, *argv, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, out, err, *needles):
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("pyengine: error: ") and err.count("\n") == 1, err
    for n in needles:
        assert n in err, err


@pytest.fixture(scope="module")
def wordfile(tmp_path_factory):
    path = tmp_path_factory.mktemp("boggle") / "w.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


def call(*argv):
    """The command in-process (no pytest fixture: safe inside hypothesis examples)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as exc:           # argparse's own refusals (exit 2)
            code = exc.code
    return code, out.getvalue(), err.getvalue()


# -- bench --out: checked before the run, and left clean -----------------------------------
@pytest.fixture
def no_run(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("the bench ran before --out was checked")
    monkeypatch.setattr(T, "run_bench", boom)


@pytest.mark.parametrize("where, needle", [("file", "not a folder"), ("/proc", "cannot write"),
                                           ("/proc/pyengine-x", "cannot make"),
                                           ("under-file", "cannot make")])
def test_bench_out_refused_before_the_run(capsys, tmp_path, no_run, where, needle):
    afile = tmp_path / "afile"
    afile.write_text("x")
    out = {"file": str(afile), "under-file": str(afile / "sub")}.get(where, where)
    code, o, e = run(capsys, "boggle", "bench", "--boards", "3", "--algos", "rnd", "--out", out)
    one_line_error(code, o, e, "--out", needle)
    assert afile.read_text() == "x"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_bench_out_unwritable_folder(capsys, tmp_path, no_run):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    code, o, e = run(capsys, "boggle", "bench", "--boards", "3", "--algos", "rnd", "--out",
                     str(ro))
    one_line_error(code, o, e, "cannot write")


def test_bench_checks_the_list_before_making_the_folder(capsys, tmp_path, no_run):
    out = tmp_path / "new"
    code, o, e = run(capsys, "boggle", "bench", "--words", str(tmp_path / "none.txt"),
                     "--algos", "rnd", "--out", str(out))
    one_line_error(code, o, e, "none.txt")
    assert not out.exists()


def test_bench_out_left_clean(capsys, tmp_path, wordfile):
    out = tmp_path / "out"
    out.mkdir()
    (out / "partial.json.tmp").write_text("{")        # a killed run's leftover
    code, o, e = run(capsys, "boggle", "bench", "--boards", "3", "--algos", "rnd,7freq:5",
                     "--generator", "plain", "--workers", "1", "--no-progress", "--words",
                     str(wordfile), "--out", str(out), "--json")
    assert code == 0, e
    json.loads(o)
    names = sorted(p.name for p in out.iterdir())
    assert "bench.json" in names and "table.md" in names
    assert not [n for n in names if n.endswith(".tmp") or n == "partial.json"], names


def test_stats_cache_sweeps_a_dead_writers_temp(tmp_path, monkeypatch, wordfile):
    from pyengine.puzzles.boggle import stats as S
    from pyengine.words import cache as C
    monkeypatch.setenv("PYENGINE_CACHE", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir()
    stale = tmp_path / "cache" / "words-0123.boggle-stats.pickle.999999999.tmp"
    stale.write_bytes(b"half")
    monkeypatch.setattr(C, "_swept", set())
    monkeypatch.setattr(S, "_MEMO", {})
    S.load_stats(str(wordfile))
    assert not stale.exists()
    assert not list((tmp_path / "cache").glob("*.tmp"))


# -- words no board can hold ----------------------------------------------------------------
@pytest.mark.parametrize("backend", BACKENDS)
def test_giant_word_is_skipped_not_overflowed(tmp_path, backend):
    path = tmp_path / "long.txt"
    path.write_text("\n".join(WORDS + ["s" * 40_000, "t" * 73, "a" * 72]) + "\n")
    f = Finder(str(path), min_len=3, backend=backend, one_shot=False)
    r = f.solve("star/eats/rate/gate")
    assert r.words == Finder(WORDS, min_len=3, backend="python").solve("star/eats/rate/gate").words
    assert f.stats(parse_board("star/eats/rate/gate"))[0] == len(r.words)
    best = best_board(str(path), size=3, iterations=200, steps=100, seed=1, backend=backend)
    assert best.score >= 0


def test_giant_word_bench_and_best_cli(capsys, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("\n".join(WORDS + ["e" * 33_000]) + "\n")
    code, o, e = run(capsys, "boggle", "best", "--words", str(path), "--size", "3",
                     "--iterations", "200", "--steps", "100", "--seed", "2", "--json")
    assert code == 0, e
    json.loads(o)
    code, o, e = run(capsys, "boggle", "bench", "--words", str(path), "--boards", "2",
                     "--algos", "rnd", "--generator", "plain", "--workers", "1", "--json")
    assert code == 0, e
    json.loads(o)


# -- numbers, time budgets, empty names ------------------------------------------------------
@pytest.mark.parametrize("argv, needle", [
    (["bench", "--vowel-sweep", "²-³"], "--vowel-sweep"),
    (["bench", "--vowel-sweep", "5"], "--vowel-sweep"),
    (["bench", "--vowel-sweep", "9-3"], "--vowel-sweep"),
    (["bench", "--vowel-sweep", "3-99"], "--vowel-sweep"),
    (["bench", "--algos", "7freq:²"], "7freq"),
    (["bench", "--algos", "7freq:"], "7freq"),
    (["bench", "--algos", "rnd:3"], "7freq"),
    (["bench", "--algos", "7freq:17"], "0..16"),
    (["bench", "--algos", ",".join(["rnd"] * 41)], "limit"),
    (["bench", "--boards", "1000001"], "at most"),
    (["bench", "--seed-size", "20", "--algos", "adj"], "seed size"),
    (["bench", "--workers", "65"], "at most"),
    (["best", "--seconds", "nan"], "--seconds"),
    (["best", "--seconds", "inf"], "--seconds"),
    (["best", "--seconds", "3601"], "at most 3600"),
    (["best", "--seconds", "0"], "--seconds"),
    (["best", "--iterations", "10000001"], "--iterations"),
    (["best", "--steps", "5"], "--steps"),
    (["make", "--algo", ""], "--algo"),
    (["make", "--dice", ""], "--dice"),
    (["make", "--dice", " "], "--dice"),
    (["make", "--dice", "big", "--size", "4"], "5x5"),
    (["make", "--dice", "new", "--algo", "rnd"], "not both"),
    (["make", "--dice", "new", "--trace"], "dice"),
    (["solve", "a" * (L.MAX_BOARD_TEXT + 1)], "limit"),
    (["solve", "perslatgsineters", "--min-len", "73"], "--min-len"),
])
def test_one_line_errors(capsys, no_run, argv, needle):
    one_line_error(*run(capsys, "boggle", *argv), needle)


def test_python_api_budgets():
    for bad in (float("nan"), float("inf"), -1.0, 0, L.MAX_SECONDS + 1, "5", True):
        with pytest.raises(UsageError):
            best_board(WORDS, size=3, seconds=bad)
    with pytest.raises(UsageError):
        best_board(WORDS, size=3, iterations=1.5)


def test_dice_default_to_their_own_size(capsys, wordfile):
    code, o, e = run(capsys, "boggle", "make", "--dice", "big", "--seed", "1", "--json")
    assert code == 0 and json.loads(o)["size"] == 5
    assert run_make(dice="super-big", seed=1).board.size == 6
    assert run_make(dice="big", size=5, seed=1).board.size == 5
    assert run_make(algo="rnd", seed=1, words=str(wordfile)).board.size == 4


# -- JSON boards read back -------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(DICE_SETS)), st.integers(0, 10_000))
def test_dice_board_spec_round_trips(name, seed):
    board = roll_dice(name, seed)
    assert parse_board(board.spec()) == board
    assert parse_board(board.spec("/")) == board
    assert parse_board(board.compact()) == board


def test_json_board_with_two_letter_faces_solves_to_the_same_board(capsys, wordfile):
    seed = next(s for s in range(1, 500)
                if {"th", "er", "in", "he", "an"} & set(roll_dice("big-2012", s).cells))
    code, o, _ = run(capsys, "boggle", "make", "--dice", "big-2012", "--seed", str(seed),
                     "--json")
    made = json.loads(o)
    assert "[" in made["board"]
    code, o, e = run(capsys, "boggle", "solve", made["board"], "--words", str(wordfile),
                     "--json")
    assert code == 0, e
    solved = json.loads(o)
    assert solved["cells"] == list(roll_dice("big-2012", seed).cells)
    code, o, _ = run(capsys, "boggle", "solve", solved["board"], "--words", str(wordfile),
                     "--json")
    assert json.loads(o)["cells"] == solved["cells"]


def test_ambiguous_qu_board_is_bracketed():
    board = Board(3, ("qu",) * 7 + ("a", "b"))        # 'qu' x 7 + 2 letters = 16 letters
    assert parse_board(board.spec()) == board


# -- the shell's open_board validates like make ------------------------------------------------
@pytest.mark.parametrize("kwargs", [dict(algo=""), dict(algo="nope"), dict(dice="new"),
                                    dict(dice=""), dict(algo="rnd", dice="new"),
                                    dict(seed_size=99), dict(size=9), dict(vowels=99)])
def test_open_board_refuses_what_make_refuses(kwargs, wordfile):
    with pytest.raises(UsageError):
        open_board(**kwargs, words=str(wordfile))
    if "dice" not in kwargs:
        with pytest.raises(UsageError):
            run_make(**kwargs, words=str(wordfile), seed=1)
    assert open_board(algo="rnd", words=str(wordfile), seed=1).session is not None


def test_open_board_through_the_action_checks_the_declaration():
    from pyengine.puzzles.boggle.puzzle import MAKE
    with pytest.raises(UsageError):
        MAKE.open_plan(algo="")
    with pytest.raises(UsageError):
        MAKE.open_plan(size=7)


# -- parsers: only UsageError ------------------------------------------------------------------
TEXT = st.one_of(st.text(max_size=60),
                 st.text(alphabet="abcdefqu[]()#/ ,;|²THQ\ufeff\u0301-:0123456789",
                         max_size=50))


@settings(max_examples=300, deadline=None)
@given(TEXT, st.booleans())
def test_parse_board_raises_only_usage_error(text, qu):
    try:
        b = parse_board(text, qu=qu)
    except UsageError as exc:
        assert "\n" not in str(exc)
        return
    assert parse_board(b.spec(), qu="q" not in b.cells) == b


@settings(max_examples=300, deadline=None)
@given(TEXT, st.integers(3, 6))
def test_algo_parsers_raise_only_usage_error(text, size):
    for call in (lambda: T.parse_algo(text, size), lambda: B.algo_specs(text, None, size),
                 lambda: B.algo_specs(None, text, size), lambda: dice_set(text)):
        try:
            call()
        except UsageError as exc:
            assert "\n" not in str(exc)


def test_parse_board_refuses_non_text():
    for bad in (None, 12, b"abcd", ["a"] * 9):
        with pytest.raises(UsageError):
            parse_board(bad)


# -- the commands in-process, with hypothesis arguments ---------------------------------------
BOARDS = st.one_of(st.sampled_from(["perslatgsineters", "pers/latg/sine/ters", "[Th]ere/abcd/"
                                    "efgh/ijkl", "QESTANSIXWEOYRSN", "abc/def/ghi", "#" * 25,
                                    "\ufeffabcdefghi", "cafe\u0301abcdefghijkl", "²" * 9]), TEXT)


@settings(max_examples=60, deadline=None)
@given(board=BOARDS, extra=st.lists(st.sampled_from(
    ["--json", "--plain-q", "--two-letter", "--count=paths", "--min-len=2", "--min-len=²",
     "--backend=python", "--min-len=0", "--count=x"]), max_size=3, unique=True))
def test_cli_solve_fuzz(wordfile, board, extra):
    code, o, e = call("boggle", "solve", "--words", str(wordfile), *extra, "--", board)
    assert code in (0, 1, 2), e
    assert "Traceback" not in e
    if code == 0 and "--json" in extra:
        json.loads(o)
    if code == 2:
        assert e.count("\n") == 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(
    ["--json", "--algo=rnd", "--algo=7freq", "--algo=", "--dice=new", "--dice=big",
     "--dice=", "--size=3", "--size=5", "--size=²", "--vowels=3", "--vowels=99",
     "--seed-size=2", "--solve", "--no-qu", "--count=paths", "--seed=7", "--seed=-1"]),
    max_size=4, unique=True))
def test_cli_make_fuzz(wordfile, args):
    code, o, e = call("boggle", "make", "--words", str(wordfile), *args)
    assert code in (0, 2), e
    if code == 0 and "--json" in args:
        d = json.loads(o)
        back = parse_board(d["board"], qu="--no-qu" not in args)
        assert back.size == d["size"]
    if code == 2:
        assert e.count("\n") == 1 and "Traceback" not in e


@settings(max_examples=12, deadline=None)
@given(st.lists(st.sampled_from(
    ["--json", "--size=3", "--size=9", "--steps=100", "--steps=99", "--seed=3",
     "--backend=python", "--quiet", "--seconds=0.2", "--seconds=nan"]), max_size=4,
    unique=True))
def test_cli_best_fuzz_tiny_budget(wordfile, args):
    code, o, e = call("boggle", "best", "--words", str(wordfile), "--iterations",
                     "150", *args)
    assert code in (0, 2), e
    if code == 0 and "--json" in args:
        json.loads(o)


@settings(max_examples=12, deadline=None)
@given(st.lists(st.sampled_from(
    ["--json", "--algos=rnd", "--algos=7freq:4", "--algos=,", "--vowel-sweep=3-4",
     "--vowel-sweep=²", "--size=3", "--count=paths", "--two-letter", "--qu=off",
     "--seed-settings", "--seed=4"]), max_size=4, unique=True))
def test_cli_bench_fuzz_tiny_budget(wordfile, args):
    code, o, e = call("boggle", "bench", "--words", str(wordfile), "--boards", "2",
                     "--generator", "plain", "--workers", "1", "--no-progress",
                     *(a for a in args if a != "--seed-settings"))
    assert code in (0, 2), e
    if code == 0 and "--json" in args:
        json.loads(o)


def test_limits_are_in_the_help():
    from pyengine.puzzles.boggle.puzzle import BENCH, BEST, SOLVE
    helps = " ".join(o.help for a in (BENCH, BEST, SOLVE) for o in a.options)
    for figure in ("1,000,000", "3600", "10,000,000", str(L.MAX_BOARD_TEXT),
                   str(L.MAX_WORD_LEN), str(L.MAX_WORKERS), str(L.MAX_ROWS)):
        assert figure in helps, figure


@pytest.mark.parametrize("text, said", [
    ("abcdefghi/jklmnop", "rows of 9, 7 cells; a 4x4 board has 4 rows of 4"),
    ("pers/lat/gsine/ters", "rows of 4, 3, 5, 4 cells"),
    ("abc/def/ghi/jkl/mnop", "rows of 3, 3, 3, 3, 4 cells"),
])
def test_rows_given_apart_must_be_the_board_s_rows(text, said):
    """Found by a tester (2026-11-29): a letter typed in the wrong row made another
    board without a word (only the count of cells was checked)."""
    from pyengine.puzzles.boggle.board import parse_board
    with pytest.raises(UsageError, match=said):
        parse_board(text)


@pytest.mark.parametrize("text", ["pers/latg/sine/ters", "p e r s l a t g s i n e t e r s",
                                  "perslatgsineters", "pers latg\nsine ters",
                                  "[th]abc/defg/hijk/lmno", "qua/bcd/efg"])
def test_rows_that_are_the_board_s_are_taken(text):
    from pyengine.puzzles.boggle.board import parse_board
    assert parse_board(text).size in (3, 4)


def test_a_seed_size_for_a_generator_that_fills_every_cell_is_refused():
    """Found by a tester (2026-11-29): --seed-size with rnd (or dice) was taken and
    changed nothing, while --vowels without 7freq was refused."""
    from pyengine.puzzles.boggle.make import run_make
    with pytest.raises(UsageError, match="--seed-size sets the adjacency generators' seed "
                                         "cells; rnd fills every cell from the start"):
        run_make(algo="rnd", seed_size=3, seed=2)
    assert run_make(algo="greedy-cad", seed_size=3, seed=2).board.size == 4


def test_a_one_letter_group_is_one_letter(tmp_path):
    """Found by a tester (2026-11-29): 'boggle solve --min-len 1' headed a group '1 letters'."""
    from pyengine.puzzles.boggle.solve import run_solve
    words = tmp_path / "w.txt"
    words.write_text("a\nqi\nate\n")
    text = run_solve(["qitacfeasbezzzzz"], words=str(words), min_len=1, plain_q=True).text()
    assert "1 letter (1 x 0 pts): a" in text and "1 letters" not in text


def test_allow_offensive_without_solve_is_refused():
    """It was accepted and ignored (``--count paths`` without ``--solve`` is refused):
    a tester's finding."""
    from pyengine.puzzles.boggle.make import run_make
    with pytest.raises(UsageError, match="--allow-offensive lets --solve list every word"):
        run_make(seed=1, allow_offensive=True)
