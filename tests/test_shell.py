"""The inspector shell, driven through stdin with scripts, on CLIPS and experta."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.puzzles.scramble.make import make_scramble
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

HERE = Path(__file__).parent
CONTRACT_CLP = HERE / "engines" / "contract_rules.clp"
CONTRACT_PY = HERE / "engines" / "contract_rules.py"
REPO = HERE.parent
FAMILY = REPO / "docs" / "examples" / "family.clp"


def scramble(*argv: str):
    return opener("scramble", list(argv))


def contract(engine: str):
    if engine == "clips":
        return opener("clp", [str(CONTRACT_CLP), "--stage", "GO"])
    return opener("experta", [f"{CONTRACT_PY}:Contract", "--stage", "GO"])


def shell_of(factory, script: str):
    """Run a script; return (output, shell) so tests can look at the session too."""
    import io

    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO(script), stdout=out)
    shell.cmdloop()
    return out.getvalue(), shell


FIRE = re.compile(r"^FIRE\s+(\d+) (\S+): (\S+)$")


def fires(text: str) -> list[tuple[int, str, tuple[int, ...]]]:
    out = []
    for line in text.splitlines():
        m = FIRE.match(line)
        if m:
            ids = tuple(int(i) for i in re.findall(r"f-(\d+)", m.group(3)))
            out.append((int(m.group(1)), m.group(2), ids))
    return out


def as_trace(session):
    return [(f.number, f.rule, tuple(f.matched)) for f in session.trace]


# -- stepping and stages ---------------------------------------------------------------------

def test_step_fires_one_rule_and_enters_the_first_stage():
    out, shell = shell_of(scramble("Nile", "Seine", "--seed", "3", "--swaps", "2"), "step\n")
    lines = out.splitlines()
    assert lines[0] == ";; stage BUILD begins: f-4     (BUILD)"
    assert fires(out) == as_trace(shell.session)
    assert len(shell.session.trace) == 1
    assert lines[1].startswith("FIRE    1 build-append-word-ids: f-4,f-1,")


def test_step_n_crosses_stage_boundaries_and_counts_exactly():
    out, shell = shell_of(scramble("Nile", "Seine", "--seed", "3", "--swaps", "2"),
                          "step\nstep 2\nstep 4\n")
    assert [n for n, _, _ in fires(out)] == list(range(1, 8))
    assert fires(out) == as_trace(shell.session)
    assert ";; stage BUILD ends after 2 firings" in out
    assert ";; stage RANDOMIZE begins: f-7     (RANDOMIZE) (strategy random, seed 3; at most 2 firings)" in out
    assert ";; stage RANDOMIZE ends after 2 firings" in out
    assert "stage DECODE begins" in out
    # the staging facts come and go as the plan says
    live = {f.text for f in shell.session.facts()}
    assert "(DECODE)" in live and "(BUILD)" not in live and "(RANDOMIZE)" not in live


def test_stage_runs_to_the_end_of_the_current_or_named_stage():
    out, shell = shell_of(scramble("--seed", "5", "--swaps", "10"), "stage\nfacts text\nstage DECODE\n")
    first, rest = out.split("For a total of 1 fact.")
    assert ";; 7 rules fired (7 in all; next stage RANDOMIZE)" in first
    assert "stage RANDOMIZE begins" not in first
    assert ";; stage RANDOMIZE ends after 10 firings" in rest
    assert ";; all stages done" in rest
    assert ";; 54 rules fired (61 in all)" in rest      # 10 swaps + 44 letters decoded


def test_shell_result_equals_the_scramble_command_for_the_same_seed():
    out, _ = shell_of(scramble("--seed", "11"), "run\n")
    expected = make_scramble(None, seed=11).spaced
    assert expected in out.splitlines()


def test_run_n_is_quiet_unless_rules_are_watched():
    out, shell = shell_of(scramble("--seed", "2"), "run 3\nwatch rules\nrun 2\n")
    got = fires(out)
    assert [n for n, _, _ in got] == [4, 5]
    assert got == as_trace(shell.session)[3:5]
    assert ";; 3 rules fired (3 in all; in stage BUILD)" in out


def test_watch_facts_prints_what_each_firing_changed():
    out, shell = shell_of(scramble("Nile", "Seine", "--seed", "3", "--swaps", "2"),
                          "watch facts\nstep 5\n")
    trace = shell.session.trace
    log = shell.log
    # rebuild the expected lines from the recorded firings, independently of the shell
    expected = []
    for firing in trace:
        expected.append(f"FIRE {firing.number:>4} {firing.rule}: "
                        + ",".join(f"f-{i}" for i in firing.matched))
        expected += [f"<== f-{i:<5} {log.texts[i]}" for i in firing.retracted]
        expected += [f"==> f-{i:<5} {log.texts[i]}" for i in firing.asserted]
    got = [ln for ln in out.splitlines() if ln.startswith(("FIRE", "<== f", "==> f"))
           and "(BUILD)" not in ln and "(RANDOMIZE)" not in ln and "(DECODE)" not in ln]
    assert got == expected
    # the staging facts show as they come and go
    assert "==> f-4     (BUILD)" in out and "<== f-4     (BUILD)" in out


def test_unwatch_silences_and_watch_alone_reports():
    out, _ = shell_of(scramble("Nile", "--seed", "1"),
                      "watch facts rules\nwatch\nunwatch\nwatch\nrun\n")
    assert ";; watching facts, rules" in out
    assert ";; watching nothing" in out
    assert "FIRE" not in out and "==> f" not in out


# -- why -----------------------------------------------------------------------------------

TREE = re.compile(r"^([│├└─|`\- ]*)(f-(\d+)|FIRE\s+(\d+))")


def parse_tree(text: str):
    """[(indent, kind, number)] with kind 'fact' or 'fire'."""
    rows = []
    for line in text.splitlines():
        m = TREE.match(line)
        assert m, line
        if m.group(3):
            rows.append((len(m.group(1)), "fact", int(m.group(3))))
        else:
            rows.append((len(m.group(1)), "fire", int(m.group(4))))
    return rows


def check_why_tree(shell, fact_id: int, text: str) -> int:
    """Every edge of the tree agrees with the recorded firings; returns firings shown.
    A fact under a firing is the version that firing matched: the firing under it is
    the one that made that version."""
    session = shell.session
    rows = parse_tree(text)
    assert rows[0] == (0, "fact", fact_id)
    shown = 0
    parent: dict[int, int] = {}                 # indent -> the firing last shown there
    for i, (indent, kind, num) in enumerate(rows):
        if kind == "fact":
            nxt = rows[i + 1] if i + 1 < len(rows) else None
            before = parent.get(indent - 4)
            if nxt and nxt[1] == "fire" and nxt[0] == indent + 4:
                assert session.why(num, before) is not None
                assert session.why(num, before).number == nxt[2]
                assert num in session.trace[nxt[2] - 1].asserted
        else:
            shown += 1
            parent[indent] = num
            firing = session.trace[num - 1]
            kids = []
            for ind, k, n in rows[i + 1:]:
                if ind <= indent:
                    break
                if ind == indent + 4 and k == "fact":
                    kids.append(n)
            assert tuple(kids) == tuple(firing.matched)
    return shown


def independent_chain(session, fact_id: int) -> set[int]:
    """Firing numbers behind a fact, walking the trace backwards (no origin map): a
    firing's matched fact was made by the last firing before it that asserted it."""
    found, todo = set(), [(fact_id, len(session.trace) + 1)]
    while todo:
        fid, before = todo.pop()
        firing = next((f for f in reversed(session.trace[:before - 1])
                       if fid in f.asserted), None)
        if firing is None or firing.number in found:
            continue
        found.add(firing.number)
        todo.extend((m, firing.number) for m in firing.matched)
    return found


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_why_tree_matches_the_recorded_firings(engine):
    out, shell = shell_of(contract(engine), "run\n")
    session = shell.session
    for f in session.facts():
        text = run_why(shell, f.id)
        check_why_tree(shell, f.id, text)
        fires_in_tree = {n for _, k, n in parse_tree(text) if k == "fire"}
        assert fires_in_tree == independent_chain(session, f.id)
    pair10 = next(f.id for f in session.facts() if f.text == "(pairsum 10)")
    text = run_why(shell, pair10)
    assert "sum_pair" in text.splitlines()[1]
    assert "(number 2)   [initial fact]" in text and "(number 3)   [initial fact]" in text
    assert "[stage fact, retracted after FIRE 6]" in text


