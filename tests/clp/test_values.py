"""Runtime values: Text against symbols, and every printed form against real CLIPS."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.engine.clips_reader import String, Symbol
from pyengine.engine.clp.values import (INT_MAX, INT_MIN, Text, c_integer, c_round, escape,
                                        implode, key, print_text, same, to_value, wrap,
                                        write_text)
from tests.clp.oracle import Oracle


@pytest.fixture(scope="module")
def oracle():
    return Oracle()


def test_text_is_not_the_symbol_with_the_same_letters():
    assert Text("a") != "a" and "a" != Text("a")
    assert not (Text("a") == "a") and not ("a" == Text("a"))
    assert Text("a") == Text("a") and hash(Text("a")) == hash(Text("a"))
    assert hash(Text("a")) != hash("a")
    table = {"a": "symbol", Text("a"): "string"}
    assert table["a"] == "symbol" and table[Text("a")] == "string"
    assert ("a", Text("b")) != ("a", "b")
    assert isinstance(Text("a"), str) and Text("ab")[1:] == "b"     # slices are plain str


def test_same_is_eq():
    assert same(1, 1) and not same(1, 1.0) and not same("a", Text("a"))
    assert not same(0.0, -0.0) and same((1, "a"), (1, "a")) and not same((1,), (1.0,))
    assert key(1) != key(1.0) and key((Text("a"),)) != key(("a",))
    assert key(0.0) != key(-0.0) and key((1, 2.5)) == key((1, 2.5))


def test_to_value_maps_reader_atoms():
    assert type(to_value(Symbol("a"))) is str and to_value(Symbol("a")) == "a"
    assert to_value(String("a")) == Text("a")
    assert to_value(99999999999999999999) == INT_MAX         # CLIPS's reader saturates
    assert to_value(-99999999999999999999) == INT_MIN
    assert to_value(2.5) == 2.5


def test_integer_helpers_follow_c():
    assert wrap(INT_MAX + 1) == INT_MIN and wrap(2 * INT_MAX) == -2
    assert c_integer(-2.7) == -2 and c_integer(1e300) == INT_MIN and c_integer(math.nan) == INT_MIN
    assert [c_round(x) for x in (2.5, -2.5, 0.5, -0.4, 0.49999999999999994)] == [3, -3, 1, 0, 0]


FLOATS = ["3.0", "0.1", "1e20", "-0.0", "1.5e-7", "100000000000000000000.0", "(/ 2 3)",
          "(/ 4 2)", "1e15", "1e16", "123456789012.5", "12345678901234567.0", "1e-5",
          "0.0001", "(** 2 0.5)", "(exp 1000)", "(- 0 (exp 1000))", "2.5e-300",
          "(- (exp 1000) (exp 1000))", "(pi)"]


@pytest.mark.parametrize("expr", FLOATS)
def test_floats_print_as_clips_prints_them(oracle, expr):
    from pyengine.engine.clp.expressions import evaluate
    assert print_text(evaluate(expr)) == oracle.printed(expr).printed


@given(st.floats(allow_nan=False))
def test_any_float_prints_as_clips(x):
    said = _ORACLE.printed(repr(x) if math.isfinite(x) else ("(exp 1000)" if x > 0
                                                            else "(- 0 (exp 1000))"))
    assert print_text(x) == said.printed


_ORACLE = Oracle()
TEXTS = ['a"b', "back\\slash", "", "two words", "tab\there", "é", 'x\\"y']


@pytest.mark.parametrize("text", TEXTS)
def test_strings_print_write_and_implode_as_clips(oracle, text):
    literal = escape(text)                                   # as a CLIPS program writes it
    assert oracle.printed(literal).printed == print_text(Text(text)) == text
    shown = oracle.printed(f"(create$ {literal})").printed   # quoted, not escaped
    assert shown == write_text((Text(text),)) == f'("{text}")'
    said = oracle.eval(f"(implode$ (create$ {literal} a))")  # quoted and escaped
    assert said.value == Text(implode((Text(text), "a"))) == Text(literal + " a")


def test_multifields_print_with_parentheses_and_quoted_strings(oracle):
    value = ("a", Text('b"c'), 1, 2.0, -0.0)
    expr = '(create$ a "b\\"c" 1 2.0 -0.0)'
    assert oracle.printed(expr).printed == print_text(value) == '(a "b"c" 1 2.0 -0.0)'
    assert write_text(value) == print_text(value)
    assert oracle.printed("(create$)").printed == print_text(()) == "()"
    assert oracle.eval(expr).value == value


def test_fact_addresses_print_as_their_str():
    class Fact:
        def __str__(self):
            return "<Fact-3>"
    assert print_text(Fact()) == write_text(Fact()) == "<Fact-3>"
    assert print_text(None) == ""
