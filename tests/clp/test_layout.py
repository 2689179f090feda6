"""pyengine.engine.clp keeps to the project's sizes (docs/architecture.md): modules of
at most 400 lines, functions of at most 60, each module with its docstring."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pyengine" / "engine" / "clp"


def test_modules_and_functions_are_small_and_documented():
    problems = []
    for path in sorted(PACKAGE.glob("*.py")):
        text = path.read_text()
        tree = ast.parse(text)
        if text.count("\n") > 400:
            problems.append(f"{path.name}: {text.count(chr(10))} lines")
        if not ast.get_docstring(tree):
            problems.append(f"{path.name}: no docstring")
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > 60:
                    problems.append(f"{path.name}:{node.lineno} {node.name}() {length} lines")
    assert not problems, "\n".join(problems)

