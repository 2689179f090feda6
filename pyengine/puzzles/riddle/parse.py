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
import unicodedata
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import INVISIBLE, ascii_letters, character, fold
from pyengine.engine.wording import plural
from pyengine.puzzles.riddle.limits import MAX_CLUE_CHARS, MAX_RIDDLE_CHARS

INCLUDE, EXCLUDE = "include", "exclude"

ORDINAL_WORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth "
                 "eleventh twelfth thirteenth fourteenth fifteenth sixteenth "
                 "seventeenth eighteenth nineteenth twentieth").split()
ORDINALS: dict[str, int] = {w: i for i, w in enumerate(ORDINAL_WORDS, start=1)}
LAST = "last"
NEXT = "next"                 # the letter after the previous clue's

_ORD_ALT = "|".join(ORDINAL_WORDS + [LAST, NEXT]) + r"|[0-9]{1,2}(?:st|nd|rd|th)"
# a clue starts at "My first", "Our second's", "my LAST" ...
_CLUE_START = re.compile(rf"\b(?:my|our)\s+({_ORD_ALT})(?:['\u2019]s)?\b", re.I)
# "My whole is ...", "My all ...": a hint, never a clue
_WHOLE = re.compile(r"\b(?:my|our)\s+(?:whole|total|all|entirety|self)\b", re.I)
_TOKEN = re.compile(r'"[^"]*"|(?<![^\W\d_])\'[^\W\d_][^\W\d_\'-]*\'(?![^\W\d_])'
                    r"|[^\W\d_]+(?:['-][^\W\d_]+)*")

# a riddle's text is read up to this size (chars; the CLI reads at most this many bytes)

NEGATIVE = {"not", "never", "neither", "nor", "nowhere", "without"}
CONNECTIVE = {"but", "and", "also", "though", "although", "yet", "while", "whereas",
              "or", "too", "however", "plus", "still", "even", "again", "then", "only"}
PREPOSITION = {"in", "on", "within", "inside", "from", "of", "at", "among", "amongst",
               "into", "amid", "throughout"}
ARTICLE = {"the", "a", "an", "both", "either", "some", "any", "this", "that", "these",
           "those", "every", "each", "my", "your", "our", "his", "her", "its", "their"}
NOUNISH = {"one", "word", "words", "letter", "letters", "spelling"}
DETERMINER = ARTICLE | NOUNISH
FILLER = {"is", "are", "am", "was", "be", "been", "lies", "lie", "sits", "appears", "occurs",
          "found", "find", "seen", "can", "could", "will", "would", "may", "might", "you",
          "i", "it", "there", "which", "always", "somewhere", "located", "hides", "hidden",
          "comes", "dwells", "resides", "you'll", "it's", "i'm", "you'd", "as", "well",
          "also", "present", "contained", "included", "to", "just", "too", "s"}
# old printed fillers: "My fourth in oak you clearly see", "you'll find" (read by the
# parser; kept out of STOP_WORDS so the maker's clue words stay as they were)
PRINTED_FILLER = {"see", "sees", "clearly", "plainly", "surely", "sure", "shall", "doth", "do",
          "does", "spy", "behold", "readily", "easily", "truly", "indeed", "placed",
          "stands", "stand", "meet", "met", "view", "discover", "observe", "note",
          "notice", "perceive", "we", "they", "thou", "thee", "ye", "we'll", "tis",
          "'tis", "you've", "ever", "oft"}
# the parser's own words never serve as generated clue words
STOP_WORDS = NEGATIVE | CONNECTIVE | PREPOSITION | DETERMINER | FILLER
FILLER_READ = FILLER | PRINTED_FILLER
# words ending a line that show the clue goes on to the next line
_DANGLING = NEGATIVE | CONNECTIVE | PREPOSITION | {"is", "as", "the", "a", "an", "both",
                                                     "well", "isn't", "it's", "found"}
# words opening a line that continue the clue of the line before
_CONTINUES = NEGATIVE | CONNECTIVE | PREPOSITION | {"as", "both", "isn't", "is", "but"}


@dataclass(frozen=True)
class HalfClue:
    valence: str     # INCLUDE or EXCLUDE
    word: str


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


