"""``pyengine boggle``: make boards (rule-engine generators or real dice), solve them,
search for the best, and reproduce the seed's comparison table.

    pyengine boggle make [--algo A] [--size N] [--dice SET] [--seed S] [--solve] [--json] [--trace]
    pyengine boggle bench [--algos A,B] [--boards N] [--words L] [--count words|paths] [--out DIR]
    pyengine boggle solve BOARD ...     (pyengine.puzzles.boggle.solve_cli)
    pyengine boggle best ...            (pyengine.puzzles.boggle.solve_cli)

Nothing heavy is imported until a command runs.
"""
from __future__ import annotations

import importlib.util
import sys

from pyengine.ui import cli
from pyengine.engine.errors import UsageError

ALGOS = ("rnd", "vcr", "freq", "bfreq", "7freq", "adj", "cad", "greedy-cad", "greedy-dcad",
         "trigram")


def add_parser(sub) -> None:
    p = sub.add_parser(
        "boggle", help="Boggle: generate boards with rule sets, solve, find the best, bench",
        description="Boggle boards from the seed's nine generators (experta rule sets) or "
                    "real dice; the word finder; the seed's comparison table.")
    bsub = p.add_subparsers(dest="boggle_command", metavar="ACTION")
    _add_make(bsub)
    _add_bench(bsub)
    if importlib.util.find_spec("pyengine.puzzles.boggle.solve_cli") is not None:
        from pyengine.puzzles.boggle import solve_cli
        solve_cli.add_solve_parser(bsub)
        solve_cli.add_best_parser(bsub)
    p.set_defaults(func=lambda args: _no_action(p))


def _no_action(p) -> int:
    p.print_help()
    return 0


# -- make ---------------------------------------------------------------------------------
def _add_make(bsub) -> None:
    m = bsub.add_parser(
        "make", help="make a board with a generator's rules (or roll dice)",
        description="Make a board: the rule engine runs the algorithm's seed / grow / done "
                    "stages. Algorithms: " + ", ".join(ALGOS) + ". Q becomes the Qu face "
                    "unless --no-qu.")
    m.add_argument("--algo", default=None, help="generator (default greedy-cad)")
    m.add_argument("--size", type=int, default=4, help="board size 3..6 (default 4)")
    m.add_argument("--dice", metavar="SET", default=None,
                   help="roll a real dice set instead (classic, new, big, big-deluxe, "
                        "big-2012, super-big)")
    m.add_argument("--seed-size", type=int, default=1,
                   help="seed cells for the adjacency generators (default 1, the seed's best)")
    m.add_argument("--vowels", type=int, default=None,
                   help="7freq's vowel count (default 7 of 16, the same share on other sizes)")
    m.add_argument("--no-qu", action="store_true", help="keep Q a plain letter (the seed's boards)")
    m.add_argument("--solve", action="store_true", help="also list the words and the score")
    m.add_argument("--count", choices=("words", "paths"), default="words",
                   help="with --solve: score distinct words (default) or every path")
    m.add_argument("--facts", action="store_true", help="print the final fact base")
    cli.add_words(m)
    cli.add_seed(m)
    cli.add_json(m)
    cli.add_trace(m)
    m.set_defaults(func=run_make)


def run_make(args) -> int:
    from pyengine.puzzles.util import new_seed

    seed = new_seed() if args.seed is None else args.seed
    if args.dice and args.algo:
        raise UsageError("choose a generator (--algo) or dice (--dice), not both")
    session = None
    out: dict = {"seed": seed, "size": args.size}
    if args.dice:
        import random

        from pyengine.puzzles.boggle.dice import dice_set, roll_dice
        ds = dice_set(args.dice)
        if args.size != 4 and args.size != ds.size:
            raise UsageError(f"dice set {args.dice!r} makes {ds.size}x{ds.size} boards, "
                             f"not {args.size}x{args.size}")
        board = roll_dice(ds, random.Random(seed))
        out.update(source="dice", dice=args.dice, size=board.size)
        if args.trace or args.facts:
            raise UsageError("--trace and --facts show the generator rules; dice use none")
    else:
        from pyengine.puzzles.boggle.generate import algorithm, check_size, generate_with_session
        algo = algorithm(args.algo or "greedy-cad")
        check_size(args.size)
        board, session = generate_with_session(algo, args.size, seed=seed,
                                               seed_size=args.seed_size, vowels=args.vowels,
                                               qu=not args.no_qu, record=True, words=args.words)
        out.update(source="rules", algo=algo.name,
                   firings=session.fired_total if hasattr(session, "fired_total") else None)
    out["board"] = board.text("/")
    out["grid"] = [r.upper() for r in board.text("/").split("/")]
    result = None
    if args.solve:
        from pyengine.puzzles.boggle.finder import find_words
        result = find_words(board, args.words, count=args.count)
        out.update(words=result.words, n_words=len(result.words), score=result.score,
                   paths=result.paths, count=args.count, wordlist=result.wordlist)
    if args.json:
        cli.print_json(out)
    else:
        print(board.render())
        how = (f"dice {args.dice}" if args.dice else f"{out['algo']}, {out['firings']} firings")
        print(f"({how}; seed {seed}; {board.size}x{board.size}; "
              f"compact {board.compact()})")
        if result is not None:
            print(f"{len(result.words)} words, {result.score} points "
                  f"({'every path' if args.count == 'paths' else 'distinct words'}; "
                  f"list {result.wordlist})")
            _print_words(result.words)
    aux = sys.stderr if args.json else sys.stdout
    if args.trace and session is not None:
        cli.print_trace(session, aux)
    if args.facts and session is not None:
        cli.print_facts(session, aux)
    return 0


