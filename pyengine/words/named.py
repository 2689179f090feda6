"""The named word lists that ship with pyengine: ``enable1``, ``enable2k`` and
``words_alpha``, and how an embedded word-list file is found and keyed.

Each named list ships compressed under ``facts/words`` (``enable1.txt.xz`` ...):
one lower-case a-z word per line, sorted and unique, written by
``scripts/build_named_lists.py`` from the source files named here (kept beside the
repository in ``../shared/data``, needed only to rebuild).  ``named_lists.json``
beside them records each source file's SHA-256 and word count; the licences are
``LICENSE-ENABLE.txt`` and ``LICENSE-words_alpha.txt`` (see ``NOTICE.md``).

An embedded file's cache key is its name and the SHA-256 of its bytes, so the disk
cache follows the content: a reinstall or a move keeps it, a rebuilt list with
other words does not.  Loading itself is :func:`pyengine.words.lists.load`.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import NamedTuple

from pyengine.engine.errors import UsageError
from pyengine.words.lexicon import resource


class NamedList(NamedTuple):
    """A list shipped under ``facts/words``: its file, the build's source file,
    its licence note and a description."""
    file: str
    licence: str
    source_file: str
    about: str


#: list name -> how it ships
NAMED_LISTS = {
    "enable1": NamedList(
        "enable1.txt.xz", "public domain (ENABLE word list), see facts/words/LICENSE-ENABLE.txt",
        "enable1.txt", "ENABLE (Enhanced North American Benchmark Lexicon)"),
    "enable2k": NamedList(
        "enable2k.txt.xz", "public domain (ENABLE2K word list), see facts/words/LICENSE-ENABLE.txt",
        "enable2k.txt", "ENABLE2K (the 2000 revision of ENABLE)"),
    "words_alpha": NamedList(
        "words_alpha.txt.xz", "Unlicense (dwyl/english-words words_alpha.txt), see "
        "facts/words/LICENSE-words_alpha.txt", "words_alpha_2017-10-18.txt",
        "words_alpha.txt of github.com/dwyl/english-words (2017-10-18)"),
}
#: the provenance file the build writes beside the lists
PROVENANCE = "named_lists.json"

_DIGESTS: dict[tuple, str] = {}


def embedded(fname: str, rebuild: str):
    """(resource, key) of the file ``fname`` under ``facts/words``: the key is the
    file's name and SHA-256 (a file on disk is hashed once per size and mtime).
    UsageError naming ``rebuild`` (the command that makes it) if it is missing."""
    res = resource(fname)
    try:
        if isinstance(res, Path):
            st = res.stat()
            stamp = (str(res), st.st_size, st.st_mtime_ns)
            digest = _DIGESTS.get(stamp)
            if digest is None:
                digest = _DIGESTS[stamp] = hashlib.sha256(res.read_bytes()).hexdigest()
        else:
            digest = hashlib.sha256(res.read_bytes()).hexdigest()
    except OSError:
        raise UsageError(f"embedded word list missing: {res} (run {rebuild})") from None
    return res, (fname, digest)


def read_named(res) -> bytes:
    """The text of a named list's compressed resource."""
    import lzma
    try:
        return lzma.decompress(res.read_bytes())
    except lzma.LZMAError as exc:
        raise UsageError(f"embedded word list {res} is damaged ({exc}); reinstall "
                         "pyengine or run scripts/build_named_lists.py") from None
