"""A hostile student against ``pyengine serve``, through the HTTP API: code in facts
and arguments, requests that would freeze or fill a session, programs that loop,
recurse, exit or crash. Every one is refused or bounded with a one-line message, the
server goes on answering, and no marker file an attack names is ever written.
(Connections, bodies and other clients' latency against a real server:
test_web_server.py.)"""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from pyengine.ui.web.targets import command_line  # noqa: E402
from tests.webclient import limits, opened, post, web_client  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
BOUNDED = limits(seconds=0.5, grace=0.5, hard=4.0, memory_mb=96)


def attacks(marker: Path) -> list[str]:
    """Facts that would run ``touch MARKER`` (or read, write, exit) if anything in them
    reached CLIPS as code."""
    m = str(marker)
    return [
        f'(note ;"\n (system "touch {m}") ;"\n)',                 # the one we were shown
        f'(note (system "touch {m}"))', f'(system "touch {m}")',
        f'(note "x" ;\n (system "touch {m}"))', f'(note "\\" (system \\"touch {m}\\") \\"")',
        f'(person (name (system "touch {m}")))', f'(person (name =(system "touch {m}")))',
        f'(note (save-facts "{m}"))', f'(note (open "{m}" out "w"))', f'(note (dribble-on "{m}"))',
        f'(note (eval "(system \\"touch {m}\\")"))',
        f'(note (build "(defrule r => (system \\"touch {m}\\"))"))',
        '(note (load-facts "/etc/passwd"))', '(note (exit))', '(note (exit 3))',
        f'(note ?x&:(system "touch {m}"))', f'(note $?x (system "touch {m}"))',
        '(note [inst] (send [inst] delete))', f'(note\x00(system "touch {m}"))',
        f'(note (str-cat "(system " "touch {m})"))', f'(note) (system "touch {m}")',
        f'(note a)\n(system "touch {m}")', f'(note a) ; (system "touch {m}")',
    ]


@pytest.fixture(scope="module")
def family():
    with web_client(command_line("clp", [str(EXAMPLES / "family.clp")]), BOUNDED) as c:
        yield c


@pytest.fixture(scope="module")
def menu():
    with web_client(lim=BOUNDED) as c:
        yield c


def test_no_fact_from_the_page_runs_code(family, menu, tmp_path):
    marker = tmp_path / "pwned"
    for client, target in ((family, "clp"), (menu, "scramble")):
        sid = opened(client, target)["id"]
        for fact in attacks(marker):
            r = client.post(f"/api/sessions/{sid}/assert", json={"arg": fact})
            assert r.status_code in (200, 400), (fact, r.text)
            assert "\n" not in r.json().get("error", "")
        post(client, sid, "run")
        assert not marker.exists()
        assert client.get(f"/api/sessions/{sid}").status_code == 200     # alive
        assert not Path("/tmp/pyengine-pwned").exists()



def test_no_verb_of_the_page_builds_a_construct_or_reads_a_file():
    """The command table offers the page no command that hands text to the engine as
    a construct (``build``) or names a file (``load``, ``batch``, ``save``, ``dribble``):
    what the page sends becomes values and facts, never a program."""
    from pyengine.ui.command_table import web_verbs
    from pyengine.ui.commands import TABLE, File

    offered = set(web_verbs())
    assert not offered & {"build", "load", "batch", "save", "dribble-on", "eval", "system"}
    for verb in offered:
        assert not any(isinstance(arg.kind, File) for arg in TABLE[verb].args), verb

@pytest.mark.parametrize("verb,arg", [
    ("step", "(system id)"), ("run", "1; (exit)"), ("goto", "(exit)"), ("back", {"n": 1}),
    ("strategy", "depth) (system id"), ("strategy", ["depth"]), ("seed", "(seed 1)"),
    ("seed", 2**40), ("seed", 1.5), ("retract", "(retract *)"), ("retract", "f-1 f-2"),
    ("submit", '(system "id")'), ("submit", {"relation": "guess", "slots": {"word": "a" * 41}}),
    ("submit", {"relation": "text", "slots": {"values": "(system id)"}}), ("assert", {"fact": "(a)"}),
    ("assert", ["(a)"]), ("assert", 12), ("step", 10**12), ("run", "1e9"),
])
def test_every_verb_refuses_what_is_not_its_argument(menu, verb, arg):
    sid = opened(menu, "scramble", seed=5)["id"]
    r = menu.post(f"/api/sessions/{sid}/{verb}", json={"arg": arg})
    assert r.status_code == 400 and r.json()["error"] and "Traceback" not in r.text


