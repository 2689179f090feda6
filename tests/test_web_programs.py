"""Programs written in the page: the starters, loading on both engines, compile errors
at their line, stepping a loaded program, what the state says. (Hostile programs are
tests/security/test_hostile_programs.py.)"""
from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from pyengine.ui.web.programs import starters  # noqa: E402
from tests.webclient import COUNT, limits, post, web_client  # noqa: E402



@pytest.fixture(scope="module")
def client():
    with web_client(lim=limits(firings=500, idle=600)) as c:
        yield c


def load(client, source, engine="clips", name="count.clp", status=200):
    r = client.post("/api/sessions", json={"program": {"name": name, "source": source,
                                                       "engine": engine}})
    assert r.status_code == status, r.text
    return r.json()


def test_targets_offer_the_editor_its_engines_limits_and_starters(client):
    programs = client.get("/api/targets").json()["programs"]
    assert programs["engines"] == ["clips", "ours"]
    assert programs["chars"] == 60_000
    names = {s["name"] for s in programs["starters"]}
    assert {"family", "zebra", "sudoku4", "monkey", "modules"} <= names
    family = next(s for s in programs["starters"] if s["name"] == "family")
    assert family["title"] == "a four-generation family"
    assert "(deftemplate parent-of" in family["source"]


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_a_program_loads_steps_and_prints_on_both_engines(client, engine):
    st = load(client, COUNT, engine)
    assert st["program"] == {"name": "count.clp", "engine": engine}
    assert st["engine"] == ("clips" if engine == "clips" else "experta")
    assert [f["text"] for f in st["facts"] if "counter" in f["text"]] == ["(counter (n 0))"]
    st = post(client, st["id"], "step")
    assert st["last"][0]["rule"] == "count-up" and st["last"][0]["output"] == ["now 1"]
    st = post(client, st["id"], "run", 10)
    assert st["fired"] == 3
    assert [f["text"] for f in st["facts"] if "counter" in f["text"]] == ["(counter (n 3))"]
    rules = client.get(f"/api/sessions/{st['id']}/rules").json()
    assert [r["name"] for r in rules] == ["count-up"]


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_every_starter_loads_and_runs_on_both_engines(client, engine):
    for starter in starters():
        st = load(client, starter["source"], engine, starter["name"])
        st = post(client, st["id"], "run", 50)
        assert st["fired"] > 0, starter["name"]
        client.delete(f"/api/sessions/{st['id']}")


@pytest.mark.parametrize("engine", ["clips", "ours"])
@pytest.mark.parametrize("source, line", [
    ("(deftemplate p (slot a))\n\n(defrule r\n  (p (a ?x))\n  =>\n  (no-such-fn ?x))\n", 6),
    ("(deftemplate p (slot a))\n(deffacts f\n   (p (a 1))\n   (p (z 1)))\n", 4),
    ("(defrule r (a) => )\n(defrule s\n   (b ?x)\n   =>\n   (printout t (+ ?x \"a\")))\n", None),
])
def test_a_compile_error_names_its_line(client, engine, source, line):
    r = load(client, source, engine, status=400)
    assert "\n" not in r["error"]
    if line is None:            # CLIPS and ours both refuse; where depends on the engine
        assert r.get("line") in (None, 2, 3, 5)
    else:
        assert r["line"] == line, r


def test_a_read_error_names_line_and_column(client):
    r = load(client, '(deffacts f\n   (a "unterminated))\n', status=400)
    assert (r["line"], r["column"]) == (2, 7) and "unterminated string" in r["error"]
    r = load(client, "(deffacts f\n  (a b)\n", status=400)
    assert r["line"] == 1 and "never closed" in r["error"]


@pytest.mark.parametrize("program, why", [
    ({"name": "../x.clp", "source": COUNT}, "program name"),
    ({"name": "a.clp", "source": COUNT, "engine": "python"}, "engine"),
    ({"source": 12}, "program source"),
    ({"source": COUNT, "extra": 1}, "program:"),
    ("(defrule a =>)", "program:"),
])
def test_a_malformed_program_request_is_one_line(client, program, why):
    r = client.post("/api/sessions", json={"program": program})
    assert r.status_code == 400 and why in r.json()["error"]


def test_the_program_keeps_the_students_lines_and_comments(client):
    st = load(client, COUNT)
    rules = client.get(f"/api/sessions/{st['id']}/rules").json()
    assert rules[0]["source"].startswith("(defrule count-up\n   ?c <- (counter")


def test_a_server_without_programs_refuses_them():
    with web_client(lim=limits(programs=False)) as c:
        assert c.get("/api/targets").json()["programs"] is None
        r = c.post("/api/sessions", json={"program": {"source": COUNT}})
        assert r.status_code == 403 and "--no-programs" in r.json()["error"]


FAILS = """(defrule fails (declare (salience 5))
   => (printout t "before" crlf) (printout t (sqrt -1) crlf))
(defrule later => (printout t "later" crlf))
"""


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_a_rule_whose_action_fails_is_said_on_the_page(client, engine):
    """The run stops after the failing firing and the page is told why in one line (on
    CLIPS the error used to go to the worker's stderr, and the run just stopped)."""
    st = load(client, FAILS, engine, name="fails.clp")
    st = post(client, st["id"], "run", 10)          # the state, with the halt's message
    assert st["message"].startswith("firing 1: ") and "Domain error for 'sqrt'" in st["message"]
    assert "\n" not in st["message"] and st["fired"] == 1
    assert st["last"][0]["rule"] == "fails" and st["last"][0]["output"] == ["before"]
    st = post(client, st["id"], "run", 10)
    assert st["fired"] == 2 and st["last"][-1]["output"] == ["later"]


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_a_rule_s_matches_are_cut_on_the_page(client, engine):
    """Two patterns over 80 facts each, no test between them: 6,400 partial matches.
    The page gets 5,000 lines and a line saying how many more (the shell lists all)."""
    source = ("(deffacts many " + " ".join(f"(a {i}) (b {i})" for i in range(80)) + ")\n"
              "(defrule pairs (a ?x) (b ?y) => )\n")
    st = load(client, source, engine, name="pairs.clp")
    m = client.get(f"/api/sessions/{st['id']}/matches/pairs").json()
    assert len(m["lines"]) == 5001 and m["lines"][-1].startswith(";; ")
    assert "more lines (the shell's matches lists all)" in m["lines"][-1]
    assert len(m["activations"]) == 2000 and len(m["patterns"][0]["facts"]) == 80


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_a_field_clips_tests_only_in_part_is_said_on_opening(client, engine):
    st = load(client, "(deffacts s (box 2 0))\n(defrule r (box ?k 0&:(> ?k 5)) =>)\n", engine,
              name="zero.clp")
    assert "CLIPS 6.4 tests only the constant in 0&:(> ?k 5)" in st["message"]
    assert "zero.clp: line 2" in st["message"]
