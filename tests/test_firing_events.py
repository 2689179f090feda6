"""A firing's events in the order they happened, in every view that lists them: the
notebook's step and run, the shell's and the notebook's history, checked against
CLIPS's own ``(watch rules facts activations)`` output of the same program; going
back forgets the events of the firings undone, and a change typed by hand between
firings is not filed under the firing before it."""
from __future__ import annotations

import io
import re

import clips
import pytest

from pyengine.engine.errors import EngineHalted
from pyengine.ui.notebook import Inspector
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell
from tests.test_inspector_back import answers

# Prints, modifies, asserts, retracts and loses logical support within one firing, so
# an order of "printed lines, then changes, then activations" cannot pass for CLIPS's.
PROGRAM = """(deftemplate box (slot name) (slot n))
(deffacts start (box (name a) (n 1)) (box (name b) (n 5)))
(defrule grow
  ?b <- (box (name a) (n ?n&:(< ?n 3)))
  =>
  (printout t "growing " ?n crlf)
  (modify ?b (n (+ ?n 1)))
  (printout t "grown" crlf)
  (assert (note ?n)))
(defrule tidy
  ?t <- (note ?n)
  (box (name b))
  =>
  (printout t "tidying " ?n crlf)
  (retract ?t)
  (printout t "tidied " ?n crlf))
(defrule lean
  (declare (salience 10))
  (logical (note ?n))
  =>
  (assert (because ?n)))
"""


class _Watch(clips.Router):
    def __init__(self):
        super().__init__("pyengine-test-watch", 30)
        self.text = []

    def query(self, name):
        return name in ("stdout", "wtrace", "wdisplay")

    def write(self, name, message):
        self.text.append(message)


def clips_watched(path) -> list[str]:
    """CLIPS's own watch output of a run, printed lines marked as the views mark them."""
    out = []
    for line in clips_told(path, ["(watch rules)", "(run)"]):
        # a line a rule left unfinished, a watch line after it: a piece of its own
        for piece in re.split(r"(?=(?:==>|<==) (?:f-\d|Activation))", line):
            if piece.startswith(("FIRE", "==>", "<==")):
                out.append(piece)
            elif piece or line == "":       # printed text keeps its trailing spaces
                out.append(f"    | {piece}" if piece else "    |")
    return out


