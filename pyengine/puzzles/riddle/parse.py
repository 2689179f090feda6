"""Reading riddle text into clues (Python only: phrasing is not puzzle logic).

    My first is in deans but not in slats
    My second is in persona but not in perusing
    My third is neither in veiled nor in seized
    My fourth is in cleat but not in octet
    My last is in curtsied but not in curbed         -> earls

:func:`parse_riddle` finds the clues (each from "My <ordinal>" to the next, over
lines when a line dangles or the next one joins) and their clue words, each marked
include or exclude; other lines are hints. What the clues *mean* (which letters
each allows) is concluded by the rules in ``rules/riddle.py``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import plural
from pyengine.engine.textio import visible
from pyengine.puzzles.riddle.clue_words import (  # noqa: F401 (STOP_WORDS: read from here by the maker)
    CONNECTIVE, DETERMINER, EXCLUDE, FILLER_READ, INCLUDE, NEGATIVE, NEGATIVE_READ, PREPOSITION,
    STOP_WORDS, TOKEN, HalfClue, normalise, read_clue_words)
from pyengine.puzzles.riddle.limits import MAX_CLUE_CHARS, MAX_RIDDLE_CHARS

ORDINAL_WORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth "
                 "eleventh twelfth thirteenth fourteenth fifteenth sixteenth "
                 "seventeenth eighteenth nineteenth twentieth").split()
ORDINALS: dict[str, int] = {w: i for i, w in enumerate(ORDINAL_WORDS, start=1)}
LAST = "last"
NEXT = "next"                 # the letter after the previous clue's

_ORD_ALT = "|".join(ORDINAL_WORDS + [LAST, NEXT]) + r"|[0-9]{1,2}(?:st|nd|rd|th)"
# a clue starts at "My first", "Our second's", "my LAST" ...
_CLUE_START = re.compile(rf"\b(?:my|our)\s+({_ORD_ALT})(?:['\u2019]s)?\b", re.I)
# "My twenty-first": an ordinal past the words read, written as words
_LONG_ORDINAL = re.compile(r"\b(?:my|our)\s+((?:twenty|thirty|forty|fifty|sixty|seventy|"
                           r"eighty|ninety)[-\s]?(?:first|second|third|fourth|fifth|sixth|"
                           r"seventh|eighth|ninth)\b)", re.I)
# "My whole is ...", "My all ...": a hint, never a clue
_WHOLE = re.compile(r"\b(?:my|our)\s+(?:whole|total|all|entirety|self)\b", re.I)
# words ending a line that show the clue goes on to the next line
_DANGLING = NEGATIVE | CONNECTIVE | PREPOSITION | {"is", "as", "the", "a", "an", "both",
                                                     "well", "isn't", "it's", "found"}
# words opening a line that continue the clue of the line before
_CONTINUES = NEGATIVE | CONNECTIVE | PREPOSITION | {"as", "both", "isn't", "is", "but"}


@dataclass(frozen=True)
class ParsedClue:
    """One clue: position (1-based; the riddle's length for 'last') and its halves."""

    pos: int
    halves: tuple[HalfClue, ...]
    ordinal: str = ""           # as written: "first", "last", ...
    line: int = 0               # 1-based line of the text where it starts
    text: str = ""

    def key(self) -> tuple:
        return (self.pos, tuple((h.valence, h.word) for h in self.halves))


@dataclass
class ParsedRiddle:
    clues: list[ParsedClue]
    hints: list[str] = field(default_factory=list)

    @property
    def length(self) -> int:
        return len(self.clues)


@dataclass
class _Segment:
    ordinal: str
    line: int
    text: str


def _ordinal_value(word: str) -> int | str:
    w = word.casefold()         # re.I also matches 'ſ' for 's' and the Kelvin sign for 'k'
    if w in (LAST, NEXT):
        return w
    if w in ORDINALS:
        return ORDINALS[w]
    m = re.match(r"[0-9]+", w)
    if m is None:
        raise UsageError(f"cannot read the ordinal {word!r} (first ... twentieth, last, 1st ...)")
    return int(m.group())


def _words_of(text: str) -> list[str]:
    return [t.strip("'\"").lower() for t in TOKEN.findall(text)]


def _segments(text: str) -> tuple[list[_Segment], list[str]]:
    """Split riddle text into clue segments (each from 'My <ordinal>' to the next)
    and hint lines."""
    segments: list[_Segment] = []
    hints: list[str] = []
    open_clue = False          # may the next line continue the last segment?
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            open_clue = False
            continue
        long = _LONG_ORDINAL.search(line)
        if long:
            raise UsageError(f"line {number}: {long.group(1)!r}: ordinals are read as words "
                             "to twentieth; write the later ones as numbers (21st)")
        pieces: list[tuple[str, str | None]] = []   # (text, ordinal or None)
        marks = sorted([(m.start(), m.end(), m.group(1)) for m in _CLUE_START.finditer(line)]
                       + [(m.start(), m.end(), None) for m in _WHOLE.finditer(line)])
        lead = line[:marks[0][0]] if marks else line
        for i, (start, end, ordinal) in enumerate(marks):
            stop = marks[i + 1][0] if i + 1 < len(marks) else len(line)
            pieces.append((line[start:stop] if ordinal is None else line[end:stop], ordinal))
        lead_words = _words_of(lead)
        continued = False
        if lead.strip():
            if open_clue and lead_words and _continues(segments[-1], lead_words):
                _extend(segments[-1], lead)
                continued = True
            elif any(w not in FILLER_READ and w not in DETERMINER and w not in CONNECTIVE
                     for w in lead_words) or not lead_words:
                hints.append(lead.strip() if not pieces else lead.strip().rstrip(",;:"))
        open_clue = continued
        for body, ordinal in pieces:
            if ordinal is None:
                hints.append(body.strip())
                open_clue = False
            else:
                segments.append(_Segment(ordinal, number, body))
                open_clue = True
    return segments, [visible(h) for h in hints]     # a mark turning the text is shown


def _extend(segment: _Segment, lead: str) -> None:
    """Carry a clue on over one more line: at most ``MAX_CLUE_CHARS`` in all (a clue
    runs over two or three lines; a longer run is not a clue, and re-reading it for
    every line would cost time growing with the square of its length)."""
    if len(segment.text) + len(lead) > MAX_CLUE_CHARS:
        raise UsageError(f"line {segment.line}: the clue 'My {segment.ordinal} ...' runs on "
                         f"for over {MAX_CLUE_CHARS} characters")
    segment.text += " " + lead


def _clue_words(segment: _Segment) -> list[HalfClue]:
    """The clue words of one segment with their valences."""
    where = f"line {segment.line}: 'My {segment.ordinal}{segment.text.rstrip()}'"
    return read_clue_words(segment.text, segment.ordinal, where)


def _continues(segment: _Segment, line_words: list[str]) -> bool:
    """Does a line without an ordinal carry on this clue? Yes if the clue ends on
    a dangling word ('... but not in'), or has one clue word so far and the line
    opens with a joining word ('but never in slats')."""
    words = _words_of(segment.text)
    if words and words[-1] in _DANGLING:
        return True
    if line_words[0] not in _CONTINUES:
        return False
    if _joins_on(line_words):
        return True
    try:
        return len(_clue_words(segment)) < 2
    except UsageError:
        return True


def _joins_on(words: list[str]) -> bool:
    """Does a line open as the rest of a clue does: a negative or joining word, then
    'in' or a negative ('but not in crystal', 'nor in heap', 'and in rulers')?"""
    first, second = words[0], words[1] if len(words) > 1 else ""
    return ((first in NEGATIVE_READ and second in PREPOSITION)
            or (first in CONNECTIVE and second in NEGATIVE_READ | PREPOSITION))


def _one_letter(seg: _Segment) -> None:
    """A clue names one letter: 'My first and last are in toe' is refused."""
    m = re.match(rf"\s*(?:and|&|,)\s*(?:my\s+)?({_ORD_ALT})\b", seg.text, re.I)
    if m:
        raise UsageError(f"line {seg.line}: 'My {seg.ordinal} and {m.group(1)}': a clue "
                         "names one letter (write a clue for each)")


def parse_riddle(text: str) -> ParsedRiddle:
    """Read riddle text into clues (one per letter) and hint lines.

    Raises UsageError naming the line when a clue cannot be read, when no clue is
    found, or when the positions do not make one word."""
    if not isinstance(text, str):
        raise UsageError("a riddle is text")
    if len(text) > MAX_RIDDLE_CHARS:
        raise UsageError(f"a riddle of {len(text)} characters is over the limit of "
                         f"{MAX_RIDDLE_CHARS}")
    segments, hints = _segments(normalise(text.removeprefix("\ufeff")))
    if not segments:
        raise UsageError("no letter clues found (expected lines like "
                         "'My first is in deans but not in slats')")
    n = len(segments)
    clues: list[ParsedClue] = []
    seen: dict[int, _Segment] = {}
    pos = 0
    for seg in segments:
        _one_letter(seg)
        halves = tuple(_clue_words(seg))
        pos = _position(seg, n, seen, pos)
        seen[pos] = seg
        clues.append(ParsedClue(pos, halves, seg.ordinal.lower(), seg.line,
                                ("My " + seg.ordinal + seg.text).strip()))
    clues.sort(key=lambda c: c.pos)
    return ParsedRiddle(clues, hints)


def _position(seg: _Segment, n: int, seen: dict, previous: int) -> int:
    """The letter a segment is a clue for (1-based; 'last' is ``n``; 'next' the one
    after the previous clue's), checked."""
    value = _ordinal_value(seg.ordinal)
    if value == NEXT and not previous:
        raise UsageError(f"line {seg.line}: 'My {seg.ordinal}' before any other clue "
                         "(next after which letter?)")
    pos = n if value == LAST else previous + 1 if value == NEXT else value
    if pos > n:
        raise UsageError(f"line {seg.line}: a clue for letter {pos} ('{seg.ordinal}'), "
                         f"but the riddle has only {plural(n, 'clue')} "
                         "(one per letter)")
    if pos in seen:
        raise UsageError(f"line {seg.line}: a second clue for letter {pos} "
                         f"('{seg.ordinal}'; the first is on line {seen[pos].line})")
    if pos < 1:
        raise UsageError(f"line {seg.line}: no letter {pos}")
    return pos
