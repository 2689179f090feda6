"""CLIPS programs from their .clp source on our engine: through the shell, the notebook
and the session; what is outside the subset refused before the run, with its line."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from pyengine.ui.notebook import Inspector
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

ROOT = Path(__file__).resolve().parents[2]
FAMILY = ROOT / "docs/examples/family.clp"


def _shell(engine: str, script: str) -> str:
    return _shell_file(engine, FAMILY, script)


def test_the_shell_shows_the_same_session_on_both_engines():
    script = "run 4\nagenda\nfacts\nmatches find-grandparents\nback 2\nfacts\n"
    on_clips, on_ours = _shell("clp", script), _shell("experta", script)
    assert on_clips == on_ours
    assert "find-siblings" in on_ours


def test_the_notebook_opens_a_clp_file_on_our_engine():
    ins = Inspector.from_clp(str(FAMILY), engine="experta")
    ins.run()
    ours = [f.text for f in ins.session.facts()]
    clips = ClipsSession([FAMILY])
    clips.reset()
    clips.run()
    assert ours == [f.text for f in clips.facts()]
    with pytest.raises(UsageError):
        Inspector.from_clp(str(FAMILY), engine="jess")


@pytest.mark.parametrize("text, line, word", [
    ("(deftemplate a (slot x))\n\n(defclass FOO (is-a USER))\n", 3, "defclass"),
    ("(defrule r (a ?x) => (system \"ls\"))\n", 1, "system"),
    ("(defrule r (a ?x) =>\n  (eval \"(halt)\"))\n", 2, "eval"),
    ("(defrule r (a ?x) => (printout t ?y crlf))\n", 1, "?y"),
    ("(run)\n", 1, "run"),
    ("(defrule r (a ?x) => (printout t \"x\" crlf)\n", 1, "never closed"),
    ("(defrule r (declare (salience 1)) (test (> 1 0)) => (load \"x.clp\"))\n", 1, "load"),
])
def test_outside_the_subset_is_refused_with_its_line(tmp_path, text, line, word):
    path = tmp_path / "bad.clp"
    path.write_text(text)
    with pytest.raises(UsageError) as caught:
        ExpertaSession.from_clp([path])
    message = str(caught.value)
    assert "\n" not in message and f"line {line}" in message and word in message
    assert message.startswith("bad.clp: ")


def test_a_program_reads_its_answers_and_prints_as_clips_does(tmp_path):
    path = tmp_path / "ask.clp"
    path.write_text('(defrule ask => (printout t "name? ") (bind ?n (read))\n'
                    '  (printout t "hello " ?n " " (* 2 1.5) " " (create$ a "b") crlf))\n')
    outs = []
    for s in (ClipsSession([path]), ExpertaSession.from_clp([path])):
        lines = ["Ada"]
        s.set_input(lambda prompt: lines.pop(0) if lines else None)
        s.reset()
        s.run()
        outs.append(list(s.printed))
    assert outs[0] == outs[1] and outs[1][-1].startswith("hello Ada 3.0")


def test_the_seed_scramble_runs_on_both_engines():
    from pyengine.puzzles.scramble.make import is_subsequence, make_scramble
    runs = {e: make_scramble(["Nile", "Seine", "Po"], swaps=30, seed=5, engine=e)
            for e in ("clips", "experta")}
    traces = {e: [(f.rule, f.matched) for f in r.session.trace] for e, r in runs.items()}
    build = {e: [t for t in tr if t[0].startswith("build")] for e, tr in traces.items()}
    assert build["clips"] == build["experta"] and build["clips"]
    for r in runs.values():
        assert sorted(r.line.lower()) == sorted("nileseinepo")
        assert all(is_subsequence(w.lower(), r.line.lower()) for w in r.words)
    decode = {e: sum(t[0].startswith("decode") for t in tr) for e, tr in traces.items()}
    assert decode["clips"] == decode["experta"] == 11
    again = make_scramble(["Nile", "Seine", "Po"], swaps=30, seed=5, engine="experta")
    assert again.line == runs["experta"].line                  # the seed repeats it
    shuffled = make_scramble(["Nile", "Seine"], randomizer="shuffle", seed=5, engine="experta")
    assert sorted(shuffled.line.lower()) == sorted("nileseine")     # (random)'s numbers are
    with pytest.raises(UsageError, match="shuffles at most 200"):   # Python's: another line
        make_scramble(["abcdefghij"] * 21, randomizer="shuffle", engine="experta")


def test_rules_python_shows_a_clips_rule_in_experta(tmp_path):
    out = _shell("experta", "rules --python report-roots\nrules --python nosuch\n")
    assert "@Rule(Person(name=MATCH.r, parent=L('none'))," in out
    assert "NOT(Relation(kind=L('grandparent'), **{'is': MATCH.r}))" in out
    assert "salience=-10" in out and "def report_roots(self, r):" in out
    assert "no rule named 'nosuch'" in out
    assert "open the program with 'experta FILE.clp'" in _shell("clp", "rules --python report-roots\n")


def test_a_loop_inside_one_firing_stops_at_the_time_budget(tmp_path):
    import time
    from pyengine.engine.errors import OutOfTime
    from pyengine.engine.interrupt import time_budget
    path = tmp_path / "loop.clp"
    path.write_text("(defrule spin => (bind ?n 0) (while TRUE do (bind ?n (+ ?n 1))))\n")
    s = ExpertaSession.from_clp([path])
    s.reset()
    began = time.monotonic()
    with pytest.raises(OutOfTime), time_budget(0.2, grace=0.2):
        s.run()
    assert time.monotonic() - began < 3


PRINTING = """
(deffacts start (go))
(defrule show
   ?f <- (go)
   =>
   (print a " b " 1.5 crlf)
   (println (str-replace "a-b-c" "-" "+") " " (type (create$)) " " (!= 1 2))
   (println (union$ (create$ a b) (create$ b c)) (delete-member$ (create$ a b a) a))
   (println (fact-addressp ?f) (fact-addressp 1) (pointerp 1) (external-addressp a))
   (println)
   (print (format nil "%6.2e|" (atan2 1 1)) (deg-rad 180) tab (str-byte-length "é") crlf))
