"""The notebook's Inspector (finding 8 of the inspector issue) and the shell and the
notebook giving the same answers on both engines."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.ui.notebook import Inspector, TraceTable
from pyengine.ui.provenance import INITIAL, OUTSIDE, RULE, USER
from pyengine.ui.queries import Text
from pyengine.ui.sessions import opener
from tests.test_inspector_back import answers

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "docs" / "examples"
FAMILY = EXAMPLES / "family.clp"
ANIMALS = EXAMPLES / "animals.py"
CONTRACT_CLP = REPO / "tests" / "engines" / "contract_rules.clp"
CONTRACT_PY = REPO / "tests" / "engines" / "contract_rules.py"


def test_from_clp_with_stages_steps_and_runs():
    ins = Inspector.from_clp(CONTRACT_CLP, stages=["GO"])
    assert [st.name for st in ins.setup.stages] == ["GO"]
    first = ins.step()
    assert isinstance(first, TraceTable) and len(first) == 1
    assert str(first).startswith(";; stage GO begins: f-4     (GO)\n==> f-4     (GO)\n"
                                 "FIRE    1 double: f-4,")
    rest = ins.run()
    assert len(rest) == 5 and ins.runner.done
    assert ins.facts("pairsum").to_records() == [
        {"id": 7, "relation": "pairsum", "values": (10,)},
        {"id": 9, "relation": "pairsum", "values": (6,)},
        {"id": 10, "relation": "pairsum", "values": (8,)}]


def test_from_engine_takes_a_class_or_a_file():
    from tests.engines.contract_rules import Contract

    by_class = Inspector.from_engine(Contract, stages=["GO"])
    by_file = Inspector.from_engine(str(ANIMALS), input=["no", "yes"])
    assert len(by_class.run()) == 6
    by_file.run()
    assert "(animal (name eagle))" in str(by_file.facts("animal"))
    assert "    | It is an eagle." in str(by_file.history())


@pytest.mark.parametrize("call", [
    lambda: Inspector.from_clp("missing.clp"),
    lambda: Inspector.from_clp(FAMILY, stages=["GO:x"]),
    lambda: Inspector.from_clp(FAMILY, strategy="sideways"),
    lambda: Inspector.from_engine("no_such_file.py"),
    lambda: Inspector.from_engine(str(ANIMALS) + ":Nope"),
    lambda: Inspector.open("nonsense"),
    lambda: Inspector.open("scramble", swaps=-1),
    lambda: Inspector.from_clp(FAMILY).step(0),
    lambda: Inspector.from_clp(FAMILY).step("x"),
    lambda: Inspector.from_clp(FAMILY).run(-1),
    lambda: Inspector.from_clp(FAMILY).strategy("sideways"),
    lambda: Inspector.from_clp(FAMILY).why("zz"),
    lambda: Inspector.from_clp(FAMILY).why(99),
    lambda: Inspector.from_clp(FAMILY).show("f-99"),
    lambda: Inspector.from_clp(FAMILY).watch("nothing"),
    lambda: Inspector.from_clp(FAMILY).modify(3, "parent Bob"),
    lambda: Inspector.from_clp(FAMILY).retract(),
    lambda: Inspector.from_clp(FAMILY).matches("no-such-rule"),
    lambda: Inspector.from_clp(FAMILY).facts("f-99"),
    lambda: Inspector.from_clp(FAMILY).stage(),
    lambda: Inspector(42),
])
def test_bad_values_raise_usage_error_never_system_exit(call):
    with pytest.raises(UsageError):
        call()


def test_results_render_as_text_and_html_never_a_bare_string():
    ins = Inspector.from_clp(FAMILY)
    result = ins.run_all()
    assert isinstance(result, Text)
    assert repr(result) == str(result) and not repr(result).startswith(("'", '"'))
    assert str(result).splitlines() == ["    | Ann is a grandparent of Dee",
                                        "    | Ann is a grandparent of Eve",
                                        "8 rules fired (8 in all)"]
    assert result._repr_html_().startswith("<pre>")
    for obj in (ins.facts(), ins.agenda(), ins.history(), ins.why(6), ins.show(6),
                ins.matches("find-siblings"), ins.templates(), ins.globals(),
                ins.strategy(), ins.seed(), ins.watch()):
        assert "<" in obj._repr_html_() and str(obj)
    puzzle = Inspector.open("scramble", hide=["Nile"], seed=4, swaps=1)
    assert puzzle.run_all() == "N I L E"


def test_captions_say_one_firing_not_one_firings():
    ins = Inspector.from_clp(CONTRACT_CLP, stages=["GO"])
    one = ins.step()
    assert "1 firing<" in one._repr_html_()
    assert "1 fact<" in ins.facts("f-1")._repr_html_()
    assert "For a total of 1 fact." in str(ins.facts("f-1"))
    ins.run()
    assert "1 activation" not in ins.agenda()._repr_html_()
    assert "0 activations" in ins.agenda()._repr_html_()
    assert "6 firings>" in repr(ins)


def test_an_inspector_made_before_reset_labels_initial_facts():
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.experta import ExpertaSession
    from tests.engines.contract_rules import Contract

    for session in (ClipsSession([CONTRACT_CLP]), ExpertaSession(Contract)):
        ins = Inspector(session)
        session.reset()
        assert {ins.log.kind(f.id) for f in session.facts()} == {INITIAL}
        ins.assert_fact(session.stage_fact("GO"))
        ins.step(2)
        kinds = {ins.log.kind(f.id) for f in session.facts()}
        assert kinds == {INITIAL, USER, RULE}
        assert "asserted outside the rules" not in str(ins.why(session.trace[0].asserted[0]))
        session.assert_fact("(number 9)")         # behind the inspector's back, after rules
        assert ins.log.kind(session.facts()[-1].id) == OUTSIDE


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_reset_forgets_the_activation_lines_of_the_firings_it_forgets(engine, tmp_path):
    """A reset on a bare session tells what goes and comes; none of it belongs to a
    firing, and the next firing 1 shows only its own lines."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.experta import ExpertaSession
    path = tmp_path / "small.clp"
    path.write_text("(deffacts s (n 1))\n(defrule small (n ?x&:(< ?x 3)) => "
                    "(assert (n (+ ?x 1))))\n")
    session = ClipsSession([path]) if engine == "clips" else ExpertaSession.from_clp([path])
    session.reset()
    ins = Inspector(session)
    ins.watch("activations")
    first = str(ins.step(1))
    assert "==> Activation 0      small: f-2" in first
    ins.reset()
    assert str(ins.step(1)) == first
    assert str(ins.history()) == first


