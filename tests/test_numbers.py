"""The one reader of whole numbers (pyengine.engine.numbers.whole): any text either
reads as the int Python reads, or is refused with one line; huge digit strings are
refused before int() sees them; every front end says the same thing about it."""
from __future__ import annotations

import functools
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import MAX_DIGITS, is_digits, whole
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

# (no health check on generation's speed: a loaded CI machine made it fail once)
SETTINGS = settings(max_examples=400, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
# texts near numbers: digits, signs, white space, underscores, dots, other scripts' digits
NEAR = st.text(alphabet=st.sampled_from(list("0123456789+-_. \t\n\x0b\x1c\x85\u2003²٣") + ["1"]),
               max_size=40)


def one_line(exc: UsageError) -> bool:
    text = str(exc)
    return bool(text) and len(text.splitlines()) == 1 and len(text) < 200


@SETTINGS
@given(st.one_of(st.text(), NEAR))
@example("1_000")
@example("²")
@example("٣")
@example(" +7 ")
@example("-0")
@example("9" * 5000)
@example("0" * 21 + "\x1f" * 5 + "\x08" * 4 + "\U000101fe" * 10 + "0")  # escapes grew it
def test_any_text_reads_as_python_reads_it_or_is_one_line_refusal(text):
    try:
        n = whole(text, "--swaps")
    except UsageError as exc:
        assert one_line(exc)
        assert str(exc).startswith("--swaps: expected a whole number")
    else:
        assert n == int(text) and type(n) is int
        assert len(text.strip(" \t\n\r\x0b\x0c").lstrip("+-")) <= MAX_DIGITS


@SETTINGS
@given(st.integers(min_value=MAX_DIGITS + 1, max_value=10_000))
def test_huge_digit_strings_are_refused_before_int_reads_them(length):
    with pytest.raises(UsageError, match=f"at most {MAX_DIGITS} digits") as err:
        whole("7" * length, "step")
    assert one_line(err.value)


@SETTINGS
@given(st.integers(), st.integers(-5, 5), st.integers(-5, 5))
def test_bounds_say_which_side_was_crossed(n, low, span):
    high = low + abs(span)
    try:
        got = whole(n, "back", low, high)
    except UsageError as exc:
        said = str(exc)
        assert one_line(exc)
        assert (said == f"back must be at least {low}, not {n}" if n < low
                else said == f"back must be at most {high}, not {n}")
    else:
        assert got == n and low <= n <= high
    assert whole(str(n), "back", None, None) == n if abs(n) < 10**MAX_DIGITS else True


@pytest.mark.parametrize("value", [True, False, 3.0, None, [1], b"3", {"n": 1}])
def test_only_ints_and_texts_are_numbers(value):
    with pytest.raises(UsageError, match=r"^step: expected a whole number, not "):
        whole(value, "step")


def test_what_else_a_caller_takes_is_in_the_message():
    with pytest.raises(UsageError) as err:
        whole("many", "run", 0, expected="a whole number or all")
    assert str(err.value) == "run: expected a whole number or all, not 'many'"


def test_a_long_refused_text_is_cut_in_the_message():
    with pytest.raises(UsageError) as err:
        whole("x" * 10_000, "depth")
    assert one_line(err.value) and "..." in str(err.value)


@pytest.mark.parametrize("text,ok", [("12", True), ("0", True), ("", False), ("+1", False),
                                     (" 1", False), ("²", False), ("1" * 31, False)])
def test_is_digits_is_plain_ascii_digits(text, ok):
    assert is_digits(text) is ok


@settings(max_examples=120, deadline=None, database=None)
@given(st.one_of(NEAR, st.text(max_size=12)))
def test_the_shell_never_shows_a_traceback_for_a_count(text):
    """What a user types after agenda, history, why ID and back: an answer or one
    error line, never a caught exception's name."""
    factory = _contract()
    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO(""), stdout=out)
    word = " ".join(text.split())
    for line in (f"agenda {word}", f"history {word}", f"why f-1 {word}", f"back {word}"):
        shell.onecmd(line)
    shell.session.close()
    printed = out.getvalue()
    assert "Traceback" not in printed
    for said in printed.splitlines():
        assert not said.startswith("error:") or "Error:" not in said, said


@functools.lru_cache(maxsize=1)
def _contract():
    """The contract rules' factory, made once for the property's examples."""
    rules = Path(__file__).resolve().parent / "engines" / "contract_rules.clp"
    return opener("clp", [str(rules), "--stage", "GO"])


@pytest.mark.parametrize("text", ["²", "٣", "1" * 31, "+1", " 1"])
def test_numbers_inside_words_take_ascii_digits_only(text):
    """A fact id (``f-12``) and a stage's limit (``GO:10``) hold plain digits: anything
    else is one UsageError, never int()'s ValueError."""
    from pyengine.engine.numbers import parse_id
    from pyengine.ui.sessions import stage_spec

    for call in (lambda: parse_id(f"f-{text}"), lambda: stage_spec(f"GO:{text}")):
        with pytest.raises(UsageError) as err:
            call()
        assert one_line(err.value)
