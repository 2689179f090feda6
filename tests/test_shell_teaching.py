"""docs/teaching.md shows real shell output: regenerate its transcripts and compare."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_teaching_transcripts.py"


def load_script():
    spec = importlib.util.spec_from_file_location("make_teaching_transcripts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_teaching_guide_is_up_to_date():
    mk = load_script()
    if not mk.rand_matches_glibc():
        pytest.skip("this C library's rand() is not glibc's: CLIPS's random strategy "
                    "gives other scrambles than the published guide")
    doc = mk.DOC.read_text(encoding="utf-8")
    fresh = mk.render(doc)      # a transcript of a session not registered yet stays as it is
    assert fresh == doc, ("docs/teaching.md is stale: run "
                          "python scripts/make_teaching_transcripts.py")


def test_guide_has_no_empty_or_failing_transcripts():
    doc = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    blocks = load_script().BLOCK.findall(doc)
    assert len(blocks) >= 10
    assert "```text\n```" not in doc
    assert not re.search(r"^error:", doc, re.M)
    assert "Traceback" not in doc
    # the guide covers the commands the issue asks for
    for cmd in ("facts", "agenda", "step", "run", "stage", "watch facts", "watch activations",
                "rules", "why", "history", "strategy"):
        assert f"pyengine> {cmd}" in doc, cmd
    # and the chapter on writing your own expert system: both engines, the REPL commands
    for cmd in ("matches find-grandparents", "matches ask_meat", "templates", "(facts)",
                "modify f-3", "back 3", "goto 3"):
        assert f"pyengine> {cmd}" in doc, cmd
    assert "$ pyengine shell clp docs/examples/family.clp" in doc
    assert "$ pyengine shell experta docs/examples/animals.py --input" in doc
    assert "from pyengine.experta import" in doc


def test_render_replaces_only_the_generated_part(tmp_path):
    mk = load_script()
    doc = ("intro\n<!-- transcript: clp tests/engines/contract_rules.clp --stage GO\n"
           "facts number\n-->\nSTALE\n<!-- end transcript -->\noutro\n")
    out = mk.render(doc)
    assert out.startswith("intro\n<!-- transcript: clp") and out.endswith("<!-- end transcript -->\noutro\n")
    assert "STALE" not in out
    assert "pyengine> facts number\nf-1     (number 1)\n" in out
    path = tmp_path / "t.md"
    path.write_text(doc)
    assert mk.main(["--check", "--doc", str(path)]) == 1
    assert mk.main(["--doc", str(path)]) == 0
    assert mk.main(["--check", "--doc", str(path)]) == 0
