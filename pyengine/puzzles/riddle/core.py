"""Letter riddles (seeds 000 and 001): read, solve and make them.

    My first is in deans but not in slats
    My second is in persona but not in perusing
    My third is neither in veiled nor in seized
    My fourth is in cleat but not in octet
    My last is in curtsied but not in curbed         -> earls

* :func:`parse_riddle` reads free-form riddle text into clues (Python only).
* :func:`solve` declares them as `Clue` facts and walks the rule stages of
  ``pyengine.rules.riddle.RiddleSolver``; the solutions are read back from the
  fact base, most familiar first (tier, then zipf frequency).
* :func:`make_riddle` walks ``RiddleMaker``: draw clue pairs through a
  :class:`ClueIndex` (close spellings found with rapidfuzz), check for rival
  words through the solving list's position index, redraw only weak clues.
* :func:`write_riddle` writes clues with the seed's phrasings.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError

INCLUDE, EXCLUDE = "include", "exclude"

ORDINAL_WORDS = ("first second third fourth fifth sixth seventh eighth ninth tenth "
                 "eleventh twelfth thirteenth fourteenth fifteenth sixteenth "
                 "seventeenth eighteenth nineteenth twentieth").split()
ORDINALS: dict[str, int] = {w: i for i, w in enumerate(ORDINAL_WORDS, start=1)}
LAST = "last"

DEFAULT_LIMITS = {"include-exclude": 3, "include-include": 2, "exclude-exclude": 2}
KIND_WEIGHTS = {"include-exclude": 7, "include-include": 2, "exclude-exclude": 1}
DEFAULT_LENGTHS = (5, 8)
MAX_SOLUTIONS = 100

# ----------------------------------------------------------------------------------
# parsing

_ORD_ALT = "|".join(ORDINAL_WORDS + [LAST]) + r"|\d{1,2}(?:st|nd|rd|th)"
# a clue starts at "My first", "Our second's", "my LAST" ...
_CLUE_START = re.compile(rf"\b(?:my|our)\s+({_ORD_ALT})(?:['\u2019]s)?\b", re.I)
# "My whole is ...", "My all ...": a hint, never a clue
_WHOLE = re.compile(r"\b(?:my|our)\s+(?:whole|total|all|entirety|self)\b", re.I)
_TOKEN = re.compile(r'"[^"]*"|(?<![^\W\d_])\'[^\W\d_][^\W\d_\'-]*\'(?![^\W\d_])'
                    r"|[^\W\d_]+(?:['-][^\W\d_]+)*")

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
# the parser's own words never serve as generated clue words
STOP_WORDS = NEGATIVE | CONNECTIVE | PREPOSITION | DETERMINER | FILLER
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
    w = word.lower()
    if w == LAST:
        return LAST
    if w in ORDINALS:
        return ORDINALS[w]
    return int(re.match(r"\d+", w).group())


def _normalise(text: str) -> str:
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
                segments[-1].text += " " + lead
                continued = True
            elif any(w not in FILLER and w not in DETERMINER and w not in CONNECTIVE
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
    body = _normalise(segment.text)
    body = re.sub(r"\bas\s+well\s+as\b", " and ", body, flags=re.I)
    tokens = []   # (word, quoted, capitalised)
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
    if any(q for _, q, _ in tokens):
        picks = _pick(tokens, lambda t, i, after: t[1])
    else:
        picks = _pick(tokens, lambda t, i, after: after or (
            t[0] not in FILLER and t[0] not in DETERMINER and t[0] not in NEGATIVE
            and t[0] not in CONNECTIVE and t[0] not in PREPOSITION))
        if len(picks) > 2:
            caps = [i for i in picks if tokens[i][2]]
            if 1 <= len(caps) <= 2 and len(caps) < len(picks):
                picks = caps
    where = f"line {segment.line}: 'My {segment.ordinal}{segment.text.rstrip()}'"
    for i, (word, quoted, _cap) in enumerate(tokens):
        if word in PREPOSITION and not quoted:
            j = i + 1
            while j < len(tokens) and tokens[j][0] in ARTICLE | {"neither"} \
                    and not tokens[j][1]:
                j += 1
            if j == len(tokens) or (not tokens[j][1] and tokens[j][0] in
                                    NEGATIVE | CONNECTIVE | PREPOSITION):
                raise UsageError(f"{where}: '{word}' is not followed by a clue word")
    if not picks:
        raise UsageError(f"{where} is not a letter clue (expected 'My {segment.ordinal} "
                         "is in WORD but not in WORD' or similar)")
    if len(picks) > 2:
        names = ", ".join(tokens[i][0] for i in picks)
        raise UsageError(f"{where}: cannot tell the two clue words among {names} "
                         "(put them in quotes)")
    halves: list[HalfClue] = []
    previous = -1
    for i in picks:
        between = {t[0] for t in tokens[previous + 1:i]}
        negative = bool(between & NEGATIVE)
        if not negative and halves and halves[-1].valence == EXCLUDE and "or" in between:
            negative = True     # "not in X or in Y": still excluded
        if not between & (PREPOSITION | NEGATIVE | CONNECTIVE) and not tokens[i][1]:
            raise UsageError(f"{where} is not a letter clue: '{tokens[i][0]}' is not "
                             "after 'in', 'and', 'nor' ... (expected 'is in WORD ...')")
        word = re.sub(r"[^a-z]", "", tokens[i][0])
        if not word or not tokens[i][0].replace("-", "").replace("'", "").isascii():
            raise UsageError(f"{where}: clue word {tokens[i][0]!r} must be letters a-z")
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
    segments, hints = _segments(_normalise(text))
    if not segments:
        raise UsageError("no letter clues found (expected lines like "
                         "'My first is in deans but not in slats')")
    clues: list[ParsedClue] = []
    n = len(segments)
    seen: dict[int, _Segment] = {}
    for seg in segments:
        halves = tuple(_clue_words(seg))
        value = _ordinal_value(seg.ordinal)
        pos = n if value == LAST else value
        if pos > n:
            raise UsageError(f"line {seg.line}: a clue for letter {pos} ('{seg.ordinal}'), "
                             f"but the riddle has only {n} clue{'s' if n > 1 else ''} "
                             "(one per letter)")
        if pos in seen:
            raise UsageError(f"line {seg.line}: a second clue for letter {pos} "
                             f"('{seg.ordinal}'; the first is on line {seen[pos].line})")
        if pos < 1:
            raise UsageError(f"line {seg.line}: no letter {pos}")
        seen[pos] = seg
        clues.append(ParsedClue(pos, halves, seg.ordinal.lower(), seg.line,
                                ("My " + seg.ordinal + seg.text).strip()))
    clues.sort(key=lambda c: c.pos)
    return ParsedRiddle(clues, hints)


# ----------------------------------------------------------------------------------
# writing (the seed's phrasings)

def ordinal_word(pos: int) -> str:
    return ORDINAL_WORDS[pos - 1] if 1 <= pos <= len(ORDINAL_WORDS) else f"{pos}th"


def write_line(halves: tuple[HalfClue, ...], rng: random.Random) -> str:
    (va, a), (vb, b) = [(h.valence, h.word) for h in halves]
    if va == INCLUDE and vb == INCLUDE:
        if rng.randrange(2) == 0:
            return f"is in {a} and also in {b}"
        return f"is in both {a} and {b}"
    if va == EXCLUDE and vb == EXCLUDE:
        return f"is neither in {a} nor in {b}"
    if va == EXCLUDE:
        a, b = b, a
    return f"is in {a} but not in {b}"


def write_riddle(clues: list[ParsedClue], rng: random.Random) -> list[str]:
    """One line per clue; the final one is 'My last' 30% of the time."""
    out = []
    n = len(clues)
    for clue in sorted(clues, key=lambda c: c.pos):
        pos = ordinal_word(clue.pos)
        if clue.pos == n and rng.random() <= 0.3:
            pos = LAST
        out.append(f"My {pos} {write_line(clue.halves, rng)}")
    return out


# ----------------------------------------------------------------------------------
# solving

@dataclass(frozen=True)
class RankedWord:
    word: str
    tier: int | None
    zipf: float

    def as_dict(self) -> dict:
        return {"word": self.word, "tier": self.tier, "zipf": self.zipf}


@dataclass
class SolveResult:
    solutions: list[RankedWord]     # most familiar first (all, or the first MAX_SOLUTIONS)
    count: int                      # how many words fit
    hints: list[str]
    clues: list[ParsedClue]
    letters: dict[int, str]         # position -> allowed letters (sorted)
    words_label: str
    fired: dict[str, int] = field(default_factory=dict)
    session: object = None

    @property
    def best(self) -> str | None:
        return self.solutions[0].word if self.solutions else None

    def as_dict(self, limit: int | None = None) -> dict:
        sols = self.solutions if limit is None else self.solutions[:limit]
        return {"solutions": [s.as_dict() for s in sols], "count": self.count,
                "hints": list(self.hints),
                "clues": [{"pos": c.pos, "ordinal": c.ordinal,
                           "halves": [{"valence": h.valence, "word": h.word}
                                      for h in c.halves]} for c in self.clues],
                "letters": {str(p): s for p, s in self.letters.items()},
                "words": self.words_label, "fired": dict(self.fired)}


def _solver_stages():
    from pyengine.engine.stages import Stage
    return [Stage("place"), Stage("collapse"), Stage("solve"), Stage("rank")]


def clue_facts(parsed: ParsedRiddle) -> list:
    """The Clue facts of a parsed riddle, one per line ('My last' stays 'last'
    for the rules)."""
    from pyengine.facts.riddle import clue_fact

    return [clue_fact(LAST if clue.ordinal == LAST else clue.pos,
                      [(h.valence, h.word) for h in clue.halves])
            for clue in parsed.clues]


_SOLVERS: dict[tuple, object] = {}


def solver_session(parsed: ParsedRiddle, words=None, record: bool = True,
                   max_solutions: int = MAX_SOLUTIONS):
    """A reset experta session with the riddle's facts declared, before any stage."""
    from pyengine.engine.experta import ExpertaSession
    from pyengine.facts.riddle import Riddle
    from pyengine.rules.riddle import RiddleSolver
    from pyengine.words.lists import load

    wl = words if words is not None and not isinstance(words, str) else load(words)
    key = (id(wl), max_solutions)
    session = None if record else _SOLVERS.get(key)
    if session is None or session.services.get("words") is not wl:
        # building experta's network costs ~10 ms: quiet sessions are kept per list
        session = ExpertaSession(RiddleSolver(wl, max_solutions), record=record)
        session.provide(words=wl)
        if not record:
            _SOLVERS[key] = session
    session.reset()
    session.assert_fact(Riddle(length=parsed.length))
    for fact in clue_facts(parsed):
        session.assert_fact(fact)
    return session


