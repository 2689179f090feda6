"""Solve a scramble: the seed's line against 50 rivers, and brute-force cross-checks."""
import json
import random
from collections import Counter
from itertools import combinations

import pytest

from pyengine.ui.cli import main
from pyengine.engine.errors import UsageError
from pyengine.engine.resources import fact_file
from pyengine.puzzles.scramble.make import RIVERS, make_scramble, read_word_file
from pyengine.puzzles.scramble.solve import parse_candidates, solve

SEED_LINE = "A O E M U A R Z O P N T I N S D H H I N A E A L R E R M O L I C E N I A O N T S E G E S"
POOL = str(fact_file("rivers50.txt"))


def is_subsequence(word: str, line: str) -> bool:
    it = iter(line)
    return all(ch in it for ch in word)


def can_share(line: str, words: tuple) -> bool:
    """Independent interleaving check: plain recursion on the first letter, no memo."""
    if not line:
        return all(not w for w in words)
    return any(w and w[0] == line[0]
               and can_share(line[1:], words[:i] + (w[1:],) + words[i + 1:])
               for i, w in enumerate(words))


def brute_force(line: str, pool: list[str]) -> set:
    line = line.lower()
    found = set()
    for k in range(1, len(pool) + 1):
        for combo in combinations(pool, k):
            if Counter("".join(combo).lower()) == Counter(line) and \
                    can_share(line, tuple(w.lower() for w in combo)):
                found.add(frozenset(combo))
    return found


def test_rivers50_pool_is_fifty_real_names_with_the_seed_seven():
    pool = read_word_file(POOL)
    assert len(pool) == len({w.lower() for w in pool}) == 50
    assert set(RIVERS) <= set(pool)


def test_seed_line_against_fifty_rivers_is_the_seven_rivers():
    r = solve(SEED_LINE, parse_candidates(POOL))
    assert r.solutions == [list(RIVERS)]
    assert set(RIVERS) <= set(r.fits) and len(r.fits) < 50
    assert not r.unsupplied
    # the witness threads each river through the line in order
    ids = r.witnesses[0]
    line = SEED_LINE.replace(" ", "").lower()
    for k, word in enumerate(r.solutions[0], start=1):
        assert "".join(ch for ch, i in zip(line, ids) if i == k) == word.lower()


def test_rules_explain_rejections_and_the_answer_is_in_the_fact_base():
    r = solve(SEED_LINE, parse_candidates(POOL))
    assert r.rejected["Volga"] == "no 'v' in the line"
    assert r.rejected["Danube"].startswith("no 'u' after position")
    for w in r.rejected:
        assert not is_subsequence(w.lower(), SEED_LINE.replace(" ", "").lower())
    for w in r.fits:
        assert is_subsequence(w.lower(), SEED_LINE.replace(" ", "").lower())
    texts = [f.text for f in r.session.facts()]
    assert "(solution thames seine orinoco nile euphrates darling amazon)" in texts


def test_case_and_spacing_do_not_matter():
    line = SEED_LINE.replace(" ", "").lower()
    r = solve(line, [w.upper() for w in RIVERS] + ["Rhine", "ohio"])
    assert r.solutions == [[w.upper() for w in RIVERS]]


@pytest.mark.parametrize("seed", [3, 17, 2024])
def test_a_shuffled_scramble_solves_back(seed):
    s = make_scramble(seed=seed, randomizer="shuffle", record=False)
    r = solve(s.line, parse_candidates(POOL))
    assert list(RIVERS) in r.solutions


@pytest.mark.parametrize("seed", range(25))
def test_random_puzzles_match_brute_force(seed):
    rnd = random.Random(seed)
    alphabet = "abcd"[: rnd.randint(2, 4)]
    hidden = ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 4)))
              for _ in range(rnd.randint(1, 3))]
    ids = [i for i, w in enumerate(hidden) for _ in w]
    rnd.shuffle(ids)
    pos = [0] * len(hidden)
    line = []
    for i in ids:
        line.append(hidden[i][pos[i]])
        pos[i] += 1
    line = "".join(line)
    decoys = ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 3)))
              for _ in range(5)]
    pool = list(dict.fromkeys(hidden + decoys))
    r = solve(line, pool)
    got = {frozenset(s) for s in r.solutions}
    assert len(got) == len(r.solutions)               # each answer once
    assert got == brute_force(line, pool)
    if len(set(hidden)) == len(hidden):
        assert frozenset(hidden) in got


def test_no_solution_is_an_answer_with_a_reason():
    r = solve("abcz", ["ab", "c", "zz"])
    assert r.solutions == [] and r.unsupplied == ["z"]
    r = solve("abca", ["ab", "ac"])                  # letters fit, the order does not
    assert r.fits == ["ab", "ac"] and r.solutions == [] and not r.unsupplied
    r = solve("abab", ["ab"])                        # a pool word is used at most once
    assert r.solutions == []


