"""The teacher's view (pyengine/ui/web/classroom.py) through the HTTP API, more: the
list answers from the store while a student's worker is busy (and the teacher's look at
that student waits), the last action is one that ran, and a fact holding a line break is
one row of the facts lists. (The page: tests/browser/test_teacher_browser.py.)"""
from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from pyengine.ui.web.store import Record
from tests.webclient import limits, opened, post, web_client

TOKEN = "teacher-token-for-the-tests-4567"
TEACHER = {"X-Pyengine-Teacher": TOKEN}
# a run of it spins inside one firing until the request's time is spent and CLIPS's
# watchdog halts it: about --seconds plus the grace, the worker busy all along
SPIN = """(deffacts start (go))
(defrule spin (go) => (loop-for-count (?i 1 1000000000) do (bind ?x ?i)))
"""
# a string written over two lines, and one made with a line break while the rules run
NEWLINE = """(deffacts start (note "a
b") (note "c"))
(defrule make (note "c") => (assert (made (format nil "x%ny"))))
"""


@pytest.fixture(scope="module")
def client():
    with web_client(lim=limits(firings=500, idle=600), teacher=TOKEN) as c:
        yield c


def newest(client) -> dict:
    r = client.get("/api/class", headers=TEACHER)
    assert r.status_code == 200, r.text
    return max(r.json()["sessions"], key=lambda s: s["n"])


def program(client, name: str, source: str, engine: str = "clips") -> dict:
    r = client.post("/api/sessions", json={"program": {"name": name, "source": source,
                                                       "engine": engine}})
    assert r.status_code == 200, r.text
    return r.json()


def test_the_list_answers_at_once_while_a_students_worker_is_busy(client):
    """The list is the store's records, never a request to a worker: a student whose
    run keeps their worker busy for seconds (and the teacher's look at them, waiting
    for it) does not hold it up."""
    sid = program(client, "spin", SPIN)["id"]
    row = newest(client)
    store = client.app.state.store
    answers = {}

    def ask(name, method, url, **kw):
        answer = getattr(client, method)(url, **kw)
        answers[name] = (time.monotonic(), answer)

    student = threading.Thread(target=ask, args=("run", "post", f"/api/sessions/{sid}/run"),
                               kwargs={"json": {"arg": None}})
    student.start()
    deadline = time.monotonic() + 10
    while not store.sessions[sid].busy and time.monotonic() < deadline:
        time.sleep(0.01)
    assert store.sessions[sid].busy, "the run never started"
    look = threading.Thread(target=ask, args=("look", "get", f"/api/class/{row['label']}/state"),
                            kwargs={"headers": TEACHER})
    look.start()
    times = []
    for _ in range(3):
        began = time.monotonic()
        listed = client.get("/api/class", headers=TEACHER)
        times.append(time.monotonic() - began)
        assert listed.status_code == 200
        assert any(s["label"] == row["label"] for s in listed.json()["sessions"])
    listed_at = time.monotonic()
    assert store.sessions[sid].busy and "look" not in answers    # both still waiting
    assert max(times) < 0.5, times
    student.join(20)
    look.join(20)
    assert answers["run"][1].status_code == 200 and answers["look"][1].status_code == 200
    assert answers["look"][0] > listed_at                # the look waited for the run
    assert newest_of(client, row["n"])["last"] == "run"


def newest_of(client, n: int) -> dict:
    sessions = client.get("/api/class", headers=TEACHER).json()["sessions"]
    return next(s for s in sessions if s["n"] == n)


