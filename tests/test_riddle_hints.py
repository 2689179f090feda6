"""Letter riddles read their hint lines: the WordNet lexicon, the read-hints rules,
the rank by hint score, the evidence in --json and the text."""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.puzzles.riddle.hints import HintReader
from pyengine.puzzles.riddle.solve import solve
from pyengine.words.lexicon import load_lexicon

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data" / "riddles"
LEXICON = ROOT / "facts" / "words" / "lexicon.tsv.gz"
FROG = (DATA / "frog.txt").read_text()


# -- the lexicon -------------------------------------------------------------------------

def test_lexicon_is_small_with_its_licence_beside_it():
    assert LEXICON.stat().st_size < 5_000_000
    assert "WordNet" in (LEXICON.parent / "LICENSE-WordNet.txt").read_text()
    assert "lexicon.tsv.gz" in (LEXICON.parent / "NOTICE.md").read_text()


def test_lexicon_holds_glosses_synonyms_and_hypernym_chains():
    lex = load_lexicon()
    chain = list(lex.categories("earwig").values())
    assert chain[:4] == ["insect", "arthropod", "invertebrate", "animal"]
    assert "peacenik" in lex.synonyms("dove").values()
    assert "frog" in lex.gloss_stems("croak")
    assert lex.senses("earls") == lex.senses("earl")        # inflected: through its base
    assert "poet" in lex.categories("Wordsworth").values()
    assert lex.is_instance("Hadrian's Wall") and not lex.is_instance("wall")


def test_lexicon_loads_once_per_process():
    assert load_lexicon() is load_lexicon()


def test_lexicon_rows_are_well_formed():
    with gzip.open(LEXICON, "rt", encoding="utf-8") as fh:
        kinds = {line.split("\t", 1)[0] for line in fh}
    assert kinds == {"S", "C", "W"}


@pytest.mark.parametrize("riddle, unloaded, best", [
    ("earls.txt", "_lexicon", "earls"),             # no hint line: no lexicon
    ("hinted_claim_owl.txt", "_rhymes", "owl"),     # no rhyme claim: no rhyme table
])
def test_what_a_riddle_does_not_ask_for_is_never_loaded(riddle, unloaded, best):
    code = ("from pyengine.puzzles.riddle.solve import solve, hint_reader;"
            "import sys;"
            "r = solve(open(sys.argv[1]).read());"
            f"print(r.best, hint_reader().{unloaded} is None)")
    out = subprocess.run([sys.executable, "-c", code, str(DATA / riddle)],
                         capture_output=True, text=True, check=True).stdout
    assert out.split() == [best, "True"]


# -- the hint reader ---------------------------------------------------------------------

def test_hint_terms_leave_out_riddle_phrasing_and_stop_words():
    terms = HintReader().terms("My whole is known as a sign of peace")
    assert [w for w, _s in terms] == ["sign", "peace"]
    assert [w for w, _s in HintReader().terms("The name of an insect I'm sure you'll see")] \
        == ["insect"]


def test_hint_questions_give_reasons():
    hr = HintReader()
    assert hr.in_category("insect", ["eating", "earwig"]) == \
        [("earwig", "insect is a hypernym of earwig")]
    got = hr.named_by("croak", "croak", ["rise", "frog"])
    assert [w for w, _r in got] == ["frog"] and "as of a frog" in got[0][1]


# -- the rules ---------------------------------------------------------------------------

def test_frog_ranks_first_because_of_its_hint():
    r = solve(FROG)
    assert r.best == "frog"
    assert r.solutions[0].score > 0
    assert any("croak" in b for b in r.solutions[0].because)
    assert r.solutions[1].word == "rise" and r.solutions[1].score == 0


def test_the_hint_rules_fire_in_their_stage():
    r = solve(FROG, record=True)
    fired = [f.rule for f in r.session.trace]
    assert {"read_hint_words", "choose_contenders", "hint_gloss_names_word",
            "add_evidence_to_scores", "rank_solutions"} <= set(fired)
    assert fired.index("read_hint_words") < fired.index("rank_solutions")
    texts = [f.text for f in r.session.facts()]
    assert any(t.startswith("(hint-term (word croak)") for t in texts)


def test_without_hints_the_rank_is_by_familiarity():
    plain = FROG.replace("I croak.", "")
    assert solve(plain).best == "rise"


