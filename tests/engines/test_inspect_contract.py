"""The inspector's part of the contract, on both engines: what a rule prints stays
with its firing (with or without a newline), what it reads comes from the session's
reader, matches, modify, full facts, templates, globals, experta's initial fact
hidden."""
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.engine.session import InputLine
from pyengine.engine.trace import firing_lines, matches_lines

HERE = Path(__file__).parent
ENGINES = ["clips", "experta"]


def family(engine: str):
    if engine == "clips":
        from pyengine.engine.clips import ClipsSession
        s = ClipsSession([HERE / "inspect_rules.clp"])
    else:
        from pyengine.engine.experta import ExpertaSession
        from tests.engines.inspect_rules import Family
        s = ExpertaSession(Family)
    s.reset()
    return s


@pytest.fixture(params=ENGINES)
def session(request):
    return family(request.param)


def by_text(s):
    return {f.text: f.id for f in s.facts()}


def answers(*lines):
    todo = list(lines)
    asked = []

    def reader(prompt):
        asked.append(prompt)
        return todo.pop(0) if todo else None
    reader.asked = asked
    return reader


def test_output_without_newline_keeps_every_firing(session):
    reader = answers("yes")
    session.set_input(reader)
    fired = session.run()
    assert fired == 3 == session.fired_total == len(session.trace)
    assert [f.rule for f in session.trace] == ["grandparent", "ask", "nobody_zed"]
    grand, ask, zed = session.trace
    assert grand.output == ["ann has grandparent cy"]
    assert ask.output == ["Is cy alive? yes"]
    assert zed.output == ["no zed"]
    assert reader.asked == ["Is cy alive? "]
    facts = by_text(session)
    assert session.why(facts["(alive cy yes)"]).rule == "ask"
    assert session.why(facts["(grand ann cy)"]).rule == "grandparent"
    for firing in session.trace:          # every fact a rule made answers why
        for fid in firing.asserted:
            assert session.why(fid) is firing


def test_firing_lines_show_output_after_the_fire_line(session):
    session.set_input(answers("no"))
    session.run(2)
    lines = firing_lines(session.trace[1])
    assert lines[0].startswith("FIRE    2 ask:")
    assert lines[1] == "    | Is cy alive? no"
    assert lines[2].startswith("    ==> f-")


def test_end_of_input(session):
    events = []
    session.listeners.append(lambda ev, p: events.append((ev, p)))
    session.set_input(None)
    session.run()
    assert "(alive cy EOF)" in by_text(session)
    inputs = [p for ev, p in events if ev == "input"]
    assert inputs == [InputLine("Is cy alive? ", None)]
    kinds = [ev for ev, _ in events]
    assert kinds.index("fire") < kinds.index("output") < kinds.index("input")


def test_output_events_in_place(session):
    events = []
    session.listeners.append(lambda ev, p: events.append((ev, str(p))))
    session.set_input(answers("yes"))
    session.run()
    fires = [i for i, (ev, _) in enumerate(events) if ev == "fire"]
    said = events.index(("output", "ann has grandparent cy"))
    assert fires[0] < said < fires[1]
    assert events.index(("output", "no zed")) > fires[2]


def test_matches_patterns_partials_activations(session):
    m = session.matches("grandparent")
    assert [len(p.facts) for p in m.patterns] == [2, 2, 0]
    assert "parent" in m.patterns[0].source and "not(" in m.patterns[2].source.lower().replace("(not ", "not(")
    ann_bob, bob_cy = sorted(by_text(session).values())
    assert m.partials[0] == [(ann_bob,), (bob_cy,)]
    assert m.partials[1] == [(ann_bob, bob_cy)]
    assert m.partials[2] == [(ann_bob, bob_cy)]
    assert m.activations == [(ann_bob, bob_cy)]
    text = "\n".join(matches_lines(m))
    assert "Activations" in text and f"f-{ann_bob},f-{bob_cy}" in text
    session.set_input(None)
    session.run(1)
    after = session.matches("grandparent")
    assert after.activations == [] and len(after.patterns[2].facts) == 1
    with pytest.raises(UsageError):
        session.matches("nope")


def test_modify_and_full_text(session):
    ann = by_text(session)["(person (name ann) (parent bob))"]
    new = session.modify(ann, {"parent": "dan"})
    assert session.fact_full(new) == "(person (name ann) (parent dan))"
    assert "(person (name ann) (parent bob))" not in by_text(session)
    assert session.why(new) is None                      # changed by the user
    assert session.agenda() == [] or all(a.rule != "grandparent" for a in session.agenda())
    with pytest.raises(UsageError):
        session.modify(999, {"parent": "x"})
    with pytest.raises(UsageError):
        session.fact_full(999)


def test_templates_and_globals(session):
    text = "\n".join(session.templates())
    assert "person" in text.lower()
    session.provide(**({} if session.engine == "clips" else {"greeting": "hello"}))
    values = session.globals()
    assert any("greeting" in name for name in values)
    assert any("hello" in value for value in values.values())


def test_initial_fact_hidden_everywhere(session):
    assert all(0 not in a.facts for a in session.agenda())
    zed = [a for a in session.agenda() if a.rule == "nobody_zed"]
    assert zed and zed[0].facts == ()
    session.set_input(None)
    session.run()
    assert all(0 not in f.matched for f in session.trace)
    assert all(f.text != "(initial-fact)" for f in session.facts())
    if session.engine == "experta":
        with pytest.raises(UsageError, match="no fact f-0"):
            session.why(0)


def test_a_reader_may_use_the_terminal_itself(session, monkeypatch, capsys):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("yes\n"))
    session.set_input(lambda prompt: input(prompt))
    session.run()
    assert "(alive cy yes)" in by_text(session)
    assert capsys.readouterr().out == "Is cy alive? "      # the reader's own prompt
