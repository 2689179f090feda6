"""The web inspector under a class writing programs: 30 students and one runaway, on 127.0.0.1.

Starts ``pyengine serve`` (the real command, default limits) and runs two rounds in
the same process:

1. **baseline**: 30 students, each on its own loopback address (127.0.0.10 ...), load a
   program typed in the page (the starter programs and five small programs of their
   own; three of those are typed with a mistake first, refused with its line, then
   fixed), half on the engine ``clips`` and half on ``ours``, then do 200 actions each:
   step, run 5, back, goto, reset, why, matches, rules, the state with a fact filter,
   with a think time before each (0.25-0.75 s, uniformly at random: ``--think``);
2. **runaway**: the same students, while a 31st client (127.0.0.200) loads a program
   whose rule loops for ever (``(while TRUE do ...)``) and one whose rules chain for
   ever, each on both engines, and presses run on them again and again (reset when a
   run stops) the whole time.

It prints, for the students of each round, the latency of their actions (median, 95th
percentile, slowest), their errors (any answer other than 2xx but the expected refusal
of a mistyped program, any exception), the peak RSS of the server process and the peak
PSS of the server and all its workers, and the ratio runaway/baseline. Targets: p95
under 200 ms, no errors, the server under 500 MB RSS.

Usage:  .venv/bin/python bench/bench_classroom.py [--students 30] [--actions 200]
        [--seed 1] [--think 0.25 0.75] [--quick] [--json]
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))    # bench/: the script's folder
from _web import CLIPS_LOOP, Server, client, cores_used, cpu_now, latency, watch

ENGINES = ("clips", "ours")
TARGETS = {"p95_ms": 200, "errors": 0, "server_rss_mb": 500}
#: --students: the server holds 50 sessions, the runaway takes 4 and each student one.
STUDENTS, ACTIONS, THINK = (1, 40), (1, 2000), (0.1, 10.0)
RUNAWAY_ADDRESS = 200
ENDLESS_LOOP = "(defrule spin (go) => (while TRUE do (bind ?x 1)))\n(deffacts s (go))\n"
#: what a student does, and how often (the page's buttons and views)
ACTIONS_WEIGHTED = {"step": 4, "run5": 2, "back": 1, "goto": 1, "reset": 1, "why": 2,
                    "matches": 2, "rules": 1, "filter": 2}

#: The students' own programs (bench/classroom/), in the order they are handed out.
OWN = ("count", "fib", "animals", "grades", "basket")
#: The first try of three of them, (right, typed): a parenthesis left open (our reader
#: refuses it), a slot misspelt and a function that does not exist (the engine does).
MISTAKES = {"count": ("(modify ?c (n (+ ?n 1)))\n", "(modify ?c (n (+ ?n 1))\n"),
            "animals": ("(name bat) (legs 2)", "(name bat) (leg 2)"),
            "basket": ("(sum (+ ?s ?p))", "(sum (plus ?s ?p))")}


@dataclass
class Program:
    name: str
    tries: list[str]         # what the student types, in turn: mistakes first, the last right


def own_text(name: str) -> str:
    """A student's own program, as typed right."""
    return (HERE / "classroom" / f"{name}.clp").read_text(encoding="utf-8")


def programs(url: str) -> list[Program]:
    """The starters (as the page offers them) and the students' own, one of each in turn."""
    starters = httpx.get(url + "/api/targets", timeout=60).json()["programs"]["starters"]
    texts = {name: own_text(name) for name in OWN}
    own = [Program(name, [text.replace(*MISTAKES[name]), text] if name in MISTAKES
                   else [text]) for name, text in texts.items()]
    mine = [Program(s["name"], [s["source"]]) for s in starters]
    return [p for pair in zip(mine, own) for p in pair] + mine[len(own):] + own[len(mine):]


