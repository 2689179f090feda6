"""Word lists for the puzzles: an embedded default with commonness tiers,
swappable lists by name or path, and lazily built, cached indexes.

The default list is SCOWL (english + american words, size levels 10..70)
shipped as ``facts/words/default.tsv.gz`` (``word<TAB>tier<TAB>zipf100``),
built by ``scripts/build_words.py``.  The *tier* of a word is the smallest
SCOWL size level it appears at (10 = most common ... 70 = large dictionary);
``zipf100`` is 100 x wordfreq's zipf frequency (build-time input only).

Plain lists (a file, ``system``, ``enable1`` ...) have no tiers: every word
has tier 0, so ``common()`` returns the whole list.  Their zipf values are
borrowed from the embedded default list (0.0 for words it lacks), so
``rank_key`` and ``filter(min_zipf=...)`` still work on them.

Parsed lists and the heavier indexes (letter masks, ``by_mask``,
``prefixes``) are cached on disk under $PYENGINE_CACHE (default
~/.cache/pyengine), keyed on the source's path, size and mtime; an
unreadable or corrupt cache file is ignored and rebuilt.

Nothing heavy is imported at module level (no numpy / clips / experta).
"""
from __future__ import annotations

import os
import sys
from array import array
from bisect import bisect_left
from pathlib import Path

from pyengine.engine.errors import UsageError

__all__ = ["load", "WordList", "PositionIndex", "letter_mask", "cache_dir",
           "clear_memory_cache", "NAMED_LISTS", "DEFAULT_TIERS"]

_FORMAT = 1  # bump when the cache layout changes
DEFAULT_TIERS = (10, 20, 35, 40, 50, 55, 60, 70)
_BIT = {chr(97 + i): 1 << i for i in range(26)}
_BITGET = _BIT.__getitem__
_REPO = Path(__file__).resolve().parents[2]

#: list name -> (file name in the shared data folder, licence note)
NAMED_LISTS = {
    "enable1": ("enable1.txt", "public domain (ENABLE word list)"),
    "enable2k": ("enable2k.txt", "public domain (ENABLE2K word list)"),
    "words_alpha": ("words_alpha_2017-10-18.txt",
                    "Unlicense (dwyl/english-words words_alpha.txt)"),
}
SYSTEM_WORDS = Path("/usr/share/dict/words")
DEFAULT_LICENCE = ("SCOWL (c) Kevin Atkinson, permissive licence, see "
                   "facts/words/LICENSE-SCOWL.txt; zipf frequencies from "
                   "wordfreq (data CC BY-SA 4.0, code Apache-2.0), see "
                   "facts/words/NOTICE.md")


def letter_mask(word: str) -> int:
    """Bit i set for each letter chr(97+i) in ``word`` (case-insensitive)."""
    try:
        return sum(map(_BITGET, set(word.lower())))
    except KeyError as exc:
        raise ValueError(f"letter_mask: not a-z: {word!r}") from exc


def _mask_of(letters) -> int:
    return letters if isinstance(letters, int) else letter_mask(letters)


# --------------------------------------------------------------------------
# disk cache

