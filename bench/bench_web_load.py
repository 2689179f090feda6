#!/usr/bin/env python3
"""The web inspector under a class: 30 students and one hostile client, on 127.0.0.1.

Starts ``pyengine serve`` (the real command, default limits) and runs two rounds in
the same process, each ``--seconds`` long:

1. **baseline**: 30 students, each on its own loopback address (127.0.0.10 ...), open
   a puzzle and press buttons as a class does (step, run 5, back, why, matches, a
   filter; a pause of 0.2-0.8 s between presses);
2. **hostile**: the same 30 students while one more client (127.0.0.200) does its worst
   at once: endless runs and resets on every session it may hold, a flood of cheap
   requests, facts the rules cannot finish, endless bodies, deep JSON, and held
   connections that say nothing.

It prints the students' latency (median and 95th percentile) in each round and the
ratio hostile/baseline, the students' errors (target: none), the hostile client's
answers by status, and the peak memory of the server and all its session workers
(proportional set size, so pages the workers share count once). Then ``--memory``
(on by default) opens ``--sessions`` sessions (50) at once, runs each to the firing
cap of a session (a CLIPS counting program and an experta one, half each) and reports
the total memory: the documented caps must fit 50 sessions in 2 GB.

Usage:  .venv/bin/python bench/bench_web_load.py [--seconds 30] [--students 30]
        [--sessions 50] [--no-memory] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))    # bench/: the script's folder
from _web import CLIPS_LOOP, Server, client, latency, watch

PUZZLES = [("scramble", {}), ("boggle", {}), ("bee", {}), ("riddle", {}), ("scramble", {"seed": 7})]
EXPERTA_LOOP = ("from pyengine.experta import Fact, KnowledgeEngine, Rule, DefFacts, MATCH, AS\n"
                "class Count(KnowledgeEngine):\n"
                "    @DefFacts()\n    def start(self):\n        yield Fact(n=0)\n"
                "    @Rule(AS.f << Fact(n=MATCH.n))\n    def tick(self, f, n):\n"
                "        self.retract(f)\n        self.declare(Fact(n=n + 1))\n")


def student(url: str, n: int, until: float, times: list, errors: list, opens: list) -> None:
    """Open a puzzle (its latency in ``opens``), then press buttons until ``until``
    (every latency in ``times``), then close it."""
    rng = random.Random(n)
    c = client(url, n)
    target, options = PUZZLES[n % len(PUZZLES)]

    def timed(method, path, into=times, **kw):
        began = time.monotonic()
        r = c.request(method, path, **kw)
        into.append(time.monotonic() - began)
        if r.status_code != 200:
            errors.append(f"{r.status_code} {r.text[:80]}")
        return r
    r = timed("POST", "/api/sessions", into=opens, json={"target": target, "options": options})
    sid = r.json().get("id")
    while sid is not None and time.monotonic() < until:
        press(c, sid, rng, timed)
    if sid is not None:
        c.delete(f"/api/sessions/{sid}")


def press(c, sid: str, rng: random.Random, timed) -> None:
    """One button, as a student presses them, then a pause."""
    verb = rng.choice(["step", "step", "step", "run5", "back", "why", "matches", "filter"])
    base = f"/api/sessions/{sid}"
    if verb == "run5":
        timed("POST", base + "/run", json={"arg": 5})
    elif verb in ("why", "matches", "back"):
        st = timed("GET", base).json()
        if verb == "why" and st.get("facts"):
            timed("GET", f"{base}/why/{st['facts'][-1]['id']}")
        elif verb == "matches" and st.get("agenda"):
            timed("GET", f"{base}/matches/{st['agenda'][0]['rule']}")
        elif verb == "back" and st.get("fired"):
            timed("POST", base + "/back", json={})
    elif verb == "filter":
        timed("GET", base, params={"filter": rng.choice(["word", "*a*"])})
    else:
        st = timed("POST", base + "/step", json={}).json()
        if st.get("stage", {}).get("done"):
            timed("POST", base + "/reset", json={})
    time.sleep(rng.uniform(0.2, 0.8))


def hostile(url: str, until: float, statuses: dict) -> list[threading.Thread]:
    """The worst one client can do at once, from 127.0.0.200, until ``until`` (the
    threads, not started)."""
    def note(r):
        statuses[r.status_code] = statuses.get(r.status_code, 0) + 1

    def run_flat_out():
        c = client(url, 200)
        while time.monotonic() < until:
            r = c.post("/api/sessions", json={"target": "boggle", "options": {}})
            note(r)
            sid = r.json().get("id")
            for _ in range(5):
                if sid is None or time.monotonic() > until:
                    break
                note(c.post(f"/api/sessions/{sid}/run", json={}))
                note(c.post(f"/api/sessions/{sid}/reset", json={}))
                note(c.post(f"/api/sessions/{sid}/assert",
                            json={"arg": "(word 8 " + "a " * 300 + ")"}))

    def flood():
        c = client(url, 200)
        while time.monotonic() < until:
            note(c.get("/api/targets"))
            note(c.post("/api/sessions/x/step", content=b"[" * 15000,
                        headers={"Content-Type": "application/json"}))

    def endless_bodies():
        c = client(url, 200)
        while time.monotonic() < until:
            note(c.post("/api/sessions", content=(b"x" * 16384 for _ in range(1000)),
                        headers={"Content-Type": "application/json"}))

    def silent_connections():
        held = []
        while time.monotonic() < until:
            try:
                s = socket.socket()
                s.bind(("127.0.0.200", 0))
                s.connect(("127.0.0.1", int(url.rsplit(":", 1)[1])))
                held.append(s)
            except OSError:
                time.sleep(0.1)
            held = held[-40:]
            time.sleep(0.05)
        for s in held:
            s.close()
    return [threading.Thread(target=f, daemon=True)
            for f in (run_flat_out, run_flat_out, flood, endless_bodies, silent_connections)]


def round_(url: str, students: int, seconds: float, with_hostile: bool, server: Server) -> dict:
    until = time.monotonic() + seconds
    times: list[float] = []
    opens: list[float] = []
    errors: list[str] = []
    statuses: dict[int, int] = {}
    threads = [threading.Thread(target=student, args=(url, 10 + i, until, times, errors, opens))
               for i in range(students)]
    threads += hostile(url, until, statuses) if with_hostile else []
    peak = watch(threads, server.proc.pid)["pss"]
    presses, opening = latency(times), latency(opens)
    return {"requests": len(times), "median_ms": presses["p50_ms"],
            "p95_ms": presses["p95_ms"], "errors": len(errors),
            "open_median_ms": opening["p50_ms"], "open_max_ms": opening["max_ms"],
            "first_errors": errors[:3], "hostile": {str(k): v for k, v in sorted(statuses.items())},
            "peak_memory_mb": peak / 2**20}


def memory_at_caps(sessions: int) -> dict:
    """``sessions`` sessions, each run to the firing cap; the total memory."""
    folder = Path(tempfile.mkdtemp())
    (folder / "loop.clp").write_text(CLIPS_LOOP)
    (folder / "count.py").write_text(EXPERTA_LOOP)
    out = {}
    for kind, args in (("clips", ["clp", str(folder / "loop.clp")]),
                       ("experta", ["experta", str(folder / "count.py")])):
        server = Server(*args, "--max-sessions", str(sessions), "--max-per-client",
                        str(sessions), "--max-firings", "100000", "--seconds", "60")
        try:
            c = client(server.url, 11)
            base = server.memory()
            ids = [c.post("/api/sessions", json={}).json()["id"] for _ in range(sessions)]
            for sid in ids:
                while c.post(f"/api/sessions/{sid}/run", json={}).status_code == 200:
                    pass
            fired = c.get(f"/api/sessions/{ids[0]}").json()["fired"]
            out[kind] = {"sessions": sessions, "firings_each": fired,
                         "idle_server_mb": base / 2**20, "total_mb": server.memory() / 2**20}
        finally:
            server.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--sessions", type=int, default=50)
    ap.add_argument("--no-memory", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    server = Server()
    try:
        base = round_(server.url, args.students, args.seconds, False, server)
        worst = round_(server.url, args.students, args.seconds, True, server)
    finally:
        if server.proc.poll() is not None:
            print("the server ended:", server.errors(), file=sys.stderr)
        server.close()
    result = {"baseline": base, "hostile": worst,
              "p95_ratio": worst["p95_ms"] / base["p95_ms"]}
    if not args.no_memory:
        result["memory_at_caps"] = memory_at_caps(args.sessions)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for name in ("baseline", "hostile"):
        r = result[name]
        print(f"{name:9s} {args.students} students, {r['requests']} presses: median "
              f"{r['median_ms']:.0f} ms, p95 {r['p95_ms']:.0f} ms, errors {r['errors']}; "
              f"opening a session: median {r['open_median_ms']:.0f} ms, slowest "
              f"{r['open_max_ms']:.0f} ms; peak memory {r['peak_memory_mb']:.0f} MB")
    print(f"p95 with the hostile client / baseline: {result['p95_ratio']:.2f}x")
    print(f"hostile client's answers by status: {worst['hostile']}")
    for kind, m in result.get("memory_at_caps", {}).items():
        print(f"{m['sessions']} {kind} sessions at {m['firings_each']:,} firings each: "
              f"{m['total_mb']:.0f} MB in all (server idle {m['idle_server_mb']:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
