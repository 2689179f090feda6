"""Hostile input to the commands and the Python API: every input gets a result or one
line on stderr with a non-zero exit status, never a traceback, a hang or a silent
wrong answer."""
from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from pyengine.engine.errors import UsageError

KELVIN = "\u212a"            # KELVIN SIGN: NFKC (and str.lower) make it a plain K / k
EARLS = ("My first is in deans but not in slats\n"
         "My second is in persona but not in perusing\n"
         "My third is neither in veiled nor in seized\n"
         "My fourth is in cleat but not in octet\n"
         "My last is in curtsied but not in curbed\n")


def cli(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``pyengine ARGV`` run in-process."""
    from pyengine.ui.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as done:          # argparse's own usage errors
                code = done.code
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def assert_result_or_one_line_error(argv, code, err):
    """A result (0, or 1: no answer) or exit status 2 with one ``error:`` line."""
    assert "Traceback" not in err, (argv, err)
    assert code in (0, 1, 2), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and "error:" in err, (argv, err)


# -- 1. words and letters: NFKC, then letters a-z (textio.ascii_letters) ---------------------
@pytest.mark.parametrize("argv, shown", [
    (["scramble", KELVIN + "elvin", "--seed", "1"], "K E L V I N"),
    (["scramble", "solve", KELVIN + "ELVIN", "--candidates", "kelvin"], "kelvin"),
    (["scramble", "solve", "KELVIN", "--candidates", KELVIN + "elvin,nile"], "Kelvin"),
    (["scramble", "minimal", KELVIN + "elvin", "ab"], "K E L V I N A B"),
    (["scramble", "\uff2eile", "--seed", "1"], "Nile"),           # full-width N
    (["words", "check", KELVIN + "ing"], "King: yes"),
    (["boggle", "solve", KELVIN + "ingabcdefghijkl"], "points"),
    (["bee", "solve", "aegin" + KELVIN + "t", "--center", KELVIN, "--json"], '"center": "k"'),
])
def test_compatibility_letters_are_read_as_their_plain_letters(argv, shown):
    code, out, err = cli(argv)
    assert code == 0 and err == "" and shown in out, (argv, out, err)


@pytest.mark.parametrize("argv, bad", [
    (["scramble", "caf\u00e9"], "'é'"),
    (["scramble", "solve", "ab\u0130", "--candidates", "ab"], "'İ'"),
    (["scramble", "solve", "ab", "--candidates", "a\u200bb"], "U+200B"),
    (["scramble", "minimal", "ok", "de\u0301x"], "'é'"),
    (["words", "check", "cat's"], '"\'"'),
    (["bee", "solve", "aegi\u00f1rt", "--center", "r"], "'ñ'"),
])
def test_other_characters_are_refused_in_one_line_naming_them(argv, bad):
    code, out, err = cli(argv)
    assert code == 2 and out == "" and err.count("\n") == 1, (argv, err)
    assert "error:" in err and bad in err and "letters a-z only" in err


def test_riddle_clue_words_and_answers_fold_the_same_way():
    from pyengine.puzzles.riddle.make import check_answer
    from pyengine.puzzles.riddle.parse import parse_riddle
    code, out, err = cli(["riddle", "solve"], EARLS.replace("deans", "dean\uff53").encode())
    assert code == 0 and "Earls" in out, err
    assert parse_riddle(EARLS.replace("cleat", KELVIN + "leat")).clues[3].halves[0].word == \
        "kleat"
    assert check_answer(KELVIN + "ite") == "kite"
    with pytest.raises(UsageError, match="'é'"):
        check_answer("caf\u00e9")


def test_word_list_files_fold_the_same_way(tmp_path):
    f = tmp_path / "list.txt"
    f.write_text(f"{KELVIN}ite\ncaf\u00e9\n\uff4eile\nabc\n", encoding="utf-8")
    from pyengine.words.lists import load
    wl = load(str(f))
    assert wl.words == ("abc", "kite", "nile") and wl.info()["skipped_lines"] == 1
    code, out, err = cli(["scramble", "--file", str(f), "--seed", "1"])
    assert code == 2 and "'é'" in err and err.count("\n") == 1


UNICODE = st.text(max_size=14) | st.text(
    alphabet=st.sampled_from("aeginrtKkNn \u212a\u0130\u0131\ufb01\uff41\u00e9\u0301\u200b"
                             "\u017f\u2167\x00\n1-,#[]\ud800"), max_size=14)


def _file(text: str) -> str:
    handle = tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False)
    with handle:
        handle.write(text.encode("utf-8", "surrogatepass"))
    return handle.name


def _commands(t: str) -> list[tuple[list[str], bytes]]:
    """Each reader of words and letters, given ``t``."""
    data = t.encode("utf-8", "surrogatepass")
    riddle = EARLS.replace("deans", t).encode("utf-8", "surrogatepass")
    return [
        (["scramble", t, "--seed", "1"], b""),
        (["scramble", "solve", t, "--candidates", "nile,seine"], b""),
        (["scramble", "solve", "NILE", "--candidates", t + ",nile"], b""),
        (["scramble", "minimal", t, "ab"], b""),
        (["riddle", "solve"], riddle),
        (["riddle", "solve"], data),
        (["bee", "solve", t, "--center", "r"], b""),
        (["bee", "solve", "aegint", "--center", t], b""),
        (["bee", "play", "aegintR", "--seed", "1", "--json"], data),
        (["boggle", "solve", t], b""),
        (["boggle", "solve", t + "abcdefghijklmno"], b""),
        (["words", "check", t], b""),
    ]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(UNICODE)
def test_any_unicode_text_gives_a_result_or_a_one_line_error(t):
    for argv, stdin in _commands(t):
        code, _out, err = cli(argv, stdin)
        assert_result_or_one_line_error(argv, code, err)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(UNICODE)
def test_any_unicode_word_list_file_gives_a_result_or_a_one_line_error(t):
    path = _file(t + "\nnile\n")
    try:
        for argv in (["scramble", "--file", path, "--seed", "1"],
                     ["scramble", "solve", "NILE", "--candidates", path],
                     ["words", "--words", path, "check", "nile"],
                     ["boggle", "solve", "nileabcdefghijkl", "--words", path]):
            code, _out, err = cli(argv)
            assert_result_or_one_line_error(argv, code, err)
    finally:
        Path(path).unlink()


# -- 4. bee play: the input limits before any work ---------------------------------------------
def test_bee_play_refuses_too_many_lines_before_any_output(monkeypatch):
    from pyengine.puzzles.bee import engine, lines
    started = []
    monkeypatch.setattr(engine.BeeEngine, "__init__",
                        lambda *a, **k: started.append(1) or pytest.fail("the game started"))
    code, out, err = cli(["bee", "play", "aegintR", "--seed", "1"],
                         b"grin\n" * (lines.PLAY_LINES + 1))
    assert (code, out, started) == (2, "", [])
    assert err == ("pyengine: error: standard input has over 10,000 lines: a game takes "
                   "at most 10,000 guesses and commands\n")
    code, out, err = cli(["bee", "play", "aegintR", "--seed", "1"], b"grin\ncaf\xe9\n")
    assert (code, out) == (2, "") and "line 2 is not UTF-8" in err and started == []


def test_bee_play_reads_no_further_than_the_end_of_the_game():
    code, out, err = cli(["bee", "play", "aegintR", "--seed", "1"],
                         b"grin\n!quit\n" + b"x\n" * 20_000)
    assert code == 0 and "GRIN: Good!" in out and err == ""


# -- 2. plug-ins: a bad one is skipped in one line, the built-in puzzles work -----------------
PLUGINS = {
    "raises": 'raise RuntimeError("boom\\nsecond line")\n',
    "exits": "raise SystemExit(0)\n",
    "base_exc": "class Odd(BaseException):\n    pass\nraise Odd('odd')\n",
    "no_puzzle": "X = 1\n",
    "not_a_puzzle": "PUZZLE = 5\n",
    "takes_scramble": "from dataclasses import replace\nfrom tests.toy.puzzle import PUZZLE as P\n"
                      "PUZZLE = replace(P, name='scramble')\n",
    "takes_shell": "from dataclasses import replace\nfrom tests.toy.puzzle import PUZZLE as P\n"
                   "PUZZLE = replace(P, name='shell')\n",
    "odd_name": "from dataclasses import replace\nfrom tests.toy.puzzle import PUZZLE as P\n"
                "PUZZLE = replace(P, name='--x')\n",
}


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Write the plug-in modules above (unique names per test) and name them in
    PYENGINE_PUZZLES; returns a function setting the variable."""
    prefix = f"plug_{tmp_path.name.replace('-', '_')}_"
    for name, body in PLUGINS.items():
        (tmp_path / f"{prefix}{name}.py").write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))

    def use(*names: str) -> list[str]:
        modules = [prefix + n if n in PLUGINS else n for n in names]
        monkeypatch.setenv("PYENGINE_PUZZLES", ",".join(modules))
        return modules
    return use


