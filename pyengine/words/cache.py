"""The word lists' disk cache: data files under $PYENGINE_CACHE (default
~/.cache/pyengine; /tmp/pyengine-cache-UID when there is no home folder), one per
list and part (``core``, ``by_mask``, ``prefixes``, ``lexicon``, ``boggle-stats``),
named after the cache key (the source's path, size and mtime or checksum, and a
format number).

The files hold data, never code: JSON plus raw arrays (:mod:`cache_format`), read
with ``json`` and ``array.frombytes``; no pickle is ever written or read. Each file
carries a SHA-256 digest of its content and of the key it was built from, checked on
every load. A file that exists but cannot be used (digest or key differs, truncated,
unparsable, failing the caller's ``check``, a symlink, a FIFO or device, not owned by
the user) reads as absent, so the caller rebuilds it, with one line on stderr per file
and process; a FIFO or device is never opened for a blocking read.

The folder is used only if it is the user's own and not writable by group or others
(the /tmp fallback: mode 0700 exactly, created so); otherwise the process runs
without a disk cache and says so once. A folder that cannot be created is skipped
silently. Writes go to ``NAME.PID.tmp`` beside the file, then ``os.replace``; temp
files a killed writer left behind (and pickles of older versions) are removed on the
process's first use of a folder. The digest guards against damage and stale data,
not against the user's own account: whoever can write the folder can write a valid
file, which is why the folder must be the user's alone.
"""
from __future__ import annotations

import errno
import hashlib
import os
import stat
import sys
import time
from pathlib import Path

from pyengine.words.cache_format import FORMAT, Unusable, pack, unpack

__all__ = ["FORMAT", "cache_dir", "cache_file", "cache_load", "cache_save",
           "sweep_stale_temps"]

STALE_TMP_SECONDS = 3600    # a temp file older than this is a dead writer's, whoever it was
MAX_FILE_BYTES = 1 << 30    # a cache file larger than this is not read
SUFFIX = ".cache"
TMP_ROOT = Path("/tmp")     # where the fallback folder goes when there is no home folder
_swept: set[str] = set()    # cache folders already swept by this process
_told: set[str] = set()     # notices already given by this process


def _where() -> tuple[Path, bool]:
    """(the cache folder, whether it is the shared-/tmp fallback, which must be 0700)."""
    env = os.environ.get("PYENGINE_CACHE")
    if env:
        return Path(env), False
    try:
        home = Path.home()          # a HOME naming no folder (or empty, which reads as /,
        if os.environ.get("HOME", "x") and home.is_dir() and home != Path(home.anchor):
            return home / ".cache" / "pyengine", False      # the root) is no home
    except (RuntimeError, KeyError, OSError):   # no home directory: a cache in /tmp
        pass
    return TMP_ROOT / f"pyengine-cache-{os.getuid()}", True


def cache_dir() -> Path:
    """$PYENGINE_CACHE, else ~/.cache/pyengine, else /tmp/pyengine-cache-UID (whether
    it is used: see :func:`trusted_dir`)."""
    return _where()[0]


def cache_file(key: tuple, name: str) -> Path:
    """Where the ``name`` part (``core``, ``by_mask`` ...) of the list ``key`` is kept."""
    digest = hashlib.sha1(repr(key).encode()).hexdigest()[:20]
    return cache_dir() / f"words-{digest}.{name}{SUFFIX}"


def _tell(message: str) -> None:
    """Say ``message`` on stderr, once per process."""
    if message not in _told and sys.stderr is not None:
        _told.add(message)
        try:
            print(f"pyengine: {message}", file=sys.stderr)
        except (OSError, ValueError):   # a closed or broken stderr: nothing to tell
            pass


def folder_problem(folder: Path, strict: bool = False) -> str | None:
    """Why ``folder`` may not hold the cache (None: it may; "": it does not exist).
    It must be a folder owned by the user and not writable by group or others; with
    ``strict`` (the /tmp fallback) also not a symlink and mode 0700, which a folder of
    the user's that nobody else can write is narrowed to."""
    try:
        st = os.lstat(folder) if strict else os.stat(folder)
    except (FileNotFoundError, NotADirectoryError):
        return ""
    except OSError as exc:
        return f"cannot be checked ({exc.strerror})"
    if not stat.S_ISDIR(st.st_mode):
        return "is a symbolic link" if stat.S_ISLNK(st.st_mode) else "is not a folder"
    if st.st_uid != os.getuid():
        return "is owned by another user"
    if st.st_mode & 0o022:
        return "is writable by group or others"
    if strict and st.st_mode & 0o077:
        try:
            os.chmod(folder, 0o700)
        except OSError:
            return f"has mode {stat.S_IMODE(st.st_mode):04o}, not 0700"
    return None


