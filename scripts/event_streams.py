#!/usr/bin/env python3
"""Compare the event streams (CLIPS's watch lines: fact changes, activations made and
taken, firings, printed lines) of random programs on CLIPS and on our engine.

Each program of seeds START..START+COUNT-1 (tests/conformance/random_clp.py) is reset
and run (at most 300 firings), reset again and run 40 firings more, on both engines
under the depth strategy, as ``tests/conformance/test_event_order.py`` runs them; the
first event where the two streams part is printed for each program that differs.

Usage:  .venv/bin/python scripts/event_streams.py [--start 0] [--count 1000]

Exit status: 0 every stream alike, 1 some differ.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import pyengine  # noqa: E402,F401  (before experta)
from tests.conformance.random_clp import build  # noqa: E402
from tests.conformance.test_event_order import both  # noqa: E402

MOST = 100_000          # seeds one run may compare


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--count", type=int, default=1000, help=f"seeds (1..{MOST:,})")
    a = p.parse_args(argv)
    if a.start < 0 or not 1 <= a.count <= MOST:
        p.error(f"--start at least 0, --count 1..{MOST:,}")
    began, differ = time.monotonic(), []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(a.start, a.start + a.count):
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    on_clips, ours = both(Path(tmp), build(seed), again=40)
            except Exception as exc:    # noqa: BLE001 - an engine failed: a difference
                differ.append(seed)
                print(f"seed {seed}: {type(exc).__name__}: {exc}", flush=True)
                continue
            if on_clips != ours:
                i = next((k for k, (x, y) in enumerate(zip(on_clips, ours)) if x != y),
                         min(len(on_clips), len(ours)))
                differ.append(seed)
                print(f"seed {seed}: event {i}: CLIPS {on_clips[i:i + 2]} ours {ours[i:i + 2]}",
                      flush=True)
    print(f"{len(differ)} of {a.count} event streams differ (seeds {a.start}.."
          f"{a.start + a.count - 1}; {time.monotonic() - began:.0f} s)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
