"""The teacher's view (pyengine/ui/web/classroom.py) through the HTTP API: the class
list, a program pushed to every student, a student's session looked at read-only, the
teacher's token (refused without it, to every student), and what ``serve`` prints.
(The page itself in a browser: tests/browser/test_teacher_browser.py.)"""
from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from pyengine.engine.errors import UsageError
from pyengine.ui.cli import Parser
from pyengine.ui.web.classroom import teacher_token
from pyengine.ui.web.command import add_parser, banner, build
from pyengine.ui.web.worker import NOTE_CHARS, header
from tests.webclient import COUNT, limits, opened, post, web_client

TOKEN = "teacher-token-for-the-tests-0123"
TEACHER = {"X-Pyengine-Teacher": TOKEN}
# line 4 calls a function no program from the page may call: refused before compiling
FORBIDDEN = "(deffacts start (a))\n\n(defrule r (a)\n   => (system \"ls\"))\n"
# line 3 calls a function that does not exist: refused when compiled
UNKNOWN = "(deffacts start (a))\n\n(defrule r (a) => (no-such-function 1))\n"


@pytest.fixture(scope="module")
def client():
    with web_client(lim=limits(firings=500, idle=600), teacher=TOKEN) as c:
        yield c


def the_class(client) -> list[dict]:
    r = client.get("/api/class", headers=TEACHER)
    assert r.status_code == 200, r.text
    return r.json()["sessions"]


def row_of(client, n: int) -> dict:
    return next(s for s in the_class(client) if s["n"] == n)


def newest(client) -> dict:
    return max(the_class(client), key=lambda s: s["n"])


def test_the_class_lists_each_session_by_label_never_by_id(client):
    a = opened(client, "scramble", seed=1)
    a_row = newest(client)
    post(client, a["id"], "run", 5)
    r = client.post(f"/api/sessions/{a['id']}/retract", json={"arg": 99999})
    assert r.status_code == 400
    b = client.post("/api/sessions", json={"program": {"name": "count", "source": COUNT,
                                                       "engine": "ours"}}).json()
    b_row = newest(client)
    post(client, b["id"], "step")
    listing = client.get("/api/class", headers=TEACHER)
    assert a["id"] not in listing.text and b["id"] not in listing.text
    a_row, b_row = row_of(client, a_row["n"]), row_of(client, b_row["n"])
    assert re.fullmatch(r"[0-9a-f]{10}", a_row["label"]) and a_row["label"] != b_row["label"]
    assert (a_row["client"], a_row["target"], a_row["program"], a_row["engine"]) == \
        ("testclient", "scramble", None, "clips")
    assert a_row["fired"] == 5 and a_row["last"] == "run 5" and a_row["ended"] is None   # refused: no action
    assert "99999" in a_row["error"] and a_row["error_at"] >= a_row["opened"]
    assert (b_row["target"], b_row["program"], b_row["engine"]) == \
        ("program count.clp", "count.clp", "experta")
    assert (b_row["fired"], b_row["last"], b_row["error"]) == (1, "step", None)
    assert b_row["at"] >= b_row["opened"]


def test_a_student_sees_only_their_own_session_and_no_class_route(client):
    a, b = opened(client, "scramble", seed=1), opened(client, "scramble", seed=2)
    label = newest(client)["label"]
    for sid, other in ((a["id"], b["id"]), (b["id"], a["id"])):
        assert other not in client.get(f"/api/sessions/{sid}").text
    for url in ("/api/class", f"/api/class/{label}/state", f"/api/class/{label}/rules"):
        for headers in ({}, {"X-Pyengine-Teacher": "not-the-teacher-token-at-all"},
                        {"X-Pyengine-Teacher": TOKEN[:-1]}):
            r = client.get(url, headers=headers)
            assert r.status_code == 403 and "teacher's token" in r.json()["error"], url
    r = client.post("/api/class/push", json={"program": {"source": COUNT}})
    assert r.status_code == 403
    assert client.get("/api/targets").json()["pushed"] is None       # nothing was pushed


def test_the_teachers_look_is_the_students_state_and_changes_nothing(client):
    st = post(client, opened(client, "scramble", seed=3)["id"], "run", 7)
    sid, row = st["id"], newest(client)
    store = client.app.state.store
    used = store.sessions[sid].used
    seen = client.get(f"/api/class/{row['label']}/state", headers=TEACHER)
    assert seen.status_code == 200 and sid not in seen.text
    assert seen.json()["id"] == row["label"] and seen.json()["fired"] == 7
    own = client.get(f"/api/sessions/{sid}").json()
    assert {**seen.json(), "id": sid} == own
    rules = client.get(f"/api/class/{row['label']}/rules", headers=TEACHER).json()
    assert rules == client.get(f"/api/sessions/{sid}/rules").json()
    after = row_of(client, row["n"])
    assert (after["last"], after["fired"]) == ("run 7", 7)        # reading is no action
    assert store.sessions[sid].used > used                       # the student's reads count
    used = store.sessions[sid].used
    client.get(f"/api/class/{row['label']}/state", headers=TEACHER)
    assert store.sessions[sid].used == used         # the teacher's look keeps nothing alive