def trusted_dir(create: bool = False) -> Path | None:
    """The cache folder if it may be used (see :func:`folder_problem`), created with
    mode 0700 first when ``create``; else None, an untrusted folder said once on stderr."""
    folder, strict = _where()
    if create:
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError:
            return None
    problem = folder_problem(folder, strict)
    if problem:
        _tell(f"cache folder {str(folder)!r} {problem}; running without a disk cache")
    return folder if problem is None else None


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def _stale(entry: os.DirEntry, now: float) -> bool:
    """Is ``entry`` a dead writer's temp file, or an older version's pickle?"""
    name = entry.name
    if not name.startswith("words-"):
        return False
    if name.endswith(".pickle"):
        return True
    if not name.endswith(".tmp"):
        return False
    pid_text = name[:-4].rpartition(".")[2]
    if now - entry.stat(follow_symlinks=False).st_mtime > STALE_TMP_SECONDS:
        return True
    return not (pid_text.isascii() and pid_text.isdigit()) or (
        int(pid_text) != os.getpid() and not _pid_alive(int(pid_text)))


def sweep_stale_temps(folder: Path | None = None) -> int:
    """Remove ``words-*.tmp`` files of writers that died mid-write (their process is
    gone, or the file is over an hour old) and ``words-*.pickle`` files of older
    versions; once per folder per process. Returns how many were removed."""
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
        try:
            if _stale(entry, now):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


def _read(path: Path) -> bytes:
    """The bytes of the cache file ``path``; FileNotFoundError if there is none,
    :class:`Unusable` if it is a symlink, not a regular file (a FIFO or device is
    opened without blocking and never read), not the user's, or too large."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            raise FileNotFoundError(path) from None
        if exc.errno in (errno.ELOOP, errno.EMLINK):
            raise Unusable("is a symbolic link") from None
        raise Unusable(f"could not be read ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Unusable("is not a regular file")
        if st.st_uid != os.getuid():
            raise Unusable("is owned by another user")
        if st.st_size > MAX_FILE_BYTES:
            raise Unusable(f"is over {MAX_FILE_BYTES >> 20} MiB")
        os.set_blocking(fd, True)
        fh = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with fh:                    # read() with no size: a buffer the file's size, not 1 GiB
        data = fh.read()
    if len(data) > MAX_FILE_BYTES:
        raise Unusable(f"is over {MAX_FILE_BYTES >> 20} MiB")
    return data


def cache_load(key: tuple, name: str, check=None):
    """The data cached as the ``name`` part of ``key``, or None: no trusted folder, no
    file, or a file that cannot be used (see the module doc; said on stderr), including
    data for which ``check(data)`` is false or raises."""
    folder = trusted_dir()
    if folder is None:
        return None
    sweep_stale_temps(folder)
    path = cache_file(key, name)
    try:
        data = unpack(_read(path), name, key)
    except FileNotFoundError:
        return None
    except Unusable as exc:
        reason = str(exc)
    except OSError as exc:
        reason = f"could not be read ({exc.strerror})"
    else:
        if _passes(check, data):
            return data
        reason = "did not pass its check"
    _tell(f"cache file {path.name} {reason}; rebuilt")
    return None


def _passes(check, data) -> bool:
    """Does ``data`` pass the caller's ``check`` (None: no check)? A check that raises
    on odd data says no."""
    try:
        return check is None or bool(check(data))
    except Exception:   # noqa: BLE001
        return False


def cache_save(key: tuple, name: str, data) -> None:
    """Write ``data`` as the ``name`` part of ``key``, atomically (a temporary file, then
    a rename), if the cache folder is trusted; TypeError (before anything is written)
    for anything but plain data (see :mod:`cache_format`). The temp file goes on any
    failure, an interruption (Ctrl-C) included; a kill leaves it for
    :func:`sweep_stale_temps`."""
    parts = pack(name, key, data)
    if trusted_dir(create=True) is None:
        return
    path = cache_file(key, name)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    done = False
    try:
        sweep_stale_temps(path.parent)
        _unlink(tmp)            # whatever sits at the temp name (O_EXCL below: no FIFO)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.writelines(parts)
        os.replace(tmp, path)
        done = True
    except OSError:             # a full disk, a read-only folder: run without a disk cache
        pass
    finally:
        if not done:
            _unlink(tmp)


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
