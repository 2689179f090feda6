"""The server's side of the session workers: one process per browser session.

Why a process each (and not threads in the server): a rule session runs code we do
not control (CLIPS's C library, a teacher's Python rules), so the operating system
is the only thing that can always stop it. A worker that takes longer than
``Limits.hard`` on one request is killed; one that crashes (CLIPS out of memory, a
segmentation fault) takes only its own session with it; its memory is capped by its
own ``RLIMIT_DATA``; and two students' requests run on two cores at once.

Workers start from a fork server (``multiprocessing``'s ``forkserver``) that has
imported pyengine and loaded the word lists once (:mod:`pyengine.ui.web.preload`):
a new session's process is a fork of it, ready in tens of milliseconds, and shares
those pages with every other worker. Where there is no fork server (Windows), each
worker is spawned afresh: slower to open, the same otherwise.

The server talks to a worker over a socket pair with asyncio, so waiting for one
worker never blocks the event loop: JSON out, a small JSON header (the status, and
what the teacher's view keeps: :attr:`Worker.note`) and the answer's JSON bytes back,
framed as :class:`multiprocessing.connection.Connection` frames them (a 4-byte big-endian length). Nothing from a worker is unpickled.
"""
from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import shutil
import socket
import struct
import tempfile

from pyengine.ui.web.limits import Limits
from pyengine.ui.web.worker import main, note

PRELOAD = ["pyengine.ui.web.preload"]
MAX_FRAME = 64 * 1024 * 1024        # bytes of one frame from a worker
HEAVY = 0.25            # seconds a worker may take before its priority drops a step
BUSY_WINDOW = 4.0       # ... or be busy in all within this many seconds of requests,
BUSY_SHARE = 0.5        # more than this share of them (requests just under HEAVY)
_context = None


def context():
    """The multiprocessing context workers start from (one per process)."""
    global _context
    if _context is None:
        methods = multiprocessing.get_all_start_methods()
        if "forkserver" in methods:
            _context = multiprocessing.get_context("forkserver")
            _context.set_forkserver_preload(PRELOAD)
        else:
            _context = multiprocessing.get_context("spawn")
    return _context


def warm_up() -> None:
    """Start the fork server now (it loads the word lists), not at the first tab."""
    if context().get_start_method() == "forkserver":
        from multiprocessing import forkserver
        forkserver.ensure_running()


def lower_priority(pid: int | None) -> None:
    """The process ``pid`` runs a step (``nice`` +5) lower, down to 19; where it cannot
    be (not Linux, the process gone), nothing happens. On Linux this is the worker's
    main thread, the one that runs its session."""
    try:
        now = os.getpriority(os.PRIO_PROCESS, pid)
        if now < 19:
            os.setpriority(os.PRIO_PROCESS, pid, min(19, now + 5))
    except (OSError, AttributeError, TypeError):
        pass


class WorkerGone(Exception):
    """The worker ended (killed for its time, crashed, out of memory): why, in a line."""


class _Closed(Exception):
    """The stream to the worker ended, or carried something that is not a frame."""


