"""``bee play``: a game over a solved hive; each guess is a ``Guess`` fact that the
judge rules answer with one ``Verdict``.

The dialogue reads lines (guesses or ``!commands``) and answers through ``say``
(a print-like function), so the command line, a test or a notebook can drive it.
:func:`open_play` is the same game as a session paused before its first stage (the
shell's and the web page's ``bee-play``), whose last stage, ``judge``, stays open for
the guesses asserted afterwards; :func:`next_turn` numbers a guess in either.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Iterable

from pyengine.engine.errors import UsageError
from pyengine.engine.session import new_seed
from pyengine.engine.textio import ascii_letters, stdout_shows, visible
from pyengine.engine.wording import fill, plural
from pyengine.puzzles.bee.engine import BeeEngine, choice_words, read_hints
from pyengine.puzzles.bee.hive import ascii_lower, honeycomb, layout, parse_center, parse_hive
from pyengine.puzzles.bee.lines import read_lines
from pyengine.puzzles.bee.results import Solution
from pyengine.puzzles.bee.puzzle import PLAY_HELP
from pyengine.facts.bee import Found
from pyengine.facts.bee import Guess
from pyengine.facts.bee import Verdict
from pyengine.puzzles.bee.make import Habits
from pyengine.puzzles.bee.make import make
from pyengine.engine.stages import Stage

QUIT = ("!quit", "!q", "!exit")
GIVE_UP = "!giveup"


class Game:
    """A game over a solved puzzle: each guess is a ``Guess`` fact judged by the rules."""

    def __init__(self, puzzle: Solution, engine: BeeEngine):
        self.puzzle = puzzle
        self.engine = engine
        self.turn = 0
        self.score = 0
        self.found: list[str] = []
        self.seed: int | None = None        # the seed the shuffles follow, if drawn
        self.shuffled = False

    def guess(self, text: str) -> tuple[str, int]:
        """Judge one guess: (message, points earned)."""
        word = ascii_lower(text.strip())
        s = self.engine.session
        self.turn = next_turn(s)["turn"]
        s.assert_fact(Guess(word=word, turn=self.turn))
        self.engine.run(("judge",))
        v = [f for f in s.records(Verdict) if f["turn"] == self.turn]
        if len(v) != 1:
            raise RuntimeError(f"the rules gave {len(v)} verdicts for {word!r}")
        found = s.records(Found)
        self.score = sum(f["points"] for f in found)
        self.found = [f["word"] for f in found]
        return v[0]["message"], v[0]["points"]

    @property
    def rank(self) -> str:
        return self.puzzle.rank_for(self.score)

    def next_rank(self) -> tuple[str, int] | None:
        return self.puzzle.next_rank(self.score)

    def remaining(self) -> list[str]:
        got = set(self.found)
        return [w for w in self.puzzle.answers if w not in got]


@dataclass
class Played:
    """``bee play``'s result: the hive and what happened (the dialogue itself went
    to ``say``; ``--json`` prints this summary)."""

    puzzle: Solution
    game: Game
    turns: list[dict] = field(default_factory=list)
    gave_up: bool = False

    @property
    def session(self):
        return self.puzzle.session

    def as_dict(self) -> dict:
        g = self.game
        return self.puzzle.as_dict() | {
            "layout": self.puzzle.layout, "turns": list(self.turns),
            "found": sorted(g.found), "score": g.score, "rank": g.rank,
            "gave_up": self.gave_up}

    def text(self) -> str:
        return ""           # the dialogue has said everything


def next_turn(session) -> dict:
    """The slots of the next ``Guess`` besides its word: its turn, one past the last
    guess or verdict in the fact base (the judge rules keep the last verdict)."""
    turns = [f["turn"] for kind in (Guess, Verdict) for f in session.records(kind)]
    return {"turn": 1 + max(turns, default=0)}


def _hive(letters, center, words, seed: int, allow_offensive: bool = False,
          record: bool = False) -> tuple[BeeEngine, str, str, str | None]:
    """The play engine and the hive to play: LETTERS, else a random hive (``make``'s,
    drawn with ``seed``, its seed word last; None for LETTERS), whose answers come from
    the list without the offensive words unless ``allow_offensive``."""
    if letters:
        eng = BeeEngine(words, kind="play", record=record)
        return (eng, *parse_hive(letters, center), None)
    eng = BeeEngine(choice_words(words, allow_offensive), kind="play", record=record)
    c = None if center is None else parse_center(center)
    # play has no --allow-s: asking for the center S allows S
    try:
        made = make(center=c, seed=seed, words=eng.words, habits=Habits(no_s=c != "s"),
                    allow_offensive=allow_offensive)
    except UsageError as exc:       # make's options are not play's: say what to do
        raise UsageError(f"no random hive to play{' with center ' + c.upper() if c else ''}"
                         f" ({exc}); give the hive LETTERS") from None
    return eng, made.letters, made.center, made.seed_word


def _open_game(letters, center, words, seed: int, allow_offensive: bool = False) -> Game:
    """The game over the hive :func:`_hive` chooses, solved (a random hive's puzzle
    keeps its seed, which is shown)."""
    eng, hive, c, seed_word = _hive(letters, center, words, seed, allow_offensive)
    pz = eng.solve(hive, c)
    if seed_word is not None:
        pz.seed_word = seed_word
        pz.seed = seed
    return Game(pz, eng)


def open_play(letters=None, center=None, words=None, seed=None, allow_offensive=False):
    """The play session, paused before ``build``: the hive :func:`_hive` chooses (as
    ``bee play`` does), its solve, score, rank and hints stages, then ``judge``, whose
    staging fact stays, so each ``Guess`` asserted afterwards gets its ``Verdict`` from
    the rules on the next run."""

    seed = new_seed() if seed is None else seed
    eng, hive, c, seed_word = _hive(letters, center, words, seed, allow_offensive,
                                    record=True)
    plan = eng.plan(hive, c, extra=("hints",))
    plan.stages.append(Stage("judge", retract=False))
    plan.seed = seed
    plan.title = (f"Spelling Bee {hive.upper()} center {c.upper()}: play"
                  + ("" if seed_word is None else f" (seed {seed})"))
    return plan


def _command(cmd: str, text: str, game: Game, rng: random.Random) -> str:
    """What a ``!command`` says (the first shuffle of a game without ``--seed`` says
    the seed it drew, which repeats the shuffles)."""
    pz = game.puzzle
    if cmd == "!help":
        return PLAY_HELP
    if cmd == "!shuffle":
        pz.layout = layout(pz.letters, pz.center, rng)
        first, game.shuffled = not game.shuffled, True
        told = first and pz.seed is None and game.seed is not None    # a drawn one
        return honeycomb(pz.center, pz.layout) + (
            f"\n(shuffled with seed {game.seed}: --seed {game.seed} repeats it)" if told else "")
    if cmd == "!hints":
        return read_hints(pz.session).text(pz.letters)
    if cmd == "!found":
        return "\n".join(fill(sorted(game.found), head=f"{len(game.found)} found: "))
    if cmd == "!rank":
        nxt = game.next_rank()
        return (f"score {game.score}, rank {game.rank}"
                + (f"; {nxt[1]} more for {nxt[0]}" if nxt else ""))
    return f"unknown command {ascii(text)}; !help lists them"


def _shown(text: str) -> str:
    """A guess as echoed: upper case, as typed where standard output can show it (a
    character a screen hides or turns around written out); else escaped."""
    up = visible(ascii_lower(text).upper())
    return up if stdout_shows(up) else ascii(up)[1:-1]


def _guess(text: str, game: Game, played: Played) -> str:
    try:                # the one rule for a word a user gives: café is refused, naming é
        ascii_letters(text.strip(), "it")
    except UsageError as exc:
        why = visible(str(exc).removeprefix("it "))         # has 'é': letters a-z only
        why = why if stdout_shows(why) else ascii(why)[1:-1]
        return f"{_shown(text)}: {why}   score {game.score}  rank {game.rank}"
    msg, pts = game.guess(text)
    played.turns.append({"guess": ascii_lower(text), "message": msg, "points": pts,
                         "score": game.score, "rank": game.rank})
    return (f"{_shown(text)}: {msg}" + (f" +{pts}" if pts else "")
            + f"   score {game.score}  rank {game.rank}")


def _ends_game(line: str) -> bool:
    return ascii_lower(line.strip()) in QUIT + (GIVE_UP,)


def _dialogue(lines: Iterable[str], say: Callable, game: Game, played: Played,
              rng: random.Random) -> None:
    for line in lines:
        text = line.strip()
        cmd = ascii_lower(text)
        if not text:
            continue
        if cmd in QUIT:
            break
        if cmd == GIVE_UP:
            rest = game.remaining()
            say("\n".join(game.puzzle.answer_lines(
                rest, head=f"the {plural(len(rest), 'word')} you missed: ")))
            played.gave_up = True
            break
        say(_command(cmd, text, game, rng) if cmd.startswith("!")
            else _guess(text, game, played))


def run_play(letters=None, center=None, words=None, seed=None, allow_offensive=False,
             lines: Iterable[str] = (), say: Callable | None = None) -> Played:
    """The ``play`` action: guesses and ``!commands`` from ``lines`` (a text stream
    or an iterable of str, read and checked by :func:`~pyengine.puzzles.bee.lines.read_lines`
    before the game starts: UTF-8, at most 10,000 lines of 1,024 bytes), the running
    dialogue to ``say``."""
    say = say or (lambda *a: None)
    lines = read_lines(lines, _ends_game)      # the limits are checked before any work
    drawn, seed = seed is None, (new_seed() if seed is None else seed)
    game = _open_game(letters, center, words, seed, allow_offensive)
    game.seed = seed if drawn else None       # a seed the user gave needs no telling
    pz = game.puzzle
    rng = random.Random(seed)
    played = Played(pz, game)
    say(honeycomb(pz.center, pz.layout))
    say(f"{plural(len(pz.answers), 'word')}, {plural(len(pz.pangrams), 'pangram')}. Type "
        "words; !help for commands." + ("" if pz.seed is None else f" (seed {pz.seed})"))
    _dialogue(lines, say, game, played, rng)
    say(f"final: {len(game.found)}/{plural(len(pz.answers), 'word')}, score {game.score}/"
        f"{pz.max_score}, rank {game.rank}")
    return played
