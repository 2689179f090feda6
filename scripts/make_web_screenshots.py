"""Write docs/web_PUZZLE.png: the web inspector's page for each puzzle, and the
classroom's (web_program.png, web_projector.png, web_teacher.png: see
classroom_screenshots.py), driven in Debian's Chromium by Playwright (``pip install
playwright``; no browser download: it uses /usr/bin/chromium or $CHROMIUM).

    python scripts/make_web_screenshots.py
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import classroom_screenshots as classroom
from pyengine.ui.web.app import create_app
from pyengine.ui.web.background import CHROMIUM_ARGS, running

DOCS = Path(__file__).resolve().parent.parent / "docs"
# (target, options typed in the page, what to do: keys pressed, then facts submitted
# through the form the declaration gives: (form, slot, value))
SHOTS = [
    ("scramble", {"seed": "1"}, ["e", "e", "n", "r"], []),
    ("riddle", {}, ["e", "e", "n"], []),
    ("bee-play", {"letters": "aeginrt", "center": "r"}, ["g"],
     [("submit-guess", "word", w) for w in ("gear", "tiger", "granite")]),
    ("boggle", {"seed": "1"}, ["e", "r", "r"], []),
]


def chromium() -> str | None:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def shoot(page, url: str, target: str, options: dict, keys: list[str],
          submits: list[tuple[str, str, str]]) -> None:
    page.goto(url)
    page.evaluate("sessionStorage.clear()")
    page.goto(url)
    page.wait_for_selector("#target option", state="attached")
    page.select_option("#target", target)
    for name, value in options.items():
        page.fill(f"[data-opt={name}]", value)
    page.click("#open")
    page.wait_for_function(f"UI.state && UI.state.target === {target!r}")
    page.fill("#n", "20")
    page.evaluate("document.activeElement.blur()")
    for key in keys:
        before = page.evaluate("UI.state.fired")
        page.keyboard.press(key)
        page.wait_for_function(f"UI.state.fired !== {before} || UI.state.stage.done")
    for form, slot, value in submits:
        before = page.evaluate("UI.state.fired")
        page.fill(f"#{form} [data-slot={slot}]", value)
        page.press(f"#{form} [data-slot={slot}]", "Enter")
        page.wait_for_function(f"UI.state.fired !== {before}")
    facts = page.query_selector_all("#facts .fact")
    if facts:
        facts[-1].click(position={"x": 8, "y": 6})
        page.wait_for_selector("#why li")
    page.screenshot(path=str(DOCS / f"web_{target.split('-')[0]}.png"), full_page=True)


def main() -> int:
    from playwright.sync_api import sync_playwright

    exe = chromium()
    if exe is None:
        print("no chromium found (apt-get install -y chromium)", file=sys.stderr)
        return 1
    with running(create_app()) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900},
                                bypass_csp=True)        # the script's waits evaluate text
        for shot in SHOTS:
            shoot(page, url, *shot)
            print("wrote", DOCS / f"web_{shot[0].split('-')[0]}.png")
        browser.close()
    with running(create_app(teacher=classroom.TEACHER)) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        for classroom_shot in (classroom.shoot_editor_and_network, classroom.shoot_projector,
                               classroom.shoot_teacher):    # a class of its own
            print("wrote", classroom_shot(browser, url))
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
