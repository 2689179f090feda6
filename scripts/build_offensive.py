#!/usr/bin/env python3
"""Build pyengine's offensive-word list: facts/words/offensive.txt.

Sources (build time only; pinned by version and the SHA-256 of the npm tarball):
  * ``naughty-words`` 1.2.0 (npm): the English list (``en.json``) of Shutterstock's
    "List of Dirty, Naughty, Obscene, and Otherwise Bad Words" (LDNOOBW), CC BY 4.0;
  * ``profane-words`` 2.1.0 (npm): a compilation of several English lists, WTFPL.

Neither list alone covers what a classroom needs: naughty-words lacks slurs such as
chink, gook, wop, dago, redskin, squaw, honky, dyke and retard; profane-words lacks
vagina and coon. The union has them all. Both also list ordinary words (abuse, blacks,
heroin, torture, pansy, sniggers ...); those in ``ORDINARY`` below are kept out (the
rule: a word whose everyday sense is neither sexual, scatological, profane nor a slur,
and would not make a class giggle). ``better-profanity`` (PyPI) was looked at and not
used: it lists god, hell, kill, stupid, fat, organ, seaman.

Output: one word a line, lower case a-z only (entries of several words, or with digits
or symbols, are dropped), sorted, unique, LF line ends: the same tarballs give the same
bytes. Beside it: ``LICENSE-offensive.txt`` (both licences, as shipped in the tarballs)
and the provenance section of ``NOTICE.md`` (between its ``offensive`` markers).

Usage:  .venv/bin/python scripts/build_offensive.py [TARBALL ...]
        (the .tgz files from ``npm pack naughty-words@1.2.0 profane-words@2.1.0``;
        a package whose tarball is not given is fetched with ``npm pack``)
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WORDS = REPO / "facts" / "words"
OUT = WORDS / "offensive.txt"
LICENCE_OUT = WORDS / "LICENSE-offensive.txt"
NOTICE = WORDS / "NOTICE.md"
BEGIN, END = "<!-- offensive: begin -->", "<!-- offensive: end -->"
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class Source:
    package: str
    version: str
    sha256: str
    member: str          # the word list inside the tarball (a JSON array of strings)
    licence: str         # the licence file inside the tarball
    licence_name: str

    @property
    def tarball(self) -> str:
        return f"{self.package}-{self.version}.tgz"


SOURCES = (
    Source("naughty-words", "1.2.0",
           "c34b05e10a97ec7b9e0c3dd91d09888187c0f08d0812eaea79679795585b217e",
           "package/en.json", "package/LICENSE", "CC BY 4.0"),
    Source("profane-words", "2.1.0",
           "a7f4052faa88d3de4120db150df6290e71b6e857e9682740b8ef3dec6f162b6f",
           "package/words.json", "package/LICENSE.md", "WTFPL 2"),
)

# Ordinary words the sources list, kept out of offensive.txt (see the module's doc).
ORDINARY = frozenset("""
abuse babes bareback bestial blacks bluegum bluegums bombers boned bong bootee boozer
bung butt chug chugs clamps clansman clansmen clanswoman clanswomen cocain cocaine
cockfight cocky cummer cummin cumquat dike dimwit dingle dipstick doggie dogging
domination dong doofus escort eunuch fingering fisted foursome gae gays geezer gey grope
guineas hadji hadjis haji hajis hajji hajjis hardcore hells heroin herpes hijacking
hillbillies hillbilly hoes hooch hooter hummer hustler jerked jigger jiggers jigs jihad
junkie junky kimchis kink leper licker licking limy lucifer lusty lynch marijuana menage
moron muff muncher naked nimrod ninny nips nog nudger ovum paddy pansies pansy pegging
penthouse perse peyote piker pollock pollocks preteen pricks prig pula punky puss pussycat
rectus rosebuds scallywag scantily scat septics shrimping simp skeet slag snatch
sniggered sniggering sniggers snowballing snuff souse soused spunky stoned stroking suck
sucked sucker sucking sucks swallower syphilis tawdry teat testee titi toots torture
trois trots tuckahoe vixen whacker whit whop yank
""".split())


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(src: Source, into: Path) -> Path:
    """``npm pack PACKAGE@VERSION`` into ``into``; the tarball's path."""
    try:
        subprocess.run(["npm", "pack", "--silent", f"{src.package}@{src.version}"],
                       cwd=into, check=True, stdout=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError) as exc:
        sys.exit(f"build_offensive: npm pack {src.package}@{src.version} failed ({exc}); "
                 "give the tarball's path instead")
    return into / src.tarball


