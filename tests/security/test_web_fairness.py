"""What the hostile student's second report left open (2026-11-28), now closed: large
bodies that are not programs, program checks and session opens outside the client's
turn, an open that may run 30 s at full priority, and text the page shows otherwise than
the engine has it (a NUL CLIPS cuts a string at, marks that turn text around, a slot
typed twice)."""
from __future__ import annotations

import json
import os
import sys
import threading
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
httpx = pytest.importorskip("httpx", reason="the tests talk HTTP with httpx")

from pyengine.engine.clips_allow import ProgramRefused, check_program  # noqa: E402
from pyengine.engine.clips_reader import ReadError  # noqa: E402
from pyengine.engine.clips_values import read_fact  # noqa: E402
from pyengine.engine.errors import UsageError  # noqa: E402
from pyengine.ui.web.app import create_app  # noqa: E402
from pyengine.ui.web.background import running  # noqa: E402
from pyengine.ui.web.bodies import CONTAINERS, parse_body  # noqa: E402
from pyengine.ui.web.guard import Hosts  # noqa: E402
from pyengine.ui.web.limits import Limits  # noqa: E402
from tests.webclient import COUNT, limits, opened, post, web_client  # noqa: E402

TEACHER = {"X-Pyengine-Teacher": "teacher-token-for-the-fairness-tests"}
PEOPLE = "(deftemplate person (slot name) (slot sex))\n(deffacts f (person (name a)))\n"


def program(source: str, engine: str = "ours", name: str = "p") -> dict:
    return {"program": {"name": name, "source": source, "engine": engine}}


# -- bodies ------------------------------------------------------------------------------

def test_a_body_is_refused_by_its_shape_before_it_is_parsed():
    lim = Limits()
    assert parse_body(b'{"a": "[[[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{{{"}', lim) == \
        {"a": "[[[[[[[[[[[[[[[[[[[[[[{{{{{{{{{{{{"}        # brackets in a string are text
    with pytest.raises(UsageError, match="more than 256 arrays and objects"):
        parse_body(b'{"x": [' + b"[]," * CONTAINERS + b"[]]}", lim)
    with pytest.raises(UsageError, match="nests deeper than 16"):
        parse_body(b'{"x": ' + b"[" * 17 + b"]" * 17 + b"}", lim)
    with pytest.raises(UsageError, match="a JSON object"):
        parse_body(b"[1, 2]", lim)
    assert parse_body(b"  ", lim) == {}


def test_a_string_never_closed_costs_one_pass():
    """Found by a tester (2026-11-29): the shape check tried a string again from each
    quote inside one never closed, so 64 KB of escaped quotes held the event loop (every
    client) 13 s and a program's 400 KB would have held it minutes; now one pass. The
    bound is a hang's, not a benchmark's: the old check took 13 s on a quarter of this."""
    lim = Limits()
    for body in ('{"a": "' + '\\"' * 200_000, '{"a": "' + '\\' * 400_000,
                 '{"a": "x", "b": "' + '\\"]' * 130_000):
        began = time.process_time()
        with pytest.raises(UsageError, match="a JSON object"):
            parse_body(body.encode(), lim)
        assert time.process_time() - began < 2.0


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda kids: st.lists(kids, max_size=4)
                    | st.dictionaries(st.text(max_size=5), kids, max_size=4), max_leaves=30))
def test_the_shape_check_reads_json_as_json_does(value):
    """Any JSON object the check passes parses to itself; its brackets in strings are
    text (a reference: json's own reading)."""
    def depth(v) -> int:
        kids = list(v.values()) if isinstance(v, dict) else v if isinstance(v, list) else []
        return 1 + max(map(depth, kids), default=0) if isinstance(v, (dict, list)) else 0
    assume(depth(value) < 15)
    text = json.dumps({"v": value})
    assert parse_body(text.encode(), Limits()) == {"v": value}