def test_the_last_action_is_one_that_ran(client):
    """What the session refused (a fact id it lacks, a fact it cannot read, a verb it
    does not know or never runs, a body that is no JSON) is the last error at most,
    never the last action."""
    sid = opened(client, "scramble", seed=1)["id"]
    n = newest(client)["n"]
    post(client, sid, "run", 3)
    ran = newest_of(client, n)
    assert ran["last"] == "run 3" and ran["error"] is None
    refused = [("retract", {"arg": 99999}, 400), ("assert", {"arg": "(note"}, 400),
               ("assert", {"arg": "(note \"a\nb\")"}, 400), ("eval", {"arg": "(+ 1 2)"}, 403),
               ("no-such-verb", {"arg": 1}, 404), ("step", {"arg": "many"}, 400)]
    for verb, body, status in refused:
        r = client.post(f"/api/sessions/{sid}/{verb}", json=body)
        assert r.status_code == status, (verb, r.text)
        row = newest_of(client, n)
        assert (row["last"], row["at"]) == ("run 3", ran["at"]), verb
    r = client.post(f"/api/sessions/{sid}/step", content=b"{not json",
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    row = newest_of(client, n)
    assert (row["last"], row["at"], row["fired"]) == ("run 3", ran["at"], 3)
    assert row["error"] == "step: expected a whole number, not 'many'"     # the last error
    post(client, sid, "step")
    row = newest_of(client, n)
    assert (row["last"], row["fired"]) == ("step", 4) and row["at"] >= ran["at"]


def test_a_refused_fact_with_a_direction_mark_shows_nowhere_in_the_list(client):
    """A fact the page refuses for the mark it holds is no action: the list holds
    neither it nor the mark, only the refusal's line as the last error."""
    sid = opened(client, "scramble", seed=2)["id"]
    n = newest(client)["n"]
    r = client.post(f"/api/sessions/{sid}/assert", json={"arg": '(x "\u202etxet")'})
    assert r.status_code == 400
    listed = client.get("/api/class", headers=TEACHER)
    row = next(s for s in listed.json()["sessions"] if s["n"] == n)
    assert row["last"] is None and "text-direction" in row["error"]
    assert "\u202e" not in listed.content.decode() and "txet" not in listed.text


def test_an_action_that_ran_is_listed_written_out():
    """The last action's text is cut at 80 characters, a mark a screen hides or turns
    written out as \\uXXXX; a refused one (any status but 200) leaves it as it was."""
    record = Record(1, "127.0.0.1", "program p", "p.clp", "clips")
    record.heard({"op": "act", "verb": "stage", "arg": "\u202eevil"}, 200, {"fired": 2})
    assert (record.last, record.fired, record.error) == ("stage \\u202eevil", 2, None)
    at = record.at
    for status in (400, 404, 507):
        record.heard({"op": "act", "verb": "run", "arg": 5}, status,
                     {"error": f"refused \u202e{status}"})
        assert (record.last, record.at) == ("stage \\u202eevil", at)
        assert record.error == f"refused \\u202e{status}"
    record.heard({"op": "state"}, 200, {"fired": 3})
    assert (record.last, record.fired) == ("stage \\u202eevil", 3)     # a read: no action
    record.heard({"op": "act", "verb": "run", "arg": "x" * 200}, 200, {})
    assert record.last == "run " + "x" * 76


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_a_fact_holding_a_line_break_is_one_row(client, engine):
    """The facts list (the student's own and the teacher's look at it) has a row a
    fact: a line break in its text is written out as \\n, never sent as one."""
    st = program(client, f"newline-{engine}", NEWLINE, engine)
    sid, label = st["id"], newest(client)["label"]
    st = post(client, sid, "run")
    texts = [f["text"] for f in st["facts"]]
    assert len(texts) == st["count"] == 3
    assert not [t for t in texts if "\n" in t or "\r" in t], texts
    assert '(note "a\\nb")' in texts and '(made "x\\ny")' in texts, texts
    seen = client.get(f"/api/class/{label}/state", headers=TEACHER).json()
    assert [f["text"] for f in seen["facts"]] == texts          # the teacher's look: the same
    st = post(client, sid, "retract", next(f["id"] for f in st["facts"] if "a\\nb" in f["text"]))
    assert [g["text"] for g in st["gone"]] == ['(note "a\\nb")']          # struck through


# Found by a tester (2026-11-29): a student's program could forge what the transcript
# and the facts list show (a line break making a line of its own, a backslash and n
# passing for a line break) and a verb taking no value echoed any value as an action.
FORGE = r"""(deftemplate c (slot a) (slot n) (slot name))
(deffacts start (c (a 1) (n 3) (name "x")) (note "lit\\nx") (go))
(defrule forge (go) =>
  (assert (grade (str-cat "F" (format nil "%n") "FIRE    8 override: f-1")))
  (printout t "real line" (format nil "%c" 13) "FIRE    7 teacher-approved: f-1" crlf))
(defrule sneak ?f <- (c (n 3)) (grade ?) => (modify ?f (name "x\") (n 7) (name \"x")))
"""


def test_no_fact_or_printed_line_makes_a_line_of_the_transcript_of_its_own(client):
    sid = program(client, "forge", FORGE)["id"]
    post(client, sid, "run", 10)
    text = client.get(f"/api/sessions/{sid}/transcript").text
    fired = [line for line in text.splitlines() if line.startswith("FIRE")]
    assert [line.split()[2] for line in fired] == ["forge:", "sneak:", "sneak:"]
    assert '"F\\nFIRE    8 override: f-1"' in text and "real line\\rFIRE    7" in text
    # the modify's text cannot be split by its slots (a quote in a string): shown whole
    assert '(name "x") (n 7) (name "x"))' in text and "(c ... (n 3) ..." not in text


def test_a_line_break_and_a_backslash_and_n_show_apart(client):
    sid = program(client, "forge", FORGE)["id"]
    rows = [f["text"] for f in post(client, sid, "run", 10)["facts"]]
    assert '(note "lit\\\\nx")' in rows                       # a backslash, then n
    assert '(grade "F\\nFIRE    8 override: f-1")' in rows    # a line break


@pytest.mark.parametrize("verb, value", [("reset", "& run all: every test passed"),
                                         ("reset", [1]), ("next", True)])
def test_a_verb_taking_no_value_refuses_one(client, verb, value):
    sid = program(client, "forge", FORGE)["id"]
    said = post(client, sid, verb, value, status=400)
    assert said["error"].startswith(f"{verb} takes no value, not ")
    assert newest(client)["last"] != f"{verb} {value}"


def test_an_assert_refused_part_way_shows_what_it_asserted(client):
    """``assert (p (n 3)) (p (m 1))``: the first fact goes in, the second is refused
    (400): the teacher's last action and the transcript show the change (they hid it)."""
    sid = program(client, "parts", "(deftemplate p (slot n))\n(defrule r (p (n ?x)) => )\n")["id"]
    said = post(client, sid, "assert", "(p (n 3)) (p (m 1))", status=400)
    assert "(asserted before it: f-1)" in said["error"]
    assert newest(client)["last"] == "assert (p (n 3)) (p (m 1))"
    text = client.get(f"/api/sessions/{sid}/transcript").text
    assert "==> f-1     (p (n 3))\nerror: " in text
    post(client, sid, "assert", "(p (m 1))", status=400)       # refused whole: not listed
    assert newest(client)["last"] == "assert (p (n 3)) (p (m 1))"


def test_a_rules_error_in_a_run_is_the_teachers_last_error(client):
    """A step whose rule divides by zero answers the state (200) with CLIPS's error in
    the message: the teacher's "last error" says it too (it kept an older one)."""
    sid = program(client, "divide", "(deffacts d (n 0))\n"
                                     "(defrule r (n ?x) => (printout t (div 1 ?x) crlf))\n")["id"]
    post(client, sid, "strategy", "nonsense", status=400)
    said = post(client, sid, "step")
    assert "divide by zero" in said["message"]
    row = newest(client)
    assert "divide by zero" in row["error"] and row["last"] == "step"
