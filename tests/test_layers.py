"""The architecture, checked: imports point down (engine < words < puzzles < ui),
only the engine package touches engine internals, the UI has no per-engine
branches, and modules and functions stay small (docs/architecture.md)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "pyengine"
LAYERS = ("engine", "words", "puzzles", "ui")          # bottom to top
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def _sources(*folders: Path):
    for folder in folders:
        yield from sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
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
    for path in _sources(PKG / layer):
        for name in _imports(path):
            for top in above:
                assert not name.startswith(f"pyengine.{top}"), \
                    f"{path.relative_to(ROOT)} ({layer}) imports {name} ({top} is above it)"


def test_rules_and_facts_import_only_the_engine_and_puzzle_helpers():
    for path in _sources(ROOT / "rules", ROOT / "facts"):
        for name in _imports(path):
            assert not name.startswith(("pyengine.ui", "argparse")), \
                f"{path.relative_to(ROOT)} imports {name}"


def test_no_argparse_below_the_ui():
    for path in _sources(PKG / "engine", PKG / "words", PKG / "puzzles", ROOT / "rules"):
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
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.List, ast.Tuple, ast.Dict, ast.Set)):
                items = node.keys if isinstance(node, ast.Dict) else node.elts
                found = {i.value for i in items if isinstance(i, ast.Constant)} & set(names)
                assert len(found) < 2, f"{path.relative_to(ROOT)} lists puzzles: {sorted(found)}"


def test_modules_and_functions_are_small():
    too_big = []
    for path in _sources(PKG, ROOT / "rules", ROOT / "facts"):
        text = path.read_text()
        lines = text.count("\n")
        if lines > MAX_MODULE_LINES:
            too_big.append(f"{path.relative_to(ROOT)}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_big.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}() "
                                   f"{length} lines")
    assert not too_big, "over the size limits:\n" + "\n".join(too_big)
