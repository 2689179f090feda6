"""Pictures of a program of the user's own (pyengine/ui/web/program_picture.py and
picture_directives.py): grids, trees and tables inferred from the facts, the
``@picture`` comments, the page's new primitives (table, tree) and the web app drawing
them for a .clp file."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyengine.puzzles import page
from pyengine.puzzles.page import MAX_TREE_DEPTH, MAX_TREE_NODES, check_picture, drawing
from pyengine.ui.queries import fact_fields
from pyengine.ui.web import picture_directives as pd
from pyengine.ui.web.pictures import picture

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def facts(*texts: str) -> list:
    return [SimpleNamespace(id=i, name=fact_fields(t)["relation"], text=t)
            for i, t in enumerate(texts, 1)]


def drawn(*texts: str, new=(), program: str | None = None) -> dict:
    """The picture of these facts, for a session that loaded ``program``."""
    session = None
    if program is not None:
        session = SimpleNamespace(sources=[SimpleNamespace(name="mine.clp", text=program)])
    pic = picture(None, facts(*texts), SimpleNamespace(texts={}, session=session), set(new))
    assert check_picture(pic) == {"parts": pic["parts"]}      # already within bounds
    return pic


def kinds(pic: dict) -> list[str]:
    return [p["kind"] for p in pic["parts"]]


def texts_of(grid_part: dict) -> list[list[str]]:
    return [[c["text"] for c in r] for r in grid_part["rows"]]


def tree_of(pic: dict) -> list[tuple]:
    part = next(p for p in pic["parts"] if p["kind"] == "tree")
    return [(n["text"], n["depth"], n["mark"]) for n in part["nodes"]]


CELLS = [f"(cell (row {r}) (col {c}) (value {v}))"
         for r, c, v in [(1, 1, 5), (1, 3, 7), (2, 2, 1), (3, 1, 9)]]


# -- grids ------------------------------------------------------------------------------

def test_row_and_column_slots_make_a_grid_with_the_value_in_each_cell():
    pic = drawn(*CELLS, "(cell (row 3) (col 1) (value 4))", new={5})
    assert pic["kind"] == "inferred" and kinds(pic) == ["text", "grid", "groups"]
    assert pic["parts"][0]["text"] == "cell: row down, col across, value in the cells"
    g = pic["parts"][1]
    assert g["style"] == "small"
    assert texts_of(g) == [["5", "", "7"], ["", "1", ""], ["9 4", "", ""]]
    assert [c["lit"] for c in g["rows"][2]] == [True, False, False]
    assert g["rows"][0][0]["title"] == "(cell (row 1) (col 1) (value 5))"


def test_a_grid_without_a_value_slot_shows_the_other_slots_and_starts_at_zero():
    pic = drawn("(stone (x 0) (y 0) (colour black))", "(stone (x 2) (y 1) (colour white))")
    assert texts_of(pic["parts"][1]) == [["black", "", ""], ["", "", "white"]]


def test_places_make_a_zebra_table_a_column_each_and_a_row_a_slot():
    pic = drawn("(house (position 1) (colour red) (pet dog))",
                "(house (position 2) (colour green) (pet zebra))",
                "(house (position 3) (colour ivory))")
    assert pic["parts"][0]["text"] == "house by position"
    assert texts_of(pic["parts"][1]) == [["", "1", "2", "3"], ["colour", "red", "green", "ivory"],
                                         ["pet", "dog", "zebra", ""]]


@pytest.mark.parametrize("bad", ["(cell (row 1) (col 70) (value 2))",
                                 "(cell (row a) (col 2) (value 2))",
                                 "(cell (row 1.5) (col 2) (value 2))"])
def test_no_grid_past_64_or_for_what_is_not_a_whole_number(bad):
    pic = drawn("(cell (row 1) (col 1) (value 3))", bad)
    assert "grid" not in kinds(pic) and "table" in kinds(pic)


# -- trees ------------------------------------------------------------------------------

def test_a_child_of_two_parents_is_shown_again_under_the_second():
    pic = drawn("(parent-of Tom Ann)", "(parent-of Mia Ann)", "(parent-of Ann Bob)",
                "(parent-of Ann Cy)")
    assert tree_of(pic) == [("Tom", 0, ""), ("Ann", 1, ""), ("Bob", 2, ""), ("Cy", 2, ""),
                            ("Mia", 0, ""), ("Ann", 1, "again")]
    assert pic["parts"][0]["text"] == "parent-of: each 1 above its 2"


def test_a_cycle_is_drawn_from_its_first_node_and_marked():
    pic = drawn("(father a b)", "(father b c)", "(father c a)", "(father c d)")
    assert tree_of(pic) == [("a", 0, ""), ("b", 1, ""), ("c", 2, ""), ("a", 3, "cycle"),
                            ("d", 3, "")]


def test_child_relations_read_child_first_and_slots_name_parent_and_child():
    assert tree_of(drawn("(child-of Bob Ann)", "(child-of Cy Bob)")) == [
        ("Ann", 0, ""), ("Bob", 1, ""), ("Cy", 2, "")]
    assert tree_of(drawn("(mother-of (mother Eve) (child Seth))",
                         "(mother-of (mother Eve) (child Abel))")) == [
        ("Eve", 0, ""), ("Seth", 1, ""), ("Abel", 1, "")]


def test_a_name_and_a_parent_slot_make_a_family_tree_none_is_no_parent():
    pic = drawn("(person (name Ann) (parent none))", "(person (name Bob) (parent Ann))",
                "(person (name Dee) (parent Bob))", "(person (name Cy) (parent Ann))",
                new={4})
    assert tree_of(pic) == [("Ann", 0, ""), ("Bob", 1, ""), ("Dee", 2, ""), ("Cy", 1, "")]
    nodes = next(p for p in pic["parts"] if p["kind"] == "tree")["nodes"]
    assert [n["lit"] for n in nodes] == [False, False, False, True]
    assert nodes[1]["title"] == "(person (name Bob) (parent Ann))"


def test_a_deep_chain_stops_at_the_bounds_and_says_more():
    chain = [f"(parent-of n{i} n{i + 1})" for i in range(MAX_TREE_DEPTH + 5)]
    nodes = tree_of(drawn(*chain))
    assert len(nodes) == MAX_TREE_DEPTH + 1 and nodes[-1] == (f"n{MAX_TREE_DEPTH}",
                                                              MAX_TREE_DEPTH, "more")
    wide = [f"(parent-of root k{i})" for i in range(MAX_TREE_NODES + 10)]
    pic = drawn(*wide)
    assert len(tree_of(pic)) == MAX_TREE_NODES
    assert pic["parts"][0]["text"].endswith("(the first nodes)")


# -- tables, and nothing ----------------------------------------------------------------

def test_facts_with_the_same_slots_make_a_table_each_row_a_fact():
    pic = drawn("(relation (kind sibling) (of Eve) (is Dee))",
                "(relation (kind grandparent) (of Dee) (is \"Ann B\"))", new={2})
    assert kinds(pic) == ["text", "table", "groups"]
    t = pic["parts"][1]
    assert t["columns"] == ["kind", "of", "is"]
    assert t["rows"] == [{"cells": ["sibling", "Eve", "Dee"], "fact": 1, "new": False},
                         {"cells": ["grandparent", "Dee", "Ann B"], "fact": 2, "new": True}]


def test_a_long_table_shows_its_first_rows_and_says_so():
    from pyengine.ui.web.program_picture import MAX_ROWS
    pic = drawn(*[f"(p (a {i}) (b x))" for i in range(MAX_ROWS + 3)])
    assert pic["parts"][0]["text"] == f"p (the first {MAX_ROWS} of {MAX_ROWS + 3} facts)"
    assert [r["fact"] for r in pic["parts"][1]["rows"]] == list(range(1, MAX_ROWS + 1))


@pytest.mark.parametrize("texts", [
    [], ["(word (size 3))"], ["(go)", "(go)"], ["(a 1 2)", "(a 3 4)"],
    ["(p (x 1) (z 2))", "(p (x 1))"]])
def test_nothing_inferred_gives_the_facts_by_relation(texts):
    pic = drawn(*texts)
    assert pic["kind"] == "generic" and kinds(pic) == ["groups"]


# -- the @picture comments ----------------------------------------------------------------

@pytest.mark.parametrize("line, view, relation, slots", [
    (" grid cell row=r col=c value=v", "grid", "cell", (("row", "r"), ("col", "c"),
                                                          ("value", "v"))),
    (" tree father parent=1 child=2", "tree", "father", (("parent", "1"), ("child", "2"))),
    ("  table person ", "table", "person", ()),
    (" grid house place=pos", "grid", "house", (("place", "pos"),)),
    (" none", "none", "", ())])
def test_a_directive_reads_its_view_relation_and_slots(line, view, relation, slots):
    found = pd.parse_directive(line, "x.clp line 1")
    assert found == pd.Directive(view, relation, slots, "x.clp line 1")


@pytest.mark.parametrize("line, says", [
    ("", "say which picture"), (" pie cell", "'pie' is not a picture"),
    (" grid", "name the relation"), (" grid row=r", "name the relation"),
    (" tree t parent=p kid=c", "tree takes parent, child, not 'kid'"),
    (" grid g row=r row=s", "given twice"), (" grid g row", "expected KEY=SLOT"),
    (" grid g row= ", "expected KEY=SLOT"), (" table t col=c", "table takes no keys"),
    (" grid g place=p row=r", "row and col, or place"), (" none x", "nothing after"),
    (' grid "cell', "unterminated string"), (" grid (cell)", "not a word"),
    (" tree t parent=?x", "not a slot's name"), (" tree t parent=0", "not a slot's name")])
def test_a_malformed_directive_says_why_in_one_line(line, says):
    with pytest.raises(pd.BadDirective, match=says.replace("(", r"\(").replace("?", r"\?")):
        pd.parse_directive(line)


def test_directives_choose_the_pictures_and_a_bad_one_is_a_note():
    program = ("; @picture tree link parent=2 child=1\n"
               "(defrule r => (assert (link b a)))\n"
               ";; @picture grid cell row=r colour=c\n"
               "; @picturesque is no directive; nor is this: @picture grid\n"
               "; @picture table nosuch\n")
    pic = drawn("(link b a)", "(link c b)", *CELLS, program=program)
    assert kinds(pic) == ["text", "text", "tree", "text", "groups"]
    assert pic["parts"][0] == {"kind": "text", "style": "quiet", "text": (
        "(mine.clp line 3: @picture grid cell row=r colour=c: grid takes row, col, value, "
        "place, not 'colour')")}
    assert tree_of(pic) == [("a", 0, ""), ("b", 1, ""), ("c", 2, "")]
    assert pic["parts"][3]["text"] == "(mine.clp line 5: table nosuch: no nosuch facts now)"


def test_a_directive_fills_in_the_slots_it_leaves_out_or_says_which_it_lacks():
    pic = drawn(*CELLS, program="; @picture grid cell\n; @picture tree cell parent=row\n")
    assert kinds(pic) == ["text", "grid", "text", "groups"]
    assert texts_of(pic["parts"][1])[0] == ["5", "", "7"]
    assert pic["parts"][2]["text"] == ("(mine.clp line 2: tree cell: say which slot is "
                                       "the child (child=SLOT))")
    pic = drawn(*CELLS, program="; @picture grid cell row=row col=column\n")
    assert pic["parts"][0]["text"].endswith("no slot 'column' in (cell (row 1) (col 1) "
                                            "(value 5)))")


def test_picture_none_leaves_the_facts_by_relation():
    pic = drawn(*CELLS, program="; @picture none\n")
    assert pic["kind"] == "generic" and kinds(pic) == ["groups"]


def test_an_experta_module_gives_its_directives_in_python_comments(tmp_path):
    from pyengine.ui import sessions
    module = tmp_path / "cells_engine.py"
    module.write_text(
        "from pyengine.experta import Fact, KnowledgeEngine, DefFacts\n"
        "# @picture grid cell row=r col=c\n"
        "text = '# @picture is in a string, not a comment'\n\n"
        "class Cell(Fact):\n    pass\n\n"
        "class Board(KnowledgeEngine):\n"
        "    @DefFacts()\n    def cells(self):  # @picture table\n"
        "        yield Cell(r=1, c=1, v=2)\n")
    session = sessions.opener("experta", [str(module)])().session
    found = pd.directives_of(session)
    assert found.given == (pd.Directive("grid", "cell", (("row", "r"), ("col", "c")),
                                        "cells_engine.py line 2"),)
    assert found.notes == (("(cells_engine.py line 10: @picture table: name the relation "
                            "first: @picture table RELATION ...)"),)


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_clp_program_gives_its_directives_on_either_engine(engine):
    from pyengine.ui import sessions
    session = sessions.opener(engine, [str(EXAMPLES / "sudoku-mini.clp")])().session
    assert [(d.view, d.relation) for d in pd.directives_of(session).given] == [
        ("grid", "cell"), ("grid", "candidate")]


def test_unreadable_comments_are_a_note_not_an_error():
    found = pd.read_directives((("bad.clp", "clp", '; @picture table t\n(a "open'),))
    assert [d.relation for d in found.given] == ["t"]      # read up to the bad string
    assert found.notes == (("(bad.clp: its comments cannot be read: line 2, column 4: "
                            "an unterminated string)"),)


# -- the primitives ---------------------------------------------------------------------------

def test_tables_and_trees_are_checked_and_bounded():
    node = page.tree_node
    good = drawing(page.table(["a", "b"], [page.table_row(["1", "x" * 3000], 4, True)]),
                   page.tree([node("r", 0), node("k", 1, "again", True, "f")]),
                   page.grid([], style="small"))
    checked = check_picture(good)
    assert checked["parts"][0]["rows"][0]["cells"][1].endswith(" ...")
    assert checked["parts"][1]["nodes"][1] == {"text": "k", "depth": 1, "mark": "again",
                                               "lit": True, "title": "f"}
    many = check_picture(drawing(page.tree([node("n", 0)] * (MAX_TREE_NODES + 5))))
    assert len(many["parts"][0]["nodes"]) == MAX_TREE_NODES
    for bad, says in [
            (page.table(["a"], [page.table_row(["1", "2"])]), "2 cells for 1 columns"),
            (page.table(["a"], [{"cells": ["1"], "fact": "f-1"}]), "wrong type"),
            (page.tree([node("r", 1)]), "depth 1 cannot follow one at depth -1"),
            (page.tree([node("r", 0), node("k", 2)]), "depth 2 cannot follow"),
            (page.tree([node("r", 0, "gone")]), "is not one of"),
            (page.tree([node("r", True)]), "wrong type"),
            (page.grid([], style="huge"), "is not one of")]:
        with pytest.raises(ValueError, match=says):
            check_picture(drawing(bad))


# -- any fact base: a picture within the bounds, never an exception -------------------------

NAMES = ["cell", "parent-of", "father", "child", "person", "house", "p", "mother-of", "x"]
SLOTS = ["row", "col", "column", "r", "c", "x", "y", "value", "position", "parent", "child",
         "name", "mother", "id", "kind", "a-b"]
ANY = st.one_of(st.integers(-100, 100), st.sampled_from(["nil", "none", "Ann", "Bob", "x"]),
                st.text("ab ?)(\"\\", max_size=4).map(
                    lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'),
                st.floats(-5, 5, allow_nan=False).map(lambda f: f"{f:.2f}"))
KINDS = {"int": st.integers(0, 9), "wide": st.integers(-70, 70),
         "name": st.sampled_from(["nil", "none", "Ann", "Bob", "Cy", "Dee"]), "any": ANY}
SHAPE = st.one_of(st.lists(st.sampled_from(sorted(KINDS)), max_size=3),      # ordered
                  st.dictionaries(st.sampled_from(SLOTS), st.sampled_from(sorted(KINDS)),
                                  max_size=4))
GRIDS = st.sampled_from([{"row": "int", "col": "int", "value": "any"}, {"x": "wide", "y": "int"},
                         {"position": "int", "name": "name", "kind": "any"}])


@st.composite
def fact_bases(draw) -> list[str]:
    """Facts of a few relations, each of one shape (its slots and the kind of value
    each holds) but for the odd fact of another; multifield values now and then."""
    schema = draw(st.dictionaries(st.sampled_from(NAMES), st.one_of(SHAPE, GRIDS),
                                  min_size=1, max_size=4))
    out = []
    for _ in range(draw(st.integers(0, 40))):
        name = draw(st.sampled_from(sorted(schema)))
        shape = schema[name] if draw(st.integers(0, 9)) else draw(SHAPE)
        if isinstance(shape, list):
            words = [str(draw(KINDS[k])) for k in shape]
        else:
            words = [f"({slot} {' '.join(str(draw(KINDS[k])) for _ in range(n))})"
                     for slot, k in shape.items() for n in [draw(st.sampled_from([1, 1, 1, 2]))]]
        out.append(f"({' '.join([name, *words])})")
    return out


DIRECTIVE = st.lists(st.sampled_from(
    ["grid", "tree", "table", "none", "cell", "father", "person", "row=r", "col=c",
     "row=row", "value=value", "place=position", "parent=1", "child=2", "parent=parent",
     "child=name", "x", "=", "\"", "(", "row=", "3"]), max_size=5).map(" ".join)


@given(fact_bases(), st.lists(DIRECTIVE, max_size=3),
       st.sets(st.integers(1, 40)))
def test_any_fact_base_and_directives_give_a_checked_picture(texts, lines, new):
    program = "".join(f"; @picture {line}\n" for line in lines)
    pic = drawn(*texts, new=new, program=program)
    assert pic["kind"] in ("inferred", "generic") and kinds(pic)[-1] == "groups"


# -- through the web app ----------------------------------------------------------------------

def test_serve_clp_draws_the_sudoku_grid_and_the_family_tree():
    pytest.importorskip("starlette", reason="the web inspector needs the web extra")
    pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")
    from pyengine.ui.web.targets import command_line
    from tests.webclient import opened, post, web_client

    with web_client(command_line("clp", [str(EXAMPLES / "sudoku-mini.clp")])) as c:
        st0 = opened(c, "clp")
        assert st0["picture"]["kind"] == "inferred"
        g = next(p for p in st0["picture"]["parts"] if p["kind"] == "grid")
        assert texts_of(g) == [["1", "", "", "4"], ["", "4", "1", ""], ["2", "", "", "3"],
                               ["", "3", "2", ""]]
        st1 = post(c, st0["id"], "step", 32)     # every candidate, one a firing
        cand = [p for p in st1["picture"]["parts"] if p["kind"] == "grid"][1]
        assert [sorted(t.split()) for t in texts_of(cand)[0]] == [
            [], ["1", "2", "3", "4"], ["1", "2", "3", "4"], []]
        done = post(c, st0["id"], "run")
        g = next(p for p in done["picture"]["parts"] if p["kind"] == "grid")
        assert texts_of(g) == [["1", "2", "3", "4"], ["3", "4", "1", "2"], ["2", "1", "4", "3"],
                               ["4", "3", "2", "1"]]
        assert done["picture"]["parts"][-1]["kind"] == "groups"
    with web_client(command_line("clp", [str(EXAMPLES / "family.clp")])) as c:
        done = post(c, opened(c, "clp")["id"], "run")
        assert tree_of(done["picture"]) == [("Ann", 0, ""), ("Bob", 1, ""), ("Dee", 2, ""),
                                            ("Eve", 2, ""), ("Cid", 1, "")]
        t = next(p for p in done["picture"]["parts"] if p["kind"] == "table")
        assert t["columns"] == ["kind", "of", "is"] and len(t["rows"]) == 6


def test_a_directive_over_more_facts_than_a_picture_draws_says_so():
    """Found by a tester (2026-11-29): 4,500 candidates drew the first 4,096 (a cell
    showed 1 2 3 4 where 5 was a fact) and 10,000 rows were 'the first 200 of 4096'."""
    from pyengine.ui.web.program_picture import MAX_READ
    many = [f"(cand (r {1 + i // 150}) (c {1 + i % 30}) (v {1 + i % 5}))"
            for i in range(MAX_READ + 404)]
    pic = drawn(*many, program="; @picture grid cand row=r col=c value=v\n"
                               "; @picture table cand\n")
    notes = [p["text"] for p in pic["parts"] if p["kind"] == "text"]
    said = f"{MAX_READ + 404} facts, over the {MAX_READ} a picture draws (see the facts by relation)"
    assert notes == [f"(mine.clp line 1: grid cand: {said})",
                     f"(mine.clp line 2: table cand: {said})"]