def test_facts_by_relation_is_exact_and_contains_is_a_substring():
    ins = Inspector.open("bee", letters="aeginrt", center="t", seed=1)
    ins.stage(); ins.stage(); ins.stage(); ins.stage()
    rank = ins.facts("rank")
    assert rank and {f.name for f in rank} == {"rank"}
    both = ins.facts(contains="(rank")
    assert {f.name for f in both} == {"rank", "rank-level"}


def test_facts_records_one_key_per_slot_and_pandas_when_installed():
    ins = Inspector.from_clp(FAMILY)
    rows = ins.facts("person").to_records()
    assert rows[1] == {"id": 2, "relation": "person", "name": "Bob", "sex": "male",
                       "parent": "Ann"}
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(UsageError, match="pandas"):
            ins.facts().to_pandas()
    else:
        frame = ins.facts("person").to_pandas()
        assert list(frame.columns) == ["id", "relation", "name", "sex", "parent"]


def test_watch_strategy_reset_assert_retract_modify():
    ins = Inspector.from_clp(CONTRACT_CLP, stages=["GO"])
    assert str(ins.strategy("breadth")) == "strategy breadth"
    assert "activations" in str(ins.watch("activations"))
    table = ins.step(2)
    assert "==> Activation" in str(table)
    ins.unwatch("facts")
    assert "==> f-" not in str(ins.history())
    fact = ins.assert_fact("(number 7)")
    assert fact.text == "(number 7)" and ins.log.kind(fact.id) == USER
    gone = ins.retract(fact.id)
    assert [f.id for f in gone] == [fact.id]
    assert str(ins.reset()) == "reset: 3 facts; next stage GO"
    assert len(ins.session.trace) == 0 and ins.session.strategy == "breadth"   # kept, as CLIPS


def test_modify_on_a_template_fact():
    ins = Inspector.from_clp(FAMILY)
    new = ins.modify("f-3", parent="Bob")
    assert new.text == "(person (name Cid) (sex male) (parent Bob))"
    again = ins.modify(new.id, "(sex female)")
    assert "(sex female)" in again.text


