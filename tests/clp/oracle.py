"""Real CLIPS (through clipspy) as the oracle for pyengine's CLIPS evaluator, and
:func:`agree`, the check that pyengine and CLIPS agree on an expression.

:class:`Oracle` evaluates text in one clipspy environment and reports what CLIPS
said: the value (converted to pyengine's runtime values: a symbol a ``str``, a string
a :class:`Text`, a multifield a tuple), what ``(printout t <expr>)`` printed, what the
prompt would write, or the error. CLIPS's errors are caught on the ``werror`` router,
since clipspy does not raise for all of them (``insert$`` at index 0 returns None).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from pyengine.engine.clp.expressions import ClpError, ClpRuntimeError, evaluate
from pyengine.engine.clp.values import Text, print_text, same

clips = pytest.importorskip("clips")


@dataclass
class Said:
    """What CLIPS did with one expression: ``error`` (its text) or ``value``."""

    value: object = None
    error: str | None = None
    printed: str = ""


class _Capture(clips.Router):
    def __init__(self) -> None:
        super().__init__("pyengine-oracle", 50)
        self.out: list[str] = []
        self.err: list[str] = []
        self.data, self.pos = b"", 0

    def query(self, name: str) -> bool:
        return name in ("t", "stdout", "stdin", "werror", "wwarning", "wdisplay")

    def write(self, name: str, message: str) -> None:
        (self.err if name == "werror" else self.out).append(message)

    def read(self, name: str) -> int:
        if self.pos >= len(self.data):
            return -1
        self.pos += 1
        return self.data[self.pos - 1]

    def unread(self, name: str, char: int) -> int:
        self.pos -= 1
        return 1


def convert(value: object) -> object:
    """A clipspy value as a pyengine value."""
    if isinstance(value, clips.Symbol):
        return str(value)
    if isinstance(value, str):
        return Text(value)
    if isinstance(value, (tuple, list)):
        return tuple(convert(v) for v in value)
    return value


class Oracle:
    """One clipspy environment; :meth:`eval` and :meth:`build` report what CLIPS did."""

    def __init__(self) -> None:
        self.env = clips.Environment()
        self.capture = _Capture()
        self.env.add_router(self.capture)

    def _run(self, call, text: str) -> Said:
        self.capture.out.clear()
        self.capture.err.clear()
        try:
            value = call(text)
        except clips.CLIPSError as exc:
            return Said(error="".join(self.capture.err).strip() or str(exc),
                        printed="".join(self.capture.out))
        if self.capture.err:
            return Said(error="".join(self.capture.err).strip(),
                        printed="".join(self.capture.out))
        return Said(value=value, printed="".join(self.capture.out))

    def eval(self, text: str) -> Said:
        """``text`` evaluated: the converted value, or the error (a None value from
        clipspy, which it gives after some errors, counts as an error)."""
        said = self._run(self.env.eval, text)
        if said.error is None and said.value is None:
            said.error = "no value"
        if said.error is None:
            said.value = convert(said.value)
        return said

    def run(self, text: str) -> Said:
        """``text`` evaluated for what it prints (its value may be void)."""
        said = self._run(self.env.eval, text)
        if said.error is None:
            said.value = convert(said.value) if said.value is not None else None
        return said

    def feed(self, lines: list[str]) -> None:
        """Standard input from now on: these lines."""
        self.capture.data = "".join(line + "\n" for line in lines).encode()
        self.capture.pos = 0

    def build(self, text: str) -> Said:
        return self._run(self.env.build, text)

    def printed(self, expr: str) -> Said:
        """What ``(printout t <expr>)`` writes."""
        return self.run(f"(printout t {expr})")


def _words(message: str) -> str:
    """An error message with the list of types after "of type" sorted: CLIPS lists
    them in one order when it checks a constant while compiling, in another when it
    checks a value while running."""
    head, sep, types = message.partition(" of type ")
    if not sep:
        return message
    names = sorted(types.rstrip(".").replace(", or ", ", ").replace(" or ", ", ").split(", "))
    return head + sep + ", ".join(names)


def agree(oracle: Oracle, expr: str, same_words: bool = True) -> None:
    """pyengine and CLIPS agree on ``expr``: value, type and printout, or both fail
    (with ``same_words``, a run-time error of ours in the words CLIPS used)."""
    said = oracle.eval(expr)
    try:
        ours = evaluate(expr)
    except ClpRuntimeError as exc:
        if "function 'insert$'" in exc.message and said.error is None:
            return      # CLIPS 6.4 reports insert$'s bad index but goes on (returns nothing)
        assert said.error is not None, f"{expr}: CLIPS gives {said.value!r}, we fail: {exc}"
        assert not same_words or _words(exc.message) in _words(said.error) or \
            said.error == "no value", \
            f"{expr}: CLIPS says {said.error!r}, we say {exc.message!r}"
        return
    except ClpError as exc:
        assert said.error is not None, f"{expr}: CLIPS gives {said.value!r}, we refuse: {exc}"
        return
    assert said.error is None, f"{expr}: CLIPS fails ({said.error}), we give {ours!r}"
    assert same(ours, said.value) or _both_nan(ours, said.value), \
        f"{expr}: CLIPS gives {said.value!r}, we give {ours!r}"
    assert print_text(ours) == oracle.printed(expr).printed


def _both_nan(a: object, b: object) -> bool:
    return isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)
