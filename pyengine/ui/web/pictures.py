"""The puzzle as a picture, read from the fact base alone: which picture is chosen
by the relations present, never by which engine runs.

* ``scramble``: a ``(text ... # ...)`` line and ``(word ID letters...)`` facts;
  each place of the line carries the id of the word it belongs to, so DECODE's
  letters are coloured by word;
* ``riddle``: ``clue`` lines with each position's ``letter-set`` and the
  ``candidates`` left, and the ``solution`` facts;
* ``bee``: the ``hive`` (a honeycomb), ``found`` words and the last ``verdict``;
* ``boggle``: the ``letter`` facts on the grid with each ``cell``'s marks;
* ``generic``: the facts grouped by relation.
"""
from __future__ import annotations

import math

from pyengine.ui.queries import fact_fields


def picture(facts, log, live: set[int], new: set[int]) -> dict:
    by: dict[str, list] = {}
    for f in facts:
        by.setdefault(f.name, []).append(f)
    for kind, test, make in VIEWS:
        if test(by):
            try:
                return {"kind": kind, **make(by, log)}
            except (KeyError, ValueError, TypeError, IndexError):
                break                     # not the shape expected: the generic view
    return {"kind": "generic", **generic(by, new)}


def _fields(f) -> dict:
    return fact_fields(f.text)


# -- scramble ---------------------------------------------------------------------------------

def _is_scramble(by) -> bool:
    return "text" in by and "word" in by and "#" in _words(by["text"][0].text)


def _words(text: str) -> list[str]:
    return text.strip().strip("()").split()


def scramble(by, log) -> dict:
    line = _words(by["text"][0].text)[1:]
    hash_at = line.index("#")
    words: dict[str, str] = {}
    for fid in sorted(log.texts):                # the first (full) fact of each word
        parts = _words(log.texts[fid])
        if parts and parts[0] == "word" and len(parts) > 1:
            words.setdefault(parts[1], "".join(parts[2:]))
    ids = _id_line(log, len(line) - 1)
    cells = []
    for i, tok in enumerate(line[:hash_at]):
        word = ids[i] if ids and i < len(ids) else None
        cells.append({"ch": tok, "word": word, "decoded": True})
    for tok in line[hash_at + 1:]:
        cells.append({"ch": tok, "word": tok, "decoded": False})
    return {"cells": cells, "words": [{"id": k, "word": v} for k, v in words.items()],
            "decoded": hash_at, "total": len(line) - 1}


def _id_line(log, length: int) -> list[str] | None:
    """The ids of the line as DECODE began: the latest ``(text # ids...)`` of full length."""
    for fid in sorted(log.texts, reverse=True):
        parts = _words(log.texts[fid])
        if len(parts) == length + 2 and parts[:2] == ["text", "#"]:
            return parts[2:]
    return None


# -- riddle -----------------------------------------------------------------------------------

def _is_riddle(by) -> bool:
    return "clue" in by and "riddle" in by


def riddle(by, log) -> dict:
    sets = {}
    for f in by.get("letter-set", []):
        r = _fields(f)
        letters = r.get("letters", ())
        sets[str(r["pos"])] = {"letters": [letters] if isinstance(letters, str) else
                               list(letters), "how": r.get("how", "")}
    clues = []
    for f in by["clue"]:
        r = _fields(f)
        pos = str(r.get("pos"))
        clues.append({"pos": pos, "a": str(r.get("a", "")), "first": r.get("first"),
                      "b": str(r.get("b", "")), "second": r.get("second"),
                      "set": sets.get(pos)})
    clues.sort(key=lambda c: (not c["pos"].isdigit(), int(c["pos"]) if c["pos"].isdigit() else 0))
    cands = [_fields(f) for f in by.get("candidates", [])]
    sols = sorted((_fields(f) for f in by.get("solution", [])), key=lambda r: r.get("rank", 0))
    return {"length": _fields(by["riddle"][0]).get("length"), "clues": clues,
            "candidates": [{"upto": c.get("upto"), "words": str(c.get("words", ""))}
                           for c in cands],
            "solutions": [{"rank": s.get("rank"), "word": str(s.get("word"))} for s in sols[:10]],
            "hints": [str(_fields(f).get("text", "")) for f in by.get("hint-line", [])]}


# -- Spelling Bee -------------------------------------------------------------------------------

def _is_bee(by) -> bool:
    return "letter" in by and "char" in _fields(by["letter"][0]) and \
        "centre" in _fields(by["letter"][0])


def bee(by, log) -> dict:
    letters = [_fields(f) for f in by["letter"]]
    centre = next((str(r["char"]) for r in letters if str(r.get("centre")) == "True"), "")
    outer = [str(r["char"]) for r in letters if str(r["char"]) != centre]
    found = [_fields(f) for f in by.get("found", [])]
    verdicts = sorted((_fields(f) for f in by.get("verdict", [])), key=lambda r: r.get("turn", 0))
    most = [_fields(f) for f in by.get("max-score", [])]
    ranks = sorted((_fields(f) for f in by.get("rank", [])), key=lambda r: r.get("points", 0))
    score = sum(int(r.get("points", 0)) for r in found)
    rank = ""
    for r in ranks:
        if score >= int(r.get("points", 0)):
            rank = str(r.get("name"))
    return {"centre": centre, "outer": outer, "hive": bool(by.get("hive")),
            "found": [{"word": str(r.get("word")), "points": r.get("points")} for r in found],
            "score": score, "rank": rank,
            "verdict": ({"word": str(verdicts[-1].get("word")),
                         "message": str(verdicts[-1].get("message")),
                         "points": verdicts[-1].get("points", 0)} if verdicts else None),
            "max": ({"points": most[0].get("points"), "words": most[0].get("words"),
                     "pangrams": most[0].get("pangrams")} if most else None),
            "play": "verdict" in by or "found" in by}


# -- Boggle ---------------------------------------------------------------------------------------

def _is_boggle(by) -> bool:
    return "board" in by and "cells" in _fields(by["board"][0])


def boggle(by, log) -> dict:
    board = _fields(by["board"][0])
    cells_text = str(board["cells"])
    size = math.isqrt(len(cells_text))
    grid = [[{"ch": "" if ch == "." else ch, "marks": "", "n": 0, "turn": None}
             for ch in cells_text[r * size:(r + 1) * size]] for r in range(size)]
    for c in (_fields(f) for f in by.get("cell", [])):
        g = grid[int(c["row"])][int(c["col"])]
        g["marks"] = str(c.get("marks", "") or "")
        g["n"] = c.get("n", 0)
    for r in (_fields(f) for f in by.get("letter", [])):
        if "row" in r and "char" in r:
            g = grid[int(r["row"])][int(r["col"])]
            g["ch"] = str(r["char"])
            g["marks"] = g["marks"] or str(r.get("marks", "") or "")
            g["turn"] = r.get("turn")
    placed = sum(1 for row in grid for g in row if g["ch"])     # the letters on the board
    return {"size": size, "grid": grid, "placed": placed,
            "text": str(_fields(by["grid"][0]).get("text", "")) if by.get("grid") else ""}


# -- anything else ----------------------------------------------------------------------------------

def generic(by, new: set[int]) -> dict:
    groups = []
    for name in sorted(by):
        facts = by[name]
        groups.append({"relation": name, "count": len(facts),
                       "facts": [{"id": f.id, "text": f.text, "new": f.id in new}
                                 for f in facts[:60]]})
    return {"groups": groups}


VIEWS = (("scramble", _is_scramble, scramble), ("riddle", _is_riddle, riddle),
         ("bee", _is_bee, bee), ("boggle", _is_boggle, boggle))
