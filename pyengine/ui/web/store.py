"""The server's sessions: each a worker process (:mod:`pyengine.ui.web.workers`),
kept by id, with the bounds that keep one client from crowding out the others.

* at most ``Limits.sessions`` sessions, and ``Limits.per_client`` per client address
  (a client opening one more ends its own least recently used one: a forgotten tab);
* one request at a time per client: a client's requests wait behind its running one
  (at most ``Limits.waiting`` of them, then 429), so one client keeps at most one
  worker busy, and every other client's request starts at once;
* a request answers within ``Limits.hard`` seconds or its worker is ended (the page
  is told why, once, and may open a new session);
* a session idle for ``Limits.idle`` seconds ends, its process with it.

Each session also has a :class:`Record`, what the teacher's view lists
(:mod:`pyengine.ui.web.classroom`): kept up to date from the header of each of its
worker's answers, and kept a while after the session ends.
"""
from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field

from pyengine.engine.wording import plural
from pyengine.engine.textio import visible
from pyengine.ui.web.limits import Limits
from pyengine.ui.web.turn import Turn
from pyengine.ui.web.workers import Worker, WorkerGone

ENDED_KEPT = 1000            # ended sessions whose reason is kept for their page
ENDED_PER_ADDRESS = 100      # ... of one client address (its own oldest go first)
NOT_OPENED = "it could not open"
ERROR_CHARS = 300           # of a session's last error, as the teacher's view lists it


class Busy(Exception):
    """No room: every session taken (503), or this client's share (429)."""

    def __init__(self, text: str, status: int = 503):
        super().__init__(text)
        self.status = status


class Gone(Exception):
    """The session ended (410), with why."""


@dataclass
class Client:
    """One client address: its sessions, the one request it may run at a time."""

    sessions: set = field(default_factory=set)
    turn: Turn = field(default_factory=Turn)
    waiting: int = 0


@dataclass
class Record:
    """What the teacher's view shows of one session: who opened what, on which engine,
    its owner's last action that ran (its verb, when), the firings since opening, the
    last error; ``ended``: why it ended, once it has. Times are the wall clock's."""

    n: int                      # the server's nth session
    client: str
    target: str
    program: str | None
    engine: str | None
    opened: float = field(default_factory=time.time)
    last: str | None = None
    at: float | None = None
    fired: int = 0
    error: str | None = None
    error_at: float | None = None
    ended: str | None = None

    def heard(self, request: dict, status: int, note: dict) -> None:
        """The answer to one of its owner's requests (``note``: the worker's header): an
        action (a verb: step, run, assert...) that ran (answered with the session's
        state, 200) is the last one, with its argument, and so is one refused part way
        that changed the session (facts asserted before a bad one: the worker's note
        counts the facts changed); one the session refused whole (a 4xx: a fact id it
        lacks, a fact it cannot read) is not, nor is what the page reads by itself (the
        state, the rules, a why); any error is the last error, a rule's error in a run
        the page answered too (its note's error)."""
        now = time.time()
        if request.get("op") == "act" and (status == 200 or note.get("changed")):
            verb, arg = request.get("verb"), request.get("arg")
            plain = isinstance(arg, (str, int)) and not isinstance(arg, bool)
            self.last, self.at = visible(f"{verb} {arg}" if plain else str(verb))[:80], now
        self.fired = note.get("fired", self.fired)
        if status != 200 or note.get("error"):
            self.error, self.error_at = visible(str(note.get("error", f"status {status}"))), now


@dataclass
class Handle:
    sid: str
    target: str
    client: str
    worker: Worker
    record: Record
    used: float = field(default_factory=time.monotonic)
    busy: bool = False          # a request of it is running


