"""The scramble's declaration: make (the seed's CLIPS rules), solve, minimal."""
from pyengine.puzzles.base import SEED, Action, Option, Puzzle

_M = "pyengine.puzzles.scramble."
HIDE = Option("hide", "words", [], "words to hide (letters only)", positional=True,
               metavar="WORD", web=True)
FILE = Option("file", "str", None, "read words from a file, or standard input with '-' "
              "(UTF-8, whitespace separated, # comments; a regular file of at most 64 MB)",
              metavar="FILE")

MAKE = Action(
    "make", "make a word scramble with the original CLIPS rules",
    description="Make a scramble: the words' letters interleaved in one line, each word "
                "still spelled in order. With no words, the seed's seven rivers. "
                "'pyengine scramble solve|minimal ...' find the words in a line or the "
                "shortest line holding them all. Limits: the swap randomizer takes at most "
                "100 letters and swaps x letters^2 <= 1,000,000; the shuffle randomizer "
                "at most 100,000 letters; --trace (and the shell) at most 2,000 letters.",
    options=(
        HIDE, FILE,
        Option("swaps", "int", 100, "RANDOMIZE firings with the swap randomizer (default "
               "100; at most 1,000,000 and swaps x letters^2 <= 1,000,000)",
               low=0, high=1_000_000, metavar="N", web=True),
        Option("randomizer", "str", "swap",
               "swap: the seed's rule, cost grows with the fifth power of the letters (at "
               "most 100 letters); shuffle: a linear Fisher-Yates walk over position "
               "facts (at most 100,000 letters)",
               choices=("swap", "shuffle"), web=True),
        Option("engine", "str", "clips",
               "clips: the seed's rules on CLIPS; experta: the same .clp files on "
               "pyengine's own engine (the same BUILD and DECODE firings; its random "
               "strategy and (random) draw differently, so another line for the same seed; "
               "swaps x letters^2 <= 200,000, the shuffle at most 200 letters)",
               choices=("clips", "experta")),
        SEED),
    open=_M + "make:open_make", read=_M + "make:read_make", trace=True, facts=True,
    picture=_M + "picture:picture")

SOLVE = Action(
    "solve", "find the words hidden in a scramble line",
    description="Find every set of candidate words hidden in a scramble line as disjoint "
                "subsequences that use every letter. Exit status 0 when there is a "
                "solution, 1 when there is none, 2 on bad input. Limits: a line of at most "
                "10,000 letters; at most 500,000 candidates, of which at most 1,000 hidden "
                "in the line; the search gives up after 2,000,000 steps.",
    options=(
        Option("line", "words", None, "the letter line, e.g. 'A O E M U ...' (spaces are "
               "ignored; at most 10,000 letters)", positional=True, required=True, metavar="LINE",
               web=True),
        Option("candidates", "str", None, "a word file ('-': standard input), 'rivers50' "
               "(the packaged pool of 50 rivers), or words separated by commas or spaces "
               "(at most 500,000); from Python, a list of words too", required=True,
               metavar="FILE|HIDE", listable=True),
        Option("why", "bool", False,
               "also list each candidate that is not hidden in the line, and why",
               web=True)),
    open=_M + "solve:open_solve", read=_M + "solve:read_solve", trace=True)

MINIMAL = Action(
    "minimal", "the shortest line that hides every word",
    description="The shortest letter line that holds every word as a subsequence (shortest "
                "common supersequence). Exact by A* for up to 12 words within --max-states; "
                "beyond that a beam search or greedy merge, with a proven lower bound. With "
                "no words, the seed's seven rivers. Limits: at most 5,000 words and 20,000 "
                "letters.",
    options=(
        HIDE, FILE,
        Option("max_states", "int", 15_000, "A* states to expand before giving up on a proof "
               "(default 15000, at most 100000: about 1.3 KB each)", low=0, high=100_000,
               metavar="N"),
        Option("beam", "int", 32, "beam width of the heuristic (default 32, at most 10000; "
               "narrowed so that width x words x letters <= 1,000,000)", low=1,
               high=10_000, metavar="N")),
    run=_M + "minimal:run_minimal")

PUZZLE = Puzzle(
    "scramble", "make a word scramble with the original CLIPS rules (also: solve, minimal)",
    engine="clips", actions=(MAKE, SOLVE, MINIMAL), default="make",
    description=MAKE.description)
