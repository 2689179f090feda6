"""Changing a session from the page, through the HTTP API (Starlette's TestClient,
sessions in worker processes as under ``serve``), on a CLIPS file on both engines and
on an experta engine file: ``modify`` and each of its refusals, the slots the edit form
shows, ``back`` over facts changed by hand, ``reset`` keeping the strategy and seed,
the firing graph of the last N firings (fact texts escaped in its SVG), and the
transcript to download. Skipped without the web extra."""
from __future__ import annotations

import io
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from pyengine.ui.graph import firing_graph  # noqa: E402
from pyengine.ui.notebook import Inspector  # noqa: E402
from pyengine.ui.sessions import opener  # noqa: E402
from pyengine.ui.shell import Shell  # noqa: E402
from pyengine.ui.web.targets import command_line  # noqa: E402
from pyengine.ui.web.transcript import Transcript, file_name  # noqa: E402
from tests.webclient import limits, opened, post, web_client  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
FAMILY = str(EXAMPLES / "family.clp")
# family.clp on CLIPS and on our engine (its run is the heavy one: the default run keeps
# the suite within its time)
ENGINES = ["clp", pytest.param("experta", marks=pytest.mark.heavy)]
SCRIPT = "<script>alert(1)</script>"
BREAKOUT = '"><img src=x onerror=alert(1)>'


def facts(st: dict) -> list[tuple[int, str]]:
    return [(f["id"], f["text"]) for f in st["facts"]]


@pytest.fixture(scope="module", params=ENGINES)
def family(request):
    """A client on family.clp, on CLIPS (clp) or our engine (experta)."""
    with web_client(command_line(request.param, [FAMILY]), limits(idle=600)) as c:
        c.target = request.param
        yield c


def session(client) -> str:
    return opened(client, client.target)["id"]


def modify(client, sid, fact_id, slots, status=200) -> dict:
    return post(client, sid, "modify", {"fact_id": fact_id, "slots": slots}, status)


def test_modify_keeps_the_fact_id_and_says_who_changed_it(family):
    sid = session(family)
    st = modify(family, sid, "f-2", '(name "Bob Jr") (sex female)')
    assert st["message"] == 'modified f-2 (person (name "Bob Jr") (sex female) (parent Ann))'
    assert (2, '(person (name "Bob Jr") (sex female) (parent Ann))') in facts(st)
    assert [f["id"] for f in st["facts"] if f["new"]] == [2] and st["gone"][0]["id"] == 2
    why = family.get(f"/api/sessions/{sid}/why/2").json()
    assert why["tree"]["kind"] == "asserted by you"
    st = post(family, sid, "run")               # the rules see the new slots
    assert not any("of Bob)" in text for _, text in facts(st))
    assert any('(of "Bob Jr")' in text for _, text in facts(st))


@pytest.mark.parametrize("arg,says", [
    ({"fact_id": 99, "slots": "(name x)"}, "no fact f-99"),
    ({"fact_id": "f-x", "slots": "(name x)"}, "not a fact id"),
    ({"fact_id": "ORDERED", "slots": "(a 1)"}, "is an ordered fact: only template facts"),
    ({"fact_id": 2, "slots": "(nme x)"}, "person has no slot 'nme' (slots: name, parent, sex)"),
    ({"fact_id": 2, "slots": "(name ?x)"}, "not variables"),
    ({"fact_id": 2, "slots": "(name $?x)"}, "not variables"),
    ({"fact_id": 2, "slots": "(name (str-cat a b))"}, "function call"),
    ({"fact_id": 2, "slots": '(name (eval "(system id)"))'}, "function call"),
    ({"fact_id": 2, "slots": "(name =(str-cat a b))"}, "starts a call"),
    ({"fact_id": 2, "slots": "(name x) (name y)"}, "slot name is given twice"),
    ({"fact_id": 2, "slots": "(name a b)"}, "slot name of person holds one value, not 2"),
    ({"fact_id": 2, "slots": "(name " + "x" * 1200 + ")"}, "a fact is at most 1,000 characters"),
    ({"fact_id": 2, "slots": ""}, "modify which slots?"),
    ({"fact_id": 2}, "modify which slots?"),
    ({"slots": "(name x)"}, "modify which fact?"),
    ({"fact_id": 2, "slots": {"name": "x"}}, "modify slots: text such as (SLOT VALUE)..."),
    ({"fact_id": 2, "slots": "(name x)", "eval": "(system id)"}, "an object of fact_id, slots"),
    ("2 (name x)", "not a fact id: '2 (name x)'"),
    (2, "modify which slots?"),
])
def test_modify_refuses_with_one_clear_line(family, arg, says):
    sid = session(family)
    before = facts(family.get(f"/api/sessions/{sid}").json())
    if isinstance(arg, dict) and arg.get("fact_id") == "ORDERED":
        st = post(family, sid, "assert", "(note hello)")
        arg = {**arg, "fact_id": next(i for i, t in facts(st) if t == "(note hello)")}
        before = facts(st)
    error = post(family, sid, "modify", arg, status=400)["error"]
    assert says in error and "\n" not in error and "Traceback" not in error
    assert facts(family.get(f"/api/sessions/{sid}").json()) == before      # nothing changed
    family.delete(f"/api/sessions/{sid}")