"""


def test_print_println_and_the_added_functions_print_as_on_clips(tmp_path):
    path = tmp_path / "printing.clp"
    path.write_text(PRINTING)
    outputs = []
    for session in (ClipsSession([path]), ExpertaSession.from_clp([path])):
        session.quiet()
        session.reset()
        session.run()
        outputs.append(session.trace[-1].output)
        session.close()
    assert outputs[0] == outputs[1]
    assert outputs[1][:2] == ["a b 1.5", "a+b+c MULTIFIELD TRUE"]


def test_every_function_the_web_page_allows_compiles_on_our_engine(tmp_path):
    """Either engine may run a page program: ours knows every function the page's
    allow-list lets through, but for the few listed, which it refuses by name."""
    from pyengine.engine.clips_allow import FUNCTIONS
    not_yet: set[str] = set()
    unknown = []
    for name in sorted(FUNCTIONS):
        path = tmp_path / "probe.clp"
        path.write_text(f"(deffunction probe () ({name}))")
        try:
            ExpertaSession.from_clp([path]).close()
        except UsageError as exc:
            if "unknown function" in str(exc):
                unknown.append(name)
    assert set(unknown) == not_yet


def _printed_on_both(path: Path) -> list[list[str]]:
    """What a program's rules printed, on CLIPS and on our engine."""
    outputs = []
    for session in (ClipsSession([path]), ExpertaSession.from_clp([path])):
        session.quiet()
        session.reset()
        session.run()
        outputs.append([line for f in session.trace for line in f.output])
        session.close()
    return outputs


def test_fact_set_queries_give_what_clips_gives():
    """Every query function, a fact-set of two variables, a variable of two templates,
    ?f:slot of a multislot, a modify and retractions while iterating, delayed-do."""
    on_clips, ours = _printed_on_both(ROOT / "tests/engines/queries.clp")
    assert on_clips == ours
    assert ours[:3] == ["TRUE FALSE", "1", "4 x y"] and ours[-2:] == ["Dx Dv Dw ", "0"]


