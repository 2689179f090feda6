#!/usr/bin/env python3
"""Build pyengine's embedded default word list: facts/words/default.tsv.gz.

Inputs (build time only; neither is needed at run time):
  * SCOWL word lists from the Debian package ``scowl``
    (``apt-get update && apt-get install -y scowl``), read from
    /usr/share/dict/scowl/ (or --scowl DIR).  Only the ``english-words.N``
    and ``american-words.N`` files with size level N <= --max-tier (default 70)
    are used; proper names, abbreviations, contractions, upper-case words,
    hacker words, roman numerals and the british/canadian/australian/variant
    spellings are left out.
  * word frequencies from the PyPI package ``wordfreq`` (zipf scale).

Output: one line per word, sorted by word, ``word<TAB>tier<TAB>zipf100`` where
``tier`` is the smallest SCOWL size level the word appears at and ``zipf100``
is round(100 * wordfreq.zipf_frequency(word, "en")).  The gzip header carries
no timestamp or file name, so the same inputs give a byte-identical file.
The SCOWL licence notice (the Debian copyright file) is copied beside it.

Usage:  .venv/bin/python scripts/build_words.py [--scowl DIR] [--max-tier 70]
"""
from __future__ import annotations

import argparse
import gzip
import io
import re
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT_DIR = REPO / "facts" / "words"
CATEGORIES = ("english-words", "american-words")
WORD_RE = re.compile(r"[a-z]+")
COPYRIGHT = Path("/usr/share/doc/scowl/copyright")


def read_text(path: Path) -> str:
    """SCOWL upstream ships ISO-8859-1; Debian's copy is UTF-8.  Accept both."""
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def collect(scowl: Path, max_tier: int) -> tuple[dict[str, int], dict[str, int]]:
    tiers: dict[str, int] = {}
    skipped: dict[str, int] = {}
    files = []
    for cat in CATEGORIES:
        for f in scowl.glob(cat + ".*"):
            level = f.suffix[1:]
            if level.isdigit() and int(level) <= max_tier:
                files.append((int(level), f))
    if not files:
        sys.exit(f"build_words: no SCOWL files under {scowl}; "
                 "run: apt-get update && apt-get install -y scowl")
    for level, f in sorted(files):
        for line in read_text(f).splitlines():
            w = line.strip()
            if not w:
                continue
            if not WORD_RE.fullmatch(w):  # capitals, apostrophes, accents
                skipped[f.name] = skipped.get(f.name, 0) + 1
                continue
            if w not in tiers or level < tiers[w]:
                tiers[w] = level
    return tiers, skipped


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    ap.add_argument("--max-tier", type=int, default=70)
    ap.add_argument("--out", type=Path, default=OUT_DIR)
    args = ap.parse_args(argv)

    import wordfreq  # build-time dependency only
    from importlib.metadata import version

    tiers, skipped = collect(args.scowl, args.max_tier)
    buf = io.StringIO()
    for w in sorted(tiers):
        z = round(100 * wordfreq.zipf_frequency(w, "en"))
        buf.write(f"{w}\t{tiers[w]}\t{z}\n")
    data = buf.getvalue().encode("ascii")

    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / "default.tsv.gz"
    with open(target, "wb") as fh:
        # mtime=0 and no filename in the header: reproducible bytes
        with gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0,
                           compresslevel=9) as gz:
            gz.write(data)
    if COPYRIGHT.exists():
        shutil.copyfile(COPYRIGHT, args.out / "LICENSE-SCOWL.txt")

    per_tier: dict[int, int] = {}
    for t in tiers.values():
        per_tier[t] = per_tier.get(t, 0) + 1
    print(f"wrote {target} ({target.stat().st_size} bytes, {len(tiers)} words, "
          f"wordfreq {version('wordfreq')})")
    print("words per tier: " + ", ".join(f"{t}:{n}" for t, n in sorted(per_tier.items())))
    print(f"skipped (not plain a-z): {sum(skipped.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
