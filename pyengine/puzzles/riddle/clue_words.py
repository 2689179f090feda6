"""Reading the words of one letter clue ("is in yes, yet and yore, not in dot") into
halves: each clue word with its valence, include or exclude (Python only: phrasing is
not puzzle logic; :mod:`pyengine.puzzles.riddle.parse` finds the clues).

A clue word follows "in" (articles skipped) or a joining word; it is excluded when a
negative word stands before it, or when it continues a list of excluded words
(:func:`_valence`). The words the parser itself reads (``STOP_WORDS``) never serve as
the maker's clue words.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import INVISIBLE, ascii_letters, character, fold

INCLUDE, EXCLUDE = "include", "exclude"

TOKEN = re.compile(r'"[^"]*"|(?<![^\W\d_])\'[^\W\d_][^\W\d_\'-]*\'(?![^\W\d_])'
                   r"|[^\W\d_]+(?:['-][^\W\d_]+)*")
# a clue's tokens also keep its commas: "in yes, yet and yore" is a list of three words
_CLUE_TOKEN = re.compile(TOKEN.pattern + "|,")
LIST = ","

NEGATIVE = {"not", "never", "neither", "nor", "nowhere", "without"}
# more ways to say "not in", read but never the maker's ("is absent from hat", "cannot
# be found in", "lacking in", printed "ne'er"): each makes the next clue word excluded
NEGATIVE_READ = NEGATIVE | {"absent", "missing", "lacking", "lacks", "cannot"}
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
          "'tis", "you've", "ever", "oft", "appear", "appearing", "occur", "exist",
          "exists", "look", "looking", "seek", "spot", "shows", "show"}
# a connective that is itself the clue word, right after 'in' ("in still but not in
# stall"); the plain conjunctions never are, unless quoted
CONJUNCTION = {"but", "and", "or"}
# the most words one clue may list ("in bread, in butter and in cheese" is three)
MAX_CLUE_WORDS = 6
# the parser's own words never serve as generated clue words
STOP_WORDS = NEGATIVE_READ | CONNECTIVE | PREPOSITION | DETERMINER | FILLER
FILLER_READ = FILLER | PRINTED_FILLER
# what may stand between two clue words
JOINERS = NEGATIVE_READ | CONNECTIVE | PREPOSITION | {LIST}
# what joins the items of a list of clue words ("nor always", "in cat, can, cap")
_LIST_JOINS = {LIST, "and", "or", "nor", "but"}


@dataclass(frozen=True)
class HalfClue:
    valence: str     # INCLUDE or EXCLUDE
    word: str


def normalise(text: str) -> str:
    """NFKC-folded text with typographic quotes and tabs made plain."""
    text = fold(text)           # NFKC, as every reader of words (textio.ascii_letters)
    return (text.replace("\u2019", "'").replace("\u2018", "'")
            .replace("\u201c", '"').replace("\u201d", '"').replace("\t", " "))


def read_clue_words(text: str, ordinal: str, where: str) -> list[HalfClue]:
    """The clue words of one clue's text (after its ordinal) with their valences;
    ``where`` names the clue in errors."""
    tokens = _tokens(text)
    picks = _clue_picks(tokens)
    if any(q for _, q, _ in tokens):    # 'in "cat" but not in hat': hat was dropped unread
        loose = [i for i in _pick(tokens, lambda t, i, after: after) if not tokens[i][1]]
        if loose:
            raise UsageError(f"{where}: '{tokens[loose[0]][0]}' is a clue word too: quote "
                             "every clue word of a clue, or none")
    _check_marks(text, where)
    _check_prepositions(tokens, picks, where)
    if not picks:
        raise UsageError(f"{where} is not a letter clue (expected 'My {ordinal} "
                         "is in WORD but not in WORD' or similar)")
    if len(picks) > 2 and not _all_joined(tokens, picks):
        names = ", ".join(tokens[i][0] for i in picks)
        raise UsageError(f"{where}: cannot tell the clue words among {names} "
                         "(join them with 'in', 'and', 'nor' or commas, or put them in quotes)")
    if len(picks) > MAX_CLUE_WORDS:
        raise UsageError(f"{where}: {len(picks)} clue words, over the limit of "
                         f"{MAX_CLUE_WORDS} for one letter")
    late = [t[0] for t in tokens[picks[-1] + 1:] if t[0] in NEGATIVE_READ and not t[1]]
    if late:            # "in hat it is not": not in which word?
        raise UsageError(f"{where}: '{late[0]}' after the last clue word: say which word "
                         f"the letter is not in ('... but not in WORD')")
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
        if unicodedata.category(ch)[0] == "S" and not ch.isascii():   # an emoji, a sign:
            raise UsageError(f"{where}: {character(ch)} is not a letter a-z (clue words "
                             "must be letters a-z)")          # it was dropped unread


def _tokens(text: str) -> list[tuple[str, bool, bool]]:
    """(word, quoted, capitalised) for each word of a clue; "isn't" is "is not"."""
    body = re.sub(r"\bas\s+well\s+as\b", " and ", normalise(text), flags=re.I)
    tokens = []
    for m in _CLUE_TOKEN.finditer(body):
        raw = m.group()
        quoted = raw[0] in "\"'" and len(raw) > 1
        word = raw.strip("'\"")
        low = word.lower()
        after_in = bool(tokens) and tokens[-1][0] in PREPOSITION
        if not quoted and low.endswith("n't") and not after_in:    # "won't find it in":
            tokens.append(("is", False, False))                     # "is not"; but "in
            tokens.append(("not", False, False))                   # can't" is a word
            continue
        if not quoted and low in ("ne'er", "neer"):  # printed "ne'er in ..."
            low = "never"
        if not quoted and low.endswith("'s"):
            low = low[:-2]
        tokens.append((low, quoted, word[:1].isupper()))
    return tokens


def _clue_picks(tokens) -> list[int]:
    """Indexes of the clue words: the quoted words if any; else the words that are
    not the parser's own (or that follow a preposition), narrowed to the capitalised
    ones when there are too many."""
    if any(q for _, q, _ in tokens):
        return _pick(tokens, lambda t, i, after: t[1], connectives=False)
    picks = _pick(tokens, lambda t, i, after: after or _joined(tokens, i) or (
        t[0] not in FILLER_READ and t[0] not in DETERMINER and t[0] not in JOINERS))
    if len(picks) > 2 and not _all_joined(tokens, picks):
        caps = [i for i in picks if tokens[i][2]]
        if 1 <= len(caps) <= 2 and len(caps) < len(picks):
            picks = caps
    return picks


def _all_joined(tokens, picks: list[int]) -> bool:
    """Does a joining word ('in', 'and', 'nor', a comma ...) stand between each two
    clue words? Then they are a list ('in yes, yet and yore'), not one phrase."""
    return all({t[0] for t in tokens[a + 1:b]} & JOINERS for a, b in zip(picks, picks[1:]))


def _connective_word(tokens, i: int, picks: list[int], after: bool) -> bool:
    """Is the connective at ``i`` the clue word itself? Yes right after 'in' ('in
    still but not in stall'; not 'but', 'and', 'or'), or as an item of a list, after
    a comma following a clue word and before a comma, 'and', 'or' or 'nor' ('in yes,
    yet and yore'; 'in tea, yet not in sea' keeps 'yet' a connective)."""
    word = tokens[i][0]
    if tokens[i][1] or word not in CONNECTIVE:
        return False
    if after:
        return word not in CONJUNCTION
    nxt = tokens[i + 1][0] if i + 1 < len(tokens) else None
    return (bool(picks) and picks[-1] == i - 2 and tokens[i - 1][0] == LIST
            and (nxt is None or nxt in {LIST, "and", "or", "nor"}))


def _joined(tokens, i: int) -> bool:
    """A word the parser reads as filler is a clue word where only a clue word can
    stand: an old printed filler ('note', 'view') right after 'and', 'nor', 'or',
    'both' or 'neither' ('in both deans and note'); any filler or pronoun as an item of
    a list, after 'and', 'or', 'nor' or a comma and before the clue's end, a comma or
    another of them ('neither in dog nor always', 'in cat, can, cap')."""
    if i == 0 or tokens[i][1]:
        return False
    word, before = tokens[i][0], tokens[i - 1][0]
    if word in PRINTED_FILLER and word not in FILLER and \
            before in {"and", "nor", "or", "both", "neither"}:
        return True
    nxt = tokens[i + 1][0] if i + 1 < len(tokens) else None
    return (word in FILLER_READ | (ARTICLE - {"the", "a", "an", "both", "either"})
            and before in _LIST_JOINS - {"but"} and (nxt is None or nxt in _LIST_JOINS))


def _check_prepositions(tokens, picks: list[int], where: str) -> None:
    """Every 'in' (articles skipped) must be followed by a clue word."""
    for i, (word, quoted, _cap) in enumerate(tokens):
        if word in PREPOSITION and not quoted:
            j = i + 1
            while j < len(tokens) and tokens[j][0] in ARTICLE | {"neither"} \
                    and not tokens[j][1] and not _pronoun_word(tokens, j):
                j += 1
            if j == len(tokens) or (not tokens[j][1] and j not in picks
                                    and tokens[j][0] in JOINERS):
                after = "" if j == len(tokens) or tokens[j][0] == LIST else (
                    f": '{tokens[j][0]}' is read as a joining word (put it in quotes to "
                    "make it the clue word)")
                raise UsageError(f"{where}: '{word}' is not followed by a clue word{after}")


def _pronoun_word(tokens, i: int) -> bool:
    """Is the determiner at ``i`` itself the clue word ('but not in my', 'in our,
    not in ...'): the last word, or followed by a negative or joining word?"""
    if tokens[i][0] not in ARTICLE - {"the", "a", "an", "both", "either", "neither"}:
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return nxt is None or (not nxt[1] and nxt[0] in JOINERS)


def _halves(tokens, picks: list[int], where: str) -> list[HalfClue]:
    """Each picked word with its valence (:func:`_valence`), in the order written."""
    halves: list[HalfClue] = []
    previous = -1
    listed = False
    for i in picks:
        between = {t[0] for t in tokens[previous + 1:i]}
        if not between & JOINERS and not tokens[i][1]:
            raise UsageError(f"{where} is not a letter clue: '{tokens[i][0]}' is not "
                             "after 'in', 'and', 'nor' ... (expected 'is in WORD ...')")
        valence, listed = _valence(between - ARTICLE, halves, listed)
        word = ascii_letters(tokens[i][0].replace("-", "").replace("'", ""),
                             f"{where}: clue word {tokens[i][0]!r}")
        halves.append(HalfClue(valence, word))
        previous = i
    return halves


def _valence(between: set[str], halves: list[HalfClue], listed: bool) -> tuple[str, bool]:
    """A clue word's valence from the words before it (since the previous clue word),
    and whether it continues a list of excluded words. Excluded when a negative word
    stands there; also when the previous word was excluded and 'or' joins them ("not in
    X or in Y"), or a bare comma ("not in cat, dog"), or 'and' after such a list ("not
    in cat, dog, and mouse"). A fresh 'in' ("not in cat, in dog"), 'but', 'yet' or
    'and' alone turn it back."""
    if between & NEGATIVE_READ:
        return EXCLUDE, False
    if halves and halves[-1].valence == EXCLUDE:
        if "or" in between or between == {LIST}:
            return EXCLUDE, True
        if listed and between <= {LIST, "and"}:
            return EXCLUDE, True
    return INCLUDE, False


def _pick(tokens, keep, connectives: bool = True) -> list[int]:
    """Indexes of clue-word tokens. A word right after a preposition (articles
    skipped) is a clue word even if it is also a filler word ('in may'), and so may
    be a connective (:func:`_connective_word`) unless ``connectives`` is off (when
    the clue words are quoted)."""
    picks = []
    after = False
    for i, t in enumerate(tokens):
        if after and t[0] in NOUNISH and not t[1]:
            # "in the word 'cat'" names the next token; "in letter and in note" is a clue
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if nxt is None or (not nxt[1] and nxt[0] in JOINERS):
                picks.append(i)
                after = False
            continue
        if after and not t[1] and _pronoun_word(tokens, i):
            picks.append(i)             # "but not in my": a pronoun as the clue word
            after = False
            continue
        if connectives and _connective_word(tokens, i, picks, after):
            picks.append(i)             # "in still but ...", "in yes, yet and yore"
            after = False
            continue
        if keep(t, i, after and t[0] not in DETERMINER and t[0] not in JOINERS):
            picks.append(i)
            after = False
        elif t[0] in PREPOSITION:
            after = True
        elif t[0] not in DETERMINER:
            after = False
    return picks
