"""The toy puzzle's declaration and driver: ``pyengine mirror WORD``; on the web page
(``pyengine serve``) with its example word, its picture and a guess to submit."""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.puzzles.base import Action, Option, Puzzle
from pyengine.puzzles.page import Submit


@dataclass
class Mirror:
    word: str
    mirrored: str
    session: object = None

    def text(self) -> str:
        return f"{self.word} -> {self.mirrored}"

    def as_dict(self) -> dict:
        return {"word": self.word, "mirrored": self.mirrored}


def open_mirror(word: str, record: bool = True):
    from pyengine.engine.experta import ExpertaSession
    from pyengine.engine.stages import SessionPlan, Stage
    from tests.toy.rules import Letter, MirrorRules, Spelled, Word

    _letters(word)
    session = ExpertaSession(MirrorRules, record=record)
    session.reset()
    session.assert_fact(Word(length=len(word)))
    for pos, char in enumerate(word.lower()):
        session.assert_fact(Letter(pos=pos, char=char))
    session.assert_fact(Spelled(text=""))

    def finish() -> str:
        return session.records(Spelled)[0]["text"]

    return SessionPlan(session, [Stage("place"), Stage("spell"), Stage("check", retract=False)],
                       None, f"mirror {word}", finish)


def _letters(word: str) -> str:
    if not word.isascii() or not word.isalpha():
        raise UsageError(f"{word!r}: letters a-z only")
    return word


def _guess(text: str) -> str:
    return _letters(text.strip()).lower()


def read_mirror(plan) -> Mirror:
    """The result, read from a plan whose stages have run (``Action.call`` opens the
    plan, runs it and calls this: the command and the shell walk the same session)."""
    return Mirror(plan.title.removeprefix("mirror "), plan.finish(), plan.session)


GUESS = Submit("guess", "the word backwards, as you think it is",
               slots=(Option("text", "str", None, "your guess", positional=True,
                             required=True, metavar="TEXT", parse=_guess),),
               answer="verdict")

PUZZLE = Puzzle(
    "mirror", "spell a word backwards (a toy puzzle)", engine="experta", default="make",
    actions=(Action("make", "spell WORD backwards",
                    options=(Option("word", "str", None, "the word", positional=True,
                                    required=True, metavar="WORD", web=True),),
                    open="tests.toy.puzzle:open_mirror", read="tests.toy.puzzle:read_mirror",
                    trace=True, example={"word": "stressed"}, submit=(GUESS,),
                    picture="tests.toy.picture:picture"),))
