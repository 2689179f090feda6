"""What a careless newcomer found on the command line (2026-11-28), each now one clear
line or the right answer: a crash and a silent override in Boggle's options, a shell
that read a whole binary file as one command, closed standard streams, a run that
stopped at 500 firings when its actions kept failing, a scramble its own solver could
not solve, options taken by the wrong command or silently ignored."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.engine.clips_reader import ParenCount, ReadError, tokens
from pyengine.engine.errors import ActionErrors
from tests.security.test_cli_inputs import cli

ERRORS = "(defrule loop (a ?x) => (retract 1) (assert (a (+ ?x 1))))\n(deffacts s (a 1))\n"


def pyengine(*argv: str, stdin=None, stdout=subprocess.PIPE, env=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "pyengine", *argv], stdin=stdin,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, env=env,
                          timeout=timeout)


# -- Boggle -------------------------------------------------------------------------------

@pytest.mark.parametrize("min_len", ["1", "2"])
def test_the_rules_score_words_shorter_than_the_table_as_the_finder_does(min_len):
    board = "perslatgsineters"
    code, by_rules, err = cli(["boggle", "solve", board, "--rules", "--min-len", min_len])
    assert code == 0, err
    assert by_rules == cli(["boggle", "solve", board, "--min-len", min_len])[1]
    assert f"min {min_len} letter" in by_rules.splitlines()[-1]


def test_two_letter_words_and_a_longer_minimum_are_refused_together():
    code, out, err = cli(["boggle", "solve", "nuueamposhjejvis", "--two-letter",
                          "--min-len", "4"])
    assert code == 2 and out == ""
    assert "--two-letter counts 2-letter words, --min-len 4 leaves them out" in err


@pytest.mark.parametrize("argv, says", [
    (["--vowels", "3", "--algo", "cad"], "--vowels sets 7freq's vowel count"),
    (["--vowels", "3", "--dice", "new"], "--vowels sets 7freq's vowel count"),
    (["--count", "paths"], "--count scores the words --solve lists")])
def test_boggle_make_refuses_an_option_it_would_ignore(argv, says):
    code, _, err = cli(["boggle", "make", "--seed", "1", *argv])
    assert code == 2 and says in err


def test_a_seven_by_seven_board_is_called_that():
    code, _, err = cli(["boggle", "solve", "a" * 49])
    assert code == 2 and "49 cells make a 7x7 board" in err and "a" * 100 not in err


# -- the shell's input --------------------------------------------------------------------

def test_a_binary_script_is_refused_at_its_first_line(tmp_path):
    script = tmp_path / "binary"
    with open(script, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)        # 50 MB of NULs, no line end
    done = pyengine("shell", "--script", str(script), "scramble")
    assert done.returncode == 2 and not done.stdout     # refused before the session opens
    assert done.stderr == f"pyengine: error: script {script} is not text (a NUL byte at " \
        "offset 0)\n"


def test_a_line_past_the_limit_and_a_construct_that_never_closes_end_the_input():
    from pyengine.ui import shell
    long = "x" * (shell.LINE_CHARS + 1)
    code, out, _ = cli(["shell", "scramble"], f"facts\n{long}\nfacts\n".encode())
    assert code == 1 and "input line 2 is longer than 100,000 characters" in out
    assert out.count("For a total of 8 facts.") == 1          # nothing read after it
    endless = "(deffacts a\n" + "(x)\n" * 300_000 + "facts\n"
    code, out, _ = cli(["shell", "scramble"], endless.encode())
    assert code == 1 and "a command is at most 1,000,000 characters" in out
    assert "opened at line 1," in out


def test_a_long_bad_command_is_named_in_a_short_line():
    code, out, _ = cli(["shell", "scramble"], b"foo" + b"a" * 5000 + b"\n")
    line = out.strip().splitlines()[-1]
    assert code == 1 and line.startswith("error: unknown command")
    assert len(line) < 1100


def open_by_tokens(text: str) -> int:
    """The whole text's count by our reader's tokens (an independent count): an
    unfinished string is open."""
    depth = 0
    try:
        for tok in tokens(text):
            depth += {"open": 1, "close": -1}.get(tok.kind, 0)
    except ReadError:
        return max(depth, 1)
    return depth


def test_a_command_over_many_lines_is_counted_once_per_line():
    """ParenCount, fed a line at a time, agrees with the whole text's count."""
    texts = ['(a "b\n c) (" d)\n;(\n)', '(x (y\n"\\"(")\n)', "(p ; (\n q)", "(\"\n\n\")"]
    for text in texts:
        count = ParenCount()
        for line in text.split("\n"):
            count.feed(line)
        assert count.open == open_by_tokens(text)


# -- closed streams, interrupts, no command -------------------------------------------------

@pytest.mark.parametrize("argv", [["shell", "scramble"], ["bee", "solve", "--batch", "-"],
                                  ["scramble", "--file", "-"],
                                  ["bee", "play", "aeginrt", "--center", "t"]])
