"""Our CLIPS reader against hostile text: whatever a user types as a fact, nothing in
it reaches CLIPS (or experta) as code.

The property tests build facts from pieces an attacker would use (comments that
hide a closing quote, strings with escapes, nested parentheses, calls of CLIPS's
functions in every position, variables, connectives, control characters) and
assert each through the session path a browser's fact takes, into a CLIPS
environment where a canary function stands in for every call: the canary is
never called, and what is asserted holds exactly the values the reader read.
"""
from __future__ import annotations

import clips
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.engine.clips import ClipsSession
from pyengine.engine.clips_reader import ReadError, String, Symbol, nesting_depth, read, tokens
from pyengine.engine.clips_values import FactSpec, atom_text, from_python, read_fact
from pyengine.engine.errors import UsageError
from pyengine.engine.textio import UNSHOWN

CALLED: list = []
# CLIPS functions an attacker would call (their names are only ever data here).
DANGEROUS = ["system", "open", "load", "load*", "batch", "batch*", "save", "save-facts",
             "load-facts", "bsave", "bload", "eval", "build", "exit", "remove", "rename",
             "dribble-on", "str-cat", "assert-string", "readline", "funcall", "canary"]


def canary_session() -> ClipsSession:
    """A CLIPS session with a template, where (canary) records that it ran."""
    s = ClipsSession(constructs=["(deftemplate person (slot name) (multislot kids))"])
    s.env.define_function(lambda *a: CALLED.append(a) or 0, name="canary")
    s.reset()
    s.quiet(True)
    return s


PIECES = st.sampled_from([
    "(", ")", " ", "\n", ";", '"', '\\"', "\\", "?x", "$?y", "?*g*", "&", "|", "~", "=",
    ":", "<-", "[i]", "person", "name", "kids", "1", "-2.5e3", "x", "(canary)",
    '"(canary)"', '";"', ";(canary)\n", ' ;" \n (canary) ;" \n'] + [f"({f} 1)" for f in DANGEROUS]
    + [f" {f} " for f in DANGEROUS])


@st.composite
def hostile_facts(draw):
    body = "".join(draw(st.lists(PIECES, max_size=14)))
    head = draw(st.sampled_from(["(note ", "(person ", "(", "(person (name ", ""]))
    tail = draw(st.sampled_from([")", "))", "", ") (x)"]))
    return head + body + tail


def asserted_values(s, spec: FactSpec):
    """Assert ``spec`` the way a browser's fact goes; what the fact then holds, read
    from CLIPS's own values (not its printed form: CLIPS prints a string's quotes
    unescaped), or None if the engine refused it. The canary never runs."""
    CALLED.clear()
    try:
        fid = s.assert_fact(spec)
    except UsageError:
        assert CALLED == []
        return None
    assert CALLED == []
    fact = next(f for f in s.env.facts() if f.index == fid)
    if fact.template.implied:
        return tuple(fact)
    return {k: (tuple(v) if isinstance(v, tuple) else v) for k, v in dict(fact).items()}


def expected(spec: FactSpec):
    if spec.relation != "person":                 # an ordered fact: its values
        return spec.values
    return {k: (v if k == "kids" else v[0]) for k, v in spec.slots or ()}


@settings(max_examples=300)
@given(hostile_facts())
def test_no_typed_fact_reaches_clips_as_code(text):
    try:
        spec = read_fact(text, max_chars=1000)
    except ReadError:
        return
    got = asserted_values(canary_session(), spec)
    if got is not None:                    # exactly the values read, nothing run
        want = expected(spec)
        assert got == want if isinstance(want, tuple) else \
            all(got[k] == v for k, v in want.items())


@pytest.mark.parametrize("text", [
    '(note ;"\n (system "id > /tmp/pyengine-pwned") ;"\n)',
    '(note "a" (system "id"))', '(note (system "id"))', "(note (eval \"(exit)\"))",
    '(person (name (str-cat a b)))', '(person (name ?x))', "(note $?all)",
    '(note "\\" (canary) \\"")',           # the escapes stay inside one string
    "(note ;\n 1)", "(system id)", "(canary)", "(note [x])", "(note a&b)", "(note ~a)",
])
def test_the_attacks_we_were_shown_and_their_cousins(text):
    try:
        spec = read_fact(text)
    except ReadError:
        return
    got = asserted_values(canary_session(), spec)
    assert got is None or got == expected(spec)


def test_a_bare_equals_sign_is_refused_clips_would_read_a_call():
    with pytest.raises(ReadError, match="starts a call"):
        read_fact("(note =)")
    assert read_fact('(note "=")').values == (String("="),)


def test_a_string_holding_escapes_and_calls_is_one_value():
    spec = read_fact('(note "\\" (canary) \\"")')
    assert spec.values == (String('" (canary) "'),)
    assert asserted_values(canary_session(), spec) == ('" (canary) "',)


SYMBOL_CHARS = st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zs", "Zl", "Zp"),
                             blacklist_characters='"()&|<~;?$[] \t\n\u115f\u1160\u3164\uffa0')


@settings(max_examples=200)
@given(st.lists(st.one_of(
    st.integers(min_value=-2**63, max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12).filter(
        lambda t: UNSHOWN.search(t) is None).map(String),
    st.text(SYMBOL_CHARS, min_size=1, max_size=8).map(Symbol).filter(
        lambda s: _reads_as_symbol(s) and s != "=")), max_size=6))
def test_values_written_by_us_read_back_the_same_here_and_in_clips(values):
    spec = FactSpec("note", tuple(values))
    text = spec.text()
    assert read_fact(text) == spec                    # our writer and reader agree
    env = clips.Environment()
    fact = env.assert_string(text)                    # and CLIPS reads the same values
    assert len(list(fact)) == len(values)
    for ours, theirs in zip(values, fact):
        if isinstance(ours, Symbol):
            assert isinstance(theirs, clips.Symbol) and str(theirs) == ours
        elif isinstance(ours, String):
            assert type(theirs) is str and theirs == ours
        else:
            assert theirs == ours and type(theirs) is type(ours)


def _reads_as_symbol(text: str) -> bool:
    try:
        found = list(tokens(text))
    except ReadError:
        return False
    return len(found) == 1 and found[0].kind == "symbol" and found[0].text == text


@settings(max_examples=200)
@given(st.text(max_size=60))
def test_the_reader_never_raises_anything_but_a_read_error(text):
    try:
        read(text, max_depth=50)
        read_fact(text)
    except ReadError:
        pass


def test_nesting_is_read_without_recursion_and_bounded():
    deep = "(" * 100_000 + ")" * 100_000
    assert nesting_depth(deep) == 100_000
    assert nesting_depth(deep, stop_above=1000) == 1001       # stops reading there
    assert nesting_depth("(a (b))", stop_above=1000) == 2
    with pytest.raises(ReadError, match="nested deeper"):
        read(deep)
    assert nesting_depth('"((((" ; ((((\n (a)') == 1


def test_from_python_reads_one_atom_or_keeps_a_string():
    assert from_python("Bob") == Symbol("Bob") and from_python("4") == 4
    assert from_python('"Bob Smith"') == String("Bob Smith")
    assert from_python("Bob (system x)") == String("Bob (system x)")
    assert from_python(True) == Symbol("TRUE") and from_python([1, "a"]) == (1, Symbol("a"))
    with pytest.raises(ReadError):
        atom_text(Symbol("a b"))                     # not a symbol: never written as one
    with pytest.raises(ReadError):
        from_python(object())