def run_why(shell, fid, extra=""):
    import io
    out = io.StringIO()
    shell.stdout = out
    shell.onecmd(f"why f-{fid} {extra}".strip())
    return out.getvalue()


def test_why_on_the_scramble_goes_back_through_every_stage():
    out, shell = shell_of(scramble("Nile", "Seine", "--seed", "4", "--swaps", "3"), "run\n")
    final = shell.session.find("text")[0].id
    text = run_why(shell, final, "all")
    shown = check_why_tree(shell, final, text)
    assert shown == len(independent_chain(shell.session, final))
    rules = set(re.findall(r"FIRE\s+\d+ (\S+):", text))
    assert rules == {"build-append-word-ids", "randomize-swap-two-ids", "decode-next-letter"}
    assert re.search(r"\(word 1 N i l e\)   \[initial fact, retracted by FIRE \d+\]", text)


def test_why_depth_cuts_and_says_how_to_go_on():
    out, shell = shell_of(scramble("Nile", "Seine", "--seed", "4", "--swaps", "3"), "run\n")
    final = shell.session.find("text")[0].id
    text = run_why(shell, final, "2")
    assert len([r for r in parse_tree(text) if r[1] == "fire"]) <= 1 + 3
    assert re.search(r"made by FIRE \d+; why f-\d+ to go on", text)