def test_the_edit_form_gets_each_slot_as_clips_text(family):
    sid = session(family)
    modify(family, sid, 3, '(name "Cid \\"C\\" Smith")')
    form = family.get(f"/api/sessions/{sid}/slots/f-3").json()
    assert form == {"id": 3, "relation": "person", "slots": [
        {"name": "name", "value": '"Cid \\"C\\" Smith"'}, {"name": "sex", "value": "male"},
        {"name": "parent", "value": "Ann"}]}
    st = post(family, sid, "assert", "(note hello)")
    note = next(i for i, t in facts(st) if t == "(note hello)")
    r = family.get(f"/api/sessions/{sid}/slots/{note}")
    assert r.status_code == 400 and "ordered fact" in r.json()["error"]
    assert family.get(f"/api/sessions/{sid}/slots/99").status_code == 400
    assert family.get(f"/api/sessions/{sid}/slots/x").status_code == 400


def test_a_modify_counts_against_the_pages_share_of_facts():
    with web_client(command_line("clp", [FAMILY]), limits(user_facts=2)) as c:
        sid = opened(c, "clp")["id"]
        post(c, sid, "assert", "(note 1)")
        modify(c, sid, 2, "(name Bo)")
        assert "the most one session may" in modify(c, sid, 2, "(name B)", 400)["error"]
        post(c, sid, "reset")                       # reset: the share starts afresh
        assert modify(c, sid, 2, "(name B)")["message"].startswith("modified f-2")


def test_back_undoes_each_change_from_the_page_and_each_firing(family):
    """assert, step, modify, retract from the page, then back four times: the facts as
    they were before each; goto keeps what was done before the firing gone to."""
    sid = session(family)
    seen = [facts(family.get(f"/api/sessions/{sid}").json())]
    seen.append(facts(post(family, sid, "assert", "(person (name Zed) (sex male) (parent Eve))")))
    seen.append(facts(post(family, sid, "step")))
    seen.append(facts(modify(family, sid, 2, "(name Bobby)")))
    seen.append(facts(post(family, sid, "retract", 4)))
    said = []
    for before in reversed(seen[:-1]):
        st = post(family, sid, "back")
        assert facts(st) == before
        said.append(st["message"].split(";")[0])
    assert said == ["undid your retract of f-4", "undid your modify of f-2", "undid firing 1",
                    "undid your assert of f-6"]
    assert "only 0 steps" in post(family, sid, "back", status=400)["error"]
    post(family, sid, "assert", "(person (name Zed) (sex male) (parent Eve))")
    post(family, sid, "step", 2)
    modify(family, sid, 2, "(name Bobby)")
    st = post(family, sid, "goto", 1)              # before the first firing: the assert
    assert facts(st) == seen[1] and st["fired"] == 0
    post(family, sid, "step", 2)
    modify(family, sid, 2, "(name Bobby)")
    st = post(family, sid, "back", 2)              # the modify and the second firing
    assert st["fired"] == 1 and facts(st) == seen[2]
    why = family.get(f"/api/sessions/{sid}/why/2").json()["tree"]
    assert why["text"] == "(person (name Bob) (sex male) (parent Ann))"