class Store:
    """The open sessions by id."""

    def __init__(self, limits: Limits | None = None):
        self.limits = limits or Limits()
        self.sessions: dict[str, Handle] = {}
        self.clients: dict[str, Client] = {}
        self.ended: OrderedDict[str, str] = OrderedDict()
        self.ended_by: dict[str, deque] = {}       # address -> its ended sessions, oldest first
        self.records: dict[str, Record] = {}      # the open sessions' and the ended kept
        self.opened = 0
        self.opening = 0

    def client(self, address: str) -> Client:
        return self.clients.setdefault(address, Client())

    # -- opening and closing ---------------------------------------------------------------
    async def open(self, address: str, spec: dict) -> tuple[Handle | None, int, bytes]:
        """A new session for ``spec`` on behalf of ``address``: (handle, status, JSON)."""
        await self.expire()
        client = self.client(address)
        if len(self.sessions) + self.opening >= self.limits.sessions:
            raise Busy(f"all {self.limits.sessions} sessions are in use; try again when "
                       "one ends (idle ones end after "
                       f"{self.limits.idle / 60:g} minutes)")
        # at its share, its least recently used session gives way once the new one is
        # open (a program that failed to load ended a working session)
        victim = self._oldest(client) if len(client.sessions) >= self.limits.per_client \
            else None
        sid = secrets.token_urlsafe(18)
        self.opening += 1
        client.sessions.add(sid)
        try:
            worker, status, body = await Worker.start(spec, self.limits, sid)
        except WorkerGone as exc:
            client.sessions.discard(sid)        # the teacher's list shows it too
            self.not_opened(address, spec["name"], (spec.get("program") or {}).get("name"),
                            None, f"it could not open: {exc}")
            raise Busy(f"the session could not open: {exc}", 504) from None
        except BaseException:
            client.sessions.discard(sid)
            raise
        finally:
            self.opening -= 1
        program = (spec.get("program") or {}).get("name")
        if status != 200:
            client.sessions.discard(sid)
            await worker.stop(NOT_OPENED)
            self.not_opened(address, spec["name"], program, worker.note.get("engine"),
                            worker.note.get("error") or f"status {status}")
            return None, status, body
        self.opened += 1
        record = Record(self.opened, address, spec["name"], program, worker.note.get("engine"))
        handle = Handle(sid, spec["name"], address, worker, record)
        self.sessions[sid] = handle
        self.records[sid] = record
        if victim is not None:
            await self.close(victim, "a newer session of this computer took its place "
                                     f"(each computer holds at most {self.limits.per_client})")
        return handle, status, body

    def not_opened(self, address: str, target: str, program: str | None,
                   engine: str | None, error: str) -> None:
        """A session that could not open (a program refused or failing to compile) is
        kept as an ended one with its error, among the ended ones the teacher's view
        lists (bounded like them): a student stuck on a mistake shows there."""
        self.opened += 1
        sid = secrets.token_urlsafe(18)
        record = Record(self.opened, address, target, program, engine,
                        error=visible(error)[:ERROR_CHARS], error_at=time.time(),
                        ended=NOT_OPENED)
        self.records[sid] = record
        self._remember(sid, NOT_OPENED)

    def _oldest(self, client: Client) -> str:
        """A client at its share opens another session: its least recently used one
        (a student's forgotten tab) is to end, or 429 if every one is still opening."""
        mine = [self.sessions[sid] for sid in client.sessions if sid in self.sessions]
        if not mine:
            raise Busy(f"this computer is already opening {self.limits.per_client} "
                       "sessions: wait for them", 429)
        return min(mine, key=lambda h: h.used).sid

    async def close(self, sid: str, why: str = "it was closed") -> bool:
        handle = self.sessions.pop(sid, None)
        if handle is None:
            return False
        self.client(handle.client).sessions.discard(sid)
        handle.record.ended = why
        self._remember(sid, why)
        await handle.worker.stop(why)
        return True

    def _remember(self, sid: str, why: str) -> None:
        """Keep why ``sid`` ended: an address's own oldest go past
        :data:`ENDED_PER_ADDRESS` (one student refusing program after program pushed the
        other students' ended sessions out of the teacher's list), all past ENDED_KEPT."""
        self.ended[sid] = why
        record = self.records.get(sid)
        if record is not None:
            mine = self.ended_by.setdefault(record.client, deque())
            mine.append(sid)
            if len(mine) > ENDED_PER_ADDRESS:
                old = mine.popleft()
                self.ended.pop(old, None)
                self.records.pop(old, None)
        while len(self.ended) > ENDED_KEPT:
            self.records.pop(self.ended.popitem(last=False)[0], None)

    async def expire(self) -> None:
        """End the sessions idle too long; forget clients with nothing left here."""
        now = time.monotonic()
        for address, client in list(self.clients.items()):
            if not client.sessions and not client.waiting and not client.turn.locked():
                del self.clients[address]
        for sid, handle in list(self.sessions.items()):
            if now - handle.used > self.limits.idle and not handle.busy:
                await self.close(sid, f"it was idle for more than {time_said(self.limits.idle)}")

    async def shutdown(self) -> None:
        for sid in list(self.sessions):
            await self.close(sid, "the server stopped")

    # -- requests ------------------------------------------------------------------------------
    def get(self, sid: str, owner: bool = True) -> Handle:
        """The open session ``sid``; its owner's asking keeps it from going idle (the
        teacher's look, ``owner=False``, does not)."""
        handle = self.sessions.get(sid) if isinstance(sid, str) else None
        if handle is None:
            if sid in self.ended:
                raise Gone(f"this session has ended: {self.ended[sid]}; reload the page "
                           "for a new one")
            raise LookupError("no such session (it may have ended): reload the page")
        if owner:
            handle.used = time.monotonic()
        return handle

    async def call(self, handle: Handle, request: dict, owner: bool = True) -> tuple[int, bytes]:
        """One request to the session's worker, in its client's turn. The owner's
        requests are kept in the session's record; the teacher's look (``owner=False``)
        is not, and it goes before the client's waiting requests (a student keeping
        their turn full does not hide their session from the teacher)."""
        return await self.in_turn(handle.client, self._exchange(handle, request, owner),
                                  first=not owner)

    async def in_turn(self, address: str, work, first: bool = False):
        """Await the coroutine ``work`` in the turn of the client ``address``: after its
        running request, behind at most ``Limits.waiting`` others (else 429; ``first``:
        before them, not counted). Work whose client goes away still runs to its end
        (shielded): the next request of a session never reads this one's answer, and a
        session being opened is kept (its idle time ends it), not left running
        unowned."""
        client = self.client(address)
        if client.waiting >= self.limits.waiting and not first:
            work.close()
            raise Busy("too many requests at once from this computer: wait for the "
                       "last one to finish", 429)
        client.waiting += 1
        try:
            await client.turn.acquire(first)
        except BaseException:
            work.close()
            raise
        finally:
            client.waiting -= 1
        task = asyncio.ensure_future(work)
        task.add_done_callback(lambda t: _done(t, client.turn))
        return await asyncio.shield(task)

    async def _exchange(self, handle: Handle, request: dict,
                        owner: bool) -> tuple[int, bytes]:
        handle.busy = True
        try:
            status, body = await handle.worker.call(request, self.limits.hard)
        except WorkerGone as exc:
            await self.close(handle.sid, str(exc))
            raise Gone(f"this session has ended: {exc}; reload the page for a new one") \
                from None
        finally:
            handle.busy = False
            if owner:
                handle.used = time.monotonic()
        if owner:
            handle.record.heard(request, status, handle.worker.note)
        if status == 507:               # the worker said so and ended: so does the session
            await self.close(handle.sid, f"it needed more than its {self.limits.memory_mb} MB")
        return status, body

    def memory(self) -> int:
        """Bytes resident in all workers (for the load check)."""
        return sum(h.worker.memory() for h in self.sessions.values())


def _done(task: asyncio.Task, turn: Turn) -> None:
    turn.release()
    if not task.cancelled():
        task.exception()        # retrieved: a request its client left raises no warning


def time_said(seconds: float) -> str:
    """``15 minutes``, ``90 seconds``, ``1 minute``: a time as a person says it."""
    if seconds % 60:
        return plural(round(seconds), "second")
    return plural(round(seconds // 60), "minute")
