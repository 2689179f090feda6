#!/usr/bin/env python3
"""Benchmark the inspector at real sizes: Miss Manners (bench/manners/) on both engines.

Every figure is a ratio to a baseline run in the same process, the runs taking turns
(plain, recorded, shell; --repeat rounds; the best of each), timed in CPU time of the
process (time.process_time), so that other processes on a shared machine do not
skew the ratios:

* CLIPS, Manners 64 and 128 guests (2,271 and 8,639 firings): plain clipspy
  (``Environment.run()``, rule output to a router that drops it) is the baseline;
  recording a full trace (``ClipsSession.run()``: firings, matched, asserted and
  retracted ids, rule output; targets at most 3x) and the shell's ``run`` (the
  inspector shell opened on the same files, every event shown; at most 5x);
* experta, the same rules as a KnowledgeEngine (bench/manners/manners_experta.py),
  16 and 32 guests by default (experta's own matcher takes about a second for 32):
  experta's own ``run()`` is the baseline; recording with ``ExpertaSession``
  (at most 1.5x);
* CLIPS, Manners 64 and 128 through a Timeline (what the shell and the notebook
  keep, with its snapshots): the run as a ratio to the plain run, then ``back 1``
  and a ``goto`` to the middle of the run, in ms (issue 12: under 50 ms), and how
  many snapshots the run kept;
* after 10,000 firings (a counting rule, both engines): ``why`` of the last fact
  and its chain, ``history`` (the text of the last 20 firings), ``back 1`` and
  ``goto 1`` through a Timeline; each should take under 50 ms.

Usage:  .venv/bin/python bench/bench_inspect.py [--repeat 5] [--sizes 64,128]
        [--experta-sizes 16,32] [--json]
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE / "manners"))
import clips  # noqa: E402

import guests  # noqa: E402
from pyengine.engine.clips import ClipsSession  # noqa: E402
from pyengine.engine.experta import ExpertaSession  # noqa: E402
from pyengine.engine.stages import SessionPlan  # noqa: E402
from pyengine.engine.timeline import Timeline  # noqa: E402
from pyengine.engine.trace import firing_lines  # noqa: E402

MANNERS = HERE / "manners" / "manners.clp"
CLOCK = time.process_time


class _Drop(clips.Router):
    def query(self, name):
        return name in ("stdout", "stdwrn")

    def write(self, name, message):
        pass


def clips_plain(facts: Path) -> tuple[float, int]:
    env = clips.Environment()
    env.add_router(_Drop("drop", 50))
    env.load(str(MANNERS))
    env.load(str(facts))
    env.reset()
    t = CLOCK()
    fired = env.run()
    return CLOCK() - t, fired


def clips_recorded(facts: Path) -> tuple[float, int]:
    s = ClipsSession([MANNERS, facts])
    s.quiet(True)
    s.reset()
    t = CLOCK()
    fired = s.run()
    took = CLOCK() - t
    assert fired == len(s.trace) == s.fired_total
    return took, fired


def shell_run(facts: Path) -> tuple[float, int]:
    from pyengine.ui.sessions import opener
    from pyengine.ui.shell import Shell

    factory = opener("clp", [str(MANNERS), str(facts)])
    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO("run\n"), stdout=out)
    t = CLOCK()
    shell.cmdloop()
    return CLOCK() - t, shell.session.fired_total


def timeline_run(facts: Path) -> dict:
    """A Timeline over Manners: its run (snapshots included), then back 1 and a goto
    to the middle, each checked against the state first seen there."""
    def reopen():
        s = ClipsSession([MANNERS, facts])
        s.quiet(True)
        s.reset()
        return SessionPlan(s, [])

    tl = Timeline(reopen)
    t = CLOCK()
    fired = tl.runner.walk(None)
    run = CLOCK() - t
    mid = fired // 2
    back = ms(lambda: tl.back(1))
    assert tl.fired == fired - 1
    goto = ms(lambda: tl.goto(mid + 1))
    assert tl.fired == mid
    return {"timeline_run_s": run, "back_1_ms": back, "goto_mid_ms": goto, "goto_mid": mid + 1,
            "snapshots": len([snap for snap in tl.snapshots if snap.fired <= mid])}


def clips_sizes(sizes, repeat: int, tmp: Path) -> list[dict]:
    rows = []
    for n in sizes:
        facts = tmp / f"guests{n}.clp"
        facts.write_text(guests.clp_facts(n))
        plains, recs, shells, tls = [], [], [], []
        for _ in range(repeat):             # taking turns: the same load for each
            plains.append(clips_plain(facts)[0])
            recs.append(clips_recorded(facts)[0])
            shells.append(shell_run(facts))
            tls.append(timeline_run(facts))
        plain, rec = min(plains), min(recs)
        shell, fired = min(shells)
        best = {key: min(t[key] for t in tls) for key in ("timeline_run_s", "back_1_ms",
                                                           "goto_mid_ms")}
        rows.append({"engine": "clips", "guests": n, "firings": fired, "plain_s": plain,
                     "record_s": rec, "record_x": rec / plain, "shell_run_s": shell,
                     "shell_run_x": shell / plain, **best,
                     "timeline_run_x": best["timeline_run_s"] / plain,
                     "goto_mid": tls[0]["goto_mid"], "snapshots_to_mid": tls[0]["snapshots"]})
    return rows


def experta_sizes(sizes, repeat: int) -> list[dict]:
    import manners_experta as M

    rows = []
    for n in sizes:
        def own():
            ke = M.Manners(guests.guests(n))
            ke.reset()
            t = CLOCK()
            ke.run()
            return CLOCK() - t

        def recorded():
            s = ExpertaSession(M.Manners(guests.guests(n)))
            s.reset()
            t = CLOCK()
            fired = s.run()
            assert fired == len(s.trace) == guests.firings(n)
            return CLOCK() - t

        pairs = [(own(), recorded()) for _ in range(repeat)]
        plain, rec = min(p for p, _ in pairs), min(r for _, r in pairs)
        rows.append({"engine": "experta", "guests": n, "firings": guests.firings(n),
                     "plain_s": plain, "record_s": rec, "record_x": rec / plain})
    return rows


COUNTER_CLP = """
(defrule count ?f <- (n ?x&:(< ?x {n})) => (retract ?f) (assert (n (+ ?x 1))))
(deffacts start (n 0))
"""


def counter_plan(engine: str, n: int):
    if engine == "clips":
        def reopen():
            s = ClipsSession(constructs=COUNTER_CLP.format(n=n).strip().split("\n"))
            s.reset()
            return SessionPlan(s, [])
        return reopen
    from pyengine.engine.compat import experta  # noqa: F401
    from experta import AS, MATCH, TEST, DefFacts, Fact, KnowledgeEngine, Rule

    class N(Fact):
        pass

    class Counter(KnowledgeEngine):
        @DefFacts()
        def start(self):
            yield N(0)

        @Rule(AS.f << N(MATCH.x), TEST(lambda x: x < n))
        def count(self, f, x):
            self.retract(f)
            self.declare(N(x + 1))

    def reopen():
        s = ExpertaSession(Counter, fact_classes=[N])
        s.reset()
        return SessionPlan(s, [])
    return reopen


def ms(fn) -> float:
    t = CLOCK()
    fn()
    return (CLOCK() - t) * 1000


def instant_ops(engine: str, n: int = 10_000) -> dict:
    tl = Timeline(counter_plan(engine, n))
    t = CLOCK()
    tl.runner.walk(None)
    run_s = CLOCK() - t
    s = tl.session
    assert s.fired_total == n
    last = s.facts()[-1].id
    row = {"engine": engine, "firings": n, "run_s": run_s,
           "why_ms": ms(lambda: s.why(last)),
           "why_chain_ms": ms(lambda: s.why_chain(last)),
           "history_ms": ms(lambda: [firing_lines(f) for f in s.trace[-20:]])}
    row["back_1_ms"] = ms(lambda: tl.back(1))
    assert tl.fired == n - 1
    row["goto_1_ms"] = ms(lambda: tl.goto(1))
    return row


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--sizes", default="64,128")
    p.add_argument("--experta-sizes", default="16,32")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        rows = clips_sizes([int(x) for x in a.sizes.split(",") if x], a.repeat, Path(tmp))
    rows += experta_sizes([int(x) for x in a.experta_sizes.split(",") if x], a.repeat)
    ops = [instant_ops("clips"), instant_ops("experta")]
    if a.json:
        print(json.dumps({"manners": rows, "after_10000_firings": ops}, indent=2))
        return 0
    print("Manners: recording and the shell's run as ratios to the plain run (best of "
          f"{a.repeat})")
    for r in rows:
        line = (f"  {r['engine']:<8} {r['guests']:>4} guests {r['firings']:>6} firings  "
                f"plain {r['plain_s']:.3f} s  record {r['record_x']:.2f}x")
        if "shell_run_x" in r:
            line += f"  shell run {r['shell_run_x']:.2f}x"
        print(line)
    print("Manners through a Timeline (CLIPS snapshots): the run as a ratio to the plain "
          "run, back 1 and goto the middle in ms")
    for r in rows:
        if "timeline_run_x" in r:
            print(f"  {r['engine']:<8} {r['guests']:>4} guests {r['firings']:>6} firings  "
                  f"timeline run {r['timeline_run_x']:.2f}x  back 1 {r['back_1_ms']:.1f}  "
                  f"goto {r['goto_mid']} {r['goto_mid_ms']:.1f}  "
                  f"({r['snapshots_to_mid']} snapshots up to there)")
    print("After 10,000 firings (ms):")
    for o in ops:
        print(f"  {o['engine']:<8} run {o['run_s']:.2f} s  why {o['why_ms']:.2f}  "
              f"why-chain {o['why_chain_ms']:.2f}  history {o['history_ms']:.2f}  "
              f"back 1 {o['back_1_ms']:.1f}  goto 1 {o['goto_1_ms']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
