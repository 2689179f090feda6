"""What the careless newcomer's second round found (2026-11-29), each now refused in
one line or right: abbreviated options taken for others, files opened to write that are
FIFOs (the shell waited for ever), an empty HOME making a cache at the filesystem's
root, a Boggle benchmark naming one algorithm twice, an --out path made whole, a
best-board report whose replay line left out the options that shaped the search."""
from __future__ import annotations

import contextlib
import errno
import io
import os
import subprocess
import sys

import pytest

from tests.security.test_cli_inputs import cli


@pytest.mark.parametrize("argv, says", [
    (["bee", "make", "--word", "jukebox"], "unrecognized arguments: --word"),
    (["scramble", "--se", "3", "Nile"], "unrecognized arguments: --se"),
])
def test_an_option_is_named_in_full(argv, says):
    code, _, err = cli(argv)
    assert code == 2 and says in err


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_the_shell_will_not_write_into_a_fifo(tmp_path, engine):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    dot = tmp_path / "g.dot"
    os.mkfifo(dot)
    program = tmp_path / "p.clp"
    program.write_text("(deffacts d (a 1))\n(defrule r (a ?x) => (assert (b ?x)))\n")
    commands = (f"run\nsave-facts {fifo}\n(save-facts \"{fifo}\")\ndribble-on {fifo}\n"
                f"graph --to {dot}\n(open \"{fifo}\" f \"w\")\nfacts\n")
    done = subprocess.run([sys.executable, "-m", "pyengine", "shell", engine, str(program)],
                          input=commands, capture_output=True, text=True, timeout=60)
    assert done.stdout.count("not a regular file") == 5, done.stdout
    assert "f-2     (b 1)" in done.stdout                  # and the shell went on


