"""The word lists' disk cache: pickles under $PYENGINE_CACHE (default
~/.cache/pyengine), keyed on the source (path, size, mtime) and a format number.

An unreadable, truncated or foreign cache file reads as absent (the caller
rebuilds); a cache directory that cannot be written is silently skipped.
"""
from __future__ import annotations

import os
from pathlib import Path

FORMAT = 1  # bump when the cache layout changes


def cache_dir() -> Path:
    """$PYENGINE_CACHE, else ~/.cache/pyengine."""
    env = os.environ.get("PYENGINE_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "pyengine"


def cache_file(key: tuple, name: str) -> Path:
    """Where the ``name`` part (``core``, ``by_mask`` ...) of the list ``key`` is kept."""
    import hashlib
    digest = hashlib.sha1(repr(key).encode()).hexdigest()[:20]
    return cache_dir() / f"words-{digest}.{name}.pickle"


def cache_load(key: tuple, name: str):
    """The cached data, or None when it is missing or unusable."""
    import pickle
    path = cache_file(key, name)
    try:
        with open(path, "rb") as fh:
            blob = pickle.load(fh)
        if blob["fmt"] == FORMAT and blob["key"] == key:
            return blob["data"]
    except Exception:  # missing, truncated, garbage, wrong shape: rebuild
        pass
    return None


def cache_save(key: tuple, name: str, data) -> None:
    """Write ``data`` atomically (a temporary file, then a rename)."""
    import pickle
    path = cache_file(key, name)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as fh:
            pickle.dump({"fmt": FORMAT, "key": key, "data": data}, fh, protocol=5)
        os.replace(tmp, path)
    except OSError:  # read-only home etc.: run without a disk cache
        try:
            tmp.unlink()
        except OSError:
            pass
