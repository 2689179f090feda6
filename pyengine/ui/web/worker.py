"""Inside a session's worker process: open the session, then answer the server's
requests one at a time, each within the time a request may take.

The server (:mod:`pyengine.ui.web.workers`) sends a request as JSON and reads back
two frames: a small JSON header (``{"status": 200, "fired": 12, "engine": "clips"}``,
with an error's line when there is one: what the teacher's view keeps of each answer)
and the answer's JSON bytes, which it passes to the browser as they are. Nothing here
is unpickled: the pipe carries JSON both ways. The process limits its own memory (``RLIMIT_DATA``: what it
had at the start plus ``Limits.memory_mb``), file descriptors, the size of a file it
writes (``RLIMIT_FSIZE``: a write past it fails, the process goes on) and core dumps
before it opens anything, keeps its temporary files in the folder the server made for
it (removed as the worker ends, killed or not: a snapshot's file stayed in /tmp when
the worker was killed while writing it), and ignores Ctrl-C (the server ends it).
"""
from __future__ import annotations

import json
import os
import resource
import signal
import tempfile

from pyengine.engine.clips_allow import ProgramRefused
from pyengine.engine.errors import EngineHalted, OutOfTime, UsageError
from pyengine.engine.interrupt import time_budget
from pyengine.engine.textio import visible
from pyengine.engine.wording import plural
from pyengine.ui.web import views
from pyengine.ui.web.fact_form import slots_json
from pyengine.ui.web.limits import Limits
from pyengine.ui.web.programs import program_factory, program_spec
from pyengine.puzzles.registry import PLUGINS
from pyengine.ui.web.targets import command_line
from pyengine.ui.web.targets import menu
from pyengine.ui.web.transcript import transcript_json
from pyengine.ui.web.websession import WebSession

MAX_ANSWER = 32 * 1024 * 1024       # bytes of one answer (the views cap what they list)
#: What the header frame says of an answer besides its status, each field's type: read
#: by the server for the teacher's view (:mod:`pyengine.ui.web.classroom`)
NOTE_FIELDS = {"fired": int, "engine": str, "error": str, "changed": int}
NOTE_CHARS = 300                    # characters of an error's line in the header
CUSHION = 4 * 1024 * 1024           # bytes kept to say that memory ran out


def main(conn, spec: dict, limits: Limits, sid: str, folder: str | None = None) -> None:
    """The worker's life: limits, open, then requests until the pipe closes. Memory run
    out anywhere (an answer being written, an error being said) ends it with its 507:
    a cushion kept from the start is let go first, so there is room to say so."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if folder is not None:
        tempfile.tempdir = os.environ["TMPDIR"] = folder
    limit_resources(limits)
    cushion = bytearray(CUSHION)
    ws = None
    try:
        ws = _opened(conn, spec, limits, sid)
        if ws is not None:
            try:
                serve(conn, ws, limits)
            finally:
                ws.ins.close()          # the session's memory back as the worker ends
    except MemoryError:
        del cushion
        _send(conn, 507, no_memory(limits, opened=ws is not None))


def _opened(conn, spec: dict, limits: Limits, sid: str):
    """The session, its first state sent; None if it was refused (the refusal sent)."""
    try:
        ws = open_session(spec, limits, sid)
        _send(conn, 200, views.state(ws))
        return ws
    except UsageError as exc:
        place = exc.place() if isinstance(exc, ProgramRefused) else {}
        _send(conn, 400, {"error": _line(exc), **place})
    except OutOfTime as exc:            # a program that loops while it loads
        _send(conn, 400, {"error": f"the program did not load: {_line(exc)}"})
    return None


def serve(conn, ws, limits: Limits) -> None:
    """Answer requests until the pipe closes (or the session ran out of memory)."""
    while True:
        try:
            raw = conn.recv_bytes(4 * limits.body + 1024)
        except (EOFError, OSError):
            return
        status, body = answer(ws, json.loads(raw), limits)
        _send(conn, status, body)
        if status == 507:
            return


def limit_resources(limits: Limits) -> None:
    """Memory: what the process holds now plus ``memory_mb``; 256 descriptors; files
    of at most ``file_mb``; no core files. (Where the OS has no such limit, it is
    skipped.)"""
    _one_malloc_arena()
    try:
        data = _vm_data()
        if data:
            cap = data + limits.memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_DATA, (cap, cap))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)       # a write too big fails
        cap = limits.file_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_FSIZE, (cap, cap))
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
    except (ValueError, OSError, AttributeError):
        pass


def _one_malloc_arena() -> None:
    """glibc gives each new thread a malloc arena that reserves 64 MB of address space,
    which ``RLIMIT_DATA`` counts: the worker's threads (the CLIPS watchdog) share one."""
    try:
        import ctypes
        ctypes.CDLL(None).mallopt(-8, 1)          # M_ARENA_MAX = 1
    except (OSError, AttributeError):
        pass