@pytest.mark.parametrize("route", [
    "/api/sessions/{sid}/matches/(system%20id)", "/api/sessions/{sid}/why/f-1;ls",
    "/api/sessions/{sid}/why/1?depth=999", "/api/sessions/{sid}/why/1?depth=%C2%B2",
    "/api/sessions/{sid}?filter=" + "[" * 300, "/api/sessions/..%2F..%2Fetc/rules",
    "/api/sessions/{sid}/eval", "/static/..%2F..%2Fapp.py", "/api/sessions/{sid}/why/99999999999999",
])
def test_every_route_refuses_what_is_not_its_argument(menu, route):
    sid = opened(menu, "scramble", seed=5)["id"]
    method = "POST" if route.endswith("/eval") else "GET"
    r = menu.request(method, route.format(sid=sid), json={} if method == "POST" else None)
    assert 400 <= r.status_code < 500 and "Traceback" not in r.text


@pytest.mark.parametrize("options,says", [
    ({"hide": "(system id)"}, "letters"), ({"hide": "nile " * 500}, "at most"),
    ({"seed": 0}, "seed"), ({"seed": "1; (exit)"}, "seed"), ({"swaps": 10**9}, "swaps"),
    ({"hide": ["a\u212a"]}, ""), ({"file": "/etc/passwd"}, "not offered"),
    ({"words": "enable1"}, "not offered"),
])
def test_options_from_the_page_are_checked_by_the_declaration(menu, options, says):
    r = menu.post("/api/sessions", json={"target": "scramble", "options": options})
    if options == {"hide": ["a\u212a"]}:            # the Kelvin sign: read as K, fine
        assert r.status_code == 200
        return
    assert r.status_code == 400 and says in r.json()["error"]


def test_a_long_word_fact_is_refused_by_the_scrambles_limits(menu):
    """The 900-character (word 8 a b c ...) froze every student for minutes."""
    sid = opened(menu, "scramble", seed=1)["id"]
    fact = "(word 8 " + " ".join("abcdefghijklmnopqrstuvwxyz"[i % 26] for i in range(450)) + ")"
    r = menu.post(f"/api/sessions/{sid}/assert", json={"arg": fact})
    assert r.status_code == 400 and "letters" in r.json()["error"]
    line = "(text # " + " ".join(["1"] * 150) + ")"
    assert menu.post(f"/api/sessions/{sid}/assert", json={"arg": line}).status_code == 400
    assert post(menu, sid, "assert", "(word 8 c a t)")["message"].startswith("asserted")
    # each run is bounded by the request's seconds: on a loaded machine (the suite on two
    # workers) the stage may take a few of them, but it ends
    assert any(post(menu, sid, "run")["stage"]["done"] for _ in range(10))


def test_facts_from_the_page_are_counted(menu):
    with web_client(lim=limits(user_facts=3)) as c:
        sid = opened(c, "scramble", seed=1)["id"]
        for n in range(3):
            post(c, sid, "assert", f"(note {n})")
        assert "the most one session may" in post(c, sid, "assert", "(note 9)", 400)["error"]


def test_why_answers_are_bounded_by_default(menu):
    sid = opened(menu, "scramble", seed=1)["id"]
    post(menu, sid, "run")
    last = menu.get(f"/api/sessions/{sid}?filter=text").json()["facts"][0]["id"]
    r = menu.get(f"/api/sessions/{sid}/why/{last}")
    assert r.status_code == 200 and len(r.content) < 200_000
    assert r.json()["depth"] == BOUNDED.why_depth
    deeper = menu.get(f"/api/sessions/{sid}/why/{last}?depth={BOUNDED.why_max_depth}")
    assert deeper.status_code == 200 and len(deeper.content) > len(r.content)


def _clp(tmp_path, name: str, text: str):
    path = tmp_path / f"{name}.clp"
    path.write_text(text)
    return command_line("clp", [str(path)])


