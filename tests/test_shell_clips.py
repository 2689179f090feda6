"""The shell's CLIPS REPL (pyengine/ui/shell_clips.py and the session's command):
CLIPS's own commands at the prompt, on CLIPS and, where they mean something there,
on experta. tests/conformance/test_repl.py compares whole transcripts with real CLIPS."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

REPL = Path(__file__).parent / "conformance" / "repl"
TWINS = Path(__file__).parent / "conformance" / "twins_repl.py"


def program(name: str, engine: str = "clips"):
    if engine == "clips":
        return opener("clp", [str(REPL / f"{name}.clp")])
    cls = "".join(part.capitalize() for part in name.split("_"))
    return opener("experta", [f"{TWINS}:{cls}"])


def shell(factory, script: str, inputs=None) -> tuple[str, Shell]:
    out = io.StringIO()
    sh = Shell(factory(), factory, stdin=io.StringIO(script), stdout=out, inputs=inputs)
    sh.cmdloop()
    return out.getvalue(), sh


BOTH = pytest.mark.parametrize("engine", ["clips", "experta"])


# -- what CLIPS prints, on both engines ----------------------------------------------------------

@BOTH
def test_not_and_exists_patterns_show_a_star_in_the_agenda_and_firings(engine):
    out, _ = shell(program("negation", engine), "agenda\nwatch rules\nrun 2\nagenda\n")
    assert "0      ready: f-1,*,*" in out.splitlines()
    assert "FIRE    2 some_done: *" in out
    assert "FIRE    1 ready: f-1,*,*" in out


@BOTH
def test_matches_in_clips_layout_with_its_counts(engine):
    out, _ = shell(program("negation", engine), "matches ready\n")
    lines = out.splitlines()
    assert lines[0] == "Matches for Pattern 1" and lines[1].startswith(";; ")
    assert "Partial matches for CEs 1 - 3" in lines
    assert lines[lines.index("Activations") + 1] == "f-1,*,*"
    assert lines[-1] == "(5 2 1)"            # facts per pattern, partial matches, activations


@BOTH
def test_a_breakpoint_stops_the_run_before_its_rule(engine):
    out, sh = shell(program("salience", engine),
                    "set-break mid\nshow-breaks\nwatch rules\nrun\nrun 1\nremove-break\nshow-breaks\n")
    lines = out.splitlines()
    at = lines.index("Breaking on rule mid.")
    assert lines[:at] == ["mid", "FIRE    1 high: f-2", "    | high 2"]
    assert "stopped with rules to fire" in lines[at + 1]
    assert lines[at + 2] == "FIRE    2 mid: f-3"            # the next run fires it
    assert lines[-1].startswith(";; 1 rule fired")             # no breakpoints left
    assert sh.errors == 0


@BOTH
def test_halt_in_a_rule_stops_the_run(engine):
    out, sh = shell(program("salience", engine), "run\nagenda\n")
    assert out.splitlines()[:4] == ["    | high 2", "    | mid 3", "    | halting",
                                    ";; 3 rules fired (3 in all); stopped with rules to fire"]
    assert sh.session.agenda_size() == 2


def test_halt_stops_a_stage_in_it():
    """The stage loop stops where the rule halted, inside its stage, instead of going
    on (the staging fact stays)."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.stages import Stage, StageRunner

    s = ClipsSession(constructs=["(defrule a (GO) (n ?x) => (if (= ?x 2) then (halt)))",
                                 "(deffacts d (n 1) (n 2) (n 3))"])
    s.reset()
    runner = StageRunner(s, [Stage("GO"), Stage("NEXT")])
    assert runner.walk(None) == 2 and runner.active and runner.current.name == "GO"
    assert runner.walk(None) == 1 and runner.done


@BOTH
def test_list_commands_as_clips_lays_them_out(engine):
    out, _ = shell(program("salience", engine), "list-defrules\n(list-defrules *)\n"
                                                  "(list-defmodules)\nlist-deffunctions\n")
    assert out.splitlines() == ["high", "mid", "low", "stop", "last", "For a total of 5 defrules.",
                                "MAIN:", "   high", "   mid", "   low", "   stop", "   last",
                                "For a total of 5 defrules.",
                                "MAIN", "For a total of 1 defmodule."]


@BOTH
def test_watch_rules_name_shows_that_rules_firings_only(engine):
    out, _ = shell(program("salience", engine), "watch rules low last\nrun\nrun\n")
    fired = [line.split()[2] for line in out.splitlines() if line.startswith("FIRE")]
    assert fired == ["low:", "last:"]