def test_why_of_user_and_retracted_facts():
    out, shell = shell_of(contract("clips"), "assert (number 7)\nrun\n")
    assert "==> f-4     (number 7)" in out
    d14 = next(f.id for f in shell.session.facts() if f.text == "(double 7 14)")
    text = run_why(shell, d14)
    assert "f-4     (number 7)   [asserted by you]" in text


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_why_says_who_retracted_a_fact_and_when(engine):
    """By a firing, by you between firings (still so after going back over it), or by
    the stage runner as a stage ended."""
    out, shell = shell_of(contract(engine), "step 2\nretract 2\nrun\n")
    d = next(f.id for f in shell.session.facts() if f.text == "(double 3 6)")
    pair = next(f.id for f in shell.session.facts() if f.text == "(pairsum 6)")
    assert "(number 2)   [initial fact, retracted by you after FIRE 2]" in run_why(shell, 2)
    assert re.search(r"GO\)   \[stage fact, retracted after FIRE \d+\]", run_why(shell, pair))
    shell.onecmd("back 1")
    assert "retracted by you after FIRE 2" in run_why(shell, 2)
    assert "[" not in run_why(shell, d).splitlines()[0]


# -- errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize("line,message", [
    ("frobnicate", "error: unknown command 'frobnicate' (type help for the list)"),
    ("retract f-999", "error: no fact f-999"),
    ("retract banana", "error: not a fact id: 'banana' (write f-12 or 12)"),
    ("why 4242", "error: no fact f-4242 was recorded in this session"),
    ("why", "error: why which fact? e.g. why f-12"),
    ("step 0", "error: step must be at least 1, not 0"),
    ("step -3", "error: step must be at least 1, not -3"),
    ("run many", "error: run: expected a whole number or all, not 'many'"),
    ("agenda ²", "error: agenda: expected a whole number or all, not '²'"),
    ("why f-1 9" + "9" * 40, "error: why depth: expected a whole number of at most 30 digits, "
                             "not one of 41"),
    ("watch everything", "error: cannot watch 'everything' (choose from facts, rules, activations, statistics, all)"),
    ("strategy sideways", "error: unknown strategy 'sideways' (choose from depth, breadth, random, lex, mea, simplicity, complexity)"),
    ("stage SOLVE", "error: no stage named 'SOLVE' (stages: BUILD, RANDOMIZE, DECODE)"),
    ("rules no-such-rule", "error: no rule named 'no-such-rule'"),
    ("assert", "error: assert what? e.g. assert (number 4)"),
    ("help nothing", "error: no command 'nothing' (type help for the list)"),
])
def test_errors_are_one_line_and_the_shell_goes_on(line, message):
    out, shell = shell_of(scramble("--seed", "1"), f"{line}\nfacts text\n")
    lines = out.splitlines()
    assert lines[0] == message
    assert lines[1:] == ["f-1     (text #)", "For a total of 1 fact."]
    assert shell.errors == 1


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_bad_fact_text_is_an_error_not_a_traceback(engine):
    out, shell = shell_of(contract(engine), "assert (number\nassert nothing-here\nfacts\n")
    errors = [ln for ln in out.splitlines() if ln.startswith("error:")]
    assert len(errors) == 2 and shell.errors == 2
    assert "Traceback" not in out
    assert out.splitlines()[-1] == "For a total of 3 facts."