@pytest.mark.parametrize("name, why", [
    ("raises", "RuntimeError: boom\\nsecond line"), ("exits", "SystemExit: 0"),
    ("base_exc", "Odd: odd"), ("no_puzzle", "PUZZLE is not a pyengine.puzzles.base.Puzzle"),
    ("not_a_puzzle", "but int"), ("takes_scramble", "a puzzle named 'scramble' exists"),
    ("takes_shell", "'shell' command's"), ("odd_name", "'--x' is not a command name"),
    ("..x", "not a module name"), ("a b", "not a module name"),
    ("no_such_module_here", "ModuleNotFoundError"),
])
def test_a_bad_plug_in_is_skipped_in_one_line(plugins, name, why):
    (module,) = plugins(name)
    code, out, err = cli(["scramble", "Nile", "Seine", "--seed", "2", "--swaps", "3"])
    assert code == 0 and out.startswith("S E I N N I L E E\n")
    assert err.startswith(f"pyengine: plug-in {module} skipped: ") and err.count("\n") == 1
    assert why in err
    # the line comes once per process, whatever asks the registry again
    import pyengine
    again = io.StringIO()
    with contextlib.redirect_stderr(again):
        assert "scramble" in pyengine.list_puzzles() and "shell" not in pyengine.list_puzzles()
    assert again.getvalue() == ""