def test_no_route_lets_the_teacher_change_a_session(client):
    sid = opened(client, "scramble", seed=4)["id"]
    label = newest(client)["label"]
    for verb in ("step", "run", "retract", "assert"):
        assert client.post(f"/api/class/{label}/{verb}", headers=TEACHER,
                           json={"arg": 1}).status_code == 405
        assert client.post(f"/api/sessions/{label}/{verb}", headers=TEACHER,
                           json={"arg": 1}).status_code == 404
    assert client.delete(f"/api/sessions/{label}", headers=TEACHER).status_code == 404
    for what in ("why", "transcript", "graph", "x" * 20):
        assert client.get(f"/api/class/{label}/{what}", headers=TEACHER).status_code == 404
    assert client.get("/api/class/0123456789/state", headers=TEACHER).status_code == 404
    assert client.get(f"/api/sessions/{sid}").json()["fired"] == 0


def test_an_ended_session_shows_as_ended(client):
    sid = opened(client, "scramble", seed=5)["id"]
    row = newest(client)
    assert client.delete(f"/api/sessions/{sid}").status_code == 200
    ended = row_of(client, row["n"])
    assert ended["ended"] == "it was closed" and ended["label"] == row["label"]
    r = client.get(f"/api/class/{row['label']}/state", headers=TEACHER)
    assert r.status_code == 410 and "it was closed" in r.json()["error"]
    rows = the_class(client)
    assert [s["ended"] is not None for s in rows] == sorted(s["ended"] is not None for s in rows)


@pytest.mark.parametrize("source, why", [
    (FORBIDDEN, "system"),              # refused by the allow-list, before compiling
    (UNKNOWN, "no-such-function"),      # refused by CLIPS in its worker
])
def test_a_program_that_cannot_open_shows_as_a_stuck_student(client, source, why):
    """A student whose program does not open has no session, but the teacher's list
    keeps the attempt as an ended row with its error: who is stuck, and on what."""
    before = max((s["n"] for s in the_class(client)), default=0)   # the first test to run?
    r = client.post("/api/sessions", json={"program": {"name": "mine", "source": source}})
    assert r.status_code == 400 and why in r.json()["error"]
    row = newest(client)
    assert row["n"] == before + 1 and row["ended"] == "it could not open"
    assert why in row["error"] and row["program"] == "mine.clp"
    assert row["client"] and row["error_at"] and row["fired"] == 0
    r = client.get(f"/api/class/{row['label']}/state", headers=TEACHER)
    assert r.status_code == 410 and "it could not open" in r.json()["error"]


def test_a_pushed_program_is_offered_to_every_student_and_withdrawn(client):
    r = client.post("/api/class/push", headers=TEACHER,
                    json={"program": {"name": "lesson", "source": COUNT, "engine": "ours"}})
    assert r.status_code == 200, r.text
    pushed = r.json()["pushed"]
    assert (pushed["name"], pushed["source"], pushed["engine"], pushed["rules"]) == \
        ("lesson.clp", COUNT, "ours", 1)
    assert client.get("/api/targets").json()["pushed"] == pushed      # what a page opens with
    assert client.get("/api/pushed").json() == {"pushed": pushed}      # what it asks after
    assert client.get("/api/class", headers=TEACHER).json()["pushed"] == pushed
    st = client.post("/api/sessions", json={"program": {k: pushed[k] for k in
                                                        ("name", "source", "engine")}})
    assert st.status_code == 200 and st.json()["program"]["name"] == "lesson.clp"
    r = client.post("/api/class/push", headers=TEACHER, json={"program": None})
    assert r.json() == {"pushed": None} and client.get("/api/pushed").json()["pushed"] is None


