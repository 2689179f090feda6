"""Text forms of what a session shows and records, in CLIPS's own formats.

One set of formatters, used by the session's views (``str(fact)``), ``--trace``,
the shell and the notebook, so all of them print a fact, a firing or an
activation the same way.
"""
from __future__ import annotations

from typing import Callable, Iterable


def ids_text(ids: Iterable[int]) -> str:
    """``f-4,f-1`` as CLIPS prints matched facts (``*`` for none)."""
    return ",".join(f"f-{i}" for i in ids) or "*"


def fact_line(fact_id: int, text: str) -> str:
    """A fact as CLIPS's ``(facts)`` prints it: ``f-12    (text ...)``."""
    return f"f-{fact_id:<5} {text}"


def fire_line(firing) -> str:
    """A firing as CLIPS's ``(watch rules)`` prints it: ``FIRE    3 rule: f-12,f-9``."""
    return f"FIRE {firing.number:>4} {firing.rule}: {ids_text(firing.matched)}"


def activation_line(act) -> str:
    """An activation as CLIPS's ``(agenda)`` prints it: ``10     sum_pair: f-4,f-6``."""
    return f"{act.salience:<6} {act.rule}: {ids_text(act.facts)}"


def change_line(arrow: str, fact_id: int, text: str = "") -> str:
    """One fact change as CLIPS's ``(watch facts)`` prints it: ``==> f-4     (BUILD)``
    (``<==`` for a retraction); without a text, just the id."""
    return f"{arrow} {fact_line(fact_id, text)}".rstrip()


def output_lines(firing) -> list[str]:
    """What a rule printed while firing, as shown under its FIRE line: ``    | text``."""
    return [f"    | {line}".rstrip() for line in getattr(firing, "output", ())]


def firing_lines(firing) -> list[str]:
    """``--trace``'s form: ``FIRE n rule: f-1,f-2``, then what the rule printed
    (``    | text``), then ``    <== f-3`` / ``    ==> f-4`` per change (ids only)."""
    lines = [fire_line(firing)] + output_lines(firing)
    lines += [f"    <== f-{fid}" for fid in firing.retracted]
    lines += [f"    ==> f-{fid}" for fid in firing.asserted]
    return lines


def watch_lines(firing, text: Callable[[int, int], str] | None = None) -> list[str]:
    """CLIPS watching rules and facts: ``FIRE n rule: f-1,f-2`` then
    ``<== f-3     (...)`` / ``==> f-4     (...)`` per change, with each fact's text
    when ``text`` is given: ``text(id, before)`` is the text of the fact's version live
    just before firing number ``before`` (a fact this firing modified shows its old
    text where it is retracted, its new one where it is asserted)."""
    def show(fid: int, before: int) -> str:
        return text(fid, before) if text is not None else ""
    n = firing.number
    lines = [fire_line(firing)] + output_lines(firing)
    lines += [change_line("<==", fid, show(fid, n)) for fid in firing.retracted]
    lines += [change_line("==>", fid, show(fid, n + 1)) for fid in firing.asserted]
    return lines


def matches_lines(m) -> list[str]:
    """A :class:`~pyengine.engine.session.Matches` as CLIPS's ``(matches RULE)`` shows
    it, each pattern labelled with its source text."""
    lines = [f"Matches for {m.rule}"]
    for n, pattern in enumerate(m.patterns, 1):
        lines.append(f"Pattern {n}: {pattern.source}")
        lines += [f"  f-{fid}" for fid in pattern.facts] or ["  None"]
    for k, partials in enumerate(m.partials[1:], 2):
        lines.append(f"Partial matches for patterns 1 - {k}")
        lines += [f"  {ids_text(p)}" for p in partials] or ["  None"]
    lines.append("Activations")
    lines += [f"  {ids_text(a)}" for a in m.activations] or ["  None"]
    return lines


def construct_end(text: str, i: int = 0) -> int | None:
    """Index of the parenthesis closing the one at ``i`` in CLIPS text (strings and
    ``;`` comments skipped); None if it is not closed."""
    depth, in_str = 0, False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == ";":
            i = text.find("\n", i)
            if i < 0:
                return None
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None
