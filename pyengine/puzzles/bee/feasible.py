"""Can a random hive meet the options at all?  Answered before the search, so an
impossible ``bee make`` is one clear line naming the option, never a long search
that ends in "no hive after many tries".

    check_options(habits, center, contains)          -> refuses what no hive can be
    candidates(st, habits, center, contains)         -> pangram letter sets that fit
    feasible(st, wl, habits, cands, center, contains) -> every (set, center) that fits
    fitting(st, wl, habits, center, contains)        -> the three, memoised

All of it uses the fast twins (:mod:`pyengine.puzzles.bee.fast`) of the vet rules;
the search then picks among these and the rules still vet the hive it returns.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import plural
from pyengine.puzzles.bee import fast
from pyengine.puzzles.bee.limits import MAX_CONTAINS

VOWELS = "aeiou"


def check_options(habits, center: str | None, sub: str) -> None:
    """Refuse the combinations no hive can meet, whatever the word list."""
    if habits.vowels is not None and habits.vowels[0] > len(VOWELS):
        raise UsageError(f"--vowels {habits.vowels[0]}-{habits.vowels[1]}: a hive holds at "
                         f"most {len(VOWELS)} vowels (AEIOU)")
    if center == "s" and habits.no_s:
        raise UsageError("center S: random hives leave S out (add --allow-s)")
    if not sub:
        return
    shown = sub.upper()
    if len(sub) > MAX_CONTAINS:
        raise UsageError(f"--contains {shown[:20]}...: at most {MAX_CONTAINS} letters")
    if len(set(sub)) > 7:
        raise UsageError(f"--contains {shown} has {len(set(sub))} different letters; "
                         "a hive has 7")
    if habits.no_s and "s" in sub:
        raise UsageError(f"--contains {shown} has an S; random hives leave S out "
                         "(add --allow-s)")
    if habits.not_e_and_r and "e" in sub and "r" in sub:
        raise UsageError(f"--contains {shown} has both E and R; random hives never do "
                         "(add --allow-er)")
    n = len(set(sub) & set(VOWELS))
    if habits.vowels is not None and n > habits.vowels[1]:
        raise UsageError(f"--contains {shown} has {plural(n, 'vowel')}; --vowels allows at most "
                         f"{habits.vowels[1]}")
    if center is not None and len(set(sub) | {center}) > 7:
        raise UsageError(f"--contains {shown} and center {center.upper()} need 8 letters; "
                         "a hive has 7")


def _habit_names(habits) -> str:
    out = [f"--vowels {habits.vowels[0]}-{habits.vowels[1]}"] if habits.vowels else []
    out += ["no S"] if habits.no_s else []
    out += ["not both E and R"] if habits.not_e_and_r else []
    return ", ".join(out) or "any letters"


def candidates(st: fast.MaskStats, habits, center: str | None, sub: str) -> list[int]:
    """Pangram letter sets that keep the letter habits, hold the center and have a
    pangram containing ``sub``; UsageError naming the first condition none meets."""
    label = st.wl.label
    if not st.pangrams:
        raise UsageError(f"the word list ({label}) has no pangram (a word of 4+ letters "
                         "with exactly 7 different letters), so no hive")
    cands = [m for m in sorted(st.pangrams) if habits.letters_ok(m)]
    if not cands:
        raise UsageError(f"no pangram of the word list ({label}) keeps the letter habits "
                         f"({_habit_names(habits)}); try --allow-s, --allow-er or --vowels")
    if center is not None:
        bit = 1 << (ord(center) - 97)
        cands = [m for m in cands if m & bit]
        if not cands:
            raise UsageError(f"no pangram of the word list ({label}) with the letter habits "
                             f"({_habit_names(habits)}) has the center {center.upper()}")
    if sub:
        cands = [m for m in cands if any(sub in w for w in st.pangrams[m])]
        if not cands:
            raise UsageError(f"no pangram of the word list ({label}) that fits the other "
                             f"options contains {sub.upper()}")
    return cands


def _fit_pangram(st, wl, habits, sub: str):
    zlim = habits.common_zipf100
    return lambda m: any((not sub or sub in p) and (zlim is None or wl.zipf100(p) >= zlim)
                         for p in st.pangrams[m])


class Fits:
    """The (letter set, center) pairs that fit, as arrays: ``masks`` (P,), ``bits``
    (P, 7) the center letter bits, ``ok`` (P, 7) which pairs fit."""

    def __init__(self, masks, bits, ok):
        import numpy as np
        self.masks, self.bits = masks, bits
        self.index = np.flatnonzero(ok)

    def __len__(self) -> int:
        return len(self.index)

    def sample(self, rng, k: int) -> list[tuple[int, str]]:
        """Up to ``k`` fitting pairs in a random order."""
        picks = rng.sample(range(len(self.index)), min(k, len(self.index)))
        out = []
        for i in picks:
            r, j = divmod(int(self.index[i]), 7)
            out.append((int(self.masks[r]), fast.letters_of(int(self.bits[r, j]))))
        return out


def feasible(st: fast.MaskStats, wl, habits, cands: list[int], center: str | None,
             sub: str) -> Fits:
    """Every (letter set, center) among ``cands`` whose answer count is within
    ``habits.answers`` and which has a (common) pangram containing ``sub``: what the
    vet rules would accept, by their twins.  UsageError when there is none."""
    import numpy as np
    fit = _fit_pangram(st, wl, habits, sub)
    rows = [m for m in cands if fit(m)]
    if not rows:
        what = "common " if habits.common_pangram is not None else ""
        raise UsageError(f"no hive that fits the other options has a {what}pangram"
                         + (f" containing {sub.upper()}" if sub else "")
                         + (" (try --any-pangram)" if what else ""))
    bits, counts = fast.answer_counts(st, rows)
    allowed = np.ones_like(bits, dtype=bool) if center is None else \
        bits == 1 << (ord(center) - 97)
    ok = allowed.copy()
    if habits.answers is not None:
        lo, hi = habits.answers
        ok &= (counts >= lo) & (counts <= hi)
        if not ok.any():
            there = counts[allowed]
            raise UsageError(f"--answers {lo}-{hi}: the hives that fit the other options "
                             f"have {there.min()} to {there.max()} answers ({wl.label} list)")
    return Fits(np.asarray(rows, dtype=np.int64), bits, ok)


def fitting(st: fast.MaskStats, wl, habits, center: str | None, sub: str):
    """(:func:`candidates`, :func:`feasible`) for these options, after
    :func:`check_options`; the last answer is memoised on ``st`` (repeated ``make``
    calls with the same options and list ask it again)."""
    key = (habits.no_s, habits.not_e_and_r, habits.vowels, habits.answers,
           habits.common_pangram, center, sub, id(wl))
    last = st.__dict__.get("_fitting")
    if last is not None and last[0] == key:
        return last[1]
    check_options(habits, center, sub)
    cands = candidates(st, habits, center, sub)
    out = (cands, feasible(st, wl, habits, cands, center, sub))
    st.__dict__["_fitting"] = (key, out)
    return out
