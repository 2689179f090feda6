"""The HTTP API and the page (Starlette). Every tab opens its own session
(``POST /api/sessions``) and drives it by id; the routes are the shell's verbs.

``GET  /``                                   the page (static, shipped in the package)
``GET  /api/targets``                        what can be opened, the limits, the strategies
``POST /api/sessions``                       ``{"target": NAME, "options": {...}}`` -> state
``GET  /api/sessions/ID[?filter=TEXT]``      the state (facts filtered as ``facts TEXT``)
``POST /api/sessions/ID/VERB``               ``{"arg": ...}``: step, run, stage, next, back,
                                             goto, reset, strategy, seed, assert, retract, guess
``GET  /api/sessions/ID/rules``              every rule with its source
``GET  /api/sessions/ID/why/FACT[?depth=N]`` the provenance tree
``GET  /api/sessions/ID/matches/RULE``       what each pattern of RULE matches
``DELETE /api/sessions/ID``                  close it

Errors are JSON ``{"error": "..."}``: 400 for bad input, 403 for what the web
inspector refuses (``eval``, ``build``, ``system``, ``load``: no code from the
browser), 404 for an unknown session or route, 503 when every session is taken.
"""
from __future__ import annotations

import json
import re
import threading
from importlib import resources

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pyengine.engine.errors import UsageError
from pyengine.engine.session import STRATEGIES
from pyengine.ui.web import views
from pyengine.ui.web.sessions import VERBS, Busy, Limits, Store
from pyengine.ui.web.targets import Target, menu

REFUSED_VERBS = ("eval", "build", "system", "load", "batch", "exec", "python", "shell")
MAX_BODY = 16_384
_NAME = re.compile(r"^[A-Za-z0-9_.:*?<>=+/-]{1,200}$")
# The page loads nothing from elsewhere and runs only its own scripts.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'")
ENGINE_LOCK = threading.Lock()      # one engine call at a time (CLIPS and print are global)


class Refused(Exception):
    """Something the web inspector never does."""


def static_dir() -> str:
    return str(resources.files("pyengine.ui.web") / "static")


def create_app(target: Target | None = None, limits: Limits | None = None,
               input: list[str] | None = None) -> Starlette:
    """The app: on ``target`` (the command line's) or, without one, the registry's menu;
    ``input``: the lines the rules read in every session (``serve --input FILE``)."""
    api = Api(target, Store(limits), input)
    routes = [
        Route("/", api.index),
        Route("/api/targets", api.list_targets),
        Route("/api/sessions", api.open_session, methods=["POST"]),
        Route("/api/sessions/{sid}", api.get_state),
        Route("/api/sessions/{sid}", api.close_session, methods=["DELETE"]),
        Route("/api/sessions/{sid}/rules", api.rules),
        Route("/api/sessions/{sid}/why/{fid}", api.why),
        Route("/api/sessions/{sid}/matches/{rule:path}", api.matches),
        Route("/api/sessions/{sid}/{verb}", api.act, methods=["POST"]),
        Mount("/static", StaticFiles(directory=static_dir()), name="static"),
    ]
    handlers = {UsageError: _error(400), Refused: _error(403), LookupError: _error(404),
                Busy: _error(503), ValueError: _error(400), Exception: _error(500)}
    app = Starlette(routes=routes, exception_handlers=handlers,
                    middleware=[Middleware(SecurityHeaders)])
    app.state.store = api.store
    return app