class Worker:
    """One session's process and the stream to it."""

    def __init__(self, process, reader, writer, folder: str) -> None:
        self.process = process
        self.folder = folder        # its temporary files: removed as it ends, however
        self.reader = reader
        self.writer = writer
        self.ended: str | None = None
        self.note: dict = {}        # the last answer's header, past its status
        self.busy: list[tuple[float, float]] = []   # its recent requests: (began, ended)

    @classmethod
    async def start(cls, spec: dict, limits: Limits, sid: str) -> tuple["Worker", int, bytes]:
        """A new worker for ``spec``; its first answer (the session's state, or why it
        could not open) as (status, JSON bytes)."""

        ctx = context()
        ours, theirs = ctx.Pipe(duplex=True)
        folder = tempfile.mkdtemp(prefix="pyengine-session-")
        process = ctx.Process(target=main, args=(theirs, spec, limits, sid, folder),
                              daemon=True, name=f"pyengine-session-{sid[:8]}")
        try:
            await asyncio.to_thread(process.start)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        theirs.close()
        sock = socket.socket(fileno=os.dup(ours.fileno()))
        ours.close()
        reader, writer = await asyncio.open_unix_connection(sock=sock)
        worker = cls(process, reader, writer, folder)
        # a student's program opens within one request's time; a puzzle's words may
        # take longer on a slow machine
        most = limits.hard if spec.get("program") is not None else limits.open_seconds
        try:
            status, body = await worker._answer(most)
        except asyncio.TimeoutError:
            await worker.stop(f"it did not open within {most:g} s")
            raise WorkerGone(worker.ended) from None
        except _Closed:
            await worker.stop(await worker._why_ended())
            raise WorkerGone(worker.ended) from None
        return worker, status, body

    async def call(self, request: dict, timeout: float) -> tuple[int, bytes]:
        """Send one request and wait at most ``timeout`` seconds for its answer; past
        that the worker is killed (WorkerGone says so)."""
        if self.ended:
            raise WorkerGone(self.ended)
        data = json.dumps(request, separators=(",", ":")).encode()
        try:
            try:
                self.writer.write(struct.pack("!i", len(data)) + data)
                await self.writer.drain()
            except (ConnectionError, OSError):      # it ended since its last answer
                raise _Closed from None
            return await self._answer(timeout)
        except asyncio.TimeoutError:
            await self.stop(f"its request ran for more than {timeout:g} s, the most one "
                            "request may take")
        except _Closed:
            await self.stop(await self._why_ended())
        raise WorkerGone(self.ended)

    async def _answer(self, timeout: float) -> tuple[int, bytes]:
        """The worker's next answer within ``timeout`` seconds (else TimeoutError). One
        that keeps the worker busy past :data:`HEAVY` seconds gives way to the other
        students' sessions while it runs: its priority drops a step (it stays there: a
        session that was heavy once comes after the light ones from then on)."""
        answer = asyncio.ensure_future(self._receive())
        began = asyncio.get_running_loop().time()
        try:
            done, _ = await asyncio.wait({answer}, timeout=min(HEAVY, timeout))
            if not done:
                lower_priority(self.process.pid)
                done, _ = await asyncio.wait({answer}, timeout=max(0.0, timeout - HEAVY))
            if not done:
                raise asyncio.TimeoutError
            return answer.result()
        finally:
            answer.cancel()
            self._busy_for(began)

    def _busy_for(self, began: float) -> None:
        """Count a request's time: a worker busy more than :data:`BUSY_SHARE` of the
        last :data:`BUSY_WINDOW` seconds, each request under :data:`HEAVY`, is heavy
        too (back-to-back 0.2 s requests kept a core at full priority)."""
        now = asyncio.get_running_loop().time()
        self.busy = [(a, b) for a, b in self.busy if b > now - BUSY_WINDOW] + [(began, now)]
        if sum(b - max(a, now - BUSY_WINDOW) for a, b in self.busy) > BUSY_SHARE * BUSY_WINDOW:
            lower_priority(self.process.pid)

    async def _receive(self) -> tuple[int, bytes]:
        try:
            header = json.loads(await self._frame())
            status = int(header["status"])
            self.note = note(header)
            return status, await self._frame()
        except (ValueError, KeyError, TypeError):
            raise _Closed from None

    async def _frame(self) -> bytes:
        try:
            (size,) = struct.unpack("!i", await self.reader.readexactly(4))
            if size == -1:
                (size,) = struct.unpack("!Q", await self.reader.readexactly(8))
            if not 0 <= size <= MAX_FRAME:
                raise _Closed
            return await self.reader.readexactly(size)
        except (asyncio.IncompleteReadError, ConnectionError, ValueError, KeyError):
            raise _Closed from None

    async def _why_ended(self) -> str:
        await asyncio.to_thread(self.process.join, 0.5)
        code = self.process.exitcode
        if code is None:
            return "its process stopped answering"
        if code < 0:
            return f"its process was ended by signal {-code} (a crash, or out of memory)"
        if code == 1:               # CLIPS's own end when it can allocate no more
            return "its process ended (status 1: most likely CLIPS could not allocate memory)"
        return f"its process ended (status {code})"

    async def stop(self, why: str = "it was closed") -> None:
        """End the worker (at once: SIGKILL) and say why, once."""
        if self.ended is None:
            self.ended = why
        try:
            self.writer.close()
        except Exception:
            pass
        if self.process.exitcode is None:
            try:
                self.process.kill()
            except (OSError, ValueError, AttributeError):
                pass
        await asyncio.to_thread(self.process.join, 2.0)
        # a file it was writing when killed (a snapshot's save-facts) goes with it
        await asyncio.to_thread(shutil.rmtree, self.folder, True)

    def memory(self) -> int:
        """The worker's resident memory in bytes (0 when it cannot be read)."""
        try:
            with open(f"/proc/{self.process.pid}/statm") as fh:
                return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError, TypeError):
            return 0
