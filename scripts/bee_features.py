"""Word facts for the Spelling Bee list model (build time only; see build_bee_list.py).

Every candidate word (4+ letters a-z, at most 7 distinct letters) found in SCOWL,
ENABLE or ENABLE2K gets a row of numbers saying what general sources know about it:

  * SCOWL (Debian ``scowl``, /usr/share/dict/scowl): the smallest size level at which
    it is an ordinary American/English word, an American variant spelling (variant_1,
    _2, _3), a British/Canadian/Australian spelling, a regional variant, a capitalised
    word (proper name or upper-case list) or an abbreviation (accents folded: cafe);
  * ENABLE, ENABLE2K and words_alpha (../shared/data): membership;
  * wordfreq (PyPI): zipf frequency in English and the largest zipf in four other
    languages (a word frequent in Spanish or French but rare in English is foreign);
  * WordNet 3.0 (Debian ``wordnet-base``, /usr/share/wordnet): sense counts per part of
    speech, tagged (corpus) sense counts, the share of its senses written capitalised
    (proper nouns), and the same for its base form found by WordNet's morphy rules;
  * morphology: plural/-ed/-ing/-er/-ly/... of a common word, prefix + common word,
    compound of two common words, reduplication (weewee);
  * the project's offensive-word list (facts/words/offensive.txt, built from the npm
    packages naughty-words and profane-words; ``pyengine.words.offensive``).

No official answer is read here.
"""
from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
SCOWL = Path("/usr/share/dict/scowl")
WORDNET = Path("/usr/share/wordnet")
WORD = re.compile(r"[a-z]+")
OTHER_LANGS = ("es", "fr", "de", "it")

# SCOWL file categories -> feature name (the smallest level wins).
SCOWL_KINDS = {
    "english-words": "lvl_word", "american-words": "lvl_word",
    "variant_1-words": "lvl_var1", "variant_2-words": "lvl_var2",
    "variant_3-words": "lvl_var3",
    "british-words": "lvl_region", "british_z-words": "lvl_region",
    "canadian-words": "lvl_region", "australian-words": "lvl_region",
    "british_variant_1-words": "lvl_region_var", "british_variant_2-words": "lvl_region_var",
    "canadian_variant_1-words": "lvl_region_var", "canadian_variant_2-words": "lvl_region_var",
    "australian_variant_1-words": "lvl_region_var",
    "australian_variant_2-words": "lvl_region_var",
}
NAME_KINDS = ("upper", "proper-names")
ABSENT = 100

PREFIXES = ("un", "co", "non", "re", "pre", "over", "out", "in", "dis", "en", "anti",
            "sub", "super", "under", "up", "back", "mis", "de")
SUFFIXES = (("s", ""), ("es", ""), ("ies", "y"), ("ed", ""), ("ed", "e"), ("ied", "y"),
            ("ing", ""), ("ing", "e"), ("er", ""), ("er", "e"), ("ers", ""), ("ly", ""),
            ("ily", "y"), ("ness", ""), ("ity", ""), ("ity", "e"), ("y", ""), ("y", "e"),
            ("able", ""), ("ion", "e"), ("ion", ""), ("ment", ""), ("less", ""),
            ("ful", ""), ("ish", ""), ("ism", ""), ("ist", ""), ("ize", ""), ("ee", ""),
            ("hood", ""), ("like", ""), ("est", ""), ("est", "e"))
INFLECTIONS = ("s", "es", "ies", "ed", "ied", "ing")

# WordNet's morphy detachment rules (noun, verb, adjective).
MORPHY = {"n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
                ("shes", "sh"), ("men", "man"), ("ies", "y")),
          "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
                ("ing", "e"), ("ing", "")),
          "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e"))}
WN_POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}


def read_text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def fold(word: str) -> str:
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()


def fits_bee(w: str) -> bool:
    return len(w) >= 4 and len(set(w)) <= 7 and WORD.fullmatch(w) is not None


