"""The one reader of a whole number a user gives: a count of firings typed at the shell,
a ``--swaps`` on the command line, a depth in a web request, a seed from a notebook.

Every front end and every layer reads whole numbers through :func:`whole`, so they all
take the same texts and refuse the rest with the same one-line :class:`UsageError`:

* an ``int`` (never a ``bool``: ``True`` is not a count), or text of ASCII digits with
  an optional sign and ASCII white space around them, as Python's ``int()`` reads it;
* not ``"²"`` or ``"٣"`` (``str.isdigit`` takes them, ``int`` does not or reads
  another digit), not ``"1_000"``, not ``"3.0"``;
* at most :data:`MAX_DIGITS` digits, so that no text makes ``int()`` work hard (or hit
  Python's own limit and raise ``ValueError``);
* then within ``low`` and ``high`` when given.

The messages name what was being read (``what``: ``--swaps``, ``step``, ``seed``) and
show the value as ``repr`` shortened, so a message is always one line. A fact id
(``f-12``, ``12``) is read the same way, by :func:`parse_id`.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError

#: the most digits a whole number written as text may have
MAX_DIGITS = 30
_SHOWN = 40             # characters of a refused text shown in a message
_SPACE = " \t\n\r\x0b\x0c"


def is_digits(text: str) -> bool:
    """Is ``text`` 1 to :data:`MAX_DIGITS` ASCII digits, nothing else (no sign, no
    space)? For callers that read a number inside a larger word (``f-12``, ``GO:10``)."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def shown(value: object) -> str:
    """``value`` for a one-line message: its ``repr``, cut after escaping (a character
    past the Basic Multilingual Plane escapes to ten)."""
    if isinstance(value, str) and len(value) > _SHOWN:
        text = repr(value[:_SHOWN]) + "..."
    else:
        text = repr(value)
    return text if len(text) <= 2 * _SHOWN else text[:2 * _SHOWN] + "..."


def whole(value: object, what: str, low: int | None = None, high: int | None = None,
          expected: str = "a whole number") -> int:
    """``value`` (an int, or text of digits) as an int with ``low <= n <= high``.

    ``what`` names it in the messages: ``"{what}: expected a whole number, not 'x'"``,
    ``"{what} must be at least 1, not 0"``, ``"{what} must be at most 9, not 10"``;
    ``expected`` says what else a caller takes (``"a whole number or all"``)."""
    if isinstance(value, str):
        value = _from_text(value, what, expected)
    elif isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{what}: expected {expected}, not {shown(value)}")
    if low is not None and value < low:
        raise UsageError(f"{what} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise UsageError(f"{what} must be at most {high}, not {value}")
    return int(value)


def _from_text(text: str, what: str, expected: str) -> int:
    """Digits with an optional sign, ASCII white space around them allowed (``int()``
    takes some of Unicode's too, but not every one ``str.strip`` would take away)."""
    core = text.strip(_SPACE)
    digits = core[1:] if core[:1] in ("+", "-") else core
    if not (digits.isascii() and digits.isdigit()):
        raise UsageError(f"{what}: expected {expected}, not {shown(text)}")
    if len(digits) > MAX_DIGITS:
        raise UsageError(f"{what}: expected a whole number of at most {MAX_DIGITS} digits, "
                         f"not one of {len(digits):,}")
    return int(core)


def parse_id(text: int | str) -> int:
    """``f-12``, ``12`` or 12 -> 12; UsageError otherwise (ASCII digits only: ``str.isdigit``
    would take ``²``, which ``int`` cannot read)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return whole(text, "a fact id", low=0)
    t = str(text).strip()
    digits = t[2:] if t.lower().startswith("f-") else t
    if not is_digits(digits):
        raise UsageError(f"not a fact id: {shown(t)} (write f-12 or 12)")
    return int(digits)
