"""Boggle on Dask: the same figures whatever the number of workers, a lost worker's
chunks run again, --cluster checked like any option."""
from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import signal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.engine.errors import UsageError
from pyengine.puzzles.boggle_studies.cluster import parse_cluster
from pyengine.ui import cli

WORDS = ["tar", "rat", "art", "star", "tars", "rats", "arts", "stare", "tear", "rate",
         "east", "seat", "eats", "teas", "sate", "treat", "great", "grate", "gate", "ate",
         "eat", "tea", "sea", "set", "net", "ten", "tin", "nit", "sit", "its", "tis"]
TIMING = ("gen_ms", "solve_ms", "plain_ms")


def call(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def wordfile(tmp_path_factory):
    path = tmp_path_factory.mktemp("cluster") / "w.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return path


# -- the option ----------------------------------------------------------------------------
@pytest.mark.parametrize("text, want", [("local", ("local", os.cpu_count() or 1)),
                                        ("local:2", ("local", 2)),
                                        (" local:1 ", ("local", 1)),
                                        ("tcp://127.0.0.1:8786", ("tcp", "tcp://127.0.0.1:8786")),
                                        ("tcp://sched.example:9000",
                                         ("tcp", "tcp://sched.example:9000"))])
def test_parse_cluster(text, want):
    assert parse_cluster(text) == want


@pytest.mark.parametrize("text", ["", "local:0", "local:65", "local:²", "local:-1", "remote",
                                  "tcp://:80", "tcp://h:0", "tcp://h:70000", "tcp://h",
                                  "http://h:80", "local:1:2", "tcp://h:80/x"])
def test_parse_cluster_refuses(text):
    with pytest.raises(UsageError):
        parse_cluster(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_parse_cluster_raises_only_usage_error(text):
    try:
        parse_cluster(text)
    except UsageError as exc:
        assert "\n" not in str(exc)


def test_bad_cluster_is_a_one_line_error_before_work():
    for action in ("bench", "best"):
        code, out, err = call("boggle", action, "--cluster", "local:0")
        assert code == 2 and out == "" and err.count("\n") == 1 and "--cluster" in err


# -- on a local Dask cluster ---------------------------------------------------------------------
needs_dask = pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None,
    reason="dask.distributed is not installed (pip install -e '.[cluster]')")


def bench_rows(wordfile, *extra):
    code, out, err = call("boggle", "bench", "--words", str(wordfile), "--boards", "150",
                          "--algos", "rnd,greedy-cad", "--generator", "plain",
                          "--no-progress", "--seed", "7", "--json", *extra)
    assert code == 0, err
    d = json.loads(out)
    return [{k: v for k, v in r.items() if k not in TIMING} for r in d["rows"]], d


@needs_dask
@pytest.mark.heavy
def test_bench_same_figures_on_1_and_2_workers(wordfile):
    one, d1 = bench_rows(wordfile, "--cluster", "local:1")
    two, d2 = bench_rows(wordfile, "--cluster", "local:2")
    pool, _ = bench_rows(wordfile, "--workers", "2")
    assert one == two == pool
    assert d1["scaling"]["workers"] == 1 and d2["scaling"]["workers"] == 2
    assert set(d2["scaling"]["study_hours"]) == {"1", "2", "64"}


@needs_dask
@pytest.mark.heavy
def test_best_same_search_on_1_and_2_workers(wordfile):
    argv = ["boggle", "best", "--words", str(wordfile), "--size", "3", "--iterations", "1200",
            "--steps", "200", "--seed", "11", "--workers", "2", "--json"]
    runs = [json.loads(call(*argv, *extra)[1]) for extra in
            (["--cluster", "local:1"], ["--cluster", "local:2"], [])]
    keys = ("board", "score", "iterations", "runs", "workers")
    assert [[r[k] for k in keys] for r in runs[1:]] == [[runs[0][k] for k in keys]] * 2
    assert runs[0]["replay"] == (f"--seed 11 --iterations 1200 --words {wordfile} --size 3 "
                                 "--steps 200 --workers 2")


@needs_dask
@pytest.mark.heavy
def test_a_killed_worker_is_retried_not_dropped(tmp_path):
    from pyengine.puzzles.boggle_studies import table as T
    from pyengine.puzzles.boggle_studies.cluster import DaskPool
    words = tmp_path / "w.txt"
    words.write_text("\n".join(WORDS) + "\n")
    s = T.Settings(words=str(words), count="words", two_letter=False, qu=True,
                   generator="rules")
    tasks = [("greedy-cad", start, 25) for start in range(0, 200, 25)]
    T._worker_init(s)
    want = {start: T._run_chunk((a, start, n))[1] for a, start, n in tasks}
    pool = DaskPool("local:2")
    try:
        pids = pool.client.run(os.getpid)
        got = []
        results = pool.imap_unordered(T._cluster_chunk, [(s, t) for t in tasks])
        got.append(next(results))
        os.kill(next(iter(pids.values())), signal.SIGKILL)    # a worker dies mid-run
        got.extend(results)
    finally:
        pool.close()
    assert len(got) == len(tasks)
    total = T.Row("greedy-cad")
    for _spec, row in got:
        total.add(row)
    ref = T.Row("greedy-cad")
    for row in want.values():
        ref.add(row)
    assert (total.boards, total.distinct, total.word_score) == \
        (ref.boards, ref.distinct, ref.word_score) == (200, ref.distinct, ref.word_score)


@needs_dask
@pytest.mark.heavy
def test_bench_joins_a_running_scheduler(wordfile):
    import distributed
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        rows, d = bench_rows(wordfile, "--cluster", cluster.scheduler_address)
    local, _ = bench_rows(wordfile, "--workers", "1")
    assert rows == local and d["scaling"]["workers"] == 1


def test_without_dask_the_cluster_option_says_what_to_install(monkeypatch):
    import builtins
    real = builtins.__import__

    def no_dask(name, *a, **k):
        if name.split(".")[0] in ("distributed", "dask"):
            raise ImportError(name)
        return real(name, *a, **k)
    monkeypatch.setattr(builtins, "__import__", no_dask)
    code, out, err = call("boggle", "best", "--cluster", "local:1", "--iterations", "100")
    assert code == 2 and "pip install" in err and err.count("\n") == 1
