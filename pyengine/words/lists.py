"""Word lists for the puzzles: an embedded default with commonness tiers,
swappable lists by name or path, and lazily built, cached indexes.

The default list is SCOWL (english + american words, size levels 10..70)
shipped as ``facts/words/default.tsv.gz`` (``word<TAB>tier<TAB>zipf100``),
built by ``scripts/build_words.py``.  The *tier* of a word is the smallest
SCOWL size level it appears at (10 = most common ... 70 = large dictionary);
``zipf100`` is 100 x wordfreq's zipf frequency (build-time input only).

The named lists ``enable1``, ``enable2k`` and ``words_alpha`` ship compressed
beside it (``facts/words/*.txt.xz``, built by ``scripts/build_named_lists.py``; see
``named``), so they need no files outside the package.

Plain lists (a file, ``system``, ``enable1`` ...) have no tiers: every word
has tier 0, so ``common()`` returns the whole list.  Their zipf values are
borrowed from the embedded default list (0.0 for words it lacks), so
``rank_key`` and ``filter(min_zipf=...)`` still work on them.

Parsed lists and the heavier indexes (letter masks, ``by_mask``,
``prefixes``) are cached on disk under $PYENGINE_CACHE (default
~/.cache/pyengine), keyed on a file's path, size and mtime (an embedded list:
its name and SHA-256), as data
files (JSON and raw arrays, never pickles) with a digest checked on every
load; a damaged, altered or foreign cache file is ignored and rebuilt
(see ``cache``).

This module loads lists (:func:`load`); the list itself is
:class:`pyengine.words.wordlist.WordList`, the riddles' index is in
``position``, letter masks in ``letters``, the disk cache in ``cache`` and the
named lists in ``named``.
Nothing heavy is imported at module level (no numpy / clips / experta).
"""
from __future__ import annotations

import os
import re
import stat
from array import array
from pathlib import Path

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import read_capped
from pyengine.words.cache import FORMAT as _FORMAT
from pyengine.words.cache import cache_dir
from pyengine.words.cache import cache_load as _cache_load
from pyengine.words.cache import cache_save as _cache_save
from pyengine.words.letters import letter_mask, masks_of
from pyengine.words.memo import Memo, forget_all
from pyengine.words.named import NAMED_LISTS, embedded, read_named
from pyengine.words.position import PositionIndex
from pyengine.words.wordlist import ZIPF_BASE, WordList
from pyengine.engine.textio import fold
from pyengine.engine.textio import user_path

__all__ = ["load", "WordList", "PositionIndex", "letter_mask", "cache_dir",
           "clear_memory_cache", "parse_plain", "NAMED_LISTS",
           "DEFAULT_TIERS"]

DEFAULT_TIERS = (10, 20, 35, 40, 50, 55, 60, 70)
#: the largest word-list file read (bytes): about 1.8 million words, ~6 s and ~300 MiB
#: to parse (bench/bench_limits_riddle_words.py); words_alpha, the largest named list,
#: is 4 MiB
MAX_LIST_BYTES = 16 * 2**20
_AZ_LINES = re.compile(r"[a-z\n]*")

SYSTEM_WORDS = Path("/usr/share/dict/words")
DEFAULT_LICENCE = ("SCOWL (c) Kevin Atkinson, permissive licence, see "
                   "facts/words/LICENSE-SCOWL.txt; zipf frequencies from "
                   "wordfreq (data CC BY-SA 4.0, code Apache-2.0), see "
                   "facts/words/NOTICE.md")



# --------------------------------------------------------------------------
# loading

#: the three lists used last (with their filtered views' parents): the default list, a
#: named list and a file of the user's fit; an older one is read again from the disk cache
#: (a large list with its indexes holds 100 MB and more: eight kept a test worker at 900 MB)
_MEMO = Memo(3)


def clear_memory_cache() -> None:
    """Forget the lists loaded in this process and what was built from them (Boggle's
    statistics and tries); the disk cache stays."""
    forget_all()


def _build_default(res) -> tuple:
    import gzip
    text = gzip.decompress(res.read_bytes()).decode("ascii")
    cells = text.split()
    words = tuple(cells[0::3])
    tiers = array("B", map(int, cells[1::3]))
    zipf = array("h", map(int, cells[2::3]))
    masks = masks_of(words)
    return words, tiers, zipf, masks, 0


def _load_default() -> WordList:
    res, key = embedded("default.tsv.gz", "scripts/build_words.py")
    key = (_FORMAT, "default") + key
    wl = _MEMO.get(key)
    if wl is not None:
        return wl
    data = _cache_load(key, "core", lambda d: _core_ok(d, tiered=True))
    if data is None:
        data = _build_default(res)
        _cache_save(key, "core", data)
    words, tiers, zipf, masks, skipped = data
    wl = WordList(words, tiers, zipf, masks, label="default", kind="default",
                  source="SCOWL english+american words, size levels 10-70 "
                         "(embedded facts/words/default.tsv.gz)",
                  licence=DEFAULT_LICENCE, path=str(res), cache_key=key)
    _MEMO[key] = wl
    return wl