def read_solution(session, parsed: ParsedRiddle, all_solutions: bool = False) -> SolveResult:
    """Read the solutions, letter sets and count back from the fact base."""
    from pyengine.facts.riddle import Candidates, LetterSet, Solution

    wl = session.services["words"]
    sols = sorted(session.records(Solution), key=lambda f: f["rank"])
    solutions = [RankedWord(f["word"], f["tier"], f["zipf"]) for f in sols]
    last = [f for f in session.records(Candidates) if f["upto"] == parsed.length]
    count = last[0]["words"].count if last else len(solutions)
    if all_solutions and count > len(solutions):
        ranked = wl.ranked(last[0]["words"].words())
        solutions = [RankedWord(w, wl.tier(w), wl.zipf(w)) for w in ranked]
    letters = {f["pos"]: "".join(sorted(f["letters"])) for f in session.records(LetterSet)}
    return SolveResult(solutions, count, list(parsed.hints), parsed.clues,
                       dict(sorted(letters.items())), wl.label, session=session)


def solve(riddle: str | ParsedRiddle, words=None, all_solutions: bool = False,
          record: bool = False) -> SolveResult:
    """Solve riddle text (or a parsed riddle) with the rule engine."""
    from pyengine.engine.stages import StageRunner

    parsed = riddle if isinstance(riddle, ParsedRiddle) else parse_riddle(riddle)
    session = solver_session(parsed, words, record,
                             max_solutions=10**9 if all_solutions else MAX_SOLUTIONS)
    fired = StageRunner(session, _solver_stages()).run_all()
    result = read_solution(session, parsed, all_solutions)
    result.fired = fired
    return result


