"""Best-board search and the 'boggle solve' / 'boggle best' commands."""
import json
import shlex

import pytest

from pyengine.ui import cli
from pyengine.puzzles.boggle_studies.best import best_board
from pyengine.puzzles.boggle.finder import Finder, find_words, numba_available
from pyengine.engine.errors import UsageError

WORDS = sorted(set("""
ate eat tea eta tae era ear are rat art tar star rats arts tsar sate seat east eats teas
tease eater eaters ester reset steer terse trees tree rest rete ester stare tears rates
aster treat taste state tent nest nets tens sent rent tern stern terns inert inter niter
nitre train trains strain satin stain saint antis inset stein tines sine tine line lines
liner linen lint list lits silt slit tile tiles islet istle stile least slate stale steal
tales teals aisle alien aline anile elan lane lean lens earl real rale rase sear sera
""".split()))


def test_best_is_reproducible_and_scores_its_board():
    a = best_board(WORDS, size=3, iterations=400, steps=200, seed=3, backend="python")
    b = best_board(WORDS, size=3, iterations=400, steps=200, seed=3, backend="python")
    assert (a.board, a.score, a.iterations) == (b.board, b.score, 400)
    r = Finder(WORDS, min_len=3, backend="python").solve(a.board)
    assert a.score == r.score > 0 and a.words == len(r.words)
    scores = [s for _t, _i, s in a.history]
    assert scores == sorted(scores) and scores[-1] == a.score
    c = best_board(WORDS, size=3, iterations=400, steps=200, seed=4, backend="python")
    assert c.seed == 4


@pytest.mark.heavy
@pytest.mark.skipif(not numba_available(), reason="numba not installed")
def test_best_backends_agree():
    a = best_board(WORDS, size=4, iterations=300, steps=150, seed=9, backend="python")
    b = best_board(WORDS, size=4, iterations=300, steps=150, seed=9, backend="numba")
    assert (a.board, a.score) == (b.board, b.score)


def test_best_improves_on_a_random_start():
    r = best_board(WORDS, size=4, iterations=1500, steps=500, seed=1, backend="python")
    assert r.history[0][2] < r.score
    assert r.score == find_words(r.board, WORDS, backend="python").score


@pytest.mark.parametrize("kwargs", [dict(size=7), dict(size=2), dict(seconds=0),
                                    dict(iterations=0), dict(steps=5)])
def test_best_bad_arguments(kwargs):
    with pytest.raises(UsageError):
        best_board(WORDS, **({"iterations": 10} | kwargs))


def run_cli(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_solve_text_and_json(capsys):
    code, out, _ = run_cli(capsys, "boggle", "solve", "perslatgsineters", "--words", "enable2k")
    assert code == 0
    assert out.splitlines()[0].split() == ["P", "E", "R", "S"]
    assert "1045 words, 3625 points" in out
    code, out, _ = run_cli(capsys, "boggle", "solve", "pers/latg/sine/ters", "--words",
                           "enable2k", "--json")
    d = json.loads(out)
    assert (d["board"], d["score"], len(d["words"])) == ("perslatgsineters", 3625, 1045)
    assert d["count"] == "words" and d["paths"] >= 1045


def test_cli_solve_paths_and_two_letter(capsys):
    code, out, _ = run_cli(capsys, "boggle", "solve", "tatxxxxxx", "--words",
                           "enable1", "--count", "paths",
                           "--two-letter", "--json")
    d = json.loads(out)
    assert d["counts"]["tat"] == 2 and d["counts"]["at"] == 2 and d["counts"]["ta"] == 2
    assert d["score"] == d["path_score"] and d["min_len"] == 2


@pytest.mark.parametrize("board", ["abc", "abcdefghijklmno1", "[xx]bcdefgh"])
def test_cli_solve_bad_board(capsys, board):
    code, out, err = run_cli(capsys, "boggle", "solve", board)
    assert code == 2 and out == ""
    assert err.startswith("pyengine: error: bad board") and "Traceback" not in err


def test_cli_best_json_replays(capsys, tmp_path):
    wl = tmp_path / "w.txt"
    wl.write_text("\n".join(WORDS))
    argv = ["boggle", "best", "--words", str(wl), "--size", "3", "--iterations", "300",
            "--steps", "100", "--seed", "5", "--json", "--backend", "python"]
    code, out, _ = run_cli(capsys, *argv)
    first = json.loads(out)
    assert code == 0 and first["iterations"] == 300 and first["seed"] == 5
    _, out, _ = run_cli(capsys, *argv)
    again = json.loads(out)
    assert (again["board"], again["score"]) == (first["board"], first["score"])
    code, out, err = run_cli(capsys, "boggle", "best", "--words", str(wl), "--size", "9",
                             "--iterations", "5")
    assert code == 2 and "size" in err


def test_best_on_two_workers_is_the_same_search_again():
    a = best_board(WORDS, size=3, iterations=700, steps=200, seed=5, workers=2)
    b = best_board(WORDS, size=3, iterations=700, steps=200, seed=5, workers=2)
    assert (a.board, a.score, a.iterations, a.runs) == (b.board, b.score, 700, 4)
    assert a.replay() == "--seed 5 --iterations 700 --size 3 --steps 200 --workers 2"
    assert a.workers == 2
    d = a.as_dict()
    assert d["replay"] in a.text() and d["seconds_to_best"] <= d["seconds"]


def test_the_report_s_replay_line_replays_a_timed_search(capsys, tmp_path):
    """The line names every option that shaped the search (it named the seed and the
    moves only: --steps 300 replayed as a search of 5,000-move runs, another board)."""
    wl = tmp_path / "w.txt"
    wl.write_text("\n".join(WORDS))
    timed = ["boggle", "best", "--words", str(wl), "--size", "3", "--seconds", "0.3",
             "--steps", "150", "--min-len", "4", "--seed", "9", "--json", "--backend", "python"]
    code, out, _ = run_cli(capsys, *timed)
    first = json.loads(out)
    assert "--steps 150" in first["replay"] and "--min-len 4" in first["replay"]
    replay = ["boggle", "best", *shlex.split(first["replay"]), "--json", "--backend", "python"]
    code, out, _ = run_cli(capsys, *replay)
    again = json.loads(out)
    assert code == 0 and (again["board"], again["score"]) == (first["board"], first["score"])


def test_best_time_run_replays_from_its_report():
    a = best_board(WORDS, size=3, seconds=0.5, steps=100, seed=8, backend="python")
    b = best_board(WORDS, size=3, iterations=a.iterations, steps=100, seed=8,
                   backend="python")
    assert (b.board, b.score, b.iterations) == (a.board, a.score, a.iterations)


def test_best_min_len():
    a = best_board(WORDS, size=3, iterations=300, steps=100, seed=2, min_len=5)
    assert a.min_len == 5
    assert a.score == Finder(WORDS, min_len=5).solve(a.board).score
