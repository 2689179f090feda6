"""A CLIPS environment's life: it is freed when its session is dropped, or at once by
:meth:`ClipsSession.close <pyengine.engine.clips.ClipsSession.close>`.

clipspy keeps what it needs of an environment in a module-global table
(``clips.common.ENVIRONMENT_DATA``, by C environment): its routers and the Python
functions the rules may call. It destroys the environment only in
``Environment.__del__``, so anything in that table that holds the session keeps the
environment alive for the life of the process (issue 22: 200 scrambles held 500 MB).
Here nothing in it does: the session's router and error router hold the session
weakly (:mod:`pyengine.engine.clips_io`), and a service handed to the rules is called
through a function that finds it in the session's own ``services`` by a weak
reference. The environment is destroyed by a finalizer of the session, which keeps the
router (and so its C callbacks) alive until CLIPS is done with them.

CLIPS 6.4 loses a few bytes of some programs (the scramble's rules: 32 bytes a firing
of ``build-append-word-ids``, plain clipspy alike) and says so with ``printf`` when it
destroys their environment ("[ENVRNMNT8] Environment data not fully deallocated"),
on the process's standard output, where it would land in the middle of ``--json``.
While an environment is destroyed, C's ``stdout`` points at ``/dev/null`` (glibc lets a
program set it; Python's own ``sys.stdout`` does not go through it, so only C code
printing in another thread at that moment is silenced); elsewhere the note is left.
At exit the environments still alive are destroyed the same way (the finalizers run
then), so the note never follows a command's output either.
"""
from __future__ import annotations

import ctypes
import weakref
from contextlib import contextmanager
from typing import Iterator

from clips import common
from clips._clips import lib

from pyengine.engine.clips_io import IORouter
from pyengine.engine.errors import UsageError
from pyengine.engine.session import Closed


def install(session) -> IORouter:
    """The session's router, installed on ``session.env``; the environment is destroyed
    when the session is collected (or closed: :func:`close`)."""
    router = IORouter(session)
    router.install(session.env, f"pyengine-{id(session)}")
    session._life = weakref.finalize(session, destroy, session.env, router)
    return router


def destroy(env, router: IORouter) -> None:
    """Free a clipspy Environment now: clipspy's data for it (builders, routers, user
    functions), then CLIPS's own; ``Environment.__del__`` then has nothing left to do.
    ``router`` stays alive until CLIPS is done (its C callbacks are in use)."""
    c_env = env._env
    common.delete_environment_data(c_env)
    with _c_stdout_silenced():
        lib.DestroyEnvironment(c_env)
    del env._env


def close(session) -> None:
    """Destroy the session's environment now; later calls raise UsageError."""
    if isinstance(session.env, Closed):
        return
    if session._running:
        raise UsageError("a session cannot be closed while its rules run")
    session._life()
    session.env = session._router = Closed()      # any use: "this session is closed"


def service(session, name: str):
    """What CLIPS is given for the service ``name``: a function that calls it from the
    session's ``services``, through a weak reference (clipspy keeps it in its global
    table, where the service itself could keep the session alive)."""
    ref = weakref.ref(session)

    def call(*args):                # only CLIPS calls it, while the session runs
        return ref().services[name](*args)
    call.__name__ = name
    return call


_null: list = []        # [(libc, C's stdout variable, a FILE* on /dev/null)] or [None]


@contextmanager
def _c_stdout_silenced() -> Iterator[None]:
    """C's ``stdout`` on /dev/null for the block (where the C library lets us)."""
    if not _null:
        _null.append(_dev_null())
    if _null[0] is None:
        yield
        return
    libc, variable, null = _null[0]
    libc.fflush(variable.value)             # what was printed before goes out first
    saved, variable.value = variable.value, null
    try:
        yield
    finally:
        libc.fflush(null)
        variable.value = saved


def _dev_null() -> tuple | None:
    try:
        libc = ctypes.CDLL(None)
        if not hasattr(libc, "gnu_get_libc_version"):    # glibc only
            return None
        libc.fopen.restype = ctypes.c_void_p
        libc.fopen.argtypes = (ctypes.c_char_p, ctypes.c_char_p)
        libc.fflush.argtypes = (ctypes.c_void_p,)
        null = libc.fopen(b"/dev/null", b"w")
        return (libc, ctypes.c_void_p.in_dll(libc, "stdout"), null) if null else None
    except (OSError, ValueError, AttributeError):
        return None