def scowl_levels(root: Path = SCOWL) -> dict[str, dict[str, int]]:
    """feature name -> {word: smallest level}; lower-case entries only, except the
    name lists (capitalised entries, lower-cased) and abbreviations."""
    out: dict[str, dict[str, int]] = {k: {} for k in sorted(set(SCOWL_KINDS.values()))}
    out["lvl_name"], out["lvl_abbr"] = {}, {}
    files = sorted(root.glob("*.[0-9]*"))
    if not files:
        sys.exit(f"bee list: no SCOWL files in {root} (apt-get install -y scowl)")
    for f in files:
        cat, _, lvl = f.name.rpartition(".")
        kind = cat.partition("-")[2]
        if cat in SCOWL_KINDS:
            target, lower_only = out[SCOWL_KINDS[cat]], True
        elif kind in NAME_KINDS:
            target, lower_only = out["lvl_name"], False
        elif kind == "abbreviations":
            target, lower_only = out["lvl_abbr"], False
        else:
            continue
        level = int(lvl)
        for line in read_text(f).splitlines():
            w = line.strip()
            if not w or (lower_only and not w[0].islower()):
                continue
            w = fold(w).lower()
            if WORD.fullmatch(w) and level < target.get(w, ABSENT):
                target[w] = level
    return out


def read_list(name: str) -> frozenset[str]:
    path = SHARED / name
    if not path.is_file():
        sys.exit(f"bee list: needs {path}")
    return frozenset(w.strip().lower() for w in read_text(path).split())


def wordnet(root: Path = WORDNET) -> tuple[dict, dict, dict]:
    """(lemma -> {pos: (senses, tagged senses)}, lemma -> [lower-case senses, capitalised
    senses], word -> set of base forms from the exception lists)."""
    if not (root / "index.noun").is_file():
        sys.exit(f"bee list: no WordNet in {root} (apt-get install -y wordnet-base)")
    index: dict[str, dict[str, tuple[int, int]]] = {}
    case: dict[str, list[int]] = {}
    for pos, name in WN_POS.items():
        for line in read_text(root / f"index.{name}").splitlines():
            if line.startswith(" "):
                continue
            f = line.split()
            n_ptr = int(f[3])
            index.setdefault(f[0], {})[pos] = (int(f[2]), int(f[5 + n_ptr]))
        for line in read_text(root / f"data.{name}").splitlines():
            if line.startswith(" "):
                continue
            f = line.split()
            for i in range(int(f[3], 16)):
                lemma = re.sub(r"\(.*\)$", "", f[4 + 2 * i])
                c = case.setdefault(lemma.lower(), [0, 0])
                c[lemma != lemma.lower()] += 1
    exc: dict[str, set[str]] = {}
    for name in ("noun", "verb", "adj", "adv"):
        for line in read_text(root / f"{name}.exc").splitlines():
            f = line.split()
            exc.setdefault(f[0], set()).update(f[1:])
    return index, case, exc


class Sources:
    """All the general word sources, loaded once."""

    def __init__(self):
        from wordfreq import zipf_frequency
        self.scowl = scowl_levels()
        self.enable, self.enable2 = read_list("enable1.txt"), read_list("enable2k.txt")
        self.alpha = read_list("words_alpha_2017-10-18.txt")
        self.wn_index, self.wn_case, self.wn_exc = wordnet()
        self._zf = zipf_frequency
        self._z: dict[tuple[str, str], float] = {}

    def zipf(self, w: str, lang: str = "en") -> float:
        key = (w, lang)
        z = self._z.get(key)
        if z is None:
            z = self._z[key] = self._zf(w, lang)
        return z

    def lvl(self, w: str, kind: str = "lvl_word") -> int:
        return self.scowl[kind].get(w, ABSENT)

    def any_lvl(self, w: str) -> int:
        return min(self.lvl(w), self.lvl(w, "lvl_var1"), self.lvl(w, "lvl_var2"))

    def candidates(self) -> list[str]:
        pool: set[str] = set(self.enable) | self.enable2
        for kind, levels in self.scowl.items():
            if kind not in ("lvl_name", "lvl_abbr"):
                pool.update(levels)
        return sorted(w for w in pool if fits_bee(w))

    def bases(self, w: str) -> set[str]:
        """WordNet base forms of an inflected word (morphy: exceptions, then rules)."""
        out = set(self.wn_exc.get(w, ()))
        for pos, rules in MORPHY.items():
            for suf, rep in rules:
                if w.endswith(suf):
                    base = w[:-len(suf)] + rep
                    if pos in self.wn_index.get(base, {}):
                        out.add(base)
        out.discard(w)
        return out


