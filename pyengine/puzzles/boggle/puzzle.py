"""Boggle's declaration: make (the generators' rules, or dice), solve, best, bench."""
from pyengine.puzzles.base import ALLOW_OFFENSIVE, SEED, Action, Option, Puzzle, words_option
from pyengine.puzzles.boggle.algorithms import ALGOS
from pyengine.puzzles.boggle_studies.cluster import check_cluster
from pyengine.puzzles.boggle.limits import (MAX_BOARD_TEXT, MAX_BOARDS, MAX_ITERATIONS,
                                            MAX_ROWS, MAX_SECONDS, MAX_SIZE, MAX_STEPS,
                                            MAX_WORD_LEN, MAX_WORKERS, MIN_SIZE, MIN_STEPS)

_M = "pyengine.puzzles.boggle."
_S = "pyengine.puzzles.boggle_studies."
WORDS = words_option("word list: 'default' (embedded), a file path, 'system', "
                     "or enable1 / enable2k / words_alpha (shipped; a file: at most 16 "
                     f"MiB; words over {MAX_WORD_LEN} letters fit no board and are skipped)")
SIZE = Option("size", "int", 4, f"board size {MIN_SIZE}..{MAX_SIZE} (default 4)",
              low=MIN_SIZE, high=MAX_SIZE)
BACKEND = ("auto", "python", "numba")
CLUSTER = Option("cluster", "str", None, "run on Dask (extra 'cluster'): local[:N] starts "
                 "N local workers, tcp://HOST:PORT joins a scheduler (default: the local "
                 "process pool)", metavar="SPEC", parse=check_cluster)

MAKE = Action(
    "make", "make a board with a generator's rules (or roll dice)",
    description="Make a board: the rule engine runs the algorithm's seed / grow / done "
                "stages. Algorithms: " + ", ".join(ALGOS) + ". Q becomes the Qu face "
                "unless --no-qu.",
    options=(
        Option("algo", "str", None, "generator (default greedy-cad)", web=True),
        Option("size", "int", None, f"board size {MIN_SIZE}..{MAX_SIZE} (default 4, or the "
               "dice set's size)", low=MIN_SIZE, high=MAX_SIZE, web=True),
        Option("dice", "str", None, "roll a real dice set instead (classic, new, big, "
               "big-deluxe, big-2012, super-big)", metavar="SET"),
        Option("seed_size", "int", 1, "seed cells for the adjacency generators (default 1, "
               "the seed's best)", low=1, high=MAX_SIZE * MAX_SIZE, web=True),
        Option("vowels", "int", None, "7freq's vowel count (default 7 of 16, the same share "
               "on other sizes)", low=0, high=MAX_SIZE * MAX_SIZE, web=True),
        Option("no_qu", "bool", False, "keep Q a plain letter (the seed's boards)", web=True),
        Option("solve", "bool", False, "also list the words and the score (without "
               "offensive words unless --allow-offensive)"),
        Option("count", "str", "words", "with --solve: score distinct words (default) or "
               "every path", choices=("words", "paths")),
        WORDS, SEED, ALLOW_OFFENSIVE),
    run=_M + "make:run_make", open=_M + "generate:open_board", trace=True, facts=True,
    picture=_M + "picture:picture")

SOLVE = Action(
    "solve", "find every word on a board, with its score",
    description="Find every word on a Boggle board: 8-neighbour paths, each cell used "
                "once, minimum 3 letters on 4x4 and 4 on 5x5/6x6; scoring 3-4 letters 1, "
                "5: 2, 6: 3, 7: 5, 8+: 11 (6x6: 9+ letters 2 per letter). A Q is the Qu "
                "face unless --plain-q. --rules solves through the rule session (the "
                "shell opens it as boggle-solve).",
    options=(
        Option("board", "words", None, "the letters row by row, e.g. perslatgsineters or "
               "'pers/latg/sine/ters' (9, 16, 25 or 36 cells; [Th] for a two-letter face, "
               f"# for a blank; at most {MAX_BOARD_TEXT} characters)", positional=True,
               required=True, metavar="BOARD", web=True),
        WORDS,
        Option("min_len", "int", None, "shortest word counted (default 3 on 4x4 and "
               f"smaller, 4 on 5x5/6x6; 1..{MAX_WORD_LEN})", low=1, high=MAX_WORD_LEN,
               web=True),
        Option("count", "str", "words", "score distinct words (a player's count) or every "
               "path to a word (the seed's figures)", choices=("words", "paths")),
        Option("two_letter", "bool", False, "allow 2-letter words at 1 point (the seed's "
               "convention)"),
        Option("plain_q", "bool", False, "read Q as a plain 'q' cell, not the Qu face"),
        Option("backend", "str", "auto", "search backend (auto: numba when installed)",
               choices=BACKEND),
        Option("rules", "bool", False, "find and score the words with the solving rules "
               "(rules/boggle_solve.py: paths grown die by die; what the shell steps) "
               "instead of the finder's search")),
    run=_M + "solve:run_solve", open=_M + "solve:open_solve", trace=True, facts=True,
    example={"board": "gnet/ieso/lapr/tens"})

