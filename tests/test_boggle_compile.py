"""Issue 23: the numba kernels are compiled before the clock, said once, cached on disk.

The cold test runs ``boggle best`` in a subprocess with empty NUMBA_CACHE_DIR and
PYENGINE_CACHE folders, so numba compiles the kernels from scratch (tens of seconds on
a small machine): the search must still get its budget, and stderr (never stdout or the
JSON) must say what the wait is. The same folders then make a warm run: no notice.
"""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import time

import pytest

from tests.conftest import NUMBA

from pyengine.puzzles.boggle import compiled
from pyengine.puzzles.boggle.finder import numba_available

needs_numba = pytest.mark.skipif(not numba_available(),
                                 reason="numba not installed: the pure-Python search "
                                        "compiles nothing")
BUDGET = 1.0        # --seconds of the runs
OVERRUN = 1.5       # a round ends within one run of --steps 100 (and its polish)
STARTUP = 10.0      # start-up, word list and imports on a busy 2-core machine
NOTICE = re.compile(r"compiling the Boggle search \(once, about (\d+) s\) \.\.\. "
                    r"done in ([\d.]+) s")


def _best(tmp_path):
    """One ``boggle best --json`` in a subprocess on the test's own caches:
    (wall seconds, the JSON, stderr)."""
    env = {k: v for k, v in os.environ.items() if k != "PYENGINE_NO_NUMBA"}
    env.update(NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYENGINE_CACHE=str(tmp_path / "pc"))
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pyengine", "boggle", "best", "--words", "default",
         "--seconds", str(BUDGET), "--steps", "100", "--seed", "1", "--json"],
        capture_output=True, text=True, env=env, timeout=600)
    wall = time.perf_counter() - t0
    assert proc.returncode == 0, proc.stderr
    return wall, json.loads(proc.stdout), proc.stderr


@pytest.fixture(scope="module")
def cold_then_warm(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("kernels")
    return _best(tmp), _best(tmp)


@needs_numba
@pytest.mark.heavy
def test_a_cold_start_compiles_first_says_so_and_keeps_the_budget(cold_then_warm):
    (wall, result, err), _warm = cold_then_warm
    notices = NOTICE.findall(err)
    assert len(notices) == 1, err
    compile_s = float(notices[0][1])
    assert result["backend"] == "numba"
    assert result["seconds"] <= BUDGET + OVERRUN, (result["seconds"], compile_s)
    assert result["iterations"] >= 100
    assert wall - compile_s <= BUDGET + OVERRUN + STARTUP, (wall, compile_s)


@needs_numba
@pytest.mark.heavy
def test_a_warm_cache_says_nothing(cold_then_warm):
    _cold, (_wall, result, err) = cold_then_warm
    assert "compiling" not in err, err
    assert result["seconds"] <= BUDGET + OVERRUN


def test_the_notice_names_the_estimate_and_goes_to_the_stream_given(monkeypatch):
    warmed = []
    search = compiled.Kernel("search", lambda: "search", lambda: warmed.append("search"), 5.0)
    anneal = compiled.Kernel("anneal", lambda: "anneal", lambda: warmed.append("anneal"), 12.0)
    monkeypatch.setattr(compiled, "READY", set())
    monkeypatch.setattr(compiled, "_cached", lambda d: d == "search")
    monkeypatch.setattr(compiled, "_measured", lambda: {})
    monkeypatch.setattr(compiled, "_record", lambda took: None)
    out = io.StringIO()
    assert compiled.ensure_compiled((search, anneal), out=out) >= 0.0
    assert warmed == ["search", "anneal"]
    assert out.getvalue().startswith("pyengine: compiling") and out.getvalue().count("\n") == 1
    assert NOTICE.search(out.getvalue()).group(1) == "12"      # only anneal was cold
    out = io.StringIO()
    assert compiled.ensure_compiled((search, anneal), out=out) == 0.0   # once
    assert warmed == ["search", "anneal"] and out.getvalue() == ""
    monkeypatch.setattr(compiled, "READY", set())           # a time measured here wins
    monkeypatch.setattr(compiled, "_measured", lambda: {"anneal": 30.0})
    out = io.StringIO()
    compiled.ensure_compiled((anneal,), out=out)
    assert NOTICE.search(out.getvalue()).group(1) == "30"


def test_a_read_only_install_keeps_the_kernels_in_pyengines_cache(monkeypatch, tmp_path):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("PYENGINE_CACHE", str(tmp_path / "pc"))
    config = sys.modules.get("numba.core.config")
    if config is not None:
        monkeypatch.setattr(config, "CACHE_DIR", config.CACHE_DIR)
    monkeypatch.setattr(compiled, "_writable", lambda folder: False)
    compiled.place_cache(compiled.__file__)
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "pc" / "numba")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    compiled.place_cache(compiled.__file__)      # the user's choice wins
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine")


@pytest.mark.parametrize("backend", ["python", *NUMBA])
def test_bench_compiles_before_its_clock(monkeypatch, tmp_path, backend):
    from pyengine.puzzles.boggle_studies import table as T
    calls, real = [], compiled.ensure_compiled
    monkeypatch.setattr(T, "_W", {})            # no finder yet: no board solved

    def ensure(kernels):
        calls.append((tuple(k.name for k in kernels), "finder" in T._W))
        return real(kernels)
    monkeypatch.setattr(T, "ensure_compiled", ensure)
    words = tmp_path / "w.txt"
    words.write_text("ape\npea\ntape\nreap\npear\n")
    s = T.Settings(words=str(words), count="words", two_letter=False, qu=False, seed=3,
                   backend=backend, generator="plain")
    T.run_bench(["rnd"], 2, s, workers=1, progress=False, plain=False)
    assert calls[:1] == ([(("search",), False)] if backend == "numba" else [])
