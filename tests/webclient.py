"""A test client for the web inspector: Starlette's TestClient on an app that answers
to the test client's host, with the page's token on every request, and limits wide
enough for a test module's many sessions (unless a test gives its own)."""
from __future__ import annotations

import warnings
from dataclasses import replace

from pyengine.ui.web.app import create_app
from pyengine.ui.web.guard import Hosts
from pyengine.ui.web.limits import Limits

with warnings.catch_warnings():     # Starlette 1.x prefers httpx2; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

ROOMY = Limits(sessions=40, per_client=40, rate=10_000, waiting=100)


def limits(**changes) -> Limits:
    """The roomy test limits with some changed."""
    return replace(ROOMY, **changes)


def web_client(target=None, lim: Limits | None = None, input=None,
               teacher: str | bool | None = True) -> TestClient:
    """A client of a new app; use it in a ``with`` block (the app's workers end with it).
    ``teacher``: the teacher's token (True: a random one, ``client.app.state.classroom
    .token``; None: no teacher's view)."""
    app = create_app(target, lim or ROOMY, input, Hosts("127.0.0.1", ["testserver"]),
                     teacher=teacher)
    return TokenClient(app)


#: the sessions opened while a test runs, (client, id): tests/conftest.py closes them
#: after the test (None outside a test), so a module's shared client does not keep a
#: worker process alive for every session its tests opened
TEST_SESSIONS: list | None = None


class TokenClient(TestClient):
    """Asks for the page's token once the app is up and sends it on every request."""

    def __enter__(self):
        super().__enter__()
        self.headers["X-Pyengine-Token"] = self.get("/api/targets").json()["token"]
        return self

    def post(self, url, *args, **kwargs):
        r = super().post(url, *args, **kwargs)
        if TEST_SESSIONS is not None and url == "/api/sessions" and r.status_code == 200:
            TEST_SESSIONS.append((self, r.json().get("id")))
        return r


def close_test_sessions() -> None:
    """Close what a test opened (a session already gone, or a client already shut,
    is left as it is)."""
    for client, sid in TEST_SESSIONS or ():
        try:
            client.delete(f"/api/sessions/{sid}")
        except Exception:       # the client's app has ended: its workers with it
            pass


def opened(client, target="scramble", **options):
    r = client.post("/api/sessions", json={"target": target, "options": options})
    assert r.status_code == 200, r.text
    return r.json()


def post(client, sid, verb, arg=None, status=200):
    r = client.post(f"/api/sessions/{sid}/{verb}", json={"arg": arg})
    assert r.status_code == status, r.text
    return r.json()


#: A small program of a student's own, for the tests that load programs in the page.
COUNT = """; count.clp -- count to three
(deftemplate counter (slot n (default 0)))
(deffacts start (counter))
(defrule count-up
   ?c <- (counter (n ?n&:(< ?n 3)))
   =>
   (modify ?c (n (+ ?n 1)))
   (printout t "now " (+ ?n 1) crlf))
"""


class FakeTransport:
    """A connection's transport for driving the server's protocol by hand: what it was
    told to do (abort, close) and the bytes written that no client has taken."""

    aborted = closed = False
    unsent = 0

    def __init__(self, peer: str = "127.0.0.44"):
        self.peer = peer

    def get_extra_info(self, name, default=None):
        return {"peername": (self.peer, 5000), "sockname": ("127.0.0.1", 80)}.get(name)

    def is_closing(self):
        return self.aborted or self.closed

    def abort(self):
        self.aborted = True

    def close(self):
        self.closed = True

    def write(self, data):
        self.unsent += len(data)

    def get_write_buffer_size(self):
        return self.unsent

    def set_protocol(self, protocol):
        pass

    def pause_reading(self):
        pass

    def resume_reading(self):
        pass

    def pause_writing(self):
        pass