def test_a_closed_standard_input_reads_as_an_empty_one(argv):
    done = subprocess.run([sys.executable, "-m", "pyengine", *argv], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)
    closed = subprocess.run(f'"{sys.executable}" -m pyengine {" ".join(argv)} <&-',
                            shell=True, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in closed.stderr
    assert (closed.returncode, closed.stdout, closed.stderr) == \
        (done.returncode, done.stdout, done.stderr)


def test_a_closed_standard_output_is_one_line():
    done = subprocess.run(f'"{sys.executable}" -m pyengine scramble --seed 1 >&-', shell=True,
                          capture_output=False, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "pyengine: error: standard output is closed: nothing could be written\n"


def test_a_reader_that_stops_reading_ends_the_command_with_141():
    """``words check ... | head -c1``: the command could not finish, and exited 0 where
    its own status would have been 1 (a careless user's finding); it is 141, what a
    tool SIGPIPE ended says, with no message."""
    words = " ".join(["apple", "zzqx"] * 3000)     # 192,000 bytes: more than a pipe holds
    done = subprocess.run(f'set -o pipefail; "{sys.executable}" -m pyengine words check '
                          f'{words} | head -c1 >/dev/null', shell=True, executable="/bin/bash",
                          stderr=subprocess.PIPE, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (141, "")


def test_no_command_is_a_usage_mistake():
    code, out, _ = cli([])
    assert code == 2 and out.startswith("usage: pyengine")
    code, out, _ = cli(["boggle"])
    assert code == 2 and "ACTION" in out


def test_an_option_before_the_action_s_name_is_named_as_the_puzzle_s():
    code, _, err = cli(["scramble", "--seed", "1", "solve", "nile"])
    assert code == 2
    assert "--seed is an option of 'pyengine scramble', not of 'pyengine scramble solve'" in err
    assert cli(["words", "--words", "enable2k", "check", "cat"])[0] == 0


# -- runs whose actions fail ----------------------------------------------------------------

@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_run_goes_on_through_its_actions_errors_as_clips_does(tmp_path, engine):
    if engine == "clp":
        pytest.importorskip("clips", reason="the CLIPS engine needs clipspy")
    program = tmp_path / "err.clp"
    program.write_text(ERRORS)
    code, out, _ = cli(["shell", engine, str(program)], b"run 1200\nstatus\n")
    assert "1,199 errors in all; the run went on: 1,200 firings" in out
    assert "1200 firings" in out.splitlines()[-1]


def test_action_errors_are_an_engine_halt_with_their_count():
    exc = ActionErrors("firing 2: oops", 7)
    assert exc.count == 7 and isinstance(exc, Exception)


# -- scramble, bee, riddle ------------------------------------------------------------------

def test_a_scramble_hides_different_words():
    code, _, err = cli(["scramble", "nile", "Nile", "--seed", "5"])
    assert code == 2 and "Nile is hidden twice (nile already)" in err


def test_bee_options_spelled_either_way_and_two_centers_refused():
    british = cli(["bee", "solve", "aeginrt", "--centre", "t"])
    assert british[0] == 0 and british == cli(["bee", "solve", "aeginrt", "--center", "t"])
    code, _, err = cli(["bee", "solve", "aeginrT", "--center", "r"])
    assert code == 2 and "two centers: aeginrT marks T, --center says R" in err
    code, _, err = cli(["bee", "make", "--contains", "", "--seed", "1"])
    assert code == 2 and "--contains: give the letters" in err


def test_the_first_shuffle_of_a_hive_says_the_seed_that_repeats_it():
    code, out, _ = cli(["bee", "play", "aeginrt", "--center", "t"], b"!shuffle\n!shuffle\n")
    told = [line for line in out.splitlines() if line.startswith("(shuffled with seed")]
    assert code == 0 and len(told) == 1
    seed = told[0].split()[3].rstrip(":")
    again = cli(["bee", "play", "aeginrt", "--center", "t", "--seed", seed],
                b"!shuffle\n!shuffle\n")[1]
    honeycombs = [line for line in out.splitlines() if not line.startswith("(")]
    assert honeycombs == again.splitlines()


def test_riddle_hints_show_direction_marks_written_out_and_long_ordinals_are_refused():
    code, out, _ = cli(["riddle", "solve"],
                       "\u202eturn me\nMy first is in cat\nMy second is in pen\n".encode())
    assert "hint: \\u202eturn me" in out and "\u202e" not in out
    code, _, err = cli(["riddle", "solve"], b"My first is in cat\nMy twenty-first is in dog\n")
    assert code == 2 and "'twenty-first': ordinals are read as words to twentieth" in err


def test_a_missing_home_folder_is_not_made(tmp_path):
    home = tmp_path / "no-such-home"
    env = {k: v for k, v in os.environ.items() if k != "PYENGINE_CACHE"}
    env["HOME"] = str(home)
    done = pyengine("bee", "solve", "aeginrt", "--center", "t", env=env)
    assert done.returncode == 0 and not home.exists()
    from pyengine.words import cache
    assert cache.TMP_ROOT == Path("/tmp")


def test_a_negative_fact_range_is_refused_in_the_shell():
    code, out, _ = cli(["shell", "scramble"], b"facts -1\n")
    assert code == 1 and "a fact range starts at a positive number" in out