def parse_plain(raw: bytes, name: str = "word list") -> tuple[tuple[str, ...], int]:
    """Parse a one-word-per-line file: any case, CRLF or LF, ``#`` comments, a
    UTF-8 BOM. Returns (sorted unique words, number of skipped lines): a line
    that is not one a-z word after NFKC normalisation (``café``, ``cafe`` + U+0301,
    digits, spaces; the Kelvin sign is K, as :func:`~pyengine.engine.textio.ascii_letters`
    reads every word) is skipped. Raises UsageError for empty, binary or non-UTF-8
    input, for input over ``MAX_LIST_BYTES``, or for no usable words."""

    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise UsageError(f"{name}: a word list is read as bytes, not {type(raw).__name__}")
    raw = bytes(raw)
    if len(raw) > MAX_LIST_BYTES:
        raise UsageError(f"{name}: {len(raw)} bytes is over the word-list limit of "
                         f"{MAX_LIST_BYTES} bytes ({MAX_LIST_BYTES >> 20} MiB)")
    if not raw.strip():
        raise UsageError(f"{name}: file is empty")
    if b"\0" in raw:
        raise UsageError(f"{name}: looks like a binary file, not a word list")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name}: not UTF-8 text (bad byte at offset {exc.start})") from None
    text = fold(text)
    lines = text.lower().splitlines()
    if "#" in text:
        lines = [ln.split("#", 1)[0] for ln in lines]
    lines = [ln.strip() for ln in lines]
    good = [w for w in lines if w.isalpha() and w.isascii()]
    skipped = sum(1 for ln in lines if ln) - len(good)
    if not good:
        raise UsageError(f"{name}: no usable words (one lower-case a-z word per line expected)")
    return tuple(sorted(set(good))), skipped


