#!/usr/bin/env python3
"""Run random CLIPS programs on CLIPS and on our engine; report and shrink differences.

Each program of seeds START..START+COUNT-1 (tests/conformance/random_clp.py) is
written to a .clp file and run, under each deterministic strategy, on CLIPS
(``ClipsSession``) and on our engine (``ExpertaSession.from_clp``), for at most
--limit firings. Two runs differ when their firings (rule and matched fact ids),
final facts or printed lines differ, or when our engine raises (the error is the
difference). For each program that differs the report gives, per strategy, the first
difference (usually the first differing firing), and a shrunk program for the first
differing strategy: rules, facts, conditions, actions and saliences left out one at a
time while the difference stays (an error stays an error, a mismatch a mismatch) and
CLIPS still loads it. Leaving parts out keeps a program terminating (see random_clp's
docstring).

Usage:  .venv/bin/python scripts/conformance_random.py --count 1000 [--start 0] [--json]
        [--strategy lex] [--limit 300] [--no-shrink] [--shrink-runs 400]

Exit status: 0 no difference, 1 some differ, 2 our engine cannot read .clp files yet.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from pyengine.engine.experta import ExpertaSession  # noqa: E402
from tests.conformance.random_clp import (LIMIT, STRATEGIES, Outcome, Program,  # noqa: E402
                                          clips_session, first_difference, generate,
                                          outcome)


class Runner:
    """Runs programs on both engines, in files of a scratch folder."""

    def __init__(self, folder: Path, limit: int):
        self.folder, self.limit, self.runs = folder, limit, 0

    def both(self, program: Program, strategy: str) -> tuple[Outcome, Outcome]:
        self.runs += 1
        path = self.folder / f"random{program.seed}.clp"
        path.write_text(program.text())
        on_clips = outcome(lambda p=path: clips_session(p), strategy, self.limit)
        ours = outcome(lambda p=path: ExpertaSession.from_clp([p]), strategy, self.limit)
        return on_clips, ours

    def difference(self, program: Program, strategy: str) -> tuple[str | None, str]:
        """(the first difference or None, its kind: "error", "mismatch", or "clips"
        when CLIPS itself failed: a program not to keep)."""
        on_clips, ours = self.both(program, strategy)
        if on_clips.error:
            return f"CLIPS failed: {on_clips.error}", "clips"
        found = first_difference(on_clips, ours)
        return found, "error" if ours.error else "mismatch"


def shrink(runner: Runner, program: Program, strategy: str, kind: str,
           budget: int) -> tuple[Program, str | None]:
    """A smaller program that still differs the same way under ``strategy``: greedy,
    rules first, then facts, then conditions (a program CLIPS refuses, a variable left
    unbound, is not kept), then actions and saliences, until nothing more goes (or
    ``budget`` runs are spent). Each category is tried from its last part back, so the
    indices of the parts still to try do not move."""
    found = None
    spent = 0
    changed = True
    while changed and spent < budget:
        changed = False
        for category in (("rule",), ("fact",), ("ce",), ("action", "salience")):
            for part in reversed([p for p in program.parts() if p[0] in category]):
                if spent >= budget:
                    break
                smaller = program.without(part)
                spent += 1
                difference, got = runner.difference(smaller, strategy)
                if difference is not None and got == kind:
                    program, found, changed = smaller, difference, True
    return program, found


def check_program(runner: Runner, seed: int, strategies, do_shrink: bool,
                  budget: int) -> dict | None:
    program = generate(seed)
    runs = []
    for strategy in strategies:
        difference, kind = runner.difference(program, strategy)
        if difference is not None:
            runs.append({"strategy": strategy, "difference": difference, "kind": kind})
    if not runs:
        return None
    report: dict = {"seed": seed, "runs": runs, "program": program.text()}
    first = runs[0]
    if do_shrink and first["kind"] != "clips":
        small, found = shrink(runner, program, first["strategy"], first["kind"], budget)
        report["shrunk"] = {"strategy": first["strategy"], "program": small.text(),
                            "difference": found or first["difference"],
                            "rules": len(small.rules),
                            "facts": sum(len(g) for g in small.facts)}
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100, help="how many programs")
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--strategy", action="append", choices=STRATEGIES,
                        help="only this strategy (repeatable); default: all six")
    parser.add_argument("--limit", type=int, default=LIMIT, help="firings per run")
    parser.add_argument("--no-shrink", action="store_true", help="do not shrink")
    parser.add_argument("--shrink-runs", type=int, default=400,
                        help="runs one shrink may spend (default 400)")
    args = parser.parse_args(argv)
    if not hasattr(ExpertaSession, "from_clp"):
        print("our engine cannot read .clp files yet (ExpertaSession.from_clp is missing)",
              file=sys.stderr)
        return 2
    strategies = args.strategy or list(STRATEGIES)
    began = time.monotonic()
    reports = []
    with tempfile.TemporaryDirectory(prefix="conformance-random-") as folder:
        runner = Runner(Path(folder), args.limit)
        for seed in range(args.start, args.start + args.count):
            report = check_program(runner, seed, strategies, not args.no_shrink,
                                   args.shrink_runs)
            if report is not None:
                reports.append(report)
                if not args.json:
                    print_report(report)
    seconds = time.monotonic() - began
    differing_runs = sum(len(r["runs"]) for r in reports)
    summary = {"start": args.start, "count": args.count, "strategies": strategies,
               "limit": args.limit, "programs_differ": len(reports),
               "runs_differ": differing_runs, "runs": args.count * len(strategies),
               "seconds": round(seconds, 1), "differences": reports}
    if args.json:
        json.dump(summary, sys.stdout, indent=1)
        print()
    else:
        print(f"{len(reports)} of {args.count} programs differ (seeds {args.start}.."
              f"{args.start + args.count - 1}; {differing_runs} of "
              f"{args.count * len(strategies)} runs; {seconds:.1f} s)")
    return 1 if reports else 0


def print_report(report: dict) -> None:
    print(f"== seed {report['seed']}")
    for run in report["runs"]:
        print(f"   {run['strategy']}: {run['difference']}")
    shrunk = report.get("shrunk")
    if shrunk:
        print(f"   shrunk ({shrunk['strategy']}: {shrunk['rules']} rules, {shrunk['facts']} "
              f"facts): {shrunk['difference']}")
        for line in shrunk["program"].splitlines():
            print(f"   | {line}")
    print()


if __name__ == "__main__":
    sys.exit(main())
