#!/usr/bin/env python3
"""Build pyengine's embedded lexical resource: facts/words/lexicon.tsv.gz.

Input (build time only; not needed at run time): WordNet 3.0 from the Debian
package ``wordnet-base`` (``apt-get install -y wordnet-base``), read from
/usr/share/wordnet/ (or --wordnet DIR): the ``index.*`` and ``data.*`` files.

Kept: for every word of the embedded default list (facts/words/default.tsv.gz)
that WordNet knows (an inflected word through its base forms, as WordNet's morphy
finds them: earls -> earl), its first senses (--senses per part of speech, in WordNet's
order, most frequent first), and for every name WordNet lists as an instance
(``Wordsworth``, ``Hadrian's Wall``) its senses; plus every synset on those
senses' hypernym chains (hypernyms and instance hypernyms, up to the top).

Output: a gzip text file, its gzip header without timestamp or file name, lines
sorted within each section, so the same inputs give the same bytes::

    S<TAB>id<TAB>pos<TAB>lemma lemma ...<TAB>hypernym-id,...<TAB>gloss
    C<TAB>id                        (a category of names: poet, city, river ...)
    W<TAB>word<TAB>id id ...        (senses in WordNet's order)

``C`` marks the synsets that names are direct instances of (Wordsworth is a poet).
``id`` numbers the kept synsets in (pos, offset) order; lemmas keep WordNet's
underscores for spaces; glosses are the definition and examples as WordNet gives
them. The WordNet licence (the Debian copyright file) is copied beside it as
LICENSE-WordNet.txt.

Usage:  .venv/bin/python scripts/build_lexicon.py [--wordnet DIR] [--senses 4]
"""
from __future__ import annotations

import argparse
import gzip
import io
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT_DIR = REPO / "facts" / "words"
COPYRIGHT = Path("/usr/share/doc/wordnet-base/copyright")
POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
HYPERNYMS = {"@", "@i"}


def read_data(wordnet: Path) -> dict[tuple[str, int], tuple[list[str], list, str, bool]]:
    """(pos, offset) -> (lemmas, hypernym keys, gloss, is an instance)."""
    synsets = {}
    for name, pos in POS.items():
        for line in (wordnet / f"data.{name}").read_text("latin-1").splitlines():
            if line.startswith(" "):
                continue
            head, _, gloss = line.partition(" | ")
            f = head.split()
            count = int(f[3], 16)
            lemmas = [f[4 + 2 * i] for i in range(count)]
            if pos == "a":
                lemmas = [lemma.split("(")[0] for lemma in lemmas]
            k = 4 + 2 * count
            nptr = int(f[k])
            hyper, instance = [], False
            for i in range(nptr):
                sym, off, ppos = f[k + 1 + 4 * i: k + 4 + 4 * i]
                if sym in HYPERNYMS:
                    hyper.append(("a" if ppos == "s" else ppos, int(off)))
                    instance |= sym == "@i"
            synsets[(pos, int(f[0]))] = (lemmas, hyper, gloss.strip(), instance)
    return synsets


def read_index(wordnet: Path) -> dict[str, list[tuple[str, int]]]:
    """lemma (as in WordNet, lower case, underscores) -> its senses in order, by pos."""
    senses: dict[str, list[tuple[str, int]]] = {}
    for name, pos in POS.items():
        for line in (wordnet / f"index.{name}").read_text("latin-1").splitlines():
            if line.startswith(" "):
                continue
            f = line.split()
            nsyn, nptr = int(f[2]), int(f[3])
            offsets = f[6 + nptr: 6 + nptr + nsyn]
            senses.setdefault(f[0], []).extend((pos, int(o)) for o in offsets)
    return senses