# -- the shell and the notebook give the same answers ----------------------------------------

SESSIONS = {
    "clips-family": (["clp", str(FAMILY)], lambda: Inspector.from_clp(FAMILY),
                     "find-grandparents", 6),
    "experta-animals": (["experta", str(ANIMALS)],
                        lambda: Inspector.from_engine(str(ANIMALS), input=["yes", "no"]),
                        "ask_meat", 3),
    "clips-contract": (["clp", str(CONTRACT_CLP), "--stage", "GO"],
                       lambda: Inspector.from_clp(CONTRACT_CLP, stages=["GO"]), "sum_pair", 7),
    "experta-contract": (["experta", f"{CONTRACT_PY}:Contract", "--stage", "GO"],
                         lambda: Inspector.from_engine(f"{CONTRACT_PY}:Contract", stages=["GO"]),
                         "sum_pair", 7),
}


def shell_says(head: list[str], script: str, inputs=None) -> list[str]:
    """Each command's output, one string per command."""
    said, _shell = answers(opener(head[0], head[1:]), script, inputs)
    return [s.rstrip("\n") for s in said]


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_the_shell_and_the_notebook_say_the_same(name):
    head, make, rule, fact = SESSIONS[name]
    ins = make()
    script = ["facts", f"matches {rule}", "step 2", "agenda", "facts 1 3", "step 2",
              f"matches {rule}", "history", "templates", "globals", "run", "facts",
              f"why f-{fact} all", f"show f-{fact}", f"facts f-{fact}", "strategy",
              "(facts)", "(agenda)"]
    said = shell_says(head, "\n".join(script), inputs=["yes", "no"])
    for cmd, shell_text in zip(script, said):
        if cmd.startswith("step"):
            ins.step(2)
        elif cmd == "run":
            ins.run()
        else:
            assert shell_text == _redo(ins, cmd), cmd


def _redo(ins, cmd: str) -> str:
    """The notebook's answer to one shell command, asked now."""
    verb, _, rest = cmd.strip("()").partition(" ")
    if verb == "strategy":
        return ";; " + str(ins.strategy())
    if verb == "facts":
        return str(ins.facts(rest or None))
    if verb == "matches":
        return str(ins.matches(rest))
    if verb == "agenda":
        return str(ins.agenda())
    if verb == "history":
        return str(ins.history())
    if verb == "why":
        return "\n".join(ins.why(rest.split()[0]).lines())
    if verb == "show":
        return str(ins.show(rest))
    return str(getattr(ins, verb)())


def test_a_kept_table_and_its_records_tell_the_same_facts(tmp_path):
    """A tester's findings (2026-11-29): a facts table kept past a step gave the facts'
    later values as records (a Python engine: an error for a fact since retracted); and
    a .clp fact's string holding a quote or a backslash came back split or changed (it
    was read back from the printed text). Both engines, values as the engine holds them."""
    path = tmp_path / "vals.clp"
    path.write_text('(deftemplate v (slot n) (slot s))\n'
                    '(deffacts d (v (n 5) (s "q \\"quoted\\" <b>")) (v (n 1) (s "back\\\\slash")))\n'
                    "(defrule down ?f <- (v (n ?n&:(> ?n 1))) => (modify ?f (n (- ?n 1))))\n")
    for engine in ("clips", "experta"):
        ins = Inspector.from_clp(str(path), engine=engine)
        kept = ins.facts()
        assert [(r["n"], r["s"]) for r in kept.to_records()] == [
            (5, 'q "quoted" <b>'), (1, "back\\slash")]
        ins.step(2)
        assert [r["n"] for r in kept.to_records()] == [5, 1]        # as the table shows
        assert [r["n"] for r in ins.facts().to_records()] == [3, 1]
        ins.close()


def test_asserting_what_is_not_a_fact_is_one_line_on_both_engines():
    """``assert_fact(5)`` on our engine was Python's AttributeError (a tester's finding)."""
    for engine in ("clips", "experta"):
        ins = Inspector.from_clp(str(FAMILY), engine=engine)
        with pytest.raises(UsageError, match="assert takes a fact as text, e.g. \\(number 4\\)"):
            ins.assert_fact(5)
        ins.close()
