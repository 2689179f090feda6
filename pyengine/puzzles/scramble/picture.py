"""The scramble as the web page draws it: the ``(text ... # ...)`` line with each
letter coloured by the word it belongs to, so DECODE's progress shows letter by
letter; the words as a legend; the letters decoded so far.

Each place of the line carries the id of its word: after ``#`` the ids themselves
(what RANDOMIZE shuffles), before it the letters DECODE has put back, whose ids are
read from the full ``(text # ids...)`` line as DECODE began (the fact base keeps
every line the session has had).
"""
from __future__ import annotations

from pyengine.puzzles.page import FactBase, drawing, text, token, tokens


def _words(fact_text: str) -> list[str]:
    return fact_text.strip().strip("()").split()


def picture(base: FactBase) -> dict | None:
    """The line, the legend and the decoded letters; None before the line exists."""
    lines = [f for f in base.named("text") if "#" in _words(f.text)]
    if not lines or not base.named("word"):
        return None
    line = _words(lines[0].text)[1:]
    hash_at = line.index("#")
    words: dict[str, str] = {}
    for fid in sorted(base.seen):               # the first (full) fact of each word
        parts = _words(base.seen[fid])
        if len(parts) > 1 and parts[0] == "word":
            words.setdefault(parts[1], "".join(parts[2:]))
    ids = _id_line(base, len(line) - 1) or []
    shown = []
    for i, letter in enumerate(line[:hash_at]):
        word = ids[i] if i < len(ids) else None
        shown.append(token(letter, _colour(word), "solid", f"word {word}"))
    shown.append(token("#", None, "dark"))
    shown += [token(i, _colour(i), "faint", f"word {i}") for i in line[hash_at + 1:]]
    total = len(line) - 1
    return drawing(
        text(f"{hash_at} of {total} letters decoded"),
        tokens(shown, "big", id="line"),
        tokens([token(f"{k} {v}", _colour(k)) for k, v in words.items()], "small"),
        text(" ".join(line[:hash_at]), "mono", id="decoded"))


def _colour(word_id) -> int | None:
    return int(word_id) if isinstance(word_id, str) and word_id.isdigit() else None


def _id_line(base: FactBase, length: int) -> list[str] | None:
    """The ids of the line as DECODE began: the latest ``(text # ids...)`` of full length."""
    for fid in sorted(base.seen, reverse=True):
        parts = _words(base.seen[fid])
        if len(parts) == length + 2 and parts[:2] == ["text", "#"]:
            return parts[2:]
    return None