def test_stage_already_done_and_all_done():
    out, _ = shell_of(scramble("--seed", "1", "--swaps", "1"), "stage\nstage BUILD\nrun\nstage\nstep\n")
    assert "error: stage BUILD is already done (next: RANDOMIZE)" in out
    assert "error: all stages are done (BUILD, RANDOMIZE, DECODE)" in out
    assert out.rstrip().endswith(";; nothing to fire: the agenda is empty")


# -- both engines, one behaviour ------------------------------------------------------------------

TWIN_SCRIPT = """\
facts
watch facts
watch activations
step
agenda
step 2
unwatch
history 2
stage
facts
why f-10
assert (number 10)
assert (number 1)
retract 999
retract f-3 998
facts number
retract f-11
rules
strategy breadth
reset
facts
strategy
"""


def normalize(text: str) -> str:
    """The two known differences: experta cannot tell which pattern matched which
    fact (its ids come sorted), and its staging fact is (stage GO), not (GO)."""
    def sort_ids(m):
        ids = sorted(int(i) for i in re.findall(r"f-(\d+)", m.group(0)))
        return ": " + ",".join(f"f-{i}" for i in ids)
    text = re.sub(r": (f-\d+(,f-\d+)*)$", sort_ids, text, flags=re.M)
    return text.replace("(stage GO)", "(GO)")


def why_edges(text: str) -> set:
    rows = parse_tree(text)
    edges = set()
    for i, (indent, kind, num) in enumerate(rows):
        if kind == "fire":
            for ind, k, n in rows[i + 1:]:
                if ind <= indent:
                    break
                if ind == indent + 4:
                    edges.add((num, n))
    return edges


def test_clips_and_experta_twins_print_the_same_session():
    clips_out, clips_shell = shell_of(contract("clips"), TWIN_SCRIPT)
    experta_out, experta_shell = shell_of(contract("experta"), TWIN_SCRIPT)
    a, b = normalize(clips_out), normalize(experta_out)

    def why_part(text):   # the why tree lists matched facts in each engine's order
        return "\n".join(ln for ln in text.splitlines() if "─" in ln or ln.startswith("f-10    (pairsum"))

    assert why_part(a) and why_edges(why_part(a)) == why_edges(why_part(b))
    rest = [ln for ln in a.splitlines() if "─" not in ln]
    assert rest == [ln for ln in b.splitlines() if "─" not in ln]
    assert "==> Activation 10     sum_pair: f-4,f-5,f-6" in rest
    assert clips_shell.errors == experta_shell.errors == 2
    assert ";; f-1     (number 1) is already in the fact base" in rest
    assert "f-3     (number 3)" in rest            # a retract with a bad id changes nothing
    assert as_trace(clips_shell.session) == [] == as_trace(experta_shell.session)   # after reset