def _normalise(text: str) -> str:
    text = fold(text)           # NFKC, as every reader of words (textio.ascii_letters)
    return (text.replace("\u2019", "'").replace("\u2018", "'")
            .replace("\u201c", '"').replace("\u201d", '"').replace("\t", " "))


def _words_of(text: str) -> list[str]:
    return [t.strip("'\"").lower() for t in _TOKEN.findall(text)]


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
    return segments, hints


def _extend(segment: _Segment, lead: str) -> None:
    """Carry a clue on over one more line: at most ``MAX_CLUE_CHARS`` in all (a clue
    runs over two or three lines; a longer run is not a clue, and re-reading it for
    every line would cost time growing with the square of its length)."""
    if len(segment.text) + len(lead) > MAX_CLUE_CHARS:
        raise UsageError(f"line {segment.line}: the clue 'My {segment.ordinal} ...' runs on "
                         f"for over {MAX_CLUE_CHARS} characters")
    segment.text += " " + lead


def _continues(segment: _Segment, line_words: list[str]) -> bool:
    """Does a line without an ordinal carry on this clue? Yes if the clue ends on
    a dangling word ('... but not in'), or has one clue word so far and the line
    opens with a joining word ('but never in slats')."""
    words = _words_of(segment.text)
    if words and words[-1] in _DANGLING:
        return True
    if line_words[0] not in _CONTINUES:
        return False
    try:
        return len(_clue_words(segment)) < 2
    except UsageError:
        return True


def _clue_words(segment: _Segment) -> list[HalfClue]:
    """The clue words of one segment with their valences."""
    tokens = _tokens(segment.text)
    picks = _clue_picks(tokens)
    where = f"line {segment.line}: 'My {segment.ordinal}{segment.text.rstrip()}'"
    _check_marks(segment.text, where)
    _check_prepositions(tokens, where)
    if not picks:
        raise UsageError(f"{where} is not a letter clue (expected 'My {segment.ordinal} "
                         "is in WORD but not in WORD' or similar)")
    if len(picks) > 2:
        names = ", ".join(tokens[i][0] for i in picks)
        raise UsageError(f"{where}: cannot tell the two clue words among {names} "
                         "(put them in quotes)")
    return _halves(tokens, picks, where)


def _check_marks(text: str, where: str) -> None:
    """A clue may not hold a combining mark left over after NFKC ('x' + U+0301) or an
    invisible format character: read as nothing, they would silently change a word."""
    if text.isascii():
        return
    for ch in text:
        if unicodedata.category(ch) in INVISIBLE:
            raise UsageError(f"{where}: the mark {character(ch)} is not part of a letter "
                             "a-z (clue words must be letters a-z)")


def _tokens(text: str) -> list[tuple[str, bool, bool]]:
    """(word, quoted, capitalised) for each word of a clue; "isn't" is "is not"."""
    body = re.sub(r"\bas\s+well\s+as\b", " and ", _normalise(text), flags=re.I)
    tokens = []
    for m in _TOKEN.finditer(body):
        raw = m.group()
        quoted = raw[0] in "\"'" and len(raw) > 1
        word = raw.strip("'\"")
        low = word.lower()
        if not quoted and low.endswith("n't"):
            tokens.append((low[:-3] or "is", False, False))
            tokens.append(("not", False, False))
            continue
        if not quoted and low.endswith("'s"):
            low = low[:-2]
        tokens.append((low, quoted, word[:1].isupper()))
    return tokens


def _clue_picks(tokens) -> list[int]:
    """Indexes of the clue words: the quoted words if any; else the words that are
    not the parser's own (or that follow a preposition), narrowed to the capitalised
    ones when there are too many."""
    if any(q for _, q, _ in tokens):
        return _pick(tokens, lambda t, i, after: t[1])
    picks = _pick(tokens, lambda t, i, after: after or _joined(tokens, i) or (
        t[0] not in FILLER_READ and t[0] not in DETERMINER and t[0] not in NEGATIVE
        and t[0] not in CONNECTIVE and t[0] not in PREPOSITION))
    if len(picks) > 2:
        caps = [i for i in picks if tokens[i][2]]
        if 1 <= len(caps) <= 2 and len(caps) < len(picks):
            picks = caps
    return picks


