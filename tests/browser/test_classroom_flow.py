"""A student's whole lesson in a real Chromium, from an empty editor, without a
terminal: write a program, load it, step it, watch the network change, edit a fact,
go back, and the teacher switches the page to projector mode. Both engines."""
from __future__ import annotations

import pytest

# a whole Chromium page per test: in the heavy run (.ci/run runs it after the default)
pytestmark = pytest.mark.heavy

from tests.browser.test_editor_browser import fresh, key, load, show_editor, type_program
# the same skip (or failure, in CI) as the page's other browser tests, and their server
from tests.browser.test_web_browser import browser  # noqa: F401

LESSON = """\
(deftemplate light (slot room) (slot state))
(deffacts house (light (room hall) (state off)) (light (room den) (state off)))
(defrule switch-on
?l <- (light (room ?r) (state off))
=>
(modify ?l (state on)))
"""


def node_items(pg, node: str) -> int:
    """How many items a network node holds ("2 facts", "1 token")."""
    said = pg.text_content(f"#network-svg g[data-node='{node}'] .net-count") or "0"
    return int(said.split()[0])


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_from_an_empty_editor_to_a_stepped_inspected_program(browser, engine):  # noqa: F811
    pg = fresh(browser)
    try:
        show_editor(pg)
        type_program(pg, LESSON)
        pg.select_option("#program-engine", engine)
        pg.fill("#program-name", "lights")
        pg.click("#program .CodeMirror-code")
        load(pg)
        pg.wait_for_function("UI.state.program && UI.state.program.name === 'lights.clp'")
        assert pg.evaluate("UI.state.program.engine") == engine
        assert pg.evaluate("UI.state.agenda.length") == 2
        # the network pane shows the rule's alpha memory: both lights are off
        pg.wait_for_selector("#network-svg g[data-node='switch-on/p1']")
        assert node_items(pg, "switch-on/p1") == 2
        key(pg, "s")                                           # step: one light goes on
        pg.wait_for_selector("#network-svg[data-fired='1']")
        assert node_items(pg, "switch-on/p1") == 1
        assert pg.locator("#network-svg g.net-node.lost").count() >= 1    # what it lost
        on = pg.evaluate("UI.state.facts.find(f => f.text.includes('(state on)')).id")
        # edit the other light by hand: its slot in a form, Enter modifies it
        off = pg.evaluate("UI.state.facts.find(f => f.text.includes('(state off)')).id")
        pg.click(f"#fact-{off} button:has-text('edit')")
        pg.wait_for_selector(f"#edit-{off} [data-slot=state]")
        pg.fill(f"#edit-{off} [data-slot=state]", "broken")
        pg.press(f"#edit-{off} [data-slot=state]", "Enter")
        pg.wait_for_function("UI.state.message.startsWith('modified')")
        assert "(state broken)" in pg.text_content(f"#fact-{off}")
        assert pg.evaluate("UI.state.agenda.length") == 0
        key(pg, "b")                                           # back: the edit undone
        pg.wait_for_function("UI.state.message.startsWith('undid')")
        assert "(state off)" in pg.text_content(f"#fact-{off}")
        key(pg, "b")                                           # back: the firing undone
        pg.wait_for_function("UI.state.fired === 0")
        assert "(state off)" in pg.text_content(f"#fact-{on}")
        key(pg, "p")                                           # the teacher's projector
        pg.wait_for_function("document.body.classList.contains('projector')")
        size = pg.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        assert size >= 22
    finally:
        pg.close()


FOCUS = """\
(defmodule MAIN (export ?ALL))
(deffacts d (x 1))
(defrule MAIN::begin (x 1) (not (y)) => )
(defmodule WATCH (import MAIN ?ALL))
(defrule WATCH::alarm (declare (auto-focus TRUE)) (x ?) => )
"""


def test_the_agenda_pane_shows_clips_s_star_and_other_modules(browser):  # noqa: F811
    """The pane dropped the "*" of a not and said nothing of another module's
    activation that fires next (a teacher's findings)."""
    pg = fresh(browser)
    try:
        show_editor(pg)
        type_program(pg, FOCUS)
        pg.fill("#program-name", "focus")
        pg.click("#program .CodeMirror-code")
        load(pg)
        pg.wait_for_function("UI.state.program && UI.state.program.name === 'focus.clp'")
        lines = pg.locator("#agenda .act").all_text_contents()
        assert lines[0].strip() == "0  begin: f-1,*"
        assert lines[1].startswith(";; and 1 activation in other modules")
    finally:
        pg.close()
