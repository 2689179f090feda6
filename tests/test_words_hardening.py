"""Word lists on hostile input: specs, files, FIFOs, the disk cache (wrong shapes,
FIFOs, stale temp files, a source made unreadable), limits, and property tests of
the parser, the loader and the ``words`` command."""
from __future__ import annotations

import json
import os
import threading
import time
from array import array

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pyengine.engine.errors import UsageError
from pyengine.words import cache as C
from pyengine.words import cache_format as F
from pyengine.words import lists as W
from pyengine.words.lists import load, parse_plain

SMALL = ["alpha", "beta", "cat", "dog", "gamma"]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache folder and no lists remembered in memory."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PYENGINE_CACHE", str(folder))
    W.clear_memory_cache()
    yield folder
    W.clear_memory_cache()


@pytest.fixture
def small(tmp_path, cache):
    p = tmp_path / "small.txt"
    p.write_text("\n".join(SMALL) + "\n")
    return p


def _cli(argv):
    from pyengine.ui.cli import main
    try:
        return main(argv)
    except SystemExit as done:
        return done.code


def _in_thread(fn, seconds=10):
    """fn() in a thread; fails the test if it has not returned after ``seconds``."""
    got = {}

    def work():
        try:
            got["value"] = fn()
        except BaseException as exc:   # noqa: BLE001 (handed to the test)
            got["error"] = exc
    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "blocked"
    if "error" in got:
        raise got["error"]
    return got["value"]


# -- specs -----------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["~nosuchuser-pyengine/x", "default:\u00b2", "default:\u0663",
                                  "default:", "default:x", "enable1:-1", "a\0b", "system:1e3"])
def test_odd_specs_are_usage_errors(spec, capsys):
    with pytest.raises(UsageError):
        load(spec)
    assert _cli(["words", "--words", spec]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("tier", ["35", -1, 2.5, True])
def test_max_tier_is_checked(tier):
    with pytest.raises(UsageError):
        load(None, max_tier=tier)


def test_parse_plain_only_takes_bytes_and_reads_nfc():
    with pytest.raises(UsageError):
        parse_plain("cat\ndog\n")
    words, skipped = parse_plain("cat\ncafe\u0301\n\ufeffdog\n".encode())
    assert words == ("cat",) and skipped == 2     # 'cafe'+U+0301 is not 'cafe'
    assert parse_plain(b"\xef\xbb\xbfcat\n") == (("cat",), 0)


def test_fifo_as_word_list_is_refused(tmp_path, cache):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(UsageError, match="not a regular file"):
        _in_thread(lambda: load(fifo))


def test_word_list_size_limit(tmp_path, cache, monkeypatch):
    monkeypatch.setattr(W, "MAX_LIST_BYTES", 100)
    p = tmp_path / "big.txt"
    p.write_text("word\n" * 30)
    with pytest.raises(UsageError, match="limit"):
        load(p)
    with pytest.raises(UsageError, match="limit"):
        parse_plain(b"word\n" * 30)


def test_check_word_count_limit():
    from pyengine.puzzles.wordlist import MAX_CHECK, run_check
    with pytest.raises(UsageError, match=str(MAX_CHECK)):
        run_check(["cat"] * (MAX_CHECK + 1))


# -- the disk cache ----------------------------------------------------------------------
def _forge(path, key, data, name=None):
    """A cache file of the right format and key holding ``data``, with its own (right)
    digest: only the caller's ``check`` can tell it is wrong."""
    name = name or path.name.split(".")[1]
    path.write_bytes(b"".join(F.pack(name, key, data)))


@pytest.mark.parametrize("data", [
    None, 42, ("cat",), (("cat",), None, None, None, 0),
    (("cat", "dog"), None, None, array("I", [1]), 0),               # sizes differ
    (("dog", "cat"), None, None, array("I", [0, 0]), 0),            # unsorted, bad masks
    ((7,), None, None, array("I", [0]), 0),                         # an int, not a str
    (("cat",), None, None, array("I", [0]), -1),
])
def test_cache_of_the_wrong_shape_is_rebuilt(small, data):
    wl = load(small)
    core = W.Path(wl.cache_path())
    _forge(core, wl._cache_key, data)               # even with the right digest
    W.clear_memory_cache()
    again = load(small)
    assert again.words == tuple(SMALL) and "cat" in again


def test_default_cache_of_the_right_shape_but_other_words_is_rebuilt(cache, capsys):
    wl = load(None)
    core = W.Path(wl.cache_path())
    real = core.read_bytes()
    digest = slice(len(F.MAGIC), len(F.MAGIC) + 32)
    # a well-formed list of one word, with the right format and key, the wrong digest
    other = (("dog",), array("B", [10]), array("h", [500]), array("I", [W.letter_mask("dog")]), 0)
    forged = bytearray(b"".join(F.pack("core", wl._cache_key, other)))
    forged[digest] = real[digest]
    zeroed = bytearray(forged)
    zeroed[digest] = bytes(32)      # and without one
    foreign = b"".join(F.pack("core", wl._cache_key[:-1] + (0,), other))   # another list's
    for bad in (forged, zeroed, foreign):
        core.write_bytes(bad)
        W.clear_memory_cache()
        assert load(None).words == wl.words
    assert _cli(["words", "check", "cat"]) == 0
    assert "cat: yes" in capsys.readouterr().out


def test_by_mask_and_prefix_caches_are_checked(small):
    wl = load(small)
    good_bm, good_pre = wl.by_mask(), wl.prefixes()
    for name, data in (("by_mask", {1: ("zzz",)}), ("by_mask", {"x": 1}),
                       ("prefixes", "a\nb")):
        _forge(W.Path(C.cache_file(wl._cache_key, name)), wl._cache_key, data)
    W.clear_memory_cache()
    again = load(small)
    assert again.by_mask() == good_bm and again.prefixes() == good_pre


def test_fifo_in_place_of_a_cache_file_does_not_block(small):
    wl = load(small)
    core = W.Path(wl.cache_path())
    core.unlink()
    os.mkfifo(core)
    W.clear_memory_cache()
    again = _in_thread(lambda: load(small))
    assert again.words == tuple(SMALL)


def test_a_list_made_unreadable_is_not_served_from_the_cache(small, monkeypatch):
    assert load(small).words == tuple(SMALL)
    real_open = os.open

    def refuse(path, flags, *args):
        if os.fspath(path) == str(small):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)
    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(UsageError, match="Permission denied"):
        load(small)
    W.clear_memory_cache()
    with pytest.raises(UsageError, match="Permission denied"):
        load(small)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 file anyway")
