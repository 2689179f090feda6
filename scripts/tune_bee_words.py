#!/usr/bin/env python3
"""Derive pyengine's Spelling Bee word list (facts/words/bee.tsv.gz) and tune it.

The NYT Spelling Bee list leaves out obscure words, proper nouns, hyphenated
and offensive words.  This script turns general word facts into that kind of
list with a few readable rules, tunes the rules' thresholds on the puzzles of
../shared/data/bee_dev.json with an EVEN day of the month, and reports recall
and precision on the even (tuning) and the ODD (held-out) dates.

Inputs (build time only, none needed at run time):
  * SCOWL (Debian package ``scowl``, /usr/share/dict/scowl): for each word the
    smallest size level at which it appears as an ordinary word
    (english/american words, the variant spellings such as "donut", and
    accented words folded to a-z such as "cafe"), and whether it is also
    listed capitalised (proper names / upper-case lists, e.g. "Anna");
  * the ENABLE word list (public domain, ../shared/data/enable1.txt): is the
    word in a standard game list;
  * wordfreq zipf frequencies (PyPI ``wordfreq``);
  * the offensive-word exclusions below, written for this project.

The rules (one idea each):
  1. ``level <= CORE`` and in ENABLE: keep (common dictionary words).
  2. ``level <= CORE`` but not in ENABLE: keep if zipf >= Z_CORE_NOT_GAME.
  3. Variant spellings ("donut", "nett"): keep if zipf >= Z_VARIANT.
     Proper names among level-55/60 words ("coco", "dona"): keep only if
     zipf < Z_NAME_CORE_MAX (a frequent one is mostly used as a name).
  4. Rare dictionary words (level 70 or 80, in ENABLE) that SCOWL also lists
     as proper names ("anna", "otto") or as abbreviations ("conn", "lidar"):
     drop.
  5. A rare word *plainly derived* from a common word (-ly/-ily/-ness/-ity
     suffix, un-/co- prefix: "zanily", "untune", "coact"): keep whatever its
     zipf (a transparent formation needs no corpus evidence).
  6. A rare word otherwise *derived* (other affixes, or a compound of two
     common words: "handoff", "eggy"): keep if zipf >= Z_DERIVED70 (level
     70) / Z_DERIVED80 (level 80).  Reduplications ("weewee", "coocoo"),
     -al/-ic adjectives and -ly adverbs of -ing words ("naggingly") do not
     count as derived.
  7. Any other rare word: keep if zipf >= Z_RARE70 / Z_RARE80; at level 70
     drop it again if zipf >= Z_RARE70_MAX (a level-70 word that frequent in
     running text is mostly a name or a foreign word: "playa", "mana").
  8. Everything else (levels 95 / ENABLE-only / wordfreq-only): drop.
  9. Offensive words: drop, whatever the rules above say.

No official answer list is copied: the output depends on bee_dev only
through the handful of thresholds printed at the end.

Usage:  .venv/bin/python scripts/tune_bee_words.py [--write] [--no-tune]
"""
from __future__ import annotations

import argparse
import gzip
import io
import itertools
import json
import re
import sys
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
SCOWL = Path("/usr/share/dict/scowl")
OUT = REPO / "facts" / "words" / "bee.tsv.gz"
WORD = re.compile(r"[a-z]+")

# Offensive words and slurs left out of the list (written for this project:
# vulgar sexual terms, slurs, scatology).  Inflections are matched too.  Words
# whose ordinary sense is innocent (cock = rooster, booby = a seabird, prick =
# pierce, bonk = hit, crap = the dice game / junk, boob = fool) are not here.
OFFENSIVE = """
cunt twat wank wanker wanking milf nigga nigger coon spic kike chink gook
dyke faggot fagot fag homo tranny retard slut whore skank titty titties tits
tittie boobie boobies dick dickhead pussy bitch bastard arse
arsehole asshole shit shite piss pissed turd fuck fucker fucking jizz cum
cummed bollock bollocks bugger buggery wop dago gringo hooker hoochie honky
wetback paki raghead towelhead tard bimbo nookie poon poontang boink
""".split()

DEFAULT = {"CORE": 60, "Z_CORE_NOT_GAME": 3.0, "DERIVED_BASE": 50,
           "Z_VARIANT": 2.0, "Z_NAME_CORE_MAX": 9.0,
           "Z_DERIVED70": 0.0, "Z_DERIVED80": 1.0,
           "Z_RARE70": 2.25, "Z_RARE70_MAX": 3.0, "Z_RARE80": 3.0}
# Only these are tuned (64 combinations); the others stay at DEFAULT.
GRID = {"Z_CORE_NOT_GAME": (2.5, 3.0), "Z_DERIVED70": (0.0, 1.0),
        "Z_DERIVED80": (1.0, 1.5), "Z_RARE70": (2.25, 2.5),
        "Z_RARE70_MAX": (3.0, 99.0), "Z_RARE80": (2.5, 3.0)}