def test_the_search_gives_up_instead_of_hanging():
    """The message names the limit the help states, in steps (it named a count of
    nodes, each costing several steps, so smaller than the limit)."""
    with pytest.raises(UsageError, match=r"gave up after 50 steps \(\d+ partial answers"):
        solve("a" * 30, ["a" * k for k in range(1, 16)], node_limit=50)


@pytest.mark.parametrize("line, msg", [("", "empty"), ("AB1", "'1'"), ("a-b", "'-'")])
def test_bad_lines(line, msg):
    with pytest.raises(UsageError, match=msg):
        solve(line, ["ab"])


def test_cli(capsys, tmp_path):
    argv = ["scramble", "solve", *SEED_LINE.split(), "--candidates", POOL]
    assert main(argv + ["--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solutions"] == [list(RIVERS)]
    assert main(["scramble", "solve", SEED_LINE, "--candidates", "rivers50"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == " ".join(RIVERS) and out[1].startswith("(1 solution;")
    assert main(["scramble", "solve", "NILEX", "--candidates", "nile,seine", "--why"]) == 1
    out = capsys.readouterr().out
    assert "no solution" in out and "seine:" in out
    assert main(["scramble", "solve", "ab", "--candidates", "a b", "--trace"]) == 0
    assert "FIRE" in capsys.readouterr().out
    for bad in (["ab", "--candidates", str(tmp_path / "missing.txt")],
                ["a2b", "--candidates", "ab"], ["ab", "--candidates", "a,b2"]):
        assert main(["scramble", "solve", *bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith("pyengine: error:") and err.count("\n") == 1


def test_big_pools_are_filtered_in_python_first():
    pool = [f"{a}{b}{c}" for a in "abcdefghij" for b in "abcdefghij" for c in "abcdefghij"]
    r = solve("abcdef", pool + ["abc", "def"])          # 1002 words, "abc" is already in
    assert r.prefiltered > 900
    assert ["abc", "def"] in r.solutions
    # every word has 3 letters, so every answer is a pair
    pairs = {frozenset(c) for c in combinations(r.candidates, 2)
             if sorted("".join(c)) == list("abcdef") and can_share("abcdef", c)}
    assert {frozenset(s) for s in r.solutions} == pairs
    r = solve("xyz", pool)
    assert r.solutions == [] and r.prefiltered == 1000 and r.unsupplied == ["x", "y", "z"]
    with pytest.raises(UsageError, match="'2'"):
        solve("ab", ["a", "b2"])


def test_repeated_candidates_count_once_in_pool_order():
    assert parse_candidates("Nile,nile Seine,NILE,ab") == ["Nile", "Seine", "ab"]


def test_a_line_of_one_letter_is_walked_in_linear_steps():
    """A tester's finding: a line of one letter repeated (and a candidate as long) took
    the rules cubic work: 2,000 letters 43 s, 10,000 hours. Each place of the line now
    knows where its letter was before, so a probe finds the next place in one join;
    past SOLVE_MAX_WALK looks the input is refused before any rule runs."""
    r = solve("A" * 300, ["a" * 300], record=True)
    assert r.solutions == [["a" * 300]]
    probes = [f for f in r.session.trace if f.rule == "probe-finds-next-letter"]
    assert len(probes) == 300
    with pytest.raises(UsageError, match=r"takes 5,005,000,000 looks .* limit is 100,000,000"):
        solve("A" * 10_000, ["a" * k for k in range(1, 1001)])


def test_a_word_that_is_also_a_file_here_is_refused_as_ambiguous(tmp_path, monkeypatch):
    """A tester's finding: ``--candidates nile`` read a file named nile when there was
    one in the folder (a silent "no solution"); the two readings are now told apart."""
    from pyengine.puzzles.scramble.solve import parse_candidates
    monkeypatch.chdir(tmp_path)
    (tmp_path / "nile").write_text("seine\n")
    with pytest.raises(UsageError, match=r"write \./nile for the file, or nile, for the word"):
        parse_candidates("nile")
    assert parse_candidates("./nile") == ["seine"] and parse_candidates("nile,") == ["nile"]


@pytest.mark.parametrize("spec", ["cat,,dog", "cat, ,dog", "cat , , dog"])
def test_an_empty_word_between_two_commas_is_refused(spec):
    """``cat,,dog`` skipped the empty item in silence: a word left out by mistake
    would just be missing from the search (a careless user's finding)."""
    with pytest.raises(UsageError, match="an empty word between two commas"):
        parse_candidates(spec)
    assert parse_candidates("cat, dog,") == ["cat", "dog"]
