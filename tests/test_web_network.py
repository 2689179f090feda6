"""The web inspector's network read: ``GET /api/sessions/ID/network[?rule=NAME]`` gives
a rule's Rete network (every rule's without one), the same on both engines, node ids
that stay put as the session steps, memories capped per node, bad names refused.
Skipped without the web extra."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from pyengine.ui.notebook import Inspector
from pyengine.ui.sessions import opener
from pyengine.ui.web import views
from pyengine.ui.web.targets import command_line
from tests.webclient import opened, post, web_client

FAMILY = Path(__file__).resolve().parent.parent / "docs" / "examples" / "family.clp"


def network(client, sid, rule=None, status=200) -> dict:
    url = f"/api/sessions/{sid}/network" + (f"?rule={rule}" if rule is not None else "")
    r = client.get(url)
    assert r.status_code == status, r.text
    return r.json()


def nodes(answer: dict) -> dict:
    return {n["id"]: n for n in answer["rules"][0]["nodes"]}


def test_a_rule_network_step_by_step_is_the_same_on_both_engines():
    seen = {}
    for name in ("clp", "experta"):
        with web_client(command_line(name, [str(FAMILY)])) as c:
            sid = opened(c, name)["id"]
            snaps = [network(c, sid, "report-roots")]
            for _ in range(8):
                post(c, sid, "step")
                snaps.append(network(c, sid, "report-roots"))
            seen[name] = [s["rules"] for s in snaps]
            first, last = nodes(snaps[0]), nodes(snaps[-1])
            assert list(first) == list(last) == ["report-roots/p1", "report-roots/p2",
                                                 "report-roots/j1", "report-roots/t"]
            assert first["report-roots/j1"]["kind"] == "not"
            assert first["report-roots/j1"]["tokens"] == [[1, None]]
            assert last["report-roots/p2"]["facts"] == [8, 9]
            assert last["report-roots/j1"]["tokens"] == [] and last["report-roots/t"]["count"] == 0
            assert snaps[0]["lines"][0] == "Network of report-roots"
    assert seen["clp"] == seen["experta"]


def test_every_rule_at_once_and_bad_names():
    with web_client(command_line("clp", [str(FAMILY)])) as c:
        sid = opened(c, "clp")["id"]
        every = network(c, sid)
        assert every["rule"] is None
        assert [r["rule"] for r in every["rules"]] == ["find-siblings", "find-grandparents",
                                                      "report-roots", "report-grandparents"]
        assert every["lines"][1].startswith("find-grandparents    patterns 5 4")
        assert "no rule named" in network(c, sid, "nope", status=400)["error"]
        assert "not a rule name" in network(c, sid, "a%20(b)", status=400)["error"]
        assert c.get(f"/api/sessions/{sid}/network?rule=" + "x" * 300).status_code == 400
        assert c.post(f"/api/sessions/{sid}/network", json={}).status_code == 404
        assert c.get("/api/sessions/nope/network").status_code == 404


def test_memories_are_capped_per_node_and_counted_in_full(monkeypatch):
    class Web:
        ins = Inspector(opener("clp", [str(FAMILY)])())
    monkeypatch.setattr(views, "MAX_NODE_ITEMS", 2)
    answer = views.network_json(Web, "find-siblings")
    p1 = nodes(answer)["find-siblings/p1"]
    assert p1["count"] == 4 and p1["facts"] == [2, 3] and p1["cut"]
    j1 = nodes(answer)["find-siblings/j1"]
    assert j1["count"] == 4 and len(j1["tokens"]) == 2 and j1["cut"]