def _print_words(words, width: int = 78) -> None:
    line = ""
    for w in sorted(words, key=lambda w: (-len(w), w)):
        if len(line) + len(w) + 1 > width:
            print(line)
            line = ""
        line = f"{line} {w}" if line else w
    if line:
        print(line)


# -- bench --------------------------------------------------------------------------------
def _add_bench(bsub) -> None:
    b = bsub.add_parser(
        "bench", help="the seed's table: N boards per generator, words and score",
        description="Generate N boards per algorithm through the rule engine, solve them on "
                    "two worker processes, print averages (words, score, generation ms). "
                    "--seed-settings selects the seed's conventions: words_alpha, every path "
                    "counted, 2-letter words at 1 point, Q a plain letter.")
    b.add_argument("--algos", default=None,
                   help="comma-separated (default: the seed's nine and trigram); 7freq:K "
                        "sets 7freq's vowel count")
    b.add_argument("--boards", type=int, default=1000, help="boards per algorithm (default 1000)")
    b.add_argument("--count", choices=("words", "paths"), default=None,
                   help="count distinct words or every path (seed settings: paths)")
    b.add_argument("--seed-settings", action="store_true",
                   help="the seed's conventions (words_alpha, paths, 2-letter words, no Qu)")
    b.add_argument("--two-letter", action="store_true", help="allow 2-letter words (1 point)")
    b.add_argument("--qu", choices=("on", "off"), default=None,
                   help="Q as the Qu face (default on; seed settings: off)")
    b.add_argument("--size", type=int, default=4)
    b.add_argument("--seed-size", type=int, default=1)
    b.add_argument("--vowel-sweep", metavar="LO-HI", default=None,
                   help="run 7freq for each vowel count LO..HI and report the best")
    b.add_argument("--generator", choices=("rules", "plain"), default="rules",
                   help="make boards with the experta rules (default) or their plain-Python "
                        "twin (the same board for every seed, about 40x faster)")
    b.add_argument("--workers", type=int, default=2)
    b.add_argument("--out", metavar="DIR", default=None,
                   help="write bench.json, table.md and the PNGs (bar chart, adjacency "
                        "heatmap) here")
    b.add_argument("--no-progress", action="store_true")
    cli.add_words(b)
    cli.add_seed(b)
    cli.add_json(b)
    b.set_defaults(func=run_bench)


def _settings(args):
    from pyengine.puzzles.boggle.generate import check_size
    from pyengine.puzzles.boggle.table import Settings, seed_settings
    s = seed_settings() if args.seed_settings else Settings(words=None, count="words",
                                                            two_letter=False, qu=True)
    if args.words is not None:
        s.words = args.words
    if args.count is not None:
        s.count = args.count
    if args.two_letter:
        s.two_letter = True
    if args.qu is not None:
        s.qu = args.qu == "on"
    s.size = check_size(args.size)
    s.seed_size = args.seed_size
    s.seed = 0 if args.seed is None else args.seed
    s.generator = args.generator
    return s


def run_bench(args) -> int:
    import json
    import os

    from pyengine.puzzles.boggle import table as T
    from pyengine.puzzles.boggle.stats import load_stats

    s = _settings(args)
    if args.vowel_sweep:
        lo, _, hi = args.vowel_sweep.partition("-")
        if not (lo.isdigit() and hi.isdigit()) or int(lo) > int(hi):
            raise UsageError(f"--vowel-sweep wants LO-HI, e.g. 4-10, got {args.vowel_sweep!r}")
        if int(hi) > s.size * s.size:
            raise UsageError(f"--vowel-sweep: at most {s.size * s.size} vowels on "
                             f"{s.size}x{s.size}")
        algos = [f"7freq:{k}" for k in range(int(lo), int(hi) + 1)]
    elif args.algos:
        algos = [a.strip() for a in args.algos.split(",") if a.strip()]
    else:
        algos = list(ALGOS)
    if not algos:
        raise UsageError("--algos names no algorithm")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    checkpoint = None
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        checkpoint = os.path.join(args.out, "partial.json")
    rows = T.run_bench(algos, args.boards, s, workers=args.workers,
                       progress=not args.no_progress and not args.json and sys.stderr.isatty(),
                       checkpoint=checkpoint)
    result = {"settings": s.__dict__, "rows": rows}
    if args.vowel_sweep:
        best = max(rows, key=lambda r: r["avg_score"])
        result["best_vowels"] = int(best["algo"].split(":")[1])
    plots: list[str] = []
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "bench.json"), "w") as fh:
            json.dump(result, fh, indent=2)
        with open(os.path.join(args.out, "table.md"), "w") as fh:
            fh.write(f"{s.describe()}, {args.boards} boards per algorithm\n\n")
            fh.write(T.markdown_table(rows, s) + "\n")
        plots = T.write_plots(rows, load_stats(s.words), args.out)
        result["plots"] = plots
    if args.json:
        cli.print_json(result)
        return 0
    print(T.text_table(rows, s))
    if args.vowel_sweep:
        print(f"best vowel count: {result['best_vowels']} "
              f"(by average score over {args.boards} boards)")
    if args.out:
        if plots:
            print(f"wrote {', '.join(plots)}")
        else:
            print("matplotlib is not installed (pip install 'pyengine-puzzles[plot]'): "
                  "no PNGs written")
        print(f"wrote {os.path.join(args.out, 'bench.json')} and table.md")
    return 0
