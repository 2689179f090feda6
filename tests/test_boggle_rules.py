"""Boggle's solving rules (rules/boggle_solve.py): the words and scores they conclude
are the finder's, board by board; the paths they grow are exactly the board's prefix
paths; ``boggle solve --rules`` and the shell's ``boggle-solve`` session."""
from __future__ import annotations

import json
import random

import pytest

from pyengine.engine.errors import UsageError
from pyengine.puzzles.boggle.board import Board, neighbours_of, parse_board
from pyengine.puzzles.boggle.dice import DICE_SETS, roll_dice
from pyengine.puzzles.boggle.finder import Finder
from pyengine.puzzles.boggle.limits import MAX_WORD_LEN
from pyengine.puzzles.boggle.scoring import bands, score_word
from pyengine.puzzles.boggle.solve import STAGES, open_solve, read_solve, run_solve
from pyengine.rules import boggle_solve as R

ALPHA = "abcdefghijklmnopqrstuvwxyz"
SIZES = (3, 4, 4, 4, 5, 6)      # mostly the game's 4x4


def random_board(rng: random.Random) -> Board:
    """A seeded board: random letters (vowels more often, so words are found), a Q as
    the Qu face; one in five rolled from a real dice set (two-letter faces, blanks)."""
    if rng.random() < 0.2:
        return roll_dice(rng.choice(sorted(DICE_SETS)), rng)
    size = rng.choice(SIZES)
    text = "".join(rng.choice(ALPHA if rng.random() < 0.6 else "aeiouers")
                   for _ in range(size * size))
    return parse_board(text)


def make_finders(words):
    """The fast finder (numba when installed) and a finder whose whole-list trie is
    built once, lent to the rules (every path counted, so both totals compare)."""
    fast = Finder(words, count="paths", one_shot=False)
    plain = Finder(words, count="paths", backend="python", one_shot=False)
    plain.trie                  # noqa: B018  (built now: the rules ask it board after board)
    return fast, plain


def by_rules(board: Board, finder: Finder):
    plan = open_solve(board, count="paths", min_len=finder.min_len, record=False,
                      finder=finder)
    plan.run_all()
    return read_solve(plan).result


def agree(board: Board, fast: Finder, plain: Finder) -> None:
    want = fast.solve(board)
    got = by_rules(board, plain)
    assert (got.words, got.counts, got.paths, got.word_score, got.path_score) == \
        (want.words, want.counts, want.paths, want.word_score, want.path_score), board.spec()


@pytest.mark.parametrize("boards,every", [
    pytest.param(12, 3, id="12 boards, a third of the list"),
    pytest.param(1000, 1, id="1000 boards, the whole list", marks=pytest.mark.heavy)])
def test_the_rules_find_what_the_finder_finds(boards, every):
    """On the default list (by default every third word of it: the agreement does not
    depend on the list's size, and the whole list's trie is a third of a gigabyte)."""
    from pyengine.words.lists import load

    finders = make_finders(load("default").words[::every])
    rng = random.Random(2018)
    for _ in range(boards):
        agree(random_board(rng), *finders)


@pytest.mark.parametrize("spec,words,found,points", [
    ("perslatgsineters", "enable2k", 1045, 3625),      # the best 4x4 board known
    ("QESTANSIXWEOYRSN", "enable1", 125, 245)])         # Q is the Qu face
def test_the_known_boards(spec, words, found, points):
    solved = run_solve(spec, words=words, rules=True)
    assert (len(solved.result.words), solved.result.score) == (found, points)
    assert solved.backend == "rules"
    assert solved.result.words == run_solve(spec, words=words).result.words


def test_the_paths_are_the_boards_prefix_paths():
    """Every path of distinct neighbouring dice whose letters begin a word is a Path
    fact, and nothing else is: counted by brute force over all paths of a 3x3 board."""
    words = ["ape", "apes", "pea", "peat", "tape", "taps", "spat", "past", "pets"]
    board = parse_board("apetsapet")
    prefixes = {w[:k] for w in words for k in range(1, len(w) + 1)}
    nbrs = neighbours_of(3)
    want = set()

    def walk(path):
        letters = "".join(board.cells[i] for i in path)
        if letters not in prefixes:
            return
        want.add(path)
        for j in nbrs[path[-1]]:
            if j not in path:
                walk(path + (j,))
    for i in range(9):
        walk((i,))
    plan = open_solve("apetsapet", words=words, min_len=3)
    plan.run_all()
    got = {f["cells"] for f in plan.session.records(R.Path)}
    assert got == want and len(want) > 20
    for f in plan.session.records(R.Path):
        assert f["letters"] == "".join(board.cells[i] for i in f["cells"])
    found = {f["word"] for f in plan.session.records(R.Found)}
    assert found == {w for w in words if any("".join(board.cells[i] for i in p) == w
                                             for p in want)}