# WordNet's morphy: inflectional endings by part of speech (noun, verb, adjective)
SUFFIXES = {"n": [("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
                  ("shes", "sh"), ("men", "man"), ("ies", "y")],
            "v": [("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"),
                  ("ed", ""), ("ing", "e"), ("ing", "")],
            "a": [("er", ""), ("est", ""), ("er", "e"), ("est", "e")]}


def read_exceptions(wordnet: Path) -> dict[str, list[tuple[str, str]]]:
    """inflected form -> [(pos, base)] from the ``*.exc`` files."""
    out: dict[str, list[tuple[str, str]]] = {}
    for name, pos in (("noun", "n"), ("verb", "v"), ("adj", "a")):
        for line in (wordnet / f"{name}.exc").read_text("latin-1").splitlines():
            f = line.split()
            if len(f) >= 2:
                out.setdefault(f[0], []).extend((pos, b) for b in f[1:])
    return out


def base_forms(word: str, index, exceptions) -> list[str]:
    """The WordNet lemmas an inflected word comes from (morphy), in a fixed order."""
    bases = [b for _pos, b in exceptions.get(word, ())]
    for pos, rules in SUFFIXES.items():
        for end, repl in rules:
            if word.endswith(end) and len(word) > len(end) + 1:
                bases.append(word[:len(word) - len(end)] + repl)
    return [b for b in dict.fromkeys(bases) if b in index]


def default_words() -> list[str]:
    with gzip.open(OUT_DIR / "default.tsv.gz", "rt", encoding="utf-8") as fh:
        return [line.split("\t", 1)[0] for line in fh]


def select(words, index, exceptions, synsets, per_pos: int):
    """word -> kept sense keys (an inflected word: its base forms' senses); names
    (instances) keyed by their written form."""
    entries: dict[str, list] = {}
    for word in words:
        senses = index.get(word)
        if not senses:
            senses = [k for b in base_forms(word, index, exceptions) for k in index[b]]
        if senses:
            kept, seen = [], {}
            for key in senses:
                seen[key[0]] = seen.get(key[0], 0) + 1
                if seen[key[0]] <= per_pos:
                    kept.append(key)
            entries[word] = kept
    for key, (lemmas, _h, _g, instance) in synsets.items():
        if instance:
            for lemma in lemmas:
                name = lemma.replace("_", " ")
                entries.setdefault(name, [])
                if key not in entries[name]:
                    entries[name].append(key)
    return entries


def closure(entries, synsets) -> list[tuple[str, int]]:
    keep, todo = set(), [k for ks in entries.values() for k in ks]
    while todo:
        key = todo.pop()
        if key in keep or key not in synsets:
            continue
        keep.add(key)
        todo.extend(synsets[key][1])
    return sorted(keep)


def write(out: Path, entries, synsets) -> None:
    keys = closure(entries, synsets)
    ids = {k: i for i, k in enumerate(keys)}
    buf = io.StringIO()
    for k in keys:
        lemmas, hyper, gloss, _inst = synsets[k]
        hy = ",".join(str(ids[h]) for h in hyper if h in ids)
        gloss = gloss.replace("\t", " ")
        buf.write(f"S\t{ids[k]}\t{k[0]}\t{' '.join(lemmas)}\t{hy}\t{gloss}\n")
    named = sorted({ids[h] for k in keys if synsets[k][3] for h in synsets[k][1] if h in ids})
    for i in named:
        buf.write(f"C\t{i}\n")
    for word in sorted(entries):
        senses = [str(ids[k]) for k in entries[word] if k in ids]
        if senses:
            buf.write(f"W\t{word}\t{' '.join(senses)}\n")
    with open(out, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                           compresslevel=9) as gz:
            gz.write(buf.getvalue().encode("utf-8"))
    print(f"build_lexicon: {len(keys)} synsets, {len(entries)} entries -> {out} "
          f"({out.stat().st_size} bytes)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    ap.add_argument("--senses", type=int, default=4, help="senses kept per part of speech")
    ap.add_argument("--out", type=Path, default=OUT_DIR / "lexicon.tsv.gz")
    args = ap.parse_args(argv)
    if not (args.wordnet / "data.noun").exists():
        sys.exit(f"build_lexicon: no WordNet under {args.wordnet}; "
                 "run: apt-get install -y wordnet-base")
    synsets = read_data(args.wordnet)
    index = read_index(args.wordnet)
    entries = select(default_words(), index, read_exceptions(args.wordnet), synsets,
                     args.senses)
    write(args.out, entries, synsets)
    if COPYRIGHT.exists():
        shutil.copyfile(COPYRIGHT, args.out.parent / "LICENSE-WordNet.txt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
