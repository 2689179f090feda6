"""The page's Network pane in a real Chromium: a rule's network drawn as SVG after
each action, what changed marked, a node's tokens listed with links to the facts.
Skipped, with the reason, where Playwright, uvicorn or Chromium is missing (as the
page's other browser tests)."""
from __future__ import annotations

from pathlib import Path

import pytest

# a whole Chromium page per test: in the heavy run (.ci/run runs it after the default)
pytestmark = pytest.mark.heavy

from tests.browser.test_web_browser import MISSING, chromium_on, watched_page

if MISSING:
    pytest.skip("the browser tests need " + ", ".join(MISSING), allow_module_level=True)

from pyengine.ui.web.app import create_app
from pyengine.ui.web.targets import command_line

FAMILY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "family.clp"


@pytest.fixture(scope="module")
def page():
    with chromium_on(create_app(command_line("clp", [str(FAMILY)]))) as chromium:
        pg = watched_page(chromium)
        pg.goto(chromium.base_url)
        pg.wait_for_selector("#network-svg g.net-node")
        yield pg


def nodes(page) -> dict[str, str]:
    """Each drawn node's id and class."""
    return {g.get_attribute("data-node"): g.get_attribute("class")
            for g in page.query_selector_all("#network-svg g.net-node")}


def test_the_rule_next_to_fire_is_drawn_at_first(page):
    assert page.input_value("#network-rule") == "find-siblings"       # the agenda's top
    drawn = nodes(page)
    assert list(drawn) == ["find-siblings/p1", "find-siblings/p2", "find-siblings/j1",
                           "find-siblings/t"]
    assert "kind-join" in drawn["find-siblings/j1"]
    assert page.text_content("#network-svg g[data-node='find-siblings/t'] .net-count") \
        == "4 activations"
    assert not page.complaints                 # and under the page's own CSP


def test_a_step_marks_what_changed_and_a_node_lists_its_tokens(page):
    page.select_option("#network-rule", "report-roots")
    page.wait_for_selector("#network-svg g[data-node='report-roots/j1']")
    for fired in range(1, 7):                  # until a grandparent fact blocks the not
        page.click("button[data-verb=step]")
        page.wait_for_selector(f"#network-svg[data-fired='{fired}']")
        if "lost" in nodes(page)["report-roots/j1"]:
            break
    drawn = nodes(page)
    assert "kind-not" in drawn["report-roots/j1"] and "lost" in drawn["report-roots/j1"]
    assert "gained" in drawn["report-roots/p2"]
    assert page.input_value("#network-rule") == "report-roots"        # the choice is kept
    page.click("#network-svg g[data-node='report-roots/j1']")
    lost = page.query_selector("#network-items .net-token.lost")
    assert lost is not None and lost.text_content() == "f-1,*"
    page.click("#network-svg g[data-node='report-roots/p1']")
    page.click("#network-items a:has-text('f-1')")
    page.wait_for_selector("#why-of:has-text('f-1')")
