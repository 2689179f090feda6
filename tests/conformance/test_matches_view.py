"""The ``matches`` view of every rule of random CLIPS programs (random_clp.py), on our
engine and on real CLIPS after a few firings: the same sections, labels, facts, rows
and counts (``not``/``exists`` over several CEs and ``forall`` with their inner
patterns and joins, an ``or``'s alternatives one after the other, a fact matching a
``$?`` pattern in several ways listed once per way). Rows are compared as sets in
each section: the two engines keep a memory's rows in different orders. The first
seeds run by default, the rest with ``pytest -m heavy``."""
from __future__ import annotations

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.trace import matches_lines
from tests.conformance.random_clp import generate

HEADS = ("Matches for", "Partial matches", "Activations", "(")
BLOCK = 25


def sections(lines: list[str]) -> list[str]:
    """The listing without our ``;;`` labels, each section's rows sorted."""
    out: list[str] = []
    rows: list[str] = []
    for line in lines:
        if line.startswith(";;"):
            continue
        if line.startswith(HEADS):
            out += sorted(rows) + [line]
            rows = []
        else:
            rows.append(line)
    return out + sorted(rows)


def _differences(seed: int, firings: int, tmp_path) -> list[str]:
    path = tmp_path / f"random{seed}.clp"
    path.write_text(generate(seed).text())
    clips, ours = ClipsSession([path]), ExpertaSession.from_clp([path])
    try:
        for session in (clips, ours):
            session.quiet()
            session.reset()
            session.run(firings)
        return [f"seed {seed}, rule {rule}" for rule in ours.rete.rules
                if sections(matches_lines(clips.matches(rule)))
                != sections(matches_lines(ours.matches(rule)))]
    finally:
        clips.close()
        ours.close()


@pytest.mark.parametrize("block", [0] + [pytest.param(b, marks=pytest.mark.heavy)
                                         for b in range(1, 12)])
def test_every_rule_s_matches_are_clips_s(block, tmp_path):
    found = [d for seed in range(block * BLOCK, (block + 1) * BLOCK)
             for firings in (0, 5) for d in _differences(seed, firings, tmp_path)]
    assert not found, found
