"""A hostile client against a real ``pyengine serve`` (uvicorn, our protocol, on
127.0.0.1): requests from other sites and names, bodies that never end, connections
that say nothing, and the other students' latency while one client does its worst.
Each student is its own loopback address (127.0.0.N), as on a classroom network."""
from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("uvicorn", reason="the web inspector needs the web extra (uvicorn)")
httpx = pytest.importorskip("httpx", reason="the tests talk HTTP with httpx")

from pyengine.ui.web.app import create_app  # noqa: E402
from pyengine.ui.web.background import running  # noqa: E402
from pyengine.ui.web.guard import Hosts  # noqa: E402
from pyengine.ui.web.targets import command_line  # noqa: E402
from tests.webclient import limits  # noqa: E402

LIMITS = limits(header_seconds=1.0, client_connections=8, per_client=4, rate=200,
                seconds=0.5, grace=0.5, hard=5.0)


@pytest.fixture(scope="module")
def server():
    app = create_app(None, LIMITS, None, Hosts("127.0.0.1"))
    with running(app, limits=LIMITS) as url:
        yield url


def student(url: str, n: int) -> httpx.Client:
    """A client on loopback address 127.0.0.``n``, with the page's token."""
    c = httpx.Client(base_url=url, timeout=30,
                     transport=httpx.HTTPTransport(local_address=f"127.0.0.{n}"))
    c.headers["X-Pyengine-Token"] = c.get("/api/targets").json()["token"]
    return c


def test_other_sites_names_and_tokenless_changes_are_refused(server):
    c = student(server, 2)
    port = server.rsplit(":", 1)[1]
    assert c.get("/api/targets", headers={"Host": "evil.example"}).status_code == 421
    assert c.get("/", headers={"Host": f"evil.example:{port}"}).status_code == 421
    r = c.post("/api/sessions", json={"target": "scramble"},
               headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.json()["error"]
    r = httpx.post(server + "/api/sessions", data={"target": "scramble"})   # a plain form
    assert r.status_code == 403
    r = httpx.post(server + "/api/sessions", json={"target": "scramble"},
                   headers={"X-Pyengine-Token": "guess"})
    assert r.status_code == 403 and "token" in r.json()["error"]
    r = c.post("/api/sessions", content=b'{"target": "scramble"}',
               headers={"Content-Type": "text/plain"})
    assert r.status_code == 415
    assert c.request("PUT", "/api/sessions").status_code == 405
    ok = c.post("/api/sessions", json={"target": "scramble"},
                headers={"Origin": server})                 # the page itself
    assert ok.status_code == 200
    assert "frame-ancestors 'none'" in ok.headers["content-security-policy"]


def test_a_body_that_never_ends_is_cut_at_its_limit(server):
    c = student(server, 3)

    def endless():
        for _ in range(20_000):            # 320 MB if it were all read
            yield b"x" * 16_384
    started = time.monotonic()
    r = c.post("/api/sessions", content=endless(),
               headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and time.monotonic() - started < 10


def _raw(url: str, n: int) -> socket.socket:
    host, port = url.split("//")[1].split(":")
    sock = socket.socket()
    sock.bind((f"127.0.0.{n}", 0))
    sock.connect((host, int(port)))
    return sock


def _closed(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        while True:
            if not sock.recv(4096):
                return True
    except (socket.timeout, TimeoutError):
        return False
    except OSError:
        return True


def test_silent_and_slow_connections_are_closed(server):
    silent = _raw(server, 4)
    slow = _raw(server, 4)
    slow.sendall(b"GET /api/targets HTTP/1.1\r\nHo")
    assert _closed(silent, 5) and _closed(slow, 5)       # header_seconds is 1 s
    student(server, 4).get("/api/targets").raise_for_status()


def test_one_address_cannot_hold_every_connection(server):
    held = [_raw(server, 5) for _ in range(LIMITS.client_connections + 6)]
    closed = sum(_closed(s, 0.5) for s in held[LIMITS.client_connections:])
    assert closed >= 6 - 1                  # the ones past the cap go at once
    student(server, 6).get("/api/targets").raise_for_status()   # another student: fine
    for s in held:
        s.close()


def test_other_students_are_answered_while_one_client_does_its_worst(server):
    """One client keeps a session running flat out (each request cut at its time
    budget) and floods cheap requests; a student's steps stay quick."""
    hostile = student(server, 7)
    sid = hostile.post("/api/sessions", json={"target": "boggle", "options": {"seed": 1}}
                       ).json()["id"]
    stop = threading.Event()

    def flood():
        while not stop.is_set():
            hostile.post(f"/api/sessions/{sid}/reset", json={})
            hostile.post(f"/api/sessions/{sid}/run", json={})
    threads = [threading.Thread(target=flood) for _ in range(3)]
    for t in threads:
        t.start()
    try:
        good = student(server, 8)
        mine = good.post("/api/sessions", json={"target": "scramble", "options": {"seed": 2}}
                         ).json()["id"]
        took = []
        for _ in range(15):
            began = time.monotonic()
            r = good.post(f"/api/sessions/{mine}/step", json={})
            took.append(time.monotonic() - began)
            assert r.status_code == 200
        took.sort()
        print("student step latencies", [round(t, 3) for t in took])
        assert took[int(0.9 * len(took))] < 1.0, took     # far under the hostile budget
    finally:
        stop.set()
        for t in threads:
            t.join(30)


def test_a_crash_loses_one_session_and_the_page_is_told(tmp_path):
    boom = tmp_path / "boom.py"
    boom.write_text("import os, signal\n"
                    "from pyengine.experta import Fact, KnowledgeEngine, Rule, DefFacts\n"
                    "class Boom(KnowledgeEngine):\n"
                    "    @DefFacts()\n    def start(self):\n        yield Fact(go=True)\n"
                    "    @Rule(Fact(go=True))\n    def crash(self):\n"
                    "        os.kill(os.getpid(), signal.SIGSEGV)\n")
    app = create_app(command_line("experta", [str(boom)]), LIMITS, None, Hosts("127.0.0.1"))
    with running(app, limits=LIMITS) as url:
        c = student(url, 9)
        doomed = c.post("/api/sessions", json={}).json()["id"]
        other = c.post("/api/sessions", json={}).json()["id"]
        r = c.post(f"/api/sessions/{doomed}/run", json={})
        assert r.status_code == 410 and "signal 11" in r.json()["error"]
        assert c.get(f"/api/sessions/{other}").status_code == 200
        assert c.get("/api/targets").status_code == 200