def test_a_list_chmod_000_after_loading_is_refused(small):
    load(small)
    small.chmod(0)
    try:
        with pytest.raises(UsageError):
            load(small)
    finally:
        small.chmod(0o644)


def test_stale_temp_files_are_removed(small, cache, monkeypatch):
    load(small)
    dead = cache / "words-0123.core.cache.999999999.tmp"       # no such process
    old = cache / f"words-4567.core.cache.{os.getppid()}.tmp"  # alive, but hours old
    fresh = cache / f"words-89ab.core.cache.{os.getppid()}.tmp"
    for f in (dead, old, fresh):
        f.write_bytes(b"half a cache file")
    past = time.time() - 2 * C.STALE_TMP_SECONDS
    os.utime(old, (past, past))
    monkeypatch.setattr(C, "_swept", set())
    W.clear_memory_cache()
    load(small)
    assert not dead.exists() and not old.exists() and fresh.exists()


def test_save_over_a_fifo_at_the_temp_name_does_not_block(small):
    wl = load(small)
    path = C.cache_file(wl._cache_key, "extra")
    os.mkfifo(path.with_name(f"{path.name}.{os.getpid()}.tmp"))
    _in_thread(lambda: C.cache_save(wl._cache_key, "extra", [1, 2]))
    assert C.cache_load(wl._cache_key, "extra") == [1, 2]


# -- property tests ----------------------------------------------------------------------
lines = st.lists(st.one_of(st.sampled_from(["cat", "Dog", "caf\u00e9", "cafe\u0301", "# c",
                                            "a b", "r2d2", "", "  x  ", "\ufeffzed"]),
                           st.text(max_size=8)), max_size=20)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=200),
                 st.tuples(lines, st.sampled_from(["\n", "\r\n", "\r"])).map(
                     lambda t: t[1].join(t[0]).encode("utf-8", "surrogatepass"))))
def test_parse_plain_gives_words_or_a_usage_error(raw):
    try:
        words, skipped = parse_plain(raw, "x")
    except UsageError as exc:
        assert "\n" not in str(exc)
        return
    assert words and list(words) == sorted(set(words)) and skipped >= 0
    assert all(w.isascii() and w.isalpha() and w.islower() for w in words)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=20),
                 st.sampled_from(["default", "default:20", "system", "enable1", "words_alpha",
                                  "enable2k:3", "default:007", "~", "~/", "/", "."]).flatmap(
                     lambda s: st.just(s) | st.text(max_size=4).map(lambda t: s + t))))
def test_load_gives_a_list_or_a_usage_error(spec):
    try:
        wl = load(spec)
    except UsageError as exc:
        assert "\n" not in str(exc)
        return
    assert len(wl) >= 0 and wl.label


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.sampled_from(["--words", "default:20", "--tier", "20", "-1",
                                           "\u00b2", "check", "cat", "--json", "x", "--",
                                           "show", "default:\u00b2"]),
                          # (argparse's own messages quote words as given: no line breaks)
                          st.text(st.characters(blacklist_categories=("Cc", "Zl", "Zp")),
                                  max_size=6)), max_size=6))
def test_words_command_in_process(capsys, argv):
    code = _cli(["words"] + argv)
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (code, err)
    if code == 2:
        assert "Traceback" not in err and err.count("\n") <= 1 or err.startswith("usage:")
    elif "--json" in (argv[:argv.index("--")] if "--" in argv else argv) and out:
        json.loads(out)


def test_an_interrupted_cache_write_leaves_no_temp_file(small, cache, monkeypatch):
    wl = load(small)
    written = []

    def interrupted(src, dst):      # Ctrl-C between writing the temp file and renaming it
        written.append(os.path.getsize(src))
        raise KeyboardInterrupt
    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        C.cache_save(wl._cache_key, "extra", [1])
    assert written and written[0] > 0
    assert not [f for f in os.listdir(cache) if f.endswith(".tmp")]