def test_reset_keeps_the_strategy_and_the_seed(family):
    """Chosen, then kept by reset, by back over everything and by reset again."""
    sid = session(family)
    post(family, sid, "strategy", "breadth")
    post(family, sid, "seed", 7)
    post(family, sid, "step", 2)
    st = post(family, sid, "reset")
    assert (st["strategy"], st["seed"], st["fired"]) == ("breadth", 7, 0)
    post(family, sid, "step", 2)
    st = post(family, sid, "back", 2)
    assert (st["strategy"], st["seed"]) == ("breadth", 7)
    st = post(family, sid, "reset")
    assert (st["strategy"], st["seed"]) == ("breadth", 7)
    first = facts(post(family, sid, "run"))
    post(family, sid, "reset")
    assert facts(post(family, sid, "run")) == first         # breadth again, the same run


def test_an_experta_engine_file_is_changed_and_undone_the_same_way():
    animals = command_line("experta", [str(EXAMPLES / "animals.py")])
    with web_client(animals, limits(), input=["yes", "yes"]) as c:
        sid = opened(c, "experta")["id"]
        st = post(c, sid, "strategy", "breadth")
        st = post(c, sid, "step", 2)
        fur = next(i for i, t in facts(st) if "(name fur)" in t)
        st = modify(c, sid, fur, "(value no)")
        assert (fur, "(trait (name fur) (value no))") in facts(st)
        assert "has no slot 'colour' (slots: name, value)" in modify(
            c, sid, fur, "(colour red)", 400)["error"]
        assert "not variables" in modify(c, sid, fur, "(value ?v)", 400)["error"]
        st = post(c, sid, "back")
        assert (fur, "(trait (name fur) (value yes))") in facts(st)
        st = post(c, sid, "reset")
        assert st["strategy"] == "breadth" and st["fired"] == 0


def svg_of(client, sid, query: str) -> str:
    if shutil.which("dot") is None:
        pytest.skip("needs Graphviz's dot (apt-get install graphviz; .ci/run installs it)")
    g = client.get(f"/api/sessions/{sid}/graph{query}").json()
    assert g["svg"], g.get("note")
    return g["svg"]


def test_the_graph_of_the_last_n_firings(family):
    sid = session(family)
    post(family, sid, "run")
    svg = svg_of(family, sid, "?last=3")
    assert len(re.findall(r">FIRE \d+ ", svg)) == 3 and "the last 3 firings" in svg
    assert ">FIRE 8 " in svg and ">FIRE 5 " not in svg
    svg = svg_of(family, sid, "?of=find-siblings&last=1")
    assert len(re.findall(r">FIRE \d+ ", svg)) == 1
    for bad in ("0", "201", "x", "1.5", "-1"):
        r = family.get(f"/api/sessions/{sid}/graph?last={bad}")
        assert r.status_code == 400 and "last" in r.json()["error"], bad


def test_the_graph_escapes_what_a_student_typed(family):
    """Fact texts with markup reach the SVG only as escaped text: no element or
    attribute of theirs, only Graphviz's own."""
    sid = session(family)
    name = SCRIPT.replace('"', '\\"')
    parent = BREAKOUT.replace('"', '\\"')
    post(family, sid, "assert", f'(person (name "{name}") (sex male) (parent Bob))')
    post(family, sid, "assert", f'(person (name "{parent}") (sex male) (parent "{name}"))')
    post(family, sid, "run")
    svg = svg_of(family, sid, "?last=20")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg and "onerror=alert(1)&gt;" in svg
    assert "<script" not in svg.lower() and "<img" not in svg.lower()
    tree = ET.fromstring(svg.split("?>", 1)[1].split("]>", 1)[-1].strip())
    tags = {el.tag.split("}")[-1] for el in tree.iter()}
    assert tags <= {"svg", "g", "title", "polygon", "ellipse", "path", "text", "a", "polyline"}
    assert not [k for el in tree.iter() for k in el.attrib if k.lower().startswith("on")]


