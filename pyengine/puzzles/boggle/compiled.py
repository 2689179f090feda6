"""The compiled Boggle search, ready before any clock starts.

The numba kernels (:mod:`kernels`: the word search, :mod:`anneal_numba`: one annealing
run) are compiled with ``cache=True``: the first use on a machine compiles them (tens
of seconds on a small machine) and numba keeps the machine code on disk, so later
processes load it in well under a second. numba keeps it beside the modules
(``pyengine/puzzles/boggle/__pycache__``) when that folder is writable; when it is not
(a read-only install) :func:`place_cache` points numba at ``$PYENGINE_CACHE/numba``
(default ``~/.cache/pyengine/numba``) if that folder is the user's own, else numba
uses its own user cache (``~/.cache/numba``). ``NUMBA_CACHE_DIR``, when set, wins.

:func:`ensure_compiled` compiles (or loads) the kernels a command needs on a tiny
board, through the same calls the search makes, before the command starts its clock:
``boggle best --seconds S`` gets S seconds of search, ``boggle bench`` times boards,
not the compiler. When a kernel is not in numba's disk cache it first says so on stderr
("compiling the Boggle search (once, about N s)", N the time the last compile took on
this machine, else a figure measured on a 2-core machine) and then how long it took.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

__all__ = ["READY", "ensure_compiled", "place_cache"]

#: seconds each kernel took to compile cold on a 2-core machine (the first estimate)
DEFAULT_SECONDS = {"search": 5.0, "anneal": 12.0}
_RECORD = (("boggle-compile", 1), "compile-seconds")    # the measured times' cache entry
READY: set[str] = set()      # kernels this process has compiled or loaded


def place_cache() -> None:
    """Before the kernels are defined: where numba keeps them (see the module doc)."""
    if os.environ.get("NUMBA_CACHE_DIR") or _writable(Path(__file__).parent / "__pycache__"):
        return
    from pyengine.words.cache import trusted_dir
    folder = trusted_dir(create=True)
    if folder is None:
        return                                  # numba's own user-wide cache
    os.environ["NUMBA_CACHE_DIR"] = str(folder / "numba")
    config = sys.modules.get("numba.core.config")
    if config is not None:                      # numba already imported: tell it too
        config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]


def _writable(folder: Path) -> bool:
    """Can a file be made in ``folder`` (made first if missing)? numba's own test."""
    import tempfile
    try:
        folder.mkdir(exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def ensure_compiled(kernels=("search",), out=None) -> float:
    """Compile or load ``kernels`` ("search", "anneal") unless this process has; the
    notice goes to ``out`` (default stderr) when one is not in numba's disk cache.
    Returns the seconds spent compiling (0.0 when all came from the cache)."""
    todo = [k for k in kernels if k not in READY]
    if not todo:
        return 0.0
    READY.update(todo)             # the warm-up's own calls come back here: no loop
    cold = [k for k in todo if not _cached(_dispatcher(k))]
    out = sys.stderr if out is None else out
    if cold:
        _say(out, f"pyengine: compiling the Boggle search (once, about "
                  f"{sum(_estimates()[k] for k in cold):.0f} s) ...", end="")
    took = {}
    try:
        for k in todo:
            t0 = time.perf_counter()
            _WARM_UPS[k]()
            took[k] = time.perf_counter() - t0
    except BaseException:
        READY.difference_update(todo)
        raise
    if not cold:
        return 0.0
    seconds = sum(took[k] for k in cold)
    _say(out, f" done in {seconds:.1f} s")
    _record({k: took[k] for k in cold})
    return seconds


def _say(out, text: str, end: str = "\n") -> None:
    try:
        print(text, end=end, file=out, flush=True)
    except (OSError, ValueError, AttributeError):   # no stderr, or a closed one
        pass


def _dispatcher(kernel: str):
    if kernel == "search":
        from pyengine.puzzles.boggle.kernels import search_boards
        return search_boards
    from pyengine.puzzles.boggle.anneal_numba import anneal_run
    return anneal_run


def _cached(dispatcher) -> bool:
    """Is the kernel compiled in this process, or in numba's disk cache for this source
    and this machine (an entry of its index with the same code and target)? numba's
    internals: anything unexpected reads as not cached (the notice is then shown)."""
    try:
        if dispatcher.signatures:
            return True
        cache = dispatcher._cache
        want = cache._index_key(None, dispatcher.targetctx.codegen())[1:]
        return any(key[1:] == want for key in cache._cache_file._load_index())
    except Exception:   # noqa: BLE001
        return False


def _estimates() -> dict:
    from pyengine.words.cache import cache_load
    got = cache_load(*_RECORD, check=lambda d: all(isinstance(v, (int, float))
                                                   for v in d.values()))
    return {**DEFAULT_SECONDS, **(got or {})}


def _record(took: dict) -> None:
    from pyengine.words.cache import cache_save
    cache_save(*_RECORD, {**_estimates(), **{k: round(v, 1) for k, v in took.items()}})


# -- the warm-ups: a tiny list and a 3x3 board, through the search's own calls --------
_TINY = ("ape", "pea", "tape")


def _tiny_trie():
    from pyengine.puzzles.boggle.finder_numba import ArrayTrie
    return ArrayTrie(_TINY, 3)


def _warm_search() -> None:
    from pyengine.puzzles.boggle.board import Board
    _tiny_trie().stats_many([Board(3, tuple("apetapeta"))], 3)


def _warm_anneal() -> None:
    import numpy as np

    from pyengine.puzzles.boggle.finder_numba import _nbr_arrays
    from pyengine.puzzles.boggle.runs import compiled_run
    trie = _tiny_trie()
    compiled_run(trie, trie.word_scores(3, False), _nbr_arrays(3),
                 np.ones(26, np.float64).cumsum(), ([0] * 9, 1, 100, 5.0, 0.2))


_WARM_UPS = {"search": _warm_search, "anneal": _warm_anneal}
