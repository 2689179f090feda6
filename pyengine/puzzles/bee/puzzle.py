"""The Spelling Bee's declaration: make, solve, play, best (experta rules).

    pyengine bee make [WORD|LETTERS] [--center C] [--contains ING] [--json]
    pyengine bee solve LETTERS --center C [--hints] [--json]
    pyengine bee solve --batch FILE [--json]     (one hive a line; FILE - is stdin)
    pyengine bee play [LETTERS --center C]      (guesses on stdin; !help)
    pyengine bee best [--words LIST] [--allow-s] [--json]
"""
import re
from dataclasses import replace

from pyengine.engine.errors import UsageError
from pyengine.puzzles.base import (ALLOW_OFFENSIVE, SEED, UNUSED_SEED, Action, Option, Puzzle,
                                   words_option)
from pyengine.puzzles.page import Submit
from pyengine.puzzles.util import parse_range

_M = "pyengine.puzzles.bee."
PLAY_HELP = """commands: a word to guess, or
  !shuffle  shuffle the outer letters     !hints  the NYT hints page
  !found    the words found so far        !rank   score, rank and the next rank
  !giveup   show every answer and stop    !quit   stop (end of input too)
  !help     this text"""


def _range(text: str, what: str) -> tuple[int, int]:
    if text.strip().startswith("-"):
        raise UsageError(f"{what}: bad range {text!r} (LOW-HIGH or N, whole numbers from 0)")
    return parse_range(text, what)


def _vowels(text: str) -> tuple[int, int]:
    return _range(text, "--vowels")


def _answers(text: str) -> tuple[int, int]:
    return _range(text, "--answers")


def _center(help_: str, web: bool = False) -> Option:
    return Option("center", "str", None, help_, flags=("--center", "--centre"), web=web)


def _guess_word(text: str) -> str:
    """A guess submitted from the web page: one word of letters a-z, lower-cased."""
    if not re.fullmatch(r"[A-Za-z]{1,40}", text.strip()):
        raise UsageError("a guess is one word of letters a-z (at most 40)")
    return text.strip().lower()


# A guess from the web page: a Guess fact (its turn the next one), judged by the rules of
# the play session's judge stage, which answer with a Verdict.
GUESS = Submit("guess", "a word to guess: the judge rules give the verdict",
               slots=(Option("word", "str", None, "the word guessed (letters a-z)",
                             positional=True, required=True, metavar="WORD",
                             parse=_guess_word),),
               fill=_M + "play:next_turn", answer="verdict")
PICTURE = _M + "picture:picture"


WORDS = words_option("word list: 'bee' (default, curated for Spelling Bee), "
                     "'default' (all of SCOWL), a path (a regular UTF-8 file of at most "
                     "16 MiB), 'system', enable1 ...")
LETTERS = Option("letters", "str", None,
                 "the 7 hive letters (or the 6 outer ones); one upper-case letter "
                 "among lower-case ones marks the center", positional=True, metavar="LETTERS",
                 web=True)

MAKE = Action(
    "make", "make a hive (from a seed word, letters, or at random)",
    description="Make a hive from a seed word, from 7 letters, or at random following the "
                "NYT editors' habits. --contains, --allow-s, --allow-er, --vowels, --answers "
                "and --any-pangram shape a random hive only: with WORD|LETTERS they are "
                "refused. The answers leave out offensive words (and an offensive seed word "
                "is refused) unless --allow-offensive. "
                "What no hive of the list can meet is refused before the search "
                "(limits: WORD|LETTERS at most 64 letters; --contains at most 15; at most 8,000 "
                "candidate hives tried and 100 vetted by the rules; the word list 16 MiB).",
    options=(
        Option("word", "str", None, "a seed word with exactly 7 different letters, or 7 "
               "letters (the shortest pangram becomes the seed word); none: random",
               positional=True, metavar="WORD|LETTERS"),
        _center("the center letter (default random)"),
        Option("contains", "str", None, "a random seed word must contain this (e.g. ing; "
               "at most 15 letters)"),
        Option("allow_s", "bool", False, "allow S in a random hive (editors leave it out)"),
        Option("allow_er", "bool", False, "allow both E and R in a random hive"),
        Option("vowels", "str", None, "vowels in a random hive (default 1-3)",
               parse=_vowels),
        Option("answers", "str", None, "answers in a random hive (default 20-70; "
               "30-50 tried first)", parse=_answers),
        Option("any_pangram", "bool", False, "a random hive need not have a common-word "
               "pangram"),
        Option("show", "bool", False, "print the answers too"),
        WORDS, SEED, ALLOW_OFFENSIVE),
    run=_M + "make:run_make")

