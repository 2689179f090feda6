"""The teacher's view in a real Chromium (as test_web_browser.py: Debian's chromium driven
by Playwright's client, skipped with the reason where either is missing): a student's
session appears in the teacher's list as the student steps, the teacher looks at it
read-only, and a program the teacher pushes is offered on the student's page and put
into its editor."""
from __future__ import annotations

import pytest

# a whole Chromium page per test: in the heavy run (.ci/run runs it after the default)
pytestmark = pytest.mark.heavy

# the same skip (or failure, in CI) as the page's other browser tests, then what they use
from tests.browser.test_web_browser import TIMEOUT, chromium_on, create_app
from tests.webclient import COUNT

TOKEN = "teacher-token-for-the-browser-01"


@pytest.fixture(scope="module")
def browser():
    with chromium_on(create_app(teacher=TOKEN)) as chromium:
        yield chromium


def teacher_page(browser):
    """The teacher's page under its own content security policy (its waits are
    selectors: no JavaScript of the test's runs in it), with what it complained of: the
    policy's refusals and uncaught errors (a refused push's 400 is an answer, not one)."""
    pg = browser.new_page(viewport={"width": 1300, "height": 900})
    pg.set_default_timeout(TIMEOUT)
    pg.complaints = []
    pg.on("console", lambda m: pg.complaints.append(m.text) if m.type == "error" and
          not m.text.startswith("Failed to load resource") else None)
    pg.on("pageerror", lambda exc: pg.complaints.append(str(exc)))
    pg.goto(f"{browser.base_url}/teacher#token={TOKEN}")
    pg.wait_for_selector("#status:has-text('refreshed')")
    return pg


def student_page(browser):
    """A student's tab (another context: its own storage), its first session open."""
    context = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True)
    pg = context.new_page()
    pg.set_default_timeout(TIMEOUT)
    pg.goto(browser.base_url + "/")
    pg.wait_for_function("UI.state !== null")
    return pg


def test_a_students_session_appears_and_the_teacher_looks_at_it(browser):
    teacher = teacher_page(browser)
    assert "token" not in teacher.url                    # out of the address bar at once
    student = student_page(browser)
    sid, target = student.evaluate("UI.sid"), student.evaluate("UI.state.target")
    student.click("button[data-verb=step]")
    student.wait_for_function("UI.state.fired === 1")
    row = teacher.locator("#sessions tbody tr", has_text=target).filter(
        has=teacher.locator("td.firings", has_text="1"))
    row.first.wait_for()
    assert "step" in row.first.inner_text()
    row.first.click()
    teacher.wait_for_selector("#look-facts .row")
    teacher.wait_for_selector("#look-last .row")
    assert "1 fired" in teacher.inner_text("#look-label")
    assert teacher.locator("#look-rules details").count() > 0
    assert sid not in teacher.content()                   # the label, never the id
    student.click("button[data-verb=step]")               # the look follows the student
    student.wait_for_function("UI.state.fired === 2")
    teacher.wait_for_selector("#look-label:has-text('2 fired')")
    assert not teacher.complaints, teacher.complaints
    student.context.close()
    teacher.close()


def test_a_pushed_program_is_offered_and_opened_in_the_students_editor(browser):
    student = student_page(browser)
    teacher = teacher_page(browser)
    teacher.fill("#push-text", "(deffacts start (a))\n(defrule r (a) => (system \"ls\"))\n")
    teacher.click("#push-send")
    teacher.wait_for_selector("#push-said.error:has-text('line 2')")
    teacher.fill("#push-name", "lesson")
    teacher.fill("#push-text", COUNT)
    teacher.click("#push-send")
    teacher.wait_for_selector("#push-said:has-text('pushed')")
    student.wait_for_selector("#pushed:has-text('lesson.clp')")      # asked every few s
    student.click("#pushed-open")
    student.wait_for_selector("#program:not([hidden])")
    student.wait_for_function("Editor.text().includes('count-up')")
    assert student.evaluate("$('program-starter').value") == "@teacher"
    assert student.is_hidden("#pushed")
    student.click("#program-load")
    student.wait_for_function("UI.state.program && UI.state.program.name === 'lesson.clp'")
    teacher.wait_for_selector("#sessions tbody tr:has-text('program lesson.clp')")
    teacher.click("#push-withdraw")
    teacher.wait_for_selector("#push-said:has-text('withdrawn')")
    assert not teacher.complaints, teacher.complaints
    student.context.close()
    teacher.close()
