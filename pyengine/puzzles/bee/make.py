"""``bee make``: a hive from a seed word, from seven letters, or at random
following the NYT editors' habits.

    make("clarity", center="y", seed=1)     -> Solution (seed word CLARITY)
    make("yticral", seed=1)                 -> the shortest pangram becomes the seed word
    make(seed=5, habits=Habits())           -> a random hive the vet rules accept
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import ascii_letters
from pyengine.puzzles.bee import fast
from pyengine.puzzles.bee.engine import BeeEngine, choice_words
from pyengine.puzzles.bee.feasible import fitting
from pyengine.puzzles.bee.hive import LETTERS_RE, ascii_lower, parse_center, shown
from pyengine.puzzles.bee.limits import MAX_VETS, MAX_WORD
from pyengine.puzzles.bee.results import Solution
from pyengine.facts.bee import Habit
from pyengine.facts.bee import CommonPangram
from pyengine.words.offensive import is_offensive

DEFAULT_ANSWERS = (20, 70)      # allowed number of answers for a random hive
PREFERRED_ANSWERS = (30, 50)    # tried first
DEFAULT_VOWELS = (1, 3)
COMMON_ZIPF = 3.0               # a "common" pangram: wordfreq zipf >= 3.0
TRIES = 4000                    # random hives tried per band of answer counts


@dataclass
class Habits:
    """The NYT editors' habits for random hives (each can be switched off).  The
    vet rules judge them (``Habit`` facts); :meth:`letters_ok` is the fast twin
    that picks candidate hives."""

    no_s: bool = True
    not_e_and_r: bool = True
    vowels: tuple[int, int] | None = DEFAULT_VOWELS
    answers: tuple[int, int] | None = DEFAULT_ANSWERS
    preferred: tuple[int, int] | None = PREFERRED_ANSWERS
    common_pangram: float | None = COMMON_ZIPF

    def letters_ok(self, mask: int) -> bool:
        return fast.letters_ok(mask, self.no_s, self.not_e_and_r, self.vowels)

    @property
    def common_zipf100(self) -> int | None:
        return None if self.common_pangram is None else round(self.common_pangram * 100)

    def facts(self) -> list:
        out = []
        if self.no_s:
            out.append(Habit(name="no-s"))
        if self.not_e_and_r:
            out.append(Habit(name="not-e-and-r"))
        if self.vowels is not None:
            out.append(Habit(name="vowels", low=self.vowels[0], high=self.vowels[1]))
        if self.answers is not None:
            out.append(Habit(name="answers", low=self.answers[0], high=self.answers[1]))
        if self.common_pangram is not None:
            out.append(Habit(name="common-pangram", low=self.common_zipf100))
        return out


def habits_from_options(allow_s=False, allow_er=False, vowels=DEFAULT_VOWELS,
                        answers=DEFAULT_ANSWERS, any_pangram=False) -> Habits:
    """The habits ``bee make`` options ask for (30-50 answers preferred within
    ``answers``)."""
    lo, hi = max(PREFERRED_ANSWERS[0], answers[0]), min(PREFERRED_ANSWERS[1], answers[1])
    return Habits(no_s=not allow_s, not_e_and_r=not allow_er, vowels=tuple(vowels),
                  answers=tuple(answers), preferred=(lo, hi) if lo <= hi else None,
                  common_pangram=None if any_pangram else COMMON_ZIPF)


# -- from a seed word or seven letters ----------------------------------------------------
def check_seed_word(word: str, wl) -> str:
    w = ascii_letters(word.strip(), f"seed word {shown(word)}").lower()
    if w not in wl:
        raise UsageError(f"seed word {w.upper()} is not in the word list ({wl.label})")
    if len(set(w)) != 7:
        raise UsageError(f"seed word {w.upper()} has {len(set(w))} different letters; "
                         "a seed word has exactly 7")
    return w


def seed_word_for(word: str, wl) -> str:
    """A seed word as given, or for seven letters that are not a word, the
    shortest (then most common) word spelled with exactly those letters."""
    w = ascii_lower(word.strip())
    if len(w) > MAX_WORD:
        raise UsageError(f"a seed word has at most {MAX_WORD} letters, not {len(w):,}")
    if w in wl and len(set(w)) == 7:
        return w
    if LETTERS_RE.fullmatch(w) and len(set(w)) == 7 and w not in wl:
        pans = [p for p in wl.by_mask().get(fast.mask_of(w), ()) if len(p) >= fast.MIN_LENGTH]
        if not pans:
            raise UsageError(f"no word in the list ({wl.label}) uses exactly the letters "
                             f"{''.join(sorted(set(w))).upper()}")
        return min(pans, key=lambda p: (len(p), -wl.zipf100(p), p))
    return check_seed_word(w, wl)


def _from_seed_word(eng: BeeEngine, rng, word: str, center: str | None) -> Solution:
    seed_word = seed_word_for(word, eng.words)
    letters = "".join(sorted(set(seed_word)))
    if center is not None and center not in letters:
        raise UsageError(f"center {center.upper()} is not a letter of {seed_word.upper()}")
    pz = eng.solve(letters, center or rng.choice(letters))
    pz.seed_word = seed_word
    return pz


# -- at random ------------------------------------------------------------------------------
def _worth_vetting(st, wl, habits: Habits, m: int, c: str, band, sub: str) -> bool:
    """The fast twins' guess that hive ``m`` with center ``c`` passes the vet rules
    (answer count within ``band`` and the habit, a common pangram with ``sub``)."""
    n = st.answer_count(m, c)
    if band is not None and not band[0] <= n <= band[1]:
        return False
    if habits.answers is not None and not habits.answers[0] <= n <= habits.answers[1]:
        return False
    zlim = habits.common_zipf100
    return any((not sub or sub in p) and (zlim is None or wl.zipf100(p) >= zlim)
               for p in st.pangrams[m])


def _seed_words(pz: Solution, habits: Habits, sub: str) -> list[str]:
    """The pangrams the rules found fit to be the seed word (common ones, if that
    habit is on), containing ``sub``."""
    if habits.common_pangram is None:
        pool = pz.pangrams
    else:
        pool = sorted(f["word"] for f in pz.session.records(CommonPangram))
    return [p for p in pool if not sub or sub in p]


def _vetted(eng: BeeEngine, rng, habits: Habits, m: int, c: str, sub: str):
    """The hive solved and vetted through the rules, with a seed word drawn from the
    pangrams they found fit; None if the rules find a flaw or no fit pangram."""
    pz = eng.solve(fast.letters_of(m), c, habits=habits.facts(), extra=("vet",))
    seeds = _seed_words(pz, habits, sub)
    if pz.flaws or not seeds:
        return None
    pz.seed_word = rng.choice(seeds)
    return pz


def random_hive(eng: BeeEngine, rng: random.Random, center, contains, habits: Habits,
                tries: int = TRIES) -> Solution:
    """A random hive that the vet rules accept: candidates come from the fast twins
    (:mod:`pyengine.puzzles.bee.fast`), the rules have the last word.  What no hive
    can meet is refused first (:mod:`pyengine.puzzles.bee.feasible`); when the random
    tries miss (few hives fit), the fitting hives are vetted in a shuffled order.
    Bounded: ``2 * tries`` candidates, at most ``2 * MAX_VETS`` hives through the rules."""
    st = fast.mask_stats(eng.words)
    sub = (contains or "").strip()
    if contains is not None and not sub:
        raise UsageError("--contains: give the letters a pangram must hold (or leave it out)")
    sub = sub and ascii_letters(sub, f"--contains {shown(contains)}").lower()
    cands, fits = fitting(st, eng.words, habits, center, sub)
    bands = [b for b in (habits.preferred, habits.answers) if b is not None] or [None]
    vets = 0
    for band in bands:
        for _ in range(tries):
            m = rng.choice(cands)
            c = center or rng.choice(fast.letters_of(m))
            if vets < MAX_VETS and _worth_vetting(st, eng.words, habits, m, c, band, sub):
                vets += 1
                pz = _vetted(eng, rng, habits, m, c, sub)
                if pz is not None:
                    return pz
    for m, c in fits.sample(rng, MAX_VETS):
        pz = _vetted(eng, rng, habits, m, c, sub)
        if pz is not None:
            return pz
    raise UsageError("no hive meets the habits "
                     "(relax --answers, --vowels, --allow-s or --allow-er)")


def make(word: str | None = None, center: str | None = None, contains: str | None = None,
         seed: int | None = None, words=None, habits: Habits | None = None,
         engine: BeeEngine | None = None, tries: int = TRIES,
         allow_offensive: bool = False) -> Solution:
    """A puzzle from a seed word, from seven letters (the shortest pangram
    becomes the seed word), or at random following ``habits``. Its answers come
    from ``words`` without the offensive words unless ``allow_offensive`` (an
    ``engine`` brings its own list), and an offensive seed word is refused."""
    if seed is None:            # the action's declaration draws one; Python callers give one
        raise UsageError("a Spelling Bee is made from a seed: give seed=N")
    rng = random.Random(seed)
    eng = engine or BeeEngine(choice_words(words, allow_offensive), kind="make")
    center = None if center is None else parse_center(center)
    if word and not allow_offensive:
        _refuse_offensive(word)
    if word:
        pz = _from_seed_word(eng, rng, word, center)
    else:
        pz = random_hive(eng, rng, center, contains, habits or Habits(), tries)
    if not (word and center):       # the seed chose the hive or its center: shown
        pz.seed = seed
    return pz


def _refuse_offensive(word: str) -> None:
    """A seed word on the offensive-word list: refused (the hive's answers, chosen
    without those words, would lack it)."""
    w = ascii_lower(word.strip())
    if is_offensive(w):
        raise UsageError(f"seed word {shown(w.upper())} is on the offensive-word list "
                         "(facts/words/offensive.txt); --allow-offensive makes its hive")


# -- the action ----------------------------------------------------------------------------
@dataclass
class Made:
    """``bee make``'s result: the hive, shown with or without its answers."""

    puzzle: Solution
    show: bool = False

    @property
    def session(self):
        return self.puzzle.session

    def as_dict(self) -> dict:
        return self.puzzle.as_dict() | {"layout": self.puzzle.layout}

    def text(self) -> str:
        return self.puzzle.text(self.show)


