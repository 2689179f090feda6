"""Boggle board model, dice, word finder and scoring.

The finder is checked against known answers and against a brute-force
search written here: for every word of a small list, try to trace it on
the board cell by cell (word-driven, no trie), counting the paths."""
import json
import random

import pytest

from pyengine.puzzles.boggle.board import Board, neighbours_of, parse_board
from pyengine.puzzles.boggle.dice import DICE_SETS, dice_set, roll_dice
from pyengine.puzzles.boggle.finder import Finder, find_words, numba_available, score_word
from pyengine.engine.errors import UsageError
from pyengine.words import load
from tests.conftest import NUMBA, shared_file

BACKENDS = ["python", *NUMBA]
needs_numba = pytest.mark.skipif(not numba_available(), reason="numba not installed "
                                 "(optional extra 'fast')")


# -- an independent brute force ------------------------------------------------
def brute_paths(board: Board, word: str) -> int:
    """Number of cell paths spelling ``word`` (adjacent cells, each used once,
    a cell's face must match the next letters of the word)."""
    nbrs = neighbours_of(board.size)
    cells = board.cells

    def go(cell, pos, used):
        face = cells[cell]
        if not word.startswith(face, pos):
            return 0
        pos += len(face)
        if pos == len(word):
            return 1
        return sum(go(j, pos, used | {j}) for j in nbrs[cell] if j not in used)

    return sum(go(i, 0, {i}) for i in range(len(cells)))


_BRUTE: dict = {}


def brute_counts(board, words, min_len):
    key = (board, tuple(words))
    if key not in _BRUTE:
        letters = set("".join(board.cells))
        every = {}
        for w in words:
            if set(w) <= letters:        # a word with a letter not on the board has no path
                n = brute_paths(board, w)
                if n:
                    every[w] = n
        _BRUTE[key] = every
    return {w: n for w, n in _BRUTE[key].items() if len(w) >= min_len}


def walk_words(board, rng, n):
    """Strings spelled by random walks on the board: words sure to be there."""
    nbrs = neighbours_of(board.size)
    out = set()
    for _ in range(n):
        cell = rng.randrange(len(board.cells))
        used, s = {cell}, board.cells[cell]
        for _step in range(rng.randrange(1, 7)):
            free = [j for j in nbrs[cell] if j not in used]
            if not free:
                break
            cell = rng.choice(free)
            used.add(cell)
            s += board.cells[cell]
        out.add(s)
    return out


def small_list(rng, boards):
    """Walk words from the boards, near misses, and random strings."""
    words = set()
    for b in boards:
        for w in walk_words(b, rng, 40):
            if "#" in w:
                continue
            words.add(w)
            words.add(w[::-1])
            if len(w) > 2:
                words.add(w[:-1] + rng.choice("aeiost"))
    for _ in range(300):
        words.add("".join(rng.choice("aeinrst" + "bcdgqu") for _ in range(rng.randrange(2, 8))))
    return sorted(words)


def random_board(rng, size, letters="aeiourstlnbcdmpqu", faces=()):
    cells = [rng.choice(letters) for _ in range(size * size)]
    for f in faces:
        cells[rng.randrange(len(cells))] = f
    return Board(size, tuple(cells))


@pytest.mark.parametrize("backend", BACKENDS)
def test_finder_agrees_with_brute_force(backend):
    rng = random.Random(7)
    boards = ([random_board(rng, 3) for _ in range(12)]
              + [random_board(rng, 4) for _ in range(12)]
              + [random_board(rng, 4, faces=("qu",)) for _ in range(6)]
              + [random_board(rng, 4, faces=("qu", "th", "#")) for _ in range(6)]
              + [random_board(rng, 5, faces=("er", "in")) for _ in range(3)])
    words = small_list(rng, boards)
    for min_len in (2, 3):
        f = Finder(words, min_len=min_len, count="paths", backend=backend)
        for b in boards:
            got = f.solve(b)
            want = brute_counts(b, words, min_len)
            assert got.counts == want, b.text("/")
            assert got.words == sorted(want)
            assert got.paths == sum(want.values())
            assert got.word_score == sum(score_word(w, b.size) for w in want)
            assert f.stats(b) == (len(want), got.paths, got.word_score, got.path_score)


