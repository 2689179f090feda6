"""The page's program editor and projector mode in a real Chromium (as
test_web_browser.py: Debian's chromium driven by Playwright's client, skipped with the
reason where either is missing): a program typed and loaded as the tab's session, the
editor's text kept across a reload, keys that do not fire while the editor has the
focus, a compile error marked at its line, the CLIPS mode's tokens, the plain textarea
where CodeMirror did not load, and projector mode (large type, one column, panes chosen
by keys and remembered, nothing cut off)."""
from __future__ import annotations

import pytest

# a whole Chromium page per test: in the heavy run (.ci/run runs it after the default)
pytestmark = pytest.mark.heavy

from pyengine.ui.web.limits import Limits

# the same skip (or failure, in CI) as the page's other browser tests, and their server
from tests.browser.test_web_browser import TIMEOUT, browser, create_app, running  # noqa: F401

DOUBLING = """\
; doubles a number until it passes 20
(deffacts start (number 3))
(defrule double
(number ?n&:(< ?n 20))
=>
(assert (number (* ?n 2))))
"""
# line 3's rule calls a function that does not exist: CLIPS refuses it there
BROKEN = """\
(deffacts start (number 3))

(defrule oops (number ?n) => (no-such-function ?n))
"""


def fresh(browser, path="/", **kw):  # noqa: F811
    """A page on the app, its tab's and the site's storage cleared, the first session
    open."""
    pg = browser.new_page(viewport={"width": 1300, "height": 900}, bypass_csp=True, **kw)
    pg.set_default_timeout(TIMEOUT)
    pg.goto(browser.base_url + "/")
    pg.evaluate("sessionStorage.clear(); localStorage.clear()")
    pg.goto(browser.base_url + path)
    ready(pg)
    return pg


def ready(pg):
    """The session shown and the editor filled (the engines offered once the server said
    what it offers)."""
    pg.wait_for_function("UI.state !== null && document.getElementById('program-engine')"
                         ".options.length > 0")


def needs_programs(pg):
    if not pg.evaluate("!!UI.info.programs"):
        pytest.skip("this server does not answer programs yet (GET /api/targets has no "
                    "'programs'): the editor's load is tested once it does")


def key(pg, k):
    """A key pressed with nothing focused (as a teacher at the keyboard)."""
    pg.evaluate("document.activeElement.blur()")
    pg.keyboard.press(k)


def show_editor(pg):
    if pg.is_hidden("#program"):
        key(pg, "1")
    pg.wait_for_selector("#program .CodeMirror")


def type_program(pg, text):
    """Typed into CodeMirror as a student would, line by line (each line's own
    indentation is the editor's)."""
    pg.click("#program .CodeMirror-code")
    pg.keyboard.press("Control+A")
    pg.keyboard.press("Delete")
    for line in text.splitlines():
        pg.keyboard.type(line)
        pg.keyboard.press("Enter")


def load(pg):
    before = pg.evaluate("UI.sid")
    pg.keyboard.press("Control+Enter")
    pg.wait_for_function(f"UI.sid !== {before!r} || document.getElementById('program-error')"
                         ".textContent !== ''")


def test_a_typed_program_loads_runs_and_survives_a_reload(browser):  # noqa: F811
    pg = fresh(browser)
    try:
        needs_programs(pg)
        show_editor(pg)
        type_program(pg, DOUBLING)
        # typing in the editor fired no key: "s", "r", "e", "n", "g", "b", "t" are in the text
        assert pg.evaluate("UI.state.fired") == 0
        assert pg.evaluate("Editor.text().replace(/\\s+/g, ' ').trim()") == \
            " ".join(DOUBLING.split())
        pg.fill("#program-name", "doubling")
        pg.click("#program .CodeMirror-code")
        load(pg)
        assert pg.inner_text("#program-error") == ""
        pg.wait_for_function("UI.state.program && UI.state.program.name === 'doubling.clp'")
        assert pg.evaluate("UI.state.program.engine") == "clips"
        # the rules are read after the state: wait for them, then check them
        pg.wait_for_function("UI.rules && UI.rules.length === 1")
        assert [r["name"] for r in pg.evaluate("UI.rules")] == ["double"]
        key(pg, "g")                                        # run all
        pg.wait_for_function("UI.state.fired === 3")
        facts = pg.inner_text("#facts")
        assert all(f"(number {n})" in facts for n in (3, 6, 12, 24))
        sid = pg.evaluate("UI.sid")
        pg.reload()
        ready(pg)
        assert pg.evaluate("UI.sid") == sid and pg.evaluate("UI.state.fired") == 3
        assert " ".join(pg.evaluate("Editor.text()").split()) == " ".join(DOUBLING.split())
        assert pg.input_value("#program-name") == "doubling"
    finally:
        pg.close()