def test_an_unchanged_pushed_program_is_a_bodiless_304(client):
    """Every page asks every few seconds: what it already holds is not sent again."""
    first = client.get("/api/pushed")
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache" and first.json() == {"pushed": None}
    again = client.get("/api/pushed", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    assert "content-security-policy" in again.headers          # the guard's headers stay
    for n in (1, 2):
        r = client.post("/api/class/push", headers=TEACHER,
                        json={"program": {"name": f"lesson{n}", "source": COUNT,
                                          "engine": "ours"}})
        assert r.status_code == 200, r.text
        changed = client.get("/api/pushed", headers={"If-None-Match": tag})
        assert changed.status_code == 200 and changed.headers["etag"] != tag
        assert changed.json()["pushed"]["name"] == f"lesson{n}.clp"
        tag = changed.headers["etag"]
        assert client.get("/api/pushed", headers={"If-None-Match": tag}).status_code == 304
    assert client.get("/api/targets").headers["cache-control"] == "no-store"


@pytest.mark.parametrize("source, line, why", [
    (FORBIDDEN, 4, "system"),           # refused by the allow-list, before compiling
    (UNKNOWN, 3, "no-such-function"),   # refused by CLIPS, compiled once in a worker
])
def test_a_refused_push_names_its_line_and_keeps_the_last_one(client, source, line, why):
    good = {"name": "good.clp", "source": COUNT, "engine": "clips"}
    kept = client.post("/api/class/push", headers=TEACHER, json={"program": good}).json()
    r = client.post("/api/class/push", headers=TEACHER,
                    json={"program": {"name": "bad.clp", "source": source}})
    assert r.status_code == 400 and r.json()["line"] == line and why in r.json()["error"]
    assert client.get("/api/pushed").json() == kept
    for body in ({}, {"program": {"source": COUNT}, "more": 1}, {"program": "(defrule)"}):
        assert client.post("/api/class/push", headers=TEACHER, json=body).status_code == 400
    client.post("/api/class/push", headers=TEACHER, json={"program": None})


def test_the_teachers_page_is_static_and_offline(client):
    page = client.get("/teacher")
    assert page.status_code == 200 and "/static/teacher.js" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    for name in ("teacher.html", "teacher.js", "teacher.css", "pushed.js"):
        text = client.get(f"/static/{name}").text
        assert "http://" not in text and "https://" not in text, name
        assert "innerHTML" not in text and "eval(" not in text, name
    assert '<script src="/static/pushed.js">' in client.get("/").text


def test_no_teacher_means_no_teachers_view():
    with web_client(teacher=None) as c:
        assert c.get("/teacher").status_code == 404
        r = c.get("/api/class", headers={"X-Pyengine-Teacher": "anything-at-all-16"})
        assert r.status_code == 403 and "--no-teacher" in r.json()["error"]
        assert c.get("/api/targets").json()["pushed"] is None


def test_nothing_is_pushed_where_no_program_runs():
    with web_client(lim=limits(programs=False), teacher=TOKEN) as c:
        r = c.post("/api/class/push", headers=TEACHER, json={"program": {"source": COUNT}})
        assert r.status_code == 403 and "--no-programs" in r.json()["error"]
        assert c.get("/api/pushed").json()["pushed"] is None


def test_the_class_routes_are_rate_limited_like_every_other():
    with web_client(lim=limits(rate=1.0), teacher=TOKEN) as c:
        answers = [c.get("/api/class", headers=TEACHER).status_code for _ in range(4)]
        assert 429 in answers


def serve(*words: str):
    parser = Parser(prog="pyengine")
    add_parser(parser.add_subparsers(dest="tool"), "the web inspector")
    return parser.parse_args(["serve", *words])


def test_serve_prints_the_teachers_address_with_a_new_token():
    args = serve("--host", "0.0.0.0", "--port", "9000")
    app, _ = build(args)
    page, teacher = banner(app, args.host, args.port)
    assert page == "pyengine serve: http://127.0.0.1:9000/ (Ctrl-C to stop)"
    token = app.state.classroom.token
    assert teacher == f"teacher: http://127.0.0.1:9000/teacher#token={token} (keep it to " \
                      "yourself)"
    assert len(token) >= 32 and build(serve())[0].state.classroom.token != token


def test_serve_takes_the_teachers_token_or_none():
    args = serve("scramble", "--seed", "1", "--teacher-token", TOKEN)    # after the puzzle too
    app, _ = build(args)
    assert app.state.classroom.token == TOKEN and args.args == ["--seed", "1"]
    assert banner(app, args.host, args.port)[1].endswith(f"#token={TOKEN} (keep it to yourself)")
    args = serve("--no-teacher")
    app, _ = build(args)
    assert app.state.classroom.token is None and len(banner(app, args.host, args.port)) == 1
    for bad in ("short", "x" * 15, "has space in it 12345", "x" * 201, "tok#en-0123456789"):
        with pytest.raises(UsageError, match="--teacher-token"):
            build(serve("--teacher-token", bad))
    assert teacher_token(True) != teacher_token(True) and teacher_token(None) is None


def test_the_workers_header_carries_the_note_and_nothing_else():
    state = {"id": "x", "fired": 12, "engine": "clips", "facts": [1, 2], "message": "ok"}
    assert header(200, state) == {"status": 200, "fired": 12, "engine": "clips"}
    assert header(400, {"error": "e" * 5000})["error"] == "e" * NOTE_CHARS
    assert header(200, [{"name": "r"}]) == {"status": 200}
    assert header(200, {"fired": True, "engine": 3}) == {"status": 200}
