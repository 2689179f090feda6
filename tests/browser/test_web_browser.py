"""The web inspector in a real Chromium (Debian's ``chromium``, driven by
Playwright's own client; no browser download). Skipped, with the reason, where
Playwright, uvicorn or Chromium is missing; CI installs them (.ci/run) and sets
PYENGINE_BROWSER_TESTS=required, which turns that skip into a failure."""
from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil

import pytest

# a whole Chromium page per test: in the heavy run (.ci/run runs it after the default)
pytestmark = pytest.mark.heavy

CHROMIUM = next((p for p in (os.environ.get("CHROMIUM"), shutil.which("chromium"),
                              shutil.which("chromium-browser")) if p and os.path.isfile(p)), None)
MISSING = [why for why in (
    None if importlib.util.find_spec("starlette") else "starlette (the web extra)",
    None if importlib.util.find_spec("uvicorn") else "uvicorn (the web extra)",
    None if importlib.util.find_spec("playwright") else "playwright (pip install playwright)",
    None if CHROMIUM else "Chromium (apt-get install -y chromium; .ci/run installs it)",
) if why]
if MISSING:
    reason = "the browser tests need " + ", ".join(MISSING)
    if os.environ.get("PYENGINE_BROWSER_TESTS") == "required":
        pytest.fail(reason + " (PYENGINE_BROWSER_TESTS=required)", pytrace=False)
    pytest.skip(reason, allow_module_level=True)

from playwright import sync_api  # noqa: E402

from pyengine.ui.web.app import create_app  # noqa: E402
from pyengine.ui.web.background import CHROMIUM_ARGS, running  # noqa: E402

TIMEOUT = 30_000      # ms for any one wait (a loaded CI machine is slow)


@contextlib.contextmanager
def chromium_on(app):
    """Debian's Chromium, with ``base_url`` the address of ``app`` served meanwhile."""
    with running(app) as url, sync_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        chromium.base_url = url
        try:
            yield chromium
        finally:
            chromium.close()


def watched_page(chromium, **options):
    """A new page whose console errors (``complaints``) and dialogs are kept."""
    pg = chromium.new_page(viewport={"width": 1300, "height": 900}, **options)
    pg.set_default_timeout(TIMEOUT)
    pg.complaints, pg.dialogs = [], []
    pg.on("console", lambda m: pg.complaints.append(m.text) if m.type == "error" else None)
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    return pg


@pytest.fixture(scope="module")
def browser():
    with chromium_on(create_app()) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def page(browser):
    # The tests' waits evaluate JavaScript text, which the page's own policy forbids:
    # they run with it off; test_page_runs_under_its_content_security_policy has it on.
    pg = browser.new_page(viewport={"width": 1300, "height": 900}, bypass_csp=True)
    pg.set_default_timeout(TIMEOUT)
    pg.base_url = browser.base_url
    yield pg
    pg.close()


def test_page_runs_under_its_content_security_policy(browser):
    pg = browser.new_page()
    pg.set_default_timeout(TIMEOUT)
    complaints = []
    pg.on("console", lambda msg: complaints.append(msg.text) if msg.type == "error" else None)
    pg.goto(browser.base_url)
    pg.wait_for_selector("#title:has-text('scramble')")
    pg.click("button[data-verb=step]")
    pg.wait_for_selector("#message:has-text('1 firing')")
    pg.wait_for_selector("#last .fire")
    assert not complaints, complaints
    pg.close()


def open_target(page, target: str, **options) -> None:
    page.goto(page.base_url)
    page.evaluate("sessionStorage.clear()")
    page.goto(page.base_url)
    page.wait_for_selector("#target option", state="attached")
    page.select_option("#target", target)
    for name, value in options.items():
        page.fill(f"[data-opt={name}]", str(value))
    page.click("#open")
    settle(page)
    page.wait_for_function(f"UI.state && UI.state.target === {target!r} && UI.state.fired === 0")


def settle(page) -> None:
    """Wait until every open and action the page has queued is done (the page's first
    open of the default target, which is also a scramble at 0 firings, can still be
    ahead of the one asked for)."""
    page.evaluate("UI.queue.then(() => null)")