def offensive(w: str) -> bool:
    """On the offensive-word list, or an inflection of a listed word."""
    from pyengine.words.offensive import is_offensive
    return is_offensive(w)


FEATURES = ("lvl_word", "lvl_var1", "lvl_var2", "lvl_var3", "lvl_region", "lvl_region_var",
            "lvl_name", "lvl_abbr", "regional_only", "enable", "enable2", "alpha",
            "zipf", "zipf_other", "zipf_gap", "length", "letters",
            "wn_n", "wn_v", "wn_a", "wn_r", "wn_tagged", "wn_caps",
            "infl_lvl", "infl_zipf", "infl_wn", "infl_caps", "infl_kind",
            "deriv_lvl", "deriv_zipf", "prefix_lvl", "compound_lvl", "redup", "offensive")


def _wn(src: Sources, w: str) -> tuple[list[int], int, float]:
    """([senses as noun, verb, adj, adv], tagged senses, share written capitalised)."""
    entry = src.wn_index.get(w, {})
    senses = [entry.get(p, (0, 0))[0] for p in WN_POS]
    tagged = sum(t for _, t in entry.values())
    low, caps = src.wn_case.get(w, (0, 0))
    return senses, tagged, (caps / (low + caps) if low + caps else -1.0)


def _inflection(src: Sources, w: str) -> tuple[int, float, int, float, int]:
    """The most common base this word inflects (plural, -ed, -ing, ...): (its level,
    zipf, WordNet senses, capitalised share, which suffix) or absent values."""
    cands = {b: 0 for b in src.bases(w)}
    for i, suf in enumerate(INFLECTIONS, 1):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            stem = w[:-len(suf)]
            for base in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else stem,
                         stem + "y" if suf in ("ies", "ied") else stem):
                if src.any_lvl(base) < ABSENT or base in src.wn_index:
                    cands.setdefault(base, i)
    if not cands:
        return ABSENT, 0.0, 0, -1.0, 0
    base = min(cands, key=lambda b: (src.any_lvl(b), -src.zipf(b), b))
    senses, _, caps = _wn(src, base)
    return src.any_lvl(base), src.zipf(base), sum(senses), caps, cands[base]


def _derivation(src: Sources, w: str) -> tuple[int, float, int, int, int]:
    """(best level of a suffix base, its zipf, best level of a prefix base, best
    compound level (the rarer half), reduplication flag)."""
    half = len(w) // 2
    redup = int(len(w) % 2 == 0 and w[:half] == w[half:])
    deriv, dz = ABSENT, 0.0
    for suf, rep in SUFFIXES:
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            base = w[:-len(suf)] + rep
            for b in (base, base[:-1] if base[-1:] == base[-2:-1] else base):
                lv = src.any_lvl(b)
                if lv < deriv or (lv == deriv and src.zipf(b) > dz):
                    deriv, dz = lv, src.zipf(b)
    prefix = min((src.any_lvl(w[len(p):]) for p in PREFIXES
                  if w.startswith(p) and len(w) - len(p) >= 3), default=ABSENT)
    compound = min((max(src.lvl(w[:i]), src.lvl(w[i:])) for i in range(3, len(w) - 2)),
                   default=ABSENT)
    return deriv, dz, prefix, compound, redup


def row(src: Sources, w: str) -> list[float]:
    """The FEATURES of one word, in order."""
    lv = [src.lvl(w, k) for k in FEATURES[:8]]
    regional = int(min(lv[4], lv[5]) < ABSENT and min(lv[:4]) == ABSENT)
    z = src.zipf(w)
    zo = max(src.zipf(w, lang) for lang in OTHER_LANGS)
    senses, tagged, caps = _wn(src, w)
    return [*lv, regional, int(w in src.enable), int(w in src.enable2), int(w in src.alpha),
            z, zo, z - zo, len(w), len(set(w)), *senses, tagged, caps,
            *_inflection(src, w), *_derivation(src, w), int(offensive(w))]
