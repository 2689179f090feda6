"""The original CLIPS scramble rules, end to end (seed 004)."""
import json
from collections import Counter

import pytest

from pyengine.ui.cli import main
from pyengine.engine.errors import UsageError
from pyengine.puzzles.scramble.make import RIVERS, make_scramble


def is_subsequence(word: str, line: str) -> bool:
    it = iter(line)
    return all(ch in it for ch in word)


def decode(ids, words):
    """Independent decoder: replace each id by its word's next letter."""
    pos = {i: 0 for i in range(1, len(words) + 1)}
    out = []
    for i in ids:
        out.append(words[i - 1][pos[i]])
        pos[i] += 1
    return "".join(out)


@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_rivers_decode_exactly(seed):
    s = make_scramble(seed=seed)
    assert s.words == list(RIVERS)
    assert len(s.line) == 44
    assert Counter(s.line) == Counter("".join(RIVERS))
    assert Counter(s.ids) == Counter(s.build_ids)                # a permutation of BUILD
    assert s.build_ids == sorted(s.build_ids, key=lambda i: -i) or len(set(s.build_ids)) == 7
    assert s.line == decode(s.ids, s.words)
    for w in RIVERS:
        assert is_subsequence(w, s.line)


def test_build_lays_out_one_id_per_letter():
    s = make_scramble(["ab", "cde"], seed=1, swaps=0)
    assert Counter(s.build_ids) == Counter({1: 2, 2: 3})
    assert s.ids == s.build_ids
    assert s.fired["RANDOMIZE"] == 0


def test_same_seed_same_puzzle_and_different_seeds_differ():
    assert make_scramble(seed=42).line == make_scramble(seed=42).line
    lines = {make_scramble(seed=s).line for s in range(1, 8)}
    assert len(lines) > 1


@pytest.mark.parametrize("swaps", [0, 1, 17, 100])
def test_randomize_fires_exactly_swaps_times(swaps):
    s = make_scramble(seed=5, swaps=swaps)
    assert s.fired["RANDOMIZE"] == swaps
    assert sum(1 for f in s.session.trace if f.rule == "randomize-swap-two-ids") == swaps


def test_any_words_work():
    words = ["alpha", "Beta", "gamma", "x"]
    s = make_scramble(words, seed=3)
    assert all(is_subsequence(w, s.line) for w in words)
    assert Counter(s.line) == Counter("".join(words))


def test_trace_explains_the_final_line():
    s = make_scramble(seed=9)
    text = next(f for f in s.session.facts() if f.name == "text")
    firing = s.session.why(text.id)
    assert firing.rule == "decode-next-letter"
    rules = {f.rule for f in s.session.why_chain(text.id)}
    assert rules == {"decode-next-letter", "randomize-swap-two-ids", "build-append-word-ids"}


@pytest.mark.parametrize("bad, msg", [
    ([], "no words"), ([""], "empty"), (["ab1"], "'1'"), (["a b"], "' '"),
    (["o'hare"], "\"'\""), (["café"], "'é'")])
def test_bad_words_are_usage_errors(bad, msg):
    with pytest.raises(UsageError, match=msg):
        make_scramble(bad, seed=1)


def test_cli_json_and_errors(capsys, tmp_path):
    assert main(["scramble", "--seed", "11", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seed"] == 11 and out["words"] == list(RIVERS) and len(out["line"]) == 44
    assert main(["scramble", "nile", "se1ne"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "se1ne" in err
    assert main(["scramble", "--file", str(tmp_path / "missing.txt")]) == 2
    f = tmp_path / "w.txt"
    f.write_text("# rivers\nNile Seine\nThames\n")
    assert main(["scramble", "--file", str(f), "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Nile Seine Thames"
    assert len(lines[0].replace(" ", "")) == 15


def test_cli_trace_and_facts(capsys):
    assert main(["scramble", "ab", "cd", "--seed", "4", "--swaps", "3", "--trace", "--facts"]) == 0
    out = capsys.readouterr().out
    assert out.count("FIRE") == 2 + 3 + 4
    assert "For a total of" in out and "(text " in out
