"""The linear randomizer (rules/scramble_shuffle.clp): uniform, exact, linear, reproducible."""
import json
from collections import Counter
from itertools import permutations

import pytest

from pyengine.ui.cli import main
from pyengine.puzzles.scramble.make import RIVERS, make_scramble, make_session

# Upper 0.1% points of the chi-square distribution (df -> critical value).
CHI2_999 = {5: 20.515, 9: 27.877, 11: 31.264}


def is_subsequence(word: str, line: str) -> bool:
    it = iter(line)
    return all(ch in it for ch in word)


def interleavings(words):
    """Every line that holds the words as disjoint subsequences, in order (independent)."""
    ids = [i for i, w in enumerate(words) for _ in w]
    out = set()
    for perm in set(permutations(ids)):
        pos = [0] * len(words)
        line = []
        for i in perm:
            line.append(words[i][pos[i]])
            pos[i] += 1
        out.add("".join(line))
    return out


def chi_square(counts: Counter, categories) -> float:
    n = sum(counts.values())
    expected = n / len(categories)
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in categories)


def many_lines(words, runs, seed, stage="SHUFFLE", limit=""):
    """Run the whole stage plan ``runs`` times inside CLIPS (like the seed's makePuzzle)
    and return the lines. One eval keeps this fast: thousands of puzzles in a second."""
    session = make_session(list(words), "shuffle" if stage == "SHUFFLE" else "swap",
                           record=False)
    asserts = " ".join(f"(word {i} {' '.join(w)})" for i, w in enumerate(words, start=1))
    strategy = "(set-strategy random)" if stage == "RANDOMIZE" else ""
    session.env.build(f"""
      (deffunction make-many (?n)
        (bind ?lines (create$))
        (loop-for-count ?n
          (reset)
          (assert {asserts})
          (bind ?f (assert (BUILD))) (run) (retract ?f)
          {strategy}
          (bind ?f (assert ({stage}))) (run {limit}) (retract ?f)
          (set-strategy depth)
          (bind ?f (assert (DECODE))) (run) (retract ?f)
          (do-for-fact ((?t text)) TRUE
            (bind ?lines (create$ ?lines (implode$ (delete-member$ ?t:implied #))))))
        ?lines)""")
    session.seed(seed)
    return [str(v).replace(" ", "") for v in session.env.eval(f"(make-many {runs})")]


@pytest.mark.parametrize("words, df", [(("ab", "c", "d"), 11), (("abc", "de"), 9)])
def test_every_interleaving_is_equally_likely(words, df):
    lines = many_lines(words, 6000, seed=2024)
    cats = interleavings(words)
    assert len(cats) == df + 1
    counts = Counter(lines)
    assert set(counts) == cats                       # only interleavings, and all of them
    assert chi_square(counts, cats) < CHI2_999[df]


def test_the_chi_square_check_catches_a_biased_randomizer():
    # The seed's swap rule fired once cannot mix "ab","c","d": most lines are never made.
    lines = many_lines(("ab", "c", "d"), 3000, seed=2024, stage="RANDOMIZE", limit="1")
    cats = interleavings(("ab", "c", "d"))
    assert set(lines) <= cats
    assert chi_square(Counter(lines), cats) > CHI2_999[11]


@pytest.mark.parametrize("seed", [1, 7, 123])
def test_rivers_shuffle_decodes_exactly(seed):
    s = make_scramble(seed=seed, randomizer="shuffle")
    assert s.randomizer == "shuffle"
    assert Counter(s.line) == Counter("".join(RIVERS))
    assert Counter(s.ids) == Counter(s.build_ids)
    for w in RIVERS:
        assert is_subsequence(w, s.line)
    pos = {i: 0 for i in range(1, 8)}
    decoded = []
    for i in s.ids:
        decoded.append(RIVERS[i - 1][pos[i]])
        pos[i] += 1
    assert s.line == "".join(decoded)


def test_stage_fires_3n_plus_1_rules_and_leaves_no_working_facts():
    s = make_scramble(["alpha", "beta", "q"], seed=3, randomizer="shuffle")
    n = 10
    assert s.fired["SHUFFLE"] == 3 * n + 1
    rules = Counter(f.rule for f in s.session.trace)
    assert rules["spread-line-into-slots"] == 1
    assert rules["choose-partner-for-cursor"] == n - 1
    assert rules["swap-cursor-with-partner"] + rules["keep-cursor-in-place"] == n - 1
    assert rules["append-slot-to-line"] == n
    assert "randomize-swap-two-ids" not in s.session.rules()
    names = Counter(f.name for f in s.session.facts())
    assert names["text"] == 1 and names["shuffled"] == 1
    assert not {"slot", "walk", "partner", "gather"} & set(names)


def test_firings_grow_linearly_with_the_letters():
    words = ["abcdefgh"[k:] + "abcdefgh"[:k] for k in range(8)] + \
        [a + "bcdefg" + b for a in "pqrstu" for b in "hjklmnp"]
    words = words[:50]
    s = make_scramble(words, seed=5, randomizer="shuffle", record=False)
    assert s.fired["SHUFFLE"] == 3 * 400 + 1
    assert Counter(s.line) == Counter("".join(words))


def test_same_seed_same_line_and_seeds_differ():
    a = make_scramble(seed=42, randomizer="shuffle").line
    assert a == make_scramble(seed=42, randomizer="shuffle").line
    assert len({make_scramble(seed=k, randomizer="shuffle").line for k in range(1, 6)}) > 1


def test_single_letter_and_single_word():
    assert make_scramble(["x"], seed=1, randomizer="shuffle").line == "x"
    assert make_scramble(["abc"], seed=1, randomizer="shuffle").line == "abc"


def test_swap_stays_the_default():
    s = make_scramble(seed=1)
    assert s.randomizer == "swap" and "RANDOMIZE" in s.fired


def test_cli_shuffle_json(capsys):
    assert main(["scramble", "--randomizer", "shuffle", "--seed", "8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["randomizer"] == "shuffle" and out["seed"] == 8
    assert sorted(out["line"]) == sorted("".join(RIVERS).upper())
    with pytest.raises(SystemExit) as exc:           # argparse: one line, status 2
        main(["scramble", "--randomizer", "bogus"])
    assert exc.value.code == 2


@pytest.mark.parametrize("randomizer", ["swap", "shuffle"])
def test_recording_the_trace_does_not_change_the_puzzle(randomizer):
    # so the CLI may record only for --trace and stay fast on long word lists
    for seed in (1, 2):
        assert make_scramble(seed=seed, randomizer=randomizer).line == \
            make_scramble(seed=seed, randomizer=randomizer, record=False).line