def cache_dir() -> Path:
    """$PYENGINE_CACHE, else ~/.cache/pyengine."""
    env = os.environ.get("PYENGINE_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "pyengine"


def _cache_file(key: tuple, name: str) -> Path:
    import hashlib
    digest = hashlib.sha1(repr(key).encode()).hexdigest()[:20]
    return cache_dir() / f"words-{digest}.{name}.pickle"


def _cache_load(key: tuple, name: str):
    import pickle
    path = _cache_file(key, name)
    try:
        with open(path, "rb") as fh:
            blob = pickle.load(fh)
        if blob["fmt"] == _FORMAT and blob["key"] == key:
            return blob["data"]
    except Exception:  # missing, truncated, garbage, wrong shape: rebuild
        pass
    return None


def _cache_save(key: tuple, name: str, data) -> None:
    import pickle
    path = _cache_file(key, name)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as fh:
            pickle.dump({"fmt": _FORMAT, "key": key, "data": data}, fh, protocol=5)
        os.replace(tmp, path)
    except OSError:  # read-only home etc.: run without a disk cache
        try:
            tmp.unlink()
        except OSError:
            pass


# --------------------------------------------------------------------------
# positional index (riddles)

class PositionIndex:
    """For the words of one length L: for each position p and letter c, a
    Python int whose bit i is set when ``words[i][p] == c``.  Built lazily
    per (position, letter) from one column string with ``str.translate``.
    """

    def __init__(self, words: tuple[str, ...], length: int):
        self.length = length
        self.words = words
        self.all = (1 << len(words)) - 1
        self._joined = "".join(words)
        self._cols: dict[int, str] = {}
        self._bits: dict[tuple[int, str], int] = {}

    def bits(self, pos: int, letter: str) -> int:
        """Bitset of words with ``letter`` at ``pos``."""
        key = (pos, letter)
        b = self._bits.get(key)
        if b is None:
            col = self._cols.get(pos)
            if col is None:
                col = self._cols[pos] = self._joined[pos::self.length]
            if letter in col:
                table = _ONEHOT[letter]
                b = int(col.translate(table)[::-1], 2)
            else:
                b = 0
            self._bits[key] = b
        return b

    def query(self, allowed) -> int:
        """Bitset of words whose letter at each position p is in allowed[p]
        (None = any letter).  ``allowed`` has one entry per position."""
        if len(allowed) != self.length:
            raise ValueError(f"need {self.length} position constraints, got {len(allowed)}")
        acc = self.all
        for p, letters in enumerate(allowed):
            if letters is None:
                continue
            letters = set(letters)
            if len(letters) > 13:  # cheaper via the complement
                ban = 0
                for c in _ALPHABET - letters:
                    ban |= self.bits(p, c)
                acc &= ~ban
            else:
                any_ = 0
                for c in letters:
                    if c in _BIT:
                        any_ |= self.bits(p, c)
                acc &= any_
            if not acc:
                return 0
        return acc

    def decode(self, bitset: int) -> list[str]:
        """Words for the set bits, in list order."""
        if not bitset:
            return []
        s = bin(bitset)[:1:-1]
        words = self.words
        out = []
        i = s.find("1")
        while i >= 0:
            out.append(words[i])
            i = s.find("1", i + 1)
        return out

    def candidates(self, allowed) -> list[str]:
        """Words matching the per-position letter sets (see ``query``)."""
        return self.decode(self.query(allowed))

    def match(self, pattern: str, exclude: str = "") -> list[str]:
        """``pattern`` like ``"c?t"`` (``?`` or ``.`` = any letter not in
        ``exclude``)."""
        wild = None if not exclude else _ALPHABET - set(exclude)
        allowed = [wild if ch in "?._" else {ch} for ch in pattern.lower()]
        return self.candidates(allowed)


_ALPHABET = frozenset(_BIT)
_ONEHOT = {c: str.maketrans({d: ("1" if d == c else "0") for d in _BIT}) for c in _BIT}


# --------------------------------------------------------------------------
# the word list

class WordList:
    """An immutable, sorted list of lower-case a-z words with optional
    commonness tiers and zipf frequencies, plus lazily cached indexes.
    Build with :func:`load`; ``filter``/``common`` return cached views."""

    def __init__(self, words, tiers=None, zipf100=None, masks=None, *,
                 label: str, source: str, licence: str, kind: str = "file",
                 path: str | None = None, skipped: int = 0,
                 cache_key: tuple | None = None):
        self.words: tuple[str, ...] = tuple(words)
        self.label = label
        self.source = source
        self.licence = licence
        self.kind = kind            # "default" | "named" | "system" | "file" | "view"
        self.path = path            # file it came from, if any
        self.skipped = skipped      # input lines skipped (digits, punctuation, ...)
        self.max_tier: int | None = None
        self.min_zipf: float | None = None
        self._tiers = tiers         # array('B') parallel to words, or None (= all 0)
        self._zipf = zipf100        # array('h') parallel to words, or None (borrowed lazily)
        self._masks = masks         # array('I') parallel to words, or None (lazy)
        self._parent: WordList | None = None  # set on views (no self-cycle on roots)
        self._cache_key = cache_key
        self._pos: dict[str, int] | None = None
        self._views: dict[tuple, WordList] = {}
        self._idx: dict = {}

    # -- basics ------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __contains__(self, word) -> bool:
        return word in self._posmap()

    def __repr__(self) -> str:
        return f"<WordList {self.label}: {len(self.words)} words>"

    def _posmap(self) -> dict[str, int]:
        if self._pos is None:
            self._pos = dict(zip(self.words, range(len(self.words))))
        return self._pos

    @property
    def has_tiers(self) -> bool:
        return self._tiers is not None

    def tier(self, word: str) -> int | None:
        """SCOWL size level (10..70) of ``word``; 0 for every word of a plain
        list; None if the word is not in the list."""
        i = self._posmap().get(word)
        if i is None:
            return None
        return self._tiers[i] if self._tiers is not None else 0

    def _zipf_arr(self) -> array:
        if self._zipf is None:
            base = load(None)
            if base is self:  # cannot happen for the default, but be safe
                self._zipf = array("h", bytes(2 * len(self.words)))
            else:
                bpos, bz = base._posmap(), base._zipf_arr()
                get = bpos.get
                self._zipf = array("h", [bz[j] if (j := get(w)) is not None else 0
                                         for w in self.words])
        return self._zipf

    def zipf(self, word: str) -> float:
        """wordfreq zipf frequency (about 0..8; 0.0 if unknown/absent)."""
        i = self._posmap().get(word)
        return 0.0 if i is None else self._zipf_arr()[i] / 100

    def zipf100(self, word: str) -> int:
        """100 x zipf as an int (0 if unknown/absent)."""
        i = self._posmap().get(word)
        return 0 if i is None else self._zipf_arr()[i]

    def rank_key(self, word: str) -> tuple:
        """Sort key, most familiar first: (tier, -zipf, word).  Words not in
        the list sort last."""
        i = self._posmap().get(word)
        if i is None:
            return (999, 0.0, word)
        t = self._tiers[i] if self._tiers is not None else 0
        return (t, -self._zipf_arr()[i] / 100, word)

    def ranked(self, words=None) -> list[str]:
        """``words`` (default: the whole list) sorted by ``rank_key``."""
        return sorted(self.words if words is None else words, key=self.rank_key)

    def tier_counts(self) -> dict[int, int]:
        """{tier: number of words with exactly that tier}."""
        if self._tiers is None:
            return {0: len(self.words)}
        counts: dict[int, int] = {}
        for t in self._tiers:
            counts[t] = counts.get(t, 0) + 1
        return dict(sorted(counts.items()))

    # -- filtered views ------------------------------------------------------
    def filter(self, max_tier: int | None = None, min_zipf: float | None = None) -> "WordList":
        """Words with tier <= max_tier and zipf >= min_zipf (None = no
        bound).  Views are cached on the root list; filtering a view narrows
        it further.  The label records the thresholds."""
        root = self._parent or self
        if self.max_tier is not None:
            max_tier = self.max_tier if max_tier is None else min(max_tier, self.max_tier)
        if self.min_zipf is not None:
            min_zipf = self.min_zipf if min_zipf is None else max(min_zipf, self.min_zipf)
        if max_tier is None and min_zipf is None:
            return root
        key = (max_tier, min_zipf)
        view = root._views.get(key)
        if view is None:
            view = root._make_view(max_tier, min_zipf)
            root._views[key] = view
        return view

    def common(self, max_tier: int = 35) -> "WordList":
        """Familiar words: ``filter(max_tier=max_tier)``.  (A plain list has
        tier 0 everywhere, so this is the whole list; use
        ``filter(min_zipf=...)`` there.)"""
        return self.filter(max_tier=max_tier)

    def _make_view(self, max_tier, min_zipf) -> "WordList":
        n = len(self.words)
        tiers = self._tiers
        keep = range(n)
        if max_tier is not None and tiers is not None:
            keep = [i for i in keep if tiers[i] <= max_tier]
        elif max_tier is not None and max_tier < 0:
            keep = []
        if min_zipf is not None:
            z = self._zipf_arr()
            lim = min_zipf * 100
            keep = [i for i in keep if z[i] >= lim]
        keep = list(keep)
        words = self.words
        parts = []
        if max_tier is not None:
            parts.append(f"tier<={max_tier}")
        if min_zipf is not None:
            parts.append(f"zipf>={min_zipf:g}")
        masks = self._masks
        view = WordList(
            [words[i] for i in keep],
            array("B", [tiers[i] for i in keep]) if tiers is not None else None,
            array("h", [self._zipf[i] for i in keep]) if self._zipf is not None else None,
            array("I", [masks[i] for i in keep]) if masks is not None else None,
            label=f"{self.label}({','.join(parts)})", source=self.source,
            licence=self.licence, kind="view", path=self.path,
            skipped=self.skipped,
            cache_key=None if self._cache_key is None
            else self._cache_key + ("view", max_tier, min_zipf))
        view.max_tier, view.min_zipf = max_tier, min_zipf
        view._parent = self
        return view

    # -- indexes -----------------------------------------------------------
    def _index(self, name: str, build, disk: bool = False):
        got = self._idx.get(name)
        if got is None:
            if disk and self._cache_key is not None:
                got = _cache_load(self._cache_key, name)
            if got is None:
                got = build()
                if disk and self._cache_key is not None:
                    _cache_save(self._cache_key, name, got)
            self._idx[name] = got
        return got

    def masks(self) -> array:
        """array('I') of letter-set bitmasks, parallel to ``words``."""
        if self._masks is None:
            self._masks = array("I", [sum(map(_BITGET, set(w))) for w in self.words])
        return self._masks

    def by_length(self) -> dict[int, tuple[str, ...]]:
        """{length: words of that length, sorted}, lengths ascending."""
        def build():
            groups: dict[int, list[str]] = {}
            for w in self.words:
                groups.setdefault(len(w), []).append(w)
            return {k: tuple(groups[k]) for k in sorted(groups)}
        return self._index("by_length", build)

    def by_mask(self) -> dict[int, tuple[str, ...]]:
        """{letter-set bitmask: words using exactly those letters}."""
        def build():
            groups: dict[int, list[str]] = {}
            get = groups.get
            for w, m in zip(self.words, self.masks()):
                g = get(m)
                if g is None:
                    groups[m] = [w]
                else:
                    g.append(w)
            return {m: tuple(g) for m, g in groups.items()}
        return self._index("by_mask", build, disk=True)

    def words_within(self, letters, required=0, min_length: int = 1) -> list[str]:
        """Spelling Bee query: words spelled only with ``letters`` (a str or
        a mask) that use every letter of ``required`` (str or mask), sorted.
        Walks the submasks of ``letters`` (2**k lookups) or, for large k,
        scans the distinct masks."""
        allow, need = _mask_of(letters), _mask_of(required)
        if need & ~allow:
            return []
        bm = self.by_mask()
        out: list[str] = []
        if (1 << bin(allow).count("1")) <= len(bm):
            sub = allow
            while True:
                if sub & need == need:
                    g = bm.get(sub)
                    if g:
                        out.extend(g)
                if sub == 0:
                    break
                sub = (sub - 1) & allow
        else:
            notallow = ~allow
            for m, g in bm.items():
                if not (m & notallow) and m & need == need:
                    out.extend(g)
        if min_length > 1:
            out = [w for w in out if len(w) >= min_length]
        out.sort()
        return out

    def position_index(self, length: int) -> PositionIndex:
        """Positional letter bitsets for the words of ``length`` (cached)."""
        key = ("pos", length)
        pi = self._idx.get(key)
        if pi is None:
            pi = self._idx[key] = PositionIndex(self.by_length().get(length, ()), length)
        return pi

    def prefixes(self) -> frozenset[str]:
        """Every non-empty prefix of every word (whole words included)."""
        got = self._idx.get("prefixes")
        if got is None:
            # on disk as one newline-joined str: unpickles far faster than a set
            key = self._cache_key
            blob = _cache_load(key, "prefixes") if key is not None else None
            if isinstance(blob, str):
                got = frozenset(blob.split("\n"))
            else:
                got = frozenset(w[:i] for w in self.words for i in range(1, len(w) + 1))
                if key is not None:
                    _cache_save(key, "prefixes", "\n".join(got))
            self._idx["prefixes"] = got
        return got

    def prefix_range(self, prefix: str, lo: int = 0, hi: int | None = None) -> tuple[int, int]:
        """Index range [lo, hi) of ``words`` starting with ``prefix``; pass a
        parent prefix's range to narrow incrementally (an implicit trie)."""
        words = self.words
        if hi is None:
            hi = len(words)
        lo = bisect_left(words, prefix, lo, hi)
        return lo, bisect_left(words, prefix + "{", lo, hi)  # '{' sorts after 'z'

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix`` (binary search, no index)."""
        words = self.words
        i = bisect_left(words, prefix)
        return i < len(words) and words[i].startswith(prefix)

    # -- reporting -----------------------------------------------------------
    def cache_path(self) -> str | None:
        """Disk cache file of the parsed list (the root list's), if any."""
        root = self
        while root._parent is not None:
            root = root._parent
        return str(_cache_file(root._cache_key, "core")) if root._cache_key else None

    def info(self) -> dict:
        """What ``pyengine words`` prints."""
        return {
            "label": self.label, "source": self.source, "licence": self.licence,
            "path": self.path, "words": len(self.words),
            "tiers": self.tier_counts(), "skipped_lines": self.skipped,
            "cache": self.cache_path(),
        }


# --------------------------------------------------------------------------
# loading

_MEMO: dict[tuple, WordList] = {}


def clear_memory_cache() -> None:
    """Forget lists loaded in this process (the disk cache stays)."""
    _MEMO.clear()


def _default_resource():
    """(path-or-None, bytes-loader, stat-key) of the embedded list."""
    try:
        from importlib.resources import files
        res = files("pyengine.facts") / "words" / "default.tsv.gz"
    except ModuleNotFoundError:
        res = _REPO / "facts" / "words" / "default.tsv.gz"
    if isinstance(res, Path):
        try:
            st = res.stat()
        except OSError:
            raise UsageError(f"embedded word list missing: {res} "
                             "(run scripts/build_words.py)") from None
        return res, ("default", str(res), st.st_size, st.st_mtime_ns)
    import hashlib
    data = res.read_bytes()
    return res, ("default", "resource", hashlib.sha1(data).hexdigest())


def _build_default(res) -> tuple:
    import gzip
    text = gzip.decompress(res.read_bytes()).decode("ascii")
    cells = text.split()
    words = tuple(cells[0::3])
    tiers = array("B", map(int, cells[1::3]))
    zipf = array("h", map(int, cells[2::3]))
    masks = array("I", [sum(map(_BITGET, set(w))) for w in words])
    return words, tiers, zipf, masks, 0


def _load_default() -> WordList:
    res, key = _default_resource()
    key = (_FORMAT,) + key
    wl = _MEMO.get(key)
    if wl is not None:
        return wl
    data = _cache_load(key, "core")
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
    """Parse a one-word-per-line file: any case, CRLF or LF, ``#`` comments.
    Returns (sorted unique words, number of skipped lines).  Raises
    UsageError for empty, binary or non-UTF-8 input or no usable words."""
    if not raw.strip():
        raise UsageError(f"{name}: file is empty")
    if b"\0" in raw:
        raise UsageError(f"{name}: looks like a binary file, not a word list")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name}: not UTF-8 text (bad byte at offset {exc.start})") from None
    lines = text.lower().splitlines()
    if "#" in text:
        lines = [ln.split("#", 1)[0] for ln in lines]
    lines = [ln.strip() for ln in lines]
    good = [w for w in lines if w.isalpha() and w.isascii()]
    skipped = sum(1 for ln in lines if ln) - len(good)
    if not good:
        raise UsageError(f"{name}: no usable words (one lower-case a-z word per line expected)")
    return tuple(sorted(set(good))), skipped


def _load_file(path: Path, label: str, kind: str, licence: str, source: str) -> WordList:
    try:
        st = path.stat()
    except OSError:
        raise UsageError(f"word list not found: {path}") from None
    if not path.is_file():
        raise UsageError(f"word list is not a regular file: {path}")
    key = (_FORMAT, "file", str(path.resolve()), st.st_size, st.st_mtime_ns)
    memo_key = key + (label,)
    wl = _MEMO.get(memo_key)
    if wl is not None:
        return wl
    data = _cache_load(key, "core")
    if data is None:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise UsageError(f"cannot read word list {path}: {exc.strerror}") from None
        words, skipped = parse_plain(raw, str(path))
        masks = array("I", [sum(map(_BITGET, set(w))) for w in words])
        data = (words, None, None, masks, skipped)
        _cache_save(key, "core", data)
    words, _t, _z, masks, skipped = data
    wl = WordList(words, None, None, masks, label=label, source=source, licence=licence,
                  kind=kind, path=str(path), skipped=skipped, cache_key=key)
    _MEMO[memo_key] = wl
    return wl


def shared_data_dir() -> Path:
    """$PYENGINE_SHARED_DATA, else ../shared/data beside the repo."""
    env = os.environ.get("PYENGINE_SHARED_DATA")
    return Path(env) if env else _REPO.parent / "shared" / "data"


def load(spec: str | os.PathLike | None = None, *, max_tier: int | None = None) -> WordList:
    """Load a word list (memoised per process, disk-cached).

    ``spec``: None or ``"default"`` (embedded SCOWL list), ``"default:50"``
    (same, tier <= 50), ``"system"`` (/usr/share/dict/words), ``"enable1"``,
    ``"enable2k"``, ``"words_alpha"`` (from ../shared/data), or a file path.
    ``max_tier`` filters the result like ``.filter(max_tier=...)``.
    Raises UsageError with a one-line message on any bad input.
    """
    if isinstance(spec, os.PathLike):
        spec = os.fspath(spec)
    name = spec
    if isinstance(spec, str) and ":" in spec:
        head, _, tail = spec.rpartition(":")
        if tail.isdigit() and (head in ("default", "system") or head in NAMED_LISTS):
            name = head
            max_tier = int(tail) if max_tier is None else min(max_tier, int(tail))
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
        fname, licence = NAMED_LISTS[name]
        path = shared_data_dir() / fname
        if not path.is_file():
            raise UsageError(f"word list '{name}' needs {path}, which is absent "
                             "(set PYENGINE_SHARED_DATA or pass --words PATH)")
        wl = _load_file(path, name, "named", licence, f"{name} ({path})")
    elif isinstance(name, str) and name:
        path = Path(name).expanduser()
        wl = _load_file(path, str(name), "file", "unknown (user-supplied file)",
                        f"file {path}")
    else:
        raise UsageError(f"bad word list spec: {spec!r}")
    return wl.filter(max_tier=max_tier) if max_tier is not None else wl


if __name__ == "__main__":  # tiny smoke check: python -m pyengine.words.lists WORD...
    w = load(None)
    print(w, w.info())
    for a in sys.argv[1:]:
        print(a, w.tier(a), w.zipf(a))
