"""What every request must be before the app sees it (an ASGI middleware).

* **Host**: one the server answers to (from ``--host``: the loopback names; with
  ``0.0.0.0`` also any IP address and this machine's names; plus ``--allow-host``).
  A page on another site whose name was pointed at this machine (DNS rebinding)
  sends its own name and is refused.
* **Origin**: a browser's request from another site is refused (its Origin must be
  this server's own, or one given with ``--allow-origin``).
* **Changes**: POST and DELETE need the server's token (``X-Pyengine-Token``, given
  to the page by ``GET /api/targets``, which no other site can read) and POST a JSON
  body: a form on another site can send neither.
* **Rate**: a client address makes at most ``Limits.rate`` requests a second (twice
  that in a burst), then 429.
* Every answer says: only this page's own scripts, nothing framed, nothing cached
  (unless the app said how it may be cached: ``/api/pushed`` may be revalidated).
"""
from __future__ import annotations

import ipaddress
import json
import secrets
import socket
import time

from pyengine.engine.numbers import is_digits
from pyengine.ui.web.limits import Limits

TOKEN_HEADER = "x-pyengine-token"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; "
       "base-uri 'none'; object-src 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY"),
           (b"cache-control", b"no-store")]
#: the headers but the cache rule, for an answer that says how it may be cached
SAFETY = [h for h in HEADERS if h[0] != b"cache-control"]
LOOPBACK = ("localhost", "127.0.0.1", "::1")


class Hosts:
    """The names (and, listening on every address, the IP addresses) this server
    answers to."""

    def __init__(self, bind: str = "127.0.0.1", extra: list[str] | tuple = ()):
        self.any_ip = bind in ("0.0.0.0", "::", "")
        names = set(LOOPBACK) | {h.lower() for h in extra} | {bind.lower()}
        if self.any_ip:
            for name in (socket.gethostname(), socket.getfqdn()):
                names.add(name.lower())
        self.names = names

    def allows(self, host: str) -> bool:
        name = host_name(host)
        if not name:
            return False
        if name in self.names:
            return True
        return self.any_ip and _is_ip(name)


def host_name(host: str) -> str:
    """``example:8765`` -> ``example``; ``[::1]:80`` -> ``::1``; lower case; "" for
    what is no host (``[::1]evil``, ``localhost:abc``)."""
    host = host.strip().lower()
    if host.startswith("["):
        name, close, port = host[1:].partition("]")
        whole = bool(close) and (not port or port[0] == ":" and is_digits(port[1:]))
        return name if whole else ""
    if host.count(":") == 1:
        name, _, port = host.partition(":")
        return name if is_digits(port) else ""
    return host


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


class Guard:
    """The middleware: refuses what is not for this server, adds the safety headers."""

    def __init__(self, app, limits: Limits, hosts: Hosts, origins=(), token: str | None = None):
        self.app = app
        self.limits = limits
        self.hosts = hosts
        self.origins = {o.rstrip("/").lower() for o in origins}
        self.token = token or secrets.token_urlsafe(24)
        self.buckets: dict[str, list[float]] = {}

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await self.app(scope, receive, send)
        if scope["type"] != "http":
            return          # no websockets: the connection is closed unanswered
        refusal = self.refusal(scope)
        if refusal is not None:
            return await _answer(send, *refusal)

        async def sending(message):
            if message["type"] == "http.response.start":
                own = list(message.get("headers", []))
                cached = any(k.lower() == b"cache-control" for k, _ in own)
                message = {**message, "headers": own + (SAFETY if cached else HEADERS)}
            await send(message)
        await self.app(scope, receive, sending)

    def refusal(self, scope) -> tuple[int, str] | None:
        """(status, why) for a request refused here; None to let it through."""
        raw = scope.get("headers", [])
        if sum(len(k) + len(v) + 4 for k, v in raw) + len(scope.get("raw_path") or b"") \
                + len(scope.get("query_string") or b"") > self.limits.head:
            return 431, f"the request head is larger than {self.limits.head // 1024} KiB"
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw}
        host = headers.get("host", "")
        if not self.hosts.allows(host):
            return 421, f"this server does not answer to the host {host[:60]!r}"
        origin = headers.get("origin")
        if origin is not None and not self._same_site(origin, host):
            return 403, "requests from another site are refused"
        method = scope.get("method", "GET")
        if method not in ("GET", "HEAD", "POST", "DELETE"):
            return 405, f"{method[:20]} is not answered here"
        if not self._within_rate(_client(scope)):
            return 429, "too many requests from this computer: slow down"
        if method in ("POST", "DELETE"):
            given = headers.get(TOKEN_HEADER, "")
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                return 403, "this request needs the page's token (reload the page)"
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if method == "POST" and kind != "application/json":
                return 415, "send the request body as JSON (Content-Type: application/json)"
        return None

    def _same_site(self, origin: str, host: str) -> bool:
        origin = origin.strip().rstrip("/").lower()
        if origin in self.origins:
            return True
        return origin == f"http://{host.strip().lower()}"

    def _within_rate(self, client: str) -> bool:
        """A token bucket per client: ``rate`` a second, ``2 * rate`` at most."""
        rate, now = self.limits.rate, time.monotonic()
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) > 10_000:      # forget the quiet ones
                self.buckets = {k: b for k, b in self.buckets.items() if now - b[1] < 60}
            bucket = self.buckets[client] = [2 * rate, now]
        bucket[0] = min(2 * rate, bucket[0] + (now - bucket[1]) * rate)
        bucket[1] = now
        if bucket[0] < 1:
            return False
        bucket[0] -= 1
        return True


def _client(scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


async def _answer(send, status: int, text: str) -> None:
    body = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())] + HEADERS})
    await send({"type": "http.response.body", "body": body})
