"""Boggle generators (seed 003): statistics, the rule sets, their plain twin, the CLI."""
from __future__ import annotations

import json
import random

import pytest

from pyengine.puzzles.boggle import generate as G
from pyengine.puzzles.boggle.board import neighbours_of
from pyengine.puzzles.boggle.stats import count_stats, for_wordlist
from pyengine.words.letters import A_TO_Z as ALPHABET
from pyengine.words.letters import VOWELS
from pyengine.engine.errors import UsageError

# a small English-like list: enough letters for every generator, fast to count
SAMPLE = """tea eat ate sea set sat rat tar art star rats arts tears rates stare treat
neat ant tan nets tens sent rent tern ears eras near earn lean lane line lint tile lite
rise sire tire tier site ties note tone stone notes onset rose sore ores toes nose ones
stern inert inter nitre liner linter silent listen enlist tinsel quiet quite equip quilt
zebra jazz fox box vex wax yak jog kiwi""".split()


@pytest.fixture(scope="module")
def stats():
    return count_stats(SAMPLE, "sample")


def independent_pairs(words):
    """Letter pair counts, both orders, written plainly (independent of stats.py)."""
    m = {}
    for w in words:
        for a, b in zip(w, w[1:]):
            m[(a, b)] = m.get((a, b), 0) + 1
            m[(b, a)] = m.get((b, a), 0) + 1
    return m


# -- statistics -----------------------------------------------------------------------------
def test_stats_counts_match_a_plain_count(stats):
    pairs = independent_pairs(SAMPLE)
    for i, a in enumerate(ALPHABET):
        for j, b in enumerate(ALPHABET):
            assert stats.adjacency[i][j] == pairs.get((a, b), 0), (a, b)
            assert stats.adjacency[i][j] == stats.adjacency[j][i]
    letters = "".join(SAMPLE)
    assert stats.letter_counts == [letters.count(c) for c in ALPHABET]
    vowels = sum(letters.count(v) for v in VOWELS)
    assert stats.vowel_fraction == pytest.approx(vowels / len(letters))
    # the seed's normaliser: letters minus words is the number of pairs
    assert stats.pairs == len(letters) - len(SAMPLE)


def test_stats_trigrams_are_symmetric_triplet_counts():
    st = count_stats(["abc", "cba", "abd"], "t")
    a, b, c, d = (ALPHABET.index(x) for x in "abcd")
    assert st.trigrams[a][b][c] == 2        # abc + reversed cba
    assert st.trigrams[c][b][a] == 2
    assert st.trigrams[a][b][d] == 1 and st.trigrams[d][b][a] == 1
    assert st.adjacency[a][b] == 3 and st.adjacency[b][d] == 1


def test_stats_ignore_one_letter_and_non_letters():
    st = count_stats(["a", "i", "ok", "don't"], "t")
    assert st.words == 1
    assert sum(st.letter_counts) == 2


