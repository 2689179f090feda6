"""Hostile input to the scramble: one-line errors, limits checked before work, seeds
that reach CLIPS unchanged, a linear shuffle plan, and stdout that is only the answer."""
import io
import json
import os
import sys
import time
from collections import Counter

import pytest

from pyengine.engine.errors import UsageError
from pyengine.puzzles.scramble import limits
from pyengine.puzzles.scramble.make import RIVERS, check_words, make_scramble, read_word_file
from pyengine.puzzles.scramble.puzzle import MAKE, SOLVE
from pyengine.puzzles.scramble.minimal import _Bounds, minimal, pair_cells, run_minimal
from pyengine.puzzles.scramble.solve import parse_candidates, solve
from pyengine.ui.cli import main


def is_subsequence(word: str, line: str) -> bool:
    it = iter(line)
    return all(ch in it for ch in word)


def one_line_error(capsys, argv) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("pyengine: error:") and captured.err.count("\n") == 1
    return captured.err


def words_of(letters: int, length: int = 8) -> list[str]:
    """Different words (a scramble hides each once) of ``letters`` letters in all."""
    out = []
    while letters > 0:
        k, n = min(length, letters), len(out)
        out.append("".join(chr(97 + n // 26 ** d % 26) for d in range(k)))
        letters -= k
    return out


# -- --swaps, --seed -------------------------------------------------------------------
@pytest.mark.parametrize("swaps", ["99999999999999999999", "1000001", "-1", "1e3", "²"])
def test_swaps_out_of_range_is_one_line(capsys, swaps):
    one_line_error(capsys, ["scramble", "nile", "--swaps", swaps])


def test_swaps_bound_follows_the_cost_of_the_swap_rule(capsys):
    # 2 letters: the declaration's million swaps fit (each firing is cheap) ...
    assert make_scramble(["ab"], swaps=200_000, seed=1, record=False).fired["RANDOMIZE"] \
        == 200_000
    # ... 44 letters: swaps x letters^2 is bounded
    err = one_line_error(capsys, ["scramble", "--swaps", "1100"])
    assert "at most 516 swaps" in err and "--randomizer shuffle" in err
    assert main(["scramble", "--swaps", "516", "--seed", "1"]) == 0
    for bad in (10**20, -1, True, 2.5, "7x"):
        with pytest.raises(UsageError):
            make_scramble(["nile"], swaps=bad, seed=1)


@pytest.mark.parametrize("seed", [-1, 2**32, 10**20, True, 1.0, "3x", "0"])
def test_seeds_outside_what_clips_takes_are_refused(seed):
    with pytest.raises(UsageError, match="seed"):
        make_scramble(["nile"], seed=seed)
    with pytest.raises(UsageError, match="seed"):
        MAKE.open_plan(hide=["nile"], seed=seed)


def test_every_seed_reaches_clips_unchanged():
    words = ["abcdefghijklmnopqrst", "uvwxyzABCDEFGHIJKLMN"]
    seeds = [1, 2, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 2, 2**32 - 1]
    lines = {}
    for seed in seeds:
        s = make_scramble(words, seed=seed, randomizer="shuffle", record=False)
        assert s.seed == seed
        lines[seed] = s.line
    assert len(set(lines.values())) == len(seeds)     # no two seeds cut to the same one
    assert make_scramble(words, seed=2**32 - 1, randomizer="shuffle",
                         record=False).line == lines[2**32 - 1]
    swaps = {make_scramble(seed=seed).line for seed in (1, 2**31 + 1, 2**32 - 1)}
    assert len(swaps) == 3


def test_seed_zero_is_refused_since_glibc_makes_it_seed_one(capsys):
    # glibc's srand(0) is srand(1): CLIPS would make the same stream for seeds 0 and 1
    assert main(["scramble", "--seed", "0"]) == 2
    assert "--seed must be at least 1, not 0" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["scramble", "Nile", "--seed", "4294967295", "--json"],
    ["scramble", "--seed", "1", "--json"],
    ["scramble", "--seed", "2147483648", "--randomizer", "shuffle", "--json"],
    ["scramble", "solve", "NILE", "--candidates", "nile,seine", "--json"],
    ["scramble", "solve", "NILEX", "--candidates", "nile,seine", "--json"],
    ["scramble", "minimal", "Nile", "Seine", "--json"]])
def test_json_stdout_is_only_json_even_at_the_file_descriptor(capfd, argv):
    status = main(argv)
    sys.stdout.flush()
    import gc
    gc.collect()                      # CLIPS environments freed: nothing printed
    out, err = capfd.readouterr()
    assert status in (0, 1)
    data = json.loads(out)
    if "seed" in data:
        assert str(data["seed"]) == argv[argv.index("--seed") + 1]
    assert "[" not in err or "pyengine" in err


def test_seed_over_the_range_is_refused_without_clips_output(capfd):
    assert main(["scramble", "Nile", "--seed", "99999999999999999999", "--json"]) == 2
    out, err = capfd.readouterr()
    assert out == "" and err.count("\n") == 1


# -- files: empty name, BOM, FIFO, encodings ---------------------------------------------
@pytest.mark.parametrize("argv", [["scramble", "--file", ""],
                                  ["scramble", "minimal", "--file", ""],
                                  ["scramble", "solve", "ab", "--candidates", ""]])
def test_an_empty_file_name_is_an_error_not_the_rivers(capsys, argv):
    one_line_error(capsys, argv)


def test_an_empty_file_name_in_the_shell_and_the_api():
    with pytest.raises(UsageError, match="empty"):
        MAKE.call(file="")
    with pytest.raises(UsageError, match="empty"):
        MAKE.open_plan(file="")
    with pytest.raises(UsageError, match="empty"):
        run_minimal(file="")


def test_shell_refuses_an_empty_file_name(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["shell", "scramble", "--file", ""]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_byte_order_mark_is_dropped(tmp_path, capsys):
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbfNile Seine\n")
    assert read_word_file(f) == ["Nile", "Seine"]
    assert main(["scramble", "--file", str(f), "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["words"] == ["Nile", "Seine"]
    assert parse_candidates(str(f)) == ["Nile", "Seine"]
    assert main(["scramble", "minimal", "--file", str(f), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["words"] == ["Nile", "Seine"]


def test_a_fifo_is_refused_before_it_is_opened(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for argv in (["scramble", "--file", str(fifo)],
                 ["scramble", "minimal", "--file", str(fifo)],
                 ["scramble", "solve", "ab", "--candidates", str(fifo)]):
        err = one_line_error(capsys, argv)
        assert "not a regular file" in err
    one_line_error(capsys, ["scramble", "--file", str(tmp_path)])     # a directory


@pytest.mark.parametrize("data", [b"Nile caf\xe9\n", b"\x00\x01\x02binary"])
def test_latin1_and_binary_name_the_input_the_same_for_a_file_and_stdin(
        tmp_path, capsys, monkeypatch, data):
    f = tmp_path / "bad.txt"
    f.write_bytes(data)
    from_file = one_line_error(capsys, ["scramble", "--file", str(f)])
    assert str(f) in from_file
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    from_stdin = one_line_error(capsys, ["scramble", "--file", "-"])
    assert "standard input" in from_stdin
    assert from_file.split(str(f))[1] == from_stdin.split("standard input")[1]


def test_stdin_word_list(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfab cd\n")))
    assert main(["scramble", "--file", "-", "--seed", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["words"] == ["ab", "cd"]


def test_decomposed_accents_are_not_read_as_plain_letters(tmp_path, capsys):
    word = "cafe\u0301"
    with pytest.raises(UsageError, match="'é'"):
        check_words([word])
    f = tmp_path / "nfd.txt"
    f.write_text(f"Nile {word}\n", encoding="utf-8")
    assert "'é'" in one_line_error(capsys, ["scramble", "--file", str(f)])
    assert "'é'" in one_line_error(capsys, ["scramble", "solve", "cafe",
                                            "--candidates", str(f)])
    with pytest.raises(UsageError, match="'é'"):
        solve("cafe\u0301", ["cafe"])


# -- --candidates ------------------------------------------------------------------------
def test_a_long_inline_candidate_list_is_never_tried_as_a_file(capsys):
    pool = ",".join(["Nile", "Seine"] + [f"w{'x' * k}" for k in range(1, 40)]).replace("w", "")
    assert len(pool) > 255
    assert main(["scramble", "solve", "NILESEINE", "--candidates", pool, "--json"]) in (0, 1)
    json.loads(capsys.readouterr().out)
    spaced = " ".join(["nile"] * 80)
    assert main(["scramble", "solve", "NILE", "--candidates", spaced]) == 0
    long_name = "n" * 300
    assert parse_candidates(long_name) == [long_name]


def test_candidate_specs_that_look_like_missing_files(capsys):
    err = one_line_error(capsys, ["scramble", "solve", "ab", "--candidates", "none/such.txt"])
    assert "no such file" in err


# -- limits, checked before work -------------------------------------------------------
def test_the_swap_rule_refuses_long_lines_pointing_to_shuffle(capsys):
    err = one_line_error(capsys, ["scramble", *words_of(101)])
    assert "--randomizer shuffle" in err and "101 letters" in err
    t = time.perf_counter()
    words = words_of(10_000 * 8)
    with pytest.raises(UsageError, match="swap rule"):
        MAKE.call(hide=words)
    assert time.perf_counter() - t < 2


def test_the_shuffle_and_the_trace_have_limits():
    with pytest.raises(UsageError, match="100,000"):
        MAKE.call(hide=words_of(limits.SHUFFLE_MAX_LETTERS + 1), randomizer="shuffle")
    with pytest.raises(UsageError, match="recording"):
        MAKE.call(hide=words_of(limits.TRACE_MAX_LETTERS + 1), randomizer="shuffle", record=True)
    s = MAKE.call(hide=words_of(limits.TRACE_MAX_LETTERS + 1), randomizer="shuffle", seed=1)
    assert len(s.line) == limits.TRACE_MAX_LETTERS + 1


def test_a_command_and_its_open_session_refuse_alike():
    bad_make = [dict(hide=["ab1"]), dict(swaps=-1), dict(swaps=10**7), dict(seed=2**32),
                dict(words=words_of(101)), dict(randomizer="bogus"), dict(file=""),
                dict(hide=["nile"], swaps=200_000)]
    for kw in bad_make:
        with pytest.raises(UsageError) as run_err:
            MAKE.call(**kw)
        with pytest.raises(UsageError) as open_err:
            MAKE.open_plan(**kw)
        assert str(run_err.value) == str(open_err.value), kw
    bad_solve = [dict(line=["a1"], candidates="ab"), dict(line=["ab"], candidates=""),
                 dict(line=["a" * 10_001], candidates="ab"),
                 dict(line=["ab"], candidates="a,b2"), dict(line=[], candidates="ab")]
    for kw in bad_solve:
        with pytest.raises(UsageError) as run_err:
            SOLVE.call(**kw)
        with pytest.raises(UsageError) as open_err:
            SOLVE.open_plan(**kw)
        assert str(run_err.value) == str(open_err.value), kw


def test_the_api_takes_candidates_as_a_list_as_it_takes_hide():
    """``pyengine.solve("scramble", candidates=[...])`` said "expected text" where
    ``hide=[...]`` takes a list (a newcomer's finding); each item is still checked."""
    import pyengine
    listed = pyengine.solve("scramble", line="THAMESSEINE", candidates=["thames", "Seine"])
    joined = pyengine.solve("scramble", line="THAMESSEINE", candidates="thames,Seine")
    assert listed.solutions == joined.solutions and listed.solutions
    with pytest.raises(UsageError, match=r"--candidates: expected words \(strings\)"):
        pyengine.solve("scramble", line="THAMESSEINE", candidates=["thames", 3])
    with pytest.raises(UsageError, match="has '@'"):
        pyengine.solve("scramble", line="THAMESSEINE", candidates=["th@mes"])


def test_open_solve_cuts_big_pools_down_like_run_solve():
    pool = ",".join(f"{a}{b}{c}" for a in "abcdefghij" for b in "abcdefghij"
                    for c in "abcdefghij")
    plan = SOLVE.open_plan(line=["abcdef"], candidates=pool)
    assert len(plan.session.find("candidate")) == len(SOLVE.call(line=["abcdef"], candidates=pool).candidates)


def test_solve_limits():
    with pytest.raises(UsageError, match="10,000"):
        solve("a" * 10_001, ["a"])
    with pytest.raises(UsageError, match="500,000"):
        solve("ab", ["ab"] * 500_001)
    r = solve("ab" * 40, ["ab", "x" * 100_000] + [f"a{'b' * k}" for k in range(600)])
    assert r.prefiltered > 0 and r.solutions == []     # long words never become facts


@pytest.mark.parametrize("argv, says", [
    (["scramble", "minimal", "--file"], "has more than 5,000 words: the shortest line"),
    (["scramble", "--file"], "has more than 100,000 words: a scramble hides at most"),
    (["scramble", "solve", "abc", "--candidates"], "has more than 500,000 words; the limit"),
])
def test_a_file_of_too_many_words_is_refused_as_it_is_read(tmp_path, capsys, argv, says):
    """A file under the 64 MiB cap holding millions of short words was split whole (2.3 GB,
    11 s) before the word limit was looked at (a newcomer's finding): the reader stops
    one word past the limit, holding little more than the file's text."""
    import tracemalloc
    path = tmp_path / "flood.txt"
    path.write_text("abc\n" * 4_000_000)          # 16 MB, 8 times the largest limit
    tracemalloc.start()
    try:
        assert main([*argv, str(path)]) == 2
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert says in capsys.readouterr().err
    assert peak < 5 * path.stat().st_size           # 18 times the file's size before


def test_minimal_refuses_what_cannot_fit_before_work(capsys):
    t = time.perf_counter()
    for words in (["a" * 20_000, "b" * 20_000], ["ab"] * 5_001):
        with pytest.raises(UsageError, match="at most"):
            minimal(words)
    assert time.perf_counter() - t < 1
    with pytest.raises(UsageError, match="^1 word of 20,001 letters: "):  # not "1 words"
        minimal(["a" * 20_001])
    one_line_error(capsys, ["scramble", "minimal", "a" * 10_001, "b" * 10_000])
    one_line_error(capsys, ["scramble", "minimal", "--max-states", "100001"])
    one_line_error(capsys, ["scramble", "minimal", "--beam", "10001"])
    for kw in (dict(max_states=-1), dict(max_states=10**7), dict(beam_width=0),
               dict(max_states=True), dict(beam_width="3x")):
        with pytest.raises(UsageError):
            minimal(["ab"], **kw)


def test_minimal_leaves_out_pair_tables_that_do_not_fit():
    words = ["abcdefghij" * 100, "jihgfedcba" * 100, "acegibdfhj" * 100]
    assert pair_cells(words) > limits.PAIR_MAX_CELLS
    assert _Bounds(words).pairs == []
    small = ["abc", "bcd", "cde"]
    assert len(_Bounds(small).pairs) == 3 and pair_cells(small) == 27


def test_two_long_words_are_bounded_and_valid():
    a, b = "abcde" * 400, "edcba" * 400
    t = time.perf_counter()
    m = minimal([a, b], max_states=2_000)
    assert time.perf_counter() - t < 20
    assert is_subsequence(a, m.sequence) and is_subsequence(b, m.sequence)
    assert m.lower_bound <= m.length and m.optimal == (m.length == m.lower_bound)


def test_majority_merge_on_a_long_list_is_valid_and_quick():
    import random
    r = random.Random(4)
    words = ["".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(4))
             for _ in range(5_000)]
    t = time.perf_counter()
    m = minimal(words)
    assert time.perf_counter() - t < 10
    assert m.method == "majority merge"
    assert all(is_subsequence(w, m.sequence) for w in words[:500])


# -- the linear shuffle plan -----------------------------------------------------------
def test_shuffle_plan_asserts_each_long_line_once():
    words = ["alpha", "beta", "q"]
    s = make_scramble(words, seed=3, randomizer="shuffle")
    n = 10
    rules = Counter(f.rule for f in s.session.trace)
    # the long (text ...) facts come from three one-off firings
    assert rules["gather-laid-ids"] == 1 and rules["finish-gathering-slots"] == 1
    assert rules["gather-decoded-letters"] == 1 and rules["spread-ids-for-decoding"] == 1
    assert rules["lay-out-word-ids"] == len(words) and rules["decode-id-at-cursor"] == n
    assert s.fired == {"BUILD": len(words) + 1, "SHUFFLE": 3 * n + 1, "DECODE": n + 2}
    assert not {"build-append-word-ids", "decode-next-letter"} & set(s.session.rules())
    names = Counter(f.name for f in s.session.facts())
    assert not {"laid", "gathered", "code", "spelling", "next-letter", "decoded",
                "decode-at"} & set(names)
    assert names["text"] == 1


def _shuffle_seconds(letters: int) -> float:
    words = words_of(letters)
    best = float("inf")
    for _ in range(2):
        t = time.perf_counter()
        make_scramble(words, seed=1, randomizer="shuffle", record=False)
        best = min(best, time.perf_counter() - t)
    return best


@pytest.mark.heavy
def test_shuffle_grows_linearly():
    # 4x the letters: a linear plan takes about 4x the time, a quadratic one 16x
    small, big = _shuffle_seconds(4_000), _shuffle_seconds(16_000)
    assert big / small < 9, (small, big)


def test_shuffle_is_still_exact_on_long_lists():
    words = [w.upper() if i % 3 == 0 else w for i, w in enumerate(words_of(3_000, 7))]
    s = make_scramble(words, seed=11, randomizer="shuffle", record=False)
    assert Counter(s.line) == Counter("".join(words))
    assert Counter(s.ids) == Counter(s.build_ids)
    pos = Counter()
    decoded = []
    for i in s.ids:
        decoded.append(words[i - 1][pos[i]])
        pos[i] += 1
    assert "".join(decoded) == s.line
    assert s.build_ids != s.ids


def test_rivers_are_the_default_for_both_plans():
    for randomizer in ("swap", "shuffle"):
        s = make_scramble(seed=5, randomizer=randomizer, record=False)
        assert sorted(s.line) == sorted("".join(RIVERS))