@BOTH
def test_watch_statistics_prints_clips_run_statistics(engine):
    out, _ = shell(program("modify_chain", engine), "watch statistics\nrun\n")
    lines = out.splitlines()
    assert lines[-6].startswith("7 rules fired        Run time is ") and lines[-6].endswith(" seconds.")
    assert lines[-5].endswith(" rules per second.")
    assert lines[-4:-1] == ["3 mean number of facts (5 maximum).",
                            "0 mean number of instances (0 maximum).",
                            "1 mean number of activations (2 maximum)."]


@BOTH
def test_save_facts_then_load_facts(engine, tmp_path):
    saved = tmp_path / "shop.fct"
    out, _ = shell(program("multislot", engine), f"save-facts {saved}\n")
    assert out == "4\n"
    assert saved.read_text().splitlines()[2:] == ["(order (id 1) (items tea cake tea) (total 0))",
                                                  "(order (id 2) (items) (total 0))"]
    saved.write_text("(price (item jam) (cost 2))\n(order (id 3) (items jam))\n")
    out, sh = shell(program("multislot", engine), f'(load-facts "{saved}")\nfacts order\n')
    assert out.splitlines()[0] == "2"
    default = " (total 0)" if engine == "clips" else ""     # experta has no slot defaults
    assert f"f-6     (order (id 3) (items jam){default})" in out.splitlines()


@BOTH
def test_dribble_copies_commands_and_output(engine, tmp_path):
    copy = tmp_path / "session.txt"
    out, _ = shell(program("salience", engine), f"agenda 1\ndribble-on {copy}\nshow-breaks\n"
                                                 "agenda 1\n(dribble-off)\nagenda 1\n")
    assert copy.read_text().splitlines() == [
        "pyengine> show-breaks", "pyengine> agenda 1", "20     high: f-2",
        ";; ... 4 more (agenda all)", "For a total of 5 activations.", "pyengine> (dribble-off)"]


def test_experta_says_which_commands_are_clips_only():
    out, sh = shell(program("salience", "experta"), "(focus MAIN)\nbind ?*x* 3\n?*x*\n")
    assert out.splitlines() == ["error: (focus) is a CLIPS command; this is an experta session",
                                "error: (bind) is a CLIPS command; this is an experta session",
                                "error: ?*x*: a CLIPS command; this is an experta session"]


def test_an_empty_multislot_prints_as_clips_prints_it_on_experta():
    from pyengine.engine.experta_facts import fact_text
    from tests.conformance.twins_repl import Order
    assert fact_text(Order(id=2, items=(), total=0)) == "(order (id 2) (items) (total 0))"


# -- CLIPS only ------------------------------------------------------------------------------------

def test_values_variables_and_calls_print_as_at_clips_prompt():
    out, sh = shell(program("globals"), '(bind ?*limit* 3)\n?*limit*\n(str-cat "a" b)\n'
                                        '(printout t "x " ?*limit* crlf)\n(create$ a "b" 1.5)\n'
                                        '3\n"s"\n(focus MAIN)\n')
    assert out.splitlines() == ["3", "3", '"ab"', "x 3", '(a "b" 1.5)', "3", '"s"', "TRUE"]
    assert sh.errors == 0


def test_a_command_cannot_take_the_session_from_under_the_shell():
    out, sh = shell(program("globals"), "(progn (run))\n(+ 1 (eval \"(reset)\"))\n(fcts)\n")
    assert out.splitlines() == [
        "error: (run) cannot be called from a command here: type run at the prompt",
        "error: (eval) cannot be called from a command here: type the command itself",
        "error: [EXPRNPSR3] Missing function declaration for 'fcts'."]


def test_hyphenated_commands_are_clips_not_the_shell_word_before_the_hyphen():
    out, sh = shell(program("salience"), "set-break low\n(show-breaks)\nshow-breaks\nlist-x\n")
    assert out.splitlines() == ["low", "low", "error: unknown command 'list-x' (type help for "
                                              "the list)"]


def test_commands_typed_are_journaled_so_back_replays_them():
    out, sh = shell(program("globals"), "(bind ?*limit* 3)\nstep\nset-break take\nrun\n"
                                        "back 1\n?*limit*\n?*fired*\nshow-breaks\n"
                                        "back 1\nshow-breaks\n")
    lines = out.splitlines()
    assert "Breaking on rule take." in lines
    at = lines.index(";; before firing 2: 1 firing so far, 2 activations on the agenda")
    assert lines[at + 1:at + 4] == ["3", "1", "take"]     # bind, step, set-break replayed
    assert lines[at + 4:] == [";; before firing 1: 0 firings so far, 3 activations on the "
                              "agenda"]                     # the breakpoint came after firing 1
    assert sh.errors == 0


