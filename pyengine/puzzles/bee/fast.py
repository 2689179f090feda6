"""Fast paths for the bulk searches: every hive of a word list at once.

The Spelling Bee's logic is stated once, in the rules (``rules/bee.py``): which
words answer a hive, how they score, which habits a hive breaks.  Two searches
look at thousands of hives, too many to solve each through the rules:

- the random hive of ``bee make`` (which hives follow the editors' habits and
  have a fair number of answers), and
- the best hive of ``bee best`` (which (hive, center) scores most).

They use the plain-Python twins below, on letter-set bit masks.  The twins only
*propose*: ``make`` vets its hive through the rules (``vet`` stage) and ``best``
solves its hive through the rules before reporting it.  ``tests/test_bee_fast.py``
checks each twin against the rules on a sample of hives.
"""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.words.memo import Memo

MIN_LENGTH = 4
_S, _E, _R = 1 << 18, 1 << 4, 1 << 17
_VOWEL_BITS = sum(1 << (ord(v) - 97) for v in "aeiou")


def bits(mask: int) -> int:
    return bin(mask).count("1")


def mask_of(word: str) -> int:
    m = 0
    for ch in set(word):
        m |= 1 << (ord(ch) - 97)
    return m


def letters_of(mask: int) -> str:
    return "".join(chr(97 + i) for i in range(26) if mask >> i & 1)


def submasks_with(mask: int, need: int) -> list[int]:
    """Every non-empty submask of ``mask`` that has the bits of ``need``."""
    out, sub = [], mask
    while sub:
        if sub & need:
            out.append(sub)
        sub = (sub - 1) & mask
    return out


# -- the letter habits (twin of the vet rules flag_s, flag_e_and_r, flag_vowel_count) --
def letters_ok(mask: int, no_s: bool = True, not_e_and_r: bool = True,
               vowels: tuple[int, int] | None = (1, 3)) -> bool:
    """Does a hive's letter set keep the letter habits?  A twin of the vet rules,
    for filtering thousands of pangram masks before one hive is vetted by them."""
    if no_s and mask & _S:
        return False
    if not_e_and_r and mask & _E and mask & _R:
        return False
    return vowels is None or vowels[0] <= bits(mask & _VOWEL_BITS) <= vowels[1]


# -- answers per letter set ------------------------------------------------------------
class MaskStats:
    """Per word list: how many words (4+ letters) each letter set spells, and the
    pangrams of each seven-letter set."""

    def __init__(self, wl):
        self.wl = wl
        self.count: dict[int, int] = {}
        self.pangrams: dict[int, list[str]] = {}
        for m, ws in wl.by_mask().items():
            k = bits(m)
            if k > 7:
                continue
            ws = [w for w in ws if len(w) >= MIN_LENGTH]
            if not ws:
                continue
            self.count[m] = len(ws)
            if k == 7:
                self.pangrams[m] = sorted(ws)

    def answer_count(self, mask: int, center: str) -> int:
        """How many answers the hive ``mask`` with ``center`` has (twin of
        ``list_answers``: the words of its submasks that hold the center)."""
        need = 1 << (ord(center) - 97)
        return sum(self.count.get(s, 0) for s in submasks_with(mask, need))


#: the statistics of the lists used last (a bounded memo: it must not keep every list
#: a long-lived process ever saw alive)
_STATS = Memo(4)


def mask_stats(wl) -> MaskStats:
    """The :class:`MaskStats` of a word list (memoised while the list lives)."""
    st = _STATS.get(id(wl))
    if st is None or st.wl is not wl:
        st = _STATS[id(wl)] = MaskStats(wl)
    return st


# -- scores of every hive (twin of the score rules) ----------------------------------------
def word_points(lengths, distinct):
    """NYT points of words (numpy arrays of lengths and distinct-letter counts): a
    twin of ``score_four_letter_words``, ``score_longer_words``, ``score_pangrams``."""
    import numpy as np
    return np.where(lengths == 4, 1, lengths) + np.where(distinct == 7, 7, 0)


@dataclass
class HiveScores:
    """Every pangram letter set of a list, with each center's score and answers.

    ``pangrams[r]`` is a seven-letter mask, ``centers[r, j]`` its j-th letter bit
    (lowest first); ``points[r, j]`` and ``words[r, j]`` what the hive with that
    center scores and how many answers it has; ``pangram_words[r]`` its pangrams."""

    pangrams: object
    centers: object
    points: object
    words: object
    pangram_words: object

    def hive(self, r: int, j: int) -> tuple[str, str]:
        return letters_of(int(self.pangrams[r])), letters_of(int(self.centers[r, j]))


