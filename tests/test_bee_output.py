"""What the bee commands print (issue 23): word lists wrapped to the terminal's width,
the honeycomb a function of the hive, a seed shown only when a random choice was made."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pyengine.puzzles.bee.hive import layout
from pyengine.puzzles.bee.make import make
from pyengine.puzzles.bee.play import run_play
from pyengine.puzzles.bee.solve import run_solve


def bee(*args, stdin=None, columns="80", hash_seed="0"):
    env = dict(os.environ, COLUMNS=columns, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-m", "pyengine", "bee", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_same_hive_draws_the_same_honeycomb_on_every_run():
    first = bee("solve", "aeginrt", "--center", "r", hash_seed="1")
    assert first == bee("solve", "aeginrt", "--center", "r", hash_seed="2")
    assert first == bee("solve", "gintaeR")                     # the same hive written otherwise
    assert "seed" not in first                                  # nothing random: no seed


def test_layout_is_a_function_of_the_hive():
    assert layout("aeginrt", "r") == layout("tnigear", "r")
    assert sorted(layout("aeginrt", "r")) == sorted("aegint")
    assert {layout("aeginrt", c) for c in "aeginrt"} != {layout("aeginrt", "a")}
    assert run_solve("aeginrt", "r", seed=1).puzzle.layout == layout("aeginrt", "r")
    assert run_solve("aeginrt", "r", seed=2).as_dict() == run_solve("aeginrt", "r").as_dict()


@pytest.mark.parametrize("columns", ["80", "50", "120"])
def test_the_answers_are_wrapped_to_the_terminal(columns):
    out = bee("solve", "aeginrt", "--center", "r", columns=columns)
    lines = out.splitlines()
    ranks = lines.index(next(x for x in lines if x.startswith("ranks: ")))
    answers = lines.index(next(x for x in lines if x.startswith("aerate")))
    assert max(len(line) for line in lines[ranks:]) <= int(columns)
    assert len(" ".join(lines[answers:]).split()) == 298         # every answer, none split
    assert " ".join(lines[ranks:answers]).count(", ") == 9       # ten ranks, none split
    assert "Queen Bee 2146" in lines[answers - 1]


def test_make_shows_a_seed_only_when_it_chose_something():
    chosen = make("clarity", center="y", seed=5)
    assert chosen.seed is None and "seed 5" not in chosen.text()
    assert make("clarity", seed=5).seed == 5                    # the seed chose the center
    random_hive = make(seed=5)
    assert random_hive.seed == 5 and random_hive.text().endswith("(seed 5)")
    again = make(seed=5)
    assert (again.letters, again.center, again.layout) == \
        (random_hive.letters, random_hive.center, random_hive.layout)
    assert random_hive.layout == layout(random_hive.letters, random_hive.center)


def test_make_show_and_play_wrap_their_word_lists(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")                         # whatever runs the tests
    out = bee("make", "clarity", "--center", "y", "--show", "--seed", "3")
    assert max(len(line) for line in out.splitlines()) <= 80 and "(seed" not in out
    said: list[str] = []
    run_play("aeginrt", "r", lines=["!giveup"], say=said.append, seed=1)
    assert "seed" not in said[1]
    missed = said[-2].splitlines()
    assert missed[0].startswith("the 298 words you missed: ") and len(missed) > 30
    assert max(len(line) for line in missed) <= 80
    said.clear()
    run_play(seed=3, lines=["!quit"], say=said.append)
    assert said[1].endswith("(seed 3)")                         # a random hive: its seed
