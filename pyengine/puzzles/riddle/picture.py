"""A letter riddle as the web page draws it: each clue line with the letters its
position may still hold (once the clue has collapsed to a ``letter-set``), the
candidate words left, the solutions in rank order and the hint lines."""
from __future__ import annotations

from pyengine.puzzles.page import FactBase, drawing, row, rows, text, token, tokens

SHOWN_SOLUTIONS = 10


def picture(base: FactBase) -> dict | None:
    """None until the ``riddle`` and its ``clue`` facts are there."""
    if not base.named("riddle") or not base.named("clue"):
        return None
    sets = {str(r["pos"]): r for r in base.records("letter-set")}
    clues = sorted(base.records("clue"), key=_position)
    lines = []
    for c in clues:
        pos = str(c.get("pos"))
        found = sets.get(pos)
        letters = found.get("letters", ()) if found else ()
        letters = [letters] if isinstance(letters, str) else list(letters)
        lines.append(row(
            "#" + pos,
            text(f"{c.get('first')} {c.get('a', '')} · {c.get('second')} {c.get('b', '')}",
                 "mono"),
            tokens([token(x, tone="good") for x in letters], "small") if found
            else text("(not collapsed yet)", "quiet"),
            text(str(found.get("how", "")), "small") if found else None))
    cands = base.records("candidates")
    sols = sorted(base.records("solution"), key=lambda r: r.get("rank", 0))[:SHOWN_SOLUTIONS]
    return drawing(
        text(f"a word of {base.fields(base.named('riddle')[0]).get('length')} letters"),
        rows(lines),
        text("candidates: " + ", ".join(f"after {c.get('upto')}: {c.get('words', '')}"
                                         for c in cands)) if cands else None,
        text("   ".join(f"{s.get('rank')}. {s.get('word')}" for s in sols), "big",
             id="solutions") if sols else None,
        *[text("hint: " + str(r.get("text", ""))) for r in base.records("hint-line")])


def _position(clue: dict) -> tuple:
    pos = str(clue.get("pos"))
    return (not pos.isdigit(), int(pos) if pos.isdigit() else 0)
