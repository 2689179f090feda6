"""The word lists' disk cache: pickles under $PYENGINE_CACHE (default
~/.cache/pyengine), keyed on the source (path, size, mtime) and a format number.

An unreadable, truncated or foreign cache file reads as absent (the caller
rebuilds), and so does one whose data fails the caller's ``check`` (wrong shape,
types or sizes) or ``digest`` (a checksum saved with the data); a FIFO, directory
or device in a cache file's place is never opened for a blocking read. A cache directory that cannot be written is silently
skipped. Writes go to ``NAME.PID.tmp`` beside the file, then ``os.replace``; temp
files a killed writer left behind are removed on the process's first cache use.
"""
from __future__ import annotations

import os
import stat
import time
from pathlib import Path

FORMAT = 1  # bump when the cache layout changes
STALE_TMP_SECONDS = 3600    # a temp file older than this is a dead writer's, whoever it was
_swept: set[str] = set()    # cache folders already swept by this process


def cache_dir() -> Path:
    """$PYENGINE_CACHE, else ~/.cache/pyengine."""
    env = os.environ.get("PYENGINE_CACHE")
    if env:
        return Path(env)
    try:
        return Path.home() / ".cache" / "pyengine"
    except (RuntimeError, KeyError, OSError):   # no home directory: a cache in /tmp
        return Path("/tmp") / f"pyengine-cache-{os.getuid()}"


def cache_file(key: tuple, name: str) -> Path:
    """Where the ``name`` part (``core``, ``by_mask`` ...) of the list ``key`` is kept."""
    import hashlib
    digest = hashlib.sha1(repr(key).encode()).hexdigest()[:20]
    return cache_dir() / f"words-{digest}.{name}.pickle"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def sweep_stale_temps(folder: Path | None = None) -> int:
    """Remove ``words-*.tmp`` files of writers that died mid-write (their process is
    gone, or the file is over an hour old); once per folder per process. Returns
    how many were removed."""
    folder = folder or cache_dir()
    if str(folder) in _swept:
        return 0
    _swept.add(str(folder))
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        name = entry.name
        if not (name.startswith("words-") and name.endswith(".tmp")):
            continue
        pid_text = name[:-4].rpartition(".")[2]
        try:
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_TMP_SECONDS
            dead = not (pid_text.isascii() and pid_text.isdigit()) or (
                int(pid_text) != os.getpid() and not _pid_alive(int(pid_text)))
            if old or dead:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def _read_regular(path: Path):
    """The unpickled contents of ``path`` if it is a regular file, else None (a FIFO
    or device is opened without blocking and never read)."""
    import pickle
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return pickle.load(fh)
    finally:
        if fd >= 0:
            os.close(fd)


def cache_load(key: tuple, name: str, check=None, digest=None):
    """The cached data, or None when it is missing or unusable: not a regular file,
    not a pickle of ours (format, key), data for which ``check(data)`` is false or
    raises, or (with ``digest``) data whose ``digest(data)`` differs from the one
    saved with it."""
    path = cache_file(key, name)
    sweep_stale_temps(path.parent)
    try:
        blob = _read_regular(path)
        if not (isinstance(blob, dict) and blob.get("fmt") == FORMAT and blob.get("key") == key
                and "data" in blob):
            return None
        data = blob["data"]
        if (check is None or check(data)) and (
                digest is None or blob.get("digest") == digest(data)):
            return data
    except Exception:  # missing, truncated, garbage, wrong shape: rebuild
        pass
    return None


def cache_save(key: tuple, name: str, data, digest=None) -> None:
    """Write ``data`` atomically (a temporary file, then a rename); with ``digest``,
    ``digest(data)`` is saved beside it, for :func:`cache_load` to compare. The temp
    file goes on any failure, an interruption (Ctrl-C) included; a kill leaves it for
    :func:`sweep_stale_temps`."""
    import pickle
    path = cache_file(key, name)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    done = False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sweep_stale_temps(path.parent)
        blob = {"fmt": FORMAT, "key": key, "data": data}
        if digest is not None:
            blob["digest"] = digest(data)
        _unlink(tmp)            # whatever sits at the temp name (O_EXCL below: no FIFO)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(blob, fh, protocol=5)
        os.replace(tmp, path)
        done = True
    except (OSError, pickle.PicklingError):  # read-only home etc.: run without a disk cache
        pass
    finally:
        if not done:
            _unlink(tmp)


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