def engine_of(i: int, kinds: int) -> str:
    """Student i's engine: alternate, and the other one on the next pass over the
    programs, so every program runs on both and half the class is on each."""
    return ENGINES[(i + i // kinds) % 2]


@dataclass
class Tally:
    """What the students of one round met (appended to from their threads)."""

    times: list = field(default_factory=list)        # (action, seconds)
    opens: list = field(default_factory=list)        # seconds to load a program
    refused: list = field(default_factory=list)      # mistyped programs, refused as expected
    errors: list = field(default_factory=list)


class Student:
    """One student: types a program (some with a mistake first), loads it, and does
    ``actions`` actions, thinking before each; closes the session at the end."""

    def __init__(self, url: str, n: int, program: Program, engine: str,
                 rng: random.Random, think: tuple[float, float], tally: Tally):
        self.url, self.n, self.program, self.engine = url, n, program, engine
        self.rng, self.think, self.tally = rng, think, tally
        self.http: httpx.Client | None = None
        self.sid: str | None = None
        self.state: dict = {}
        self.rules: list[str] = []

    def run(self, actions: int) -> None:
        try:
            self.http = client(self.url, self.n)
            if self.load():
                for _ in range(actions):
                    self.pause()
                    self.act()
        except Exception as exc:  # noqa: BLE001 (any exception is an error of the round)
            self.tally.errors.append(f"student {self.n}: {type(exc).__name__}: {exc}"[:160])
        finally:
            self.close()

    def close(self) -> None:
        """Close the session (the next round starts with the server's room free)."""
        if self.http is None:
            return
        try:
            if self.sid is not None:
                r = self.http.delete(f"/api/sessions/{self.sid}")
                if r.status_code != 200:
                    self.error("close", r)
        except httpx.HTTPError as exc:
            self.tally.errors.append(f"student {self.n} close: {type(exc).__name__}: {exc}")
        self.http.close()

    def pause(self) -> None:
        time.sleep(self.rng.uniform(*self.think))

    def timed(self, what: str, method: str, path: str, **kw) -> httpx.Response:
        """One request, its latency kept (loading apart from the actions)."""
        began = time.monotonic()
        r = self.http.request(method, path, **kw)
        took = time.monotonic() - began
        if what == "load":
            self.tally.opens.append(took)
        else:
            self.tally.times.append((what, took))
        return r

    def load(self) -> bool:
        """Type the program and load it; a mistake is refused (400, expected), then fixed."""
        for k, text in enumerate(self.program.tries):
            self.pause()
            r = self.timed("load", "POST", "/api/sessions", json={"program": {
                "name": self.program.name, "source": text, "engine": self.engine}})
            mistake = k < len(self.program.tries) - 1
            if mistake and r.status_code == 400 and "error" in r.json():
                self.tally.refused.append(f"{self.program.name}: {r.json()['error']}")
                continue
            if r.status_code == 200:
                self.state = r.json()
                self.sid = self.state["id"]
            if r.status_code != 200 or mistake:        # a mistake loaded is an error too
                self.error("load", r)
                return False
        return self.sid is not None

    def error(self, what: str, r: httpx.Response) -> None:
        self.tally.errors.append(f"student {self.n} {what}: {r.status_code} {r.text[:100]}")

    def act(self) -> None:
        """One action, as the page allows it (back and goto once something fired; step
        and run while the agenda has something; otherwise reset)."""
        verb = self.rng.choices(list(ACTIONS_WEIGHTED), list(ACTIONS_WEIGHTED.values()))[0]
        if not self.rules:
            verb = "rules"                  # the page lists the rules once loaded
        if verb in ("back", "goto") and not self.state["fired"]:
            verb = "step"
        if verb in ("step", "run5") and not self.state["agenda_size"]:
            verb = "reset"
        method, path, kw = self.request(verb)
        r = self.timed(verb, method, f"/api/sessions/{self.sid}{path}", **kw)
        if r.status_code != 200:
            self.error(verb, r)
        elif verb == "rules":
            self.rules = [rule["name"] for rule in r.json()]
        elif method == "POST":
            self.state = r.json()

    def request(self, verb: str) -> tuple[str, str, dict]:
        """The request for ``verb``: method, path after the session's, keywords."""
        facts = self.state["facts"]
        fact = self.rng.choice(facts) if facts else None
        if verb in ("step", "back", "reset"):
            return "POST", "/" + verb, {"json": {}}
        if verb == "run5":
            return "POST", "/run", {"json": {"arg": 5}}
        if verb == "goto":
            return "POST", "/goto", {"json": {"arg": self.rng.randint(1, self.state["fired"])}}
        if verb == "why" and fact is not None:
            return "GET", f"/why/{fact['id']}", {}
        if verb == "matches":
            return "GET", f"/matches/{self.rng.choice(self.rules)}", {}
        if verb == "rules":
            return "GET", "/rules", {}
        relation = fact["text"].strip("()").split()[0] if fact else "*a*"
        return "GET", "", {"params": {"filter": self.rng.choice([relation, "*a*"])}}


def runaway(url: str, stop: threading.Event, answers: dict) -> list[threading.Thread]:
    """127.0.0.200: the endless loop and the endless chain, each on both engines, run
    again and again (reset when a run makes no firing or the session's cap is reached,
    reopened when the session ends) until ``stop``; its answers counted by status in
    ``answers`` (the threads, not started)."""
    lock = threading.Lock()

    def note(key) -> None:
        with lock:
            answers[key] = answers.get(key, 0) + 1

    def press(name: str, source: str, engine: str) -> None:
        c = client(url, RUNAWAY_ADDRESS)
        sid, fired = None, 0
        while not stop.is_set():
            try:
                if sid is None:
                    r = c.post("/api/sessions", json={"program": {
                        "name": name, "source": source, "engine": engine}})
                    sid, fired = (r.json()["id"], 0) if r.status_code == 200 else (None, 0)
                else:
                    r = c.post(f"/api/sessions/{sid}/run", json={})
                    if r.status_code in (404, 410):
                        sid = None
                    elif r.status_code == 400 or (r.status_code == 200
                                                  and r.json()["fired"] == fired):
                        note(c.post(f"/api/sessions/{sid}/reset", json={}).status_code)
                        fired = 0
                    elif r.status_code == 200:
                        fired = r.json()["fired"]
                note(r.status_code)
            except httpx.HTTPError as exc:
                note(type(exc).__name__)
            if sid is None:
                time.sleep(0.2)
        if sid is not None:
            with contextlib.suppress(httpx.HTTPError):
                c.delete(f"/api/sessions/{sid}")
    return [threading.Thread(target=press, args=(name, source, engine), daemon=True)
            for name, source in (("loop", ENDLESS_LOOP), ("chain", CLIPS_LOOP))
            for engine in ENGINES]


def classroom(url: str, students: int, actions: int, seed: int, think: tuple[float, float],
              with_runaway: bool, root: int | None = None) -> dict:
    """One round: ``students`` students (and the runaway client if asked) on the server
    at ``url``; their figures, and the memory of ``root`` and its workers if given."""
    progs = programs(url)
    tally, stop, answers = Tally(), threading.Event(), {}
    crowd = [threading.Thread(target=Student(
        url, 10 + i, progs[i % len(progs)], engine_of(i, len(progs)),
        random.Random(f"{seed}:{i}"), think, tally).run, args=(actions,))
        for i in range(students)]
    pests = runaway(url, stop, answers) if with_runaway else []
    for t in pests:
        t.start()
    began, cpu, load = time.monotonic(), cpu_now(root), os.getloadavg()[0]
    peak = watch(crowd, root)
    stop.set()
    for t in pests:
        t.join(30)
    by_action = {}
    for verb in ACTIONS_WEIGHTED:
        seconds = [s for v, s in tally.times if v == verb]
        by_action[verb] = {"n": len(seconds), **latency(seconds)}
    opening = latency(tally.opens)
    return {"students": students, "actions": len(tally.times),
            **latency([s for _, s in tally.times]), "errors": len(tally.errors),
            "first_errors": tally.errors[:5], "refused_as_expected": len(tally.refused),
            "open_p50_ms": opening["p50_ms"], "open_max_ms": opening["max_ms"],
            "by_action": by_action, "server_rss_mb": peak["rss"] / 2**20,
            "pss_mb": peak["pss"] / 2**20, "seconds": time.monotonic() - began,
            "cores": cores_used(cpu, cpu_now(root), time.monotonic() - began),
            "load_average": [load, os.getloadavg()[0]],
            "runaway": {str(k): v for k, v in sorted(answers.items(), key=str)}}


def first_load(url: str) -> float:
    """Load one program and close it, before the rounds (a teacher starts the server
    before the class: its fork server has loaded what every worker shares); seconds."""
    c = client(url, 9)
    began = time.monotonic()
    r = c.post("/api/sessions", json={"program": {
        "name": "count", "source": own_text("count")}})
    took = time.monotonic() - began
    if r.status_code != 200:
        raise SystemExit(f"the first program did not load: {r.status_code} {r.text[:200]}")
    c.delete(f"/api/sessions/{r.json()['id']}")
    c.close()
    return took


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, checked: absurd sizes are refused with one line (exit 2)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--students", type=int, default=None, help="30 (--quick: 5)")
    ap.add_argument("--actions", type=int, default=None, help="each student's (200; --quick: 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think", type=float, nargs=2, default=(0.25, 0.75), metavar=("LOW", "HIGH"),
                    help="seconds between a student's actions, uniformly at random")
    ap.add_argument("--quick", action="store_true", help="5 students, 20 actions: a smoke check")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.students is None:
        args.students = 5 if args.quick else 30
    if args.actions is None:
        args.actions = 20 if args.quick else 200
    low, high = args.think
    if not STUDENTS[0] <= args.students <= STUDENTS[1]:
        ap.error(f"--students {STUDENTS[0]}..{STUDENTS[1]} (the server holds 50 sessions: "
                 "the runaway takes 4, each student one)")
    if not ACTIONS[0] <= args.actions <= ACTIONS[1]:
        ap.error(f"--actions {ACTIONS[0]}..{ACTIONS[1]}")
    if not THINK[0] <= low <= high <= THINK[1]:
        ap.error(f"--think LOW HIGH: {THINK[0]:g} <= LOW <= HIGH <= {THINK[1]:g} seconds "
                 "(a student clicks at most a few times a second)")
    if not 0 <= args.seed < 2**32:
        ap.error("--seed 0..2**32-1")
    return args


def measured(base: dict, worst: dict) -> dict:
    """The two rounds, their ratios and whether each target was met."""
    ratios = {k: worst[k] / base[k] if base[k] else None
              for k in ("p50_ms", "p95_ms", "max_ms", "server_rss_mb", "pss_mb")}
    met = {"p95_ms": max(base["p95_ms"], worst["p95_ms"]) < TARGETS["p95_ms"],
           "errors": base["errors"] + worst["errors"] == TARGETS["errors"],
           "server_rss_mb": max(base["server_rss_mb"], worst["server_rss_mb"])
           < TARGETS["server_rss_mb"]}
    return {"baseline": base, "runaway": worst, "ratio": ratios, "targets": TARGETS,
            "met": met}


def table(result: dict) -> str:
    """The figures as a table: each round, runaway/baseline, the target."""
    base, worst, ratio = result["baseline"], result["runaway"], result["ratio"]
    rows = [("actions", "actions", ""), ("p50 latency (ms)", "p50_ms", ""),
            ("p95 latency (ms)", "p95_ms", "< 200"), ("max latency (ms)", "max_ms", ""),
            ("errors", "errors", "0"), ("mistakes refused (expected)", "refused_as_expected", ""),
            ("loading a program p50 (ms)", "open_p50_ms", ""),
            ("loading a program max (ms)", "open_max_ms", ""),
            ("server RSS peak (MB)", "server_rss_mb", "< 500"),
            ("server + workers PSS peak (MB)", "pss_mb", ""),
            ("round (s)", "seconds", "")]
    lines = [f"{'':32}{'baseline':>10}{'runaway':>10}{'runaway/baseline':>18}  target"]
    for label, key, target in rows:
        r = ratio.get(key)
        lines.append(f"{label:32}{base[key]:>10.0f}{worst[key]:>10.0f}"
                     f"{f'{r:.2f}x' if r else '':>18}  {target}")
    for who in base["cores"]:
        lines.append(f"{'cores used: ' + who.replace('_', ' '):32}{base['cores'][who]:>10.2f}"
                     f"{worst['cores'][who]:>10.2f}")
    for name, figures in (("baseline", base), ("runaway", worst)):
        slow = sorted(figures["by_action"].items(), key=lambda kv: -kv[1]["p95_ms"])
        lines.append(f"p95 by action, {name} (ms): " + ", ".join(
            f"{verb} {v['p95_ms']:.0f}" for verb, v in slow if v["n"]))
    lines.append(f"the runaway's answers: {worst['runaway']}")
    missed = [k for k, ok in result["met"].items() if not ok]
    lines.append("targets: " + ("all met" if not missed else "MISSED: " + ", ".join(missed)))
    for name in ("baseline", "runaway"):
        lines += [f"{name} error: {e}" for e in result[name]["first_errors"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    think = tuple(args.think)
    server = Server()
    try:
        first = first_load(server.url)
        base = classroom(server.url, args.students, args.actions, args.seed, think, False,
                         server.proc.pid)
        worst = classroom(server.url, args.students, args.actions, args.seed, think, True,
                          server.proc.pid)
    finally:
        if server.proc.poll() is not None:
            print("the server ended:", server.errors(), file=sys.stderr)
        server.close()
    result = {"students": args.students, "actions_each": args.actions, "seed": args.seed,
              "think": think, "cores": os.cpu_count(), "first_load_s": first,
              **measured(base, worst)}
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{args.students} students x {args.actions} actions, think {think[0]:g}-"
              f"{think[1]:g} s, seed {args.seed}, {os.cpu_count()} cores; load average "
              f"{base['load_average'][0]:.1f} at the start; the server's first program "
              f"loaded in {first:.1f} s")
        print(table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
