"""What a session reports, the same on every engine: a fact with its id and text, an
activation, a firing with what it changed and printed, an input line a rule read,
and CLIPS's ``(matches RULE)`` as data. :mod:`pyengine.engine.session` uses them and
exports them again under their old names."""
from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.engine.trace import activation_line, fact_line, fire_line, matches_lines


@dataclass(frozen=True, slots=True)
class FactView:
    """One fact of the fact base: its id and its CLIPS-style text."""

    id: int
    text: str

    @property
    def name(self) -> str:
        """The relation (first symbol) of the fact, e.g. ``text`` or ``letter``."""
        return self.text[1:].split(None, 1)[0].rstrip(")") if len(self.text) > 2 else ""

    def __str__(self) -> str:
        return fact_line(self.id, self.text)


@dataclass(frozen=True, slots=True)
class ActivationView:
    """One activation on the agenda: a rule, its salience and the facts it matched."""

    rule: str
    salience: int
    facts: tuple[int, ...]
    # the facts as CLIPS prints them, one per pattern, None for a not/exists ("*")
    basis: tuple[int | None, ...] | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return activation_line(self)


@dataclass
class Firing:
    """One rule firing: which rule, on which facts, and what it changed."""

    number: int
    rule: str
    matched: tuple[int, ...]
    asserted: list[int] = field(default_factory=list)
    retracted: list[int] = field(default_factory=list)
    output: list[str] = field(default_factory=list)     # what the rule printed, by line
    # the matched facts one per pattern, None for a not/exists (CLIPS prints "*")
    basis: tuple[int | None, ...] | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return fire_line(self)


@dataclass(frozen=True)
class CommandResult:
    """What a CLIPS command typed at the prompt did (:meth:`Session.command`): the lines
    it printed, its value last (as CLIPS's REPL prints it), and CLIPS's error message
    in one line if evaluating it failed part way. ``told``: the lines were told to the
    session's listeners too, as "said" events in order with the fact changes and
    activations the command made (CLIPS's watch writes them between its lines)."""

    lines: tuple[str, ...] = ()
    error: str | None = None
    told: bool = False


@dataclass(frozen=True)
class InputLine:
    """A line a rule read (CLIPS ``(read)``/``(readline)``, experta ``input()``): the
    prompt it had printed just before (the unfinished output line) and the answer
    (None: end of input)."""

    prompt: str
    text: str | None

    def __str__(self) -> str:
        return self.prompt + (self.text if self.text is not None else "")


@dataclass(frozen=True)
class PatternMatch:
    """One pattern of a rule's left-hand side, as written, and the facts matching it."""

    source: str
    facts: list[int]


@dataclass(frozen=True)
class JoinMatch:
    """One of CLIPS's ``Partial matches for CEs LABEL`` sections: the label (``1 - 2``,
    or for the joins inside a ``not``/``forall`` ``1 (P1 - P2)``) and the partial
    matches, one entry per pattern, None for a ``not``/``exists`` (``*``)."""

    label: str
    rows: list[tuple[int | None, ...]]


@dataclass(frozen=True)
class Matches:
    """What CLIPS's ``(matches RULE)`` shows: for each pattern the facts that match
    it; ``partials[k]`` the partial matches of patterns 0..k (fact ids, a negated
    pattern contributing none); the rule's activations. ``joins`` and
    ``activation_rows`` are CLIPS's own sections and rows (with its ``*``), where the
    engine knows them; else they are made from ``partials`` and ``activations``."""

    rule: str
    patterns: list[PatternMatch]
    partials: list[list[tuple[int, ...]]]
    activations: list[tuple[int, ...]]
    joins: list[JoinMatch] | None = None
    activation_rows: list[tuple[int | None, ...]] | None = None
    # an or's alternatives, in order: how many of ``patterns`` and of ``joins`` each
    # has (CLIPS lists each alternative's patterns, numbered from 1, then its joins)
    alternatives: tuple[tuple[int, int], ...] | None = None

    def __str__(self) -> str:
        return "\n".join(matches_lines(self))
