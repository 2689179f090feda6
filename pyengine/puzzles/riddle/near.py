"""Near answers as the solver shows them: a word or a name that fits every clue but
one (or two), the clue it breaks, its letter there, the letters the clue allows, and
how the clues would spell it (``riddle solve --near``; the rules that find them are
``rules/riddle_near.py``)."""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.words.letters import ALPHABET
from pyengine.words.names import ascii_folded

MAX_SPELLINGS = 3               # a near answer's respellings shown, at most


@dataclass(frozen=True)
class NearWord:
    """A word (or a name) that fits every clue but one (``pos``, the clue ``clue`` as
    written): ``letter`` is its letter there, ``allowed`` the letters the clue allows."""
    word: str
    pos: int
    clue: str
    score: int = 0
    because: tuple[str, ...] = ()
    letter: str = ""
    allowed: str = ""
    name: bool = False
    also: SecondBreak | None = None     # a second clue it breaks (when none breaks one)
    slip: bool = False                  # its letter is in a word the clue says it is in
    coined: tuple[str, str] | None = None   # a compound of no list: its halves

    def as_dict(self) -> dict:
        kind = "coined" if self.coined else "name" if self.name else "word"
        return {"word": self.word, "kind": kind,
                **({"coined": list(self.coined)} if self.coined else {}),
                "breaks": self.pos, "clue": self.clue, "letter": self.letter,
                "allowed": self.allowed, "slip": self.slip,
                "spellings": list(self.spellings),
                "also": self.also and self.also.as_dict(),
                "score": self.score, "because": list(self.because)}

    @property
    def spellings(self) -> tuple[str, ...]:
        """The strings that fit every clue one letter from this one, as written (an old
        or variant spelling: Popocatapetl beside Popocatepetl): the broken letter
        swapped for each allowed letter of its own kind, a vowel for a vowel and a
        consonant for a consonant (y is both); none when there would be more than
        ``MAX_SPELLINGS`` (a clue that allows most letters says little of a spelling),
        or when it breaks a second clue too."""
        if self.also or self.coined:
            return ()
        kind = _letter_kinds(self.letter)
        got = tuple(x for c in sorted(self.allowed) if kind & _letter_kinds(c)
                    if (x := _respelled(self.shown, self.pos, c)) is not None)
        return got if len(got) <= MAX_SPELLINGS else ()

    @property
    def shown(self) -> str:
        return self.word if self.name else self.word.capitalize()

    @property
    def variant(self) -> str:
        """'v here, the clues allow w': the one letter that keeps it from fitting."""
        return _variant(self.letter, self.allowed, self.slip)

    @property
    def breaks(self) -> str:
        """What the text says it breaks: "'CLUE': v here, the clues allow w", and the
        same of a second clue."""
        said = f"'{self.clue}': {self.variant}"
        return said + (f"; and '{self.also.clue}': {self.also.variant}" if self.also else "")


@dataclass(frozen=True)
class SecondBreak:
    """The second clue a near answer breaks: its position, text, the answer's letter
    there and the letters the clue allows."""
    pos: int
    clue: str
    letter: str
    allowed: str
    slip: bool = False

    @property
    def variant(self) -> str:
        return _variant(self.letter, self.allowed, self.slip)

    def as_dict(self) -> dict:
        return {"breaks": self.pos, "clue": self.clue, "letter": self.letter,
                "allowed": self.allowed, "slip": self.slip}


def _variant(letter: str, allowed_letters: str, slip: bool = False) -> str:
    """'v here, the clues allow w'; with ``slip``, 'v here (in an "in" word)': a printer's
    likely slip, the letter is in a word the clue says it is in, and only a word it is
    "not in" holds it too."""
    here = f"{letter} here" + (' (in an "in" word)' if slip else "")
    allowed = set(allowed_letters)
    if not allowed:
        return f"{here}, the clue allows no letter"
    if len(allowed) > 13:
        return f"{here}, the clues allow any letter but " + \
            ", ".join(sorted(ALPHABET - allowed))
    return f"{here}, the clues allow " + ", ".join(sorted(allowed))


def _letter_kinds(letter: str) -> set[str]:
    return {"vowel", "consonant"} if letter == "y" else \
        {"vowel"} if letter in "aeiou" else {"consonant"}


def _respelled(written: str, pos: int, letter: str) -> str | None:
    """``written`` with the character that gives the ``pos``-th letter of its key
    replaced by ``letter``, in its case: the key counts each character's letters folded
    to a-z (spaces and apostrophes none, ``é`` one, Turkish ``ı`` none), so ``Mount
    Etna`` 6 is its ``E``. None when that letter comes from a character folding to
    several (a ligature): no plain spelling swaps one letter of it."""
    seen = 0
    for i, c in enumerate(written):
        n = len(_folded_letters(c))
        if seen < pos <= seen + n:
            return None if n != 1 else \
                written[:i] + (letter.upper() if c.isupper() else letter) + written[i + 1:]
        seen += n
    return None


def _folded_letters(c: str) -> str:
    """The a-z letters a character stands for in a name's key (folded as the names list
    keys it)."""
    return "".join(x for x in ascii_folded(c) if x.isalpha())


def near_lines(near: list[NearWord] | None, limit: int | None) -> list[str]:
    """The text lines of the near answers (None: not asked for)."""
    if near is None:
        return ["(--near lists the words that fit every clue but one)"]
    if not near:
        return ["no word fits every clue but one either"]
    shown = near if limit is None else near[:limit]
    lines = [_near_heading(near)]
    for i, n in enumerate(shown, start=1):
        score = f" (hint {n.score})" if n.score else ""
        spelled = f"; spelled {' or '.join(n.spellings)}" if n.spellings else ""
        coined = f"(coined: {n.coined[0]} + {n.coined[1]}) " if n.coined else ""
        lines.append(f"{i:>3}. {n.shown:<16} {coined}breaks {n.breaks}{spelled}{score}")
        lines.extend(f"       because {reason}" for reason in n.because)
    if len(near) > len(shown):
        lines.append(f"     ... {len(near) - len(shown)} more (--all to list them)")
    return lines


def _near_heading(near: list[NearWord]) -> str:
    """What the near list holds: listed words that break one clue, or two, and coined
    compounds that break one."""
    listed = [n for n in near if not n.coined]
    parts = [f"words that fit every clue but {'two' if listed[0].also else 'one'}"] \
        if listed else []
    if len(listed) < len(near):
        parts.append("compounds of no list that fit "
                     + ("all but one" if listed else "every clue but one"))
    return ", and ".join(parts) + ":"