@pytest.mark.parametrize("backend", BACKENDS)
def test_known_answer_enable2k(backend):
    r = find_words("perslatgsineters", "enable2k", backend=backend)
    assert (len(r.words), r.score) == (1045, 3625)
    assert r.words == sorted(r.words)
    assert "replants" in r.words


@pytest.mark.parametrize("backend", BACKENDS)
def test_known_answer_enable1_with_qu(backend):
    r = find_words("QESTANSIXWEOYRSN", "enable1", backend=backend)
    assert (len(r.words), r.score) == (125, 245)
    assert r.board.cells[0] == "qu"
    assert "questioners" in r.words          # Qu spells two letters, scores as two
    assert score_word("questioners", 4) == 11


@pytest.mark.heavy
@needs_numba
def test_numba_and_python_give_identical_words():
    rng = random.Random(11)
    words = load("enable1").words[::7]
    py = Finder(words, count="paths", backend="python")
    nb = Finder(words, count="paths", backend="numba")
    for name in ("new", "classic", "big", "big-2012", "super-big"):
        for _ in range(8):
            b = roll_dice(name, rng)
            a, c = py.solve(b), nb.solve(b)
            assert (a.words, a.counts, a.score, a.paths) == (c.words, c.counts, c.score, c.paths)
    for _ in range(30):
        b = random_board(rng, 4, letters="abcdefghijklmnopqrstuvwxyz")
        assert py.solve(b).counts == nb.solve(b).counts


def test_paths_count_every_route():
    # 'tat' reads t-a-t from either end: two paths, one word
    f = Finder(["tat", "at"], min_len=2, count="paths", two_letter=True, backend="python")
    r = f.solve("tatxxxxxx")
    assert r.counts == {"at": 2, "tat": 2}
    assert (r.paths, r.path_score, r.word_score, r.score) == (4, 4, 2, 4)
    assert r.n_words == 4
    words_mode = Finder(["tat", "at"], min_len=2, two_letter=True).solve("tatxxxxxx")
    assert (words_mode.score, words_mode.n_words, words_mode.counts) == (2, 2, None)


def test_min_len_defaults_by_size():
    words = ["rat", "rats", "tsar"]
    assert find_words("ratsxxxxxxxxxxxx", words).words == ["rat", "rats"]
    five = "rats" + "x" * 21
    assert find_words(five, words).words == ["rats"]          # 4 letters minimum on 5x5
    assert find_words(five, words, min_len=3).words == ["rat", "rats"]


def test_score_word_table():
    assert [score_word("x" * n, 4) for n in range(2, 12)] == [0, 1, 1, 2, 3, 5, 11, 11, 11, 11]
    assert score_word("xx", 4, two_letter=True) == 1
    assert score_word("x" * 8, 6) == 11
    assert score_word("x" * 9, 6) == 18 and score_word("x" * 12, 6) == 24
    assert score_word("x" * 9, 5) == 11


def test_qu_cell_and_plain_q():
    words = ["quit", "qat", "suq"]
    qu = Board(3, ("qu", "i", "t", "a", "s", "x", "x", "x", "x"))
    r = find_words(qu, words)
    assert r.words == ["quit"] and r.score == 1
    plain = Board(3, ("q", "a", "t", "u", "s", "x", "x", "x", "x"))
    assert find_words(plain, words).words == ["qat", "suq"]
    assert parse_board("qaxtxxxxx", qu=False).cells[0] == "q"
    assert parse_board("qaxtxxxxx").cells[0] == "qu"