def test_json_and_text_give_the_evidence(capsys):
    from pyengine.ui.cli import main
    code = main(["riddle", "solve", str(DATA / "frog.txt"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    top = data["solutions"][0]
    assert top["word"] == "frog" and top["score"] == 2
    assert top["because"] == ["frog is in the gloss of croak: 'a harsh hoarse utterance "
                              "(as of a frog)'"]
    main(["riddle", "solve", str(DATA / "frog.txt")])
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["1.", "Frog"] and "hint 2" in out[0]
    assert out[1].strip().startswith("because frog is in the gloss of croak")


ANSWERS = json.loads((DATA / "answers.json").read_text())


def test_every_riddle_of_ours_ranks_its_answer_first():
    misses = [(n, solve((DATA / f"{n}.txt").read_text()).best, a)
              for n, a in sorted(ANSWERS.items())]
    misses = [m for m in misses if m[1] != m[2]]
    assert misses == []


HINTED = sorted(n for n in ANSWERS if n.startswith("hinted_"))


def test_at_least_twelve_hinted_riddles():
    assert len(HINTED) >= 12


@pytest.mark.parametrize("name", HINTED)
def test_hinted_riddles_are_decided_by_their_hints(name):
    text = (DATA / f"{name}.txt").read_text()
    r = solve(text)
    assert r.best == ANSWERS[name] and r.solutions[0].because
    clues_only = "\n".join(line for line in text.splitlines()
                           if line.startswith("My ") and not line.startswith("My whole"))
    assert solve(clues_only).best != ANSWERS[name]      # a tie the hint breaks


# -- --near: a typo in a printed riddle ---------------------------------------------------

TYPO = FROG.replace("in river and in rain", "in river and in pan")


def test_near_lists_words_that_fit_all_clues_but_one_hints_first():
    r = solve(TYPO, near=True)
    assert r.solutions == [] and r.exit_status == 1
    assert r.near[0].word == "frog" and r.near[0].pos == 2 and r.near[0].score == 2
    assert r.near[0].clue == "My second is in river and in pan,"
    assert {n.pos for n in r.near} == {2}
    assert "rise" in [n.word for n in r.near]


def test_near_is_concluded_by_rules_and_only_when_asked():
    r = solve(TYPO, record=True, near=True)
    fired = {f.rule for f in r.session.trace}
    assert {"break_clue", "narrow_near_miss", "rank_near_misses"} <= fired
    assert solve(TYPO).near is None
    assert solve(FROG, near=True).near is None          # words fit: nothing to list


def test_near_on_the_command_line(capsys):
    from pyengine.ui.cli import main
    import io
    import pytest as _pt
    mp = _pt.MonkeyPatch()
    mp.setattr("sys.stdin", io.StringIO(TYPO))
    try:
        code = main(["riddle", "solve", "-"])
        out = capsys.readouterr().out
        assert code == 1 and "no word in default fits" in out and "--near" in out
        mp.setattr("sys.stdin", io.StringIO(TYPO))
        code = main(["riddle", "solve", "-", "--near", "--json"])
        data = json.loads(capsys.readouterr().out)
    finally:
        mp.undo()
    assert code == 1 and data["solutions"] == []
    assert data["near"][0] == {"word": "frog", "kind": "word", "breaks": 2,
                               "clue": "My second is in river and in pan,", "letter": "r",
                               "allowed": "", "slip": True, "spellings": [], "also": None,
                               "score": 2,
                               "because": [FROG_BECAUSE]}


FROG_BECAUSE = "frog is in the gloss of croak: 'a harsh hoarse utterance (as of a frog)'"


def test_hint_reading_is_bounded():
    from pyengine.facts.riddle import HintLine, HintTerm
    from pyengine.puzzles.riddle.limits import MAX_HINT_LINES, MAX_TERMS_PER_LINE
    fruits = "apple banana cherry damson elder fig grape hazel ivy juniper kale lemon mango"
    hints = "\n".join(f"{fruits} {'x' * (i + 2)}" for i in range(30))
    r = solve(FROG + hints, record=True)
    assert len(r.session.records(HintLine)) == MAX_HINT_LINES
    assert len(r.session.records(HintTerm)) <= MAX_HINT_LINES * MAX_TERMS_PER_LINE
    assert len(HintReader().terms("apple banana cherry damson elder fig grape hazel ivy "
                                  "juniper kale lemon mango nutmeg olive")) == MAX_TERMS_PER_LINE


def test_hint_lines_past_the_eighth_are_said_to_be_unread():
    """A tester's finding: a ninth hint line was shown and never read, and the answer
    changed with no word of it; the text says so, and the JSON counts what was read."""
    from pathlib import Path

    from pyengine.puzzles.riddle.solve import solve
    clues = [line for line in (Path(__file__).parent / "data" / "riddles" / "frog.txt")
             .read_text().splitlines() if line.lower().startswith("my")]
    r = solve("\n".join(clues + ["What am I?"] * 8 + ["I croak."]) + "\n")
    assert r.text().splitlines()[-1] == ("note: the rules read the first 8 hint lines of 9 "
                                         "(the rest are shown only)")
    assert r.as_dict()["hints_read"] == 8 and len(r.as_dict()["hints"]) == 9
    assert "note:" not in solve("\n".join(clues + ["I croak."]) + "\n").text()
