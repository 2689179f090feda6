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