# ----------------------------------------------------------------------------------
# clue words close in spelling

class ClueIndex:
    """Draws clue-word pairs for a letter: close in spelling (Levenshtein distance
    within the kind's limit), neither word's letter set a subset of the other's.

    Words are bucketed by length; the second word is searched with rapidfuzz in a
    random window of the words of similar length (``window`` words), so a draw
    costs about a millisecond instead of the seed's ~2000 rejected random pairs."""

    def __init__(self, words, limits=None, weights=None, window: int = 2500,
                 min_length: int = 3):
        from rapidfuzz.distance import Levenshtein

        self._distance = Levenshtein.distance
        self.limits = dict(DEFAULT_LIMITS if limits is None else limits)
        self.weights = dict(KIND_WEIGHTS if weights is None else weights)
        for kind in self.limits:
            if kind not in DEFAULT_LIMITS:
                raise UsageError(f"unknown clue kind {kind!r}")
        pool = [w for w in words if len(w) >= min_length and w not in STOP_WORDS]
        if len(pool) < 2:
            raise UsageError("too few clue words (need words of 3+ letters)")
        self.words = pool
        self.sets = {w: frozenset(w) for w in pool}
        self.window = window
        by_len: dict[int, list[str]] = {}
        for w in pool:
            by_len.setdefault(len(w), []).append(w)
        shuffler = random.Random(0)
        self.near: dict[int, list[str]] = {}
        for n in by_len:
            near = [w for m in (n - 1, n, n + 1) for w in by_len.get(m, ())]
            shuffler.shuffle(near)
            self.near[n] = near
        self._with: dict[str, list[str]] = {}
        self._without: dict[str, list[str]] = {}

    def having(self, letter: str, present: bool) -> list[str]:
        cache = self._with if present else self._without
        got = cache.get(letter)
        if got is None:
            got = cache[letter] = [w for w in self.words if (letter in w) == present]
        return got

    def kind(self, rng: random.Random) -> str:
        kinds = list(self.weights)
        return rng.choices(kinds, weights=[self.weights[k] for k in kinds], k=1)[0]

    def draw(self, letter: str, rng: random.Random, avoid=(), exclude_words=(),
             tries: int = 60) -> tuple[str, str, str, str]:
        """(valence_a, word_a, valence_b, word_b) whose collapsed letter set holds
        ``letter`` and none of ``avoid`` (dropped if no pair is found)."""
        from rapidfuzz import process

        avoid = frozenset(avoid) - {letter}
        for attempt in range(tries * 2):
            if attempt == tries:
                avoid = frozenset()     # give up on the rival letters, keep the rules
            kind = self.kind(rng)
            a_has, b_has = {"include-exclude": (True, False), "include-include": (True, True),
                            "exclude-exclude": (False, False)}[kind]
            first = self.having(letter, a_has)
            if not first:
                continue
            a = rng.choice(first)
            if a in exclude_words:
                continue
            near = self.near[len(a)]
            start = rng.randrange(len(near))
            window = near[start:start + self.window]
            if len(window) < self.window:
                window += near[:self.window - len(window)]
            found = process.extract(a, window, scorer=self._distance,
                                    score_cutoff=self.limits[kind], limit=None)
            sa = self.sets[a]
            good = []
            for b, _dist, _i in found:
                sb = self.sets[b]
                if (letter in sb) != b_has or b == a or b in exclude_words:
                    continue
                if sa <= sb or sb <= sa:
                    continue
                allowed = _allowed(kind, sa, sb)
                if avoid & allowed:
                    continue
                good.append(b)
            if good:
                b = rng.choice(sorted(good))
                va = INCLUDE if a_has else EXCLUDE
                vb = INCLUDE if b_has else EXCLUDE
                return (va, a, vb, b)
        raise UsageError(f"cannot find clue words for the letter {letter!r} "
                         "in this word list")


_ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz")


def _allowed(kind: str, sa: frozenset, sb: frozenset) -> frozenset:
    if kind == "include-exclude":
        return sa - sb
    if kind == "include-include":
        return sa & sb
    return _ALPHABET - sa - sb


def allowed_letters(halves: tuple[HalfClue, ...]) -> frozenset:
    """A plain-Python collapse of one clue (for checks outside the engine)."""
    inc = [frozenset(h.word) for h in halves if h.valence == INCLUDE]
    exc = [frozenset(h.word) for h in halves if h.valence == EXCLUDE]
    base = frozenset.intersection(*inc) if inc else _ALPHABET
    for e in exc:
        base = base - e
    return base


# ----------------------------------------------------------------------------------
# making

@dataclass
class MadeRiddle:
    answer: str
    clues: list[ParsedClue]
    lines: list[str]
    rounds: int                 # check rounds the maker needed
    seed: int

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def as_dict(self) -> dict:
        return {"answer": self.answer, "text": self.text, "rounds": self.rounds,
                "clues": [{"pos": c.pos, "halves": [{"valence": h.valence, "word": h.word}
                                                    for h in c.halves]} for c in self.clues]}


def familiar_words(words, min_zipf: float = 2.5, enough: int = 2000):
    """Clue words and random answers: the list's common tier; for a plain list
    (no tiers) its words with zipf >= ``min_zipf``, if there are ``enough``."""
    if words.has_tiers:
        return words.common()
    familiar = words.filter(min_zipf=min_zipf)
    return familiar if len(familiar) >= enough else words


