"""``pyengine bee``: NYT-style Spelling Bee hives, through experta rules.

    pyengine bee make [WORD|LETTERS] [--center C] [--contains ING] [--json]
    pyengine bee solve LETTERS --center C [--hints] [--json]
    pyengine bee play [LETTERS --center C]      (guesses on stdin; !help)
    pyengine bee best [--words LIST] [--allow-s] [--json]
"""
from __future__ import annotations

import sys

from pyengine.ui import cli

PLAY_HELP = """commands: a word to guess, or
  !shuffle  shuffle the outer letters     !hints  the NYT hints page
  !found    the words found so far        !rank   score, rank and the next rank
  !giveup   show every answer and stop    !quit   stop (end of input too)
  !help     this text"""


def _range(text: str):
    from pyengine.engine.errors import UsageError
    try:
        lo, _, hi = text.partition("-")
        lo, hi = int(lo), int(hi or lo)
    except ValueError:
        raise UsageError(f"expected a range like 20-70, not {text!r}") from None
    if lo < 0 or hi < lo:
        raise UsageError(f"bad range {text!r} (low-high, low <= high)")
    return lo, hi


def add_parser(sub) -> None:
    p = sub.add_parser("bee", help="NYT-style Spelling Bee: make, solve, play, best hive",
                       description="Spelling Bee hives: seven letters, one in the centre; "
                                   "answers have 4+ letters, use the centre, only hive "
                                   "letters. Default word list: 'bee' (tuned to the NYT's).")
    acts = p.add_subparsers(dest="bee_action", metavar="ACTION")

    def common(q, words=True):
        cli.add_json(q)
        cli.add_seed(q)
        if words:
            q.add_argument("--words", metavar="LIST", default=None,
                           help="word list: 'bee' (default, curated for Spelling Bee), "
                                "'default' (all of SCOWL), a path, 'system', enable1 ...")

    m = acts.add_parser("make", help="make a hive (from a seed word, letters, or at random)")
    m.add_argument("word", nargs="?", metavar="WORD|LETTERS",
                   help="a seed word with exactly 7 different letters, or 7 letters "
                        "(the shortest pangram becomes the seed word); none: random")
    m.add_argument("--center", "--centre", dest="center", help="the centre letter (default random)")
    m.add_argument("--contains", help="a random seed word must contain this (e.g. ing)")
    m.add_argument("--allow-s", action="store_true", help="allow S (editors leave it out)")
    m.add_argument("--allow-er", action="store_true", help="allow both E and R")
    m.add_argument("--vowels", default="1-3", help="vowels in a random hive (default 1-3)")
    m.add_argument("--answers", default="20-70", help="answers in a random hive (default 20-70;"
                                                      " 30-50 tried first)")
    m.add_argument("--any-pangram", action="store_true",
                   help="do not require a common-word pangram")
    m.add_argument("--show", action="store_true", help="print the answers too")
    common(m)
    m.set_defaults(func=run_make)

    s = acts.add_parser("solve", help="all answers, pangrams, points and ranks of a hive")
    s.add_argument("letters", metavar="LETTERS",
                   help="the 7 hive letters (or the 6 outer ones); one upper-case letter "
                        "among lower-case ones marks the centre")
    s.add_argument("--center", "--centre", dest="center", help="the centre letter")
    s.add_argument("--hints", action="store_true", help="print the NYT hints page too")
    cli.add_trace(s)
    common(s)
    s.set_defaults(func=run_solve)

    g = acts.add_parser("play", help="play in the terminal (guesses on stdin, !help)",
                        description="Play a hive. Each line of input is a guess judged by "
                                    "the rules, or a command.\n" + PLAY_HELP)
    g.add_argument("letters", nargs="?", metavar="LETTERS",
                   help="hive letters (default: a random hive)")
    g.add_argument("--center", "--centre", dest="center", help="the centre letter")
    common(g)
    g.set_defaults(func=run_play)

    b = acts.add_parser("best", help="the highest-scoring hive of a word list")
    b.add_argument("--allow-s", action="store_true", help="consider hives with S")
    common(b)
    b.set_defaults(func=run_best)
    p.set_defaults(func=lambda args: (p.print_help(), 0)[1])


def _habits(args):
    from pyengine.puzzles.bee.core import Habits
    lo_hi = _range(args.answers)
    return Habits(no_s=not args.allow_s, not_e_and_r=not args.allow_er,
                  vowels=_range(args.vowels), answers=lo_hi,
                  preferred=(max(30, lo_hi[0]), min(50, lo_hi[1]))
                  if max(30, lo_hi[0]) <= min(50, lo_hi[1]) else None,
                  common_pangram=None if args.any_pangram else 3.0)


def _show_puzzle(pz, show_answers: bool) -> None:
    from pyengine.puzzles.bee import core as bee
    print(bee.honeycomb(pz.center, pz.layout or bee.layout(pz)))
    print()
    if pz.seed_word:
        print(f"seed word: {pz.seed_word.upper()}   centre: {pz.center.upper()}")
    print(f"{len(pz.answers)} words, {pz.max_score} points, {len(pz.pangrams)} pangram"
          f"{'s' if len(pz.pangrams) != 1 else ''}"
          + (f" ({len(pz.perfect)} perfect)" if pz.perfect else "")
          + f"   [list: {pz.words_label}]")
    print("ranks: " + ", ".join(f"{n} {p}" for n, p in pz.ranks))
    if show_answers:
        print(" ".join(w.upper() if w in pz.pangrams else w for w in pz.answers))
    if pz.seed is not None:
        print(f"(seed {pz.seed})")