def test_a_number_past_python_s_digits_is_a_plain_refusal():
    """A whole number of 5,000 digits gave Python's own message (``use
    sys.set_int_max_str_digits()``); it is the body's one line."""
    with pytest.raises(UsageError, match="^the request body must be a JSON object$"):
        parse_body(b'{"arg": ' + b"9" * 5000 + b"}", Limits())


def test_only_a_program_may_be_larger_than_a_body():
    with web_client() as c:
        padding = "x" * 20_000
        r = c.post("/api/sessions", json={"target": "scramble", "note": padding})
        assert r.status_code == 413 and "unless it opens a program" in r.json()["error"]
        r = c.post("/api/sessions", json={"program": [[] for _ in range(40_000)]})
        assert r.status_code == 400 and "arrays and objects" in r.json()["error"]
        big = COUNT + "".join(f"; line {i} of a long comment\n" for i in range(1500))
        r = c.post("/api/sessions", json=program(big))
        assert r.status_code == 200, r.text


# -- the program's check is the worker's, in the client's turn ---------------------------------

def test_the_server_does_not_read_the_program_text(monkeypatch):
    """The allow-list runs in the student's worker: the server's own copy is never
    called (it would fail here), and a refusal still names its line."""
    import pyengine.ui.web.programs as programs

    def not_here(*args, **kwargs):
        raise AssertionError("the server checked a program")
    monkeypatch.setattr(programs, "check_program", not_here)
    with web_client(teacher=TEACHER["X-Pyengine-Teacher"]) as c:
        assert c.post("/api/sessions", json=program(COUNT)).status_code == 200
        r = c.post("/api/sessions", json=program(COUNT + '(defrule z => (system "id"))\n'))
        assert r.status_code == 400 and r.json()["line"] == 9
        rows = c.get("/api/class", headers=TEACHER).json()["sessions"]
        refused = [row for row in rows if row["ended"] == "it could not open"]
        assert refused and "system" in refused[-1]["error"]


SLOW_OPEN = """(deffunction slow () (bind ?s 0)
   (loop-for-count (?i 1 150000) (bind ?s (+ ?s 1))) ?s)
(defglobal ?*n* = (slow))
(deffacts f (n 1))
"""