def press(page, key: str) -> None:
    before = page.evaluate("UI.state.fired")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press(key)
    page.wait_for_function(f"UI.state.fired !== {before} || UI.state.stage.done")


def test_scramble_to_the_end_back_and_why(page):
    open_target(page, "scramble", seed=1)
    assert page.inner_text("#picture").startswith("0 of 0 letters")
    page.click("button[data-verb=step]")
    page.wait_for_function("UI.state.fired === 1")
    while not page.evaluate("UI.state.stage.done"):
        press(page, "e")                                   # each stage to its end
    decoded = page.inner_text("#pic-decoded").replace(" ", "")
    assert len(decoded) == 44
    assert page.inner_text("#message").split("\n")[1].replace(" ", "") == decoded.upper()
    assert page.locator("#pic-line .tone-solid").count() == 44
    fired = page.evaluate("UI.state.fired")
    page.click("button[data-verb=back]")
    page.wait_for_function(f"UI.state.fired === {fired - 1}")
    assert page.locator("#pic-line .tone-faint").count() == 1
    assert page.locator("#facts .fact.gone").count() >= 1     # what back took away
    page.locator("#facts .fact", has_text="(text ").first.click(position={"x": 8, "y": 6})
    page.wait_for_selector("#why details")
    tree = page.inner_text("#why")
    assert "decode-next-letter" in tree and "[stage fact" in tree
    page.locator("#why details summary").nth(1).click()      # expand one level deeper
    page.locator("#timeline .fire").nth(2).click()            # back to before firing 3
    page.wait_for_function("UI.state.fired === 2")


def submit(page, form: str, slot: str, value: str) -> None:
    """Type a value into a declared fact's form and send it; wait for the answer."""
    before = page.evaluate("UI.state.fired")
    page.fill(f"#{form} [data-slot={slot}]", value)
    page.press(f"#{form} [data-slot={slot}]", "Enter")
    page.wait_for_function(f"UI.state.fired !== {before}")


def test_three_spelling_bee_guesses(page):
    open_target(page, "bee-play", letters="aeginrt", center="r")
    for word, says in (("gear", "Good!"), ("tiger", "Nice!"), ("tgin", "Missing center")):
        submit(page, "submit-guess", "word", word)
        assert page.inner_text("#pic-verdict").startswith(word.upper())
        assert says in page.inner_text("#pic-verdict")
    assert page.inner_text("#pic-found") == "gear tiger"
    assert page.inner_text("#pic-score").startswith("score 6")
    # the input keeps the focus from one guess to the next
    assert page.evaluate("document.activeElement.dataset.slot") == "word"


def test_refusals_show_as_errors(page):
    open_target(page, "scramble", seed=2)
    page.fill("#assert", '(x (y (system "ls")))')
    page.click("#assert-form button")
    settle(page)
    page.wait_for_selector("#message.error")
    assert "function call" in page.inner_text("#message")


def test_a_plug_in_puzzle_in_the_page(browser, monkeypatch):
    """The toy puzzle (tests/toy), registered as a plug-in, is in the menu with its
    example word filled in; it opens and steps, its picture is drawn from its
    declaration, and a guess goes through its form."""
    monkeypatch.setenv("PYENGINE_PUZZLES", "tests.toy.puzzle")
    with running(create_app()) as url:
        pg = browser.new_page(bypass_csp=True)
        pg.set_default_timeout(TIMEOUT)
        pg.base_url = url
        try:
            open_target(pg, "mirror")
            assert pg.input_value("[data-opt=word]") == "stressed"
            assert pg.inner_text("#title").startswith("mirror stressed")
            pg.click("button[data-verb=step]")
            pg.wait_for_function("UI.state.fired === 1")
            pg.click("button[data-verb=run]")
            pg.wait_for_function("UI.state.stage.done")
            assert pg.inner_text("#pic-spelled") == "spelled: desserts"
            assert pg.locator("#pic-mirrored span").count() == 8
            submit(pg, "submit-guess", "text", "desserts")
            assert pg.inner_text("#pic-verdict") == "desserts: right"
        finally:
            pg.close()