def test_clips_and_experta_twins_fire_the_same_rules_on_the_same_facts():
    script = "watch rules\nwatch activations\nrun\n"
    a, _ = shell_of(contract("clips"), script)
    b, _ = shell_of(contract("experta"), script)
    assert normalize(a) == normalize(b)
    # Breadth: the same firings, but two activations made by one firing may be taken
    # in a different order (each engine breaks that tie its own way).
    script = "strategy breadth\nwatch rules\nrun\n"
    a, sa = shell_of(contract("clips"), script)
    b, sb = shell_of(contract("experta"), script)
    key = lambda out: sorted((r, tuple(sorted(m))) for _, r, m in fires(out))  # noqa: E731
    assert key(normalize(a)) == key(normalize(b))
    assert sorted(f.text for f in sa.session.facts()) == \
        sorted(f.text.replace("(stage GO)", "(GO)") for f in sb.session.facts())


# -- reset, strategy, rules, help ----------------------------------------------------------

def test_reset_repeats_the_same_puzzle_with_the_same_seed():
    factory = scramble("--swaps", "20")          # no seed: one is drawn, then kept
    out, shell = shell_of(factory, "run\nreset\nrun\n")
    results = [ln for ln in out.splitlines() if re.fullmatch(r"([A-Z] )+[A-Z]", ln)]
    assert len(results) == 2 and results[0] == results[1]
    assert ";; reset: 8 facts; next stage BUILD" in out


def test_strategy_and_seed_commands():
    out, shell = shell_of(contract("clips"), "strategy\nstrategy breadth\nseed 9\nseed\n")
    assert out.splitlines() == [";; strategy depth", ";; strategy breadth", ";; seed 9", ";; seed 9"]
    assert shell.session.strategy == "breadth"


def test_rules_lists_counts_and_shows_commented_source():
    out, _ = shell_of(scramble("--seed", "1", "--swaps", "4"), "stage RANDOMIZE\nrules\nrules decode-next-letter\n")
    assert "randomize-swap-two-ids  fired 4" in out
    assert "build-append-word-ids   fired 7" in out
    assert "For a total of 3 rules." in out
    assert ";;; DECODE: the id just after # becomes the next unused letter of its word." in out
    assert "(defrule decode-next-letter" in out


def test_help_lists_every_command():
    out, _ = shell_of(scramble("--seed", "1"), "help\nhelp why\n")
    for name in ("facts", "agenda", "step", "run", "stage", "assert", "retract", "watch",
                 "unwatch", "rules", "why", "history", "reset", "strategy", "help", "quit"):
        assert re.search(rf"^{name}\b", out, re.M), name
    assert out.splitlines()[-1].startswith("why ID [DEPTH|all] which firing made this fact")


def test_quit_stops_reading_and_comments_are_skipped():
    out, shell = shell_of(scramble("--seed", "1"), "# a comment\n; another\n\nquit\nfacts\n")
    assert out == "" and shell.errors == 0


def test_agenda_is_capped_unless_all():
    out, shell = shell_of(scramble("--seed", "1"), "stage\nstep\nagenda\nagenda all\n")
    n = len(shell.session.agenda())
    assert n > 100
    first, second = out.split(f"For a total of {n} activations.")[:2]
    assert f";; ... {n - 30} more (agenda all)" in first
    assert len([ln for ln in second.splitlines() if "randomize-swap-two-ids:" in ln]) == n


def test_history_shows_texts_of_retracted_facts():
    out, _ = shell_of(scramble("Nile", "--seed", "1", "--swaps", "0"), "stage BUILD\nhistory\n")
    assert out.splitlines()[-3:] == ["FIRE    1 build-append-word-ids: f-3,f-1,f-2",
                                     "<== f-1     (text #)",
                                     "==> f-4     (text # 1 1 1 1)"]


# -- the command line ---------------------------------------------------------------------------

