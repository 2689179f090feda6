"""CLIPS's pretty-print commands on a .clp program, on CLIPS and on our engine alike:
``(ppdefrule NAME)`` (and the shell's ``ppdefrule``), ``(ppdeftemplate NAME)``,
``(ppdeffacts NAME)``, ``(ppdeffunction NAME)`` for every construct of the programs of
the conformance suite and the examples (our engine showed a rule's source, and knew
no other pretty-print command). The layout itself is tested construct by construct in
``tests/test_clips_pretty.py``."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.engine.clips_reader import Form, read
from tests.test_shell_edit import said, shell_for_engine

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = sorted([*(ROOT / "tests/conformance/clp").glob("*.clp"),
                   *(ROOT / "docs/examples").glob("*.clp"),
                   ROOT / "tests/engines/focus.clp", ROOT / "tests/engines/queries.clp"])
SKIPPED = ("alarm.clp",)        # a docs example that does not load, on purpose


def _commands(path: Path) -> str:
    lines = []
    for form in read(path.read_text()):
        if isinstance(form, Form) and len(form) > 1 and str(form[0]) in (
                "defrule", "deftemplate", "deffacts", "deffunction"):
            lines.append(f"(pp{form[0]} {form[1]})")
    return "\n".join(lines)


@pytest.mark.parametrize("path", [p for p in PROGRAMS if p.name not in SKIPPED],
                         ids=lambda p: p.name)
def test_every_construct_pretty_printed_as_clips_prints_it(path):
    script = _commands(path)
    on_clips, ours = (said(*shell_for_engine(path, engine), script)
                      for engine in ("clp", "experta"))
    assert "\nerror: " not in "\n" + on_clips
    assert ours == on_clips


def test_the_shell_s_ppdefrule_and_an_unknown_name(tmp_path):
    path = tmp_path / "p.clp"
    path.write_text("(deftemplate a (slot x))\n(defrule r (a (x ?v&:(> ?v 1)|7)) => "
                    "(if (> ?v 3) then (printout t big crlf) else (printout t small crlf)))\n")
    script = "ppdefrule r\n(ppdeftemplate nosuch)"
    on_clips, ours = (said(*shell_for_engine(path, engine), script)
                      for engine in ("clp", "experta"))
    assert ours == on_clips
    assert "(defrule MAIN::r\n   (a (x ?v&:(> ?v 1)|7))\n   =>\n   (if (> ?v 3)\n" in ours