def test_modules_rules_of_every_module_a_rule_by_either_name_facts_in_scope():
    out, sh = shell(program("modules"), "rules\nrules plan\nmatches PLAN::plan\nrun\nfacts\n"
                                        "facts MAIN::task\n")
    lines = out.splitlines()
    assert lines[:5] == ["MAIN::start  fired 0", "PLAN::plan   fired 0", "DO::work     fired 0",
                         "DO::finish   fired 0", "For a total of 4 rules."]
    assert "(defrule PLAN::plan" in out and "Matches for Pattern 1" in out
    assert "planned" not in out.split(";; 7 rules fired")[1]   # DO does not see PLAN's facts
    assert lines.count("f-1     (task (name a) (phase do))") == 2     # facts MAIN::task too


def test_a_bad_clips_file_is_reported_with_clips_message_on_one_line(tmp_path):
    """CLIPS's message, its line in the file and what CLIPS had read, on one line (it
    was CLIPS's five lines, without the line)."""
    bad = tmp_path / "bad.clp"
    bad.write_text("; a comment\n(defrule broken2\n  (person (name ?n)) (not)\n  =>\n"
                   "  (printout t x crlf))\n")
    with pytest.raises(UsageError) as err:
        opener("clp", [str(bad)])()
    assert str(err.value) == (
        f"cannot load {bad}: line 3: [PRNTUTIL2] Syntax Error: Check appropriate syntax "
        "for defrule. (CLIPS stopped at: (defrule MAIN::broken2 (person ()")
    phases = Path(__file__).resolve().parent.parent / "docs" / "examples" / "phases.clp"
    out = io.StringIO()
    Shell(opener("clp", [str(phases)])(), None, stdout=out).onecmd(
        "(defrule typed (a ?x) => (printout t ?y))")
    said = out.getvalue()
    assert said.count("\n") == 1 and "cannot build defrule: line 1: [PRCCODE3] Undefined " \
        "variable ?y" in said and "(CLIPS stopped at: (defrule MAIN::typed" in said


def test_matches_of_a_rule_without_patterns_is_clips_s_on_both_engines():
    """CLIPS lists a "*" under "Matches for Pattern 1" for a rule with no pattern, its
    initial pattern, and counts it: both engines show it so, named (they showed no
    pattern and counted (0 0 1))."""
    phases = str(Path(__file__).resolve().parent.parent / "docs" / "examples" / "phases.clp")
    said = {}
    for engine in ("clp", "experta"):
        out = io.StringIO()
        factory = opener(engine, [phases])
        Shell(factory(), factory, stdout=out).onecmd("matches start")
        said[engine] = out.getvalue()
    assert said["clp"] == said["experta"] == (
        "Matches for Pattern 1\n;; CLIPS's initial pattern (the rule has no pattern)\n*\n"
        "Activations\n*\n(1 0 1)\n")


def test_a_watched_reset_goes_on_when_the_old_session_cannot_reset(monkeypatch):
    """The shell prints a reset's watch lines by resetting the old session first; if
    that session refuses, the reset still happens (the new session), without lines."""
    factory = program("negation")
    sh = Shell(factory(), factory, stdin=io.StringIO(""), stdout=io.StringIO())

    def refuse():
        raise UsageError("this session is closed")
    monkeypatch.setattr(sh.session, "reset", refuse)
    sh.onecmd("watch facts")
    sh.onecmd("reset")
    out = sh.stdout.getvalue().splitlines()
    assert out[-1].startswith(";; reset: ") and not any(line.startswith("<==") for line in out)


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_strategy_commands_in_clips_s_form_answer_as_clips_and_only_set_when_told(engine):
    factory = program("views") if engine == "clips" else \
        opener("experta", [str(REPL / "views.clp")])
    out, sh = shell(factory, "(get-strategy breadth)\n(set-strategy lex)\n(get-strategy)\n"
                             "(set-strategy depth)\n")
    lines = out.splitlines()
    assert lines[0].startswith("error: ") and "get-strategy" in lines[0]
    assert lines[1:] == ["depth", "lex", "lex"]         # the one before, then the one now:
    assert sh.session.strategy == "depth"               # CLIPS's values alone (a ";; strategy
                                                        # X" note read as a change)
