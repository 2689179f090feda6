"""Imported once by the web inspector's fork server, before it forks any session's
worker: the modules a session needs, the word lists the menu's puzzles read, and
the check of CLIPS's layout (:func:`pyengine.engine.clips_guard.depth_guard`), so
every worker starts with them loaded and shares their memory with the others.
Importing it does that work; nothing else imports it.
"""
from __future__ import annotations

import gc

from pyengine.engine.clips_guard import depth_guard
from pyengine.ui.web import worker  # noqa: F401  (what each worker runs)
from pyengine.ui.web.targets import menu
from pyengine.ui.notebook import Inspector


def warm() -> None:
    """Open and run each menu puzzle once (its rules, word lists and the indexes its
    rules ask load), then drop it."""
    for target in menu().values():
        try:
            Inspector(target.factory({})()).run()
        except Exception:       # a puzzle that cannot open here opens (or fails) per tab
            pass
    depth_guard()
    gc.collect()
    gc.freeze()                 # the loaded objects stay put: forks share their pages


warm()