def read_tarball(src: Source, path: Path) -> tuple[bytes, list[str], str]:
    """(the tarball's bytes, its word entries, its licence text), the SHA-256 checked."""
    data = path.read_bytes()
    if sha256(data) != src.sha256:
        sys.exit(f"build_offensive: {path} is not {src.tarball} (SHA-256 {sha256(data)}, "
                 f"pinned {src.sha256})")
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        entries = json.loads(tar.extractfile(src.member).read().decode("utf-8"))
        licence = tar.extractfile(src.licence).read().decode("utf-8")
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        sys.exit(f"build_offensive: {src.member} of {path} is not a list of strings")
    return data, entries, licence


def single_words(entries) -> set[str]:
    """The entries that are one word of letters a-z (any case), lower-cased."""
    return {w for w in (e.strip().lower() for e in entries) if _WORD.fullmatch(w)}


def licence_text(sources, licences) -> str:
    parts = ["The offensive-word list facts/words/offensive.txt is derived from two npm\n"
             "packages (see NOTICE.md): the union of their single-word entries, less a\n"
             "few ordinary words (scripts/build_offensive.py, ORDINARY). Their licences\n"
             "follow, as shipped in the packages.\n"]
    for src, text in zip(sources, licences):
        rule = "=" * 72
        parts.append(f"\n{rule}\n{src.package} {src.version} ({src.licence_name}), "
                     f"file {src.licence.removeprefix('package/')}\n{rule}\n\n"
                     + text.rstrip() + "\n")
    return "".join(parts)


def notice_section(rows, count: int, dropped: int) -> str:
    lines = [BEGIN, "## Offensive words: `offensive.txt`", "",
             "Generated by `scripts/build_offensive.py`: one lower-case a-z word a line, "
             "sorted and unique.", "The words that `riddle make`, `bee make`, `bee play` "
             "(a random hive) and `boggle make --solve`", "never show "
             "(`pyengine.words.offensive`; `--allow-offensive` lifts it). The union of:", ""]
    for src, digest, n in rows:
        lines += [f"* npm `{src.package}` {src.version}: tarball `{src.tarball}`, SHA-256",
                  f"  `{digest}`; {n:,} single-word entries; licence {src.licence_name}."]
    lines += ["", f"Entries of several words or with digits or symbols are dropped; "
              f"{dropped} ordinary words", "that a source lists (abuse, blacks, heroin, "
              "pansy, sniggers ...) are kept out (`ORDINARY` in", f"the script). "
              f"{count:,} words. Licences: `LICENSE-offensive.txt` (CC BY 4.0 for "
              "naughty-words,", "the LDNOOBW list by Shutterstock; WTFPL 2 for "
              "profane-words); the list is changed", "from the sources as said here.", END]
    return "\n".join(lines) + "\n"


def write_notice(section: str) -> None:
    text = NOTICE.read_text(encoding="utf-8")
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + section.rstrip("\n") + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section
    NOTICE.write_text(text, encoding="utf-8")


def build(paths: dict[str, Path]) -> tuple[list[str], str, str]:
    """(the words, the licence file's text, the NOTICE section) from the tarballs."""
    union: set[str] = set()
    rows, licences = [], []
    for src in SOURCES:
        data, entries, licence = read_tarball(src, paths[src.package])
        words = single_words(entries)
        union |= words
        rows.append((src, sha256(data), len(words)))
        licences.append(licence)
    stray = sorted(ORDINARY - union)
    if stray:
        sys.exit(f"build_offensive: ORDINARY words no source lists: {', '.join(stray)}")
    words = sorted(union - ORDINARY)
    section = notice_section(rows, len(words), len(union & ORDINARY))
    return words, licence_text(SOURCES, licences), section


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tarballs", nargs="*", type=Path, help="npm tarballs of the sources")
    args = ap.parse_args(argv)
    names = {src.tarball: src.package for src in SOURCES}
    paths = {}
    for p in args.tarballs:
        if p.name not in names:
            sys.exit(f"build_offensive: {p.name} is none of {', '.join(names)}")
        paths[names[p.name]] = p
    with tempfile.TemporaryDirectory() as tmp:
        for src in SOURCES:
            if src.package not in paths:
                paths[src.package] = fetch(src, Path(tmp))
        words, licence, section = build(paths)
    OUT.write_text("".join(w + "\n" for w in words), encoding="ascii", newline="\n")
    LICENCE_OUT.write_text(licence, encoding="utf-8", newline="\n")
    write_notice(section)
    print(f"build_offensive: {len(words):,} words -> {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
