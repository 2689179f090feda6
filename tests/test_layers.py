"""The architecture, checked: imports point down (engine < words < facts < rules <
puzzles < ui), no module imports itself back through others (not even from inside a
function), only the engine package touches engine internals, the UI has no
per-engine branches, and modules and functions stay small (docs/architecture.md)."""
from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "pyengine"
LAYERS = ("engine", "words", "facts", "rules", "puzzles", "ui")      # bottom to top
# Where each layer's files are: facts/ and rules/ sit at the top of the checkout and
# install as pyengine.facts and pyengine.rules.
FOLDERS = {layer: PKG / layer for layer in LAYERS} | {"facts": ROOT / "facts",
                                                      "rules": ROOT / "rules"}
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def _sources(*folders: Path):
    for folder in folders:
        yield from sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


@functools.lru_cache(maxsize=None)
def _tree(path: Path) -> ast.Module:
    """A source file parsed once for all the checks (of this module: see below)."""
    return ast.parse(path.read_text())


@pytest.fixture(autouse=True, scope="module")
def _forget_the_trees():
    """The parsed sources (about 300,000 objects) are let go after this module: kept,
    they would make every later full collection of the worker that ran it slower."""
    yield
    _tree.cache_clear()


def _imports(path: Path) -> set[str]:
    tree = _tree(path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


@pytest.mark.parametrize("layer", LAYERS)
def test_imports_point_down(layer):
    above = LAYERS[LAYERS.index(layer) + 1:]
    for path in _sources(FOLDERS[layer]):
        for name in _imports(path):
            for top in above:
                assert not name.startswith(f"pyengine.{top}"), \
                    f"{path.relative_to(ROOT)} ({layer}) imports {name} ({top} is above it)"


def _module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (facts/ and rules/ included)."""
    out = {}
    for base, package in ((PKG, "pyengine"), (ROOT / "rules", "pyengine.rules"),
                          (ROOT / "facts", "pyengine.facts")):
        for path in _sources(base):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join([package, *parts])] = path
    return out


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round (Tarjan's strongly connected
    components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_back():
    """Imports made inside functions count too: a cycle hidden in one is still a cycle."""
    files = _module_files()
    graph = {name: {m for m in _imports(path) if m in files and m != name}
             for name, path in files.items()}
    assert not _cycles(graph), "modules importing each other round:\n" + "\n".join(
        " <-> ".join(group) for group in _cycles(graph))


# Modules that ``pyengine --help`` and ``import pyengine`` load: they import the rest of
# the package only where it is used, so that listing the commands starts no engine.
LAZY_FRONT = ("pyengine/__init__.py", "pyengine/ui/cli.py", "pyengine/ui/web/command.py",
              "pyengine/puzzles/wordlist.py", "pyengine/puzzles/base.py",
              "pyengine/puzzles/registry.py", "pyengine/engine/trace.py")
# Packages slow to import or optional (an extra): these may be imported where used.
HEAVY_OR_OPTIONAL = ("numba", "numpy", "pandas", "matplotlib", "dask", "distributed",
                     "uvicorn", "starlette", "playwright", "clips", "experta", "rapidfuzz",
                     "snowballstemmer")


def _imports_in_functions(tree) -> list[tuple[int, str]]:
    out = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and node.level == 0:
                    out.append((node.lineno, node.module or ""))
                elif isinstance(node, ast.Import):
                    out.extend((node.lineno, a.name) for a in node.names)
    return out


def test_imports_inside_functions_only_for_heavy_packages_or_the_light_front():
    """An import inside a function hides a dependency (and once hid four cycles): the
    package's own modules are imported at the top, except by the light front; other
    packages inside a function only if heavy or optional (the standard library is free)."""
    import sys
    found = []
    for path in _sources(PKG, ROOT / "rules", ROOT / "facts"):
        rel = str(path.relative_to(ROOT))
        for line, module in _imports_in_functions(_tree(path)):
            top = module.split(".")[0]
            if top == "pyengine" and rel not in LAZY_FRONT:
                found.append(f"{rel}:{line} imports {module} inside a function")
            elif top not in ("pyengine", *HEAVY_OR_OPTIONAL) and \
                    top not in sys.stdlib_module_names:
                found.append(f"{rel}:{line} imports {module} inside a function")
    assert not found, "\n".join(found)


def test_no_module_imports_another_modules_private_names():
    """What two modules share is public in the one it belongs to."""
    for path in _sources(PKG, ROOT / "rules", ROOT / "facts"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pyengine"):
                private = [a.name for a in node.names
                           if a.name.startswith("_") and not a.name.startswith("__")]
                assert not private, f"{path.relative_to(ROOT)}:{node.lineno} imports " \
                                    f"{private} from {node.module}"


def test_no_argparse_below_the_ui():
    for path in _sources(PKG / "engine", PKG / "words", PKG / "puzzles", ROOT / "rules",
                         ROOT / "facts"):
        assert "argparse" not in _imports(path), f"{path.relative_to(ROOT)} imports argparse"


ENGINE_PRIVATE = re.compile(r"\.(ke|env)\b(?!\w)|raw_facts|_stage_fact_id|_set_watch")


def test_only_the_engine_touches_engine_internals():
    for path in _sources(PKG / "words", PKG / "puzzles", PKG / "ui", ROOT / "rules",
                         ROOT / "facts"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            assert not ENGINE_PRIVATE.search(code), f"{path.relative_to(ROOT)}:{n}: {line.strip()}"


def test_the_ui_has_no_per_engine_branches():
    for path in _sources(PKG / "ui"):
        text = path.read_text()
        assert not re.search(r"engine\s*[!=]=", text), f"{path.relative_to(ROOT)} branches on the engine"


def test_puzzles_are_listed_only_by_the_registry():
    names = ("scramble", "riddle", "bee", "boggle")
    for path in _sources(PKG / "ui"):
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.List, ast.Tuple, ast.Dict, ast.Set)):
                items = node.keys if isinstance(node, ast.Dict) else node.elts
                found = {i.value for i in items if isinstance(i, ast.Constant)} & set(names)
                assert len(found) < 2, f"{path.relative_to(ROOT)} lists puzzles: {sorted(found)}"


# A puzzle's name as a word, in any case ("Spelling Bee", "scrambles"); the modules of
# pyengine/puzzles the UI may import (the contract, the registry and shared helpers).
PUZZLE_WORD = re.compile(r"\b(scramble|riddle|bee|boggle)s?\b", re.IGNORECASE)
GENERIC_PUZZLE_MODULES = ("base", "registry", "page", "util", "workers")


def _ui_files():
    """Every file of pyengine/ui: its Python and the page's static files."""
    return sorted(p for p in (PKG / "ui").rglob("*") if p.is_file()
                  and p.suffix in (".py", ".js", ".html", ".css") and "__pycache__" not in p.parts)


def test_the_ui_names_no_puzzle():
    """The command line, the shell, the notebook and the web page are clients of the
    registry: no puzzle is named anywhere in pyengine/ui (code, strings, docstrings,
    comments, the page's JavaScript, HTML and CSS). What the page shows of a puzzle is
    the puzzle's declaration's."""
    for path in _ui_files():
        for n, line in enumerate(path.read_text().splitlines(), 1):
            found = PUZZLE_WORD.search(line)
            assert not found, f"{path.relative_to(ROOT)}:{n} names a puzzle " \
                              f"({found.group(0)!r}): {line.strip()}"


def test_the_ui_imports_no_puzzle_package():
    """Only the contract, the registry and shared helpers of pyengine/puzzles, by import
    statement or as a "module:function" path in a string."""
    for path in _ui_files():
        names = _imports(path) if path.suffix == ".py" else set()
        names |= set(re.findall(r"pyengine\.puzzles\.\w+", path.read_text()))
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["pyengine", "puzzles"] and len(parts) > 2:
                assert parts[2] in GENERIC_PUZZLE_MODULES, \
                    f"{path.relative_to(ROOT)} imports {name}: a puzzle's own module"


def test_modules_and_functions_are_small():
    too_big = []
    for path in _sources(PKG, ROOT / "rules", ROOT / "facts"):
        text = path.read_text()
        lines = text.count("\n")
        if lines > MAX_MODULE_LINES:
            too_big.append(f"{path.relative_to(ROOT)}: {lines} lines")
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_big.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}() "
                                   f"{length} lines")
    assert not too_big, "over the size limits:\n" + "\n".join(too_big)