def _vm_data() -> int:
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmData:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def open_session(spec: dict, limits: Limits, sid: str):
    """The WebSession ``spec`` names: a menu target with options, or the command
    line's target (``{"argv": [...]}``), with the server's input lines. The registry
    is read with the server's plug-ins (``PYENGINE_PUZZLES`` as the server had it: the
    fork server that forks the workers may have started before it was set)."""

    if spec.get("plugins") is not None:
        os.environ[PLUGINS] = spec["plugins"]
    if spec.get("program") is not None:
        program = program_spec(spec["program"])          # the allow-list, here
        with time_budget(limits.seconds, limits.grace):     # a loop while loading stops
            ws = WebSession(sid, spec["name"], program_factory(program), limits,
                            spec.get("input"))
        ws.program = {"name": program["name"], "engine": program["engine"]}
        return ws
    if spec.get("argv") is not None:
        target = command_line(spec["name"], list(spec["argv"]))
        factory = target.fixed
    else:
        target = menu()[spec["name"]]
        factory = target.factory(spec.get("options") or {})
    return WebSession(sid, spec["name"], factory, limits, spec.get("input"), target.action)


def answer(ws, request: dict, limits: Limits) -> tuple[int, object]:
    """One request: ``op`` is state, act, rules, why, matches, graph, slots or
    transcript."""
    op = request.get("op")
    try:
        with time_budget(limits.seconds, limits.grace):
            if op == "act":
                return 200, _act(ws, request)
            if op == "state":
                return 200, views.state(ws, request.get("filter"))
            if op == "rules":
                return 200, views.rules_json(ws)
            if op == "why":
                return 200, views.why_json(ws, request["fact"], request.get("depth"), limits)
            if op == "matches":
                return 200, views.matches_json(ws, request["rule"])
            if op == "network":
                return 200, views.network_json(ws, request.get("rule"))
            if op == "graph":
                return 200, views.graph_json(ws, request.get("of"), request.get("last"))
            if op == "slots":
                return 200, slots_json(ws, request["fact"])
            if op == "transcript":
                return 200, transcript_json(ws)
        return 400, {"error": f"no such request {op!r}"}
    except UsageError as exc:
        changed = len(ws.new) + len(ws.gone) if op == "act" else 0
        return 400, {"error": _line(exc), **({"changed": changed} if changed else {})}
    except MemoryError:
        return 507, no_memory(limits)
    except OutOfTime as exc:        # a look that ran out of the request's time
        return 400, {"error": f"{_line(exc)}: ask for less"}
    except Exception as exc:        # noqa: BLE001 - a fault of ours: said, the session kept
        return 500, {"error": f"pyengine failed on this request ({type(exc).__name__}: "
                              f"{_line(exc)}); the session goes on"}


def no_memory(limits: Limits, opened: bool = True) -> dict:
    """The 507's one line: the session (or its opening) needed more than its memory."""
    what = "this session needed" if opened else "opening this session needed"
    return {"error": f"{what} more than its {limits.memory_mb} MB and has ended: reload "
                     "the page for a new one"}


def _act(ws, request: dict) -> dict:
    """A verb; a run cut by the time budget, or halted inside a firing, is not an
    error of the request: the page shows the state it reached, and why it stopped."""
    fired = len(ws.ins.session.trace)
    try:
        ws.act(request.get("verb"), request.get("arg"))
    except OutOfTime as exc:
        n = len(ws.ins.session.trace) - fired
        ws.message = f"{plural(n, 'firing')}; {exc}: press again to go on"
    except EngineHalted as exc:
        ws.message = _line(exc)
        return {**views.state(ws, request.get("filter")), "error": ws.message}  # the
    return views.state(ws, request.get("filter"))       # teacher's "last error" too


def _line(exc: BaseException) -> str:
    text = str(exc.args[0]) if exc.args else type(exc).__name__
    return (text.splitlines() or [type(exc).__name__])[0][:2000]


def _send(conn, status: int, body: object) -> None:
    data = json.dumps(shown(body), separators=(",", ":"), ensure_ascii=False).encode()
    if len(data) > MAX_ANSWER:
        body = {"error": "the answer is too large to send; narrow it with the fact filter"}
        status, data = 500, json.dumps(body).encode()
    conn.send_bytes(json.dumps(header(status, body)).encode())
    conn.send_bytes(data)


def shown(body: object) -> object:
    """Every text of an answer as a page may show it: what the engine made at run time
    too (``(format nil "%c" ...)`` builds any character), a character a screen hides or
    turns around (a control, a direction mark, a zero-width space, a lone surrogate)
    written out as ``\\uXXXX`` (:func:`~pyengine.engine.textio.visible`)."""
    if isinstance(body, str):
        return visible(body)
    if isinstance(body, dict):
        return {k: shown(v) for k, v in body.items()}
    if isinstance(body, (list, tuple)):
        return [shown(v) for v in body]
    return body


def header(status: int, body: object) -> dict:
    """The frame before an answer: its status and, from a state or an error, its note
    (so the server keeps them without parsing the answer)."""
    return {"status": status, **note(body)}


def note(given: object) -> dict:
    """The :data:`NOTE_FIELDS` of ``given`` (a state, an error, a header) that have
    their type, texts cut at :data:`NOTE_CHARS`; the worker writes it and the server
    reads it back through here."""
    if not isinstance(given, dict):
        return {}
    return {name: value[:NOTE_CHARS] if isinstance(value, str) else value
            for name, kind in NOTE_FIELDS.items()
            if isinstance(value := given.get(name), kind) and not isinstance(value, bool)}
