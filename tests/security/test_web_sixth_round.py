"""A sixth hostile round on the web server (2026-11-29): what a tester found past the
earlier rounds (the snapshot rebuild that ran a fact's text is in
test_snapshot_values.py; sort's comparisons in test_hostile_programs.py)."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="the tests talk HTTP with httpx")

from tests.webclient import post, web_client  # noqa: E402

EMOJI = "\U0001F600"
WIDE = f"""(deftemplate row (slot n) (slot s))
(defrule make (declare (salience 10)) =>
  (loop-for-count (?i 1 2000) (assert (row (n ?i) (s (str-cat {"".join(
      f'"{EMOJI * 100}" ' for _ in range(7))}))))))
(defrule swap ?r <- (row (n ?i) (s ?s)) (not (done)) =>
  (retract ?r))
"""


def test_a_state_of_wide_characters_stays_within_its_bound():
    """2,000 facts of 700 emoji each made a state of 24 MB (each character a 12-byte
    JSON escape), and a step that retracted them all answered 500 "too large to send",
    the state after it too. The rows of a state share 400,000 characters, sent as
    UTF-8: about 2 MB at most, and the count says how many there are."""
    with web_client() as c:
        r = c.post("/api/sessions", json={"program": {"name": "wide", "source": WIDE,
                                                      "engine": "clips"}})
        assert r.status_code == 200, r.text
        sid = r.json()["id"]
        st = post(c, sid, "step")
        assert st["count"] == 2000 and 0 < st["shown"] < 2000
        size = len(c.get(f"/api/sessions/{sid}").content)
        assert size < 2_600_000, size
        st = post(c, sid, "run", 2000)          # each retraction listed as gone
        r = c.get(f"/api/sessions/{sid}")
        assert r.status_code == 200 and len(r.content) < 2_600_000
        assert EMOJI in r.text                  # the characters themselves, not escapes


def test_going_back_over_a_halted_endless_firing_is_bounded():
    """A firing the clock halted (an endless loop) was replayed with no bound by a back
    past it: the request ran out its 10 s and the session ended (410). The replay gives
    it a second, halts it again and answers."""
    loop = ("(defrule loop (declare (salience 10)) => (bind ?i 0) "
            "(while TRUE do (bind ?i (+ ?i 1))))\n(defrule a => (assert (x 1)))\n")
    for engine in ("clips", "ours"):
        with web_client() as c:
            r = c.post("/api/sessions", json={"program": {"name": "loop", "source": loop,
                                                          "engine": engine}})
            sid = r.json()["id"]
            said = post(c, sid, "step")["message"]
            assert "halted" in said or "a loop inside one firing ran past" in said
            post(c, sid, "step")
            st = post(c, sid, "back")
            assert st["fired"] == 1 and [f["rule"] for f in st["timeline"]] == ["loop"]


def test_a_goto_past_a_snapshot_of_a_string_not_utf8_replays(tmp_path):
    """A rule put ``(format nil "%c" 255)`` in a deffacts fact: the rebuild's modify
    could not be encoded, and the worker died ("status 1")."""
    from pyengine.ui.notebook import Inspector
    path = tmp_path / "bytes.clp"
    path.write_text('(deftemplate t (slot s) (slot n (default 0)))\n(deftemplate c (slot i))\n'
                    '(deffacts d (t (s "x")) (c (i 0)))\n(defrule plant (declare (salience 10)) '
                    '?f <- (t (n 0)) => (modify ?f (s (format nil "%c" 255)) (n 1)))\n'
                    "(defrule count ?c <- (c (i ?i&:(< ?i 700))) => (modify ?c (i (+ ?i 1))))\n")
    ins = Inspector.from_clp(path)
    ins.run(650)
    facts = str(ins.facts())
    ins.goto(600)
    ins.step(51)
    assert str(ins.facts()) == facts


def test_a_fault_of_ours_in_a_request_is_one_line_and_the_session_goes_on(monkeypatch):
    """Retracting the scramble's (text #) and running ended the worker with a
    RuntimeError, told as "status 1: most likely CLIPS could not allocate memory" (a
    newcomer's finding): the scramble says what is missing in one line, and a fault of
    ours in any request is a 500 of one line, the session kept."""
    with web_client() as c:
        sid = c.post("/api/sessions", json={"target": "scramble",
                                            "options": {"seed": 1}}).json()["id"]
        post(c, sid, "retract", 1)
        st = post(c, sid, "run")
        assert "there is no (text ...) fact" in (st["finish"] or "")
        assert c.get(f"/api/sessions/{sid}").status_code == 200
    from pyengine.ui.web import views, worker

    def broken(*args):
        raise RuntimeError("a bug")
    monkeypatch.setattr(views, "rules_json", broken)
    assert worker.answer(None, {"op": "rules"}, worker.Limits()) == (
        500, {"error": "pyengine failed on this request (RuntimeError: a bug); the session "
                       "goes on"})
