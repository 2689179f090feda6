"""Letter riddles on hostile input: every input gets a one-line error (exit 2) or a
right answer, in bounded time: stdin read as bytes, BOM, NFC, FIFOs, limits,
streaming ``make``, and property tests of the parser and the commands."""
from __future__ import annotations

import io
import json
import os
import threading

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pyengine.engine.errors import UsageError
from pyengine.puzzles.riddle.clue_words import MAX_CLUE_WORDS
from pyengine.puzzles.riddle.parse import parse_riddle

MAX_RIDDLE_CHARS = 64 * 1024      # the documented limit (parse.MAX_RIDDLE_CHARS)

EARLS = ("My first is in deans but not in slats\n"
         "My second is in persona but not in perusing\n"
         "My third is neither in veiled nor in seized\n"
         "My fourth is in cleat but not in octet\n"
         "My last is in curtsied but not in curbed\n")
LATIN1 = EARLS.replace("deans", "caf\u00e9s").encode("latin-1")


def cli(argv, capsys, stdin=None):
    """(exit status, stdout, stderr) of ``pyengine ARGV`` run in-process; ``stdin`` is
    bytes (a binary-backed stream, like the real one) or a text stream."""
    from pyengine.ui.cli import main
    import sys
    old = sys.stdin
    if isinstance(stdin, bytes):
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    elif stdin is not None:
        sys.stdin = stdin
    try:
        code = main(argv)
    except SystemExit as done:
        code = done.code
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> bool:
    return err.startswith("pyengine") and err.count("\n") == 1 and "Traceback" not in err


# -- stdin and files read alike --------------------------------------------------------
@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_latin1_on_stdin_is_the_same_error_as_in_a_file(tmp_path, capsys, errors):
    stream = io.TextIOWrapper(io.BytesIO(LATIN1), encoding="utf-8", errors=errors)
    code, out, err = cli(["riddle", "solve"], capsys, stream)
    assert code == 2 and out == "" and one_line_error(err)
    assert "standard input is not UTF-8 text" in err
    f = tmp_path / "r.txt"
    f.write_bytes(LATIN1)
    code, _, err_file = cli(["riddle", "solve", str(f)], capsys)
    # the same message, naming the file instead
    assert code == 2 and str(f) in err_file
    assert err_file.split(" is not ")[1] == err.split(" is not ")[1]


def test_binary_stdin_is_refused(capsys):
    code, _, err = cli(["riddle", "solve", "-"], capsys, b"My first\x00 is in a")
    assert code == 2 and one_line_error(err) and ("binary" in err or "NUL" in err)


def test_bom_on_stdin_or_in_a_file_is_dropped(tmp_path, capsys):
    plain = cli(["riddle", "solve"], capsys, EARLS.encode())
    code, out, err = cli(["riddle", "solve"], capsys, b"\xef\xbb\xbf" + EARLS.encode())
    assert (code, out, err) == plain and "hint:" not in out and "Earls" in out
    f = tmp_path / "r.txt"
    f.write_bytes(b"\xef\xbb\xbf" + EARLS.encode())
    assert cli(["riddle", "solve", str(f)], capsys) == plain
    assert parse_riddle("\ufeff" + EARLS).hints == []


def test_decomposed_accents_are_not_read_as_plain_letters(capsys):
    decomposed = EARLS.replace("deans", "deane\u0301s")
    with pytest.raises(UsageError, match="letters a-z"):
        parse_riddle(decomposed)
    # no precomposed form: the bare mark is refused, not dropped
    with pytest.raises(UsageError, match="U\\+0301"):
        parse_riddle(EARLS.replace("deans", "dex\u0301ans"))
    with pytest.raises(UsageError, match="U\\+200B"):
        parse_riddle(EARLS.replace("deans", "de\u200bans"))
    code, _, err = cli(["riddle", "solve"], capsys, decomposed.encode())
    assert code == 2 and one_line_error(err)