def test_an_empty_home_is_no_home(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYENGINE_CACHE"}
    env["HOME"] = ""
    done = subprocess.run([sys.executable, "-m", "pyengine", "words"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and f"/tmp/pyengine-cache-{os.getuid()}/" in done.stdout
    assert "/.cache/" not in done.stdout


def test_a_benchmark_names_each_algorithm_once_and_its_folder_s_parent_exists(tmp_path):
    code, _, err = cli(["boggle", "bench", "--boards", "5", "--algos", "rnd,RND",
                        "--no-progress"])
    assert code == 2 and "--algos names 'rnd' twice (as 'RND')" in err
    out = tmp_path / "no" / "such" / "folder"
    code, _, err = cli(["boggle", "bench", "--boards", "5", "--algos", "rnd",
                        "--no-progress", "--out", str(out)])
    assert code == 2 and "cannot make the folder" in err and not (tmp_path / "no").exists()


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_dribble_file_that_cannot_be_written_is_one_line_and_the_run_goes_on(
        tmp_path, engine):
    """A disk full under the dribble file (here a 40 KB file-size limit): 15 tracebacks
    from CLIPS's callbacks, or our run stopped at firing 211 of 3,000; now one line,
    the dribble off, the run whole."""
    import resource
    program = tmp_path / "loop.clp"
    program.write_text("(defrule loop ?f <- (a ?x&:(< ?x 3000)) => (retract ?f) "
                       "(assert (a (+ ?x 1))))\n(deffacts s (a 1))\n")

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (40_000, resource.RLIM_INFINITY))
    done = subprocess.run([sys.executable, "-m", "pyengine", "shell", engine, str(program)],
                          input="dribble-on dr.txt\nwatch facts\nrun 3000\nfacts 1\n",
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          preexec_fn=small_files)
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.count("cannot write the dribble file: File too large; dribble "
                             "is off") == 1
    assert "f-3000  (a 3000)" in done.stdout


def test_ctrl_c_during_a_long_clips_command_is_one_line(tmp_path):
    """Ctrl-C while a command typed at the prompt runs in CLIPS: a traceback from
    CLIPS's callback, the interrupt lost and the loop run to its end; now the shell
    stops there, as it does in a run (a piped shell exits 130)."""
    pytest.importorskip("clips", reason="the CLIPS engine needs clipspy")
    import signal
    import time
    program = tmp_path / "p.clp"
    program.write_text("(deffacts d (a 1))\n")
    p = subprocess.Popen([sys.executable, "-m", "pyengine", "shell", "clp", str(program)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    p.stdin.write("(loop-for-count (?i 1 3000000000) (bind ?x 1))\n(facts)\n")
    p.stdin.flush()
    deadline = time.monotonic() + 60
    while _cpu_seconds(p.pid) < 2.5 and time.monotonic() < deadline:
        time.sleep(0.1)                 # started, and well into the loop (on a busy
    began = time.monotonic()            # machine too: a test timed by the clock failed)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert time.monotonic() - began < 20                # not the loop's whole 100 s
    assert "Traceback" not in out + err and "KeyboardInterrupt" not in err
    assert p.returncode == 130 and err.strip().endswith("interrupted")


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user + system), from /proc."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_a_clips_rule_too_big_to_build_in_time_is_refused_before_clips_builds_it(tmp_path):
    """16,000 patterns took CLIPS 45 s to build, 70,000 more than ten minutes, within
    the size limits: past 1,000 the rule is refused at once, from a file or typed."""
    pytest.importorskip("clips", reason="the CLIPS engine needs clipspy")
    import time
    big = "(defrule r " + " ".join(f"(a{i} ?x)" for i in range(5000)) + " =>)\n"
    path = tmp_path / "big.clp"
    path.write_text(big)
    began = time.monotonic()
    code, _, err = cli(["shell", "clp", str(path)], b"")
    assert code == 2 and "more than 1,000 conditional elements" in err
    fits = tmp_path / "fits.clp"
    fits.write_text(big.replace(" ".join(f"(a{i} ?x)" for i in range(1000, 5000)), ""))
    code, out, _ = cli(["shell", "clp", str(fits)], b"(list-defrules)\n")
    assert code == 0 and "For a total of 1 defrule." in out
    assert time.monotonic() - began < 30


@pytest.mark.parametrize("argv, says", [
    (["words", "check", "aalii", "--words", "enable1:10"], "enable1 is a plain list, without tiers"),
    (["boggle", "solve", "perslatgsineters", "--words", "default:0"],
     "no word of default has a tier of 0 or less (its lowest is 10)"),
    (["words", "check", "cat", "--tier", "5"], "no word of default has a tier of 5 or less"),
])
def test_a_tier_that_would_not_narrow_the_list_as_asked_is_refused(argv, says):
    """A tier on a plain list kept every word under a label saying otherwise; one below
    the list's lowest tier gave an empty answer with exit 0."""
    code, _, err = cli(argv)
    assert code == 2 and says in err


class _FullDisk(io.StringIO):
    """A standard output on a full disk: a write (or a flush) fails as /dev/full's."""

    def __init__(self, fail_on: str):
        super().__init__()
        self.fail_on = fail_on

    def write(self, text):
        if self.fail_on == "write":
            raise OSError(errno.ENOSPC, "No space left on device")
        return super().write(text)

    def flush(self):
        if self.fail_on == "flush":
            raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("fail_on", ["write", "flush"])
@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["riddle", "solve", "--help"]])
def test_help_that_cannot_be_written_is_an_error(argv, fail_on):
    from pyengine.ui.cli import main

    err = io.StringIO()
    with contextlib.redirect_stdout(_FullDisk(fail_on)), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code == 2            # argparse's own printing ignored the failure: exit 0
    assert err.getvalue() == ("pyengine: error: input/output failed (output): "
                              "No space left on device\n")


@pytest.mark.parametrize("argv", [["shell", "scramble", "Nile", "--json"],
                                  ["shell", "bee", "aeginrt", "--center", "t", "--trace"],
                                  ["shell", "riddle", "--facts"]])
def test_the_shell_refuses_a_command_s_printing_options(argv):
    """Found by a newcomer (2026-11-29): the shell took --json, --trace and --facts, as
    its help listed them, and did nothing with them."""
    code, _, err = cli(argv)
    assert code == 2 and f"unrecognized arguments: {argv[-1]}" in err


def test_swaps_with_the_shuffle_is_refused_and_a_required_option_is_shown_required():
    """Found by a newcomer (2026-11-29): --swaps 7 with --randomizer shuffle changed
    nothing, silently; scramble solve's usage showed --candidates optional."""
    code, _, err = cli(["scramble", "Nile", "Seine", "--randomizer", "shuffle", "--swaps", "7"])
    assert code == 2 and "--swaps counts the swap randomizer's firings" in err
    code, out, _ = cli(["scramble", "solve", "--help"])
    assert "[-h] --candidates FILE|HIDE" in out
