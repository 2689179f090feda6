"""The teacher's view in a real Chromium (as test_web_browser.py: Debian's chromium driven
by Playwright's client, skipped with the reason where either is missing): a student's
session appears in the teacher's list as the student steps, the teacher looks at it
read-only, and a program the teacher pushes is offered on the student's page and put
into its editor; a slow look at one student neither stops the list nor is asked again
before it answers; a fact holding a line break is one row, in both pages alike."""
from __future__ import annotations

import pytest

# a whole Chromium page per test: in the heavy run (.ci/run runs it after the default)
pytestmark = pytest.mark.heavy

# the same skip (or failure, in CI) as the page's other browser tests, then what they use
from tests.browser.test_web_browser import TIMEOUT, chromium_on, create_app
from tests.webclient import COUNT

TOKEN = "teacher-token-for-the-browser-01"
# a string written over two lines: its fact's text holds a line break
NEWLINE = """(deffacts start (note "a
b") (note "c"))
"""


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


def student_with_program(browser, name: str, source: str):
    """A student's tab whose session is a program of their own (``name``.clp), loaded
    as the editor loads it."""
    student = student_page(browser)
    student.wait_for_function("document.getElementById('program-engine').options.length > 0")
    student.evaluate("""([name, source]) => {
        document.getElementById("program-name").value = name;
        if (Editor.cm) Editor.cm.setValue(source);
        else document.getElementById("program-text").value = source;
        return Editor.load();
    }""", [name, source])
    student.wait_for_function(f"UI.state.program && UI.state.program.name === '{name}.clp'")
    return student


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


def list_refreshed(teacher, times: int) -> None:
    """The class list asked for and answered ``times`` more times (each within 10 s:
    it is asked 3 s after its last answer)."""
    for _ in range(times):
        with teacher.expect_response(lambda r: r.url.endswith("/api/class") and r.ok,
                                     timeout=10_000):
            pass


def test_a_slow_look_neither_stops_the_list_nor_piles_up(browser):
    """A student whose worker is busy for seconds (90 rules, each network asked for)
    answers the teacher's look late: here the look's answer is held back. Meanwhile the
    list goes on refreshing on its own clock, and the look is not asked again (nor by a
    second click on the row) until it has answered; then it goes on."""
    teacher = teacher_page(browser)
    student = student_with_program(browser, "slow-look", COUNT)
    held, asked, holding = [], [], [True]
    teacher.route("**/api/class/*/state",
                  lambda route: held.append(route) if holding[0] else route.continue_())
    teacher.on("request", lambda r: asked.append(r.url) if r.url.endswith("/state") else None)
    try:
        row = teacher.locator("#sessions tbody tr", has_text="program slow-look.clp")
        row.first.click()
        for _ in range(TIMEOUT // 50):
            if held:
                break
            teacher.wait_for_timeout(50)
        assert len(held) == 1, asked
        list_refreshed(teacher, 2)
        rules = teacher.locator("#look-rules details").count()
        assert rules > 0
        row.first.click()                                  # asked again: still the one
        list_refreshed(teacher, 1)
        assert len(held) == 1 and len(asked) == 1, asked
        assert teacher.locator("#look-rules details").count() == rules    # not blanked
        assert teacher.locator("#look-facts .row").count() == 0
        holding[0] = False
        with teacher.expect_response(lambda r: r.url.endswith("/state"), timeout=10_000):
            held[0].continue_()                            # the student's answer, at last
        teacher.wait_for_selector("#look-facts .row")
        assert teacher.inner_text("#look-label").endswith(": slow-look.clp [clips], 0 fired")
        with teacher.expect_response(lambda r: r.url.endswith("/state"), timeout=10_000):
            pass                                           # and the look goes on
        assert len(set(asked)) == 1                        # that student's, only
        assert not teacher.complaints, teacher.complaints
    finally:
        holding[0] = False
        for route in held[1:]:
            route.continue_()
        student.context.close()
        teacher.close()


def test_a_fact_holding_a_line_break_is_one_row_in_both_views(browser):
    """A line break in a fact's text is written out as \\n: one row a fact, one line
    high, in the student's facts and the teacher's look alike."""
    teacher = teacher_page(browser)
    student = student_with_program(browser, "newline", NEWLINE)
    try:
        facts = student.locator("#facts .fact")
        assert facts.count() == student.evaluate("UI.state.count") == 2
        mine = [facts.nth(i).inner_text() for i in range(2)]
        teacher.locator("#sessions tbody tr", has_text="program newline.clp").first.click()
        teacher.wait_for_selector("#look-facts .row")
        rows = teacher.locator("#look-facts .row")
        assert rows.count() == 2
        seen = [rows.nth(i).inner_text() for i in range(2)]
        assert seen[0].endswith('(note "a\\nb")') and "\n" not in seen[0], seen
        assert [m.startswith(s) for m, s in zip(mine, seen)] == [True, True], (mine, seen)
        for box in (facts, rows):                         # each row one line high
            heights = [box.nth(i).bounding_box()["height"] for i in range(2)]
            assert abs(heights[0] - heights[1]) < 1, heights
        assert not teacher.complaints, teacher.complaints
    finally:
        student.context.close()
        teacher.close()


EDITED = """(deftemplate note (slot text) (slot k))
(deffacts start (note (text "real
FAKE") (k 1)))
"""


def test_editing_another_slot_keeps_a_line_break(browser):
    """A slot whose value holds a line break is edited in a text area: an input
    dropped the break, the slot looked changed and the modify lost it (a tester's
    finding)."""
    student = student_with_program(browser, "edited", EDITED)
    try:
        student.click("#fact-1 button:has-text('edit')")
        student.wait_for_selector("#edit-1 textarea[data-slot=text]")
        student.fill("#edit-1 input[data-slot=k]", "5")
        student.click("#edit-1 button:has-text('modify')")
        student.wait_for_function("UI.state.message.startsWith('modified f-1')")
        row = student.locator("#fact-1").inner_text()
        assert '(note (text "real\\nFAKE") (k 5))' in row, row
    finally:
        student.context.close()
