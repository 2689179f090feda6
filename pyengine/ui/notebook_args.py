"""What the notebook's :class:`~pyengine.ui.notebook.Inspector` takes from its caller,
checked: the lines rules read (a fact id is read by
:func:`pyengine.engine.numbers.parse_id`). Bad values raise UsageError with one line."""
from __future__ import annotations

import itertools

from pyengine.engine.errors import UsageError

#: the most input lines one Inspector is given
MAX_INPUT_LINES = 100_000


def input_lines(lines) -> list[str] | None:
    """The lines rules are to read: None, a text (its lines), or an iterable of texts
    (at most ``MAX_INPUT_LINES``); UsageError for anything else."""
    if lines is None:
        return None
    if isinstance(lines, str):
        lines = lines.splitlines()
    if isinstance(lines, (bytes, bytearray, dict)) or not hasattr(lines, "__iter__"):
        raise UsageError(f"input: expected lines (a text or a list of texts), not "
                         f"{type(lines).__name__}")
    got = list(itertools.islice(lines, MAX_INPUT_LINES + 1))
    if len(got) > MAX_INPUT_LINES:
        raise UsageError(f"input: over {MAX_INPUT_LINES:,} lines")
    for line in got:
        if not isinstance(line, str):
            raise UsageError(f"input: each line is a text, not {type(line).__name__}")
    return got