def _core_ok(data, tiered: bool) -> bool:
    """Is cached ``core`` data a list's shape: (a-z words, tiers, zipf, masks, skipped),
    arrays of the right type and length, a sample of masks that fit their words?
    (The cache checks its digest before this.)"""
    words, tiers, zipf, masks, skipped = data
    n = len(words)
    if type(words) is not tuple or not n or type(skipped) is not int or skipped < 0:
        return False
    arrays = ((masks, "I"),) + (((tiers, "B"), (zipf, "h")) if tiered else ())
    if not all(type(a) is array and a.typecode == code and len(a) == n for a, code in arrays):
        return False
    if not tiered and (tiers is not None or zipf is not None):
        return False
    # str.join refuses anything but str; the pattern, anything but lines of a-z
    if not words[0] or not _AZ_LINES.fullmatch("\n".join(words)):
        return False
    step = max(1, n // 64)
    return all(masks[i] == letter_mask(words[i]) for i in range(0, n, step))


def _open_list(path: Path) -> int:
    """A read-only descriptor on the word list ``path``, refused (UsageError) unless it
    is a readable regular file within ``MAX_LIST_BYTES``; a FIFO or device is never
    opened for a blocking read."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(f"word list is not a regular file: {shown(path)}")
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise UsageError(f"word list not found: {shown(path)}") from None
    except OSError as exc:
        raise UsageError(f"cannot read word list {shown(path)}: {exc.strerror or exc}") from None
    except ValueError:
        raise UsageError(f"bad word list path {str(path)!r}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_LIST_BYTES:
        os.close(fd)
        if stat.S_ISREG(st.st_mode):
            raise UsageError(f"word list {shown(path)} is {st.st_size} bytes, over the limit of "
                             f"{MAX_LIST_BYTES} bytes ({MAX_LIST_BYTES >> 20} MiB)")
        raise UsageError(f"word list is not a regular file: {shown(path)}")
    os.set_blocking(fd, True)
    return fd


def _plain_core(key: tuple, read, name: str) -> tuple:
    """The ``core`` data of a plain list: from the disk cache under ``key``, else parsed
    from ``read()`` (its bytes) and cached."""
    data = _cache_load(key, "core", lambda d: _core_ok(d, tiered=False))
    if data is None:
        words, skipped = parse_plain(read(), name)
        data = (words, None, None, masks_of(words), skipped)
        _cache_save(key, "core", data)
    return data


def _read_fd(fd: int, path: Path) -> bytes:
    """The bytes of the word list open on ``fd`` (within ``MAX_LIST_BYTES``)."""
    try:
        with os.fdopen(os.dup(fd), "rb") as fh:
            return read_capped(fh, MAX_LIST_BYTES)
    except OSError as exc:
        raise UsageError(f"cannot read word list {shown(path)}: {exc.strerror}") from None


def _load_file(path: Path, label: str, kind: str, licence: str, source: str) -> WordList:
    fd = _open_list(path)       # checked readable now, even when a cached copy is served
    try:
        st = os.fstat(fd)
        key = (_FORMAT, "file", os.path.realpath(path), st.st_size, st.st_mtime_ns)
        memo_key = key + (label,)
        wl = _MEMO.get(memo_key)
        if wl is not None:
            return wl
        data = _plain_core(key, lambda: _read_fd(fd, path), shown(path))
    finally:
        os.close(fd)
    words, _t, _z, masks, skipped = data
    wl = WordList(words, None, None, masks, label=label, source=source, licence=licence,
                  kind=kind, path=str(path), skipped=skipped, cache_key=key)
    _MEMO[memo_key] = wl
    return wl


def _load_named(name: str) -> WordList:
    """A named list shipped under facts/words (memoised, disk-cached)."""
    entry = NAMED_LISTS[name]
    res, key = embedded(entry.file, "scripts/build_named_lists.py")
    key = (_FORMAT, "named") + key
    wl = _MEMO.get(key)
    if wl is not None:
        return wl
    words, _t, _z, masks, skipped = _plain_core(key, lambda: read_named(res), name)
    wl = WordList(words, None, None, masks, label=name, kind="named",
                  source=f"{entry.about} (embedded facts/words/{entry.file})",
                  licence=entry.licence, path=str(res), skipped=skipped, cache_key=key)
    _MEMO[key] = wl
    return wl


def _split_spec(spec: str, max_tier: int | None) -> tuple[str, int | None]:
    """``default:35`` -> (``default``, 35), narrowed by ``max_tier``; a path as it is."""
    head, _, tail = spec.rpartition(":")
    if not (head in ("default", "system") or head in NAMED_LISTS):
        return spec, max_tier
    if not (tail.isascii() and tail.isdigit()) or len(tail) > 6:
        raise UsageError(f"word list {spec!r}: after '{head}:' give a tier, a whole number "
                         f"in ASCII digits (e.g. {head}:35)")
    tier = int(tail)
    return head, tier if max_tier is None else min(max_tier, tier)


def _user_path(name: str) -> Path:
    """A path the user gave, ``~`` expanded; UsageError if it cannot be."""

    try:
        return user_path(name, "word list")
    except (KeyError, OSError):
        raise UsageError(f"word list {name!r}: cannot expand '~'") from None


def shown(name) -> str:
    """A file name as an error message shows it: as it is if printable, else quoted
    with escapes (a name with a newline must not break the one-line message)."""
    text = str(name)
    return text if text.isprintable() else repr(text)


def load(spec: str | os.PathLike | None = None, *, max_tier: int | None = None) -> WordList:
    """Load a word list (memoised per process, disk-cached).

    ``spec``: None or ``"default"`` (embedded SCOWL list), ``"default:50"``
    (same, tier <= 50), ``"system"`` (/usr/share/dict/words), ``"enable1"``,
    ``"enable2k"``, ``"words_alpha"`` (embedded, see ``named``), or a file path
    (a regular file of at most ``MAX_LIST_BYTES``, 16 MiB).
    ``max_tier`` filters the result like ``.filter(max_tier=...)``.
    Raises UsageError with a one-line message on any bad input.
    """
    if isinstance(spec, os.PathLike):
        spec = os.fspath(spec)
    if spec is not None and not isinstance(spec, str):
        raise UsageError(f"bad word list spec: {spec!r}")
    if max_tier is not None and (type(max_tier) is not int or max_tier < 0):
        raise UsageError(f"bad tier {max_tier!r} (a whole number, 0 or more)")
    name = spec
    if isinstance(spec, str) and ":" in spec:
        name, max_tier = _split_spec(spec, max_tier)
    if name is None or name == "default":
        wl = _load_default()
    elif name == "system":
        if not SYSTEM_WORDS.is_file():
            raise UsageError(f"no system word list: {SYSTEM_WORDS} not found "
                             "(install a 'wamerican'-style package or pass --words PATH)")
        wl = _load_file(SYSTEM_WORDS, "system", "system",
                        "see the licence of the package providing /usr/share/dict/words",
                        f"system word list {SYSTEM_WORDS}")
    elif name in NAMED_LISTS:
        wl = _load_named(name)
    elif name:
        path = _user_path(name)
        wl = _load_file(path, shown(name), "file", "unknown (user-supplied file)",
                        f"file {shown(path)}")
    else:
        raise UsageError(f"bad word list spec: {spec!r}")
    return _by_tier(wl, max_tier) if max_tier is not None else wl


def _by_tier(wl, max_tier: int):
    """The list's words of tier <= ``max_tier``; UsageError where that would not narrow
    it as asked: a plain list has no tiers (every word is tier 0, so every word stays),
    and a tier below the list's lowest keeps no word."""
    if not wl.has_tiers:
        raise UsageError(f"{wl.label} is a plain list, without tiers (every word is "
                         f"tier 0): a tier of {max_tier} keeps every word; leave it out")
    view = wl.filter(max_tier=max_tier)
    if not len(view):
        raise UsageError(f"no word of {wl.label} has a tier of {max_tier} or less "
                         f"(its lowest is {min(wl.info()['tiers'])})")
    return view


ZIPF_BASE[:] = [lambda: load(None)]     # plain lists borrow the embedded zipf
