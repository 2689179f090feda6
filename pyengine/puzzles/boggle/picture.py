"""A Boggle board as the web page draws it: the grid, each cell with its letter
(once placed), its marks (the letters its neighbours suggest) and the turn it was
placed on; how many cells are placed; the board's text once read out."""
from __future__ import annotations

import math

from pyengine.puzzles.page import FactBase, cell, drawing, grid, text


def picture(base: FactBase) -> dict | None:
    """None until the ``board`` fact (with its ``cells``) is there. The greedy rules
    place ``letter`` facts without touching the board: the letters count."""
    boards = base.records("board")
    if not boards or "cells" not in boards[0]:
        return None
    cells_text = str(boards[0]["cells"])
    size = math.isqrt(len(cells_text))
    board = [[{"ch": "" if ch == "." else ch, "marks": "", "turn": None}
              for ch in cells_text[r * size:(r + 1) * size]] for r in range(size)]
    for c in base.records("cell"):
        board[int(c["row"])][int(c["col"])]["marks"] = str(c.get("marks", "") or "")
    for r in base.records("letter"):
        if "row" in r and "char" in r:
            g = board[int(r["row"])][int(r["col"])]
            g["ch"] = str(r["char"])
            g["marks"] = g["marks"] or str(r.get("marks", "") or "")
            g["turn"] = r.get("turn")
    placed = sum(1 for line in board for g in line if g["ch"])
    grids = base.records("grid")
    return drawing(
        text(f"{placed} of {size * size} cells placed"),
        grid([[cell(g["ch"], g["marks"], g["turn"] or "", bool(g["ch"]),
                    "marks: " + (g["marks"] or "none")) for g in line] for line in board],
             id="board"),
        text(str(grids[0].get("text", ""))) if grids and grids[0].get("text") else None)
