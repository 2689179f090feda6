"""``back`` returns to exactly what was first seen there, whatever was done at the
prompt in between (a property test, on both engines).

Random interleavings of steps and prompt actions (assert, retract, modify, strategy,
seed) run on a notebook Inspector; after each one the state is recorded (every fact's
id and text, the agenda in order). Then ``back k`` must give the last state recorded
``k`` firings ago, and going on from there must keep that true.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.engine.errors import UsageError
from pyengine.ui.notebook import Inspector

CLIPS_PROGRAM = """
(deftemplate item (slot name) (slot n (default 0)))
(deftemplate total (slot sum (default 0)))
(deffacts start (item (name a) (n 2)) (item (name b) (n 1)) (total))
(defrule add-item (declare (salience 5))
   ?i <- (item (name ?x) (n ?n&:(> ?n 0))) ?t <- (total (sum ?s))
   => (modify ?t (sum (+ ?s ?n))) (modify ?i (n (- ?n 1))))
(defrule note-big (total (sum ?s&:(> ?s 4))) (not (big)) => (assert (big)))
(defrule mark (flag ?f) (not (seen ?f)) => (assert (seen ?f)))
"""

EXPERTA_PROGRAM = '''
from pyengine.experta import AS, MATCH, NOT, TEST, DefFacts, Fact, KnowledgeEngine, Rule


class Item(Fact):
    pass


class Total(Fact):
    pass


class Big(Fact):
    pass


class Flag(Fact):
    pass


class Seen(Fact):
    pass


class Adder(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Item(name="a", n=2)
        yield Item(name="b", n=1)
        yield Total(sum=0)

    @Rule(AS.i << Item(name=MATCH.x, n=MATCH.n), TEST(lambda n: n > 0),
          AS.t << Total(sum=MATCH.s), salience=5)
    def add_item(self, i, t, n, s):
        self.modify(t, sum=s + n)
        self.modify(i, n=n - 1)

    @Rule(Total(sum=MATCH.s), TEST(lambda s: s > 4), NOT(Big()))
    def note_big(self):
        self.declare(Big())

    @Rule(Flag(MATCH.f), NOT(Seen(MATCH.f)))
    def mark(self, f):
        self.declare(Seen(f))
'''

ACTIONS = st.one_of(
    st.tuples(st.just("step"), st.integers(1, 3)),
    st.tuples(st.just("assert"), st.sampled_from(
        ["(flag x)", "(flag y)", "(item (name c) (n 2))", "(seen x)"])),
    st.tuples(st.just("retract"), st.integers(0, 6)),
    st.tuples(st.just("modify"), st.integers(0, 6), st.integers(0, 3)),
    st.tuples(st.just("strategy"), st.sampled_from(["depth", "breadth", "lex", "mea",
                                                    "simplicity", "complexity"])),
    st.tuples(st.just("seed"), st.integers(1, 99)),
)


def state(ins: Inspector) -> tuple:
    s = ins.session
    return ([(f.id, f.text) for f in s.facts()],
            [(a.rule, a.salience, a.facts) for a in s.agenda()])


def act(ins: Inspector, action: tuple) -> None:
    kind = action[0]
    facts = ins.session.facts()
    try:
        if kind == "step":
            ins.step(action[1])
        elif kind == "assert":
            ins.assert_fact(action[1])
        elif kind == "retract" and facts:
            ins.retract(facts[action[1] % len(facts)].id)
        elif kind == "modify":
            items = [f for f in facts if f.name in ("item", "total")]
            if items:
                fact = items[action[1] % len(items)]
                slot = "n" if fact.name == "item" else "sum"
                ins.modify(fact.id, **{slot: action[2]})
        elif kind == "strategy":
            ins.strategy(action[1])
        elif kind == "seed":
            ins.seed(action[1])
    except UsageError:
        pass                    # nothing to step, a fact gone: not an action


def check_back(ins: Inspector, actions: list, backs: list) -> None:
    seen: dict[int, tuple] = {0: state(ins)}
    for action in actions:
        for one in ([("step", 1)] * action[1] if action[0] == "step" else [action]):
            act(ins, one)                      # a step at a time: each state is seen
            seen[ins.session.fired_total] = state(ins)
    seen[ins.session.fired_total] = state(ins)
    for k in backs:
        fired = ins.session.fired_total
        if fired == 0:
            return
        k = 1 + k % fired
        ins.back(k)
        assert ins.session.fired_total == fired - k
        assert state(ins) == seen[fired - k], f"back {k} from {fired}"
        for key in [n for n in seen if n > fired - k]:
            del seen[key]
        for one in (("assert", "(flag y)"), ("step", 1)):     # and going on from there
            act(ins, one)
            seen[ins.session.fired_total] = state(ins)


@settings(max_examples=40)
@given(st.lists(ACTIONS, min_size=1, max_size=14), st.lists(st.integers(0, 20), max_size=3))
def test_back_returns_to_what_was_seen_on_clips(tmp_path_factory, actions, backs):
    path = tmp_path_factory.mktemp("clp") / "adder.clp"
    path.write_text(CLIPS_PROGRAM)
    check_back(Inspector.from_clp(path), actions, backs)


@settings(max_examples=40)
@given(st.lists(ACTIONS, min_size=1, max_size=14), st.lists(st.integers(0, 20), max_size=3))
def test_back_returns_to_what_was_seen_on_experta(tmp_path_factory, actions, backs):
    path = tmp_path_factory.mktemp("experta") / "adder.py"
    path.write_text(EXPERTA_PROGRAM)
    check_back(Inspector.from_engine(f"{path}:Adder"), actions, backs)


def test_a_modify_at_the_prompt_survives_back(tmp_path):
    """The issue's case: modify f-2 (temp 39.0), step, back: f-2 is 39.0, and the
    strategy typed before the step is still the strategy."""
    path = tmp_path / "fever.clp"
    path.write_text("(deftemplate patient (slot name) (slot temp))\n"
                    "(deffacts s (patient (name ann) (temp 37.0)) (go))\n"
                    "(defrule fever (patient (temp ?t&:(> ?t 38.0))) => (assert (fever)))\n"
                    "(defrule tick ?g <- (go) => (retract ?g))\n")
    ins = Inspector.from_clp(path)
    ins.modify("f-1", "(temp 39.0)")
    ins.strategy("breadth")
    before = state(ins)
    ins.step()
    ins.back()
    assert state(ins) == before and ins.session.strategy == "breadth"
    assert "(temp 39.0)" in ins.session.fact(1).text