def test_stats_cached_on_disk_per_list(tmp_path, monkeypatch):
    from pyengine.words import lists as W
    from pyengine.puzzles.boggle import stats as S
    monkeypatch.setenv("PYENGINE_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "list.txt"
    path.write_text("\n".join(SAMPLE) + "\n")
    wl = W.load(str(path))
    first = for_wordlist(wl)
    assert list((tmp_path / "cache").glob("*boggle-stats*"))
    S._MEMO.clear()
    again = for_wordlist(wl)
    assert again is not first
    assert again.adjacency == first.adjacency and again.letter_counts == first.letter_counts
    # another list gets its own statistics
    other = tmp_path / "other.txt"
    other.write_text("zz\nzzz\n")
    assert for_wordlist(W.load(str(other))).letter_counts[25] == 5


# -- the rules and their plain twin ---------------------------------------------------------------
@pytest.mark.parametrize("algo", list(G.ALGORITHMS))
@pytest.mark.parametrize("size", [3, 4] + [pytest.param(n, marks=pytest.mark.heavy) for n in (5, 6)])
def test_rules_and_plain_twin_make_the_same_board(stats, algo, size):
    for seed in range(6 if size <= 4 else 3):
        ruled = G.generate(algo, size, seed=seed, stats=stats)
        plain = G.plain_generate(algo, size, seed=seed, stats=stats)
        assert ruled == plain, (algo, size, seed)
        assert ruled.size == size and len(ruled.cells) == size * size
        assert all(c in ALPHABET for c in ruled.cells)


@pytest.mark.parametrize("seeds", [range(100, 108),
                                   pytest.param(range(108, 130), marks=pytest.mark.heavy)],
                         ids=["8 seeds", "22 more"])
@pytest.mark.parametrize("algo", list(G.ALGORITHMS))
def test_rules_and_twin_agree_on_many_seeds_and_seed_sizes(stats, algo, seeds):
    for seed in seeds:
        kw = {"seed_size": 1 + seed % 3} if not G.algorithm(algo).fills else {}
        assert G.generate(algo, 4, seed=seed, stats=stats, **kw) == \
            G.plain_generate(algo, 4, seed=seed, stats=stats, **kw), (algo, seed)


def test_seeded_runs_repeat_and_seeds_differ(stats):
    a = G.generate("greedy-cad", 4, seed=7, stats=stats)
    assert G.generate("greedy-cad", 4, seed=7, stats=stats) == a
    assert G.generate("greedy-cad", 4, rng=random.Random(7), stats=stats) == a
    boards = {G.generate("greedy-cad", 4, seed=s, stats=stats).text() for s in range(10)}
    assert len(boards) > 5


def _letters(session):
    from pyengine.rules.boggle import Letter
    return {(f["row"], f["col"]): f for f in session.records(Letter)}


def _placement_order(session) -> dict:
    """(row, col) -> 1, 2, ... in the order the letters were placed: their fact ids
    (a new fact takes the next id; settling a letter keeps it)."""
    import re
    placed = sorted((f.id, tuple(int(x) for x in re.search(r"row (\d+)\) \(col (\d+)", f.text)
                                 .groups())) for f in session.facts() if f.text.startswith("(letter"))
    return {rc: k for k, (_, rc) in enumerate(placed, 1)}


def test_every_mark_is_one_grid_edge(stats):
    """Placing a letter marks each empty neighbour once: one mark per edge of the grid,
    and each letter was drawn from the marks of its neighbours placed before it."""
    for size in (3, 4, 5):
        board, s = G.generate_with_session("cad", size, seed=3, stats=stats)
        edges = sum(len(n) for n in neighbours_of(size)) // 2
        letters = _letters(s)
        assert len(letters) == size * size
        assert sum(len(f["marks"]) for f in letters.values()) == edges
        assert sum(f.rule == "mark_neighbour" for f in s.trace) == edges
        for (r, c), f in letters.items():
            before = sorted(g["char"] for (rr, cc), g in letters.items()
                            if max(abs(rr - r), abs(cc - c)) == 1 and g["turn"] < f["turn"])
            assert list(f["marks"]) == before


def test_trace_names_the_algorithms_rules(stats):
    _, s = G.generate_with_session("greedy-dcad", 4, seed=1, stats=stats)
    fired = {f.rule for f in s.trace}
    assert {"draw_letter_by_frequency", "mark_neighbour", "draw_from_all_marks_damped",
            "read_out_grid"} <= fired
    assert sum(f.rule == "grow_from_all_marks_damped" for f in s.trace) == 0
    assert sum(f.rule == "draw_from_all_marks_damped" for f in s.trace) == 15
    _, s = G.generate_with_session("adj", 4, seed=1, stats=stats)
    assert {"pick_a_random_mark", "draw_next_to_the_picked_mark"} <= {f.rule for f in s.trace}
    assert sum(f.rule == "pick_a_random_mark" for f in s.trace) == 15
    _, s = G.generate_with_session("freq", 4, seed=1, stats=stats)
    assert sum(f.rule == "draw_letter_by_frequency" for f in s.trace) == 16
    _, s = G.generate_with_session("7freq", 4, seed=1, stats=stats)
    assert sum(f.rule == "draw_quota_vowel" for f in s.trace) == 7


def test_seed_size_places_that_many_seed_letters(stats):
    _, s = G.generate_with_session("greedy-cad", 4, seed=1, seed_size=5, stats=stats)
    assert sum(f.rule == "draw_letter_by_frequency" for f in s.trace) == 5
    assert sum(f.rule == "draw_from_all_marks" for f in s.trace) == 11


def test_rules_put_the_stage_first_and_are_named_by_verbs():
    import inspect

    from experta import Rule
    from pyengine.rules import boggle as R
    verbs = ("draw_", "mark_", "pick_", "read_")
    for engine in R.ENGINES.values():
        for name, rule in inspect.getmembers(engine, lambda m: isinstance(m, Rule)):
            assert name.startswith(verbs), name
            staged = [i for i, p in enumerate(rule) if isinstance(p, R.Stage)]
            assert staged in ([], [0]), name


# -- each generator uses only letters its rules allow ----------------------------------------------
def test_adjacency_generators_stay_in_a_component():
    """Words 'abab' and 'cdcd': a and b only meet each other, so do c and d. A grown
    board starts from one seed letter and can only reach its own pair."""
    st = count_stats(["abab", "baba", "cdcd", "dcdc"], "two components")
    for algo in ("adj", "cad", "greedy-cad", "greedy-dcad", "trigram"):
        for seed in range(8):
            letters = set(G.generate(algo, 4, seed=seed, stats=st).cells)
            assert letters <= set("ab") or letters <= set("cd"), (algo, seed, letters)
    for algo in ("freq", "bfreq", "7freq"):
        assert set(G.generate(algo, 4, seed=1, stats=st).cells) <= set("abcd")


def test_cad_draws_only_letters_that_meet_every_mark():
    """In CAD a letter must have been seen next to every mark of its cell (the product):
    checked on the Letter facts, each with the marks it was drawn from."""
    from pyengine.puzzles.boggle.draws import Dice
    words = ["ab", "ba", "ac", "ca", "bc", "cb", "cd", "dc", "de", "ed"]
    st = count_stats(words, "graph")
    meets = {(w[0], w[1]) for w in words}
    dice = Dice(st, random.Random(0))
    grown = 0
    for seed in range(10):
        _, s = G.generate_with_session("cad", 4, seed=seed, stats=st)
        for f in _letters(s).values():
            marks = f["marks"]
            if marks and sum(dice.product(marks)) > 0:
                grown += 1
                assert all((m, f["char"]) in meets for m in marks), (seed, marks, f["char"])
    assert grown > 50


def test_combined_weights_are_the_product_of_the_rows(stats):
    from pyengine.puzzles.boggle.draws import Dice
    dice = Dice(stats, random.Random(0))
    w = dice.product("ert")
    rows = stats.adj_rows
    want = [rows[19][k] * rows[4][k] * rows[17][k] for k in range(26)]
    s, t = sum(w), sum(want)
    assert all(abs(a / s - b / t) < 1e-12 for a, b in zip(w, want))
    k = ALPHABET.index("s")
    damped = dice.all_marks_weights("ert", placed="....")
    damped2 = dice.all_marks_weights("ert", placed="s.s.")
    assert damped[k] == pytest.approx(w[k])
    assert damped2[k] == pytest.approx(w[k] * 0.8 ** 2)


@pytest.mark.parametrize("algo", ["greedy-cad", "greedy-dcad", "trigram"])
def test_greedy_picks_a_cell_with_the_most_marks(stats, algo):
    """Read back from the Letter facts: each grown letter's cell had, when it was
    picked, as many marks (placed neighbours) as any empty cell."""
    for seed in range(5):
        _, s = G.generate_with_session(algo, 5, seed=seed, stats=stats)
        letters = _letters(s)
        turn = _placement_order(s)

        def marks_at(rc, t):
            r, c = rc
            return sum(1 for (rr, cc), u in turn.items()
                       if max(abs(rr - r), abs(cc - c)) == 1 and u < t)
        for rc, f in letters.items():
            t = turn[rc]
            if t == 1:
                continue
            most = max(marks_at(other, t) for other, u in turn.items() if u >= t)
            assert len(f["marks"]) == marks_at(rc, t) == most, (seed, rc, t)


def test_random_marks_are_fair():
    """By a random mark, a cell with k marks goes next k times as often as a cell with
    one (the seed's queue of marks): the first grown cell after two corner seeds."""
    from collections import Counter

    from pyengine.puzzles.boggle import twin
    from pyengine.puzzles.boggle.algorithms import algorithm, board_spec
    from pyengine.puzzles.boggle.draws import Dice
    st = count_stats(["abab", "baba"], "ab")
    picked = Counter()
    for seed in range(3000):
        g = twin.PlainBoard(algorithm("cad"), board_spec("cad", 3, 2),
                            Dice(st, random.Random(seed)))
        g.place(0, "a")          # a corner: marks cells 1, 3, 4
        g.place(2, "b")          # the other top corner: marks 1 (twice now), 4, 5
        picked[g.pick()[0]] += 1
    # marks: cell 1: 2, cell 3: 1, cell 4: 2, cell 5: 1 (six marks)
    for cell, k in ((1, 2), (3, 1), (4, 2), (5, 1)):
        assert abs(picked[cell] / 3000 - k / 6) < 0.03, picked
    # greedy: the eight neighbours of a centre seed tie; each is as likely to go next
    # (ties go to the earlier seed rank, a random shuffle drawn at the seed stage)
    picked.clear()
    for seed in range(4000):
        g = twin.PlainBoard(algorithm("greedy-cad"), board_spec("greedy-cad", 3, 1),
                            Dice(st, random.Random(seed)))
        g.rank = g.dice.ranks(9)
        g.place(4, "a")
        picked[g.pick()[0]] += 1
    assert set(picked) == {0, 1, 2, 3, 5, 6, 7, 8}
    assert all(abs(k / 4000 - 1 / 8) < 0.025 for k in picked.values()), picked


def test_adj_draws_next_to_the_picked_mark():
    """ADJ's letter stands next to one of its cell's marks in the dictionary (the mark
    picked): words 'ab' and 'cd' only, so a letter beside an 'a' mark is 'b'."""
    st = count_stats(["ab", "ba", "cd", "dc"], "pairs")
    for seed in range(6):
        _, s = G.generate_with_session("adj", 3, seed=seed, stats=st)
        for f in _letters(s).values():
            if f["marks"]:
                partner = {"a": "b", "b": "a", "c": "d", "d": "c"}
                assert f["char"] in {partner[m] for m in f["marks"]}, (seed, dict(f))


def test_7freq_has_exactly_its_vowels(stats):
    for size, k in ((4, 7), (4, 3), (5, None)):
        want = G.default_vowels(size) if k is None else k
        for seed in range(4):
            b = G.generate("7freq", size, seed=seed, stats=stats, vowels=k)
            assert sum(c in VOWELS for c in b.cells) == want
    assert G.default_vowels(4) == 7


def test_bfreq_keeps_the_vowel_share(stats):
    p = stats.vowel_fraction
    for seed in range(5):
        b = G.generate("bfreq", 4, seed=seed, stats=stats)
        v = sum(c in VOWELS for c in b.cells)
        assert abs(v - p * 16) <= 1.0 + 1e-9


def test_qu_face(stats):
    st = count_stats(["quiz", "quit", "aqua"], "q")
    boards = [G.generate("freq", 4, seed=s, stats=st, qu=True) for s in range(5)]
    assert any("qu" in b.cells for b in boards)
    assert all("q" not in b.cells for b in boards)


def test_bad_input(stats):
    with pytest.raises(UsageError, match="size"):
        G.generate("rnd", 7, seed=1, stats=stats)
    with pytest.raises(UsageError, match="unknown algorithm"):
        G.generate("nope", 4, seed=1, stats=stats)
    with pytest.raises(UsageError, match="seed size"):
        G.generate("cad", 4, seed=1, stats=stats, seed_size=0)
    with pytest.raises(UsageError, match="vowel"):
        G.generate("7freq", 4, seed=1, stats=stats, vowels=17)


def test_open_board_runs_to_the_board():
    from pyengine.engine.stages import StageRunner
    setup = G.open_board(algo="cad", seed=1, size=3)
    assert [st.name for st in setup.stages] == ["seed", "grow", "done"]
    assert any(f.text.startswith("(cell (row 0) (col 0) ") for f in setup.session.facts())
    StageRunner(setup.session, setup.stages, setup.seed).run_all()
    text = setup.finish()
    assert len(text.splitlines()) == 3
    board = G.plain_generate("cad", 3, seed=1)      # drawn as boggle make draws it
    assert text == G.board_of(board.text("/").split("/"), qu=True).render()
    assert "mark_neighbour" in {f.rule for f in setup.session.trace}


def test_stepping_a_board_shows_marking_firings():
    """The shell's stepping: one firing at a time, the marks among them."""
    from pyengine.engine.stages import StageRunner
    setup = G.open_board(algo="greedy-cad", seed=4, size=4)
    runner = StageRunner(setup.session, setup.stages, setup.seed)
    fired = []
    runner.subscribe(lambda event, payload: fired.append(payload.rule) if event == "fire" else None)
    while runner.walk(1):
        pass
    assert fired[:2] == ["draw_letter_by_frequency", "mark_neighbour"]
    assert fired.count("mark_neighbour") == 42 and fired[-1] == "read_out_grid"


# -- CLI -------------------------------------------------------------------------------------
def run_cli(argv, capsys):
    from pyengine.ui.cli import main
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_make_json_and_text(capsys, tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(SAMPLE) + "\n")
    code, out, _ = run_cli(["boggle", "make", "--algo", "greedy-cad", "--seed", "5",
                            "--words", str(words), "--solve", "--json"], capsys)
    assert code == 0
    d = json.loads(out)
    assert d["algo"] == "greedy-cad" and d["seed"] == 5 and len(d["grid"]) == 4
    assert d["board"] == G.plain_generate("greedy-cad", 4, seed=5, words=str(words),
                                          qu=True).text("/")
    assert d["n_words"] == len(d["words"]) and set(d["words"]) <= set(SAMPLE)
    code, out, _ = run_cli(["boggle", "make", "--seed", "5", "--words", str(words),
                            "--trace"], capsys)
    assert code == 0 and "FIRE" in out and "draw_from_all_marks" in out and "mark_neighbour" in out


def test_cli_make_errors(capsys):
    assert run_cli(["boggle", "make", "--algo", "zzz"], capsys)[0] == 2
    code, _, err = run_cli(["boggle", "make", "--size", "8"], capsys)
    assert code == 2 and "size" in err and "Traceback" not in err
    code, _, err = run_cli(["boggle", "make", "--algo", "cad", "--dice", "new"], capsys)
    assert code == 2 and "not both" in err


def test_cli_bench_json(capsys, tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("\n".join(SAMPLE) + "\n")
    code, out, _ = run_cli(["boggle", "bench", "--algos", "freq,greedy-cad", "--boards", "6",
                            "--words", str(words), "--workers", "1", "--count", "paths",
                            "--two-letter", "--json"], capsys)
    assert code == 0
    rows = json.loads(out)["rows"]
    assert [r["algo"] for r in rows] == ["freq", "greedy-cad"]
    for r in rows:
        assert r["boards"] == 6
        assert r["avg_words"] == r["avg_paths"] >= r["avg_distinct_words"]
        assert r["avg_score"] == r["avg_path_score"] >= r["avg_distinct_score"]
        assert r["gen_ms"] > 0 and "seed_words" in r
    code, _, err = run_cli(["boggle", "bench", "--algos", "nope", "--boards", "2"], capsys)
    assert code == 2 and "unknown algorithm" in err


def test_bench_agrees_with_a_direct_count(tmp_path):
    """The runner's averages are the finder's figures on the same seeded boards."""
    from pyengine.puzzles.boggle.finder import Finder
    from pyengine.puzzles.boggle_studies.table import Settings, run_bench
    from pyengine.words import lists as W
    words = tmp_path / "w.txt"
    words.write_text("\n".join(SAMPLE) + "\n")
    s = Settings(words=str(words), count="words", two_letter=False, qu=False, seed=3)
    (row,) = run_bench(["cad"], 5, s, workers=1, progress=False, plain=False)
    f = Finder(W.load(str(words)), min_len=3)
    total = sum(len(f.solve(G.plain_generate("cad", 4, seed=3 + k, words=str(words))).words)
                for k in range(5))
    assert row["avg_words"] == pytest.approx(total / 5)


def test_the_json_grid_keeps_every_face_of_a_row(capsys):
    """A row holding Qu read 'RQUCI' (five letters for four faces): each row is now the
    compact notation, which reads back as the board."""
    from pyengine.puzzles.boggle.board import parse_board
    code, out, _ = run_cli(["boggle", "make", "--seed", "1", "--json"], capsys)
    d = json.loads(out)
    assert code == 0 and "qu" in d["board"]
    import re
    assert all(len(re.findall(r"\[[A-Za-z]{2}\]|[A-Z#]", row)) == 4 for row in d["grid"])
    assert parse_board("".join(d["grid"]), qu=True) == parse_board(d["board"], qu=True)
