"""One plural helper and one filler for every count and word list shown to people
(issue 23): no "1 words", no hand-made plural beside it."""
from __future__ import annotations

import re
import tokenize
from pathlib import Path

from pyengine.engine.wording import fill, plural

ROOT = Path(__file__).resolve().parent.parent


def test_plural():
    assert [plural(n, "word") for n in (0, 1, 2)] == ["0 words", "1 word", "2 words"]
    assert plural(1, "search node") == "1 search node" and plural(3, "pt") == "3 pts"
    assert plural(2, "index", "indexes") == "2 indexes" and plural(1234, "fact") == "1234 facts"


def test_fill_keeps_items_whole_and_lines_short():
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
    lines = fill(words, width=20, head="got: ", indent="  ")
    assert lines == ["got: alpha beta", "  gamma delta", "  epsilon zeta eta", "  theta"]
    assert fill(["Good Start 43", "Moving Up 107"], width=20, sep=", ") == \
        ["Good Start 43,", "Moving Up 107"]
    assert fill(["averyveryverylongword", "b"], width=8) == ["averyveryverylongword", "b"]
    assert fill([], head="none: ") == ["none: "] and fill([]) == []


def test_fill_follows_the_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    assert max(len(x) for x in fill(["word"] * 40)) <= 30
    monkeypatch.setenv("COLUMNS", "120")
    assert max(len(x) for x in fill(["word"] * 40)) > 80


# an "s" chosen by the count beside it, or "word(s)", inside a string (an f-string)
HAND_MADE = re.compile(r"""['"]s['"] if [^}]*(!=|>) ?1\b|['"]['"] if [^}]*== ?1 else ['"]s['"]"""
                       r"""|[a-z]\(s\)""")


def _strings(path: Path):
    with tokenize.open(path) as f:
        for tok in tokenize.generate_tokens(f.readline):
            if tok.type == tokenize.STRING:
                yield tok.start[0], tok.string


def test_no_hand_made_plurals():
    found = []
    for folder in ("pyengine", "rules", "facts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for n, text in _strings(path):
                if HAND_MADE.search(text):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {text[:70]}")
    assert not found, "use pyengine.engine.wording.plural:\n" + "\n".join(found)


def test_the_check_sees_hand_made_plurals(tmp_path):
    assert HAND_MADE.search("f\"{n} word{'s' if n != 1 else ''}\"")
    assert HAND_MADE.search("f'{n} word{\"\" if n == 1 else \"s\"}'")
    assert HAND_MADE.search("'pangram(s). Type'")
    assert not HAND_MADE.search("f\"shape{'s' if len(used) == 1 else ''}\"")
