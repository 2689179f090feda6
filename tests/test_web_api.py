"""The web inspector's HTTP API (Starlette's TestClient): every endpoint, bad
input, the refusals, the caps. Sessions run in worker processes, as under ``serve``.
Skipped without the web extra. (The hostile cases are in tests/security/.)"""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from pyengine.engine.errors import UsageError  # noqa: E402
from pyengine.engine.session import STRATEGIES  # noqa: E402
from pyengine.ui.web.command import build  # noqa: E402
from pyengine.ui.web.targets import command_line  # noqa: E402
from tests.webclient import limits, opened, post, web_client  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def part(st: dict, pid: str) -> dict:
    """The part of the state's picture with this id."""
    return next(p for p in st["picture"]["parts"] if p.get("id") == pid)


def letters(st: dict) -> list[dict]:
    """The letter tokens of a scramble's line (the '#' left out)."""
    return [t for t in part(st, "line")["tokens"] if t["tone"] != "dark"]


@pytest.fixture(scope="module")
def client():
    with web_client(lim=limits(firings=500, idle=600)) as c:
        yield c


def test_page_and_static_assets_are_served_from_the_package(client):
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    assert "http" not in page.text.replace("http-equiv", "")       # no CDN: works offline
    for name in ("app.js", "pictures.js", "style.css"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and "http://" not in r.text and "https://" not in r.text
    assert client.get("/static/../app.py").status_code == 404
    assert "script-src 'self'" in page.headers["content-security-policy"]


def test_targets_lists_the_registry_and_no_file_options(client):
    info = client.get("/api/targets").json()
    names = [t["name"] for t in info["targets"]]
    assert {"scramble", "riddle", "bee", "bee-play", "boggle"} <= set(names)
    assert "clp" not in names and "experta" not in names
    for t in info["targets"]:
        assert not {"file", "batch", "candidates", "dice"} & {o["name"] for o in t["options"]}
        assert not [o for o in t["options"] if o["name"] == "words" and o["kind"] == "str"]
    riddle = next(t for t in info["targets"] if t["name"] == "riddle")
    text = next(o for o in riddle["options"] if o["name"] == "text")
    assert text["example"].startswith("My first is in cake")     # the declaration's example
    assert info["strategies"] == list(STRATEGIES) and "depth" in STRATEGIES


def test_scramble_steps_to_the_end_and_goes_back(client):
    st = opened(client, seed=1)
    sid = st["id"]
    assert st["picture"]["kind"] == "declared" and st["fired"] == 0
    assert st["picture"]["parts"][0]["text"] == "0 of 0 letters decoded"
    assert post(client, sid, "step")["fired"] == 1          # no number: one firing
    st = post(client, sid, "step", 2)
    assert st["fired"] == 3 and len(st["last"]) == 2 and st["stage"]["active"]
    assert any(f["new"] for f in st["facts"]) and st["gone"]
    st = post(client, sid, "stage")
    assert st["stage"]["index"] == 1 and not st["stage"]["active"]
    st = post(client, sid, "next")                 # the first firing of the next stage
    assert st["stage"]["index"] == 1 and st["stage"]["active"]
    st = post(client, sid, "run")
    assert st["stage"]["done"] and st["finish"]
    line = "".join(t["text"] for t in letters(st))
    assert st["picture"]["parts"][0]["text"] == "44 of 44 letters decoded" and len(line) == 44
    assert all(t["tone"] == "solid" and t["colour"] is not None for t in letters(st))
    assert part(st, "line")["tokens"][-1] == {"text": "#", "colour": None, "tone": "dark",
                                              "title": ""}
    assert part(st, "decoded")["text"].replace(" ", "") == line
    assert st["finish"].split("\n")[0].replace(" ", "") == line.upper()
    fired = st["fired"]
    st = post(client, sid, "back", 2)
    assert st["fired"] == fired - 2
    st = post(client, sid, "goto", 5)
    assert st["fired"] == 4 and [f["n"] for f in st["timeline"]] == [1, 2, 3, 4]
    st = post(client, sid, "goto", fired + 1)       # forward again: fires on to it
    assert st["fired"] == fired and st["message"] == f"{fired - 4} firings"
    st = post(client, sid, "goto", 5)
    st = post(client, sid, "reset")
    assert st["fired"] == 0
    assert client.get(f"/api/sessions/{sid}?filter=word").json()["shown"] == 7


def test_strategy_seed_assert_retract_why_matches_rules(client):
    sid = opened(client, seed=2)["id"]
    assert post(client, sid, "strategy", "breadth")["strategy"] == "breadth"
    assert post(client, sid, "seed", 9)["seed"] == 9
    st = post(client, sid, "assert", "(number 4)")
    fid = next(f["id"] for f in st["facts"] if f["text"] == "(number 4)")
    assert "asserted" in st["message"]
    why = client.get(f"/api/sessions/{sid}/why/f-{fid}").json()
    assert why["tree"]["kind"] == "asserted by you"
    st = post(client, sid, "retract", f"f-{fid}")
    assert all(f["id"] != fid for f in st["facts"]) and st["gone"][0]["id"] == fid
    post(client, sid, "step", 4)
    text = next(f for f in client.get(f"/api/sessions/{sid}?filter=text").json()["facts"])
    tree = client.get(f"/api/sessions/{sid}/why/{text['id']}?depth=2").json()
    assert tree["tree"]["firing"]["rule"] == "build-append-word-ids" and tree["lines"]
    m = client.get(f"/api/sessions/{sid}/matches/build-append-word-ids").json()
    assert m["lines"][0] == "Matches for Pattern 1" and m["patterns"]
    rules = client.get(f"/api/sessions/{sid}/rules").json()
    assert [r["name"] for r in rules][0] == "build-append-word-ids" and "(BUILD)" in rules[0]["source"]
    assert client.delete(f"/api/sessions/{sid}").json() == {"closed": True}
    r = client.get(f"/api/sessions/{sid}")
    assert r.status_code == 410 and "it was closed" in r.json()["error"]
    assert client.delete(f"/api/sessions/{sid}").status_code == 410
    assert client.delete("/api/sessions/never-was").status_code == 404


def guess(word) -> dict:
    return {"relation": "guess", "slots": {"word": word}}


def test_bee_play_guesses_are_judged_by_the_rules(client):
    st = opened(client, "bee-play", letters="aeginrt", center="r")
    sid = st["id"]
    assert [s["relation"] for s in st["submit"]] == ["guess"]
    assert [o["name"] for o in st["submit"][0]["slots"]] == ["word"]
    st = post(client, sid, "submit", guess("gear"))
    assert st["message"] == "(verdict (turn 1) (word gear) (message Good!) (points 1))"
    assert part(st, "verdict")["text"] == "GEAR: Good! +1"
    assert part(st, "score")["text"].startswith("score 1")
    st = post(client, sid, "submit", guess("Tiger"))
    assert part(st, "verdict")["text"] == "TIGER: Nice! +5"
    st = post(client, sid, "submit", {"slots": {"word": "gear"}})   # the one declared
    assert part(st, "verdict")["text"] == "GEAR: Already found"
    assert part(st, "found")["text"] == "gear tiger"
    assert "(turn 3)" in st["message"]
    st = post(client, sid, "goto", [f["n"] for f in st["timeline"]
                                    if f["rule"] == "rate_nice"][0])
    assert "(guess (word tiger) (turn 2))" in [f["text"] for f in st["facts"]]
    st = post(client, sid, "run")                   # the guess replayed: judged again
    assert part(st, "verdict")["text"] == "TIGER: Nice! +5"
    assert "(turn 3)" in post(client, sid, "submit", guess("gear"))["message"]


@pytest.mark.parametrize("arg,says", [
    (guess("rm -rf /"), "a guess is one word"), (guess("a" * 41), "a guess is one word"),
    (guess(5), "WORD: expected text"), ({"relation": "guess"}, "WORD is required"),
    ({"relation": "guess", "slots": {"word": "gear", "turn": 9}}, "no slot 'turn'"),
    ({"relation": "verdict", "slots": {}}, "not a fact to submit here"),
    ({"relation": "guess", "slots": ["gear"]}, "give its slots as an object"),
    ("gear", '{"relation": NAME'), ({"relation": "guess", "fact": "(x)"}, '{"relation": NAME'),
])
def test_a_submitted_fact_is_checked_by_its_declaration(client, arg, says):
    sid = opened(client, "bee-play", letters="aeginrt", center="r")["id"]
    body = post(client, sid, "submit", arg, status=400)
    assert says in body["error"] and "\n" not in body["error"]
    st = client.get(f"/api/sessions/{sid}").json()
    assert not [f for f in st["facts"] if f["text"].startswith("(guess")]
    client.delete(f"/api/sessions/{sid}")


def test_only_a_session_that_declares_a_fact_takes_it(client):
    other = opened(client, "bee", letters="aeginrt", center="r")
    assert other["submit"] == []
    assert "takes no submitted facts" in post(client, other["id"], "submit", guess("gear"),
                                              status=400)["error"]


@pytest.mark.parametrize("target,options,primitive", [
    ("riddle", {}, "rows"),
    ("riddle", {"text": "My first is in sun but not in fun\nMy second is in hot and in pot\n"
                        "My last is in ant but not in art"}, "rows"),
    ("boggle", {"seed": 1}, "grid"),
    ("bee", {"letters": "aeginrt", "center": "r"}, "honeycomb"),
])
def test_each_puzzle_has_its_picture(client, target, options, primitive):
    sid = opened(client, target, **options)["id"]
    st = post(client, sid, "run", 200)
    assert st["picture"]["kind"] == "declared"
    assert primitive in [p["kind"] for p in st["picture"]["parts"]]
    client.delete(f"/api/sessions/{sid}")


def test_the_riddle_page_opens_the_declared_example(client):
    st = opened(client, "riddle")
    st = post(client, st["id"], "run")
    assert st["picture"]["parts"][0]["text"] == "a word of 3 letters"
    assert "cat" in part(st, "solutions")["text"]


@pytest.mark.parametrize("verb,arg,status,says", [
    ("step", 0, 400, "step must be"), ("step", "x", 400, "step: expected"), ("step", [1], 400, ""),
    ("run", -1, 400, "run must be"), 
    ("back", 5, 400, "back over"), ("strategy", "sideways", 400, "strategy"),
    ("seed", -3, 400, "seed"), ("seed", 0, 400, "seed must be at least 1, not 0"),
    ("retract", "f-x", 400, "not a fact id"), ("retract", 999, 400, ""),
    ("assert", "", 400, "assert what?"), ("assert", 4, 400, "a fact is text"), ("assert", "number 4", 400, "parentheses"),
    ("assert", "(a (b (c)))", 400, "function call"), ("assert", "(a", 400, "never closed"),
    ("assert", "x" * 2000, 400, "at most"), ("frobnicate", None, 404, "no such action"),
])
def test_bad_input_is_a_clear_error(client, verb, arg, status, says):
    sid = opened(client, seed=3)["id"]
    body = post(client, sid, verb, arg, status=status)
    assert says in body["error"] and "Traceback" not in body["error"]
    client.delete(f"/api/sessions/{sid}")


@pytest.mark.parametrize("fact,says", [
    ('(x (eval "(system ls)"))', "no deftemplate"), ("(x (system rm))", "no deftemplate"),
    ('(x (build "(defrule r => (exit))"))', "no deftemplate"), ("(x (open a b))", "no deftemplate"),
    ("(x (str-cat a b))", "no deftemplate"),         # CLIPS would call str-cat
    ("(x =(str-cat a b))", "mixes values"),
    ("(x ?y)", "not variables"), ("(x ?*glob*)", "not variables"), ("(x $?y)", "not variables"),
    ("(person (name (str-cat a b)))", "function call"),
    ("(person (nme x))", "no slot 'nme'"), ("(x ; a comment\n 1)", "no comments"),
])
def test_a_fact_holds_constants_and_only_its_templates_slots(fact, says):
    with web_client(command_line("clp", [str(EXAMPLES / "family.clp")])) as c:
        sid = opened(c, "clp")["id"]
        assert says in post(c, sid, "assert", fact, status=400)["error"]
        st = post(c, sid, "assert", "(person (name Zoe) (sex female) (parent Ann))")
        assert st["message"].startswith("asserted") and "(name Zoe)" in st["message"]
        st = post(c, sid, "assert", '(note "a (system x) in a string is text")')
        assert '(note "a (system x) in a string is text")' in st["message"]


@pytest.mark.parametrize("verb", ["eval", "build", "system", "load"])
def test_code_verbs_are_refused(client, verb):
    sid = opened(client, seed=3)["id"]
    body = post(client, sid, verb, "(printout t hi)", status=403)
    assert body["error"].startswith("refused")
    client.delete(f"/api/sessions/{sid}")


def test_bad_sessions_targets_options_and_bodies(client):
    assert client.get("/api/sessions/nope").status_code == 404
    assert client.post("/api/sessions/nope/step", json={}).status_code == 404
    for body, says in [({"target": "clp"}, "unknown target"), ({"target": 3}, "unknown target"),
                       ({"target": "bee", "options": {"words": "/etc/passwd"}}, "not offered"),
                       ({"target": "riddle", "options": {"file": "/etc/passwd"}}, "not offered"),
                       ({"target": "scramble", "options": {"seed": "x"}}, "seed"),
                       ({"target": "scramble", "options": []}, "options")]:
        r = client.post("/api/sessions", json=body)
        assert r.status_code == 400 and says in r.json()["error"], (body, r.text)
    r = client.post("/api/sessions", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = client.post("/api/sessions", content=b"[1]", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "object" in r.json()["error"]
    r = client.post("/api/sessions", content=b'{"target": "scramble"}',
                    headers={"content-type": "text/plain"})       # a cross-site form post
    assert r.status_code == 415 and "JSON" in r.json()["error"]
    r = client.post("/api/sessions", content=b"x" * 500_000,     # past a program's bound
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most 400000 bytes" in r.json()["error"]
    sid = opened(client, seed=1)["id"]
    r = client.post(f"/api/sessions/{sid}/step", content=b"x" * 20_000,
                    headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most 16384 bytes" in r.json()["error"]
    assert client.get(f"/api/sessions/{sid}/why/abc").status_code == 400
    assert client.get(f"/api/sessions/{sid}/why/12345").status_code == 400
    assert client.get(f"/api/sessions/{sid}/why/1?depth=0").status_code == 400
    assert client.get(f"/api/sessions/{sid}/matches/no-such-rule").status_code == 400
    assert client.get(f"/api/sessions/{sid}/matches/a%20(b)").status_code == 400
    assert client.get(f"/api/sessions/{sid}?filter=" + "x" * 300).status_code == 400
    client.delete(f"/api/sessions/{sid}")


def test_caps_on_sessions_firings_and_idle_time():
    with web_client(lim=limits(sessions=2, firings=10, idle=600, total=25)) as c:
        a = opened(c, seed=1)["id"]
        opened(c, seed=1)
        r = c.post("/api/sessions", json={"target": "scramble"})
        assert r.status_code == 503 and "sessions are in use" in r.json()["error"]
        st = post(c, a, "run")
        assert st["fired"] == 10 and st["capped"] and "cap" in st["message"]
        post(c, a, "run")
        assert post(c, a, "run")["fired"] == 25
        assert "the most one session may" in post(c, a, "step", status=400)["error"]
        assert post(c, a, "back", 5)["fired"] == 20
        store = c.app.state.store
        for handle in store.sessions.values():
            handle.used -= 10_000
        assert c.post("/api/sessions", json={"target": "scramble"}).status_code == 200
        r = c.get(f"/api/sessions/{a}")                               # expired: says why
        assert r.status_code == 410 and "idle" in r.json()["error"]


def test_command_line_target_is_the_only_one(tmp_path):
    with web_client(command_line("scramble", ["Nile", "Seine", "--seed", "4",
                                              "--swaps", "3"])) as c:
        info = c.get("/api/targets").json()
        assert info["fixed"] and [t["name"] for t in info["targets"]] == ["scramble"]
        assert c.post("/api/sessions", json={"target": "scramble", "options": {"seed": 1}}
                      ).status_code == 400
        st = opened(c, "scramble")
        st = post(c, st["id"], "run")
        assert len(letters(st)) == 9


def test_clp_rule_file_gets_pictures_inferred_over_the_generic_view():
    family = EXAMPLES / "family.clp"
    with web_client(command_line("clp", [str(family), "--stage", "GO"])) as c:
        sid = opened(c, "clp")["id"]
        st = post(c, sid, "run")
        assert st["picture"]["kind"] == "inferred" and st["submit"] == []
        assert [p["kind"] for p in st["picture"]["parts"]] == [
            "text", "tree", "text", "table", "groups"]       # tests/test_program_picture.py
        groups = st["picture"]["parts"][-1]
        assert groups["kind"] == "groups" and "person" in [g["relation"] for g in groups["groups"]]


def test_a_clp_file_on_our_engine_serves_as_on_clips():
    family = EXAMPLES / "family.clp"
    seen = []
    for name in ("clp", "experta"):
        with web_client(command_line(name, [str(family)])) as c:
            sid = opened(c, name)["id"]
            st = post(c, sid, "run")
            seen.append(sorted(f["text"] for f in st["facts"]))
    assert seen[0] == seen[1] and any("grandparent" in t for t in seen[0])


def serve_args(**changes) -> argparse.Namespace:
    base = dict(input=None, host="127.0.0.1", port=8765, open=False, max_sessions=50,
                max_firings=5000, idle=900, max_per_client=4, seconds=2.0, allow_host=[],
                allow_origin=[], puzzle="scramble", args=[], no_programs=False,
                teacher_token=None, no_teacher=False)
    return argparse.Namespace(**{**base, **changes})


def test_experta_engine_reads_the_input_file_named_on_the_command_line():
    from pyengine.ui.web.app import create_app
    from pyengine.ui.web.guard import Hosts
    from tests.webclient import TokenClient
    args = serve_args(puzzle="experta", args=[str(EXAMPLES / "animals.py"), "--input",
                                              str(EXAMPLES / "animals-answers.txt")])
    build(args)                                 # takes --input from the puzzle's words
    from pyengine.ui.shell import input_lines
    target = command_line("experta", args.args)
    app = create_app(target, limits(), input_lines(args.input), Hosts(extra=["testserver"]))
    with TokenClient(app) as c:
        sid = opened(c, "experta")["id"]
        st = post(c, sid, "run")
        printed = [line for f in st["last"] for line in f["output"]]
        assert printed and st["picture"]["kind"] == "inferred" and st["fired"] > 3


def test_serve_arguments():
    args = serve_args(args=["--seed", "1", "--port", "9000", "--host=0.0.0.0",
                            "--max-per-client", "2", "--allow-host", "teacher.local"])
    app, lim = build(args)
    assert (args.port, args.host, args.args) == (9000, "0.0.0.0", ["--seed", "1"])
    assert lim.sessions == 50 and lim.per_client == 2 and args.allow_host == ["teacher.local"]
    assert app.state.store.limits is lim
    for words in (["--port", "x"], ["--max-sessions", "100000"], ["--idle", "0"],
                  ["--max-firings", "1000000000"], ["--seconds", "600"], ["--port", "70000"]):
        with pytest.raises(UsageError):
            build(serve_args(args=words))
    with pytest.raises(UsageError):
        build(serve_args(puzzle="clp", args=["/no/such.clp"]))


def test_the_boggle_picture_counts_every_letter_placed(client):
    """The greedy rules place letters without touching the Board fact: the picture
    counts the letters themselves."""
    sid = opened(client, "boggle", seed=1)["id"]
    st = post(client, sid, "run", 40)
    grid = part(st, "board")["rows"]
    placed = sum(1 for row in grid for cell in row if cell["text"])
    assert placed > 1 and st["picture"]["parts"][0]["text"] == f"{placed} of 16 cells placed"
    assert all(cell["lit"] == bool(cell["text"]) for row in grid for cell in row)
    st = post(client, sid, "run", 500)
    assert st["picture"]["parts"][0]["text"] == "16 of 16 cells placed"
    assert len(st["picture"]["parts"][-1]["text"]) == 19
    client.delete(f"/api/sessions/{sid}")


def test_the_firing_graph_of_a_fact_a_rule_or_the_run(client):
    sid = opened(client, seed=1)["id"]
    post(client, sid, "run", 20)
    for query in ("", "?of=f-9", "?of=build-append-word-ids"):
        g = client.get(f"/api/sessions/{sid}/graph{query}").json()
        assert (g["svg"] or "").startswith("<?xml") or g["dot"].startswith("digraph")
    for bad in ("?of=(system%20x)", "?of=f-99999", "?of=no-such-rule"):
        assert client.get(f"/api/sessions/{sid}/graph{bad}").status_code == 400


def test_serve_says_why_it_cannot_listen_before_its_url():
    """check_listen runs before the URL is printed: a port in use names the port and
    --port (with one to try), a host that is no address here is said as such."""
    import socket

    from pyengine.ui.web.command import check_listen
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(UsageError, match=rf"127\.0\.0\.1:{port}: the port is in use "
                                             rf"\(choose another with --port, e\.g\."):
            check_listen("127.0.0.1", port)
    check_listen("127.0.0.1", port)                 # free again
    with pytest.raises(UsageError, match="--host no.such.host.invalid: no such address"):
        check_listen("no.such.host.invalid", 8765)


def test_a_session_named_on_the_command_line_keeps_its_declaration():
    """``serve bee-play LETTERS``: the one target has its declared picture and fact."""
    with web_client(command_line("bee-play", ["aeginrt", "--center", "r"])) as c:
        st = opened(c, "bee-play")
        assert [s["relation"] for s in st["submit"]] == ["guess"]
        st = post(c, st["id"], "submit", guess("tiger"))
        assert part(st, "verdict")["text"] == "TIGER: Nice! +5"


def test_a_picture_that_does_not_fit_the_facts_gives_the_facts_and_why():
    """A declared picture that cannot read the fact base (facts a user asserted or
    retracted) is not an error of the request: the facts by relation, with a line."""
    from types import SimpleNamespace

    from pyengine.puzzles.base import Action
    from pyengine.ui.web.pictures import picture

    action = Action("make", "toy", picture="tests.toy.picture:picture")
    log = SimpleNamespace(texts={1: "(word (size 3))"})
    facts = [SimpleNamespace(id=1, name="word", text="(word (size 3))")]
    pic = picture(action, facts, log, {1})
    assert pic["kind"] == "generic" and pic["parts"][0]["style"] == "quiet"
    assert pic["parts"][0]["text"].startswith("(the puzzle's picture cannot be drawn from "
                                              "these facts: KeyError")
    assert pic["parts"][1]["groups"] == [{"relation": "word", "count": 1, "facts": [
        {"id": 1, "text": "(word (size 3))", "new": True}]}]
    nothing = picture(action, [], SimpleNamespace(texts={}), set())
    assert nothing == {"kind": "generic", "parts": [{"kind": "groups", "groups": []}]}
