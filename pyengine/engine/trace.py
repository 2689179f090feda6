"""Text forms of what a session shows and records, in CLIPS's own formats.

One set of formatters, used by the session's views (``str(fact)``), ``--trace``,
the shell and the notebook, so all of them print a fact, a firing or an
activation the same way.
"""
from __future__ import annotations

from typing import Callable, Iterable

#: Where a change made outside the rules after firing n stands in a session's history:
#: at n + AFTER, after what firing n made (at n) and before firing n + 1. So "the fact
#: as firing m matched it" is its last version made before m, and "what firing n made"
#: its last version made at or before :func:`after` (n).
AFTER = 0.5


def after(firing: int) -> float:
    """The point just after firing number ``firing``, before anything done after it."""
    return firing + AFTER / 2


def ids_text(ids: Iterable[int | None]) -> str:
    """``f-4,f-1`` as CLIPS prints matched facts: ``*`` for a pattern no fact fills (a
    ``not`` or ``exists``, given as None) and for no pattern at all."""
    return ",".join("*" if i is None else f"f-{i}" for i in ids) or "*"


def basis_text(item, ids: Iterable[int]) -> str:
    """The facts of an activation or firing as CLIPS prints them: its ``basis`` (one
    entry per pattern, None for a ``not`` or ``exists``) when known, else ``ids``."""
    basis = getattr(item, "basis", None)
    return ids_text(basis if basis is not None else ids)


def fact_line(fact_id: int, text: str) -> str:
    """A fact as CLIPS's ``(facts)`` prints it: ``f-12    (text ...)``."""
    return f"f-{fact_id:<5} {text}"


def fire_line(firing) -> str:
    """A firing as CLIPS's ``(watch rules)`` prints it: ``FIRE    3 rule: f-12,f-9``."""
    return f"FIRE {firing.number:>4} {firing.rule}: {basis_text(firing, firing.matched)}"


def activation_line(act) -> str:
    """An activation as CLIPS's ``(agenda)`` prints it: ``10     sum_pair: f-4,f-6``."""
    return f"{act.salience:<6} {act.rule}: {basis_text(act, act.facts)}"


def change_line(arrow: str, fact_id: int, text: str = "") -> str:
    """One fact change as CLIPS's ``(watch facts)`` prints it: ``==> f-4     (BUILD)``
    (``<==`` for a retraction); without a text, just the id."""
    return f"{arrow} {fact_line(fact_id, text)}".rstrip()


def modify_texts(old: str, new: str) -> tuple[str, str]:
    """A modified fact's two texts as CLIPS 6.4's ``(watch facts)`` shows a modify: only
    the slots that changed, each run of unchanged slots one ``...``:
    ``(box ... (n 1) ...)`` then ``(box ... (n 2) ...)``. ``old`` may already be so
    (CLIPS's own record of the retraction): its slots are then the changed ones.
    Texts that are not template facts come back as they are."""
    before, after = _slots(old), _slots(new)
    if before is None or after is None or before[0] != after[0]:
        return old, new
    olds, news = dict(before[1]), dict(after[1])
    if "..." in olds:
        changed = {name for name, _ in before[1] if name != "..."}
    else:
        changed = {name for name, text in after[1] if olds.get(name) != text}
    if not changed or changed >= set(news):
        return old, new
    return _elided(after[0], after[1], changed, olds), _elided(after[0], after[1], changed, news)


def _slots(text: str) -> tuple[str, list[tuple[str, str]]] | None:
    """``(relation (slot v...) ...)`` as (relation, [(slot, its text)]); ``...`` kept
    as a slot of that name; None for anything else."""
    from pyengine.engine.clips_reader import form_end
    inner = text.strip()
    if not (inner.startswith("(") and inner.endswith(")")):
        return None
    relation, _, rest = inner[1:-1].partition(" ")
    slots, i = [], 0
    while i < len(rest):
        if rest[i] == " ":
            i += 1
        elif rest.startswith("...", i):
            slots.append(("...", "..."))
            i += 3
        elif rest[i] == "(":
            end = form_end(rest, i)
            if end is None:
                return None
            slots.append((rest[i + 1:end].split(" ", 1)[0], rest[i:end + 1]))
            i = end + 1
        else:
            return None             # an ordered fact's fields
    names = [name for name, _ in slots if name != "..."]
    if len(set(names)) != len(names):   # a string's quote read as a slot's end: a text
        return None                     # that cannot be split by its slots (shown whole)
    return (relation, slots) if slots else None


