"""Every bound the web inspector keeps, in one place, with how each was set.

``pyengine serve`` runs each browser tab's session in a worker process of its own
(:mod:`pyengine.ui.web.workers`), so what one student's session does is bounded by
the operating system as well as by us: its time per request, its memory, its
firings. The server process itself only reads requests, checks them and passes
them on; these limits keep that bounded too. docs/web.md lists them with the
measurements behind the defaults (``bench/bench_web_load.py``).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from pyengine.engine.errors import UsageError


@dataclass(frozen=True)
class Limits:
    """The bounds of one server; ``serve`` sets the first ones from its options."""

    sessions: int = 50          # sessions open at once (--max-sessions)
    firings: int = 5000         # firings one request may make (--max-firings)
    idle: float = 15 * 60       # seconds before an idle session ends (--idle)
    per_client: int = 4         # sessions one client address may hold (--max-per-client)
    seconds: float = 2.0        # time one request may take, cut between firings (--seconds)
    grace: float = 1.0          # more inside one firing before CLIPS halts its action
    hard: float = 10.0          # then the worker is ended: one request never takes longer
    open_seconds: float = 30.0  # opening a session (loading its rules and words)
    # firings one session makes in all (going back replays them): about 0.8 KB each
    # kept for history and back, so a session at this cap holds ~16 MB of history
    total: int = 20_000
    memory_mb: int = 128        # what a session's worker may allocate beyond its start
    file_mb: int = 32           # a file a worker writes (a snapshot's save-facts) at most
    user_facts: int = 500       # facts one session may have asserted from the page
    body: int = 16_384          # bytes of one request body
    head: int = 16_384          # bytes of one request head (line and headers)
    program_body: int = 400_000     # a request opening a program: 60,000 characters, escaped
    programs: bool = True       # students may load programs of their own (--no-programs)
    json_depth: int = 16        # nesting of a request's JSON
    filter_chars: int = 200     # a fact filter
    why_depth: int = 3          # firings a why tree goes back unless asked for more
    why_max_depth: int = 50     # the most it may be asked for
    why_nodes: int = 1000       # nodes of one why tree at most
    waiting: int = 8            # requests of one client waiting behind its running one
    rate: float = 30.0          # requests a second one client may make (burst: 2x)
    connections: int = 1000     # connections open at once, all clients
    client_connections: int = 32    # connections one client address may keep open
    header_seconds: float = 10.0    # to send a request's head (and its body) once begun
    answer_seconds: float = 60.0    # from a request's head to its answer taken (an open
                                    # may take 30 s): past it the connection is cut
    shutdown_seconds: float = 5.0   # Ctrl-C waits this long for answers still going out
    keep_alive: int = 5         # seconds an idle kept-alive connection stays open


#: The ranges ``serve`` accepts for the options it exposes (a mistyped 10**9 is refused).
RANGES = {"sessions": (1, 500), "firings": (1, 100_000), "idle": (10, 86_400),
          "per_client": (1, 100), "seconds": (0.1, 60.0)}


def checked(limits: Limits) -> Limits:
    """``limits`` if every option is within :data:`RANGES`, else UsageError naming it."""
    for f in fields(limits):
        if f.name not in RANGES:
            continue
        low, high = RANGES[f.name]
        value = getattr(limits, f.name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not low <= value <= high:
            flag = "--" + {"sessions": "max-sessions", "firings": "max-firings",
                           "per_client": "max-per-client"}.get(f.name, f.name)
            raise UsageError(f"{flag}: from {low:g} to {high:g}, not {value!r}")
    return limits