BEST = Action(
    "best", "search for a top-scoring board (simulated annealing)",
    description="Search for a high-scoring board: simulated annealing with re-roll and "
                "swap moves, hill climbing at the end of each run, restarts until the "
                "time is up, on one or more workers. Reproducible: --seed S --iterations "
                "N with the options that shaped it replays a search exactly (the report "
                "gives the line).",
    options=(
        WORDS, SIZE,
        Option("seconds", "float", 120.0, f"time budget in seconds (default 120, at most "
               f"{MAX_SECONDS:g})", low=0.001, high=MAX_SECONDS),
        Option("iterations", "int", None, "stop after exactly N moves instead of on time "
               f"(at most {MAX_ITERATIONS:,})", low=1, high=MAX_ITERATIONS, metavar="N"),
        Option("steps", "int", 5000, f"moves per annealing run (default 5000; "
               f"{MIN_STEPS}..{MAX_STEPS:,}; the time budget may run over by one run)",
               low=MIN_STEPS, high=MAX_STEPS),
        Option("min_len", "int", None, "shortest word counted (default 3 on 4x4, 4 on "
               f"5x5/6x6; 1..{MAX_WORD_LEN})", low=1, high=MAX_WORD_LEN),
        Option("workers", "int", None, f"runs per round, each on a worker process (default "
               f"1, or the cluster's workers; at most {MAX_WORKERS}): the search is the same "
               "for a seed and a worker count", low=1, high=MAX_WORKERS),
        CLUSTER,
        Option("backend", "str", "auto", "search backend (auto: numba when installed; "
               "python is ~10x slower)", choices=BACKEND),
        Option("quiet", "bool", False, "no progress lines on stderr"),
        SEED),
    run=_S + "best:run_best")

BENCH = Action(
    "bench", "the seed's table: N boards per generator, words and score",
    description="Generate N boards per algorithm through the rule engine, solve them on "
                "two worker processes, print averages (words, score, generation ms). "
                "--seed-settings selects the seed's conventions: words_alpha, every path "
                "counted, 2-letter words at 1 point, Q a plain letter.",
    options=(
        Option("algos", "str", None, "comma-separated (default: the seed's nine and "
               f"trigram); 7freq:K sets 7freq's vowel count; at most {MAX_ROWS} rows"),
        Option("boards", "int", 1000, f"boards per algorithm (default 1000, at most "
               f"{MAX_BOARDS:,})", low=1, high=MAX_BOARDS),
        Option("count", "str", None, "count distinct words or every path (seed settings: "
               "paths)", choices=("words", "paths")),
        Option("seed_settings", "bool", False, "the seed's conventions (words_alpha, paths, "
               "2-letter words, no Qu)"),
        Option("two_letter", "bool", False, "allow 2-letter words (1 point)"),
        Option("qu", "str", None, "Q as the Qu face (default on; seed settings: off)",
               choices=("on", "off")),
        SIZE,
        Option("seed_size", "int", 1, "seed cells for the adjacency generators (default 1)",
               low=1, high=MAX_SIZE * MAX_SIZE),
        Option("vowel_sweep", "str", None, "run 7freq for each vowel count LO..HI and report "
               "the best", metavar="LO-HI"),
        Option("generator", "str", "rules", "make boards with the experta rules (default) or "
               "their plain-Python twin (the same board for every seed, much faster)",
               choices=("rules", "plain")),
        Option("workers", "int", 2, f"worker processes (default 2, at most {MAX_WORKERS}; "
               "ignored with --cluster)", low=1, high=MAX_WORKERS),
        CLUSTER,
        Option("out", "str", None, "write bench.json, table.md and the PNGs (bar chart, "
               "adjacency heatmap) here", metavar="DIR"),
        Option("no_progress", "bool", False, "no progress bar"),
        WORDS, SEED),
    run=_S + "benchmark:run_bench")

PUZZLE = Puzzle(
    "boggle", "Boggle: generate boards with rule sets, solve, find the best, bench",
    engine="experta", actions=(MAKE, SOLVE, BEST, BENCH),
    description="Boggle boards from the seed's nine generators (experta rule sets) or "
                "real dice; the word finder; the seed's comparison table.")
