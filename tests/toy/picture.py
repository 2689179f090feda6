"""The toy puzzle as the web page draws it, from the page's primitives: the word's
letters, the mirrored letters placed so far (the places still empty faint), the text
spelled, and the verdict on the last guess."""
from __future__ import annotations

from pyengine.puzzles.page import FactBase, drawing, text, token, tokens


def picture(base: FactBase) -> dict | None:
    """None until the word is there."""
    words = base.records("word")
    if not words:
        return None
    n = int(words[0]["length"])
    letters = {int(r["pos"]): str(r["char"]) for r in base.records("letter")}
    placed = {int(r["pos"]): str(r["char"]) for r in base.records("mirrored")}
    spelled = base.records("spelled")
    verdicts = base.records("verdict")
    return drawing(
        tokens([token(letters.get(i, "?"), i) for i in range(n)], id="word"),
        tokens([token(placed[i], n - 1 - i) if i in placed else token("?", tone="faint")
                for i in range(n)], id="mirrored"),
        text("spelled: " + (str(spelled[0].get("text", "")) if spelled else ""), "mono",
             id="spelled"),
        text(f"{verdicts[-1]['text']}: " + ("right" if str(verdicts[-1]["right"]) == "True"
                                            else "wrong"), "big", id="verdict")
        if verdicts else None)
