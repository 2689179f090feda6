"""The :class:`WordList`: sorted a-z words with commonness tiers, zipf frequencies
and lazily built, cached indexes (letter masks, ``by_mask``, positions, prefixes).

Build one with :func:`pyengine.words.lists.load`.
"""
from __future__ import annotations

from array import array
from bisect import bisect_left

from pyengine.engine.wording import plural
from pyengine.words.cache import cache_file, cache_load, cache_save
from pyengine.words.letters import mask_of, masks_of
from pyengine.words.position import PositionIndex


#: The list a plain list borrows its zipf values from: the embedded list's loader,
#: registered by :mod:`pyengine.words.lists` (which imports this module, so this one
#: never imports it back).
ZIPF_BASE: list = []

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
        return f"<WordList {self.label}: {plural(len(self.words), 'word')}>"

    def _posmap(self) -> dict[str, int]:
        if self._pos is None:
            self._pos = dict(zip(self.words, range(len(self.words))))
        return self._pos

    @property
    def has_tiers(self) -> bool:
        return self._tiers is not None

    @property
    def cache_key(self) -> tuple | None:
        """The key of this list's parts in the disk cache (:mod:`pyengine.words.cache`),
        under which a puzzle may cache its own data of the list (Boggle's letter
        statistics); None for a list that is not cached."""
        return self._cache_key

    def tier(self, word: str) -> int | None:
        """SCOWL size level (10..70) of ``word``; 0 for every word of a plain
        list; None if the word is not in the list."""
        i = self._posmap().get(word)
        if i is None:
            return None
        return self._tiers[i] if self._tiers is not None else 0

    def _zipf_arr(self) -> array:
        if self._zipf is None:
            # a plain list borrows the embedded list's zipf values (0 where it lacks a word)
            base = ZIPF_BASE[0]() if ZIPF_BASE else None
            if base is None or base is self:
                self._zipf = array("h", bytes(2 * len(self.words)))
            else:
                get, bz = base._posmap().get, base._zipf_arr()
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
        parts = []
        if max_tier is not None:
            parts.append(f"tier<={max_tier}")
        if min_zipf is not None:
            parts.append(f"zipf>={min_zipf:g}")
        view = self._subset(list(keep), f"{self.label}({','.join(parts)})", "view",
                            ("view", max_tier, min_zipf))
        view.max_tier, view.min_zipf = max_tier, min_zipf
        view._parent = self
        return view

    def without(self, tag: str, drop) -> "WordList":
        """This list less the words of ``drop(self)`` (a set): a list of its own with the
        same label, so ``filter`` and ``common`` on it keep them out; this list itself
        if none is in it. Cached on this list under ``tag``, which must name what
        ``drop`` gives (it also keys the disk cache of the list's indexes)."""
        key = ("without", tag)
        if key not in self._views:
            dropped = drop(self)
            keep = [i for i, w in enumerate(self.words) if w not in dropped]
            sub = None      # None: nothing dropped (no self-cycle in _views)
            if len(keep) < len(self.words):
                sub = self._subset(keep, self.label, self.kind, key)
                sub.max_tier, sub.min_zipf = self.max_tier, self.min_zipf
            self._views[key] = sub
        got = self._views[key]
        return self if got is None else got

    def _subset(self, keep: list[int], label: str, kind: str, key: tuple) -> "WordList":
        """The words at the indexes ``keep``, with their tiers, zipf values and masks."""
        words, tiers, zipf, masks = self.words, self._tiers, self._zipf, self._masks
        return WordList(
            [words[i] for i in keep],
            array("B", [tiers[i] for i in keep]) if tiers is not None else None,
            array("h", [zipf[i] for i in keep]) if zipf is not None else None,
            array("I", [masks[i] for i in keep]) if masks is not None else None,
            label=label, source=self.source, licence=self.licence, kind=kind,
            path=self.path, skipped=self.skipped,
            cache_key=None if self._cache_key is None else self._cache_key + key)

    # -- indexes -----------------------------------------------------------
    def _index(self, name: str, build, disk: bool = False, check=None):
        got = self._idx.get(name)
        if got is None:
            if disk and self._cache_key is not None:
                got = cache_load(self._cache_key, name, check)
            if got is None:
                got = build()
                if disk and self._cache_key is not None:
                    cache_save(self._cache_key, name, got)
            self._idx[name] = got
        return got

    def masks(self) -> array:
        """array('I') of letter-set bitmasks, parallel to ``words``."""
        if self._masks is None:
            self._masks = masks_of(self.words)
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
        return self._index("by_mask", build, disk=True, check=self._by_mask_ok)

    def _by_mask_ok(self, got) -> bool:
        """Does a cached ``by_mask`` fit this list: int keys, tuples of words adding up
        to the list's size, a sample of groups whose words are in the list with that mask?"""
        if type(got) is not dict or sum(map(len, got.values())) != len(self.words):
            return False
        if not all(type(m) is int for m in got):
            return False
        words = self._posmap()
        for m, g in list(got.items())[::max(1, len(got) // 64)]:
            if type(g) is not tuple or not all(
                    type(w) is str and w in words and mask_of(w) == m for w in g):
                return False
        return True

    def words_within(self, letters, required=0, min_length: int = 1) -> list[str]:
        """Spelling Bee query: words spelled only with ``letters`` (a str or
        a mask) that use every letter of ``required`` (str or mask), sorted.
        Walks the submasks of ``letters`` (2**k lookups) or, for large k,
        scans the distinct masks."""
        allow, need = mask_of(letters), mask_of(required)
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
            # on disk as one newline-joined str: reads far faster than a set
            key = self._cache_key
            blob = cache_load(key, "prefixes") if key is not None else None
            got = frozenset(blob.split("\n")) if isinstance(blob, str) else None
            if got is None or not all(map(got.__contains__, self.words)):
                got = frozenset(w[:i] for w in self.words for i in range(1, len(w) + 1))
                if key is not None:
                    cache_save(key, "prefixes", "\n".join(got))
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
        """Disk cache file of the parsed list (the root list's), if there is one: None
        where the process runs without a disk cache (a folder it cannot use or make)."""
        root = self
        while root._parent is not None:
            root = root._parent
        path = cache_file(root._cache_key, "core") if root._cache_key else None
        return str(path) if path is not None and path.is_file() else None

    def info(self) -> dict:
        """What ``pyengine words`` prints."""
        return {
            "label": self.label, "source": self.source, "licence": self.licence,
            "path": self.path, "words": len(self.words),
            "tiers": self.tier_counts(), "skipped_lines": self.skipped,
            "cache": self.cache_path(),
        }


# --------------------------------------------------------------------------
