"""Where the shipped rule and fact files are (works from a clone and when installed)."""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def rule_file(name: str) -> Path:
    """Path of a file in ``rules/`` (the ``pyengine.rules`` package)."""
    return Path(str(files("pyengine.rules") / name))


def fact_file(name: str) -> Path:
    """Path of a file in ``facts/`` (the ``pyengine.facts`` package)."""
    return Path(str(files("pyengine.facts") / name))
