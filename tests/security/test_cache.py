"""The word lists' disk cache against a hostile local user: planted pickles and planted
files of the cache's own format never run anything; altered but well-formed data in
every cached part (core, by_mask, prefixes, lexicon, boggle-stats) is caught by its
digest and rebuilt; cache folders that others own or can write are not used; symlinked,
foreign-owned and truncated cache files are not read; nothing but plain data is saved.

Every test sets PYENGINE_CACHE (or the /tmp fallback's root) to a tmp_path."""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import pickle
import re
import shlex
import stat
from array import array
from pathlib import Path

import pytest

from pyengine.puzzles.boggle import stats as S
from pyengine.words import cache as C
from pyengine.words import cache_format as F
from pyengine.words import lexicon as L
from pyengine.words import lists as W
from pyengine.words.letters import masks_of
from pyengine.words.lists import load

SMALL = ("alpha", "beta", "cat", "dog", "gamma")
DIGEST = slice(len(F.MAGIC), len(F.MAGIC) + 32)
OTHER_UID = 65534                   # nobody
NOTICE = re.compile(r"pyengine: cache file words-[0-9a-f]{20}\.[a-z_-]+\.cache [^\n]+; rebuilt\n")
LEXICON = ("S\t0\tn\tanimal\t\ta living organism\n"
           "S\t1\tn\tinsect\t0\ta small arthropod\n"
           "S\t2\tn\tearwig\t1\tan insect with pincers\n"
           "C\t1\n"
           "E\tearwig\t2\n")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A fresh cache folder; no lists, statistics or lexicons remembered in memory."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PYENGINE_CACHE", str(folder))
    _forget()
    yield folder
    _forget()


def _forget():
    W.clear_memory_cache()
    S._MEMO.clear()
    L._LOADED.clear()


@pytest.fixture
def words_file(tmp_path):
    path = tmp_path / "small.txt"
    path.write_text("\n".join(SMALL) + "\n")
    return path


@pytest.fixture
def small(words_file, cache):
    return words_file


def _core(words) -> tuple:
    return (tuple(words), None, None, masks_of(words), 0)


def _plant(path: Path, name: str, key: tuple, data) -> None:
    """A file of the cache's own format, with a right digest, holding ``data``."""
    path.write_bytes(b"".join(F.pack(name, key, data)))


def _raw_file(name: str, key: tuple, tree: str, payload: bytes = b"") -> bytes:
    """A cache file with any ``tree`` (JSON text) at all, and a right digest (what a
    writer who knows the format can make)."""
    header = f'{{"name": {json.dumps(name)}, "inputs": {json.dumps(list(key))}, "tree": {tree}}}'
    header = header.encode()
    body = len(header).to_bytes(8, "little") + header + payload
    return F.MAGIC + hashlib.sha256(body).digest() + body


