"""Benchmark: our engine against CLIPS on the same .clp programs, CPU time, one process.

Each program is loaded from the same file into a plain clipspy ``Environment`` and
into our engine (``ExpertaSession.from_clp``, firings not recorded); the figure is
the CPU time of ``reset`` + ``run`` on ours divided by CLIPS's (best of
``--repeat``). The firings of both (recorded by a session each) are checked equal
first, in runs that are not timed.

Targets (issue 24): Manners 64 and 128 at most 3x CLIPS, Manners 16 at most 8x, a
Waltz-style program at most 5x.

    python bench/bench_engine.py [--sizes 16 64] [--repeat 3] [--json]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE / "manners"))

import clips  # noqa: E402
import guests  # noqa: E402
from _timing import programs_silenced  # noqa: E402

from pyengine.engine.clips import ClipsSession  # noqa: E402
from pyengine.engine.experta import ExpertaSession  # noqa: E402

TARGETS = {16: 8.0, 64: 3.0, 128: 3.0, "waltz": 5.0}
WALTZ = ROOT / "tests/conformance/clp/waltz.clp"


def _cpu(make, repeat: int) -> float:
    """Best CPU seconds of reset + run (the program loaded beforehand, untimed)."""
    best = float("inf")
    for _ in range(repeat):
        env = make()
        t = time.process_time()
        env.reset()
        env.run()
        best = min(best, time.process_time() - t)
    return best


def _same_firings(path: Path) -> int:
    """Both engines' firings, checked equal once (recorded: not timed)."""
    traces = []
    for s in (ClipsSession([path]), ExpertaSession.from_clp([path])):
        s.quiet()
        s.reset()
        s.run()
        traces.append([(f.rule, f.matched) for f in s.trace])
        s.close()
    if traces[0] != traces[1]:
        raise SystemExit(f"bench_engine: {path.name}: the firings differ; no figure")
    return len(traces[0])


def _clips_env(path: Path):
    env = clips.Environment()
    env.load(str(path))
    return env


def _ours(path: Path):
    return ExpertaSession.from_clp([path], record=False)


def measure(name, path: Path, repeat: int) -> dict:
    firings = _same_firings(path)
    clips_s = _cpu(lambda: _clips_env(path), repeat)
    ours_s = _cpu(lambda: _ours(path), repeat)
    ratio = ours_s / clips_s
    target = TARGETS.get(name)
    return {"program": f"manners {name}" if isinstance(name, int) else name,
            "firings": firings, "clips_ms": round(clips_s * 1000, 2),
            "ours_ms": round(ours_s * 1000, 2), "ratio": round(ratio, 2),
            "target": target, "met": target is not None and ratio <= target}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=int, nargs="*", default=[16, 64],
                   help="Manners sizes (even, 4..256; default 16 64)")
    p.add_argument("--repeat", type=int, default=3, help="runs of each, best kept (1..20)")
    p.add_argument("--no-waltz", action="store_true")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if not 1 <= a.repeat <= 20 or any(n % 2 or not 4 <= n <= 256 for n in a.sizes):
        p.error("--repeat 1..20; --sizes even numbers 4..256")
    rows = []
    with tempfile.TemporaryDirectory() as tmp, programs_silenced():
        rules = (HERE / "manners/manners.clp").read_text()
        for n in a.sizes:
            path = Path(tmp) / f"manners{n}.clp"
            path.write_text(rules + guests.clp_facts(n))
            rows.append(measure(n, path, a.repeat))
        if not a.no_waltz:
            rows.append(measure("waltz", WALTZ, a.repeat))
    if a.json:
        print(json.dumps(rows, indent=1))
        return 0
    for r in rows:
        verdict = "" if r["target"] is None else \
            f"target <= {r['target']}x: {'MET' if r['met'] else 'MISSED'}"
        print(f"{r['program']:<12} {r['firings']:>6} firings  CLIPS {r['clips_ms']:>9.1f} ms  "
              f"ours {r['ours_ms']:>9.1f} ms  ratio {r['ratio']:>6.2f}x  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
