"""``assert`` takes several facts, as CLIPS's does: ``(assert (a 1) (b 2))``. Each is
read by our reader on its own (and, on the web page, counted and bounded on its own);
all are read before any is asserted."""
from __future__ import annotations

import io

import pytest
from hypothesis import given, strategies as st

from pyengine.engine.errors import UsageError
from pyengine.ui.commands_change import MAX_FACTS_AT_ONCE, fact_texts
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell


def test_a_run_of_facts_splits_into_each_fact():
    assert fact_texts('(a 1) (b "x) (y")\n (c)') == ["(a 1)", '(b "x) (y")', "(c)"]


@pytest.mark.parametrize("text", ["number 4", "(a 1) x", "(a", "(a 1) ; (b 2)", ""])
def test_what_is_not_a_run_of_facts_goes_whole_to_the_reader(text):
    assert fact_texts(text) == [text]


def test_too_many_facts_at_once_are_refused_before_any_goes():
    with pytest.raises(UsageError, match=f"at most {MAX_FACTS_AT_ONCE} facts"):
        fact_texts(" ".join(f"(n {i})" for i in range(MAX_FACTS_AT_ONCE + 1)))


@given(st.lists(st.integers(0, 99), min_size=1, max_size=8))
def test_the_facts_come_back_in_order(values):
    texts = [f"(n {v})" for v in values]
    assert fact_texts("  ".join(texts)) == texts


def _shell(tmp_path, typed: str) -> list[str]:
    path = tmp_path / "p.clp"
    path.write_text("(deftemplate box (slot n))\n")
    factory = opener("clp", [str(path)])
    out = io.StringIO()
    Shell(factory(), factory, stdin=io.StringIO("reset\n" + typed), stdout=out).cmdloop()
    return out.getvalue().splitlines()[1:]


def test_a_bad_fact_after_good_ones_says_what_went_in(tmp_path):
    lines = _shell(tmp_path, "assert (a 1) (box (zz 2))\nassert (box (zz 2))\nfacts\n")
    assert lines[0].startswith("error: box has no slot 'zz'")
    assert lines[0].endswith("(asserted before it: f-1)")
    assert lines[1] == "error: box has no slot 'zz' (slots: n)"
    assert lines[2:] == ["f-1     (a 1)", "For a total of 1 fact."]


def test_several_facts_in_clips_s_form_answer_as_clips(tmp_path):
    """CLIPS's assert returns the last fact (a duplicate gives back the one there)."""
    lines = _shell(tmp_path, "(assert (a 1) (box (n 2)))\n(assert (a 1))\n"
                             "(watch facts)\n(assert (a 2) (a 1))\n(retract 1)\n")
    assert lines == ["<Fact-2>", ";; f-1     (a 1) is already in the fact base", "<Fact-1>",
                     "==> f-3     (a 2)", ";; f-1     (a 1) is already in the fact base",
                     "<Fact-1>", "<== f-1     (a 1)"]