class _Boom:
    """Unpickled, runs ``touch MARKER``."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return os.system, ("touch " + shlex.quote(str(self.marker)),)


# -- planted files never run anything -------------------------------------------------
def test_a_planted_pickle_is_never_unpickled(small, cache, tmp_path, capsys):
    control, marker = tmp_path / "control", tmp_path / "marker"
    pickle.loads(pickle.dumps(_Boom(control)))      # the payload is live: unpickled, it runs
    assert control.exists()
    key = load(small)._cache_key
    evil = pickle.dumps({"fmt": 1, "key": key, "data": _Boom(marker)})
    core = C.cache_file(key, "core")
    old_name = cache / f"words-{hashlib.sha1(repr((1,) + key[1:]).encode()).hexdigest()[:20]}" \
                       ".core.pickle"
    core.write_bytes(evil)                          # in the new file's place
    old_name.write_bytes(evil)                      # and where the old version kept it
    C._swept.discard(str(cache))
    _forget()
    capsys.readouterr()
    assert load(small).words == SMALL
    assert not marker.exists()
    assert not old_name.exists()                    # an older version's pickle is swept away
    assert capsys.readouterr().err == (
        f"pyengine: cache file {core.name} is not a cache file of this version; rebuilt\n")
    assert F.unpack(core.read_bytes(), "core", key) == _core(SMALL)


def _code_as_a_word(marker):
    """A core-shaped tree whose one word is Python code that would touch ``marker``."""
    code = f"__import__('os').system('touch {marker}')".encode()
    return ({"seq": "tuple", "items": [{"strs": "tuple", "n": 1, "at": [0, len(code)]}, None,
                                       None, {"array": "I", "at": [len(code), 4]}, 0]},
            code + bytes(4))


def _pickle_in_a_str(marker):
    evil = pickle.dumps(_Boom(marker))
    return {"str": [0, len(evil)]}, evil


PLANTED = {
    "unknown tag": lambda m: ({"pickle": "gASVIQAAAAAAAACMAm9zlIwGc3lzdGVtlJOUjAV0b3VjaJSFlFKULg=="},
                              b""),
    "callable as a type": lambda m: ({"seq": "os.system", "items": [f"touch {m}"]}, b""),
    "reduce-like object": lambda m: (
        {"seq": "tuple", "items": [{"__reduce__": ["os.system", f"touch {m}"]}]}, b""),
    "array of chars": lambda m: ({"array": "u", "at": [0, 4]}, b"abcd"),
    "blob out of bounds": lambda m: ({"str": [0, 10**12]}, f"touch {m}".encode()),
    "wrong count": lambda m: ({"strs": "tuple", "n": 2, "at": [0, 5]}, b"touch"),
    "ragged too long": lambda m: ({"ragged": "tuple", "lengths": {"ints": "tuple", "at": [0, 8]},
                                  "flat": {"seq": "tuple", "items": []}},
                                 (5).to_bytes(8, "little")),
    "code as a word": _code_as_a_word,
    "pickle as a str": _pickle_in_a_str,
    "deep nesting": lambda m: ("[" * 50_000 + "]" * 50_000, b""),
}


@pytest.mark.parametrize("case", PLANTED)
def test_a_planted_file_of_our_format_only_holds_data(small, tmp_path, capsys, case):
    marker = tmp_path / "marker"
    key = load(small)._cache_key
    core = C.cache_file(key, "core")
    tree, payload = PLANTED[case](marker)
    tree = tree if isinstance(tree, str) else json.dumps(tree)
    core.write_bytes(_raw_file("core", key, tree, payload))
    _forget()
    capsys.readouterr()
    assert load(small).words == SMALL
    assert not marker.exists()
    err = capsys.readouterr().err
    assert NOTICE.fullmatch(err) and ("could not be parsed" in err or "its check" in err), err


# -- altered but well-formed data, part by part ----------------------------------------
def _part_core(small, tmp_path):
    key = load(small)._cache_key

    def answer():
        _forget()
        return load(small).words
    other = ("alpha", "beta", "cot", "dog", "gamma")
    return key, "core", answer, lambda data: _core(other), lambda d: W._core_ok(d, False)


def _part_by_mask(small, tmp_path):
    wl = load(small)

    def answer():
        _forget()
        return load(small).by_mask()

    def alter(data):        # "dog" gone, "cat" twice: the right size, each word its mask
        bad = {m: g for m, g in data.items() if g != ("dog",)}
        bad[W.letter_mask("cat")] = ("cat", "cat")
        return bad
    return wl._cache_key, "by_mask", answer, alter, wl._by_mask_ok


def _part_prefixes(small, tmp_path):
    def answer():
        _forget()
        return load(small).prefixes()
    return load(small)._cache_key, "prefixes", answer, lambda data: data + "\nzz", None


def _part_lexicon(small, tmp_path):
    path = tmp_path / "lexicon.tsv.gz"
    path.write_bytes(gzip.compress(LEXICON.encode()))

    def answer():
        _forget()
        lex = L.load_lexicon(path)
        return lex.glosses, lex.hypers, lex.entries, lex.named

    def alter(data):
        pos, lemmas, hypers, glosses, entries, named = data
        return pos, lemmas, hypers, glosses[:2] + ("a bird of prey",), entries, named
    key = (F.FORMAT, "lexicon", hashlib.sha1(path.read_bytes()).hexdigest())
    return key, "lexicon", answer, alter, L._ok


def _part_stats(small, tmp_path):
    def answer():
        _forget()
        st = S.for_wordlist(load(small))
        return st.words, st.letter_counts, st.adjacency, st.trigrams

    def alter(data):
        return dict(data, letters=[n + 1 for n in data["letters"]])
    key = tuple(load(small)._cache_key) + ("boggle-stats", S._FORMAT)
    return key, "boggle-stats", answer, alter, S._stats_ok


PARTS = {"core": _part_core, "by_mask": _part_by_mask, "prefixes": _part_prefixes,
         "lexicon": _part_lexicon, "boggle-stats": _part_stats}


@pytest.mark.parametrize("part", PARTS)
def test_altered_but_well_formed_data_is_caught_by_its_digest(part, small, tmp_path, capsys):
    key, name, answer, alter, check = PARTS[part](small, tmp_path)
    good = answer()                                 # built, and saved
    path = C.cache_file(key, name)
    raw = path.read_bytes()
    data = F.unpack(raw, name, key)
    bad = alter(data)
    assert bad != data and (check is None or check(bad))    # the shape checks let it by
    _plant(path, name, key, bad)
    assert answer() != good                         # control: a right digest is believed
    forged = bytearray(path.read_bytes())
    forged[DIGEST] = raw[DIGEST]                    # the data altered, the digest not
    path.write_bytes(forged)
    capsys.readouterr()
    assert answer() == good
    assert capsys.readouterr().err == (
        f"pyengine: cache file {path.name} did not match its digest; rebuilt\n")
    assert F.unpack(path.read_bytes(), name, key) == data  # rewritten


def test_a_cache_file_built_from_other_inputs_is_rebuilt(small, capsys):
    wl = load(small)
    core = C.cache_file(wl._cache_key, "core")
    _plant(core, "core", wl._cache_key[:-1] + (1,), _core(("cat",)))   # another mtime's
    _forget()
    capsys.readouterr()
    assert load(small).words == SMALL
    assert capsys.readouterr().err == (
        f"pyengine: cache file {core.name} was built from other inputs; rebuilt\n")


@pytest.mark.parametrize("keep", [0, 10, len(F.MAGIC) + 20, 0.5, -1])
def test_a_truncated_file_is_rebuilt(small, capsys, keep):
    wl = load(small)
    bm = wl.by_mask()
    for name in ("core", "by_mask"):
        path = C.cache_file(wl._cache_key, name)
        raw = path.read_bytes()
        path.write_bytes(raw[:int(len(raw) * keep) if type(keep) is float else keep])
    _forget()
    capsys.readouterr()
    again = load(small)
    assert again.words == SMALL and again.by_mask() == bm
    lines = capsys.readouterr().err.splitlines(keepends=True)
    assert len(lines) == 2 and all(NOTICE.fullmatch(line) for line in lines), lines
    assert C.cache_load(wl._cache_key, "core") == _core(SMALL)


def test_a_missing_file_is_built_without_a_word(small, capsys):
    wl = load(small)
    wl.by_mask(), wl.prefixes()
    assert capsys.readouterr().err == ""
    assert C.cache_file(wl._cache_key, "by_mask").is_file()


# -- cache files: symlinks, other owners ---------------------------------------------
def test_a_symlinked_cache_file_is_not_followed(small, tmp_path, capsys):
    key = load(small)._cache_key
    core = C.cache_file(key, "core")
    target = tmp_path / "elsewhere.cache"
    _plant(target, "core", key, _core(("cat",)))    # valid, but not the list's words
    planted = target.read_bytes()
    core.unlink()
    core.symlink_to(target)
    _forget()
    capsys.readouterr()
    assert load(small).words == SMALL
    assert capsys.readouterr().err == (
        f"pyengine: cache file {core.name} is a symbolic link; rebuilt\n")
    assert not core.is_symlink() and core.is_file()  # replaced, not written through
    assert target.read_bytes() == planted


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file away needs root")
def test_a_cache_file_owned_by_another_user_is_not_read(small, capsys):
    key = load(small)._cache_key
    core = C.cache_file(key, "core")
    _plant(core, "core", key, _core(("cat",)))
    os.chown(core, OTHER_UID, OTHER_UID)
    _forget()
    capsys.readouterr()
    assert load(small).words == SMALL
    assert capsys.readouterr().err == (
        f"pyengine: cache file {core.name} is owned by another user; rebuilt\n")
    assert core.stat().st_uid == os.getuid()


# -- cache folders ---------------------------------------------------------------------
def _serves_forged_core(small, folder, capsys) -> str:
    """Load ``small`` with a valid but forged core file planted in ``folder``; returns
    stderr after checking the real words were served and no cache file was written."""
    key = (F.FORMAT, "file", os.path.realpath(small), small.stat().st_size,
           small.stat().st_mtime_ns)
    folder.mkdir(exist_ok=True)
    _plant(folder / C.cache_file(key, "core").name, "core", key, _core(("cat",)))
    before = sorted(os.listdir(folder))
    capsys.readouterr()
    wl = load(small)
    assert wl.words == SMALL and wl.by_mask()
    assert sorted(os.listdir(folder)) == before     # nothing read, nothing written
    return capsys.readouterr().err


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702, 0o720])
def test_a_folder_writable_by_others_is_not_used(small, cache, capsys, mode):
    cache.mkdir()
    cache.chmod(mode)
    err = _serves_forged_core(small, cache, capsys)
    assert err == (f"pyengine: cache folder {str(cache)!r} is writable by group or others; "
                   "running without a disk cache\n")


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder away needs root")
def test_a_folder_owned_by_another_user_is_not_used(small, cache, capsys):
    cache.mkdir(mode=0o700)
    os.chown(cache, OTHER_UID, OTHER_UID)
    err = _serves_forged_core(small, cache, capsys)
    assert err == (f"pyengine: cache folder {str(cache)!r} is owned by another user; "
                   "running without a disk cache\n")


def test_a_folder_seen_as_another_users_is_not_used(small, cache, capsys, monkeypatch):
    cache.mkdir(mode=0o700)
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)
    err = _serves_forged_core(small, cache, capsys)
    assert "is owned by another user; running without a disk cache" in err


@pytest.mark.parametrize("mode, strict, problem", [
    (0o700, False, None), (0o755, False, None), (0o500, False, None),
    (0o775, False, "writable"), (0o757, False, "writable"), (0o722, False, "writable"),
    (0o700, True, None), (0o750, True, None), (0o705, True, None),
    (0o770, True, "writable"), (0o707, True, "writable"), (0o1777, True, "writable"),
])
def test_folder_modes(tmp_path, mode, strict, problem):
    folder = tmp_path / "f"
    folder.mkdir()
    folder.chmod(mode)
    got = C.folder_problem(folder, strict)
    assert got is None if problem is None else problem in got
    if strict and problem is None:
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700     # narrowed


def test_folder_problems_of_odd_paths(tmp_path):
    (tmp_path / "file").write_text("x")
    (tmp_path / "real").mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(tmp_path / "real")
    assert C.folder_problem(tmp_path / "absent") == ""
    assert C.folder_problem(tmp_path / "file" / "sub") == ""
    assert C.folder_problem(tmp_path / "file") == "is not a folder"
    assert C.folder_problem(tmp_path / "link") is None           # $PYENGINE_CACHE may link
    assert C.folder_problem(tmp_path / "link", strict=True) == "is a symbolic link"


@pytest.fixture
def no_home(tmp_path, monkeypatch):
    """No $PYENGINE_CACHE and no home folder: the fallback, under tmp_path."""
    monkeypatch.delenv("PYENGINE_CACHE", raising=False)

    def homeless():
        raise RuntimeError("no home")
    monkeypatch.setattr(Path, "home", staticmethod(homeless))
    monkeypatch.setattr(C, "TMP_ROOT", tmp_path)
    _forget()
    yield tmp_path / f"pyengine-cache-{os.getuid()}"
    _forget()


def test_the_tmp_fallback_is_created_0700(no_home, tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("cat\ndog\n")
    old = os.umask(0)
    try:
        load(words)
    finally:
        os.umask(old)
    assert C.cache_dir() == no_home
    assert stat.S_IMODE(os.lstat(no_home).st_mode) == 0o700
    assert any(name.endswith(".core.cache") for name in os.listdir(no_home))


def test_the_tmp_fallback_is_narrowed_to_0700_when_only_readable(no_home, words_file):
    no_home.mkdir()
    no_home.chmod(0o755)
    load(words_file)
    assert stat.S_IMODE(no_home.stat().st_mode) == 0o700
    assert any(name.endswith(".core.cache") for name in os.listdir(no_home))


@pytest.mark.parametrize("how", ["writable", "symlink", "other user"])
def test_a_planted_tmp_fallback_is_not_used(no_home, words_file, tmp_path, capsys, how):
    if how == "symlink":
        (tmp_path / "theirs").mkdir(mode=0o700)
        no_home.symlink_to(tmp_path / "theirs")
        folder = tmp_path / "theirs"
    else:
        no_home.mkdir(mode=0o700)
        folder = no_home
        if how == "writable":
            no_home.chmod(0o777)
        elif os.geteuid() == 0:
            os.chown(no_home, OTHER_UID, OTHER_UID)
        else:
            pytest.skip("giving a folder away needs root")
    err = _serves_forged_core(words_file, folder, capsys)
    reason = {"writable": "is writable by group or others", "symlink": "is a symbolic link",
              "other user": "is owned by another user"}[how]
    assert err == (f"pyengine: cache folder {str(no_home)!r} {reason}; "
                   "running without a disk cache\n")


def test_an_untrusted_folder_is_reported_once(small, cache, capsys):
    cache.mkdir()
    cache.chmod(0o777)
    load(small).by_mask()
    _forget()
    load(small).prefixes()
    assert capsys.readouterr().err.count("\n") == 1


# -- nothing but data is saved, and no pickle is used ----------------------------------
@pytest.mark.parametrize("data", [
    {1, 2}, frozenset("ab"), b"bytes", bytearray(b"x"), float("nan"), float("inf"), object(),
    (1, [2, {3}]), {"k": b"v"}, array("u", "x"), _Boom("x"), 1j, range(3),
])
def test_only_plain_data_is_saved(small, cache, data):
    key = load(small)._cache_key
    before = sorted(os.listdir(cache))
    with pytest.raises(TypeError):
        C.cache_save(key, "extra", data)
    assert sorted(os.listdir(cache)) == before


def test_a_key_of_plain_data_only(cache):
    with pytest.raises(TypeError):
        C.cache_save((F.FORMAT, object()), "extra", [1])


@pytest.mark.parametrize("data", [
    None, True, 3, -2**70, 2.5, "s", "x" * 1000, "nul\0inside", "\ud800", (), [], {},
    ("a", "b\0c"), [1, 2**64], ((), (1,), (2, 3)), [["a"], [], ["b", "c"]], [[[1]], [[2, 3]]],
    {1: ("a",), 2: ()}, {"k": [None, 1.5, "v"]}, (array("I", [1, 2]), array("d", [0.5])),
])
def test_plain_data_comes_back_as_it_went(small, data):
    key = load(small)._cache_key
    C.cache_save(key, "extra", data)
    got = C.cache_load(key, "extra")
    assert got == data and type(got) is type(data)
    assert repr(got) == repr(data)                  # tuples stay tuples, lists lists


def test_no_pickle_is_used(small, tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("pickle used")
    for name in ("load", "loads", "dump", "dumps", "Pickler", "Unpickler"):
        monkeypatch.setattr(pickle, name, refuse)
    lexicon = tmp_path / "lexicon.tsv.gz"
    lexicon.write_bytes(gzip.compress(LEXICON.encode()))
    for _ in range(2):                              # saved, then loaded
        _forget()
        wl = load(small)
        wl.by_mask(), wl.prefixes(), S.for_wordlist(wl), L.load_lexicon(lexicon)
    assert C.cache_load(wl._cache_key, "core") == _core(SMALL)
    root = Path(C.__file__).parent
    for source in (*root.glob("*.py"), Path(S.__file__)):
        assert not re.search(r"\bimport pickle\b|\bpickle\.(loads?|dumps?|Unpickler|Pickler)\b",
                             source.read_text()), source


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_no_regular_file_in_place_of_a_cache_file_is_read(small, capsys, kind):
    import threading
    key = load(small)._cache_key
    core = C.cache_file(key, "core")
    core.unlink()
    core.mkdir() if kind == "directory" else os.mkfifo(core)
    _forget()
    capsys.readouterr()
    got = []
    worker = threading.Thread(target=lambda: got.append(load(small).words), daemon=True)
    worker.start()
    worker.join(10)
    assert got == [SMALL], "blocked or failed"
    assert capsys.readouterr().err == (
        f"pyengine: cache file {core.name} is not a regular file; rebuilt\n")


@pytest.mark.parametrize("folder", ["/proc/no-such-folder", "/etc/passwd"])
def test_words_names_no_cache_file_where_none_is_kept(folder, monkeypatch, capsys):
    """``pyengine words`` printed a cache file under a folder the process could not
    use (/proc/nonexist, a file's path; a newcomer's finding): it says there is none."""
    from pyengine.ui.cli import main
    monkeypatch.setenv("PYENGINE_CACHE", folder)
    assert main(["words"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == \
        "cache:    (none: running without a disk cache)"
