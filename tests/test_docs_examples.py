"""Every console example in README.md and docs/*.md runs here, so the docs cannot drift.

A ```console block holds commands (``$ ...``) each followed by the output it prints.
The command runs in bash from the repository root with this virtual environment's
``bin`` first on PATH. Its output must equal the text shown, except that a line
``...`` (indented or not) stands for any number of lines and timing figures (``0.31 s``, ``87 ms``) may
differ. A command shown without output must succeed (exit status 0 or 1, nothing on
stderr that looks like a traceback). Commands that read ``../shared/data`` skip where
it is absent (``--words enable1``, ``enable2k`` and ``words_alpha`` do not: those lists
ship in the package); commands marked ``# slow``, timed searches (``boggle best``) and
the riddle solver's near-answer and coined-name searches are heavy: they run with
``-m heavy``, as CI does, not in the default run.

The ``pyengine`` the examples' bash finds first on PATH is a shim that hands the command
to a warm interpreter (``tests/cli_zygote.py``: pyengine imported once, a fork per
command, the shim's own stdin, stdout and stderr), so the examples cost their work and
not Python's start each; where it cannot stand in faithfully it runs the real script.
"""
from __future__ import annotations

import importlib.util
import os
import re
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TIMING = re.compile(r"\d+(?:[.,]\d+)?\s?(?:ms|µs|s)\b")
NEEDS_SHARED = re.compile(r"\.\./shared")


@dataclass
class Example:
    doc: str
    line: int
    command: str
    expected: list[str]

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.line}"


def examples(path: Path) -> list[Example]:
    found: list[Example] = []
    inside = False
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        if raw.startswith("```"):
            inside = raw.strip() == "```console"
            continue
        if not inside:
            continue
        if raw.startswith("$ "):
            found.append(Example(path.name, n, raw[2:], []))
        elif found and found[-1].command.endswith("\\") and not found[-1].expected:
            found[-1].command = found[-1].command[:-1] + " " + raw.strip()   # continued
        elif found and found[-1].line < n:
            found[-1].expected.append(raw.rstrip())
    return found


ALL = [ex for doc in DOCS for ex in examples(doc)]


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line, ``...`` matching any run of lines, timing figures ignored."""
    def norm(line: str) -> str:
        return TIMING.sub("<time>", line.rstrip())

    exp, act = [norm(x) for x in expected], [norm(x) for x in actual]

    def go(i: int, j: int) -> bool:
        if i == len(exp):
            return j == len(act)
        if exp[i].strip() == "...":
            return any(go(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and exp[i] == act[j] and go(i + 1, j + 1)

    return go(0, 0)


def _shared_present() -> bool:
    env = os.environ.get("PYENGINE_SHARED_DATA")
    return Path(env).is_dir() if env else (ROOT.parent / "shared" / "data").is_dir()


#: examples heavy by nature: a timed search, or marked ``# slow`` in the doc; and the
#: riddle solver's searches for near answers and coined names (a second or more each)
HEAVY = re.compile(r"# slow|\bboggle best\b|riddle solve .*--near|riddles/coined_")


def _param(ex: Example):
    marks = [pytest.mark.heavy] if HEAVY.search(ex.command) else []
    return pytest.param(ex, marks=marks, id=ex.id)


def _example_env() -> dict[str, str]:
    return dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
                COLUMNS="80", PYTHONHASHSEED="0")


@pytest.fixture(scope="module")
def warm_bin(tmp_path_factory):
    """The folder of the warm ``pyengine`` shim (None where fork or UNIX sockets are
    missing: the examples then run the installed script)."""
    if not hasattr(os, "fork") or not hasattr(socket, "AF_UNIX"):
        yield None
        return
    from tests import cli_zygote
    folder = tmp_path_factory.mktemp("zygote")
    proc = cli_zygote.start(folder, _example_env())
    yield folder / "bin"
    cli_zygote.stop(proc)


@pytest.mark.parametrize("ex", [_param(ex) for ex in ALL])
def test_console_example(ex: Example, tmp_path, warm_bin):
    if NEEDS_SHARED.search(ex.command) and not _shared_present():
        pytest.skip("needs ../shared/data (the shared word lists), absent here")
    if "pyengine serve" in ex.command and importlib.util.find_spec("starlette") is None:
        pytest.skip("needs the web extra (pip install -e '.[web]'): starlette is absent")
    env = _example_env()
    if warm_bin is not None:
        env["PATH"] = f"{warm_bin}{os.pathsep}{env['PATH']}"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", ex.command], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240)
    assert "Traceback" not in done.stderr, done.stderr
    if ex.expected:
        actual = done.stdout.rstrip("\n").split("\n")
        assert matches(ex.expected, actual), (
            f"{ex.id}: `{ex.command}` printed\n{done.stdout}\nthe doc shows\n"
            + "\n".join(ex.expected))
    else:
        assert done.returncode in (0, 1), f"{ex.id}: exit {done.returncode}\n{done.stderr}"


def pycon_blocks(path: Path) -> list[tuple[int, str]]:
    """The ```pycon blocks of a doc (Python sessions, run with doctest)."""
    blocks, current, start = [], None, 0
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        if raw.startswith("```"):
            if current is not None:
                blocks.append((start, "\n".join(current) + "\n"))
                current = None
            elif raw.strip() == "```pycon":
                current, start = [], n
            continue
        if current is not None:
            current.append(raw)
    return blocks


