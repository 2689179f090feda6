"""A Spelling Bee hive as the web page draws it: the honeycomb (the center letter
in the middle), the hive's totals once scored, the last verdict, the score and its
rank, and the words found so far."""
from __future__ import annotations

from pyengine.puzzles.page import FactBase, drawing, honeycomb, text


def picture(base: FactBase) -> dict | None:
    """None until the ``letter`` facts (with their ``center`` flag) are there."""
    letters = base.records("letter")
    if not letters or "center" not in letters[0] or "char" not in letters[0]:
        return None
    center = next((str(r["char"]) for r in letters if str(r.get("center")) == "True"), "")
    outer = [str(r["char"]) for r in letters if str(r["char"]) != center]
    found = base.records("found")
    verdicts = sorted(base.records("verdict"), key=lambda r: r.get("turn", 0))
    most = base.records("max-score")
    score = sum(int(r.get("points", 0)) for r in found)
    rank = ""
    for r in sorted(base.records("rank"), key=lambda r: r.get("points", 0)):
        if score >= int(r.get("points", 0)):
            rank = str(r.get("name"))
    last = verdicts[-1] if verdicts else None
    return drawing(
        honeycomb(center, outer, id="hive"),
        text(f"{most[0].get('words')} answers, {most[0].get('points')} points, "
             f"{most[0].get('pangrams')} pangrams") if most else None,
        text(f"{str(last.get('word')).upper()}: {last.get('message')}"
             + (f" +{last.get('points')}" if last.get("points") else ""), "big",
             id="verdict") if last else None,
        text(f"score {score}" + (f" ({rank})" if rank else ""), id="score"),
        text(" ".join(str(r.get("word")) for r in found), "mono", id="found"))