def test_a_starter_loads_on_either_engine_and_own_text_is_kept(browser):  # noqa: F811
    pg = fresh(browser)
    try:
        needs_programs(pg)
        starters = pg.evaluate("UI.info.programs.starters")
        if not starters:
            pytest.skip("this server offers no starter programs yet")
        show_editor(pg)
        type_program(pg, "(deffacts mine (mine 1))")
        first = starters[0]
        pg.select_option("#program-starter", first["name"])
        assert pg.evaluate("Editor.text()") == first["source"]
        pg.select_option("#program-engine", "ours")
        pg.click("#program-load")
        pg.wait_for_function(f"UI.state.program && UI.state.program.name === '{first['name']}.clp'")
        assert pg.evaluate("UI.state.program.engine") == "ours"
        pg.reload()                                          # the choice is kept
        ready(pg)
        assert pg.input_value("#program-starter") == first["name"]
        assert pg.input_value("#program-engine") == "ours"
        assert pg.evaluate("Editor.text()") == first["source"]
        pg.select_option("#program-starter", "")             # your own text is as it was
        assert " ".join(pg.evaluate("Editor.text()").split()) == "(deffacts mine (mine 1))"
    finally:
        pg.close()


def test_a_compile_error_is_marked_at_its_line(browser):  # noqa: F811
    pg = fresh(browser)
    try:
        needs_programs(pg)
        show_editor(pg)
        sid = pg.evaluate("UI.sid")
        pg.evaluate(f"Editor.cm.setValue({BROKEN!r})")
        pg.click("#program .CodeMirror-code")
        load(pg)
        said = pg.inner_text("#program-error")
        assert "line 3" in said and "no-such-function" in said
        marked = pg.locator("#program .pe-error-line")       # the line's background
        assert marked.count() == 1
        line = marked.locator("xpath=..")                    # the line, with its gutter
        assert "no-such-function" in line.inner_text()
        assert line.locator(".pe-error-mark").count() == 1
        assert pg.evaluate("Editor.cm.getLineHandle(2).bgClass") == "pe-error-line"
        assert pg.evaluate("!!Editor.cm.getLineHandle(2).gutterMarkers['pe-errors']")
        assert pg.evaluate("UI.sid") == sid                  # the tab's session is as it was
        pg.keyboard.type(" ")                                # an edit clears the mark
        assert pg.locator("#program .pe-error-line").count() == 0
        assert pg.inner_text("#program-error") == ""
    finally:
        pg.close()


def test_the_clips_mode_names_each_token(browser):  # noqa: F811
    pg = fresh(browser)
    try:
        show_editor(pg)
        pg.evaluate("""Editor.cm.setValue(
          '(defrule r "doc" (declare (salience 10)) ?f <- (p (s ?x&~a|:(> ?x 1)) $?y) ' +
          '(test (eq ?*g* 2.5)) => (retract ?f)) ; done')""")
        tokens = pg.evaluate("Editor.cm.getLineTokens(0).filter(t => t.type)"
                             ".map(t => [t.string, t.type])")
        kinds = {}
        for text, kind in tokens:
            kinds.setdefault(text, set()).add(kind)
        assert kinds["defrule"] == {"keyword"} and kinds["r"] == {"def"}
        assert kinds['"doc"'] == {"string"} and kinds["; done"] == {"comment"}
        assert kinds["declare"] == kinds["salience"] == kinds["test"] == {"builtin"}
        assert kinds["p"] == {"relation"} and kinds["s"] == {"attribute"}
        assert kinds[">"] == kinds["eq"] == kinds["retract"] == {"head"}
        assert kinds["?x"] == kinds["$?y"] == kinds["?f"] == {"variable-2"}
        assert kinds["?*g*"] == {"variable-3"}
        assert kinds["10"] == kinds["1"] == kinds["2.5"] == {"number"}
        assert kinds["<-"] == kinds["=>"] == {"arrow"}
        assert kinds["&"] == kinds["~"] == kinds["|"] == kinds[":"] == {"operator"}
        assert "a" not in kinds                              # a constant: plain
        # bracket matching is on: the cursor after a ')' marks its '('
        pg.evaluate("Editor.cm.focus(); Editor.cm.setCursor({line: 0, ch: 40})")
        assert pg.locator("#program .CodeMirror-matchingbracket").count() == 2
    finally:
        pg.close()


def test_without_codemirror_the_editor_is_a_textarea(browser):  # noqa: F811
    pg = browser.new_page(viewport={"width": 1300, "height": 900}, bypass_csp=True)
    pg.set_default_timeout(TIMEOUT)
    try:
        pg.route("**/vendor/codemirror/*.js", lambda route: route.abort())
        pg.goto(browser.base_url + "/")
        pg.evaluate("sessionStorage.clear(); localStorage.clear()")
        pg.goto(browser.base_url + "/")
        ready(pg)
        assert pg.evaluate("typeof CodeMirror") == "undefined"
        assert pg.is_visible("#program-text") and pg.locator(".CodeMirror").count() == 0
        pg.fill("#program-text", BROKEN)
        assert pg.evaluate("UI.state.fired") == 0
        if not pg.evaluate("!!UI.info.programs"):
            pytest.skip("this server does not answer programs yet (the textarea itself is shown)")
        pg.press("#program-text", "Control+Enter")
        pg.wait_for_selector("#program-text.pe-error")
        assert "line 3" in pg.inner_text("#program-error")
        selected = pg.evaluate("(t => t.value.slice(t.selectionStart, t.selectionEnd))"
                               "(document.getElementById('program-text'))")
        assert selected == BROKEN.splitlines()[2]
        pg.reload()
        ready(pg)
        assert pg.input_value("#program-text") == BROKEN
    finally:
        pg.close()


