"""Every ``pip install`` the docs and the package tell people to type works from a clone
(issue 23): pyengine is not on PyPI, so a command installs the checkout (``.``, ``-e .``,
a wheel built from it) with extras that pyproject.toml declares, or a real package that
pyengine itself depends on. The heavy case proves one such command resolves with pip."""
from __future__ import annotations

import ast
import json
import re
import shlex
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
EXTRAS = set(PROJECT["optional-dependencies"])
NAME_RE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[([^\]]*)\])?(.*)$")
#: a command ends at a comment, a shell operator, a closing or opening bracket of prose,
#: a Markdown code span or the end of the line
COMMAND_RE = re.compile(r"\bpip install\b([^\n`#;&|()]*)")
#: pip options that take a value (the value is not an install target, except -e's)
VALUED = {"-r", "--requirement", "-c", "--constraint", "-t", "--target", "--prefix", "--root",
          "-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--python",
          "--report", "--src", "--platform", "--python-version", "--implementation", "--abi"}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> set[str]:
    reqs = list(PROJECT["dependencies"])
    for group in PROJECT["optional-dependencies"].values():
        reqs += group
    return {_norm(NAME_RE.match(r.strip()).group(1)) for r in reqs}


DECLARED = _declared()
OWN = _norm(PROJECT["name"])
WHEEL_RE = re.compile(r"^(?:.*/)?{}-{}-py3-none-any\.whl(?:\[([^\]]*)\])?$".format(
    re.escape(OWN.replace("-", "_")), re.escape(PROJECT["version"])))
LOCAL_RE = re.compile(r"^\.(?:/)?(?:\[([^\]]*)\])?$")


# -- where the commands are ------------------------------------------------------------------
def _doc_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _source_files() -> list[Path]:
    return sorted(p for folder in ("pyengine", "rules", "facts")
                  for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts)


def _strings(path: Path) -> list[str]:
    """The string literals of a module (adjacent literals joined, as Python joins them;
    an f-string's expressions as ``{}``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            out.append("".join(v.value if isinstance(v, ast.Constant) else "{}"
                               for v in node.values))
    return out


def commands_in(text: str) -> list[str]:
    """The argument text of each ``pip install`` in ``text``, sentence punctuation off."""
    found = []
    for m in COMMAND_RE.finditer(text):
        args = m.group(1).strip().rstrip(",:;")
        if args.endswith(".") and args[-2:-1] in ("'", '"', "]"):
            args = args[:-1]
        found.append(args)
    return found


def _all_commands() -> list[tuple[str, str]]:
    got = [(str(p.relative_to(ROOT)), c) for p in _doc_files() for c in commands_in(p.read_text())]
    for path in _source_files():
        if "install" not in path.read_text():      # no command can be in it: not parsed
            continue
        for s in _strings(path):
            got += [(str(path.relative_to(ROOT)), c) for c in commands_in(s)]
    return got


COMMANDS = _all_commands()


# -- what a command may install --------------------------------------------------------------
def _targets(args: str) -> list[str]:
    words, targets = shlex.split(args), []
    while words:
        word = words.pop(0)
        if word in ("-e", "--editable") and words:
            targets.append(words.pop(0))
        elif word.startswith("-"):
            if word in VALUED and words:
                words.pop(0)
        else:
            targets.append(word)
    return targets


def _extras_problems(extras: str | None, target: str) -> list[str]:
    named = [e.strip() for e in (extras or "").split(",") if e.strip()]
    return [f"{target}: no extra {e!r} in pyproject.toml (extras: {', '.join(sorted(EXTRAS))})"
            for e in named if e not in EXTRAS]


def problems(args: str) -> list[str]:
    """What is wrong with ``pip install ARGS`` typed in a clone's root (empty: nothing)."""
    try:
        targets = _targets(args)
    except ValueError as exc:
        return [f"cannot split {args!r}: {exc}"]
    if not targets:
        return [f"pip install {args!r} names nothing to install"]
    out = []
    for t in targets:
        local = LOCAL_RE.match(t) or WHEEL_RE.match(t)
        if local:
            out += _extras_problems(local.group(1), t)
            continue
        m = NAME_RE.match(t)
        name = _norm(m.group(1)) if m else t
        if name == OWN:
            out.append(f"{t}: {PROJECT['name']} is not on PyPI (install the clone: "
                       "pip install -e '.[EXTRA]')")
        elif m is None or name not in DECLARED or t.endswith(".whl"):
            out.append(f"{t}: neither the checkout nor a package pyengine depends on")
    return out


