#!/usr/bin/env python3
"""Build the named word lists pyengine ships: facts/words/enable1.txt.xz,
enable2k.txt.xz and words_alpha.txt.xz, and their provenance, named_lists.json.

Inputs (build time only; the lists need nothing at run time): enable1.txt,
enable2k.txt and words_alpha_2017-10-18.txt from --source (default
$PYENGINE_SHARED_DATA, else ../shared/data beside the repository).  Which file
gives which list is ``pyengine.words.named.NAMED_LISTS``.

Each list is read as ``pyengine --words FILE`` reads a file
(``pyengine.words.lists.parse_plain``: CRLF or LF, any case, lines that are not
one a-z word skipped) and written as one lower-case a-z word per line, sorted
(code-point order) and unique, LF line ends, compressed with xz (stdlib lzma,
preset 9, CRC64 check).  Measured on these lists: xz is 18 % smaller than
gzip -9 (enable1 371 KB against 453 KB, words_alpha 887 KB against 1,083 KB)
and decompresses in under 0.1 s; preset 9 | PRESET_EXTREME came out 0.1 % larger
than plain preset 9 and slower, so it is not used.  The xz stream holds no time
or file name, so the same inputs give the same bytes.

named_lists.json records, per list, the source file's name, size, SHA-256 and
line count, the words kept and lines skipped, and the shipped file's size and
SHA-256 (sorted keys, so it too is byte-identical on a rebuild).  The licences
and sources are described by hand in facts/words/NOTICE.md, LICENSE-ENABLE.txt
and LICENSE-words_alpha.txt.

Usage:  .venv/bin/python scripts/build_named_lists.py [--source DIR] [--out DIR]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import lzma
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "facts" / "words"
XZ_PRESET = 9


def default_source() -> Path:
    """$PYENGINE_SHARED_DATA, else ../shared/data beside the repository."""
    env = os.environ.get("PYENGINE_SHARED_DATA")
    return Path(env) if env else REPO.parent / "shared" / "data"


def normalised(raw: bytes, name: str) -> tuple[bytes, int, int]:
    """(one a-z word per line, sorted, unique; words kept; lines skipped)."""
    from pyengine.words.lists import parse_plain

    words, skipped = parse_plain(raw, name)
    return ("\n".join(words) + "\n").encode("ascii"), len(words), skipped


def compress(text: bytes) -> bytes:
    return lzma.compress(text, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64,
                         preset=XZ_PRESET)


def build_one(src: Path, out: Path) -> dict:
    """Write ``out`` from ``src``; the provenance record of the pair."""
    raw = src.read_bytes()
    text, count, skipped = normalised(raw, src.name)
    packed = compress(text)
    out.write_bytes(packed)
    return {"source_file": src.name, "source_bytes": len(raw),
            "source_sha256": hashlib.sha256(raw).hexdigest(),
            "source_lines": len(raw.splitlines()), "words": count, "skipped": skipped,
            "file": out.name, "bytes": len(packed),
            "sha256": hashlib.sha256(packed).hexdigest()}


def build(source: Path, out: Path) -> dict[str, dict]:
    """Build every named list from ``source`` into ``out``; returns the provenance."""
    from pyengine.words.named import NAMED_LISTS, PROVENANCE

    missing = [n.source_file for n in NAMED_LISTS.values()
               if not (source / n.source_file).is_file()]
    if missing:
        raise SystemExit(f"build_named_lists: {', '.join(missing)} absent from {source} "
                         "(pass --source DIR)")
    out.mkdir(parents=True, exist_ok=True)
    record = {name: build_one(source / n.source_file, out / n.file)
              for name, n in NAMED_LISTS.items()}
    (out / PROVENANCE).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n",
                                  encoding="ascii")
    return record


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", type=Path, default=None,
                    help="folder of the source lists (default $PYENGINE_SHARED_DATA, "
                         "else ../shared/data)")
    ap.add_argument("--out", type=Path, default=OUT, help="output folder (default facts/words)")
    args = ap.parse_args(argv)
    record = build(args.source or default_source(), args.out)
    for name, r in record.items():
        print(f"build_named_lists: {name}: {r['words']} words ({r['skipped']} lines skipped) "
              f"-> {args.out / r['file']} ({r['bytes']} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
