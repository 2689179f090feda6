"""A rule's Rete network (pyengine/engine/network.py): the same nodes, facts and tokens
on CLIPS and on our engine for the same program, step by step; what it holds is what
matches lists; ids stay put between snapshots; the shell's and the notebook's
``network`` (the command table's entry)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pyengine.engine import clips_repl
from pyengine.engine.clips import ClipsSession
from pyengine.engine.clips_network import lhs_ces, rule_network
from pyengine.engine.clips_program import Source
from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.network import NO_PATTERN, join_label, network_lines, summary_lines
from pyengine.engine.rete import lhs
from pyengine.ui.notebook import Inspector
from pyengine.ui.sessions import open_plan, opener
from pyengine.ui.shell import Shell
from tests.conformance.random_clp import build

ROOT = Path(__file__).resolve().parent.parent
FAMILY = ROOT / "docs" / "examples" / "family.clp"

# Every kind of node: patterns with and without an address, not and exists over one
# pattern and over several, forall, or, test CEs (first and after a pattern), logical,
# a rule with no pattern; the tasks get done one by one, so memories fill and empty.
TASKS = """
(deftemplate task (slot name) (slot state (default todo)))
(deffacts work
   (task (name a)) (task (name b)) (task (name c))
   (needs b a) (needs c b) (start))
(defrule begin
   ?s <- (start)
   =>
   (retract ?s)
   (assert (phase go)))
(defrule ready
   (phase go)
   ?t <- (task (name ?n) (state todo))
   (not (and (needs ?n ?m) (task (name ?m) (state ~done))))
   =>
   (modify ?t (state done)))
(defrule some-done
   (exists (task (state done)))
   (test (> 2 1))
   =>)
(defrule blocked
   (task (name ?n) (state todo))
   (exists (needs ?n ?) (phase go))
   =>)
(defrule all-done
   (phase go)
   (forall (task (name ?n)) (task (name ?n) (state done)))
   =>
   (assert (finished)))
(defrule either
   (or (finished) (needs ?x a))
   (not (stop))
   =>)
(defrule announce
   (logical (phase go))
   (test (neq go stop))
   =>
   (assert (announced)))
(defrule bare
   =>
   (assert (bare)))