PROGRAMS = {
    "endless-chain": ("(defrule tick ?f <- (n ?x) => (retract ?f) (assert (n (+ ?x 1))))\n"
                      "(deffacts start (n 0))", "stopped a"),        # at its time or cap
    "endless-action": ("(defrule spin (go) => (while TRUE do (bind ?x 1)))\n"
                       "(deffacts start (go))", "ran for more than"),
    "recursion": ("(deffunction f (?n) (f (+ ?n 1)))\n(defrule go (go) => (f 0))\n"
                  "(deffacts start (go))", "recursion deeper than"),
    "exit": ("(defrule go (go) => (exit 3))\n(deffacts start (go))", "(exit 3)"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_program_that_never_ends_or_exits_is_stopped_and_the_session_lives(tmp_path, name):
    text, says = PROGRAMS[name]
    with web_client(_clp(tmp_path, name, text), BOUNDED) as c:
        sid = opened(c, "clp")["id"]
        st = post(c, sid, "run")
        assert says in st["message"] and "\n" not in st["message"]
        assert c.get(f"/api/sessions/{sid}").status_code == 200
        if name == "endless-chain":
            assert post(c, sid, "run")["fired"] > st["fired"]     # press again: goes on
        assert c.get("/api/targets").status_code == 200


def test_an_endless_python_action_ends_its_worker_and_only_it(tmp_path):
    engine = tmp_path / "spin.py"
    engine.write_text("from pyengine.experta import Fact, KnowledgeEngine, Rule, DefFacts\n"
                      "class Spin(KnowledgeEngine):\n"
                      "    @DefFacts()\n    def start(self):\n        yield Fact(go=True)\n"
                      "    @Rule(Fact(go=True))\n    def spin(self):\n"
                      "        while True:\n            pass\n")
    with web_client(command_line("experta", [str(engine)]), limits(hard=2.0)) as c:
        doomed = opened(c, "experta")["id"]
        other = opened(c, "experta")["id"]
        r = c.post(f"/api/sessions/{doomed}/run", json={})
        assert r.status_code == 410 and "more than 2 s" in r.json()["error"]
        r = c.get(f"/api/sessions/{doomed}")
        assert r.status_code == 410 and "has ended" in r.json()["error"]
        assert c.get(f"/api/sessions/{other}").status_code == 200


@pytest.mark.heavy
def test_a_session_that_eats_memory_ends_alone(tmp_path):
    grow = ("(defrule grow ?f <- (g $?x) => (retract ?f) (assert (g $?x $?x)))\n"
            "(deffacts start (g a b c d e f g h))")
    with web_client(_clp(tmp_path, "grow", grow), limits(memory_mb=48, hard=20.0)) as c:
        doomed = opened(c, "clp")["id"]
        other = opened(c, "clp")["id"]
        r = c.post(f"/api/sessions/{doomed}/run", json={"arg": 40})
        assert r.status_code in (200, 410, 507) and "Traceback" not in r.text
        if r.status_code == 200:      # CLIPS could not allocate: its error, one line
            assert "\n" not in r.json()["message"]
        assert c.get(f"/api/sessions/{other}").status_code == 200
        assert post(c, other, "step")["fired"] == 1


def test_one_client_cannot_take_every_session():
    with web_client(lim=limits(sessions=6, per_client=2)) as c:
        first = opened(c, "scramble", seed=1)["id"]
        opened(c, "scramble", seed=1)
        opened(c, "scramble", seed=1)                 # the client's oldest makes room
        r = c.get(f"/api/sessions/{first}")
        assert r.status_code == 410 and "newer session" in r.json()["error"]
        assert len(c.app.state.store.sessions) == 2


def test_every_session_taken_is_503_for_the_next():
    with web_client(lim=limits(sessions=1)) as c:
        opened(c, "scramble", seed=1)
        with web_client(lim=limits(sessions=1)) as other:
            opened(other, "scramble", seed=1)
        c.app.state.store.clients.clear()            # as if a second client asked
        r = c.post("/api/sessions", json={"target": "scramble"})
        assert r.status_code == 503 and "in use" in r.json()["error"]


def test_seed_range_on_the_page(menu):
    sid = opened(menu, "scramble", seed=1)["id"]
    assert post(menu, sid, "seed", 4294967295)["seed"] == 4294967295
    assert "seed must be at least 1" in post(menu, sid, "seed", 0, 400)["error"]
    assert "seed must be at most 4294967295" in post(menu, sid, "seed", 4294967296, 400)["error"]


def test_deep_json_and_bad_bodies_are_400(menu):
    sid = opened(menu, "scramble", seed=1)["id"]
    for body in (b"[" * 8000 + b"]" * 8000, b'{"arg": ' + b"[" * 100 + b"]" * 100 + b"}",
                 b"\xff\xfe", b'{"arg": 1', b"null"):
        r = menu.post(f"/api/sessions/{sid}/step", content=body,
                      headers={"content-type": "application/json"})
        assert r.status_code == 400 and "Traceback" not in r.text, body[:20]


@pytest.mark.parametrize("word", ['(system "id")', "gear)(system id", "a" * 41, "gear\x00",
                                  ["gear"], {"word": "gear"}, "ge ar", "gëar"])
def test_a_submitted_fact_holds_only_what_its_declaration_allows(menu, word):
    """The guess's slot is checked by the Spelling Bee's declaration before any fact is
    made: nothing else reaches the session."""
    sid = opened(menu, "bee-play", letters="aeginrt", center="r")["id"]
    r = menu.post(f"/api/sessions/{sid}/submit",
                  json={"arg": {"relation": "guess", "slots": {"word": word}}})
    assert r.status_code == 400 and "\n" not in r.json()["error"]
    facts = menu.get(f"/api/sessions/{sid}").json()["facts"]
    assert not [f for f in facts if f["text"].startswith("(guess")]
    menu.delete(f"/api/sessions/{sid}")