def _popcount(masks):
    import numpy as np
    pop = np.zeros_like(masks)
    for i in range(26):
        pop += (masks >> i) & 1
    return pop


def _points_per_mask(wl, allow_s: bool):
    """Sorted letter-set masks of the list's usable words, with the points and the
    number of words of each."""
    import numpy as np
    masks = np.frombuffer(wl.masks(), dtype=np.uint32).astype(np.int64)
    lengths = np.fromiter(map(len, wl.words), dtype=np.int64, count=len(wl.words))
    pop = _popcount(masks)
    keep = (lengths >= MIN_LENGTH) & (pop <= 7)
    if not allow_s:
        keep &= (masks & _S) == 0
    masks, lengths, pop = masks[keep], lengths[keep], pop[keep]
    uniq, inv = np.unique(masks, return_inverse=True)
    mask_points = np.bincount(inv, weights=word_points(lengths, pop)).astype(np.int64)
    mask_words = np.bincount(inv).astype(np.int64)
    return uniq, mask_points, mask_words


CHUNK = 4096        # pangram letter sets per block of the (sets x 128) matrices


def _letter_bits(pans):
    """(P, 7): the seven letter bits of each seven-letter mask, lowest first."""
    import numpy as np
    letter_bits = np.zeros((len(pans), 7), dtype=np.int64)
    rest = pans.copy()
    for j in range(7):
        low = rest & -rest
        letter_bits[:, j] = low
        rest = rest ^ low
    return letter_bits


def per_center(uniq, values, pans):
    """For each seven-letter mask of ``pans`` and each of its letters as the center,
    the sum of ``values[k]`` (one array per quantity, aligned with the sorted masks
    ``uniq``) over the masks within the hive that hold the center.

    Each mask has 128 submasks; their values are looked up in ``uniq`` (a block of
    :data:`CHUNK` masks x 128 at a time, so memory stays bounded whatever the list)
    and multiplied by the 128 x 7 matrix "submask holds letter j".  Returns the
    letter bits (P, 7) and one (P, 7) matrix per quantity."""
    import numpy as np
    letter_bits = _letter_bits(pans)
    combo = np.array([[(i >> j) & 1 for j in range(7)] for i in range(128)], dtype=np.int64)
    out = [np.zeros((len(pans), 7), dtype=np.int64) for _ in values]
    for lo in range(0, len(pans), CHUNK):
        subs = letter_bits[lo:lo + CHUNK] @ combo.T                # (chunk, 128)
        pos = np.searchsorted(uniq, subs)
        pos[pos >= len(uniq)] = 0
        hit = uniq[pos] == subs if len(uniq) else np.zeros_like(subs, dtype=bool)
        for o, v in zip(out, values):
            o[lo:lo + CHUNK] = np.where(hit, v[pos], 0) @ combo
    return letter_bits, out


def hive_scores(wl, allow_s: bool = False) -> HiveScores:
    """Score every (pangram letter set, center) of a list at once (see
    :func:`per_center`)."""
    import numpy as np
    uniq, mask_points, mask_words = _points_per_mask(wl, allow_s)
    pans = uniq[_popcount(uniq) == 7]
    letter_bits, (points, words) = per_center(uniq, (mask_points, mask_words), pans)
    pangram_words = mask_words[np.searchsorted(uniq, pans)] if len(pans) else pans
    return HiveScores(pans, letter_bits, points, words, pangram_words)


def answer_counts(st: MaskStats, masks) -> tuple:
    """Twin of ``list_answers`` for many hives at once: for each seven-letter mask of
    ``masks``, its letter bits and the number of answers with each letter as center
    (both (len(masks), 7), lowest letter first); the last answer is memoised on ``st``."""
    import numpy as np
    arrays = st.__dict__.get("_count_arrays")
    if arrays is None:
        uniq = np.array(sorted(st.count), dtype=np.int64)
        counts = np.array([st.count[int(m)] for m in uniq], dtype=np.int64)
        arrays = st.__dict__["_count_arrays"] = (uniq, counts)
    key = (len(masks), hash(tuple(masks)))
    last = st.__dict__.get("_last_counts")
    if last is None or last[0] != key:
        bits_, (words,) = per_center(arrays[0], (arrays[1],), np.asarray(masks, dtype=np.int64))
        last = st.__dict__["_last_counts"] = (key, bits_, words)
    return last[1], last[2]