"""


@pytest.fixture
def tasks(tmp_path):
    path = tmp_path / "tasks.clp"
    path.write_text(TASKS)
    return path


def both(path: Path):
    """The program on CLIPS and on our engine, reset."""
    return (open_plan("clp", target=[str(path)]).session,
            open_plan("experta", target=[str(path)]).session)


def shape(net) -> list[tuple]:
    return [(n.id, n.kind, n.label, n.inputs, n.facts, n.tokens, n.count) for n in net.nodes]


def test_both_engines_show_the_same_network_after_every_step(tasks):
    clips, ours = both(tasks)
    assert sorted(clips.rules()) == sorted(ours.rules())
    kinds, steps = set(), 0
    while True:
        for rule in clips.rules():
            a, b = clips.network(rule).rule(rule), ours.network(rule).rule(rule)
            assert not a.listed, rule                   # laid out from its conditions
            assert shape(a) == shape(b), (rule, steps)
            kinds |= {n.kind for n in a.nodes}
        fired = clips.step()
        assert ours.step() == fired
        assert clips.trace[-1].rule == ours.trace[-1].rule if fired else True
        if not fired:
            break
        steps += 1
    assert steps == 10
    # a forall is the nots CLIPS reads it as: (not (and A (not B)))
    assert kinds == {"alpha", "join", "not", "exists", "terminal"}


# Random programs (tests/conformance/random_clp.py): joins sharing variables, not, exists,
# forall, not (and ...), or, test, multifields.
@pytest.mark.parametrize("seeds", [range(10), pytest.param(range(10, 400),
                                                           marks=pytest.mark.heavy)])
def test_random_programs_show_the_same_network_while_they_fire_alike(seeds):
    for seed in seeds:
        source = Source(f"random{seed}.clp", build(seed))
        clips, ours = ClipsSession(sources=[source]), ExpertaSession.from_clp(sources=[source])
        clips.quiet(True)
        clips.reset()
        ours.reset()
        for _ in range(25):
            for rule in clips.rules():
                a, b = clips.network(rule).rule(rule), ours.network(rule).rule(rule)
                assert not a.listed and shape(a) == shape(b), (seed, rule)
            if not clips.run(1) or not ours.run(1) or \
                    (clips.trace[-1].rule, clips.trace[-1].matched) != \
                    (ours.trace[-1].rule, ours.trace[-1].matched):
                break               # (the conformance tests say where runs part)


def test_the_nodes_hold_what_clips_matches_lists(tasks):
    clips, _ = both(tasks)
    clips.run(2)
    for rule in clips.rules():
        net = clips.network(rule).rule(rule)
        if rule == "bare":              # no pattern: CLIPS's initial pattern stands for one
            assert [(n.kind, n.label, n.facts) for n in net.nodes[:1]] == \
                [("alpha", NO_PATTERN, (None,))] and net.nodes[1].kind == "terminal"
            fired = any(f.rule == "bare" for f in clips.trace)
            assert net.nodes[1].tokens == (() if fired else ((None,),))
            continue
        m = clips.matches(rule)
        alphas = [n for n in net.nodes if n.kind == "alpha"]
        joins = [n for n in net.nodes if n.kind not in ("alpha", "terminal")]
        assert [list(n.facts) for n in alphas] == [sorted(set(p.facts)) for p in m.patterns]
        assert [(n.label, set(n.tokens)) for n in joins] == [
            (j.label, set(j.rows)) for j in m.joins]
        assert set(net.nodes[-1].tokens) == set(m.activation_rows), rule


def test_a_rule_laid_out_node_by_node(tasks):
    clips, _ = both(tasks)
    clips.run(2)                    # begin, then ready on task a: f-1 is done
    net = clips.network("ready").rule("ready")
    assert [(n.id, n.kind, n.label, n.inputs) for n in net.nodes] == [
        ("ready/p1", "alpha", "(phase go)", ()),
        ("ready/p2", "alpha", "?t <- (task (name ?n) (state todo))", ()),
        ("ready/p3", "alpha", "(needs ?n ?m)", ()),
        ("ready/p4", "alpha", "(task (name ?m) (state ~done))", ()),
        ("ready/j1", "join", "1 - 2", ("ready/p1", "ready/p2")),
        ("ready/j2", "join", "1 - 3", ("ready/j1", "ready/p3")),
        ("ready/j3", "join", "1 - 4", ("ready/j2", "ready/p4")),
        ("ready/j4", "not", "1 (P1) - 2 (P2) , 3 (P3 - P4)", ("ready/j1", "ready/j3")),
        ("ready/t", "terminal", "ready", ("ready/j4",))]
    phase = clips.find("phase")[0].id
    assert net.node("ready/p2").facts == (2, 3)                 # b and c still to do
    assert net.node("ready/j3").tokens == ((phase, 3, 5, 2),)   # c needs b, not done
    assert net.node("ready/t").tokens == ((phase, 2, None),)    # b is ready


def test_ids_stay_put_and_a_diff_shows_what_changed():
    clips, ours = both(FAMILY)
    for session in (clips, ours):
        before = session.network("report-roots").rule("report-roots")
        assert before.node("report-roots/j1").tokens == ((1, None),)
        session.run()
        after = session.network("report-roots").rule("report-roots")
        assert [n.id for n in after.nodes] == [n.id for n in before.nodes]
        assert after.node("report-roots/p2").facts == (8, 9)   # Ann's two grandchildren
        assert after.node("report-roots/j1").tokens == ()       # ... block the not
        assert after.node("report-roots/t").count == 0


def test_every_rule_at_once_and_as_json():
    clips, ours = both(FAMILY)
    for session in (clips, ours):
        net = session.network()
        assert sorted(r.rule for r in net.rules) == sorted(session.rules())
        data = json.loads(json.dumps(net.to_json(most=1)))
        grand = next(r for r in data["rules"] if r["rule"] == "find-grandparents")
        p1 = grand["nodes"][0]
        assert p1 == {"id": "find-grandparents/p1", "kind": "alpha",
                      "label": "(person (name ?c) (parent ?p))", "inputs": [], "count": 5,
                      "cut": True, "facts": [1], "pattern": 1}
        assert grand["nodes"][2]["tokens"] == [[4, 2]] and grand["nodes"][2]["count"] == 2
    lines = summary_lines(clips.network())
    assert lines[1] == "find-grandparents    patterns 5 4  joins 2  activations 2"
    assert lines[2] == "report-roots         patterns 1 0  joins 1(not)  activations 1"


def test_unknown_rules_are_refused_on_both_engines():
    for session in both(FAMILY):
        with pytest.raises(UsageError, match="no rule named 'nope'"):
            session.network("nope")


def test_join_labels_are_clips_own():
    assert join_label([(1, 1), (2, 2)]) == "1 - 2"
    assert join_label([(1, 3)]) == "1 (P1 - P3)"
    assert join_label([(1, 1), (2, 2), (3, 3), (4, 5), (6, 6)]) == \
        "1 (P1) - 3 (P3) , 4 (P4 - P5) , 5 (P6)"


def test_conditions_are_read_from_the_source_without_evaluating_them():
    ces = lhs_ces('; note\n(defrule r "doc" (declare (salience 5)) ?f <- (a (system "x")) '
                  "(test (eval 1)) (not (b)) (exists (c) (d)) (forall (e) (f)) "
                  "(or (g) (h)) => (system ls))")
    assert [type(ce) for ce in ces] == [lhs.Pattern, lhs.Test, lhs.Not, lhs.Exists, lhs.Not,
                                        lhs.Or]
    assert [type(ce) for ce in ces[4].ces] == [lhs.Pattern, lhs.Not]     # forall: A, not B
    assert ces[0].text == '?f <- (a (system "x"))' and ces[0].address == "f"
    assert lhs_ces("(deffacts x (a))") is None


def test_a_listing_the_layout_cannot_follow_is_shown_as_listed():
    clips, _ = both(FAMILY)
    text = clips_repl.matches_text(clips, "find-siblings")
    net = rule_network("find-siblings", text, "(defrule find-siblings (a) =>)")
    assert net.listed and [n.kind for n in net.nodes] == ["alpha", "alpha", "join", "terminal"]
    assert net.nodes[2].inputs == ("find-siblings/p1", "find-siblings/p2")
    assert net.nodes[2].tokens == clips.network("find-siblings").rules[0].nodes[2].tokens


def test_the_shell_prints_a_rule_node_by_node_and_every_rule_briefly():
    factory = opener("clp", [str(FAMILY)])
    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO(""), stdout=out)
    shell.onecmd("network find-grandparents")
    shell.onecmd("network")
    said = out.getvalue().splitlines()
    assert said[:9] == [
        "Network of find-grandparents",
        "p1   pattern (person (name ?c) (parent ?p))",
        "       5 facts: f-1 f-2 f-3 f-4 f-5",
        "p2   pattern (person (name ?p) (parent ?g&~none))",
        "       4 facts: f-2 f-3 f-4 f-5",
        "j1   join (CEs 1 - 2) <- p1, p2",
        "       2 partial matches: f-4,f-2 f-5,f-2",
        "t    terminal <- j1",
        "       2 activations: f-4,f-2 f-5,f-2"]
    assert said[9].startswith("find-siblings        patterns 4 5  joins 4")
    assert shell.complete_network("find-g", "network find-g", 8, 14) == ["find-grandparents"]


def test_the_text_form_cuts_long_memories():
    clips, _ = both(FAMILY)
    lines = network_lines(clips.network("find-siblings").rules[0], most=2)
    assert lines[2] == "       4 facts: f-2 f-3 ... (2 more)"


def test_the_notebook_returns_the_network_with_its_text():
    ins = Inspector.from_clp(FAMILY)
    view = ins.network("report-roots")
    assert str(view).splitlines()[5] == "j1   not (CEs 1 - 2) <- p1, p2"
    assert view.network.rule("report-roots").node("report-roots/t").count == 1
    assert view.to_json()["rules"][0]["rule"] == "report-roots"
    with pytest.raises(UsageError, match="no rule named"):
        ins.network("nope")


TEST_FIRST = """(deffacts f (a 1) (a 2) (b 1) (c 2))
(defrule opens (test (> 3 2)) (a ?x) (b ?x) =>)
(defrule opens-exists (test (> 3 2)) (exists (a ?x) (b ?x)) =>)
(defrule group-opens (a ?x) (not (and (test (> ?x 1)) (b ?y))) =>)
(defrule exists-opens (a ?x) (exists (test (> ?x 1)) (c ?x)) =>)
"""


def test_a_test_opening_a_rule_or_a_group_has_clips_s_initial_pattern(tmp_path):
    """Found by a tester (2026-11-29): on our engine the network of a rule opening with
    a test had no initial pattern and a join labelled ``1 - 2`` holding 3-field tokens;
    a group opening with one was joined without it (``f-2,f-3`` for CLIPS's
    ``f-2,*,f-3``); on CLIPS the view fell back to the listing, ``f-None``."""
    path = tmp_path / "opens.clp"
    path.write_text(TEST_FIRST)
    clips, ours = both(path)
    for rule in clips.rules():
        a, b = clips.network(rule).rule(rule), ours.network(rule).rule(rule)
        assert not a.listed and shape(a) == shape(b), rule
        assert "f-None" not in "\n".join(network_lines(a))
    lines = network_lines(ours.network("group-opens").rule("group-opens"))
    assert "p2   pattern CLIPS's initial pattern (the group opens with a test)" in lines
    assert "       1 partial match: f-2,*,f-3" in lines
    assert "       1 fact: *" in network_lines(ours.network("opens").rule("opens"))


def test_a_rule_holding_too_much_to_list_is_refused_at_once(tmp_path, monkeypatch):
    """Found by a tester (2026-11-29): the page's network of a rule with 300,000 partial
    matches took CLIPS's listing over 10 s and ended the student's session; CLIPS's
    counts alone come in milliseconds, so a listing past them is refused first."""
    from pyengine.engine import network
    monkeypatch.setattr(network, "MOST_LISTED", 500)
    path = tmp_path / "pairs.clp"
    path.write_text("(deffacts d " + " ".join(f"(item {i})" for i in range(40)) + ")\n"
                    "(defrule pairs (item ?a) (item ?b&:(< ?a ?b)) =>)\n"
                    "(defrule few (item 3) =>)\n")
    for s in both(path):
        for view in (s.matches, s.rule_network):
            with pytest.raises(UsageError, match="rule pairs holds more than 500 alpha "
                                                 "matches, partial matches and activations"):
                view("pairs")
        assert s.matches("few").activations
        every = s.network()             # alone: the others, and the one past the bound named
        assert [r.rule for r in every.rules] == ["few"] and every.too_many == ("pairs",)
        assert summary_lines(every)[0] == "pairs  holds more than 500: too many to list"
        assert every.to_json()["too_many"] == ["pairs"]


def test_every_rules_network_holds_the_bound_in_all(tmp_path):
    """Found by a hostile student (2026-11-29): 30 rules of 20,000 partial matches
    each, every one under the bound, made the page's network (every rule's) list
    600,000 on CLIPS: 10 s, and the student's session ended. The bound holds for the
    listing in all; the rules past it are named, each listable alone."""
    path = tmp_path / "many.clp"
    path.write_text("(defrule make (declare (salience 100)) => (loop-for-count (?i 1 100) "
                    "(assert (big ?i))))\n" + "".join(
                        f"(defrule r{k} (big ?i) (big ?j&~?i) => )\n" for k in range(30)))
    for s in both(path):
        s.run(1)
        every = s.network()
        assert [r.rule for r in every.rules] == ["make", "r0", "r1"]
        assert every.left_out == tuple(f"r{k}" for k in range(2, 30)) and not every.too_many
        assert summary_lines(every)[0] == ("r2    left out: the rules listed hold 50,000 in "
                                           "all (network r2 lists it alone)")
        assert s.rule_network("r29").nodes[-1].count == 9_900


def test_an_opening_test_shows_its_star_only_while_it_holds(tmp_path):
    """CLIPS lists a test-first rule's initial pattern ``*`` only while the test holds;
    the network view showed "1 fact: *" always, on both engines (a teacher's finding)."""
    path = tmp_path / "opening.clp"
    path.write_text(ROOT.joinpath("tests/conformance/repl/opening_tests.clp").read_text())
    clips, ours = both(path)
    for rule, shown in (("over", (None,)), ("under", ()), ("two", ())):
        nets = [s.network(rule).rules[0] for s in (clips, ours)]
        assert shape(nets[0]) == shape(nets[1]) and nets[0].nodes[0].facts == shown, rule
