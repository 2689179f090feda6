"""Shortest common supersequence: exact by A*, a heuristic with a lower bound beyond."""
import json
import random

import pytest

from pyengine.ui.cli import main
from pyengine.engine.errors import UsageError
from pyengine.puzzles.scramble.make import RIVERS
from pyengine.puzzles.scramble.minimal import minimal


def is_subsequence(word: str, line: str) -> bool:
    it = iter(line)
    return all(ch in it for ch in word)


def bfs_shortest(words):
    """Independent exact answer: breadth-first over position tuples, layer by layer."""
    words = [w.lower() for w in words]
    goal = tuple(len(w) for w in words)
    layer = {(0,) * len(words)}
    seen = set(layer)
    depth = 0
    while goal not in layer:
        nxt = set()
        for state in layer:
            for ch in {w[p] for w, p in zip(words, state) if p < len(w)}:
                t = tuple(p + 1 if p < len(w) and w[p] == ch else p
                          for w, p in zip(words, state))
                if t not in seen:
                    seen.add(t)
                    nxt.add(t)
        layer = nxt
        depth += 1
    return depth


def lcs(a, b):
    t = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            t[i + 1][j + 1] = t[i][j] + 1 if x == y else max(t[i][j + 1], t[i + 1][j])
    return t[-1][-1]


def test_seven_rivers_exact():
    # A breadth-first search over all 405,715 reachable position tuples agrees: 26.
    m = minimal(list(RIVERS))
    assert m.optimal and m.method == "A*"
    assert m.length == len(m.sequence) == m.lower_bound == 26
    assert m.concatenation == 44
    for w in RIVERS:
        assert is_subsequence(w.lower(), m.sequence)


def test_five_rivers_against_breadth_first():
    words = ["Thames", "Seine", "Nile", "Darling", "Amazon"]
    m = minimal(words)
    assert m.optimal and m.length == bfs_shortest(words)


@pytest.mark.parametrize("seed", range(12))
def test_random_small_lists_match_breadth_first(seed):
    r = random.Random(seed)
    words = ["".join(r.choice("abcde") for _ in range(r.randint(1, 6)))
             for _ in range(r.randint(1, 4))]
    m = minimal(words)
    assert m.optimal
    assert m.length == bfs_shortest(words)
    assert all(is_subsequence(w, m.sequence) for w in words)


@pytest.mark.parametrize("a, b", [("thames", "amazon"), ("orinoco", "darling"),
                                  ("abcbdab", "bdcaba")])
def test_two_words_is_the_lcs_formula(a, b):
    assert minimal([a, b]).length == len(a) + len(b) - lcs(a, b)


def test_contained_and_repeated_words_add_nothing():
    assert minimal(["Nile", "ile", "NILE"]).sequence == "nile"
    assert minimal(["abc"]).length == 3


def test_without_a_proof_the_bound_is_honest():
    m = minimal(list(RIVERS), max_states=50)
    assert m.method == "beam"
    assert all(is_subsequence(w.lower(), m.sequence) for w in RIVERS)
    assert m.lower_bound <= 26 <= m.length          # 26 is the proven optimum
    assert m.optimal == (m.length == m.lower_bound)


def test_long_lists_use_the_heuristic_and_stay_valid():
    r = random.Random(7)
    words = ["".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(8))
             for _ in range(100)]
    m = minimal(words)
    assert m.method in ("beam", "majority merge") and not m.optimal
    assert all(is_subsequence(w, m.sequence) for w in words)
    assert 8 <= m.lower_bound < m.length < 800


def test_bad_words():
    with pytest.raises(UsageError, match="'1'"):
        minimal(["ok", "a1"])
    with pytest.raises(UsageError):
        minimal([])


def test_cli_json_text_and_errors(capsys, tmp_path):
    assert main(["scramble", "minimal", "Nile", "Seine", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["length"] == 7 and out["optimal"] is True and out["lower_bound"] == 7
    assert is_subsequence("NILE", out["sequence"]) and is_subsequence("SEINE", out["sequence"])
    assert main(["scramble", "minimal"]) == 0                  # the seven rivers
    lines = capsys.readouterr().out.splitlines()
    assert len(lines[0].split()) == 26
    assert lines[1].startswith("26 letters against 44") and "optimal" in lines[1]
    f = tmp_path / "w.txt"
    f.write_text("ab\nbc # comment\n")
    assert main(["scramble", "minimal", "--file", str(f), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["sequence"] == "ABC"
    assert main(["scramble", "minimal", "x-y"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyengine: error:") and err.count("\n") == 1
    assert main(["scramble", "minimal", "--file", str(tmp_path / "none")]) == 2