def _elided(relation: str, order: list, changed: set, texts: dict) -> str:
    parts: list[str] = []
    for name, _ in order:
        if name in changed:
            parts.append(texts.get(name, name))
        elif not parts or parts[-1] != "...":
            parts.append("...")
    return f"({relation} {' '.join(parts)})"


def output_lines(firing) -> list[str]:
    """What a rule printed while firing, as shown under its FIRE line: ``    | text``."""
    return [f"    | {line}" if line else "    |" for line in getattr(firing, "output", ())]


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
    def show(fid: int, before: float) -> str:
        return text(fid, before) if text is not None else ""
    n = firing.number
    lines = [fire_line(firing)] + output_lines(firing)
    lines += [change_line("<==", fid, show(fid, n)) for fid in firing.retracted]
    lines += [change_line("==>", fid, show(fid, after(n))) for fid in firing.asserted]
    return lines


#: how much CLIPS's ``(matches RULE [VERBOSITY])`` says
VERBOSITY = ("verbose", "succinct", "terse")


def matches_lines(m, output: str = "verbose") -> list[str]:
    """A :class:`~pyengine.engine.session.Matches` as CLIPS 6.4's ``(matches RULE)``
    prints it at its prompt: each pattern's facts, each join's partial matches, the
    activations (``*`` for a ``not``/``exists``), then the value CLIPS's REPL prints,
    the three counts; ``succinct``: one count a line (``Pattern 1: 5``, ``CEs 1 - 2:
    3``, ``Activations: 3``); ``terse``: the counts only. Our one addition: each
    pattern's source text, on a ``;;`` line under its header."""
    verbose = output == "verbose"
    lines: list[str] = []
    joins = m.joins if m.joins is not None else [
        (f"1 - {k}", rows) for k, rows in enumerate(m.partials[1:], 2)]
    groups = m.alternatives or ((len(m.patterns), len(joins)),)
    found = partial = p = j = 0
    for n_patterns, n_joins in groups:      # an or's alternatives one after the other
        for n, pattern in enumerate(m.patterns[p:p + n_patterns], 1):
            if verbose:
                lines += [f"Matches for Pattern {n}", f";; {pattern.source}"]
                lines += [f"f-{fid}" if fid is not None else "*" for fid in pattern.facts] \
                    or [" None"]
            elif output == "succinct":
                lines.append(f"Pattern {n}: {len(pattern.facts)}")
            found += len(pattern.facts)     # CLIPS counts its initial pattern's "*" too
        for join in joins[j:j + n_joins]:
            label, rows = (join.label, join.rows) if hasattr(join, "label") else join
            if verbose:
                lines.append(f"Partial matches for CEs {label}")
                lines += [ids_text(row) for row in rows] or [" None"]
            elif output == "succinct":
                lines.append(f"CEs {label}: {len(rows)}")
            partial += len(rows)
        p, j = p + n_patterns, j + n_joins
    acts = m.activation_rows if m.activation_rows is not None else m.activations
    if verbose:
        lines.append("Activations")
        lines += [ids_text(a) for a in acts] or [" None"]
    elif output == "succinct":
        lines.append(f"Activations: {len(acts)}")
    lines.append(f"({found} {partial} {len(acts)})")
    return lines


def construct_end(text: str, i: int = 0) -> int | None:
    """Index of the parenthesis closing the one at ``i`` in CLIPS text (our one reader's
    scanner: strings and ``;`` comments skipped); None if it is not closed."""
    from pyengine.engine.clips_reader import form_end
    return form_end(text, i)