class RiddleFactory:
    """Everything a run of the maker needs once: the solving list and the clue index.

    ``words``: solving list spec or WordList (default: the whole default list);
    clue words and random answers come from its ``common()`` tier (see
    :func:`familiar_words` for plain lists)."""

    def __init__(self, words=None, limits=None, weights=None, window: int = 2500):
        from pyengine.words.lists import load

        self.words = words if words is not None and not isinstance(words, str) else load(words)
        self.common = familiar_words(self.words)
        self.clues = ClueIndex(self.common.words, limits, weights, window)
        self._answers: dict[tuple[int, int], list[str]] = {}
        self._session = None

    def random_answer(self, rng: random.Random, lengths=DEFAULT_LENGTHS) -> str:
        lo, hi = lengths
        pool = self._answers.get((lo, hi))
        if pool is None:
            pool = self._answers[(lo, hi)] = [w for w in self.common.words if lo <= len(w) <= hi]
        if not pool:
            raise UsageError(f"no common words of length {lo}-{hi} in {self.words.label}")
        return rng.choice(pool)

    def session(self, answer: str, rng: random.Random, record: bool = False):
        """A reset maker session with the answer's facts declared."""
        from pyengine.engine.experta import ExpertaSession
        from pyengine.facts.riddle import Answer, Letter, Riddle
        from pyengine.rules.riddle import RiddleMaker

        session = None if record else self._session
        if session is None:
            # building experta's network costs ~10 ms: the quiet session is reused
            session = ExpertaSession(RiddleMaker(self.words, self.clues, rng), record=record)
            if not record:
                self._session = session
        session.provide(rng=rng, used=set())
        session.reset()
        session.assert_fact(Answer(word=answer))
        session.assert_fact(Riddle(length=len(answer)))
        for pos, char in enumerate(answer, start=1):
            session.assert_fact(Letter(pos=pos, char=char))
        return session

    def make(self, answer: str, seed: int, max_rounds: int = 40, attempts: int = 5,
             record: bool = False) -> MadeRiddle:
        from pyengine.engine.stages import StageRunner

        answer = check_answer(answer)
        if answer not in self.words:
            raise UsageError(f"{answer!r} is not in the word list {self.words.label}, so no "
                             "riddle for it could be solved (try --words)")
        rng = random.Random(seed)
        rounds = 0
        for _attempt in range(attempts):
            session = self.session(answer, rng, record)
            StageRunner(session, maker_stages(0)).run_all()
            for r in range(max_rounds):
                rounds += 1
                if _unique(session):
                    clues = read_clues(session)
                    lines = write_riddle(clues, rng)
                    return MadeRiddle(answer, clues, lines, rounds, seed)
                StageRunner(session, maker_stages(1)[3:]).run_all()
        raise UsageError(f"could not make a riddle with one solution for {answer!r} "
                         f"(after {rounds} rounds)")


def maker_stages(rounds: int):
    """draw, collapse, check; then ``rounds`` times redraw, draw, collapse, check."""
    from pyengine.engine.stages import Stage

    plan = [Stage("draw"), Stage("collapse"), Stage("check")]
    for _ in range(rounds):
        plan += [Stage("redraw"), Stage("draw"), Stage("collapse"), Stage("check")]
    return plan


def _unique(session) -> bool:
    from pyengine.facts.riddle import Rivals
    rivals = session.records(Rivals)
    return bool(rivals) and rivals[0]["count"] == 0


def read_clues(session) -> list[ParsedClue]:
    """The maker's clues, read back from the fact base."""
    from pyengine.facts.riddle import Clue

    clues = []
    for f in sorted(session.records(Clue), key=lambda f: f["pos"]):
        halves = tuple(HalfClue(valence, word) for valence, word in f.halves())
        clues.append(ParsedClue(f["pos"], halves, ordinal_word(f["pos"])))
    return clues


def check_answer(word: str) -> str:
    w = word.strip().lower()
    if not w or not w.isascii() or not w.isalpha():
        raise UsageError(f"riddle answer {word!r} must be letters a-z")
    if len(w) < 2:
        raise UsageError(f"riddle answer {word!r} is too short (2 letters or more)")
    if len(w) > len(ORDINAL_WORDS):
        raise UsageError(f"riddle answer {word!r} is too long (at most {len(ORDINAL_WORDS)} letters)")
    return w