PREFIXES = ("un", "co", "non", "re", "pre", "over", "out", "in", "dis", "en", "anti",
            "sub", "super", "under", "up", "back", "mis")
# Affixes that make a plainly derived word (rule 5).
PLAIN_PREFIXES = ("un", "co")
PLAIN_SUFFIXES = ("ly", "ily", "ness", "ity")
SUFFIXES = (("ly", ""), ("ily", "y"), ("ness", ""), ("ity", ""), ("ity", "e"), ("ed", ""), ("ed", "e"), ("ied", "y"), ("ing", ""), ("ing", "e"),
            ("er", ""), ("er", "e"), ("y", ""), ("y", "e"), ("able", ""), ("ion", "e"),
            ("ion", ""), ("ment", ""), ("less", ""), ("ful", ""), ("ish", ""), ("ism", ""),
            ("ist", ""), ("ize", ""), ("ee", ""), ("hood", ""), ("like", ""), ("ty", ""))


def _read(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _fold(word: str) -> str:
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()


def scowl_levels(root: Path = SCOWL) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """(word -> smallest level as an ordinary english/american word, word ->
    smallest level as a variant spelling, word -> smallest level as a
    capitalised word).  Accents are folded to a-z."""
    word_level: dict[str, int] = {}
    variant_level: dict[str, int] = {}
    name_level: dict[str, int] = {}
    files = sorted(root.glob("*.[0-9]*"))
    if not files:
        sys.exit(f"tune_bee_words: no SCOWL files in {root} "
                 "(apt-get update && apt-get install -y scowl)")
    for f in files:
        cat, _, lvl = f.name.rpartition(".")
        if not lvl.isdigit():
            continue
        level = int(lvl)
        region, _, kind = cat.partition("-")
        if kind == "words" and region in ("english", "american"):
            target, lower_only = word_level, True
        elif kind == "words" and region.startswith("variant"):
            target, lower_only = variant_level, True
        elif kind in ("upper", "proper-names"):
            target, lower_only = name_level, False
        else:
            continue
        for line in _read(f).splitlines():
            w = line.strip()
            if not w:
                continue
            if lower_only and not w[0].islower():
                continue
            w = _fold(w).lower()
            if WORD.fullmatch(w) and level < target.get(w, 999):
                target[w] = level
    return word_level, variant_level, name_level


def scowl_abbreviations(root: Path = SCOWL) -> frozenset[str]:
    """Alphabetic entries of SCOWL's abbreviation lists, lower-cased."""
    out: set[str] = set()
    for f in root.glob("*-abbreviations.*"):
        for line in _read(f).splitlines():
            w = _fold(line.strip()).lower()
            if WORD.fullmatch(w):
                out.add(w)
    return frozenset(out)


class Facts:
    """Everything the rules know about a word."""

    def __init__(self):
        from wordfreq import zipf_frequency
        words, variants, self.name = scowl_levels()
        self.variant_only = frozenset(variants) - frozenset(words)
        self.level = dict(variants)
        self.level.update(words)
        enable = SHARED / "enable1.txt"
        if not enable.is_file():
            sys.exit(f"tune_bee_words: needs {enable}")
        self.enable = frozenset(enable.read_text().split())
        self._zf = zipf_frequency
        self._z: dict[str, float] = {}
        self._derived: dict[tuple, str | None] = {}
        self.abbreviation = scowl_abbreviations()

    def zipf(self, w: str) -> float:
        z = self._z.get(w)
        if z is None:
            z = self._z[w] = self._zf(w, "en")
        return z

    def lvl(self, w: str) -> int:
        return self.level.get(w, 99)

    def _common(self, base: str, lim: int) -> bool:
        if len(base) < 3:
            return False
        if self.lvl(base) <= lim:
            return True
        return len(base) > 3 and base[-1] == base[-2] and self.lvl(base[:-1]) <= lim

    def derivation(self, w: str, lim: int) -> str | None:
        """"plain" (rule 5), "other" (rule 6) or None: how w is built from
        common words (level <= lim; compounds: two level-35 words)."""
        key = (w, lim)
        if key in self._derived:
            return self._derived[key]
        half = len(w) // 2
        kinds: set[str] = set()
        if not (len(w) % 2 == 0 and w[:half] == w[half:]):      # weewee, coocoo
            for p in PREFIXES:
                if w.startswith(p) and self._common(w[len(p):], lim):
                    kinds.add("plain" if p in PLAIN_PREFIXES else "other")
            for s, r in SUFFIXES:
                base = w[:-len(s)] + r
                if not w.endswith(s) or (s in ("ly", "ily") and base.endswith("ing")):
                    continue
                if self._common(base, lim):
                    kinds.add("plain" if s in PLAIN_SUFFIXES else "other")
            if any(self.lvl(w[:i]) <= 35 and self.lvl(w[i:]) <= 35
                   for i in range(3, len(w) - 2)):
                kinds.add("other")
        got = "plain" if "plain" in kinds else ("other" if kinds else None)
        self._derived[key] = got
        return got

    def candidates(self) -> set[str]:
        """Every word a Spelling Bee could use (4+ letters, <= 7 distinct)."""
        pool = set(self.level) | self.enable
        return {w for w in pool if len(w) >= 4 and len(set(w)) <= 7}


def offensive(w: str) -> bool:
    if w in _OFF:
        return True
    for suf in ("s", "es", "ed", "ing", "er", "ers", "y", "ie", "ies"):
        if w.endswith(suf) and w[:-len(suf)] in _OFF:
            return True
    return False


_OFF = frozenset(OFFENSIVE)


def keep(w: str, f: Facts, p: dict) -> bool:
    """The rules from the module docstring, in order."""
    if offensive(w):
        return False
    lvl = f.lvl(w)
    game = w in f.enable
    if w in f.variant_only:
        return lvl <= p["CORE"] and f.zipf(w) >= p["Z_VARIANT"]
    if lvl <= p["CORE"] and lvl >= 55 and f.name.get(w, 99) <= 70:
        return f.zipf(w) < p["Z_NAME_CORE_MAX"]
    if lvl <= p["CORE"]:
        return game or f.zipf(w) >= p["Z_CORE_NOT_GAME"]
    if lvl not in (70, 80) or not game:
        return False
    if f.name.get(w, 99) <= 70 or w in f.abbreviation:
        return False
    how = f.derivation(w, p["DERIVED_BASE"])
    if how == "plain":
        return True
    z = f.zipf(w)
    if how == "other":
        return z >= p[f"Z_DERIVED{lvl}"]
    if lvl == 70:
        return p["Z_RARE70"] <= z < p["Z_RARE70_MAX"]
    return z >= p["Z_RARE80"]


# --------------------------------------------------------------------------
# evaluation on bee_dev

def load_dev() -> list[dict]:
    path = SHARED / "bee_dev.json"
    if not path.is_file():
        sys.exit(f"tune_bee_words: needs {path}")
    return json.loads(path.read_text())


def hive_words(words_by_mask: dict[int, list[str]], letters: str, centre: str) -> list[str]:
    allow = _mask(letters)
    need = _mask(centre)
    out: list[str] = []
    sub = allow
    while sub:
        if sub & need:
            out.extend(words_by_mask.get(sub, ()))
        sub = (sub - 1) & allow
    return out


def _mask(word: str) -> int:
    m = 0
    for c in set(word):
        m |= 1 << (ord(c) - 97)
    return m


def score(puzzles, chosen) -> tuple[float, float, int, int, int]:
    """(recall, precision, tp, fp, fn) of the word set ``chosen`` (a callable
    or a set) over every puzzle, counting only words that fit each hive."""
    tp = fp = fn = 0
    for pz, cands in puzzles:
        ans = set(pz["answers"])
        got = {w for w in cands if chosen(w)}
        tp += len(got & ans)
        fp += len(got - ans)
        fn += len(ans - got)
    return tp / max(tp + fn, 1), tp / max(tp + fp, 1), tp, fp, fn


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(REPO)}")
    ap.add_argument("--no-tune", action="store_true", help="use the default thresholds")
    args = ap.parse_args(argv)

    f = Facts()
    cands = f.candidates()
    by_mask: dict[int, list[str]] = {}
    for w in cands:
        by_mask.setdefault(_mask(w), []).append(w)
    dev = load_dev()
    split = {0: [], 1: []}
    for pz in dev:
        split[int(pz["date"][-2:]) % 2].append(
            (pz, hive_words(by_mask, pz["center"] + pz["outer"], pz["center"])))
    best = dict(DEFAULT)
    if not args.no_tune:
        ranked = []
        keys = sorted(GRID)
        for values in itertools.product(*(GRID[k] for k in keys)):
            p = dict(DEFAULT, **dict(zip(keys, values)))
            r, pr, *_ = score(split[0], lambda w: keep(w, f, p))
            ranked.append((min(r - 0.90, pr - 0.85), r, pr, p))
        ranked.sort(key=lambda t: -t[0])
        best = ranked[0][3]
    for name, part in (("tune (even dates)", split[0]), ("held out (odd dates)", split[1]),
                       ("all", split[0] + split[1])):
        r, pr, tp, fp, fn = score(part, lambda w: keep(w, f, best))
        print(f"{name:22s} puzzles {len(part):3d}  recall {r:.3f}  precision {pr:.3f}  "
              f"(tp {tp}, fp {fp}, fn {fn})")
    print("thresholds:", json.dumps(best, sort_keys=True))
    chosen = sorted(w for w in cands if keep(w, f, best))
    print(f"list: {len(chosen)} words")
    if args.write:
        buf = io.StringIO()
        for w in chosen:
            buf.write(f"{w}\t{round(f.zipf(w) * 100)}\n")
        data = buf.getvalue().encode("ascii")
        with open(OUT, "wb") as fh:
            with gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0) as gz:
                gz.write(data)
        print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
