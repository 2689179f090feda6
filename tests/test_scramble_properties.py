"""Property tests for the scramble: every parser raises only UsageError on any text,
and ``scramble``, ``scramble solve`` and ``scramble minimal`` run in-process end with
0, 1 or 2 (never another exception), with ``--json`` output that parses."""
from __future__ import annotations

import contextlib
import io
import json
import os
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine.engine.errors import UsageError
from pyengine.puzzles.scramble import make, minimal, solve
from pyengine.ui.cli import main

FAST = settings(max_examples=40, deadline=None,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])
CLI = settings(max_examples=25, deadline=None,
               suppress_health_check=[HealthCheck.too_slow,
                                      HealthCheck.function_scoped_fixture])

LETTERS = st.text(alphabet="abcdeNILEs", min_size=1, max_size=7)
ODD = st.sampled_from(["", "x", "caf\u00e9", "cafe\u0301", "\ufeffnile", "a-b", "²", "-",
                       "a b", "o'hare", "\x00", "ß", "ﬁ", "İ", "K", "1e9", " "])
WORD = st.one_of(LETTERS, LETTERS, ODD, st.text(max_size=6))
WORDS = st.lists(WORD, max_size=5)


def expect_usage_error_only(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except UsageError as exc:
        assert "\n" not in str(exc)
        return None


@FAST
@given(st.text(max_size=40))
def test_parse_line_raises_only_usage_errors(text):
    line = expect_usage_error_only(solve.parse_line, text)
    if line is not None:
        assert line.isascii() and line.isalpha() and line == line.lower()


@FAST
@given(st.one_of(st.text(max_size=60), st.lists(WORD, max_size=6).map(",".join)))
def test_parse_candidates_raises_only_usage_errors(tmp_path_factory, text):
    here, stdin = os.getcwd(), sys.stdin
    os.chdir(tmp_path_factory.getbasetemp())       # no repository file is read by chance
    sys.stdin = io.TextIOWrapper(io.BytesIO(b"nile seine\n"))     # for '-'
    try:
        pool = expect_usage_error_only(solve.parse_candidates, text)
    finally:
        os.chdir(here)
        sys.stdin = stdin
    if pool is not None:
        assert pool and len({w.lower() for w in pool}) == len(pool)


@FAST
@given(st.one_of(WORDS, st.none(), st.integers(), st.text(max_size=5),
                 st.lists(st.one_of(st.integers(), st.none(), WORD), max_size=3)))
def test_check_words_raises_only_usage_errors(words):
    checked = expect_usage_error_only(make.check_words, words)
    if checked is not None:
        assert all(w.isascii() and w.isalpha() for w in checked)
    expect_usage_error_only(minimal.check_words, words)


@FAST
@given(st.binary(max_size=60))
def test_read_word_file_raises_only_usage_errors(tmp_path_factory, data):
    f = tmp_path_factory.mktemp("words") / "w.txt"
    f.write_bytes(data)
    words = expect_usage_error_only(make.read_word_file, f)
    if words is not None:
        assert words and all(w.strip() == w and "#" not in w for w in words)


@FAST
@given(st.text(max_size=12), st.lists(WORD, max_size=5))
def test_solve_raises_only_usage_errors(line, pool):
    result = expect_usage_error_only(solve.solve, line, pool)
    if result is not None:
        json.dumps(result.as_dict())
        assert result.exit_status in (0, 1)


@FAST
@given(WORDS, st.integers(-2, 30), st.integers(-1, 40))
def test_minimal_raises_only_usage_errors(words, max_states, beam):
    m = expect_usage_error_only(minimal.minimal, words, max_states=max_states, beam_width=beam)
    if m is not None:
        it_holds = all(all(c in iter_ for c in w.lower())
                       for w in m.words for iter_ in [iter(m.sequence)])
        assert it_holds and m.lower_bound <= m.length


def run_cli(argv, stdin: bytes = b""):
    """main(argv) in-process: (status, stdout text)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exc:           # argparse: a bad flag or value
                status = exc.code
    finally:
        sys.stdin = saved
    assert status in (0, 1, 2), (argv, status, err.getvalue())
    if status == 2:
        assert err.getvalue().count("\n") <= 3      # argparse adds its usage line
    return status, out.getvalue()


def check_json(status, out):
    if status in (0, 1):
        json.loads(out)


OPTS_MAKE = st.lists(st.sampled_from([
    ["--swaps", "0"], ["--swaps", "3"], ["--swaps", "99999999999999999999"], ["--swaps", "²"],
    ["--randomizer", "shuffle"], ["--randomizer", "bogus"], ["--seed", "0"],
    ["--seed", "4294967295"], ["--seed", "4294967296"], ["--seed", "-1"], ["--file", ""],
    ["--file", "-"]]), max_size=3)


@CLI
@given(WORDS, OPTS_MAKE, st.binary(max_size=30))
def test_scramble_in_process(words, opts, stdin):
    argv = ["scramble", "--json", *[a for o in opts for a in o], "--", *words]
    status, out = run_cli(argv, stdin)
    check_json(status, out)
    if status == 0:
        data = json.loads(out)
        assert sorted(data["line"]) == sorted("".join(data["words"]).upper())


@CLI
@given(st.lists(st.one_of(LETTERS, st.text(max_size=6)), min_size=1, max_size=3),
       st.one_of(st.lists(WORD, max_size=5).map(",".join), st.sampled_from(
           ["rivers50", "-", "", " ", "none/such.txt"]), st.text(max_size=20)),
       st.booleans(), st.binary(max_size=30))
def test_scramble_solve_in_process(line, candidates, why, stdin):
    argv = ["scramble", "solve", "--json", "--candidates", candidates,
            *(["--why"] if why else []), "--", *line]
    check_json(*run_cli(argv, stdin))


@CLI
@given(WORDS, st.lists(st.sampled_from([
    ["--max-states", "0"], ["--max-states", "50"], ["--max-states", "100001"],
    ["--beam", "1"], ["--beam", "0"], ["--beam", "10001"], ["--file", "-"],
    ["--file", ""]]), max_size=2), st.binary(max_size=30))
def test_scramble_minimal_in_process(words, opts, stdin):
    argv = ["scramble", "minimal", "--json", *[a for o in opts for a in o], "--", *words]
    check_json(*run_cli(argv, stdin))
