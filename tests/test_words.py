"""Tests for pyengine.words.lists (word lists, tiers, indexes, cache) and the
``words`` subcommand.  No timing here: see bench/bench_words.py."""
from __future__ import annotations

import functools
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pyengine.words import lists as W
from pyengine.engine.errors import UsageError
from pyengine.words.lists import WordList, letter_mask, load


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("PYENGINE_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))
    yield


@pytest.fixture
def default():
    return load(None)


SMALL = sorted({"cat", "act", "tact", "coat", "taco", "attic", "cattle", "eat",
                "tea", "ate", "teat", "zebra", "a", "at", "toe", "tote", "otter"})


@pytest.fixture
def small(tmp_path):
    p = tmp_path / "small.txt"
    p.write_text("\n".join(SMALL) + "\n")
    W.clear_memory_cache()
    return load(p)


# -- default list, tiers, zipf ----------------------------------------------

def test_default_basics(default):
    assert default.label == "default"
    assert len(default) > 100_000
    assert list(default.words) == sorted(set(default.words))
    assert all(re.fullmatch(r"[a-z]+", w) for w in default.words[:: 97])
    assert "cat" in default and "Cat" not in default
    assert default.tier("the") == 10
    assert default.tier("qwxzv") is None
    assert set(default.tier_counts()) <= set(W.DEFAULT_TIERS)
    assert default.zipf("the") > 7 and default.zipf("qwxzv") == 0.0
    assert isinstance(default.zipf100("the"), int)
    assert "SCOWL" in default.licence and "wordfreq" in default.licence


def test_tier_filtering(default):
    c35 = default.common(35)
    assert c35.label == "default(tier<=35)"
    assert c35 is default.common(35)           # cached view
    assert c35 is load("default:35")
    assert c35 is load(None, max_tier=35)
    assert all(default.tier(w) <= 35 for w in c35.words)
    expect = sum(n for t, n in default.tier_counts().items() if t <= 35)
    assert len(c35) == expect
    c20 = c35.filter(max_tier=50)              # narrowing never widens
    assert c20 is c35
    c10 = c35.common(10)
    assert c10.label == "default(tier<=10)" and len(c10) < len(c35)
    assert set(c10.words) <= set(c35.words)
    assert c35.tier("cat") == 10 and c35.zipf("cat") == default.zipf("cat")
    z = default.filter(max_tier=50, min_zipf=3.0)
    assert z.label == "default(tier<=50,zipf>=3)"
    assert all(default.zipf(w) >= 3.0 and default.tier(w) <= 50 for w in z.words)
    assert default.filter() is default


def test_rank_key(default):
    ws = ["aalii", "the", "zebra", "qwxzv", "cat"]
    ranked = default.ranked(ws)
    assert ranked[0] == "the" and ranked[-1] == "qwxzv"
    assert default.rank_key("cat") == (10, -default.zipf("cat"), "cat")


def test_letter_mask():
    assert letter_mask("a") == 1 and letter_mask("abc") == 7
    assert letter_mask("aab") == letter_mask("ba") == 3
    assert letter_mask("Z") == 1 << 25
    with pytest.raises(ValueError):
        letter_mask("é")


# -- plain files ---------------------------------------------------------------

def test_crlf_and_lf_give_same_words(tmp_path):
    body = ["# a comment", "Apple", "banana  ", "", "CHERRY # trailing comment",
            "don't", "r2d2", "two words", "café", "apple"]
    lf, crlf = tmp_path / "lf.txt", tmp_path / "crlf.txt"
    lf.write_bytes(("\n".join(body) + "\n").encode())
    crlf.write_bytes(("\r\n".join(body) + "\r\n").encode())
    a, b = load(lf), load(crlf)
    assert a.words == b.words == ("apple", "banana", "cherry")
    assert a.skipped == b.skipped == 4       # don't, r2d2, two words, café
    assert a.label == str(lf) and a.tier("apple") == 0 and not a.has_tiers
    assert a.common(10).words == a.words     # plain lists: all tier 0
    assert a.zipf("apple") > 3               # borrowed from the default list


@pytest.mark.parametrize("content,msg", [
    (b"", "empty"),
    (b"  \n\r\n", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "binary"),
    (b"caf\xe9\nna\xefve\n", "UTF-8"),
    (b"123\nfoo-bar\n!!\n", "no usable words"),
])
def test_bad_files_raise_usage_error(tmp_path, content, msg):
    p = tmp_path / "bad.txt"
    p.write_bytes(content)
    with pytest.raises(UsageError, match=msg) as exc:
        load(p)
    assert "\n" not in str(exc.value)


def test_missing_and_directory(tmp_path):
    with pytest.raises(UsageError, match="not found"):
        load(tmp_path / "nope.txt")
    with pytest.raises(UsageError, match="not a regular file"):
        load(tmp_path)
    with pytest.raises(UsageError):
        load("")


def test_named_list_needs_no_shared_data(tmp_path, monkeypatch):
    monkeypatch.setenv("PYENGINE_SHARED_DATA", str(tmp_path / "none"))
    W.clear_memory_cache()
    assert load("enable1").label == "enable1"          # shipped in the package


def test_system_list(monkeypatch, tmp_path):
    monkeypatch.setattr(W, "SYSTEM_WORDS", tmp_path / "words")
    with pytest.raises(UsageError, match="no system word list"):
        load("system")
    (tmp_path / "words").write_text("Zoo\nzoo's\nant\n")
    wl = load("system")
    assert wl.words == ("ant", "zoo") and wl.label == "system"


def test_changed_file_is_reloaded(tmp_path):
    p = tmp_path / "w.txt"
    p.write_text("one\ntwo\n")
    assert load(p).words == ("one", "two")
    p.write_text("one\ntwo\nthree\n")
    import os
    os.utime(p, ns=(1, 1))  # force a different mtime even on coarse clocks
    assert load(p).words == ("one", "three", "two")


# -- disk cache --------------------------------------------------------------

def test_corrupt_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("PYENGINE_CACHE", str(tmp_path / "c"))
    p = tmp_path / "w.txt"
    p.write_text("\n".join(SMALL))
    W.clear_memory_cache()
    wl = load(p)
    bm = wl.by_mask()
    core = W.Path(wl.cache_path())
    assert core.exists()
    files = list(core.parent.iterdir())
    assert any(f.name.endswith(".by_mask.cache") for f in files)
    for f in files:
        f.write_bytes(b"\x80\x05garbage, not a cache file")
    W.clear_memory_cache()
    again = load(p)
    assert again is not wl and again.words == wl.words and again.by_mask() == bm
    from pyengine.words.cache_format import unpack
    assert unpack(core.read_bytes(), "core", wl._cache_key)[0] == wl.words  # rewritten


def test_default_cache_corrupt(monkeypatch, tmp_path):
    monkeypatch.setenv("PYENGINE_CACHE", str(tmp_path / "c2"))
    W.clear_memory_cache()
    first = load(None)
    path = W.Path(first.cache_path())
    path.write_bytes(path.read_bytes()[:1000])  # truncated
    W.clear_memory_cache()
    second = load(None)
    assert second.words == first.words and second.tier("cat") == 10
    W.clear_memory_cache()


def test_unwritable_cache_dir_is_fine(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("PYENGINE_CACHE", str(blocker / "sub"))
    p = tmp_path / "w.txt"
    p.write_text("alpha\nbeta\n")
    W.clear_memory_cache()
    assert load(p).by_mask()[letter_mask("alpha")] == ("alpha",)


# -- indexes vs a plain scan --------------------------------------------------

def test_by_length_and_prefixes(small):
    bl = small.by_length()
    assert list(bl) == sorted(bl)
    assert sorted(w for g in bl.values() for w in g) == SMALL
    assert all(len(w) == k for k, g in bl.items() for w in g)
    pre = small.prefixes()
    assert pre == {w[:i] for w in SMALL for i in range(1, len(w) + 1)}
    assert small.has_prefix("att") and not small.has_prefix("attx")
    lo, hi = small.prefix_range("t")
    assert list(small.words[lo:hi]) == [w for w in SMALL if w.startswith("t")]
    lo2, hi2 = small.prefix_range("ta", lo, hi)
    assert list(small.words[lo2:hi2]) == ["taco", "tact"]


def test_by_mask_small(small):
    bm = small.by_mask()
    assert set(bm[letter_mask("act")]) == {"act", "cat", "tact"}
    assert small.words_within("tac", "c") == ["act", "cat", "tact"]
    assert small.words_within("taceo", "o", min_length=4) == ["coat", "taco", "tote"]
    assert small.words_within("xyz") == []
    assert small.words_within("abc", "z") == []


# hypothesis strategies over the real default list (common part: fast)
letters = st.sets(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=1, max_size=9)
HSET = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


@functools.lru_cache(maxsize=2)
def _letter_sets(wl) -> list[tuple[str, frozenset]]:
    """Each word of ``wl`` with its letters, for the plain scans below (made once)."""
    return [(w, frozenset(w)) for w in wl.words]


@HSET
@given(allow=letters, data=st.data())
def test_words_within_matches_scan(default, allow, data):
    wl = default.common(50)
    need = data.draw(st.sets(st.sampled_from(sorted(allow)), max_size=2))
    got = wl.words_within("".join(allow), "".join(need))
    want = [w for w, letters in _letter_sets(wl) if letters <= allow and need <= letters]
    assert got == want


@HSET
@given(allow=st.sets(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=17, max_size=26))
def test_words_within_large_sets_match_scan(default, allow):
    wl = default.common(20)
    got = wl.words_within("".join(allow))
    assert got == [w for w, letters in _letter_sets(wl) if letters <= allow]


pos_sets = st.one_of(st.none(), st.sets(st.sampled_from("abcdefghijklmnopqrstuvwxyz"),
                                        min_size=0, max_size=26))


@HSET
@given(length=st.integers(min_value=1, max_value=9), data=st.data())
def test_position_index_matches_scan(default, length, data):
    wl = default.common(35)
    allowed = data.draw(st.lists(pos_sets, min_size=length, max_size=length))
    got = wl.position_index(length).candidates(allowed)
    want = [w for w in wl.words if len(w) == length
            and all(a is None or w[p] in a for p, a in enumerate(allowed))]
    assert got == want


@HSET
@given(word_idx=st.integers(min_value=0, max_value=10**9), data=st.data())
def test_position_match_pattern_finds_word(default, word_idx, data):
    w = default.words[word_idx % len(default)]
    mask = data.draw(st.lists(st.booleans(), min_size=len(w), max_size=len(w)))
    pattern = "".join("?" if m else c for c, m in zip(w, mask))
    got = default.position_index(len(w)).match(pattern)
    assert w in got
    rx = re.compile(pattern.replace("?", "."))
    assert got == [x for x in default.by_length()[len(w)] if rx.fullmatch(x)]


@HSET
@given(prefix=st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=4))
def test_prefix_helpers_match_scan(default, prefix):
    wl = default.common(35)
    want = [w for w in wl.words if w.startswith(prefix)]
    lo, hi = wl.prefix_range(prefix)
    assert list(wl.words[lo:hi]) == want
    assert wl.has_prefix(prefix) == bool(want)


def test_position_index_errors(default):
    pi = default.position_index(3)
    with pytest.raises(ValueError):
        pi.candidates([None, None])
    assert default.position_index(99).candidates([None] * 99) == []


# -- named lists (shipped in the package; more in test_named_lists.py) ---------------

def test_enable1_named():
    wl = load("enable1")
    assert wl.label == "enable1" and "aa" in wl and len(wl) > 150_000
    assert wl.skipped == 0


def test_words_alpha_crlf():
    wl = load("words_alpha")
    assert all(w.isalpha() for w in wl.words[:: 1000]) and "aardvark" in wl


# -- CLI (the ``words`` declaration through the generated command line) --------------

def _cli(argv):
    """Exit status of ``pyengine ARGV`` (argparse's own errors exit with SystemExit)."""
    from pyengine.ui.cli import main
    try:
        return main(argv)
    except SystemExit as done:
        return done.code


def test_cli_show(capsys):
    assert _cli(["words"]) == 0
    out = capsys.readouterr().out
    assert "SCOWL" in out and "wordfreq" in out and "cache:" in out
    assert re.search(r"^\s+35\s+\d+\s+\d+$", out, re.M)
    assert _cli(["words", "--tier", "20"]) == 0
    out = capsys.readouterr().out
    assert "list:     default(tier<=20)" in out and not re.search(r"^\s+35\s", out, re.M)


def test_cli_check(capsys, small):
    assert _cli(["words", "check", "cat", "aalii"]) == 0
    out = capsys.readouterr().out
    assert "cat: yes, tier 10" in out and "aalii: yes, tier 70" in out
    assert _cli(["words", "check", "qwxzv"]) == 1
    assert "not in default" in capsys.readouterr().out
    # --words before or after the action
    assert _cli(["words", "--words", small.path, "check", "taco"]) == 0
    assert "in " + small.path in capsys.readouterr().out
    assert _cli(["words", "check", "taco", "--words", small.path]) == 0
    assert "taco: yes, in " + small.path in capsys.readouterr().out
    assert _cli(["words", "--words", "default:20", "check", "aalii"]) == 1
    assert _cli(["words", "--tier", "20", "check", "aalii"]) == 1


def test_cli_json(capsys):
    assert _cli(["words", "check", "cat", "qwxzv", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["list"] == "default"
    assert [(w["word"], w["found"], w["tier"]) for w in data["words"]] == [
        ("cat", True, 10), ("qwxzv", False, None)]
    assert _cli(["words", "--words", "default:35", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["label"] == "default(tier<=35)" and data["words"] == 39095
    assert list(data["tiers"]) == ["10", "20", "35"]


def test_words_through_the_python_api():
    import pyengine
    assert pyengine.run("words", "check", word=["cat"]).exit_status == 0
    assert pyengine.run("words", "check", word=["qwxzv"], words="default:20").exit_status == 1
    assert pyengine.run("words", tier=10).info["label"] == "default(tier<=10)"


def test_cli_errors(capsys, tmp_path):
    bad = tmp_path / "bin.dat"
    bad.write_bytes(b"\x00\x01\x02")
    assert _cli(["words", "--words", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "binary" in err
    assert _cli(["words", "frobnicate"]) == 2
    assert _cli(["words", "check"]) == 2
    assert _cli(["words", "--tier", "-1"]) == 2
