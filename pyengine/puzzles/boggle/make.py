"""``boggle make``: a board from a generator's rules (or real dice), optionally solved."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import fill, plural
from pyengine.puzzles.boggle.dice import dice_set, roll_dice
from pyengine.puzzles.boggle.finder import find_words
from pyengine.puzzles.boggle.generate import algorithm, check_make, generate_with_session
from pyengine.words.lists import load
from pyengine.words.offensive import choosable


@dataclass
class MadeBoard:
    """A made board: where it came from, and (with ``solve``) its words and score."""

    board: object                      # a Board
    seed: int
    source: str                        # "rules" or "dice"
    algo: str | None = None
    dice: str | None = None
    firings: int | None = None
    solved: object = None              # a finder Result, or None
    count: str = "words"
    session: object = None             # the rule session, for --trace and --facts
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        b = self.board
        d = {"seed": self.seed, "size": b.size, "source": self.source}
        d.update({"dice": self.dice} if self.source == "dice" else
                 {"algo": self.algo, "firings": self.firings})
        d["board"] = b.spec("/")          # boggle solve reads it back as this board
        d["grid"] = b.compact_rows()      # a row a string: Q for Qu, [Th], # blank
        r = self.solved
        if r is not None:
            d.update(words=r.words, n_words=len(r.words), score=r.score, paths=r.paths,
                     count=self.count, wordlist=r.wordlist)
        return d

    def text(self) -> str:
        b = self.board
        how = (f"dice {self.dice}" if self.source == "dice" else
               f"{self.algo}, {plural(self.firings, 'firing')}")
        lines = [b.render(), f"({how}; seed {self.seed}; {b.size}x{b.size}; compact {b.compact()})"]
        r = self.solved
        if r is not None:
            counted = "every path" if self.count == "paths" else "distinct words"
            lines.append(f"{plural(len(r.words), 'word')}, {plural(r.score, 'point')} "
                         f"({counted}; list {r.wordlist})")
            lines.extend(fill(sorted(r.words, key=lambda w: (-len(w), w))))
        return "\n".join(lines)


def _rolled(dice: str, size, seed: int) -> MadeBoard:
    ds = dice_set(dice)
    if size is not None and size != ds.size:
        raise UsageError(f"dice set {ds.name!r} makes {ds.size}x{ds.size} boards, "
                         f"not {size}x{size} (leave out --size)")
    return MadeBoard(roll_dice(ds, random.Random(seed)), seed, "dice", dice=ds.name)


def _generated(algo, size, seed, seed_size, vowels, qu, words) -> MadeBoard:
    a = algorithm(algo or "greedy-cad")
    board, session = generate_with_session(a, size, seed=seed, seed_size=seed_size,
                                           vowels=vowels, qu=qu, record=True, words=words)
    return MadeBoard(board, seed, "rules", algo=a.name, firings=session.fired_total,
                     session=session)


def run_make(algo=None, size=None, dice=None, seed_size: int = 1, vowels=None,
             no_qu: bool = False, solve: bool = False, count: str = "words", words=None,
             seed=None, allow_offensive: bool = False, record: bool = False,
             show_facts: bool = False) -> MadeBoard:
    """The ``make`` action: a board by the rules of ``algo`` (default greedy-cad), or
    rolled from a dice set; with ``solve`` its words and score. ``size`` defaults to
    4, or to the dice set's size (another size with dice is refused).

    The board's letters are drawn from the whole list's statistics; the words
    ``solve`` lists (and scores) leave out the offensive ones unless
    ``allow_offensive`` (``boggle solve BOARD`` lists every word)."""
    check_make(algo, dice, record or show_facts)
    if vowels is not None and (dice is not None or algorithm(algo or "greedy-cad").name != "7freq"):
        raise UsageError("--vowels sets 7freq's vowel count: give --algo 7freq, or leave it out")
    if seed_size != 1 and (dice is not None or algorithm(algo or "greedy-cad").fills):
        raise UsageError("--seed-size sets the adjacency generators' seed cells; "
                         f"{'dice' if dice is not None else algo} fills every cell from "
                         "the start: leave it out")
    if count != "words" and not solve:
        raise UsageError("--count scores the words --solve lists: give --solve too")
    if allow_offensive and not solve:
        raise UsageError("--allow-offensive lets --solve list every word: give --solve too")
    if seed is None:            # the declaration draws one; Python callers give one
        raise UsageError("a board is made from a seed: give seed=N")
    made = (_rolled(dice, size, seed) if dice is not None else
            _generated(algo, 4 if size is None else size, seed, seed_size, vowels,
                       not no_qu, words))
    if solve:
        made.solved = find_words(made.board, choosable(load(words), allow_offensive),
                                 count=count)
        made.count = count
    return made
