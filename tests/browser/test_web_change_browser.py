"""Changing a session in the page, in a real Chromium:
a fact edited with the keyboard (edit, type, Enter; Esc puts it back), back undoing
the edit, an ordered fact refused in the message line, the graph of the last 20
firings (key v) shown as an image in which a fact text holding markup runs nothing
(the page's policy off, so nothing but the image keeps it inert), and the transcript
downloaded. Skipped, with the reason, where Playwright, uvicorn or
Chromium is missing (as the page's other browser tests)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

# a whole Chromium page per test: in the heavy run (.ci/run runs it after the default)
pytestmark = pytest.mark.heavy

from tests.browser.test_web_browser import MISSING, chromium_on, watched_page

if MISSING:
    pytest.skip("the browser tests need " + ", ".join(MISSING), allow_module_level=True)

from pyengine.ui.web.app import create_app  # noqa: E402
from pyengine.ui.web.targets import command_line  # noqa: E402

FAMILY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "family.clp"


@pytest.fixture(scope="module")
def page():
    with chromium_on(create_app(command_line("clp", [str(FAMILY)]))) as chromium:
        # the tests' waits evaluate JavaScript text, which the page's policy forbids: off
        # here, so the graph's markup is shown to run nothing by itself, policy or not
        pg = watched_page(chromium, accept_downloads=True, bypass_csp=True)
        pg.goto(chromium.base_url)
        pg.wait_for_selector("#fact-2")
        yield pg


def fact_text(page, fid: int) -> str:
    return page.text_content(f"#fact-{fid}")


def test_a_fact_is_edited_with_the_keyboard_and_back_undoes_it(page):
    page.click("#fact-2 button:has-text('edit')")
    page.wait_for_selector("#edit-2")
    assert page.evaluate("document.activeElement.dataset.slot") == "name"
    assert page.input_value("#edit-2 [data-slot=sex]") == "male"
    page.keyboard.press("Escape")                          # Esc: the fact as it was
    page.wait_for_selector("#fact-2")
    assert page.locator("#edit-2").count() == 0
    page.click("#fact-2 button:has-text('edit')")
    page.wait_for_selector("#edit-2")
    page.keyboard.type("Bobby")                            # over the value selected
    page.keyboard.press("Tab")
    page.keyboard.press("Control+a")
    page.keyboard.type('"a <b> & c"')                      # a string, typed as CLIPS text
    page.keyboard.press("Enter")
    page.wait_for_function("UI.state.message.startsWith('modified f-2')")
    assert '(person (name Bobby) (sex "a <b> & c") (parent Ann))' in fact_text(page, 2)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("b")                               # back: the edit undone
    page.wait_for_function("UI.state.message.startsWith('undid your modify of f-2')")
    assert "(person (name Bob) (sex male) (parent Ann))" in fact_text(page, 2)
    assert not page.complaints and not page.dialogs


def test_an_ordered_fact_is_refused_in_the_message_line(page):
    page.fill("#assert", "(note hello)")
    page.press("#assert", "Enter")
    page.wait_for_function("UI.state.message.startsWith('asserted')")
    fid = page.evaluate("UI.state.facts.find(f => f.text === '(note hello)').id")
    page.click(f"#fact-{fid} button:has-text('edit')")
    page.wait_for_selector("#message.error")
    assert "is an ordered fact" in page.inner_text("#message")
    assert page.locator(f"#edit-{fid}").count() == 0


def test_the_graph_key_shows_the_last_firings_and_runs_no_markup(page):
    if shutil.which("dot") is None:
        pytest.skip("needs Graphviz's dot (apt-get install graphviz; .ci/run installs it)")
    for fact in ('(person (name "<script>window.pwned=1</script>") (sex male) (parent Bob))',
                 ('(person (name "\\"><img src=x onerror=window.pwned=2>") (sex male) '
                  '(parent "<script>window.pwned=1</script>"))')):
        page.fill("#assert", fact)
        page.press("#assert", "Enter")
        page.wait_for_function("UI.state.message.startsWith('asserted')")
    page.click("button[data-verb=run]")
    page.wait_for_function("UI.state.fired > 8")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("v")
    page.wait_for_selector("#graph img")
    src = page.get_attribute("#graph img", "src")
    assert src.startswith("data:image/svg+xml;base64,")
    assert page.text_content("#graph-of") == "the last 20 firings"
    assert page.locator("#graph script, #graph foreignObject, #graph svg").count() == 0
    assert page.evaluate("window.pwned") is None and not page.dialogs
    svg = page.evaluate("atob(document.querySelector('#graph img').src.split(',')[1])")
    assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in svg and "<script" not in svg


def test_the_transcript_downloads_as_a_text_file(page):
    # its own modify and back (the module's tests may run on other workers, or not first)
    page.click("#fact-2 button:has-text('edit')")
    page.wait_for_selector("#edit-2")
    page.keyboard.type("Bobby")
    page.keyboard.press("Enter")
    page.wait_for_function("UI.state.message.startsWith('modified f-2')")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("b")
    page.wait_for_function("UI.state.message.startsWith('undid your modify of f-2')")
    with page.expect_download() as got:
        page.click("#transcript-link")
    download = got.value
    assert download.suggested_filename == "pyengine-clp-transcript.txt"
    text = Path(download.path()).read_text()
    assert "pyengine> modify 2 (name Bobby)" in text and "pyengine> back" in text
    assert "error: " not in text.split("pyengine> modify")[0]