SOLVE = Action(
    "solve", "all answers, pangrams, points and ranks of a hive (or of a file of hives)",
    description="All answers, pangrams, points and ranks of a hive (7 letters a-z). "
                "Limits: LETTERS at most 26 characters; the word list, at most 16 MiB. "
                "With --batch FILE (- for standard input), one hive a line: a JSON object "
                '({"letters": "aeginrt", "center": "r"}; "outer" for the six outer '
                "letters; other keys ignored) or LETTERS CENTER; blank and # lines "
                "skipped. One result a line as each is solved (with --json, JSON lines: "
                'the record of bee solve --json plus "line"). A bad line gives '
                '{"line": N, "error": "..."} and the batch goes on (exit status 1). '
                "Limits: 100,000 lines of at most 16,384 bytes; FILE at most 64 MiB.",
    options=(LETTERS, _center("the center letter", web=True),
             Option("hints", "bool", False, "print the NYT hints page too", web=True),
             Option("batch", "str", None, "solve every hive of FILE, one a line "
                    "(- reads standard input); see above", metavar="FILE"),
             WORDS, UNUSED_SEED),
    run=_M + "solve:run_solve", open=_M + "solve:open_solve", trace=True, picture=PICTURE)

#: play draws its seed itself, to tell a shuffle's seed only when the user gave none
DRAWN_SEED = replace(SEED, fresh_seed=False)

PLAY = Action(
    "play", "play in the terminal (guesses on stdin, !help)",
    description="Play a hive. Each line of input is a guess judged by the rules, or a "
                "command. Input is UTF-8 text of at most 10,000 lines (guesses, commands, "
                "blank lines) of at most 1,024 bytes each; beyond that, or for bytes that "
                "are not UTF-8, one error line (exit 2). A random hive's answers leave out "
                "offensive words unless --allow-offensive (a hive you give is played "
                "as it is).\n" + PLAY_HELP,
    options=(Option("letters", "str", None, "hive letters (default: a random hive)",
                    positional=True, metavar="LETTERS", web=True),
             _center("the center letter", web=True), WORDS, DRAWN_SEED, ALLOW_OFFENSIVE),
    run=_M + "play:run_play", open=_M + "play:open_play", interactive=True,
    submit=(GUESS,), picture=PICTURE)

BEST = Action(
    "best", "the highest-scoring hive of a word list",
    description="The highest-scoring (hive, center) of a word list, found by the fast "
                "twin of the score rules and solved through the rules. Limit: the word "
                "list, at most 16 MiB (every hive of it is scored, in bounded memory).",
    options=(Option("allow_s", "bool", False, "consider hives with S"), WORDS, UNUSED_SEED),
    run=_M + "best:run_best")

PUZZLE = Puzzle(
    "bee", "NYT-style Spelling Bee: make, solve, play, best hive", engine="experta",
    actions=(MAKE, SOLVE, PLAY, BEST),
    description="Spelling Bee hives: seven letters, one in the center; answers have 4+ "
                "letters, use the center, only hive letters. Default word list: 'bee' "
                "(tuned to the NYT's).")
