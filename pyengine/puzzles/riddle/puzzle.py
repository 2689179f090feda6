"""The letter riddles' declaration: solve (a riddle from a file or stdin) and make."""
from pyengine.puzzles.base import ALLOW_OFFENSIVE, SEED, Action, Option, Puzzle, words_option

_M = "pyengine.puzzles.riddle."
# The riddle the web page opens when it is given none (the page fills it in to edit).
SAMPLE = ("My first is in cake but not in lake,\nMy second's in bat and also in hat;\n"
          "My last is in tea but never in pea.\nWhat am I?\n")

SOLVE = Action(
    "solve", "solve a riddle (from a file or standard input)",
    description="Solve a riddle. Clue lines like 'My first is in deans but not in "
                "slats'; other lines are hints, read against WordNet ('an insect', 'I croak'). "
                "Solutions are ranked by hint evidence, then most familiar first.",
    options=(
        Option("file", "str", "-", "riddle text file, or - for standard input (default); "
               "UTF-8, at most 64 KiB", positional=True, metavar="FILE"),
        words_option(),
        Option("all", "bool", False, "list every solution (default: the 10 most familiar)",
               web=True),
        Option("near", "bool", False, "when no word fits every clue, list the words that "
               "fit all clues but one (or, when none does, two), naming the clue each "
               "breaks", web=True),
        Option("explain", "bool", False, "say how the rules decided: the letters each "
               "position allows, the words left, what the hint lines claim and each "
               "solution's evidence with its points and rule", web=True),
        Option("text", "str", None, "the riddle text itself (instead of FILE)", cli=False,
               web=True)),
    open=_M + "solve:open_solve", read=_M + "solve:read_solve", trace=True,
    example={"text": SAMPLE}, picture=_M + "picture:picture")

MAKE = Action(
    "make", "make riddles with exactly one solution",
    description="Make riddles with one solution in the word list "
                "(clue words and random answers from its common tier, offensive words "
                "left out unless --allow-offensive; a WORD you give is used as it is).",
    options=(
        Option("word", "str", None, "the answer (default: random)", positional=True,
               metavar="WORD", web=True),
        Option("count", "int", 1, "how many riddles (default 1, at most 10000; each is "
               "printed as it is made)", low=1, high=10_000),
        Option("length", "str", "5-8", "length of random answers, N or MIN-MAX (default 5-8)",
               metavar="MIN-MAX", web=True),
        SEED,
        words_option(), ALLOW_OFFENSIVE),
    run=_M + "make:run_make", open=_M + "make:open_make", picture=_M + "picture:picture")

PUZZLE = Puzzle(
    "riddle", "solve or make letter riddles ('My first is in ... but not in ...')",
    engine="experta", actions=(SOLVE, MAKE),
    description="Letter riddles: each clue line names one letter of a word through "
                "the letters of its clue words (two, or a list).")