def shell_says(*lines: str) -> list[str]:
    """What the shell on family.clp prints for these lines."""
    factory = opener("clp", [FAMILY])
    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO(""), stdout=out)
    for line in lines:
        shell.onecmd(line)
    return out.getvalue().splitlines()


def test_the_shells_graph_takes_last_too(tmp_path):
    ins = Inspector.from_clp(FAMILY)
    ins.run()
    dot = str(ins.graph(last=2))
    assert dot.count("FIRE ") == 2 and 'label="the last 2 firings"' in dot
    assert ins.graph(last=2, to=str(tmp_path / "g.dot")).lines()[0].startswith("wrote")
    last = max(f.number for f in ins.session.trace if f.rule == "find-siblings")
    drawn = firing_graph(ins.session, ins.log, "find-siblings", 1).nodes
    assert [n for n, (_, kind) in drawn.items() if kind == "firing"] == [f"fire{last}"]
    said = shell_says("run", "graph --last 3", "graph --last 0", "graph --last")
    assert sum(line.startswith("  fire") and "label=\"FIRE" in line for line in said) == 3
    assert said[-2:] == ["error: --last must be at least 1, not 0",
                         "error: --last needs a number of firings, 1 to 200"]


def test_the_transcript_downloads_everything_done(family):
    sid = session(family)
    post(family, sid, "step", 2)
    modify(family, sid, 3, "(name Cy)")
    post(family, sid, "assert", "(x ?y)", status=400)
    post(family, sid, "back")
    post(family, sid, "run")
    r = family.get(f"/api/sessions/{sid}/transcript")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    assert r.headers["content-disposition"] == \
        f'attachment; filename="pyengine-{family.target}-transcript.txt"'
    lines = r.text.splitlines()
    assert lines[0].startswith(";; pyengine serve: ") and "family.clp" in lines[0]
    assert lines[1:4] == ["pyengine> step 2", "FIRE    1 find-siblings: f-5,f-4",
                          "==> f-6     (relation (kind sibling) (of Eve) (is Dee))"]
    assert "pyengine> modify 3 (name Cy)" in lines
    assert "==> f-3     (person (name Cy) (sex male) (parent Ann))" in lines
    assert "pyengine> assert (x ?y)" in lines
    assert any(line.startswith("error: ") and "not variables" in line for line in lines)
    assert "pyengine> back" in lines and ";; undid your modify of f-3; before firing 3: " \
        "2 firings so far, 5 activations on the agenda" in lines
    assert "    | Ann is a grandparent of Dee" in lines and lines[-1] == ";; 6 firings"
    assert family.get("/api/sessions/nope/transcript").status_code == 404


def test_a_transcript_stops_at_its_size_with_a_note():
    t = Transcript("a title", max_bytes=200)
    for n in range(20):
        t.action("assert", f"(note {n})", [], None, "asserted f-1 (note 1)")
    text = t.text()
    assert len(text.encode()) < 300 and t.full
    assert text.splitlines()[-1].startswith(";; the transcript stops here: it holds at most")
    t.action("step", 1, [], None, "1 firing")
    assert t.text() == text
    bells = Transcript("a title", max_bytes=200)    # measured as sent: a bell is 6 bytes
    bells.action("step", 1, [], None, "\a" * 100)   # written out (it was 1, so a 2 MB
    assert len(bells.text().encode()) < 300 and bells.full      # transcript sent 6 MB)
    assert file_name('bee-play "x"/../y') == "pyengine-bee-play-x-..-y-transcript.txt"
    assert file_name("///") == "pyengine-session-transcript.txt"


def test_several_facts_asserted_at_once_are_a_step_each(family):
    """(assert (a 1) (b 2)) from the page: both go in, each counted against the
    session's share and each a step back (the one already there too)."""
    sid = session(family)
    before = facts(family.get(f"/api/sessions/{sid}").json())
    st = post(family, sid, "assert", "(note one) (note two) (note one)")
    made = [text for _, text in facts(st) if text.startswith("(note")]
    assert made == ["(note one)", "(note two)"]
    assert "already in the fact base" in st["message"]
    st = post(family, sid, "back", 2)
    assert [text for _, text in facts(st) if text.startswith("(note")] == ["(note one)"]
    st = post(family, sid, "back")
    assert facts(st) == before