def _joined(tokens, i: int) -> bool:
    """An old printed filler word ('note', 'view') right after 'and', 'nor', 'or',
    'both' or 'neither' is a clue word ('in both deans and note')."""
    return (tokens[i][0] in PRINTED_FILLER and tokens[i][0] not in FILLER and i > 0
            and tokens[i - 1][0] in {"and", "nor", "or", "both", "neither"})


def _check_prepositions(tokens, where: str) -> None:
    """Every 'in' (articles skipped) must be followed by a clue word."""
    for i, (word, quoted, _cap) in enumerate(tokens):
        if word in PREPOSITION and not quoted:
            j = i + 1
            while j < len(tokens) and tokens[j][0] in ARTICLE | {"neither"} \
                    and not tokens[j][1] and not _pronoun_word(tokens, j):
                j += 1
            if j == len(tokens) or (not tokens[j][1] and tokens[j][0] in
                                    NEGATIVE | CONNECTIVE | PREPOSITION):
                raise UsageError(f"{where}: '{word}' is not followed by a clue word")


def _pronoun_word(tokens, i: int) -> bool:
    """Is the determiner at ``i`` itself the clue word ('but not in my', 'in our,
    not in ...'): the last word, or followed by a negative or joining word?"""
    if tokens[i][0] not in ARTICLE - {"the", "a", "an", "both", "either", "neither"}:
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return nxt is None or (not nxt[1] and nxt[0] in NEGATIVE | CONNECTIVE | PREPOSITION)


def _halves(tokens, picks: list[int], where: str) -> list[HalfClue]:
    """Each picked word, excluded when a negative word stands between it and the
    previous clue word ("not in X or in Y": Y is excluded too)."""
    halves: list[HalfClue] = []
    previous = -1
    for i in picks:
        between = {t[0] for t in tokens[previous + 1:i]}
        negative = bool(between & NEGATIVE)
        if not negative and halves and halves[-1].valence == EXCLUDE and "or" in between:
            negative = True
        if not between & (PREPOSITION | NEGATIVE | CONNECTIVE) and not tokens[i][1]:
            raise UsageError(f"{where} is not a letter clue: '{tokens[i][0]}' is not "
                             "after 'in', 'and', 'nor' ... (expected 'is in WORD ...')")
        word = ascii_letters(tokens[i][0].replace("-", "").replace("'", ""),
                             f"{where}: clue word {tokens[i][0]!r}")
        halves.append(HalfClue(EXCLUDE if negative else INCLUDE, word))
        previous = i
    return halves


def _pick(tokens, keep) -> list[int]:
    """Indexes of clue-word tokens. A word right after a preposition (articles
    skipped) is a clue word even if it is also a filler word ('in may')."""
    picks = []
    after = False
    for i, t in enumerate(tokens):
        if after and t[0] in NOUNISH and not t[1]:
            # "in the word 'cat'" names the next token; "in letter and in note" is a clue
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if nxt is None or (not nxt[1] and nxt[0] in NEGATIVE | CONNECTIVE | PREPOSITION):
                picks.append(i)
                after = False
            continue
        if after and not t[1] and _pronoun_word(tokens, i):
            picks.append(i)             # "but not in my": a pronoun as the clue word
            after = False
            continue
        if keep(t, i, after and t[0] not in DETERMINER and t[0] not in NEGATIVE
                and t[0] not in PREPOSITION and t[0] not in CONNECTIVE):
            picks.append(i)
            after = False
        elif t[0] in PREPOSITION:
            after = True
        elif t[0] not in DETERMINER:
            after = False
    return picks


def parse_riddle(text: str) -> ParsedRiddle:
    """Read riddle text into clues (one per letter) and hint lines.

    Raises UsageError naming the line when a clue cannot be read, when no clue is
    found, or when the positions do not make one word."""
    if not isinstance(text, str):
        raise UsageError("a riddle is text")
    if len(text) > MAX_RIDDLE_CHARS:
        raise UsageError(f"a riddle of {len(text)} characters is over the limit of "
                         f"{MAX_RIDDLE_CHARS}")
    segments, hints = _segments(_normalise(text.removeprefix("\ufeff")))
    if not segments:
        raise UsageError("no letter clues found (expected lines like "
                         "'My first is in deans but not in slats')")
    n = len(segments)
    clues: list[ParsedClue] = []
    seen: dict[int, _Segment] = {}
    pos = 0
    for seg in segments:
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