class SecurityHeaders:
    """Every answer says: only this page's own scripts, nothing loaded from elsewhere."""

    HEADERS = [(b"content-security-policy", CSP.encode()),
               (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": list(message.get("headers", [])) + self.HEADERS}
            await send(message)
        await self.app(scope, receive, sending)


class Api:
    """The endpoints, over one store of sessions."""

    def __init__(self, target: Target | None, store: Store, input: list[str] | None = None):
        self.target = target
        self.input = input
        self.targets = {target.name: target} if target is not None else menu()
        self.store = store

    async def index(self, request: Request):
        return FileResponse(static_dir() + "/index.html")

    async def list_targets(self, request: Request):
        limits = self.store.limits
        return JSONResponse({"targets": [t.describe() for t in self.targets.values()],
                             "fixed": self.target is not None, "strategies": list(STRATEGIES),
                             "limits": {"sessions": limits.sessions, "firings": limits.firings,
                                        "idle": limits.idle}})

    async def open_session(self, request: Request):
        body = await _body(request)
        name = body.get("target", next(iter(self.targets)))
        if not isinstance(name, str) or name not in self.targets:
            raise UsageError(f"unknown target {name!r} (choose from {', '.join(self.targets)})")
        options = body.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise UsageError("options: an object of option names and values")

        def work():
            ws = self.store.open(name, self.targets[name].factory(options), self.input)
            with ws.lock:
                return views.state(ws)
        return JSONResponse(await _engine(work))

    async def get_state(self, request: Request):
        ws = self.store.get(request.path_params["sid"])
        flt = request.query_params.get("filter") or None
        if flt is not None and len(flt) > 200:
            raise UsageError("filter: at most 200 characters")
        return JSONResponse(await _engine(_locked(ws, lambda: views.state(ws, flt))))

    async def close_session(self, request: Request):
        self.store.close(request.path_params["sid"])
        return JSONResponse({"closed": True})

    async def act(self, request: Request):
        verb = request.path_params["verb"]
        if verb.lower() in REFUSED_VERBS:
            raise Refused(f"refused: {verb} evaluates code; the web inspector steps, asserts "
                          "and retracts, and runs no CLIPS or Python sent from the browser")
        if verb not in VERBS:
            raise LookupError(f"no such action {verb!r} (actions: {', '.join(VERBS)})")
        ws = self.store.get(request.path_params["sid"])
        body = await _body(request)
        flt = body.get("filter") if isinstance(body.get("filter"), str) else None

        def work():
            ws.act(verb, body.get("arg"))
            return views.state(ws, flt)
        return JSONResponse(await _engine(_locked(ws, work)))

    async def rules(self, request: Request):
        ws = self.store.get(request.path_params["sid"])
        return JSONResponse(await _engine(_locked(ws, lambda: views.rules_json(ws))))

    async def why(self, request: Request):
        ws = self.store.get(request.path_params["sid"])
        fid = _fact_id(request.path_params["fid"])
        depth = request.query_params.get("depth")
        if depth is not None and (not depth.isdigit() or not 1 <= int(depth) <= 10_000):
            raise UsageError("depth: a whole number from 1 to 10000")
        d = int(depth) if depth else None
        return JSONResponse(await _engine(_locked(ws, lambda: views.why_json(ws, fid, d))))

    async def matches(self, request: Request):
        ws = self.store.get(request.path_params["sid"])
        rule = request.path_params["rule"]
        if not _NAME.match(rule):
            raise UsageError(f"not a rule name: {rule[:40]!r}")
        return JSONResponse(await _engine(_locked(ws, lambda: views.matches_json(ws, rule))))


def _error(status: int):
    async def handler(request: Request, exc: Exception):
        text = str(exc.args[0]) if exc.args else type(exc).__name__
        return JSONResponse({"error": text.splitlines()[0] if text else text}, status_code=status)
    return handler


def _locked(ws, fn):
    def work():
        with ws.lock:
            return fn()
    return work


async def _engine(fn):
    def work():
        with ENGINE_LOCK:
            return fn()
    return await run_in_threadpool(work)


async def _body(request: Request) -> dict:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise UsageError(f"the request body is at most {MAX_BODY} bytes")
    raw = await request.body()
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if raw.strip() and kind != "application/json":
        raise UsageError("send the request body as JSON (Content-Type: application/json)")
    if len(raw) > MAX_BODY:
        raise UsageError(f"the request body is at most {MAX_BODY} bytes")
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise UsageError("the request body must be a JSON object") from None
    if not isinstance(body, dict):
        raise UsageError("the request body must be a JSON object")
    return body


def _fact_id(text: str) -> int:
    t = text.strip()
    digits = t[2:] if t.lower().startswith("f-") else t
    if not digits.isdigit() or len(digits) > 12:
        raise UsageError(f"not a fact id: {t[:40]!r} (write f-12 or 12)")
    return int(digits)