def test_odd_ordinals_and_clue_words_are_usage_errors():
    for text in ("My fir\u017ft is in deans but not in slats",    # long s matches under re.I
                 "My \u0661st is in deans but not in slats",       # Arabic-Indic digit
                 'My first is in "c4t" but not in "dog"',          # digits in a quoted word
                 'My first is in "ca t" but not in "dog"'):
        try:
            parsed = parse_riddle(text)
        except UsageError:
            continue
        assert all(h.word.isascii() and h.word.isalpha() for c in parsed.clues
                   for h in c.halves), text


def test_fifo_or_folder_as_file_is_refused_without_blocking(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = {}
    worker = threading.Thread(
        target=lambda: got.update(r=cli(["riddle", "solve", str(fifo)], capsys)), daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():                       # unblock the reader before failing
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        pytest.fail("riddle solve FIFO blocked")
    code, _, err = got["r"]
    assert code == 2 and one_line_error(err) and "not a regular file" in err
    code, _, err = cli(["riddle", "solve", str(tmp_path)], capsys)
    assert code == 2 and one_line_error(err)


def test_riddle_size_limit(tmp_path, capsys):
    big = EARLS + "a hint line that goes on\n" * (MAX_RIDDLE_CHARS // 25)
    with pytest.raises(UsageError, match="limit"):
        parse_riddle(big)
    f = tmp_path / "big.txt"
    f.write_text(big)
    code, _, err = cli(["riddle", "solve", str(f)], capsys)
    assert code == 2 and one_line_error(err) and "limit" in err
    code, _, err = cli(["riddle", "solve"], capsys, big.encode())
    assert code == 2 and one_line_error(err) and "limit" in err


# -- make: streaming, limits, open checks like run ----------------------------------------
def test_make_streams_riddle_by_riddle():
    from pyengine.puzzles.riddle.make import run_make
    result = run_make(count=3, seed=11)
    chunks = result.stream()
    first = next(chunks)
    assert "Solution:" in first and len(result._made) == 1     # one made, not three
    rest = "".join(chunks)
    assert first + rest == result.text() + "\n" and len(result._made) == 3
    again = run_make(count=3, seed=11)
    doc = "".join(again.stream(as_json=True))
    assert doc == json.dumps(again.as_dict(), indent=2) + "\n"
    assert [r["answer"] for r in json.loads(doc)["riddles"]] == [r.answer for r in result]


def test_make_count_limit_and_checks_before_any_work(capsys):
    from pyengine.puzzles.riddle.limits import MAX_COUNT
    from pyengine.puzzles.riddle.make import run_make
    code, out, err = cli(["riddle", "make", "--count", str(MAX_COUNT + 1)], capsys)
    assert code == 2 and out == "" and one_line_error(err) and str(MAX_COUNT) in err
    for bad in (dict(count=MAX_COUNT + 1), dict(count=0), dict(length="\uff15"),
                dict(word="xqzvw"), dict(seed="7x"), dict(seed=-1)):
        with pytest.raises(UsageError):
            run_make(**bad)


@pytest.mark.parametrize("bad", [dict(word="xqzvw"), dict(word=""), dict(word="caf\u00e9"),
                                 dict(count=0), dict(length="99"), dict(length="5-\uff18"),
                                 dict(word="teacup", length="1-2")])
def test_open_make_checks_exactly_as_run_does(bad):
    import pyengine
    from pyengine.puzzles.riddle.make import open_make, run_make
    with pytest.raises(UsageError) as by_run:
        run_make(**bad)
    with pytest.raises(UsageError) as by_open:
        open_make(**bad)
    assert str(by_open.value) == str(by_run.value)
    with pytest.raises(UsageError):
        pyengine.open("riddle", "make", **bad)


def test_length_wants_ascii_digits():
    from pyengine.puzzles.riddle.make import parse_lengths
    for bad in ("\uff15", "5-\uff18", "\u0665", "5\u00b2", "9" * 40, "8\n-\n5"):
        with pytest.raises(UsageError) as exc:
            parse_lengths(bad)
        assert "\n" not in str(exc.value)


# -- property tests --------------------------------------------------------------------
RIDDLE_WORDS = ["My", "my", "first", "second", "third", "last", "1st", "is", "in", "not",
                "but", "neither", "nor", "both", "and", "deans", "slats", '"cat"', "'dog'",
                "whole", "\n", "\n", ",", "isn't", "also", "the", "word", "Our", "fourth",
                "yet", "still", "or", ",", "cot", "bed"]
riddle_text = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(st.sampled_from(RIDDLE_WORDS), st.text(max_size=6)),
             max_size=60).map(" ".join))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(riddle_text)
def test_parser_gives_a_parse_or_a_usage_error(text):
    try:
        parsed = parse_riddle(text)
    except UsageError as exc:
        assert "\n" not in str(exc)
        return
    assert parsed.clues and sorted(c.pos for c in parsed.clues) == list(
        range(1, len(parsed.clues) + 1))
    for clue in parsed.clues:
        assert 1 <= len(clue.halves) <= MAX_CLUE_WORDS
        assert all(h.word.isascii() and h.word.isalpha() and h.word.islower()
                   for h in clue.halves)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.one_of(riddle_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
                 st.binary(max_size=200),
                 st.sampled_from([EARLS.encode(), LATIN1, b"\xef\xbb\xbf" + EARLS.encode()])),
       st.booleans())
