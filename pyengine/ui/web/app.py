"""The HTTP API and the page (Starlette). Every tab opens its own session
(``POST /api/sessions``), which runs in a worker process of its own
(:mod:`pyengine.ui.web.store`), and drives it by id; the routes are the shell's verbs.

``GET  /``                                   the page (static, shipped in the package)
``GET  /api/targets``                        what can be opened, the limits, the token
``POST /api/sessions``                       ``{"target": NAME, "options": {...}}`` -> state
``GET  /api/sessions/ID[?filter=TEXT]``      the state (facts filtered as ``facts TEXT``)
``POST /api/sessions/ID/VERB``               ``{"arg": ...}``: step, run, stage, next, back,
                                             goto, reset, strategy, seed, assert, retract,
                                             modify (``{"fact_id": 12, "slots": "(a 1)"}``),
                                             submit (a fact the puzzle declares)
``GET  /api/sessions/ID/rules``              every rule with its source
``GET  /api/sessions/ID/why/FACT[?depth=N]`` the provenance tree
``GET  /api/sessions/ID/matches/RULE``       what each pattern of RULE matches
``GET  /api/sessions/ID/network[?rule=RULE]`` RULE's Rete network (every rule's)
``GET  /api/sessions/ID/graph[?of=FACT|RULE][&last=N]`` the firing graph, as SVG
``GET  /api/sessions/ID/slots/FACT``         a template fact's slots (the page's edit form)
``GET  /api/sessions/ID/transcript``         everything done, as text to download
``DELETE /api/sessions/ID``                  close it
``GET  /teacher``, ``/api/class...``, ``/api/pushed``  the teacher's view (:mod:`.classroom`)

Errors are JSON ``{"error": "..."}`` in one line: 400 bad input, 403 refused (another
site, no token, ``eval`` and the like), 404 unknown, 410 a session that ended (and
why), 413 a body too large, 429 this client's share used, 503 every session taken.
:mod:`pyengine.ui.web.guard` checks host, origin, token and rate before any route.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
from importlib import resources

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pyengine.engine.clips_allow import ProgramRefused
from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import is_digits, whole
from pyengine.engine.session import STRATEGIES
from pyengine.puzzles.registry import PLUGINS
from pyengine.ui.command_table import web_verbs
from pyengine.ui.graph import MAX_FIRINGS as GRAPH_FIRINGS
from pyengine.engine.numbers import parse_id
from pyengine.ui.web.bodies import TooLarge, json_body, parse_body, read_body
from pyengine.ui.web.classroom import Classroom, ClassRefused
from pyengine.ui.web.guard import Guard, Hosts
from pyengine.ui.web.limits import Limits
from pyengine.ui.web.programs import ENGINES, PROGRAM_LIMITS, program_request, starters
from pyengine.ui.web.store import Busy, Gone, Store
from pyengine.ui.web.targets import Target, menu
from pyengine.ui.web.workers import warm_up

REFUSED_VERBS = ("eval", "build", "system", "load", "batch", "exec", "python", "shell")
#: a rule's name as a program may spell it (any symbol: règle-1, rule!, a$b), looked up
#: as it is, never evaluated; at most 200 characters, as a state shows it
_NAME = re.compile(r"^[^\s()\"&|~;\x00-\x1f\x7f]{1,200}$")
_SID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class Refused(Exception):
    """Something the web inspector never does."""


def static_dir() -> str:
    return str(resources.files("pyengine.ui.web") / "static")


def create_app(target: Target | None = None, limits: Limits | None = None,
               input: list[str] | None = None, hosts: Hosts | None = None,
               origins=(), teacher: str | bool | None = True) -> Starlette:
    """The app: on ``target`` (the command line's) or, without one, the registry's menu;
    ``input``: the lines the rules read in every session (``serve --input FILE``);
    ``hosts`` and ``origins``: what requests may name (default: this machine only);
    ``teacher``: the teacher's token (True: a new one; None: no teacher's view)."""
    limits = limits or Limits()
    api = Api(target, Store(limits), input, teacher)
    routes = [
        Route("/", api.index),
        Route("/api/targets", api.list_targets),
        Route("/api/sessions", api.open_session, methods=["POST"]),
        Route("/api/sessions/{sid}", api.get_state),
        Route("/api/sessions/{sid}", api.close_session, methods=["DELETE"]),
        Route("/api/sessions/{sid}/rules", api.rules),
        Route("/api/sessions/{sid}/why/{fid}", api.why),
        Route("/api/sessions/{sid}/matches/{rule:path}", api.matches),
        Route("/api/sessions/{sid}/graph", api.graph),
        Route("/api/sessions/{sid}/slots/{fid}", api.slots),
        Route("/api/sessions/{sid}/transcript", api.transcript),
        Route("/api/sessions/{sid}/network", api.network),
        Route("/api/sessions/{sid}/{verb}", api.act, methods=["POST"]),
        Route("/api/pushed", api.classroom.offered),
        Route("/teacher", api.teacher_page),
        Route("/api/class", api.classroom.class_list),
        Route("/api/class/push", api.class_push, methods=["POST"]),
        Route("/api/class/{label}/{what}", api.classroom.class_look),
        Mount("/static", StaticFiles(directory=static_dir()), name="static"),
    ]
    handlers = {UsageError: _error(400), Refused: _error(403), ClassRefused: _error(403),
                LookupError: _error(404),
                Gone: _error(410), TooLarge: _error(413), Busy: _busy,
                ValueError: _error(400), HTTPException: _routing, Exception: _error(500)}
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=api.lifespan)
    guard = Guard(app, limits, hosts or Hosts(), origins)
    api.token = guard.token
    app.state.store = api.store
    app.state.classroom = api.classroom
    guard.state = app.state
    return guard


class Api:
    """The endpoints, over one store of sessions."""

    def __init__(self, target: Target | None, store: Store, input: list[str] | None = None,
                 teacher: str | bool | None = True):
        self.target = target
        self.input = input
        self.targets = {target.name: target} if target is not None else menu()
        self.store = store
        self.classroom = Classroom(store, teacher)
        self.token = ""

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        """Start the workers' fork server at once (it loads the word lists); end every
        session's worker when the server stops."""
        await asyncio.to_thread(warm_up)
        sweeper = asyncio.ensure_future(self._sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            await self.store.shutdown()

    async def _sweep(self) -> None:
        """End idle sessions on a clock (they ended only when someone opened one)."""
        while True:
            await asyncio.sleep(max(1.0, min(30.0, self.store.limits.idle / 4)))
            await self.store.expire()

    async def index(self, request: Request):
        return FileResponse(static_dir() + "/index.html")

    async def list_targets(self, request: Request):
        limits = self.store.limits
        return JSONResponse({"targets": [t.describe() for t in self.targets.values()],
                             "fixed": self.target is not None, "strategies": list(STRATEGIES),
                             "token": self.token, "programs": self._programs(),
                             "pushed": self.classroom.pushed,
                             "limits": {"sessions": limits.sessions, "firings": limits.firings,
                                        "idle": limits.idle, "per_client": limits.per_client,
                                        "seconds": limits.seconds, "total": limits.total}})

    def _programs(self) -> dict | None:
        """What the page's editor offers: the engines, the size limit, the starters."""
        if not self.store.limits.programs:
            return None
        return {"engines": list(ENGINES), "chars": PROGRAM_LIMITS.chars,
                "lines": PROGRAM_LIMITS.lines, "starters": starters()}

    async def open_session(self, request: Request):
        """A new session: a menu target with options, or a program of the student's own.
        The body is read here; parsing it (a program's in a thread), checking it and
        opening the session happen in the client's turn, one at a time per client."""
        raw = await read_body(request, self.store.limits, self.store.limits.program_body)
        client = _client(request)
        return await self.store.in_turn(client, self._open(client, raw))

    async def _open(self, client: str, raw: bytes) -> Response:
        limits = self.store.limits
        if len(raw) <= limits.body:
            body = parse_body(raw, limits)
        else:
            body = await asyncio.to_thread(parse_body, raw, limits)
            if set(body) != {"program"}:
                raise TooLarge(f"the request body is at most {limits.body} bytes unless it "
                               "opens a program")
        try:
            spec = self._program(body) if "program" in body else self._target(body)
        except ProgramRefused as exc:       # too long: the teacher's list shows it too
            self.store.not_opened(client, "program", None, None, str(exc).splitlines()[0])
            return _refusal(exc)
        _, status, answer = await self.store.open(client, spec)
        return Response(answer, status, media_type="application/json")

    def _target(self, body: dict) -> dict:
        """The worker's spec for a menu target, its options checked here (and there)."""
        name = body.get("target", next(iter(self.targets)))
        if not isinstance(name, str) or name not in self.targets:
            raise UsageError(f"unknown target {str(name)[:40]!r} "
                             f"(choose from {', '.join(self.targets)})")
        options = body.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise UsageError("options: an object of option names and values")
        target = self.targets[name]
        # the worker's registry is the server's: the same plug-ins
        spec = {"name": name, "input": self.input, "plugins": os.environ.get(PLUGINS, "")}
        if target.fixed is not None:
            if options:
                raise UsageError(f"{name} was opened on the command line: it takes no "
                                 "options from the page")
            spec["argv"] = target.argv
        else:
            spec["options"] = target.check(options)
        return spec

    def _program(self, body: dict) -> dict:
        """The worker's spec for a program of the student's own: its name, engine and
        text's size are checked here; the worker checks the text against the allow-list
        before it compiles it (a refusal names its line)."""
        if not self.store.limits.programs:
            raise Refused("this server runs no programs from the page (started with "
                          "--no-programs)")
        if set(body) - {"program"}:
            raise UsageError("a program is opened alone: {\"program\": {...}}")
        program = program_request(body["program"])
        return {"name": f"program {program['name']}", "program": program}

    async def get_state(self, request: Request):
        flt = request.query_params.get("filter") or None
        return await self._call(request, {"op": "state", "filter": self._filter(flt)})

    async def close_session(self, request: Request):
        """Close a session: 200, or 410 (with why) for one that had ended, 404 for an id
        never seen."""
        sid = _sid(request)
        if not await self.store.close(sid):
            self.store.get(sid)          # raises Gone or LookupError
        return JSONResponse({"closed": True})

    async def act(self, request: Request):
        verb = request.path_params["verb"]
        if verb.lower() in REFUSED_VERBS:
            raise Refused(f"refused: {verb} evaluates code; the web inspector steps, asserts "
                          "and retracts, and runs no CLIPS or Python sent from the browser")
        if verb not in web_verbs():              # the command table's web verbs
            raise LookupError(f"no such action {verb[:40]!r} (actions: "
                              f"{', '.join(web_verbs())})")
        body = await json_body(request, self.store.limits)
        flt = body.get("filter")
        if flt is not None and not isinstance(flt, str):
            raise UsageError("filter: text")
        return await self._call(request, {"op": "act", "verb": verb, "arg": body.get("arg"),
                                          "filter": self._filter(flt)})

    async def rules(self, request: Request):
        return await self._call(request, {"op": "rules"})

    async def why(self, request: Request):
        limits = self.store.limits
        fid = parse_id(request.path_params["fid"])
        depth = request.query_params.get("depth")
        depth = limits.why_depth if depth is None else whole(depth, "depth", 1,
                                                              limits.why_max_depth)
        return await self._call(request, {"op": "why", "fact": fid, "depth": depth})

    async def matches(self, request: Request):
        rule = request.path_params["rule"]
        if not _NAME.match(rule):
            raise UsageError(f"not a rule name: {rule[:40]!r}")
        return await self._call(request, {"op": "matches", "rule": rule})

    async def network(self, request: Request):
        """A rule's Rete network (``?rule=NAME``), or every rule's."""
        rule = request.query_params.get("rule") or None
        if rule is not None and not _NAME.match(rule):
            raise UsageError(f"not a rule name: {rule[:40]!r}")
        return await self._call(request, {"op": "network", "rule": rule})

    async def graph(self, request: Request):
        """The firing graph: ``?of=f-12`` (a fact's why), ``?of=RULE``, or the run;
        ``&last=N``: only its last N firings (1 to 200)."""
        of = request.query_params.get("of") or None
        if of is not None:
            if of.lower().startswith("f-") or is_digits(of):
                of = parse_id(of)
            elif not _NAME.match(of):
                raise UsageError(f"not a fact id or a rule name: {of[:40]!r}")
        last = request.query_params.get("last")
        if last is not None:
            last = whole(last, "last", 1, GRAPH_FIRINGS)
        return await self._call(request, {"op": "graph", "of": of, "last": last})

    async def slots(self, request: Request):
        """A template fact's slots, each value as CLIPS text (the page's edit form)."""
        fid = parse_id(request.path_params["fid"])
        return await self._call(request, {"op": "slots", "fact": fid})

    async def transcript(self, request: Request):
        """Everything done in the session, as the shell would have shown it: a text
        file to download, named after the target."""
        handle = self.store.get(_sid(request))
        status, answer = await self.store.call(handle, {"op": "transcript"})
        if status != 200:
            return Response(answer, status, media_type="application/json")
        done = await asyncio.to_thread(json.loads, answer)     # up to 2 MB: off the loop
        return Response(done["text"], media_type="text/plain; charset=utf-8",
                        headers={"content-disposition":
                                 f'attachment; filename="{done["filename"]}"'})

    async def teacher_page(self, request: Request):
        self.classroom.page()
        return FileResponse(static_dir() + "/teacher.html")

    async def class_push(self, request: Request):
        """The teacher's program, offered to every student (checked as theirs are)."""
        self.classroom.check(request.headers)
        raw = await read_body(request, self.store.limits, self.store.limits.program_body)
        body = await asyncio.to_thread(parse_body, raw, self.store.limits)
        try:
            status, answer = await self.classroom.push(body)
        except ProgramRefused as exc:
            return _refusal(exc)
        return JSONResponse(answer, status)

    async def _call(self, request: Request, message: dict) -> Response:
        handle = self.store.get(_sid(request))
        status, answer = await self.store.call(handle, message)
        return Response(answer, status, media_type="application/json")

    def _filter(self, text: str | None) -> str | None:
        if text and len(text) > self.store.limits.filter_chars:
            raise UsageError(f"filter: at most {self.store.limits.filter_chars} characters")
        return text or None


def _error(status: int):
    async def handler(request: Request, exc: Exception):
        text = str(exc.args[0]) if exc.args else type(exc).__name__
        return JSONResponse({"error": (text.splitlines() or [""])[0][:2000]},
                            status_code=status)
    return handler


def _refusal(exc: ProgramRefused) -> JSONResponse:
    """400 with the line (and column) the editor marks."""
    return JSONResponse({"error": str(exc).splitlines()[0][:2000], **exc.place()},
                        status_code=400)


async def _routing(request: Request, exc: HTTPException):
    """Starlette's own refusals (no such route, method or file) in our one-line JSON."""
    said = {404: "no such page or API route", 405: "this route does not take that method"}
    return JSONResponse({"error": said.get(exc.status_code, str(exc.detail)[:200])},
                        status_code=exc.status_code, headers=exc.headers)


async def _busy(request: Request, exc: Busy):
    return JSONResponse({"error": str(exc)}, status_code=exc.status)


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _sid(request: Request) -> str:
    sid = request.path_params["sid"]
    if not _SID.match(sid):
        raise LookupError("no such session (it may have ended): reload the page")
    return sid