def test_one_client_opens_one_session_at_a_time():
    lim = limits(rate=1000)
    app = create_app(None, lim, None, Hosts("127.0.0.1"))
    store = app.state.store
    with running(app, limits=lim) as url:
        c = httpx.Client(base_url=url, timeout=60,
                         transport=httpx.HTTPTransport(local_address="127.0.0.21"))
        c.headers["X-Pyengine-Token"] = c.get("/api/targets").json()["token"]
        statuses, most = [], [0]

        def open_one():
            statuses.append(c.post("/api/sessions", json=program(SLOW_OPEN)).status_code)
        threads = [threading.Thread(target=open_one) for _ in range(3)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            most[0] = max(most[0], store.opening)
            time.sleep(0.005)
        for t in threads:
            t.join()
    assert statuses == [200, 200, 200]
    assert most[0] == 1


def test_a_program_opens_within_one_request_s_hard_limit():
    """A global whose value is one long C call (sort, each comparison an error) is not
    cut by the time budget: the open is ended at the hard limit, not 30 s."""
    pytest.importorskip("clips", reason="the CLIPS engine needs clipspy")
    endless = ("(deffunction big (?k) (bind ?s \"a b c d e f g h\")\n"
               "  (loop-for-count (?i 1 ?k) (bind ?s (str-cat ?s \" \" ?s))) (explode$ ?s))\n"
               "(defglobal ?*x* = (sort > (big 15)))\n")
    with web_client(lim=limits(hard=2.0, seconds=0.5, grace=0.5)) as c:
        began = time.monotonic()
        r = c.post("/api/sessions", json=program(endless, "clips"))
        said = r.json()["error"]
        assert time.monotonic() - began < 20         # not the 30 s a puzzle may take (loaded machine: slack)
        if r.status_code == 400:        # a busy machine: the budget halted the string
            assert "halted" in said     # loop before the sort (seen under load: "Execution
            return                      # halted", "one firing ... its action was halted")
        assert r.status_code == 504 and "did not open within 2 s" in said


def test_a_heavy_request_lowers_its_worker_s_priority():
    if not sys.platform.startswith("linux"):
        pytest.skip("a thread's priority is read as Linux keeps it")
    loop = "(defrule spin => (loop-for-count (?i 1 100000000) (bind ?x ?i)))\n"
    with web_client(lim=limits(seconds=0.5, grace=0.5)) as c:
        light = opened(c, seed=1)
        heavy = c.post("/api/sessions", json=program(loop)).json()
        post(c, light["id"], "step")
        post(c, heavy["id"], "run")
        sessions = c.app.state.store.sessions
        pid = {sid: h.worker.process.pid for sid, h in sessions.items()}
        assert os.getpriority(os.PRIO_PROCESS, pid[heavy["id"]]) >= 5
        assert os.getpriority(os.PRIO_PROCESS, pid[light["id"]]) == \
            os.getpriority(os.PRIO_PROCESS, 0)


# -- what the page shows is what the engine has ------------------------------------------------

@pytest.mark.parametrize("char", ["\x00", "\x1b", "\u202e", "\u2066", "\u2028"])
def test_a_program_holds_no_control_or_direction_characters(char):
    with pytest.raises(ProgramRefused) as refused:
        check_program(f'(defrule r\n  => (printout t "A{char}hidden" crlf))\n')
    assert refused.value.place() == {"line": 2, "column": 20}     # the character itself
    assert char not in str(refused.value)
    kept = check_program('(defrule r => (printout t "a\tb\nc" crlf)) ; note\u202e\x01\n')
    assert "\u202e" not in kept.text and '"a\tb\nc"' in kept.text


@pytest.mark.parametrize("typed, says", [
    ('(x "\u202eevil")', "text-direction"), ("(x a\u200fb)", "text-direction"),
    ('(x "a\x00b")', "control"),
    ("(person (name a) (sex male) (sex female))", "slot sex is given twice")])
def test_a_typed_fact_is_refused_for_what_it_would_hide(typed, says):
    with pytest.raises(ReadError, match=says):
        read_fact(typed)


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_the_page_refuses_a_slot_typed_twice_on_both_engines(engine):
    if engine == "clips":
        pytest.importorskip("clips", reason="the CLIPS engine needs clipspy")
    with web_client() as c:
        sid = c.post("/api/sessions", json=program(PEOPLE, engine)).json()["id"]
        r = c.post(f"/api/sessions/{sid}/assert",
                   json={"arg": "(person (name a) (sex male) (sex female))"})
        assert r.status_code == 400 and "given twice" in r.json()["error"]


def test_the_teacher_sees_direction_marks_written_out():
    with web_client(teacher=TEACHER["X-Pyengine-Teacher"]) as c:
        sid = c.post("/api/sessions", json=program(PEOPLE)).json()["id"]
        c.post(f"/api/sessions/{sid}/assert", json={"arg": '(x "\u202etxet")'})
        row = max(c.get("/api/class", headers=TEACHER).json()["sessions"],
                  key=lambda s: s["n"])
        assert row["last"] is None          # refused: "last action" lists what ran
        assert row["error"] and "\u202e" not in row["error"]


def test_a_program_too_long_is_refused_in_the_server_and_listed_for_the_teacher():
    from pyengine.ui.web.programs import PROGRAM_LIMITS
    with web_client(teacher=TEACHER["X-Pyengine-Teacher"]) as c:
        long = "; x\n" * (PROGRAM_LIMITS.chars // 4 + 1)
        r = c.post("/api/sessions", json=program(long))
        assert r.status_code == 400 and "characters; the page takes at most" in r.json()["error"]
        rows = c.get("/api/class", headers=TEACHER).json()["sessions"]
        assert any(row["ended"] == "it could not open" and "characters" in row["error"]
                   for row in rows)