RANDOM_ONLY = ("contains", "allow_s", "allow_er", "vowels", "answers", "any_pangram")


def _refuse_random_only(word: str, given: dict) -> None:
    """Options that shape a random hive mean nothing with a seed word: refuse them."""
    used = [k for k in RANDOM_ONLY if given[k] not in (None, False)]
    if used:
        flags = ", ".join("--" + k.replace("_", "-") for k in used)
        raise UsageError(f"{flags} shape{'s' if len(used) == 1 else ''} a random hive only; "
                         f"with the seed word or letters {shown(word.upper())} leave "
                         f"{'it' if len(used) == 1 else 'them'} out")


def run_make(word=None, center=None, contains=None, allow_s=False, allow_er=False,
             vowels=None, answers=None, any_pangram=False,
             show=False, words=None, seed=None, allow_offensive=False) -> Made:
    """The ``make`` action: ``vowels`` and ``answers`` are (low, high) or None (the
    defaults, 1-3 and 20-70); the random-hive options are refused with a ``word``."""
    if word:
        _refuse_random_only(word, dict(contains=contains, allow_s=allow_s,
                                       allow_er=allow_er, vowels=vowels, answers=answers,
                                       any_pangram=any_pangram))
    habits = habits_from_options(allow_s, allow_er, vowels or DEFAULT_VOWELS,
                                 answers or DEFAULT_ANSWERS, any_pangram)
    pz = make(word, center=center, contains=contains, seed=seed, words=words, habits=habits,
              allow_offensive=allow_offensive)
    return Made(pz, show)
