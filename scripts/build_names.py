#!/usr/bin/env python3
"""Build pyengine's embedded list of names: facts/words/names.tsv.gz.

Inputs (build time only; none is needed at run time):
  * SCOWL's proper-name lists from the Debian package ``scowl``
    (/usr/share/dict/scowl/english-proper-names.N and american-proper-names.N,
    N <= --max-tier, default 70): people, places, peoples; possessives and
    all-capital abbreviations left out;
  * WordNet 3.0's instance nouns from the Debian package ``wordnet-base``
    (/usr/share/wordnet/data.noun: synsets with an instance hypernym, '@i'): poets,
    statesmen, cities, rivers, monuments, works, many of several words
    (``Hadrian's Wall``, ``Joan of Arc``);
  * word frequencies from the PyPI package ``wordfreq`` (zipf scale), for ranking.

Output: one line per name, sorted by key then name, ``key<TAB>name<TAB>zipf100``:
``key`` is the name's letters, lower case, without spaces, hyphens, apostrophes or
points (accents folded: ``hadrianswall``), ``name`` as written, ``zipf100`` =
round(100 x wordfreq's zipf frequency of the name). Names whose key is under 3 or
over 20 letters, or not a-z once folded, are left out. The gzip header carries no
timestamp or file name, so the same inputs give the same bytes. Licences: SCOWL's
and WordNet's (LICENSE-SCOWL.txt, LICENSE-WordNet.txt beside the file).

Usage:  .venv/bin/python scripts/build_names.py [--scowl DIR] [--wordnet DIR]
"""
from __future__ import annotations

import argparse
import gzip
import io
import re
import sys
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "facts" / "words" / "names.tsv.gz"
CATEGORIES = ("english-proper-names", "american-proper-names")
_KEY = re.compile(r"[a-z]{3,20}")


def key_of(name: str) -> str | None:
    """The letters of a name, folded to a-z, or None."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    key = re.sub(r"[\s'.\-\u2019]", "", folded)
    return key if _KEY.fullmatch(key) else None


def scowl_names(scowl: Path, max_tier: int) -> set[str]:
    names = set()
    files = sorted(f for cat in CATEGORIES for f in scowl.glob(cat + ".*")
                   if f.suffix[1:].isdigit() and int(f.suffix[1:]) <= max_tier)
    if not files:
        sys.exit(f"build_names: no SCOWL proper-name lists under {scowl}; "
                 "run: apt-get install -y scowl")
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


def wordnet_names(wordnet: Path) -> set[str]:
    """The lemmas of WordNet's instance synsets, spaces for underscores."""
    names = set()
    for line in (wordnet / "data.noun").read_text("latin-1").splitlines():
        if line.startswith(" ") or " @i " not in line.partition(" | ")[0]:
            continue
        f = line.split()
        count = int(f[3], 16)
        for i in range(count):
            lemma = f[4 + 2 * i].replace("_", " ")
            if lemma[:1].isupper():
                names.add(lemma)
    return names


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--max-tier", type=int, default=70)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    from wordfreq import zipf_frequency

    names = scowl_names(args.scowl, args.max_tier) | wordnet_names(args.wordnet)
    rows = sorted((k, n) for n in names if (k := key_of(n)) is not None)
    buf = io.StringIO()
    for key, name in rows:
        zipf = round(100 * zipf_frequency(name.lower(), "en"))
        buf.write(f"{key}\t{name}\t{zipf}\n")
    with open(args.out, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                           compresslevel=9) as gz:
            gz.write(buf.getvalue().encode("utf-8"))
    print(f"build_names: {len(rows)} names -> {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
