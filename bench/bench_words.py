#!/usr/bin/env python3
"""Benchmark the word lists: load + index build of the default list, and
``pyengine --help`` start-up.  Every figure is also given as a ratio to a
baseline measured in the same process:

* list baseline: ``open(f).read().split()`` of the same data, uncompressed;
* --help baseline: ``python -c pass`` in a subprocess.

Usage:  .venv/bin/python bench/bench_words.py [--repeat 7]
Uses a private temporary cache dir (cold = empty cache, warm = cache filled).
"""
from __future__ import annotations

import argparse
import gzip
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from _timing import timeit  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    rep = args.repeat

    tmp = Path(tempfile.mkdtemp(prefix="bench_words_"))
    os.environ["PYENGINE_CACHE"] = str(tmp / "cache")
    from pyengine.words import lists as W

    plain = tmp / "default.tsv"
    plain.write_bytes(gzip.decompress((REPO / "facts/words/default.tsv.gz").read_bytes()))
    base, _ = timeit(lambda: open(plain).read().split(), rep)
    print(f"baseline open().read().split() of default.tsv: {base*1000:7.1f} ms")

    rows = []

    def cold(build):
        def run():
            import shutil
            shutil.rmtree(tmp / "cache", ignore_errors=True)
            W.clear_memory_cache()
            build(W.load(None))
        return run

    def warm(build):
        build(W.load(None))  # fill the disk cache

        def run():
            W.clear_memory_cache()
            build(W.load(None))
        return run

    cases = [
        ("load only", lambda wl: None),
        ("load + by_mask (Bee)", lambda wl: wl.by_mask()),
        ("load + common(35).by_mask", lambda wl: wl.common(35).by_mask()),
        ("load + position_index(5) all bits", lambda wl: [
            wl.position_index(5).bits(p, c) for p in range(5) for c in "abcdefghijklmnopqrstuvwxyz"]),
        ("load + prefixes (Boggle)", lambda wl: wl.prefixes()),
        ("load + 'in' (dict)", lambda wl: "cat" in wl),
    ]
    for name, build in cases:
        for mode, mk in (("cold", cold), ("warm", warm)):
            med, best = timeit(mk(build), rep if mode == "warm" else max(3, rep // 2))
            rows.append((f"{name} [{mode}]", med, best))
    print(f"{'case':45} {'median ms':>10} {'min ms':>8} {'x base':>7}")
    for name, med, best in rows:
        print(f"{name:45} {med*1000:10.1f} {best*1000:8.1f} {med/base:7.1f}")

    # positional query: Python int bitsets vs numpy boolean columns
    wl = W.load(None).common(50)
    L = 6
    pi = wl.position_index(L)
    rng = random.Random(1)
    letters = "abcdefghijklmnopqrstuvwxyz"
    queries = [[None if rng.random() < 0.5 else set(rng.sample(letters, rng.randint(1, 8)))
                for _ in range(L)] for _ in range(300)]
    for q in queries[:3]:
        pi.candidates(q)
    t_int, _ = timeit(lambda: [pi.candidates(q) for q in queries], 3)
    try:
        t0 = time.perf_counter()
        import numpy as np
        t_imp = time.perf_counter() - t0
        t0 = time.perf_counter()
        arr = np.frombuffer("".join(pi.words).encode(), dtype=np.uint8).reshape(-1, L)
        t_build = time.perf_counter() - t0
        words = np.array(pi.words)

        def npq(q):
            ok = np.ones(len(arr), dtype=bool)
            for p, a in enumerate(q):
                if a is not None:
                    ok &= np.isin(arr[:, p], np.frombuffer("".join(a).encode(), np.uint8))
            return words[ok].tolist()
        for q in queries[:20]:
            assert npq(q) == pi.candidates(q)
        t_np, _ = timeit(lambda: [npq(q) for q in queries], 3)
        print(f"\npositional queries, {len(queries)} random, length {L}, {len(pi.words)} words:")
        print(f"  int bitsets: {t_int*1000/len(queries):.3f} ms/query")
        print(f"  numpy:       {t_np*1000/len(queries):.3f} ms/query "
              f"(+ import {t_imp*1000:.0f} ms, build {t_build*1000:.1f} ms)  "
              f"ratio numpy/int {t_np/t_int:.1f}")
    except ImportError:
        print(f"\npositional queries: int bitsets {t_int*1000/len(queries):.3f} ms/query (numpy absent)")

    # --help start-up, subprocess
    py = sys.executable
    env = dict(os.environ, PYTHONPATH=str(REPO))

    def sub(argv):
        return lambda: subprocess.run([py, *argv], cwd=REPO, env=env, check=True,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pbase, _ = timeit(sub(["-c", "pass"]), rep)
    target = ["-m", "pyengine", "--help"]
    thelp, _ = timeit(sub(target), rep)
    # check=True: the words command must exit 0 (cat is in the list)
    twords, _ = timeit(sub(["-m", "pyengine", "words", "check", "cat"]), rep)
    print(f"\nbaseline python -c pass:            {pbase*1000:7.1f} ms")
    print(f"{' '.join(target[1:]):35} {thelp*1000:7.1f} ms  x{thelp/pbase:.1f}  "
          f"(+{(thelp-pbase)*1000:.0f} ms)")
    print(f"{'words check cat (warm cache)':35} {twords*1000:7.1f} ms  x{twords/pbase:.1f}")
    import shutil
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