def test_solve_command_in_process(capsys, data, as_json):
    code, out, err = cli(["riddle", "solve"] + (["--json"] if as_json else []), capsys, data)
    assert code in (0, 1, 2), (code, err)
    if code == 2:
        assert one_line_error(err) and out == ""
    elif as_json:
        assert isinstance(json.loads(out)["solutions"], list)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.one_of(st.none(), st.sampled_from(["teacup", "xqzvw", "", "ab", "caf\u00e9", "-1"]),
                 st.text(max_size=8)),
       st.one_of(st.none(), st.sampled_from(["0", "1", "2", "10001", "\u00b2", "-3", "x"])),
       st.one_of(st.none(), st.sampled_from(["5-8", "6", "8-5", "1", "5-99", "\uff15", ""]),
                 st.text(max_size=5)),
       st.booleans())
def test_make_command_in_process(capsys, word, count, length, as_json):
    argv = ["riddle", "make", "--seed", "3"] + (["--json"] if as_json else [])
    if count is not None:
        argv += ["--count", count]
    if length is not None:
        argv += ["--length", length]
    if word is not None:
        argv += ["--", word]
    code, out, err = cli(argv, capsys)
    assert code in (0, 2), (code, err)
    if code == 2:
        assert one_line_error(err) and out == ""
    elif as_json:
        assert json.loads(out)["riddles"]
    else:
        assert "Solution:" in out and "(seed 3)" in out


def test_a_clue_running_on_for_ever_is_refused_quickly():
    import time
    text = "My first is in deans\n" + "but not in\n" * (MAX_RIDDLE_CHARS // 12)
    t = time.perf_counter()
    with pytest.raises(UsageError, match="runs on"):
        parse_riddle(text)
    assert time.perf_counter() - t < 5          # was quadratic: ~15 s at 64 KiB
    # a clue over three lines still reads
    three = "My first is in deans\nbut not\nin slats\nMy second is in persona but not in perusing"
    assert [c.halves[1].word for c in parse_riddle(three).clues] == ["slats", "perusing"]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=12), st.from_regex(r"\s*[0-9]{1,3}\s*(-\s*[0-9]{1,3}\s*)?",
                                                     fullmatch=True),
                 st.tuples(st.integers(-5, 30), st.integers(-5, 30)), st.none()))
def test_length_parser_gives_a_range_or_a_usage_error(text):
    from pyengine.puzzles.riddle.make import parse_lengths
    try:
        lo, hi = parse_lengths(text)
    except UsageError as exc:
        assert "\n" not in str(exc)
        return
    assert 2 <= lo <= hi <= 20


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=25), st.none(), st.integers(), st.binary(max_size=5)))
def test_answer_check_gives_a_word_or_a_usage_error(word):
    from pyengine.puzzles.riddle.make import check_answer
    try:
        w = check_answer(word)
    except UsageError as exc:
        assert "\n" not in str(exc)
        return
    assert w.isascii() and w.isalpha() and w.islower() and 2 <= len(w) <= 20