def test_two_letter_faces_and_blanks():
    b = parse_board("[Th]e#/xnx/xxx")
    assert b.cells[:3] == ("th", "e", "#")
    r = find_words(b, ["the", "then", "thee", "hen"], min_len=3)
    assert r.words == ["the", "then"]
    assert b.compact() == "[Th]E#XNXXXX" and parse_board(b.compact()) == b


def test_parse_board_forms():
    a = parse_board("perslatgsineters")
    assert a.size == 4 and a.cells[:4] == ("p", "e", "r", "s")
    assert parse_board("PERS/LATG/SINE/TERS") == a
    assert parse_board("pers latg\nsine ters") == a
    assert parse_board("quest/ansi/xweo/yrsn").cells[:2] == ("qu", "e")  # explicit Qu
    assert a.render().splitlines()[0].split() == ["P", "E", "R", "S"]
    assert a.text("/") == "pers/latg/sine/ters"
    assert len(a.neighbours[0]) == 3 and len(a.neighbours[5]) == 8


@pytest.mark.parametrize("text, fragment", [
    ("", "empty board"),
    ("abcdefgh", "not a square board"),
    ("abcdefghijklmnopq", "not a square board"),
    ("ab", "not a square board"),
    ("x" * 49, "make a 7x7 board"),
    ("abcdefghijklmno1", "only letters"),
    ("abcdefgh-", "only letters"),
    ("[zz]bcdefgh", "not a die face"),
])
def test_bad_boards(text, fragment):
    with pytest.raises(UsageError, match=fragment):
        parse_board(text)


def test_board_constructor_checks():
    with pytest.raises(UsageError):
        Board(4, tuple("abc"))
    with pytest.raises(UsageError):
        Board(7, tuple("a" * 49))
    with pytest.raises(UsageError):
        Board(3, ("A",) * 9)


def test_bad_finder_options():
    with pytest.raises(UsageError):
        Finder(["cat"], count="everything")
    with pytest.raises(UsageError):
        Finder(["cat"], backend="gpu")
    with pytest.raises(UsageError):
        Finder(["c4t"])


def test_dice_sets_match_the_shipped_sources():
    assert {"classic", "new", "big", "big-deluxe", "big-2012", "super-big"} <= set(DICE_SETS)
    for ds in DICE_SETS.values():
        assert len(ds.dice) == ds.size ** 2 and all(len(d) == 6 for d in ds.dice)
        assert ds.sources
    assert dice_set("new").dice[-2] == ("h", "i", "m", "n", "qu", "u")
    assert "qu" in dice_set("classic").faces()
    assert {"qu", "in", "th", "er", "he", "an", "#"} <= dice_set("super-big").faces()
    # the package's copy agrees with the project data it was taken from
    src = json.loads(shared_file("boggle_dice.json").read_text())["sets"]
    codes = {"q": "qu", "#": "#", "1": "qu", "2": "in", "3": "th", "4": "er", "5": "he",
             "6": "an"}
    for ds in DICE_SETS.values():
        from pyengine.engine.resources import fact_file
        key = json.loads(fact_file("boggle_dice.json").read_text())["sets"][ds.name]["source_key"]
        want = [tuple(codes.get(c, c) for c in die) for die in src[key]["dice"]]
        assert list(ds.dice) == want


def has_matching(cells, dice) -> bool:
    """Each cell can be given its own die showing that face (augmenting paths)."""
    owner = {}

    def place(c, seen):
        for d, die in enumerate(dice):
            if cells[c] in die and d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = c
                    return True
        return False

    return all(place(c, set()) for c in range(len(cells)))


def test_roll_dice_is_reproducible_and_uses_each_die_once():
    for name in DICE_SETS:
        ds = dice_set(name)
        a = roll_dice(name, random.Random(5))
        assert a == roll_dice(name, random.Random(5))
        assert a.size == ds.size
        assert has_matching(a.cells, ds.dice), name
    boards = {roll_dice("new", random.Random(s)).text() for s in range(20)}
    assert len(boards) == 20
    with pytest.raises(UsageError):
        dice_set("mega")