def test_good_plug_ins_load_beside_bad_ones(plugins):
    plugins("exits", "tests.toy.puzzle", "raises")
    code, out, err = cli(["mirror", "stressed"])
    assert code == 0 and out == "stressed -> desserts\n" and err.count("skipped") == 2


def test_a_plug_in_interrupted_by_the_user_interrupts(plugins, tmp_path):
    (tmp_path / "plug_ctrl_c.py").write_text("raise KeyboardInterrupt\n")
    plugins("plug_ctrl_c")
    assert cli(["scramble", "--help"])[0] == 130


def test_reserved_names_are_the_tools():
    from pyengine.puzzles import registry
    from pyengine.ui.cli import TOOLS
    assert set(registry.RESERVED) == {name for name, _module, _help in TOOLS}


def test_a_bad_plug_in_in_a_real_process(tmp_path):
    import subprocess
    (tmp_path / "plug_exit_zero.py").write_text("raise SystemExit(0)\n")
    env = dict(__import__("os").environ, PYTHONPATH=str(tmp_path),
               PYENGINE_PUZZLES="plug_exit_zero,..x")
    done = subprocess.run([sys.executable, "-m", "pyengine", "words", "check", "qwxzv"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1 and done.stdout == "qwxzv: not in default\n"
    assert done.stderr.splitlines() == [
        "pyengine: plug-in plug_exit_zero skipped: SystemExit: 0",
        "pyengine: plug-in ..x skipped: not a module name (dotted Python names, e.g. "
        "mypkg.puzzle)"]


# -- 5. .clp files: strict UTF-8, no NUL --------------------------------------------------------
CLP = b'(defrule say => (printout t "caf\xc3\xa9" crlf))\n'


@pytest.mark.parametrize("data, why", [
    (CLP.replace(b"\xc3\xa9", b"\xe9"), "is not UTF-8 text (byte 0xe9 at offset 32)"),
    (b"\xef\xbb\xbf" + CLP.replace(b"\xc3\xa9", b"\xe9"),
     "is not UTF-8 text (byte 0xe9 at offset 35)"),
    (CLP + b"\x00(defrule other => )\n", "is not text (a NUL byte at offset 43)"),
    (CLP.replace(b"say", b"s\x00y"), "is not text (a NUL byte at offset 10)"),
])
def test_a_clp_file_that_is_not_utf8_text_is_refused_naming_the_offset(tmp_path, data, why):
    from pyengine.ui.notebook import Inspector
    f = tmp_path / "rules.clp"
    f.write_bytes(data)
    expected = f"CLIPS file {f} {why}"
    with pytest.raises(UsageError) as exc:
        Inspector.from_clp(f)
    assert str(exc.value) == expected
    for argv in (["shell", "clp", str(f)], ["serve", "clp", str(f), "--port", "1"]):
        code, out, err = cli(argv, b"run\n")
        assert (code, out, err) == (2, "", f"pyengine: error: {expected}\n"), argv


def test_a_clp_file_in_utf8_still_loads(tmp_path):
    f = tmp_path / "rules.clp"
    f.write_bytes(b"\xef\xbb\xbf" + CLP)
    code, out, err = cli(["shell", "clp", str(f)], b"run\n")
    assert code == 0 and "café" in out, err


# -- 6. the Python API: a wrong type is a UsageError ---------------------------------------------
REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "docs" / "examples" / "family.clp"
ANIMALS = REPO / "docs" / "examples" / "animals.py"

# arbitrary values (small numbers: a valid --swaps or --boards stays quick)
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.just(2**70),
                   st.floats(allow_nan=True), st.binary(max_size=6), st.text(max_size=8),
                   st.lists(st.one_of(st.integers(0, 9), st.text(max_size=4)), max_size=3),
                   st.dictionaries(st.text(max_size=3), st.integers(0, 9), max_size=2),
                   st.tuples(st.text(max_size=3)), st.just(object()), st.just(int))
NAMES = VALUES | st.sampled_from(["scramble", "words", "clp", "experta", "no-such"])
ACTIONS = VALUES | st.sampled_from([None, "make", "solve", "minimal", "check", "show"])
OPTION_KEYS = st.sampled_from(["words", "seed", "swaps", "word", "tier", "line", "candidates",
                               "why", "randomizer", "file", "record", "as_json", "target",
                               "stage", "strategy", "lines", "say"])
OPTIONS = st.dictionaries(OPTION_KEYS, VALUES | st.sampled_from(["nile", "rivers50", "GO"]),
                          max_size=3)


def _usage_error_or_result(call) -> None:
    """``call()`` returns, or raises UsageError with one line; nothing else."""
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")      # '-' reads nothing
    try:
        call()
    except UsageError as exc:
        assert str(exc) and "\n" not in str(exc), repr(str(exc))
    finally:
        sys.stdin = old


@pytest.mark.parametrize("call", [
    lambda ins: ins.from_clp(None), lambda ins: ins.from_clp(123),
    lambda ins: ins.from_engine(None), lambda ins: ins.from_engine(int),
    lambda ins: ins.open(123), lambda ins: ins.from_clp(FAMILY, stages=5),
    lambda ins: ins.from_clp(FAMILY, input=5), lambda ins: ins.from_clp([FAMILY, 5]),
])
def test_inspector_constructors_refuse_wrong_types(call):
    from pyengine.ui.notebook import Inspector
    with pytest.raises(UsageError) as exc:
        call(Inspector)
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize("call", [
    lambda api: api.make(None), lambda api: api.make([]), lambda api: api.run("scramble", []),
    lambda api: api.open("scramble", hide=5), lambda api: api.make("scramble", record=5),
    lambda api: api.run("bee", "play", letters="aegintR", lines=5),
    lambda api: api.run("bee", "play", letters="aegintR", say=5),
])
def test_api_entry_points_refuse_wrong_types(call):
    import pyengine
    with pytest.raises(UsageError) as exc:
        call(pyengine)
    assert "\n" not in str(exc.value)


def test_input_lines_are_read_once_even_from_a_generator():
    from pyengine.ui.notebook import Inspector
    ins = Inspector.from_clp(FAMILY, stages=["GO"], input=(line for line in ["a", "b"]))
    assert ins._lines == ["a", "b"]
    ins.set_input(line for line in ["c"])
    assert ins._lines == ["c"]


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(NAMES, ACTIONS, OPTIONS)
def test_api_gives_a_result_or_a_usage_error(puzzle, action, options):
    import pyengine
    _usage_error_or_result(lambda: pyengine.run(puzzle, action, **options))
    _usage_error_or_result(lambda: pyengine.make(puzzle, **options))
    _usage_error_or_result(lambda: pyengine.solve(puzzle, **options))
    _usage_error_or_result(lambda: pyengine.open(puzzle, action, **options))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(VALUES | st.sampled_from([str(FAMILY), FAMILY, [FAMILY]]),
       VALUES | st.sampled_from([str(ANIMALS), f"{ANIMALS}:Zookeeper"]),
       VALUES | st.sampled_from([["GO"], "GO:3:random"]), VALUES | st.just("breadth"),
       VALUES, VALUES | st.just(["yes", "no"]))
@example("\n", None, None, None, None, None)      # a file name holding a newline: one line
@example(None, "a\nb.py:K", None, None, None, None)
def test_inspector_gives_a_result_or_a_usage_error(clp, engine, stages, strategy, seed, lines):
    from pyengine.ui.notebook import Inspector
    _usage_error_or_result(lambda: Inspector(clp, input=lines))
    _usage_error_or_result(lambda: Inspector.open(clp, engine, target=clp, stage=stages))
    _usage_error_or_result(lambda: Inspector.from_clp(clp, stages, strategy, seed, lines))
    _usage_error_or_result(lambda: Inspector.from_engine(engine, stages, strategy, seed, lines))


def test_a_shell_script_is_read_as_every_input_file_is(tmp_path):
    """A tester's findings (2026-11-29): ``shell --script`` opened the file as it came:
    bytes that are not UTF-8 were a traceback, a FIFO a hang, a byte-order mark turned
    the first command into a symbol CLIPS echoed. Now checked before the session
    opens, as ``--input`` is."""
    import os
    binary = tmp_path / "bin.dat"
    binary.write_bytes(b"facts\n\xba\xff\x00\n")
    code, _, err = cli(["shell", "--script", str(binary), "scramble"])
    assert code == 2 and err == (f"pyengine: error: script {binary} is not UTF-8 text "
                                 "(byte 0xba at offset 6)\n")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    code, _, err = cli(["shell", "--script", str(fifo), "scramble"])
    assert code == 2 and "not a regular file" in err and err.count("\n") == 1
    marked = tmp_path / "bom.txt"
    marked.write_bytes(b"\xef\xbb\xbfstatus\n")
    code, out, err = cli(["shell", "--script", str(marked), "scramble"])
    assert code == 0 and ";; 8 facts, 0 activations" in out and not err


def test_piped_shell_commands_are_utf8_line_by_line():
    """Piped in: a byte-order mark dropped (the first command was lost), a line that is
    not UTF-8 an error naming it (it was Python's UnicodeEncodeError), the lines
    before it run."""
    code, out, err = cli(["shell", "scramble"], b"\xef\xbb\xbfstatus\nfacts\n\xff\nfacts\n")
    said = out + err
    assert ";; 8 facts, 0 activations" in said and "f-1     (text #)" in said
    assert "error: input line 3 is not UTF-8 text (byte 0xff): the shell reads no " \
        "further" in said and said.count("f-1     (text #)") == 1 and code == 1


# Found by a careless user (2026-11-29): port 0 listened on a free port and printed
# port 0; an empty host listened on every interface; an IPv6 address was printed
# without brackets (no browser could open it).
@pytest.mark.parametrize("argv, said", [
    (["serve", "--port", "0"], "pyengine: error: --port: from 1 to 65535, not 0\n"),
    (["serve", "--allow-origin", "notaurl"],
     "pyengine: error: --allow-origin: a site such as http://host:8000, not 'notaurl'\n"),
    (["serve", "--allow-host", "a b/c"],
     "pyengine: error: --allow-host: a host name such as classroom.local, not 'a b/c'\n"),
    (["serve", "--host", ""], "pyengine: error: --host: a name or address, such as "
                              "127.0.0.1 (0.0.0.0: every interface)\n"),
])
def test_serve_refuses_a_port_or_host_it_would_misreport(argv, said):
    assert cli(argv) == (2, "", said)


def test_serve_prints_an_ipv6_address_in_brackets():
    from pyengine.ui.web.command import page_url
    assert page_url("::1", 8765) == "http://[::1]:8765/"
    assert page_url("::", 8765) == page_url("0.0.0.0", 8765) == "http://127.0.0.1:8765/"
    assert page_url("localhost", 80) == "http://localhost:80/"


def test_a_command_line_byte_that_is_not_utf8_is_named_as_a_byte():
    """Python hands a command line's bytes that are not UTF-8 in as lone surrogates; a
    message said ``has '\\udcff'`` (a newcomer's finding): it names the byte."""
    from pyengine.engine.textio import character
    from pyengine.ui.cli import main
    assert character("\udcff") == "byte 0xff (not UTF-8)"
    assert character("\udc80") == "byte 0x80 (not UTF-8)" and character("é") == "'é'"
    import contextlib
    import io
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["scramble", "ab\udcfe"]) == 2
    assert "has byte 0xfe (not UTF-8): letters a-z only" in err.getvalue()


def test_an_interrupted_run_says_the_seed_that_repeats_it(monkeypatch, capsys):
    """A run with a seed drawn for it says the seed at its end; interrupted (Ctrl-C in
    a long riddle make), it said only "interrupted" and could not be repeated (a
    newcomer's finding). A seed given is not said again."""
    from pyengine.puzzles.base import Action
    from pyengine.ui.cli import main
    drawn = Action.arguments

    def interrupted(self, given):
        drawn(self, given)
        raise KeyboardInterrupt
    monkeypatch.setattr(Action, "arguments", interrupted)
    assert main(["riddle", "make", "--count", "3"]) == 130
    said = capsys.readouterr().err.strip()
    seed = said.split("(seed ")[1].split(":")[0]
    assert said == f"pyengine: interrupted (seed {seed}: --seed {seed} repeats the run)"
    assert main(["riddle", "make", "--count", "3", "--seed", "5"]) == 130
    assert capsys.readouterr().err.strip() == "pyengine: interrupted"