def test_a_server_that_runs_no_programs_says_so(browser):  # noqa: F811
    with running(create_app(limits=Limits(programs=False))) as url:
        pg = browser.new_page(bypass_csp=True)
        pg.set_default_timeout(TIMEOUT)
        try:
            pg.goto(url + "/")
            ready(pg)
            key(pg, "1")
            assert pg.is_disabled("#program-load")
            assert pg.inner_text("#program-error") == "this server runs no programs from the page"
        finally:
            pg.close()


PANE_BOXES = ["#picture", "#last", "#timeline", "#facts", "#why", "#graph", "#agenda",
              "#rules", "#matches", "#program"]


def overflowing(pg):
    """The shown panes and boxes whose content is wider (or, a box, taller) than they are."""
    return pg.evaluate("""sels => sels.concat(['.pane:not([hidden])', 'main', 'body'])
      .flatMap(s => [...document.querySelectorAll(s)])
      .filter(e => e.offsetParent !== null || e === document.body)
      .filter(e => e.scrollWidth > e.clientWidth || (e.id && e.scrollHeight > e.clientHeight + 1))
      .map(e => (e.id || e.dataset.pane || e.tagName) + ' ' + e.scrollWidth + '/' + e.clientWidth
                + ' ' + e.scrollHeight + '/' + e.clientHeight)""", PANE_BOXES)


def px(pg, selector):
    return float(pg.evaluate(f"parseFloat(getComputedStyle(document.querySelector('{selector}'))"
                             ".fontSize)"))


def test_projector_mode(browser):  # noqa: F811
    pg = fresh(browser, "/?projector=1")
    try:
        assert pg.evaluate("document.body.classList.contains('projector')")
        assert px(pg, "body") >= 22
        assert min(px(pg, s) for s in ("#facts", "#agenda", "#rules", "#last")) >= 20
        # every pane shown (1 and 4 and 7 start hidden in projector mode), then run
        for k in "147":
            key(pg, k)
        assert pg.locator(".pane[hidden]").count() == 0
        key(pg, "g")
        pg.wait_for_function("UI.state.stage.done")
        pg.locator("#rules details summary").first.click()      # a rule's source open
        pg.locator("#rules summary button").first.click()       # and its matches
        pg.wait_for_function("document.getElementById('matches').textContent !== ''")
        # one column: every section starts at the same left edge, and nothing is cut off
        lefts = pg.evaluate("[...document.querySelectorAll('main > section')]"
                            ".map(s => s.getBoundingClientRect().left)")
        assert len(set(lefts)) == 1
        assert overflowing(pg) == []
        # a long line wraps rather than widening its box
        pg.evaluate("Editor.cm.setValue('(deffacts long (' + 'word '.repeat(200) + '))')")
        pg.evaluate("UI.say('x'.repeat(500))")
        assert overflowing(pg) == []
        # the choice of panes is kept for projector mode, apart from the normal one's
        key(pg, "6")
        assert pg.is_hidden(".pane[data-pane=why]")
        pg.reload()
        ready(pg)
        assert pg.is_hidden(".pane[data-pane=why]") and pg.is_visible(".pane[data-pane=graph]")
        key(pg, "p")                                         # projector mode off
        assert not pg.evaluate("document.body.classList.contains('projector')")
        assert "projector" not in pg.url and px(pg, "body") < 22
        assert pg.is_visible(".pane[data-pane=why]") and pg.is_visible("#program")
        key(pg, "p")
        assert pg.url.endswith("?projector=1") and pg.is_hidden(".pane[data-pane=why]")
        key(pg, "?")                                         # the keys, in the page's help
        assert pg.is_visible("#help") and "projector mode" in pg.inner_text("#help")
        pg.keyboard.press("Escape")
        assert not pg.is_visible("#help")
    finally:
        pg.close()


def test_the_editor_under_the_pages_content_security_policy(browser):  # noqa: F811
    pg = browser.new_page()
    pg.set_default_timeout(TIMEOUT)
    complaints = []
    pg.on("console", lambda msg: complaints.append(msg.text) if msg.type == "error" else None)
    pg.on("pageerror", lambda exc: complaints.append(str(exc)))
    try:
        pg.goto(browser.base_url + "/?projector=1")
        pg.wait_for_selector("#title:has-text('[')")
        pg.keyboard.press("1")
        pg.wait_for_selector("#program .CodeMirror")
        pg.click("#program .CodeMirror-code")
        pg.keyboard.type("(deffacts f (a 1))")
        pg.wait_for_selector("#program .cm-keyword:has-text('deffacts')")
        assert not complaints, complaints
    finally:
        pg.close()
