"""Boggle's size limits: every command refuses beyond them, before any work.

Measured by ``bench/bench_limits_boggle.py`` (figures in its docstring).
"""
from __future__ import annotations

from pyengine.puzzles.boggle.board import MAX_BOARD_TEXT, MAX_SIZE, MIN_SIZE  # noqa: F401

#: the longest word a board can hold: 36 cells of two-letter faces; longer words of a
#: list can never be found and are skipped by the finders (never stored in the tries)
MAX_WORD_LEN = 2 * MAX_SIZE * MAX_SIZE
#: ``boggle best``: the time budget (seconds), moves (--iterations), moves per run
MAX_SECONDS = 3600.0
MAX_ITERATIONS = 10_000_000
MIN_STEPS, MAX_STEPS = 100, 1_000_000
#: ``boggle bench``: boards per algorithm, rows (algorithms or vowel counts), workers
MAX_BOARDS = 1_000_000
MAX_ROWS = 40
MAX_WORKERS = 64
