"""The Spelling Bee word list: ``bee`` (the default for ``pyengine bee``).

A list close to the NYT's curated one, built by ``scripts/build_bee_list.py``:
a model learned at build time from real puzzles (``../shared/data/bee_dev.json``
and ``bee_train.json``) rates each word of SCOWL, ENABLE and wordfreq by its
features; British spellings and offensive words are left out by rule (see that
script and ``docs/bee.md``). Only the list ships: no model, no official answers.  It ships as ``facts/words/bee.tsv.gz``
(``word<TAB>zipf100``), only the words a Spelling Bee can use: 4+ letters,
at most 7 distinct letters.

``load(spec)``: ``None`` or ``"bee"`` -> this list; anything else goes to
:func:`pyengine.words.lists.load` (``default``, ``enable1``, a path, ...).
"""
from __future__ import annotations

from array import array

from pyengine.words import lists as _words
from pyengine.engine.errors import UsageError
from pyengine.engine.resources import fact_file

BEE = "bee"
LICENCE = ("derived from SCOWL (c) Kevin Atkinson (facts/words/LICENSE-SCOWL.txt), "
           "ENABLE (public domain), WordNet 3.0 (facts/words/LICENSE-WordNet.txt) and "
           "wordfreq frequencies (CC BY-SA 4.0); see facts/words/NOTICE.md and "
           "scripts/build_bee_list.py")
_MEMO: dict = {}


def _resource():
    return fact_file("words/bee.tsv.gz")


def load_bee() -> _words.WordList:
    """The shipped Spelling Bee list (memoised)."""
    path = _resource()
    try:
        st = path.stat()
    except OSError:
        raise UsageError(f"Spelling Bee word list missing: {path} "
                         "(run scripts/build_bee_list.py --write)") from None
    key = (1, "bee", str(path), st.st_size, st.st_mtime_ns)
    wl = _MEMO.get(key)
    if wl is not None:
        return wl
    import gzip
    cells = gzip.decompress(path.read_bytes()).decode("ascii").split()
    ws = tuple(cells[0::2])
    zipf = array("h", map(int, cells[1::2]))
    wl = _words.WordList(ws, None, zipf, None, label=BEE, kind="default",
                         source="Spelling Bee list (facts/words/bee.tsv.gz)",
                         licence=LICENCE, path=str(path), cache_key=key)
    _MEMO.clear()
    _MEMO[key] = wl
    return wl


def load(spec: str | None = None) -> _words.WordList:
    """``None``/``"bee"``: the Spelling Bee list; otherwise ``pyengine.words.lists.load``."""
    if spec is None or spec == BEE:
        return load_bee()
    return _words.load(spec)