def run_make(args) -> int:
    from pyengine.puzzles.bee import core as bee
    pz = bee.make(args.word, center=args.center, contains=args.contains, seed=args.seed,
                  words=args.words, habits=_habits(args))
    if args.json:
        d = pz.as_dict()
        d["layout"] = pz.layout
        cli.print_json(d)
    else:
        _show_puzzle(pz, args.show)
    return 0


def run_solve(args) -> int:
    import random

    from pyengine.puzzles.bee import core as bee
    from pyengine.puzzles.util import new_seed
    seed = new_seed() if args.seed is None else args.seed
    pz = bee.solve(args.letters, args.center, words=args.words, record=args.trace)
    pz.seed = seed
    pz.layout = bee.layout(pz, rng=random.Random(seed))
    h = bee.hints(pz) if args.hints else None
    if args.json:
        d = pz.as_dict()
        d["layout"] = pz.layout
        if h is not None:
            d["hints"] = h.as_dict()
        cli.print_json(d)
    else:
        _show_puzzle(pz, True)
        if h is not None:
            print()
            print(h.text(pz.letters))
    if args.trace:
        cli.print_trace(pz.session, sys.stderr if args.json else sys.stdout)
    return 0


def run_best(args) -> int:
    from pyengine.puzzles.bee import core as bee
    from pyengine.words import bee as bee_words
    wl = bee_words.load(args.words)
    b = bee.best_hive(wl, allow_s=args.allow_s)
    pz = bee.solve(b.letters, b.center, words=wl)    # confirmed through the rules
    if args.json:
        d = pz.as_dict()
        d.update(score=b.score, seconds=round(b.seconds, 3), considered=b.considered)
        cli.print_json(d)
    else:
        print(f"best hive on {wl.label}: {b.letters.upper()} centre {b.center.upper()}: "
              f"{pz.max_score} points, {len(pz.answers)} words, {len(pz.pangrams)} pangrams "
              f"({b.seconds:.2f} s)")
    return 0


def run_play(args) -> int:
    import random

    from pyengine.puzzles.bee import core as bee
    from pyengine.puzzles.util import new_seed
    seed = new_seed() if args.seed is None else args.seed
    eng = bee.BeeEngine(args.words, kind="play")
    if args.letters:
        letters, c = bee.parse_hive(args.letters, args.center)
        pz = eng.solve(letters, c)
        pz.seed = seed
    else:
        made = bee.make(center=args.center, seed=seed, words=eng.words)
        pz = eng.solve(made.letters, made.center)
        pz.seed, pz.seed_word = seed, made.seed_word
    rng = random.Random(seed)
    pz.layout = bee.layout(pz, rng=rng)
    game = bee.Game(pz, eng)
    log = []
    out = sys.stderr if args.json else sys.stdout

    def say(*a):
        print(*a, file=out)

    say(bee.honeycomb(pz.center, pz.layout))
    say(f"{len(pz.answers)} words, {len(pz.pangrams)} pangram(s). Type words; !help for "
        f"commands. (seed {seed})")
    gave_up = False
    for line in sys.stdin:
        text = line.strip()
        if not text:
            continue
        cmd = text.lower()
        if cmd in ("!quit", "!q", "!exit"):
            break
        if cmd == "!help":
            say(PLAY_HELP)
        elif cmd == "!shuffle":
            pz.layout = bee.layout(pz, rng=rng)
            say(bee.honeycomb(pz.center, pz.layout))
        elif cmd == "!hints":
            say(bee.hints(pz).text(pz.letters))
        elif cmd == "!found":
            say(f"{len(game.found)} found: " + " ".join(sorted(game.found)))
        elif cmd == "!rank":
            nxt = game.next_rank()
            say(f"score {game.score}, rank {game.rank}"
                + (f"; {nxt[1]} more for {nxt[0]}" if nxt else ""))
        elif cmd == "!giveup":
            rest = game.remaining()
            say(f"the {len(rest)} words you missed: "
                + " ".join(w.upper() if w in pz.pangrams else w for w in rest))
            gave_up = True
            break
        elif cmd.startswith("!"):
            say(f"unknown command {text!r}; !help lists them")
        else:
            msg, pts = game.guess(text)
            log.append({"guess": text.lower(), "message": msg, "points": pts,
                        "score": game.score, "rank": game.rank})
            say(f"{text.upper()}: {msg}" + (f" +{pts}" if pts else "")
                + f"   score {game.score}  rank {game.rank}")
    say(f"final: {len(game.found)}/{len(pz.answers)} words, score {game.score}/"
        f"{pz.max_score}, rank {game.rank}")
    if args.json:
        d = pz.as_dict()
        d.update(layout=pz.layout, turns=log, found=sorted(game.found), score=game.score,
                 rank=game.rank, gave_up=gave_up)
        cli.print_json(d)
    return 0
