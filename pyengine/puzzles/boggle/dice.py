"""The standard Boggle dice sets, and rolling them.

The sets ship in ``facts/boggle_dice.json`` (the package's own copy, with
their sources): ``classic`` (1976) and ``new`` (1987) 4x4, ``big`` (Big
Boggle 1979), ``big-deluxe`` and ``big-2012`` 5x5, ``super-big`` 6x6.
A Qu face is one cell 'qu' (two letters, scores as two); the big sets'
other two-letter faces ('in' 'th' 'er' 'he' 'an') work the same way, and
Super Big Boggle's blank faces are '#' cells that no word passes through.

Rolling is the game's: shuffle the dice into the cells, then each die
shows one of its six faces, both drawn from the caller's ``random.Random``.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache

from pyengine.engine.errors import UsageError
from pyengine.engine.resources import fact_file
from pyengine.puzzles.boggle.board import Board

__all__ = ["DICE_SETS", "DiceSet", "roll_dice", "dice_set"]


@dataclass(frozen=True)
class DiceSet:
    name: str
    size: int
    dice: tuple[tuple[str, ...], ...]   # six faces per die
    years: str
    sources: tuple[str, ...]
    notes: str = ""

    def faces(self) -> frozenset[str]:
        """Every face that can show."""
        return frozenset(f for die in self.dice for f in die)


@lru_cache(maxsize=1)
def _load() -> dict:
    path = fact_file("boggle_dice.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:  # pragma: no cover - a broken install
        raise UsageError(f"cannot read the dice sets {path}: {exc.strerror}") from None
    sets = {}
    for name, s in data["sets"].items():
        size = int(s["board"].split("x")[0])
        dice = tuple(tuple(d.split()) for d in s["dice"])
        if len(dice) != size * size or any(len(d) != 6 for d in dice):
            raise UsageError(f"dice set {name}: expected {size * size} dice of 6 faces")
        sets[name] = DiceSet(name, size, dice, s.get("years", ""), tuple(s.get("sources", ())),
                             s.get("notes", ""))
    return sets


#: name -> DiceSet (classic, new, big, big-deluxe, big-2012, super-big)
DICE_SETS: dict[str, DiceSet] = dict(_load())


def dice_set(name: str | DiceSet) -> DiceSet:
    if isinstance(name, DiceSet):
        return name
    key = str(name).strip().lower().replace("_", "-")
    aliases = {"4x4": "new", "standard": "new", "5x5": "big", "6x6": "super-big",
               "super": "super-big", "superbig": "super-big", "big-boggle": "big"}
    key = aliases.get(key, key)
    if key not in DICE_SETS:
        raise UsageError(f"unknown dice set {name!r} (choose from {', '.join(DICE_SETS)})")
    return DICE_SETS[key]


def roll_dice(set_name: str | DiceSet = "new", rng: random.Random | int | None = None) -> Board:
    """Shake the set's dice into the grid: a Board.  ``rng`` is a
    ``random.Random`` (or a seed); the same rng state gives the same board."""
    ds = dice_set(set_name)
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    order = list(ds.dice)
    rng.shuffle(order)
    return Board(ds.size, tuple(die[rng.randrange(6)] for die in order))
