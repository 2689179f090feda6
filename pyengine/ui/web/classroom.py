"""The teacher's view of a class: every session listed, one program pushed to every
student, any student's session looked at (and never changed).

Whoever holds the teacher's token (``serve --teacher-token TOKEN``, or a random one
``serve`` prints with the teacher's address; ``--no-teacher``: none) may ask:

``GET  /teacher``                   the page (``static/teacher.html``, the token in the
                                    address's fragment, which no server log sees)
``GET  /api/class``                 every session: a label, the client's address, what it
                                    opened, the engine, its firings, its owner's last
                                    action that ran and when, its last error, whether it
                                    ended (from the store's records: no worker is asked,
                                    so a busy one does not hold the list up)
``POST /api/class/push``            ``{"program": {...}}`` (checked as a student's is) or
                                    ``{"program": null}``: the program every student's
                                    page offers to open (``GET /api/pushed``)
``GET  /api/class/LABEL/state``     that session's state, its id left out
``GET  /api/class/LABEL/rules``     its rules

The token travels in the ``X-Pyengine-Teacher`` header; a request without it (any
student's) is refused (403). A session is named by its label, an HMAC of its id under a
key of this server's run: the label names it, and cannot be turned back into the id
that drives it. Nothing here sends a session a request that changes it.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import re
import secrets
import time
from collections import Counter
from dataclasses import asdict

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from pyengine.engine.errors import UsageError
from pyengine.ui.web.programs import program_request, program_spec
from pyengine.ui.web.store import Busy, Gone
from pyengine.ui.web.workers import Worker, WorkerGone

TEACHER_HEADER = "x-pyengine-teacher"
LABEL_CHARS = 10            # hex digits of a session's label (40 bits of the HMAC)
ENDED_LISTED = 100          # ended sessions the class list shows (the latest)
ENDED_PER_CLIENT = 5        # ... of one client address (one cannot push the others out)
_TOKEN = re.compile(r"^[A-Za-z0-9._~-]{16,200}$")
_LABEL = re.compile(rf"^[0-9a-f]{{{LABEL_CHARS}}}$")
LOOKS = ("state", "rules")  # what the teacher may ask of a session


class ClassRefused(Exception):
    """A request the teacher's view refuses (403): without the teacher's token, or a
    push where no program runs."""


def teacher_token(given: str | bool | None) -> str | None:
    """The teacher's token: ``given`` checked (16 to 200 letters, digits, ``._~-``),
    a new random one for ``True``, none for ``None`` or ``False`` (no teacher's view)."""
    if given is None or given is False:
        return None
    if given is True:
        return secrets.token_urlsafe(24)
    if not isinstance(given, str) or not _TOKEN.match(given):
        raise UsageError("--teacher-token: 16 to 200 letters, digits, '.', '_', '~' or "
                         "'-' (a short one could be guessed)")
    return given


class Classroom:
    """The teacher's side of one server: its token, the pushed program, the labels."""

    def __init__(self, store, token: str | bool | None = True):
        self.store = store
        self.token = teacher_token(token)
        self.key = secrets.token_bytes(32)
        self.pushed: dict | None = None
        self.trying = asyncio.Lock()        # one push compiled at a time

    # -- who asks ------------------------------------------------------------------------
    def check(self, headers) -> None:
        """Raise :class:`ClassRefused` unless ``headers`` carry the teacher's token."""
        if self.token is None:
            raise ClassRefused("this server has no teacher's view (it was started with "
                               "--no-teacher)")
        given = headers.get(TEACHER_HEADER, "")
        if not secrets.compare_digest(given.encode("utf-8", "replace"), self.token.encode()):
            raise ClassRefused("the class is the teacher's: this needs the teacher's "
                               "token (the address pyengine serve printed)")

    def page(self) -> None:
        """Raise LookupError (404) where there is no teacher's view."""
        if self.token is None:
            raise LookupError("this server has no teacher's view (started with --no-teacher)")

    # -- the endpoints (app.py registers them; the push, which reads a body, is app.py's)
    async def offered(self, request: Request) -> Response:
        """``GET /api/pushed``, for every student's page: the pushed program, or null.
        Polled every few seconds by every page: the answer carries an ETag (the push's
        time) and may be kept by the browser if it asks again first (``no-cache``), so
        an unchanged program is a bodiless 304, not the program again."""
        tag = f'"push-{self.pushed["at"]!r}"' if self.pushed is not None else '"none"'
        headers = {"ETag": tag, "Cache-Control": "no-cache"}
        if request.headers.get("if-none-match") == tag:
            return Response(status_code=304, headers=headers)
        return JSONResponse({"pushed": self.pushed}, headers=headers)

    async def class_list(self, request: Request) -> JSONResponse:
        self.check(request.headers)
        return JSONResponse(self.listing())

    async def class_look(self, request: Request) -> Response:
        """A student's session, looked at: its state or its rules, never changed."""
        self.check(request.headers)
        status, answer = await self.look(request.path_params["label"],
                                         request.path_params["what"])
        return Response(answer, status, media_type="application/json")

    # -- the class list ------------------------------------------------------------------
    def label(self, sid: str) -> str:
        """The session's label: the first hex digits of an HMAC of its id."""
        digest = hmac.new(self.key, sid.encode(), hashlib.sha256).hexdigest()
        return digest[:LABEL_CHARS]

    def listing(self) -> dict:
        """Every open session, then the latest ended ones (at most
        :data:`ENDED_PER_CLIENT` of one client: a student refusing program after program
        does not push the stuck ones out), as the teacher's page lists them; ``now``:
        the server's clock, for "how long ago"."""
        records = self.store.records
        live = [sid for sid in self.store.sessions if sid in records]
        ended, per_client = [], Counter()
        for sid in reversed(self.store.ended):
            record = records.get(sid)
            if record is None or per_client[record.client] >= ENDED_PER_CLIENT:
                continue
            per_client[record.client] += 1
            ended.append(sid)
            if len(ended) >= ENDED_LISTED:
                break
        return {"now": time.time(), "pushed": self.pushed,
                "sessions": [{"label": self.label(sid), **asdict(records[sid])}
                             for sid in live + ended]}

    # -- one session, looked at ----------------------------------------------------------
    def find(self, label: str):
        """The open session labelled ``label`` (Gone if it ended, LookupError if no
        session has it); looking does not keep it from going idle."""
        if _LABEL.match(label):
            for sid, record in self.store.records.items():
                if self.label(sid) != label:
                    continue
                if record.ended is not None:
                    raise Gone(f"this session has ended: {record.ended}")
                return self.store.get(sid, owner=False)
        raise LookupError(f"no session of the class is labelled {label[:20]!r}")

    async def look(self, label: str, what: str) -> tuple[int, bytes]:
        """``what`` (state or rules) of the session labelled ``label``, as its owner
        would get it, but for the state's id: the label stands in its place."""
        if what not in LOOKS:
            raise LookupError(f"the teacher may ask a session only for: {', '.join(LOOKS)}")
        handle = self.find(label)
        status, answer = await self.store.call(handle, {"op": what}, owner=False)
        if status == 200 and what == "state":
            answer = await asyncio.to_thread(_relabelled, answer, label)
        return status, answer

    # -- the pushed program ---------------------------------------------------------------
    async def push(self, body: dict) -> tuple[int, dict]:
        """``{"program": {...}}``: checked as a student's program is (a refusal raises
        ProgramRefused, with its line), compiled once in a worker of its own (a compile
        error is its 400, with its line), then offered to every student; ``{"program":
        null}`` withdraws it. The teacher's text is kept as written."""
        if not self.store.limits.programs:
            raise ClassRefused("nothing can be pushed: this server runs no programs from "
                               "the page (--no-programs)")
        if set(body) != {"program"}:
            raise UsageError('push: {"program": {"name": ..., "source": ..., "engine": '
                             '...}} (or {"program": null} to withdraw it)')
        given = body["program"]
        if given is None:
            self.pushed = None
            return 200, {"pushed": None}
        program = await asyncio.to_thread(program_spec, given)
        status, answer = await self._tried(program_request(given))
        if status != 200:
            return status, json.loads(answer)
        self.pushed = {"name": program["name"], "source": given["source"],
                       "engine": program["engine"], "rules": program["rules"],
                       "at": time.time()}
        return 200, {"pushed": self.pushed}

    async def _tried(self, program: dict) -> tuple[int, bytes]:
        """The program opened once as a student's would be, then ended: (status, the
        worker's answer)."""
        spec = {"name": f"program {program['name']}", "program": program}
        async with self.trying:
            try:
                worker, status, answer = await Worker.start(spec, self.store.limits,
                                                            "pushed")
            except WorkerGone as exc:
                raise Busy(f"the program could not be tried: {exc}", 504) from None
            await worker.stop("it was tried")
        return status, answer


def _relabelled(answer: bytes, label: str) -> bytes:
    state = json.loads(answer)
    state["id"] = label
    return json.dumps(state, separators=(",", ":"), ensure_ascii=False).encode()  # as sent