def parse_lengths(text: str) -> tuple[int, int]:
    """'5-8' -> (5, 8); '6' -> (6, 6)."""
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", str(text))
    if not m:
        raise UsageError(f"--length wants N or MIN-MAX, not {text!r}")
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    if lo < 2 or hi < lo or hi > len(ORDINAL_WORDS):
        raise UsageError(f"--length {text}: need 2 <= MIN <= MAX <= {len(ORDINAL_WORDS)}")
    return lo, hi


def make_riddles(word: str | None = None, count: int = 1, lengths=DEFAULT_LENGTHS,
                 seed: int | None = None, words=None, factory: RiddleFactory | None = None
                 ) -> tuple[list[MadeRiddle], int]:
    """``count`` riddles (for ``word``, or random common answers); returns them and the seed."""
    from pyengine.puzzles.util import new_seed

    if count < 1:
        raise UsageError("--count must be 1 or more")
    seed = new_seed() if seed is None else int(seed)
    factory = factory or RiddleFactory(words)
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        answer = word if word is not None else factory.random_answer(rng, lengths)
        out.append(factory.make(answer, rng.randrange(2**31)))
    return out, seed


def make_riddle(word: str, seed: int = 0, words=None) -> MadeRiddle:
    return make_riddles(word, 1, seed=seed, words=words)[0][0]


# ----------------------------------------------------------------------------------
# the inspector

def read_text(source: str | None) -> str:
    """Riddle text from a file path, or '-' / None for standard input."""
    import sys
    from pathlib import Path

    if source in (None, "-"):
        if sys.stdin is None or sys.stdin.isatty():
            raise UsageError("give a riddle file, or pipe a riddle in (FILE or -)")
        return sys.stdin.read()
    try:
        data = Path(source).read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {source}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UsageError(f"{source} is not UTF-8 text") from None


def format_solution(result: SolveResult, limit: int | None = 10) -> str:
    lines = []
    if not result.solutions:
        lines.append(f"no word in {result.words_label} fits")
    else:
        shown = result.solutions if limit is None else result.solutions[:limit]
        for i, s in enumerate(shown, start=1):
            tier = "" if s.tier in (None, 0) else f"tier {s.tier}, "
            lines.append(f"{i:>3}. {s.word.capitalize():<16} ({tier}zipf {s.zipf:.2f})")
        if result.count > len(shown):
            lines.append(f"     ... {result.count - len(shown)} more (--all to list them)")
    for h in result.hints:
        lines.append(f"hint: {h}")
    return "\n".join(lines)


def shell_setup(argv: list[str]):
    """``pyengine shell riddle [solve] FILE [--words LIST]`` or
    ``pyengine shell riddle make [WORD] [--length 5-8] [--seed S] [--words LIST]``:
    the session reset, facts declared, paused before its first stage."""
    from pyengine.ui.cli import Parser
    from pyengine.puzzles.util import new_seed
    from pyengine.engine.stages import SessionPlan

    argv = list(argv)
    if argv[:1] == ["make"]:
        p = Parser(prog="pyengine shell riddle make")
        p.add_argument("word", nargs="?")
        p.add_argument("--length", default="5-8")
        p.add_argument("--seed", type=int, default=None)
        p.add_argument("--words", default=None)
        args = p.parse_args(argv[1:])
        seed = new_seed() if args.seed is None else args.seed
        factory = RiddleFactory(args.words)
        rng = random.Random(seed)
        answer = check_answer(args.word) if args.word else factory.random_answer(
            rng, parse_lengths(args.length))
        session = factory.session(answer, rng, record=True)

        def finish_make() -> str:
            if not _unique(session):
                return "(no unique riddle yet: run more rounds)"
            return "\n".join(write_riddle(read_clues(session), random.Random(seed)))

        return SessionPlan(session, maker_stages(30), seed,
                          f"riddle maker for {answer!r} (seed {seed})", finish_make)
    if argv[:1] == ["solve"]:
        argv = argv[1:]
    p = Parser(prog="pyengine shell riddle")
    p.add_argument("file", help="the riddle text (the shell reads its commands from stdin)")
    p.add_argument("--words", default=None)
    args = p.parse_args(argv)
    if args.file == "-":
        raise UsageError("the shell reads its commands from stdin: give the riddle as a FILE")
    parsed = parse_riddle(read_text(args.file))
    session = solver_session(parsed, args.words, record=True)

    def finish() -> str:
        return format_solution(read_solution(session, parsed))

    return SessionPlan(session, _solver_stages(), None,
                      f"riddle of {parsed.length} letters", finish)