def elided(lines: list[str]) -> list[str]:
    """History's lines with box a's versions as step shows a modify of it."""
    return [ln.replace("(box (name a)", "(box ...") for ln in lines]


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_step_lists_each_firing_as_clips_watch_prints_it(engine, program):
    want = clips_watched(program)
    assert any(ln.startswith("<== f-") and "because" in ln for ln in want)   # support lost
    ins = Inspector.from_clp(program, engine=engine)
    ins.watch("activations")
    got = []
    while ins.agenda():
        got += str(ins.step()).splitlines()
    assert got == want
    ins.back(len(ins.session.trace))
    assert str(ins.run()).splitlines() == want


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_going_back_forgets_the_events_of_the_firings_undone(engine, program):
    ins = Inspector.from_clp(program, engine=engine)
    ins.watch("activations")
    first = str(ins.step(2))
    ins.back(2)
    again = str(ins.step(2))
    assert again == first               # each activation once, not once per pass
    assert again.count("==> Activation") == first.count("==> Activation") > 0
    assert str(ins.history()).count("==> Activation") == first.count("==> Activation")


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_hand_change_is_not_filed_under_the_firing_before_it(engine, program):
    ins = Inspector.from_clp(program, engine=engine)
    ins.watch("activations")
    first = str(ins.step())
    ins.assert_fact("(note 9)")         # activates tidy and lean: none of firing 1's doing
    listed = str(ins.history()).splitlines()
    assert elided(listed[:len(first.splitlines())]) == first.splitlines()
    typed = next(ln for ln in listed if ln.startswith(";; by you: ==> f-"))
    assert typed.endswith("(note 9)")
    fid = typed.split()[4]
    assert not any(fid in ln for ln in listed if "Activation" in ln)


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_the_shell_history_lists_what_its_step_printed(engine, program):
    factory = opener("clp" if engine == "clips" else "experta", [str(program)])
    out = io.StringIO()
    script = "watch activations\nwatch facts\nstep 3\n"
    Shell(factory(), factory, stdin=io.StringIO(script + "history\n"), stdout=out).cmdloop()
    printed = [ln for ln in out.getvalue().splitlines() if not ln.startswith(";;")]
    stepped, listed = printed[:len(printed) // 2], printed[len(printed) // 2:]
    assert stepped == clips_watched(program)[:len(stepped)]
    # history lists each version whole; the order of everything else is the step's
    assert elided(listed) == stepped


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_an_error_in_step_n_still_shows_the_firings_before_it(engine, tmp_path):
    """A rule failing at the second of three steps: the error says what ran (a note
    under it, as a Jupyter cell shows it), and history has both firings."""
    path = tmp_path / "divide.clp"
    path.write_text("(deffacts start (n 1) (n 0) (n 2))\n"
                    "(defrule divide (n ?n) => (printout t \"100 / \" ?n \" = \" (div 100 ?n) crlf))\n")
    ins = Inspector.from_clp(path, engine=engine)
    with pytest.raises(EngineHalted) as caught:
        ins.step(3)
    said = "\n".join(caught.value.__notes__)
    assert "FIRE    1 divide: f-3\n    | 100 / 2 = 50\nFIRE    2 divide: f-2" in said
    assert said.endswith("\n".join(str(ins.history()).splitlines()[-2:]))


STAGED = """(deffacts init (item 1) (item 2))
(defrule work (logical (GO)) (item ?x) => (assert (done ?x)) (printout t "work " ?x crlf))
"""


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_the_notebook_lists_what_a_stage_boundary_did_as_the_shell_prints_it(engine, tmp_path):
    """Between firings a stage begins (its fact, the activations it makes) and ends (the
    activations it takes away, the facts that lose its logical support): the notebook
    listed only the note and the staging fact (a tester's finding)."""
    path = tmp_path / "staged.clp"
    path.write_text(STAGED)
    ins = Inspector.from_clp(path, stages=["GO:1"], engine=engine)
    ins.watch("activations")
    listed = str(ins.step(3)).splitlines()
    factory = opener("clp" if engine == "clips" else "experta", [str(path), "--stage", "GO:1"])
    out = io.StringIO()
    script = "watch facts\nwatch activations\nstep 3\n"
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    assert listed == out.getvalue().splitlines()
    assert listed[listed.index("<== f-3     (GO)") + 1:] == [
        "<== Activation 0      work: f-3,f-1", "<== f-4     (done 2)", ";; all stages done"]


def test_history_shows_the_activations_of_the_rules_watched(tmp_path):
    """``watch activations RULE``: history lists that rule's, as step printed them."""
    path = tmp_path / "p.clp"
    path.write_text("(deffacts init (go))\n(defrule start (go) => (assert (n 1)))\n"
                    "(defrule each (n ?x) => )\n(defrule pair (n ?x) (go) => )\n")
    factory = opener("experta", [str(path)])
    out = io.StringIO()
    script = "watch activations pair\nstep\nhistory\n"
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    said = out.getvalue()
    assert said.count("==> Activation 0      pair: f-2,f-1") == 2
    assert "each" not in said


UNFINISHED = """(deffacts start (go))
(defrule r (go) =>
  (printout t "before ")
  (assert (one))
  (printout t "and " 2 " ")
  (assert (two))
  (printout t "after" crlf)
  (printout t "" crlf))
(defrule s (one) (two) => (printout t "both"))
"""


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_line_left_unfinished_comes_before_the_change_printed_after_it(engine, tmp_path):
    """CLIPS writes ``before ==> f-2 (one)``: the piece printed before the change is
    listed before it (it came after it, with the rest of its line), and the firing still
    records the line whole."""
    path = tmp_path / "unfinished.clp"
    path.write_text(UNFINISHED)
    want = clips_watched(path)
    assert want[1:5] == ["    | before ", "==> f-2     (one)", "    | and 2 ", "==> f-3     (two)"]
    ins = Inspector.from_clp(path, engine=engine)
    ins.watch("activations")
    assert str(ins.run()).splitlines() == want
    assert ins.session.trace[0].output == ["before and 2 after", ""]


BY_HAND = """(deftemplate c (slot n) (slot k))
(deffacts start (c (n 1) (k 0)))
(defrule x (x ?v) => )
(defrule cc (c (k 9)) => )
"""


def clips_told(path, commands: list[str]) -> list[str]:
    """CLIPS's watch lines for commands typed after a reset, facts and activations
    watched."""
    env = clips.Environment()
    env.load(str(path))
    env.reset()
    router = _Watch()
    env.add_router(router)
    env.eval("(watch facts)")
    env.eval("(watch activations)")
    for command in commands:
        env.eval(command)
    return "".join(router.text).splitlines()


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_change_by_hand_answers_as_clips_watch_prints_it(engine, tmp_path):
    """The notebook's assert_fact, modify and retract answer with the changes as they
    happened: a modify showing the slots it changed, the activations made and taken
    away while watched (the answer was the facts whole, no activation; a tester's
    finding)."""
    path = tmp_path / "hand.clp"
    path.write_text(BY_HAND)
    ins = Inspector.from_clp(path, engine=engine)
    ins.watch("activations")
    said = [*str(ins.assert_fact("(x 1)")).splitlines(), *str(ins.modify(1, k=9)).splitlines(),
            *str(ins.retract(2)).splitlines()]
    assert said == clips_told(path, ["(assert (x 1))", "(modify 1 (k 9))", "(retract 2)"])
    assert "<== f-1     (c ... (k 0))" in said
    ins.unwatch("activations")
    assert str(ins.assert_fact("(x 2)")) == "==> f-3     (x 2)"


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_call_typed_at_the_prompt_tells_its_changes_in_order(engine, tmp_path):
    """A deffunction typed at the prompt asserts a fact a rule waits for: the fact,
    then its activation, as CLIPS's watch prints them (our engine told the activation
    first; a tester's finding)."""
    path = tmp_path / "made.clp"
    path.write_text("(deffunction make (?n) (assert (made ?n)) ?n)\n"
                    "(defrule m (made ?n) => )\n")
    factory = opener("clp" if engine == "clips" else "experta", [str(path)])
    out = io.StringIO()
    script = "watch facts\nwatch activations\n(make 7)\n"
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    told = [ln for ln in out.getvalue().splitlines() if ln.startswith(("==>", "<=="))]
    assert told == clips_told(path, ["(make 7)"])[:2] == [
        "==> f-1     (made 7)", "==> Activation 0      m: f-1"]


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_call_typed_at_the_prompt_prints_between_its_changes(engine, tmp_path):
    """What a call typed at the prompt printed came after all its watch lines, on both
    engines; CLIPS writes them in the order they happened (a piece of a line left
    unfinished before a change is a line of its own, as in a firing), its value last."""
    path = tmp_path / "said.clp"
    path.write_text('(deffunction make (?n)\n  (printout t "making " ?n crlf)\n'
                    '  (assert (made ?n))\n  (printout t "half ")\n  (retract 1)\n'
                    '  (printout t "done" crlf)\n  ?n)\n'
                    "(deffacts d (old))\n(defrule m (made ?n) => )\n")
    factory = opener("clp" if engine == "clips" else "experta", [str(path)])
    out = io.StringIO()
    script = "watch facts\nwatch activations\n(make 7)\n"
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    clips_lines = [piece for line in clips_told(path, ["(make 7)"])
                   for piece in re.split(r"(?<=\S )(?=(?:==>|<==) )", line)]
    shown = [ln.removeprefix("pyengine> ") for ln in out.getvalue().splitlines()]
    assert shown[-7:] == [*clips_lines, "7"] == [
        "making 7", "==> f-2     (made 7)", "==> Activation 0      m: f-2", "half ",
        "<== f-1     (old)", "done", "7"]


SENSORS = """(deftemplate sensor (slot id) (slot v))
(deffacts d (sensor (id 1) (v 10)) (sensor (id 2) (v 50)) (limit 40))
(defrule high (logical (sensor (id ?i) (v ?v)) (limit ?l&:(> ?v ?l))) => (assert (alarm ?i)))
(defrule report (logical (alarm ?i)) => (assert (report-for ?i)))
(defrule quiet (logical (not (calm))) => (assert (restless)))
"""


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_change_by_hand_lists_what_lost_its_logical_support(engine, tmp_path):
    """``modify 2 (v 5)`` and ``assert (calm)`` took away the support of facts: the
    answer, ``history`` and ``why`` hid their retraction (the retract command listed it;
    a teacher's finding). Each lists it as CLIPS's watch does, as the user's."""
    path = tmp_path / "sensors.clp"
    path.write_text(SENSORS)
    factory = opener(engine, [str(path)])
    said, _ = answers(factory, "run\nmodify 2 (v 5)\nassert (calm)\nhistory\nwhy f-4")
    env_says = clips_told(path, ["(run)", "(watch rules)"])     # the run's own lines
    told = clips_told(path, ["(run)", "(modify 2 (v 5))", "(assert (calm))"])[len(env_says):]
    assert said[1].splitlines() + said[2].splitlines() == [
        ln.replace("(sensor ... ", "(sensor (id 2) ") for ln in told
        if not ln.startswith("==> Activation")]
    assert said[3].splitlines()[-6:] == [
        ";; by you: <== f-2     (sensor (id 2) (v 50))", ";; by you: <== f-4     (alarm 2)",
        ";; by you: <== f-5     (report-for 2)", ";; by you: ==> f-2     (sensor (id 2) (v 5))",
        ";; by you: ==> f-7     (calm)", ";; by you: <== f-6     (restless)"]
    assert said[4].splitlines()[0] == "f-4     (alarm 2)   [retracted by you after FIRE 3]"


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_printed_line_keeps_its_trailing_spaces_and_tabs(engine, tmp_path):
    """``(printout t "tags:" tab crlf)`` showed as ``tags:`` (each printed line was
    stripped on the right; a teacher's finding)."""
    path = tmp_path / "spaces.clp"
    path.write_text('(defrule r => (printout t "tags:" tab crlf "x  " crlf crlf "end" crlf))\n')
    said, _ = answers(opener(engine, [str(path)]), "step")
    assert said[0].splitlines()[1:] == ["    | tags:\t", "    | x  ", "    |", "    | end"]
