"""What a change by hand that makes no new version leaves in a fact's history: nothing.

CLIPS gives a duplicate assert back the fact already there, keeps a fact a modify does
not change, and when a modify makes a fact equal to another keeps the other and
retracts the modified one. None of these makes a version, so ``why`` of the fact kept
must still name the firing (or the user) that made it, and going back over the change
must not take a version off it. A hypothesis property checks ``why`` of every fact
against a model kept by the test itself from the trace and the ids the changes gave."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.engine.errors import UsageError
from pyengine.ui.notebook import Inspector

PROGRAM = """
(deftemplate item (slot name) (slot n))
(deffacts start (item (name a) (n 1)))
(defrule copy
   (item (name a) (n ?n&:(< ?n 4)))
   =>
   (assert (item (name b) (n ?n))))
(defrule bump
   ?f <- (item (name a) (n ?n&:(< ?n 3)))
   =>
   (modify ?f (n (+ ?n 1))))
"""


def inspector(engine: str, folder) -> Inspector:
    path = folder / "items.clp"
    path.write_text(PROGRAM)
    return Inspector.from_clp(path, engine=engine)


def made_by(ins: Inspector, fid: int):
    firing = ins.session.why(fid)
    return None if firing is None else firing.number


def rule_made(ins: Inspector) -> int:
    """Step until a rule asserts an (item (name b) ...): its id."""
    while True:
        ins.step(1)
        made = [f.id for f in ins.session.facts() if "(name b)" in f.text]
        if made:
            return made[0]


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_duplicate_assert_by_hand_leaves_the_fact_as_the_rule_made_it(tmp_path, engine):
    ins = inspector(engine, tmp_path)
    fid = rule_made(ins)
    maker, versions = made_by(ins, fid), list(ins.session.versions[fid])
    assert maker is not None
    text = ins.session.fact(fid).text
    assert ins.assert_fact(text).id == fid
    assert made_by(ins, fid) == maker
    assert ins.session.versions[fid] == versions
    ins.moved(ins.timeline.undo(1))         # back over the duplicate: nothing to take off
    assert ins.session.versions[fid] == versions and made_by(ins, fid) == maker


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_modify_into_another_fact_leaves_that_fact_as_it_was_made(tmp_path, engine):
    ins = inspector(engine, tmp_path)
    kept = rule_made(ins)
    n = ins.session.fact(kept).text.split("(n ")[1].rstrip(")")
    mine = ins.assert_fact("(item (name c) (n 9))").id
    maker, versions = made_by(ins, kept), list(ins.session.versions[kept])
    ins.modify(mine, name="b", n=int(n))
    assert mine not in {f.id for f in ins.session.facts()}
    assert made_by(ins, kept) == maker and ins.session.versions[kept] == versions
    ins.moved(ins.timeline.undo(1))
    assert ins.session.versions[kept] == versions and made_by(ins, kept) == maker
    assert mine in {f.id for f in ins.session.facts()}


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_modify_that_changes_nothing_makes_no_version(tmp_path, engine):
    ins = inspector(engine, tmp_path)
    fid = rule_made(ins)
    maker, versions = made_by(ins, fid), list(ins.session.versions[fid])
    text = ins.session.fact(fid).text
    n = int(text.split("(n ")[1].rstrip(")"))
    assert ins.session.modify(fid, {"n": n}) == fid
    assert made_by(ins, fid) == maker and ins.session.versions[fid] == versions


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_modify_that_changes_nothing_tells_the_listeners_nothing(tmp_path, engine):
    """CLIPS 6.4 leaves such a fact alone: no retraction, no assertion, no activation."""
    ins = inspector(engine, tmp_path)
    ins.session.watch("activations", True)
    heard: list = []
    ins.session.listeners.append(lambda *event: heard.append(event))
    assert ins.session.modify(1, {"n": 1}) == 1
    assert heard == []
    ins.session.modify(1, {"n": 2})         # as CLIPS: each change, then its activations
    assert [e for e, _ in heard] == ["retract", "deactivate", "deactivate",
                                     "assert", "activate", "activate"]


HAND = st.one_of(
    st.tuples(st.just("step"), st.integers(1, 3)),
    st.tuples(st.just("assert"), st.sampled_from("abc"), st.integers(1, 4)),
    st.tuples(st.just("modify"), st.integers(0, 9), st.sampled_from("abc"), st.integers(1, 4)))


def apply(ins: Inspector, action: tuple, model: dict) -> None:
    """Do the action; keep ``model`` (fact id -> the firing that made its live version,
    None: the user or the deffacts) from what the engine answered."""
    s = ins.session
    if action[0] == "step":
        fired = s.fired_total
        ins.step(action[1])
        for firing in s.trace[fired:]:
            for fid in firing.asserted:
                model[fid] = firing.number
        return
    if action[0] == "assert":
        before = {f.id for f in s.facts()}
        fid = ins.assert_fact(f"(item (name {action[1]}) (n {action[2]}))").id
        if fid not in before:
            model[fid] = None
        return
    facts = s.facts()
    fid = facts[action[1] % len(facts)].id
    old = s.fact(fid).text
    try:
        ins.modify(fid, name=action[2], n=action[3])
    except UsageError:
        return
    live = {f.id for f in s.facts()}
    if fid in live and s.fact(fid).text != old:
        model[fid] = None                   # a new version, made by hand


@pytest.mark.parametrize("engine", ["clips", "experta"])
@settings(max_examples=25, deadline=None)
@given(actions=st.lists(HAND, min_size=1, max_size=10))
def test_why_names_who_made_each_fact_after_any_changes_by_hand(tmp_path_factory, engine,
                                                                 actions):
    ins = inspector(engine, tmp_path_factory.mktemp(engine))
    model = {f.id: None for f in ins.session.facts()}
    for action in actions:
        apply(ins, action, model)
        live = {f.id for f in ins.session.facts()}
        assert {fid: made_by(ins, fid) for fid in live} == {fid: model[fid] for fid in live}


def test_a_recording_clips_session_tells_a_duplicate_without_walking_the_facts(
        tmp_path, monkeypatch):
    """A puzzle asserts its input fact by fact (a scramble solve: up to 500,000
    candidates), so telling a duplicate must not walk the fact list each time: a
    recording session knows the highest index given out."""
    from pyengine.engine import clips_facts
    from pyengine.engine.clips import ClipsSession
    path = tmp_path / "items.clp"
    path.write_text(PROGRAM)
    s = ClipsSession([path])
    s.reset()
    s.run(2)
    monkeypatch.setattr(clips_facts, "last_index", lambda env: pytest.fail("walked"))
    ids = [s.assert_fact(f"(item (name z) (n {i}))") for i in range(50)]
    assert ids == list(range(ids[0], ids[0] + 50))
    made = [f for f in s.facts() if "(name b)" in f.text][0]
    versions = list(s.versions[made.id])
    assert s.assert_fact(made.text) == made.id and s.versions[made.id] == versions
    assert all(len(s.versions[i]) == 1 for i in ids)


LOGICAL = """(deffacts f (p 1) (kill))
(defrule mk (logical (p ?x)) => (assert (r ?x)))
"""


@pytest.mark.parametrize("engine", ["clp", "experta"])
@pytest.mark.parametrize("typed", ["retract 1", "(retract 1)"])
def test_a_retract_by_hand_shows_the_facts_that_lost_their_support(tmp_path, engine, typed):
    """Found by a tester (2026-11-29): history and the retract's own output left out
    (r 1), which went with (p 1), its logical support; going by history it was live."""
    import io
    from pyengine.ui.sessions import opener
    from pyengine.ui.shell import Shell
    path = tmp_path / "logical.clp"
    path.write_text(LOGICAL)
    factory = opener(engine, [str(path)])
    out = io.StringIO()
    Shell(factory(), factory, stdin=io.StringIO(f"step\n{typed}\nhistory\n"),
          stdout=out).cmdloop()
    lines = out.getvalue().splitlines()
    shown = lines[lines.index("FIRE    1 mk: f-1", 1) + 2:]    # the second listing
    assert shown[-2:] == [";; by you: <== f-1     (p 1)", ";; by you: <== f-3     (r 1)"]
    if typed == "retract 1":        # the shell's own command shows its changes
        assert "<== f-3     (r 1)" in lines[1:lines.index("FIRE    1 mk: f-1", 1)]