def test_focus_questions_strategy_sort_and_fact_relations_give_what_clips_gives():
    """get-focus and pop-focus across modules, get-strategy, sort (with ties and a
    comparison that is not strict), fact-relation and fact-slot-names."""
    on_clips, ours = _printed_on_both(ROOT / "tests/engines/focus.clp")
    assert on_clips == ours
    assert ours[3] == "popped A now B" and ours[-1] == "back in MAIN, popped MAIN, now FALSE"


@pytest.mark.parametrize("text, says", [
    ("(defrule r => (find-all-facts (?f p) TRUE))", "(?variable template...)"),
    ("(defrule r => (any-factp ((?f p) (?f p)) TRUE))", "named twice"),
    ("(defrule r => (find-fact ((?f p)) TRUE extra))", "takes a fact-set template, a query"),
    ("(defrule r => (do-for-fact ((?f p))))", "at least 2 arguments"),
])
def test_a_malformed_query_is_refused_with_its_line(tmp_path, text, says):
    path = tmp_path / "bad.clp"
    path.write_text("(deftemplate p (slot n))\n" + text)
    with pytest.raises(UsageError, match="line 2") as refused:
        ExpertaSession.from_clp([path])
    assert says in str(refused.value)


def test_clear_focus_stack_current_module_seed_and_time_give_what_clips_gives():
    on_clips, ours = _printed_on_both(ROOT / "tests/engines/clear_focus.clp")
    assert on_clips == ours == ["cur MAIN TRUE", "TRUE", "in A cur A focus A",
                                "cleared FALSE", "last cur MAIN"]


def test_read_number_reads_as_clips_does(tmp_path):
    """A number, a symbol C's strtod reads whole (0x10, nan, inf), anything else FALSE,
    blank lines skipped, the end of input EOF: the same on both engines."""
    lines = ["42", " 3.5 rest", "abc", '"7"', "", "-1e3", "0x10", "0X1p3", "12abc", "nan",
             "inf", "1_0", "(", "١٢", ".5", "+5"]
    path = tmp_path / "numbers.clp"
    path.write_text("(defrule r => " + " ".join(
        '(printout t "<" (read-number) ">" crlf)' for _ in range(len(lines))) + ")\n")
    outputs = []
    for engine in ("clp", "experta"):
        factory = opener(engine, [str(path)])
        out = io.StringIO()
        Shell(factory(), factory, stdin=io.StringIO("reset\nrun\n"), stdout=out,
              inputs=list(lines)).cmdloop()
        outputs.append([line for line in out.getvalue().splitlines() if line.endswith(">")])
    assert outputs[0] == outputs[1]
    assert len(outputs[1]) == len(lines)               # the blank line is skipped:
    assert outputs[1][-1] == "    | EOF>"                # the last read finds the end
    assert "    | 16.0>" in outputs[1] and "    | FALSE>" in outputs[1]


def test_the_deftemplate_slot_questions_answer_as_clips_does():
    """Every question about every kind of slot (types, ranges, cardinalities, allowed
    values, static, dynamic and required defaults, an ordered fact's implied slot, a
    template that is not there: FALSE, said after the run), the same on both engines."""
    script = "reset\nrun\n"
    outputs = [_shell_file(engine, ROOT / "tests/engines/slots.clp", script)
               for engine in ("clp", "experta")]
    assert outputs[0] == outputs[1]
    assert "Unable to find deftemplate 'nosuch'" in outputs[1]
    assert "p e: exists TRUE multi FALSE single TRUE defaultp dynamic default gen1" in outputs[1]


def test_a_slot_the_template_lacks_stops_the_action(tmp_path):
    path = tmp_path / "lacks.clp"
    path.write_text("(deftemplate p (slot a))\n(defrule r => (printout t "
                    "(deftemplate-slot-multip p b) crlf) (printout t after crlf))\n")
    s = ExpertaSession.from_clp([path])
    s.quiet()
    s.reset()
    with pytest.raises(UsageError, match="firing 1: .*Invalid slot 'b' not defined in "
                                         "corresponding deftemplate 'p'"):
        s.run()
    assert s.trace[0].output == []


def _shell_file(engine: str, path: Path, script: str) -> str:
    factory = opener(engine, [str(path)])
    out = io.StringIO()
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    return out.getvalue()