PYCON = [(doc, line, text) for doc in DOCS for line, text in pycon_blocks(doc)]


@pytest.mark.parametrize("doc,line,text", PYCON, ids=[f"{d.name}:{n}" for d, n, _ in PYCON])
def test_python_example(doc, line, text, monkeypatch):
    import doctest
    if NEEDS_SHARED.search(text) and not _shared_present():
        pytest.skip("needs ../shared/data (the shared word lists), absent here")
    monkeypatch.chdir(ROOT)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, f"{doc.name}:{line}", str(doc), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out: list[str] = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


# -- commands shown but not run (```sh blocks, `code` in the text): their files exist ---------
PATH_LIKE = re.compile(r"^[\w./-]*[a-z0-9_]\.(?:clp|py|txt|json|jsonl|fct|tsv|csv|gz)(?::\w+)?$")
#: files the docs name as the reader's own (e.g. a script of shell commands they write)
READERS_OWN = {"steps.txt"}


def shown_commands(path: Path) -> list[tuple[int, str]]:
    """``pyengine ...`` commands a doc shows without running them: the lines of its
    ```sh blocks and its inline code spans (the ```console blocks run above)."""
    found, fence = [], None
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        if raw.startswith("```"):
            fence = raw.strip()[3:] if fence is None else None
            continue
        if fence in ("sh", "bash", "shell"):
            found += [(n, raw.strip())] if "pyengine " in raw else []
        elif fence is None:
            found += [(n, c) for c in re.findall(r"`([^`]*pyengine [^`]*)`", raw)]
    return found


def missing_files(command: str) -> list[str]:
    """The file arguments of ``command`` that do not exist from the repository root
    (upper-case placeholders such as FILE.clp, and the reader's own files, aside)."""
    out = []
    for word in re.split(r"[\s\[\]|<>=]+", command.split(" #", 1)[0]):
        word = word.strip("'\"(),;")
        if PATH_LIKE.match(word) and word not in READERS_OWN:
            if not (ROOT / word.split(":", 1)[0]).exists():
                out.append(word)
    return out


SHOWN = [(doc, n, c) for doc in DOCS for n, c in shown_commands(doc) if "pyengine" in c]


@pytest.mark.parametrize("doc,line,command", SHOWN, ids=[f"{d.name}:{n}" for d, n, _ in SHOWN])
def test_shown_commands_name_files_that_exist(doc, line, command):
    assert not missing_files(command), \
        f"{doc.name}:{line}: `{command}` names {missing_files(command)}, not found from the " \
        "repository root"


@pytest.mark.parametrize("tool", ["serve", "shell"])
def test_help_examples_name_files_that_exist(tool):
    done = subprocess.run([sys.executable, "-m", "pyengine", tool, "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, COLUMNS="200"))
    shown = [line.strip() for line in done.stdout.splitlines() if "pyengine " in line]
    assert done.returncode == 0 and shown
    assert not [(c, missing_files(c)) for c in shown if missing_files(c)]


def test_missing_files_sees_bare_names():
    assert missing_files("pyengine shell clp family.clp [--stage GO]") == ["family.clp"]
    assert missing_files("pyengine shell experta animals.py:Zoo --input answers.txt") == \
        ["animals.py:Zoo", "answers.txt"]
    assert not missing_files("pyengine serve clp docs/examples/family.clp --stage GO")
    assert not missing_files("pyengine shell clp FILE.clp  # your own")


def test_continued_commands_are_joined(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text("```console\n$ printf 'a\\n' \\\n    | cat\na\n```\n")
    [ex] = examples(doc)
    assert ex.command == "printf 'a\\n'  | cat" and ex.expected == ["a"]


def test_the_matcher_itself():
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert matches(["a", "...", "z"], ["a", "z"])
    assert not matches(["a", "...", "z"], ["a", "b"])
    assert matches(["took 0.31 s"], ["took 12.5 s"])
    assert not matches(["3898 points"], ["3897 points"])
