"""The classroom bench (bench/bench_classroom.py) at a tiny size against an in-process
server: students load programs typed in the page (one typed with a mistake first,
refused, then fixed), on both engines, act on them, and meet no error while the
runaway client presses run on its endless programs. No timing here: the bench
measures; this checks that what it measures is a class that works."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web inspector needs the web extra (starlette)")
pytest.importorskip("httpx", reason="the bench talks HTTP with httpx")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import bench_classroom as bench

from pyengine.ui.web.app import create_app
from pyengine.ui.web.background import running
from pyengine.ui.web.guard import Hosts
from tests.webclient import limits

#: the server's share per client, with a runaway's request cut sooner (the test waits
#: less) and the rate roomy (the test's students think for at most 20 ms)
LIMITS = limits(per_client=4, seconds=0.5, grace=0.5, hard=5.0)


@pytest.mark.heavy
def test_a_small_class_meets_no_error_beside_the_runaway():
    app = create_app(None, LIMITS, None, Hosts("127.0.0.1"))
    with running(app, limits=LIMITS) as url:
        progs = bench.programs(url)
        result = bench.classroom(url, 4, 12, 3, (0.0, 0.02), with_runaway=True)
    assert result["errors"] == 0, result["first_errors"]
    assert result["actions"] == 4 * 12
    # the second student's program (count.clp) is typed with a parenthesis left open
    assert progs[1].name == "count" and len(progs[1].tries) == 2
    assert result["refused_as_expected"] == 1
    done = {verb for verb, figures in result["by_action"].items() if figures["n"]}
    assert {"rules", "step"} <= done and len(done) >= 5, done
    assert result["runaway"].get("200", 0) > 0, result["runaway"]
    # answered all along (its cap of firings: 400), never an exception or a 5xx
    assert all(k.isdigit() and k[0] in "24" for k in result["runaway"]), result["runaway"]


def test_every_program_and_its_mistakes_are_what_the_students_type():
    for name in bench.OWN:
        text = bench.own_text(name)
        if name in bench.MISTAKES:
            right, typed = bench.MISTAKES[name]
            assert text.count(right) == 1 and right != typed, name


def test_half_the_class_on_each_engine_and_every_program_on_both():
    kinds = len(bench.OWN) * 2
    engines = [bench.engine_of(i, kinds) for i in range(30)]
    assert engines.count("clips") == engines.count("ours") == 15
    for program in range(kinds):
        assert {engines[i] for i in range(program, 30, kinds)} == {"clips", "ours"}


@pytest.mark.parametrize("argv", [["--students", "0"], ["--students", "41"],
                                  ["--actions", "100000"], ["--think", "0", "0.5"],
                                  ["--think", "0.8", "0.2"], ["--seed", "-1"]])
def test_absurd_sizes_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as refused:
        bench.arguments(argv)
    assert refused.value.code == 2
    assert "--" in capsys.readouterr().err.splitlines()[-1]


def test_quick_is_five_students_of_twenty_actions():
    args = bench.arguments(["--quick"])
    assert (args.students, args.actions, tuple(args.think)) == (5, 20, (0.25, 0.75))
