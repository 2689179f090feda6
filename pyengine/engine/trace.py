"""Text forms of what a session records, shared by ``--trace``, the shell and the
notebook: one firing with what it changed."""
from __future__ import annotations


def firing_lines(firing) -> list[str]:
    """``FIRE n rule: f-1,f-2`` then ``    <== f-3`` / ``    ==> f-4`` per change."""
    lines = [str(firing)]
    lines += [f"    <== f-{fid}" for fid in firing.retracted]
    lines += [f"    ==> f-{fid}" for fid in firing.asserted]
    return lines
