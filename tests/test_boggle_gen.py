"""Boggle generators (seed 003): statistics, the rule sets, their plain twin, the CLI."""
from __future__ import annotations

import json
import random

import pytest

from pyengine.puzzles.boggle import generate as G
from pyengine.puzzles.boggle.board import neighbours_of
from pyengine.puzzles.boggle.stats import ALPHABET, VOWELS, count_stats, for_wordlist
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
@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_rules_and_plain_twin_make_the_same_board(stats, algo, size):
    for seed in (1, 2):
        ruled = G.generate(algo, size, seed=seed, stats=stats)
        plain = G.plain_generate(algo, size, seed=seed, stats=stats)
        assert ruled == plain
        assert ruled.size == size and len(ruled.cells) == size * size
        assert all(c in ALPHABET for c in ruled.cells)


def test_seeded_runs_repeat_and_seeds_differ(stats):
    a = G.generate("greedy-cad", 4, seed=7, stats=stats)
    assert G.generate("greedy-cad", 4, seed=7, stats=stats) == a
    assert G.generate("greedy-cad", 4, rng=random.Random(7), stats=stats) == a
    boards = {G.generate("greedy-cad", 4, seed=s, stats=stats).text() for s in range(10)}
    assert len(boards) > 5


def test_every_mark_is_one_grid_edge(stats):
    """Placing a letter marks each empty neighbour once: one Mark per edge of the grid."""
    from pyengine.rules.boggle import Letter, Mark
    for size in (3, 4, 5):
        board, s = G.generate_with_session("cad", size, seed=3, stats=stats)
        edges = sum(len(n) for n in neighbours_of(size)) // 2
        marks = s.records(Mark)
        assert sum(len(m["cells"]) for m in marks) == edges
        letters = {f"{f['row']}-{f['col']}": f["char"] for f in s.records(Letter)}
        assert len(letters) == size * size
        for m in marks:       # the mark carries the letter of the cell that made it
            assert letters[m["by"]] == m["char"]
            r, c = map(int, m["by"].split("-"))
            for cell in m["cells"]:
                rr, cc = map(int, cell.split("-"))
                assert max(abs(rr - r), abs(cc - c)) == 1


def test_trace_names_the_algorithms_rules(stats):
    _, s = G.generate_with_session("greedy-dcad", 4, seed=1, stats=stats)
    fired = {f.rule for f in s.trace}
    assert {"choose_seed_cell", "place_seed_letter", "choose_most_marked_cell",
            "grow_from_all_marks_damped", "read_out_grid"} <= fired
    assert sum(f.rule == "grow_from_all_marks_damped" for f in s.trace) == 15
    _, s = G.generate_with_session("adj", 4, seed=1, stats=stats)
    assert "grow_from_one_mark" in {f.rule for f in s.trace}
    _, s = G.generate_with_session("freq", 4, seed=1, stats=stats)
    assert sum(f.rule == "place_seed_letter" for f in s.trace) == 16


def test_seed_size_places_that_many_seed_letters(stats):
    _, s = G.generate_with_session("greedy-cad", 4, seed=1, seed_size=5, stats=stats)
    assert sum(f.rule == "place_seed_letter" for f in s.trace) == 5
    assert sum(f.rule == "grow_from_all_marks" for f in s.trace) == 11


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
    """In CAD a letter must have been seen next to every mark of its cell (the product)."""
    words = ["ab", "ba", "ac", "ca", "bc", "cb", "cd", "dc", "de", "ed"]
    st = count_stats(words, "graph")
    meets = {(w[0], w[1]) for w in words}
    for seed in range(10):
        g = G.Grower("cad", 4, st, random.Random(seed))
        order = []
        i = g.pick_seed_cell()
        g.place(i, g.seed_letter())
        order.append(i)
        while (i := g.pick_marked_cell()) is not None:
            w = g.combined_weights(i)
            marks = {ALPHABET[m] for m in g.marks[i]}
            for k, x in enumerate(w):
                if x > 0:
                    assert all((m, ALPHABET[k]) in meets for m in marks)
            g.place(i, g.grow_letter(i))


def test_combined_weights_are_the_product_of_the_rows(stats):
    g = G.Grower("cad", 4, stats, random.Random(0))
    g.marks[5] = [ALPHABET.index("t"), ALPHABET.index("e"), ALPHABET.index("r")]
    w = g.combined_weights(5)
    rows = stats.adj_rows
    want = [rows[19][k] * rows[4][k] * rows[17][k] for k in range(26)]
    s, t = sum(w), sum(want)
    assert all(abs(a / s - b / t) < 1e-12 for a, b in zip(w, want))
    damped = g.combined_weights(5, damp=0.5)
    g.counts[ALPHABET.index("s")] = 2
    damped2 = g.combined_weights(5, damp=0.5)
    k = ALPHABET.index("s")
    assert damped2[k] == pytest.approx(damped[k] * 0.25)


def test_greedy_picks_a_cell_with_the_most_marks(stats):
    for seed in range(5):
        g = G.Grower("greedy-cad", 5, stats, random.Random(seed))
        g.place(g.pick_seed_cell(), g.seed_letter())
        while True:
            empty = [i for i in range(g.n) if g.letters[i] is None]
            most = max((len(g.marks[i]) for i in empty), default=0)
            i = g.pick_most_marked()
            if i is None:
                break
            assert len(g.marks[i]) == most
            g.place(i, g.grow_letter(i))
        assert g.full()


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


def test_shell_setup_runs_to_the_board():
    from pyengine.engine.stages import StageRunner
    setup = G.shell_setup(["--algo", "cad", "--seed", "1", "--size", "3"])
    assert [st.name for st in setup.stages] == ["seed", "grow", "done"]
    assert any("(cell (row 0) (col 0))" in f.text for f in setup.session.facts())
    StageRunner(setup.session, setup.stages, setup.seed).run_all()
    text = setup.finish()
    assert len(text.splitlines()) == 3
    assert text == "\n".join(" ".join(r.upper()) for r in
                             G.plain_generate("cad", 3, seed=1).text("/").split("/"))


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
    assert code == 0 and "FIRE" in out and "grow_from_all_marks" in out


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
    from pyengine.puzzles.boggle.table import Settings, run_bench
    from pyengine.words import lists as W
    words = tmp_path / "w.txt"
    words.write_text("\n".join(SAMPLE) + "\n")
    s = Settings(words=str(words), count="words", two_letter=False, qu=False, seed=3)
    (row,) = run_bench(["cad"], 5, s, workers=1, progress=False, plain=False)
    f = Finder(W.load(str(words)), min_len=3)
    total = sum(len(f.solve(G.plain_generate("cad", 4, seed=3 + k, words=str(words))).words)
                for k in range(5))
    assert row["avg_words"] == pytest.approx(total / 5)