def test_the_scoring_bands_cover_every_length_once():
    for size in (3, 4, 5, 6):
        for two in (False, True):
            rows = bands(size, two)
            for n in range(1, MAX_WORD_LEN + 1):
                hits = [b for b in rows if b.low <= n <= b.high]
                assert len(hits) == (1 if n >= (2 if two else 3) else 0), (size, two, n)
                if hits:
                    b = hits[0]
                    assert score_word("x" * n, size, two) == b.points + b.per_letter * n


def test_a_6x6_long_word_scores_per_letter_through_the_rules():
    plan = open_solve("abcdef/zzzihg" + "/zzzzzz" * 4, words=["abcdefghi", "fghi"],
                      min_len=4)
    plan.run_all()
    scores = {f["word"]: f["points"] for f in plan.session.records(R.Score)}
    assert scores == {"abcdefghi": 18, "fghi": 1}


def test_the_rules_are_named_by_verbs_and_staged_first():
    import inspect

    from experta import Rule
    for name, rule in inspect.getmembers(R.BoggleSolver, lambda m: isinstance(m, Rule)):
        assert name.split("_")[0] in ("start", "extend", "find", "score", "add"), name
        assert isinstance(rule[0], R.Stage) and rule[0][0] in STAGES, name


def test_the_stages_run_in_order_and_the_shell_can_step_them():
    from pyengine.engine.stages import StageRunner
    plan = open_solve("abcdefghijklmnop")
    fired = []
    runner = StageRunner(plan.session, plan.stages)
    runner.subscribe(lambda event, p: fired.append(p.rule) if event == "fire" else None)
    while runner.walk(1):
        pass
    assert fired[0] == "start_path_on_die" and fired[-1] == "add_up_scores"
    order = [STAGES.index(r) for r in map({
        "start_path_on_die": "grow", "extend_path_to_unused_neighbour": "grow",
        "find_word_on_path": "find", "score_word_by_length": "score",
        "add_up_scores": "total"}.get, fired)]
    assert order == sorted(order)
    assert plan.finish().endswith("[list default, min 3 letters]")


# -- the command line ----------------------------------------------------------------------
def run_cli(argv, capsys):
    from pyengine.ui.cli import main
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_rules_give_the_finders_answer(capsys):
    code, out, _ = run_cli(["boggle", "solve", "pers/latg/sine/ters", "--rules", "--json"],
                           capsys)
    assert code == 0
    ruled = json.loads(out)
    code, out, _ = run_cli(["boggle", "solve", "pers/latg/sine/ters", "--json"], capsys)
    plain = json.loads(out)
    assert ruled.pop("backend") == "rules"
    plain.pop("backend")
    assert ruled == plain


def test_cli_trace_and_facts_need_the_rules(capsys):
    code, _, err = run_cli(["boggle", "solve", "abcdefghijklmnop", "--trace"], capsys)
    assert code == 2 and "--rules" in err and len(err.strip().splitlines()) == 1
    code, _, err = run_cli(["boggle", "solve", "abcdefghijklmnop", "--rules", "--backend",
                            "python"], capsys)
    assert code == 2 and "--backend" in err and len(err.strip().splitlines()) == 1
    code, out, _ = run_cli(["boggle", "solve", "abcdefghijklmnop", "--rules", "--trace"],
                           capsys)
    assert code == 0 and "extend_path_to_unused_neighbour" in out and "FIRE" in out


def test_bad_boards_are_one_line_usage_errors():
    for bad in ("", "abc", "ab1defghi"):
        with pytest.raises(UsageError):
            open_solve(bad)
    with pytest.raises(UsageError, match="min-len"):
        open_solve("abcdefghi", min_len=0)