def pyengine(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "pyengine", *args], input=stdin,
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def test_cli_reads_a_script_from_stdin_without_prompts():
    res = pyengine("shell", "scramble", "Nile", "--seed", "2", "--swaps", "1",
                   stdin="step\nfacts word\nbogus\n")
    assert res.returncode == 1                 # a script with an error fails
    assert res.stderr == ""
    assert res.stdout.splitlines() == [
        ";; stage BUILD begins: f-3     (BUILD)",
        "FIRE    1 build-append-word-ids: f-3,f-1,f-2",
        ";; stage BUILD ends after 1 firing",
        "f-2     (word 1 N i l e)",
        "For a total of 1 fact.",
        "error: unknown command 'bogus' (type help for the list)",
    ]


def test_cli_echo_and_twin_through_the_command_line():
    script = "step 3\nfacts pairsum\n"
    a = pyengine("shell", "--echo", "clp", str(CONTRACT_CLP), "--stage", "GO", stdin=script)
    b = pyengine("shell", "--echo", "experta", f"{CONTRACT_PY}:Contract", "--stage", "GO",
                 stdin=script)
    assert a.returncode == b.returncode == 0
    assert a.stdout.splitlines()[0] == "pyengine> step 3"
    assert normalize(a.stdout) == normalize(b.stdout)


@pytest.mark.parametrize("args,message", [
    (["shell", "nonsense"], "unknown puzzle 'nonsense'"),
    (["shell", "scramble", "--swaps", "x"], "--swaps: expected a whole number, not 'x'"),
    (["shell", "clp", "missing.clp"], "cannot read missing.clp"),
])
def test_cli_bad_arguments_are_one_line(args, message):
    res = pyengine(*args)
    assert res.returncode == 2
    assert message in res.stderr and len(res.stderr.strip().splitlines()) == 1


# -- rule output, the help's list of sessions --------------------------------------------------

def test_rule_output_shows_in_place_after_its_firing(tmp_path):
    rules = tmp_path / "talk.clp"
    rules.write_text('(defrule greet (GO) (name ?n) => (printout t "hello " ?n crlf))\n'
                     "(deffacts names (name Ada) (name Bob))\n")
    factory = opener("clp", [str(rules), "--stage", "GO"])
    out, shell = shell_of(factory, "step\nwatch facts\nrun\n")
    lines = out.splitlines()
    first = lines.index("FIRE    1 greet: f-3,f-2")
    assert lines[first + 1] == "    | hello Bob"          # marked as the rule's output
    assert "    | hello Ada" in lines and lines.index("    | hello Ada") > first + 1
    assert shell.session.printed == ["hello Bob", "hello Ada"]


def test_help_lists_the_registry_sessions_and_the_generic_ones():
    from pyengine.puzzles.registry import shell_entries

    res = pyengine("shell", "--help")
    assert res.returncode == 0
    listed = res.stdout.split("puzzles:", 1)[1]
    for name in [*shell_entries(), "clp", "experta"]:
        assert f"\n  {name} " in listed, name


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_history_shows_what_you_changed_between_firings_while_it_stands(engine):
    """Asserted, retracted and modified by hand: under the firing they came after,
    the same on both engines; going back before them takes them out."""
    factory = opener(engine, [str(FAMILY)])
    script = ("reset\nassert (parent zed)\nrun 2\nretract 1\nmodify 4 (sex male)\nrun 1\n"
              "history\n")
    out, shell = shell_of(factory, script)
    lines = out.splitlines()
    start = lines.index(";; by you: ==> f-6     (parent zed)")
    assert lines[start + 1].startswith("FIRE    1 ")
    fire3 = next(i for i, line in enumerate(lines) if line.startswith("FIRE    3 "))
    assert lines[fire3 - 3:fire3] == [         # a modify as its halves (it showed the new
        ";; by you: <== f-1     (person (name Ann) (sex female) (parent none))",     # only)
        ";; by you: <== f-4     (person (name Dee) (sex female) (parent Bob))",
        ";; by you: ==> f-4     (person (name Dee) (sex male) (parent Bob))"]
    back, _ = shell_of(factory, script + "back 2\nhistory\n")
    after_back = back.split(";; before firing 2")[1]
    assert "(parent zed)" in after_back and "by you: <==" not in after_back
