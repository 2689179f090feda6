"""The pictures of a program of one's own in a real Chromium (pictures.js's grid, tree
and table drawn from what ``serve clp`` infers and the program's ``@picture``
comments ask for). Skipped, with the reason, as tests/browser/test_web_browser.py is."""
from __future__ import annotations

from pathlib import Path

import pytest

# a whole Chromium page per test: in the heavy run (.ci/run runs it after the default)
pytestmark = pytest.mark.heavy

from pyengine.ui.web.targets import command_line
from tests.browser.test_web_browser import (  # it skips this module where it skips
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT,
    create_app,
    open_target,
    running,
    sync_api,
)

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "docs" / "examples"


@pytest.fixture
def served():
    """A page on ``serve clp FILE``: call it with the file; the page, its CSP off (the
    waits evaluate script text), or on with ``csp=True``."""
    with sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        stack = []

        def serve(path: Path, csp: bool = False):
            server = running(create_app(command_line("clp", [str(path)])))
            url = server.__enter__()
            stack.append(server)
            page = chromium.new_page(viewport={"width": 1300, "height": 900},
                                     bypass_csp=not csp)
            page.set_default_timeout(TIMEOUT)
            page.base_url = url
            return page
        try:
            yield serve
        finally:
            chromium.close()
            for server in stack:
                server.__exit__(None, None, None)


def run(page) -> None:
    page.click("button[data-verb=run]")
    page.wait_for_function("UI.state.fired > 0 && UI.state.stage.done")


def test_a_family_tree_and_a_table_whose_rows_open_their_why(served):
    page = served(EXAMPLES / "family.clp")
    open_target(page, "clp")
    run(page)
    nodes = page.locator("#picture .pic-tree .node")
    assert nodes.all_inner_texts() == ["Ann", "Bob", "Dee", "Eve", "Cid"]
    indents = [n.evaluate("e => getComputedStyle(e).paddingLeft") for n in nodes.all()]
    assert indents[0] == "0px" and indents[2] == indents[3] and indents[1] != indents[2]
    table = page.locator("#picture table.pic-table")
    assert table.locator("th").all_inner_texts() == ["kind", "of", "is"]
    assert table.locator("tbody tr").count() == 6
    table.locator("tbody tr", has_text="grandparent").first.click()
    page.wait_for_selector("#why details")
    assert "find-grandparents" in page.inner_text("#why")
    assert page.locator("#picture .group").count() == 2          # the facts by relation


def test_the_sudoku_grids_asked_for_and_a_note_drawn_as_text(served, tmp_path):
    program = (EXAMPLES / "sudoku-mini.clp").read_text()
    mine = tmp_path / "mine.clp"
    mine.write_text("; @picture tree cell parent=<b>\n" + program)
    page = served(mine, csp=True)
    complaints = []
    page.on("console", lambda m: complaints.append(m.text) if m.type == "error" else None)
    page.goto(page.base_url)
    page.wait_for_selector("#picture table.grid.small td")
    grid = page.locator("#picture table.grid.small").first
    assert [r.inner_text().split() for r in grid.locator("tr").all()] == [
        ["1", "4"], ["4", "1"], ["2", "3"], ["3", "2"]]
    quiet = page.locator("#picture .pic-text.quiet").first
    note = quiet.inner_text()
    assert note == ("(mine.clp line 1: @picture tree cell parent=<b>: expected KEY=SLOT, "
                    "not 'parent=')")                  # '<' ends a CLIPS symbol
    assert quiet.locator("*").count() == 0                        # the note's <b> is text
    assert not complaints, complaints
