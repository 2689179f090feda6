"""pyengine.ui.notebook: facts, agenda, history and provenance as Python objects and HTML."""
from __future__ import annotations

import pytest

from pyengine.engine.errors import UsageError
from pyengine.ui.notebook import (FactLog, Inspector, TraceTable, format_trace, parse_id,
                               provenance)
from pyengine.puzzles.scramble.make import make_scramble
from pyengine.engine.session import Session
from tests.engines.test_contract import make
from tests.test_shell import independent_chain


def test_inspector_walks_a_puzzle_setup_and_returns_the_result():
    ins = Inspector.open("scramble", seed=8, swaps=12)
    build = ins.stage()
    assert isinstance(build, TraceTable) and len(build) == 7
    assert {f.rule for f in build} == {"build-append-word-ids"}
    assert len(ins.step(3)) == 3
    result = ins.run_all()
    assert result == make_scramble(None, swaps=12, seed=8).spaced
    assert len(ins.history()) == len(ins.session.trace) == 7 + 12 + 44
    assert len(ins.history(last=5)) == 5


@pytest.mark.parametrize("given,message", [
    ({"swaps": -1}, "--swaps must be at least 0, not -1"),
    ({"swaps": "x"}, "--swaps: expected a whole number, not 'x'"),
    ({"colour": "red"}, "unknown option 'colour'"),
])
def test_inspector_open_checks_options_by_the_declaration(given, message):
    with pytest.raises(UsageError, match=message):
        Inspector.open("scramble", **given)


def test_inspector_open_by_entry_action_or_rule_file():
    from tests.test_shell import CONTRACT_CLP

    solve = Inspector.open("scramble-solve", line=["NSIELEINE"], candidates="Nile,Seine")
    same = Inspector.open("scramble", "solve", line=["NSIELEINE"], candidates="Nile,Seine")
    assert solve.setup.title == same.setup.title
    assert [st.name for st in solve.setup.stages] == [st.name for st in same.setup.stages]
    solve.run_all()
    clp = Inspector.open("clp", target=[str(CONTRACT_CLP)], stage=["GO:2"])
    assert len(clp.step(5)) == 2 and clp.runner.fired == {"GO": 2}   # (GO) goes after 2
    with pytest.raises(UsageError):
        Inspector.open("nonsense")
    with pytest.raises(UsageError):
        Inspector.open("clp", target=["missing.clp"])


def test_tables_print_like_clips_and_render_html():
    ins = Inspector.open("scramble", hide=["Nile"], seed=1, swaps=0)
    ins.stage()
    facts = ins.facts()
    assert str(facts).splitlines() == ["f-2     (word 1 N i l e)", "f-4     (text # 1 1 1 1)",
                                       "For a total of 2 facts."]
    html = facts._repr_html_()
    assert html.startswith("<table>") and html.count("<tr>") == 3
    assert "<code>initial fact</code>" in html and "<code>rule</code>" in html
    history = str(ins.history())
    assert history.splitlines() == ["FIRE    1 build-append-word-ids: f-3,f-1,f-2",
                                    "<== f-1     (text #)",
                                    "==> f-4     (text # 1 1 1 1)"]
    assert "<td style='text-align:left'><code>build-append-word-ids</code></td>" in \
        ins.history()._repr_html_()
    assert "<table>" in ins._repr_html_() and "Inspector clips" in repr(ins)


def test_agenda_table_orders_and_caps():
    s = make("experta")
    s.assert_fact(s.stage_fact("GO"))
    s.run(2)
    table = Inspector(s).agenda()
    assert [a.rule for a in table] == ["sum_pair", "double"]
    assert str(table).splitlines() == ["10     sum_pair: f-4,f-6,f-5", "0      double: f-4,f-1",
                                       "For a total of 2 activations."]
    assert table.lines(1)[1] == ";; ... 1 more (agenda all)"
    assert table._repr_html_().count("<tr>") == 3


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_provenance_objects_agree_with_the_trace(engine):
    s = make(engine)
    log = FactLog(s)
    s.assert_fact(s.stage_fact("GO"))
    s.run()
    for f in s.facts():
        tree = provenance(s, f.id, log)
        assert {x.number for x in tree.firings()} == independent_chain(s, f.id)
        if tree.firing is not None:
            assert tree.firing is s.why(f.id)
            assert [p.id for p in tree.parents] == list(tree.firing.matched)
    top = next(f.id for f in s.facts() if f.text == "(pairsum 10)")
    tree = provenance(s, top, log)
    html = tree._repr_html_()
    assert html.count("<ul") >= 3 and "sum_pair" in html and "double" in html
    assert str(tree).splitlines()[0] == f"f-{top:<5} (pairsum 10)"
    assert provenance(s, top, log, depth=0).cut
    with pytest.raises(UsageError):
        provenance(s, 999, log)


def test_format_trace_shows_fact_texts_when_a_log_listened():
    s = make("clips")
    log = FactLog(s)
    s.assert_fact("(GO)")
    s.run(1)
    assert format_trace(s, log).splitlines() == ["FIRE    1 double: f-4,f-3", "==> f-5     (double 3 6)"]
    assert format_trace(s).splitlines() == ["FIRE    1 double: f-4,f-3", "==> f-5"]


def test_sessions_render_in_jupyter():
    s = make("clips")
    assert isinstance(s, Session)
    html = s._repr_html_()
    assert "(number 1)" in html and html.count("<tr>") == 4


@pytest.mark.parametrize("text,expected", [("f-12", 12), ("12", 12), (12, 12), (" F-3 ", 3)])
def test_parse_id(text, expected):
    assert parse_id(text) == expected


@pytest.mark.parametrize("text", ["f-", "f-x", "-3", "twelve", ""])
def test_parse_id_rejects(text):
    with pytest.raises(UsageError):
        parse_id(text)


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_inspector_records_firings_of_a_session_made_without_a_trace(engine):
    s = make(engine)
    s.watch("rules", False)
    ins = Inspector(s)
    s.assert_fact(s.stage_fact("GO"))
    assert len(ins.step(2)) == 2 and len(ins.history()) == 2
