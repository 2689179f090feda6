"""A fact changed by ``modify`` keeps its id and gets a new version; every view shows
each version as it was: the history of each firing, ``why`` walking version to
version back to the initial facts, the notebook's ``step()``, on both engines and on
the puzzles that modify (Boggle modifies cells, board and turn; the bee its score)."""
from __future__ import annotations

import re

import pytest

from pyengine.engine.errors import UsageError
from pyengine.ui.notebook import Inspector

COUNTDOWN_CLP = """(deftemplate counter (slot name) (slot n))
(deffacts start (counter (name b) (n 3)))
(defrule count-down ?c <- (counter (n ?n&:(> ?n 0))) => (modify ?c (n (- ?n 1))))
"""
COUNTDOWN_PY = """from pyengine.experta import AS, MATCH, TEST, DefFacts, Fact, KnowledgeEngine, Rule
class Counter(Fact):
    pass
class Countdown(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Counter(name="b", n=3)
    @Rule(AS.c << Counter(n=MATCH.n), TEST(lambda n: n > 0))
    def count_down(self, c, n):
        self.modify(c, n=n - 1)
"""


def countdown(engine: str, tmp_path) -> Inspector:
    if engine == "clips":
        path = tmp_path / "countdown.clp"
        path.write_text(COUNTDOWN_CLP)
        return Inspector.from_clp(path)
    path = tmp_path / "countdown.py"
    path.write_text(COUNTDOWN_PY)
    return Inspector.from_engine(f"{path}:Countdown")


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_history_shows_each_version_of_a_modified_fact(engine, tmp_path):
    """step shows a modify as CLIPS's ``watch facts`` does (the slots it changed), the
    shell's step too; history lists each version whole."""
    ins = countdown(engine, tmp_path)
    steps = [str(ins.step()) for _ in range(3)]
    for k, text in enumerate(steps):
        assert f"<== f-1     (counter ... (n {3 - k}))" in text
        assert f"==> f-1     (counter ... (n {2 - k}))" in text
    whole = "\n".join(steps).replace("(counter ...", "(counter (name b)")
    assert str(ins.history()) == whole


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_why_walks_version_to_version_back_to_the_initial_fact(engine, tmp_path):
    ins = countdown(engine, tmp_path)
    ins.run()
    lines = ins.why("f-1").lines(ascii=True)
    texts = [re.sub(r"^[|` -]*", "", line) for line in lines]
    assert texts[0] == "f-1     (counter (name b) (n 0))"
    assert [t for t in texts if t.startswith("f-1")] == [
        "f-1     (counter (name b) (n 0))",
        "f-1     (counter (name b) (n 1))   [version 3, changed by FIRE 3]",
        "f-1     (counter (name b) (n 2))   [version 2, changed by FIRE 2]",
        "f-1     (counter (name b) (n 3))   [initial fact, version 1, changed by FIRE 1]"]
    assert [f.number for f in ins.why("f-1").firings()] == [1, 2, 3]
    assert [f.number for f in ins.session.why_chain(1)] == [3, 2, 1]


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_modify_typed_by_the_user_is_a_version_too(engine, tmp_path):
    ins = countdown(engine, tmp_path)
    ins.step()
    ins.modify("f-1", n=7)
    ins.step()
    tree = str(ins.why(1))
    assert "(n 7)" in tree and "changed by FIRE 2" in tree and "changed by you" in tree
    assert "<== f-1     (counter (name b) (n 7))" in str(ins.history(last=1))


def shadowed_history(ins: Inspector, limit: int = 400) -> list[tuple[int, dict, dict]]:
    """Step one firing at a time: (firing, facts before, facts after) for each."""
    seen = []
    for _ in range(limit):
        before = {f.id: f.text for f in ins.session.facts()}
        table = ins.step()
        if not table:
            break
        after = {f.id: f.text for f in ins.session.facts()}
        seen += [(table[0].number, before, after)]
    return seen


@pytest.mark.parametrize("name,options", [("boggle", {"seed": 1}), ("bee", {}),
                                          ("boggle", {"seed": 2, "algo": "cad"})])
def test_puzzles_that_modify_show_each_firings_own_texts(name, options):
    ins = Inspector.open(name, **options)
    shadow = shadowed_history(ins)
    modified = 0
    history = {f.number: f for f in ins.session.trace}
    log = ins.log
    for number, before, after in shadow:
        firing = history[number]
        for fid in firing.retracted:
            assert log.text_at(fid, number) == before[fid]
        for fid in firing.asserted:
            if fid in after:
                assert log.text_at(fid, number + 1) == after[fid]
        modified += len(set(firing.retracted) & set(firing.asserted))
    assert modified > 0, "this puzzle's rules modify facts"
    lines = str(ins.history()).splitlines()
    assert len({line for line in lines if line.startswith("<== ")}) > 1


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_the_firing_graph_chains_a_modified_facts_versions(engine, tmp_path):
    ins = countdown(engine, tmp_path)
    ins.run()
    dot = str(ins.graph("f-1"))
    for v, n in enumerate([3, 2, 1, 0], 1):      # ids count versions as labels do
        assert f'f1v{v} [label="f-1 (counter (name b) (n {n}))' in dot
        assert v == 1 or f'(n {n})) (v{v})"' in dot
    for k in (1, 2, 3):
        assert f"f1v{k} -> fire{k};" in dot and f"fire{k} -> f1v{k + 1} [" in dot
    assert dot.count("style=dotted") == 3                       # the version chain
    assert "fire" in str(ins.graph("count-down" if engine == "clips" else "count_down"))
    out = tmp_path / "run.dot"
    assert "3 firings" in str(ins.graph(to=str(out))) and out.read_text() == str(ins.graph())


def test_the_graph_is_drawn_as_svg_where_graphviz_is(tmp_path):
    import shutil
    if shutil.which("dot") is None:
        pytest.skip("needs Graphviz's dot (apt-get install graphviz; .ci/run installs it)")
    ins = countdown("clips", tmp_path)
    ins.run()
    svg = ins.graph(1).svg()
    assert svg.lstrip().startswith("<?xml") and "FIRE 3 count" in svg
    with pytest.raises(UsageError):
        ins.graph(to=str(tmp_path / "run.png"))


def test_a_run_of_a_hundred_firings_is_drawn_and_a_bad_path_said_first(tmp_path):
    """The graph of a scramble of one river (105 firings) took Graphviz minutes (dot's
    network simplex: a newcomer's finding): its ranking is bounded now. A folder that
    is not there was said only after the drawing (or its time-out)."""
    import shutil
    ins = Inspector.open("scramble", hide=["Nile"], seed=1)
    ins.run()
    with pytest.raises(UsageError, match=r"cannot write .*/nowhere/run\.svg: No such file"):
        ins.graph(to=str(tmp_path / "nowhere" / "run.svg"))
    if shutil.which("dot") is None:
        pytest.skip("needs Graphviz's dot (apt-get install graphviz; .ci/run installs it)")
    try:
        drawn = ins.graph(to=str(tmp_path / "run.svg"))
    except UsageError as exc:       # a loaded machine can take dot past 5 s of wall time
        assert "Graphviz took more than" in str(exc)    # (0.9 s idle): once more; the
        drawn = ins.graph(to=str(tmp_path / "run.svg"))  # unbounded ranking took minutes
    assert "105 firings" in str(drawn)
