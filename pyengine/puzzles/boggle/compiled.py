"""The compiled Boggle search, ready before any clock starts.

The numba kernels (:mod:`kernels`: the word search, declared as
:data:`~pyengine.puzzles.boggle.finder_numba.SEARCH`; the studies'
``boggle_studies.anneal_numba``: one annealing run, declared as
``boggle_studies.runs.ANNEAL``) are compiled with ``cache=True``: the first use on a
machine compiles them (tens of seconds on a small machine) and numba keeps the machine
code on disk, so later processes load it in well under a second. numba keeps it beside
the modules (``__pycache__`` of their packages) when that folder is writable; when it is not
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
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from pyengine.words.cache import cache_load, cache_save, trusted_dir

__all__ = ["READY", "Kernel", "ensure_compiled", "place_cache"]

_RECORD = (("boggle-compile", 1), "compile-seconds")    # the measured times' cache entry
READY: set[str] = set()      # names of the kernels this process has compiled or loaded


@dataclass(frozen=True)
class Kernel:
    """A compiled kernel as :func:`ensure_compiled` handles it, declared by the module
    that calls it: its ``name`` (the key of its measured compile time), ``dispatcher``
    (returns numba's dispatcher, importing numba only then), ``warm_up`` (compiles or
    loads it through the search's own calls on a tiny board, so the types match) and
    ``seconds`` (its cold compile on a 2-core machine: the first estimate shown)."""

    name: str
    dispatcher: Callable[[], object]
    warm_up: Callable[[], None]
    seconds: float


def place_cache(module_file: str) -> None:
    """Before the kernels of the module at ``module_file`` are defined: where numba
    keeps them (beside that module if it can; see the module doc)."""
    if os.environ.get("NUMBA_CACHE_DIR") or _writable(Path(module_file).parent / "__pycache__"):
        return
    folder = trusted_dir(create=True)
    if folder is None:
        return                                  # numba's own user-wide cache
    os.environ["NUMBA_CACHE_DIR"] = str(folder / "numba")
    config = sys.modules.get("numba.core.config")
    if config is not None:                      # numba already imported: tell it too
        config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]


def _writable(folder: Path) -> bool:
    """Can a file be made in ``folder`` (made first if missing)? numba's own test."""
    try:
        folder.mkdir(exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def ensure_compiled(kernels: tuple[Kernel, ...], out=None) -> float:
    """Compile or load ``kernels`` unless this process has; the notice goes to ``out``
    (default stderr) when one is not in numba's disk cache. Returns the seconds spent
    compiling (0.0 when all came from the cache)."""
    todo = [k for k in kernels if k.name not in READY]
    if not todo:
        return 0.0
    READY.update(k.name for k in todo)  # the warm-up's own calls come back here: no loop
    cold = [k for k in todo if not _cached(k.dispatcher())]
    out = sys.stderr if out is None else out
    if cold:
        known = _measured()
        _say(out, f"pyengine: compiling the Boggle search (once, about "
                  f"{sum(known.get(k.name, k.seconds) for k in cold):.0f} s) ...", end="")
    took = {}
    try:
        for k in todo:
            t0 = time.perf_counter()
            k.warm_up()
            took[k.name] = time.perf_counter() - t0
    except BaseException:
        READY.difference_update(k.name for k in todo)
        raise
    if not cold:
        return 0.0
    seconds = sum(took[k.name] for k in cold)
    _say(out, f" done in {seconds:.1f} s")
    _record({k.name: took[k.name] for k in cold})
    return seconds


def _say(out, text: str, end: str = "\n") -> None:
    try:
        print(text, end=end, file=out, flush=True)
    except (OSError, ValueError, AttributeError):   # no stderr, or a closed one
        pass


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


def _measured() -> dict:
    """Kernel name -> the seconds its last cold compile took on this machine."""
    got = cache_load(*_RECORD, check=lambda d: all(isinstance(v, (int, float))
                                                   for v in d.values()))
    return got or {}


def _record(took: dict) -> None:
    cache_save(*_RECORD, {**_measured(), **{k: round(v, 1) for k, v in took.items()}})
