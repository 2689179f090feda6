"""The classroom's screenshots for docs/web.md and docs/teaching.md (run by
scripts/make_web_screenshots.py): a student's editor with a starter loaded and the
Network pane after a few steps; projector mode on the sudoku starter; the teacher's
page with three students (one whose program did not compile)."""
from __future__ import annotations

from pathlib import Path

import httpx

DOCS = Path(__file__).resolve().parent.parent / "docs"
TEACHER = "classroom-screenshots-token"


def student_page(browser, url: str, projector: bool = False):
    page = browser.new_page(viewport={"width": 1400, "height": 900}, bypass_csp=True)
    page.goto(url)
    page.evaluate("sessionStorage.clear(); localStorage.clear()")
    page.goto(url + ("/?projector=1" if projector else "/"))
    page.wait_for_function("UI.state !== null && document.getElementById('program-engine')"
                           ".options.length > 0")
    return page


def load_starter(page, name: str, engine: str = "clips") -> None:
    page.select_option("#program-starter", name)
    page.select_option("#program-engine", engine)
    page.click("#program-load")
    page.wait_for_function(f"UI.state.program && UI.state.program.name === '{name}.clp'")


def press(page, key: str, times: int = 1) -> None:
    for _ in range(times):
        before = page.evaluate("UI.state.fired")
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press(key)
        page.wait_for_function(f"UI.state.fired !== {before} || UI.state.agenda.length === 0")


def shoot_editor_and_network(browser, url: str) -> Path:
    page = student_page(browser, url)
    load_starter(page, "family")
    press(page, "s", 4)
    page.wait_for_selector("#network-svg g.net-node")
    out = DOCS / "web_program.png"
    page.screenshot(path=str(out), full_page=True)
    page.close()
    return out


def shoot_projector(browser, url: str) -> Path:
    """The sudoku starter loaded (the Program pane shown for it, key 1), run 40 firings,
    the pane hidden again: the projector shows the session."""
    page = student_page(browser, url, projector=True)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("1")
    load_starter(page, "sudoku4", "ours")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("1")
    page.fill("#n", "40")
    press(page, "r")
    out = DOCS / "web_projector.png"
    page.screenshot(path=str(out), full_page=False)
    page.close()
    return out


def shoot_teacher(browser, url: str) -> Path:
    """Three students by HTTP (each its own loopback address; the third retracts a fact
    that is not there), then the teacher's page."""
    for n, (program, engine) in enumerate([("family", "clips"), ("sudoku4", "ours"),
                                           ("monkey", "clips")], start=21):
        with httpx.Client(base_url=url, transport=httpx.HTTPTransport(
                local_address=f"127.0.0.{n}")) as c:
            info = c.get("/api/targets").json()
            c.headers["X-Pyengine-Token"] = info["token"]
            starter = {s["name"]: s["source"] for s in info["programs"]["starters"]}
            sid = c.post("/api/sessions", json={"program": {
                "name": program, "source": starter[program], "engine": engine}}).json()["id"]
            c.post(f"/api/sessions/{sid}/run", json={"arg": 7 * (n - 20)})
            if program == "monkey":
                c.post(f"/api/sessions/{sid}/retract", json={"arg": 999})
    page = browser.new_page(viewport={"width": 1400, "height": 800})
    page.goto(f"{url}/teacher#token={TEACHER}")
    page.wait_for_selector("#sessions tbody tr")
    out = DOCS / "web_teacher.png"
    page.screenshot(path=str(out), full_page=True)
    page.close()
    return out