# -- the tests -------------------------------------------------------------------------------
def test_the_commands_are_found():
    where = {w for w, _ in COMMANDS}
    assert {"README.md", "docs/web.md", "pyengine/ui/web/command.py",
            "pyengine/puzzles/boggle_studies/cluster.py",
            "pyengine/puzzles/boggle_studies/benchmark.py"} <= where
    assert ("pyengine/puzzles/boggle_studies/cluster.py", "-e '.[cluster]'") in COMMANDS


@pytest.mark.parametrize("where,args", COMMANDS, ids=[f"{w}:{a}" for w, a in COMMANDS])
def test_each_pip_install_works_from_a_clone(where, args):
    assert not problems(args), f"{where}: pip install {args}: " + "; ".join(problems(args))


@pytest.mark.parametrize("args,bad", [
    ("-e .", False), ("-e '.[web]'", False), (".[web,plot]", False), ("numba", False),
    ("-q -e '.[test,web,browser,cluster]'", False), ("'dask[distributed]>=2024.1'", False),
    (f"'dist/pyengine_puzzles-{PROJECT['version']}-py3-none-any.whl[web]'", False),
    ("'pyengine-puzzles[web]'", True), ("pyengine_puzzles", True), ("-e '.[nosuch]'", True),
    ("pandas", True), ("-e", True), ("'dist/pyengine_puzzles-9.9.9-py3-none-any.whl'", True),
    ("'dist/other-1.0-py3-none-any.whl'", True),
])
def test_the_checker_itself(args, bad):
    assert bool(problems(args)) == bad, problems(args)


def test_commands_end_where_the_prose_goes_on():
    assert commands_in("needs it (in the repository root: pip install -e '.[plot]'): no PNGs") \
        == ["-e '.[plot]'"]
    assert commands_in("pip install -e '.[web]'.\npip install numba # note") == \
        ["-e '.[web]'", "numba"]
    assert commands_in("`pip install -e .` && go") == ["-e ."]


def _named_extras() -> list[str]:
    named = set()
    for _, args in COMMANDS:
        for t in _targets(args):
            m = LOCAL_RE.match(t) or WHEEL_RE.match(t)
            if m and m.group(1):
                named |= {e.strip() for e in m.group(1).split(",") if e.strip()}
    return sorted(named)


@pytest.mark.heavy
def test_the_editable_install_resolves_in_a_fresh_venv(tmp_path):
    """``pip install --dry-run --no-deps -e '.[EXTRAS]'`` (every extra the docs name) into
    a new virtual environment: pip builds the checkout's metadata, which must offer each
    extra. Only the build backend (setuptools, cached by pip) may need the index."""
    extras = _named_extras()
    assert "web" in extras
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"), "install",
         "--dry-run", "--no-deps", "--disable-pip-version-check", "--report", str(report),
         "-e", f".[{','.join(extras)}]"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    if done.returncode and re.search(r"No matching distribution|Could not find a version|"
                                     r"NewConnectionError|Network is unreachable", done.stderr):
        pytest.skip("pip could not reach a package index for the build backend")
    assert done.returncode == 0, done.stderr
    [item] = json.loads(report.read_text())["install"]
    meta = item["metadata"]
    assert _norm(meta["name"]) == OWN and meta["version"] == PROJECT["version"]
    assert item["download_info"]["url"] == ROOT.as_uri()
    assert set(item["requested_extras"]) == set(extras) <= set(meta["provides_extra"])
    for extra in extras:
        assert any(f'extra == "{extra}"' in r for r in meta["requires_dist"]), extra
