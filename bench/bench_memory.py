#!/usr/bin/env python3
"""Memory stays flat (issue 22): sessions opened and dropped, or closed, give their
memory back.

Each target runs in a process of its own: ``--warmup`` cycles (50), then the resident
set size (RSS), then ``--cycles`` cycles (1,000), then the RSS again; the figure is the
growth per 1,000 cycles (target: under 20 MiB each), also as a ratio to the RSS after
the warm-up (the baseline, in the same process). A cycle of a puzzle makes one through
``pyengine.make`` (``solve`` for the riddle) and drops the result (its session is freed
when dropped), then opens the puzzle with ``pyengine.open``, steps, goes back one firing
and closes it; ``family.clp`` and ``animals.py`` are opened with ``Inspector.from_clp``
and ``Inspector.from_engine`` in a ``with`` block, run, backed and closed. ``clipspy``
is the floor: plain clipspy Environments loading family.clp, run and dropped.

Then ``pyengine serve`` (the real command, in a subprocess) under ``--sessions``
sessions (1,000), each opened, stepped and backed, then closed (DELETE), ended by its
client's share (a client holding ``--max-per-client`` sessions that opens one more ends
its oldest) or left to expire (the shortest ``--idle``, 10 s); the server process's RSS
(sessions run in worker processes: this checks that the server keeps none of them)
after the last one ended, against its RSS after the first 50 (target: under 300 MB).

Usage:  .venv/bin/python bench/bench_memory.py [--cycles 1000] [--warmup 50]
        [--only NAME ...] [--sessions 1000] [--no-serve] [--json]
"""
from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
EXAMPLES = REPO / "docs" / "examples"
RIDDLE = ("My first is in cake but not in lake,\nMy second is in bat and also in hat;\n"
          "My last is in tea but never in pea.\n")
GROWTH_TARGET_MIB = 20
SERVE_TARGET_MB = 300
SERVE_PUZZLES = [("scramble", {}), ("boggle", {}), ("bee", {}), ("riddle-make", {}),
                 ("scramble", {"seed": 7})]


def rss_mib(pid: int | str = "self") -> float:
    """The resident set size of a process now, in MiB."""
    with open(f"/proc/{pid}/statm") as fh:
        return int(fh.read().split()[1]) * 4096 / 2**20


# -- one cycle of each target ------------------------------------------------------------

def _puzzle(make, name: str, options) -> callable:
    """A cycle: ``make(i)``'s result dropped, then ``name`` opened with ``options(i)``,
    stepped, backed one firing, closed."""
    def cycle(i: int) -> None:
        import pyengine
        make(i)
        ins = pyengine.open(name, **options(i))
        ins.step(3)
        ins.back()
        ins.close()
    return cycle


def targets() -> dict:
    """Each target's cycle, by name."""
    import pyengine
    from pyengine.ui.notebook import Inspector

    def seed(i: int) -> dict:
        return {"seed": i % 1000 + 1}

    def family(i: int) -> None:
        with Inspector.from_clp(EXAMPLES / "family.clp") as ins:
            ins.run()
            ins.back()

    def animals(i: int) -> None:
        answers = ["yes", "yes"] if i % 2 else ["no", "no"]
        with Inspector.from_engine(str(EXAMPLES / "animals.py"), input=answers) as ins:
            ins.run()
            ins.back()

    def plain_clipspy(i: int) -> None:
        import clips
        env = clips.Environment()
        env.load(str(EXAMPLES / "family.clp"))
        env.reset()
        env.run()

    return {
        "clipspy": plain_clipspy,
        "scramble": _puzzle(lambda i: pyengine.make("scramble", **seed(i)), "scramble", seed),
        "riddle": _puzzle(lambda i: pyengine.solve("riddle", text=RIDDLE), "riddle",
                          lambda i: {"text": RIDDLE}),
        "riddle-make": _puzzle(lambda i: pyengine.make("riddle", **seed(i)), "riddle-make", seed),
        "bee": _puzzle(lambda i: pyengine.make("bee", **seed(i)), "bee", seed),
        "boggle": _puzzle(lambda i: pyengine.make("boggle", **seed(i)), "boggle", seed),
        "family.clp": family,
        "animals.py": animals,
    }


def measure(name: str, cycles: int, warmup: int) -> dict:
    """Run one target here: its RSS after the warm-up and after ``cycles`` more."""
    cycle = targets()[name]
    for i in range(warmup):
        cycle(i)
    gc.collect()
    before = rss_mib()
    began = time.perf_counter()
    for i in range(warmup, warmup + cycles):
        cycle(i)
    seconds = time.perf_counter() - began
    gc.collect()
    after = rss_mib()
    return {"target": name, "cycles": cycles, "rss_after_warmup_mib": before,
            "rss_after_mib": after, "growth_per_1000_mib": (after - before) * 1000 / cycles,
            "ratio": after / before, "ms_per_cycle": 1000 * seconds / cycles}


def measure_apart(name: str, cycles: int, warmup: int) -> dict:
    """:func:`measure` in a process of its own (its figures in a file: what the rules
    print goes to its standard output)."""
    with tempfile.NamedTemporaryFile("r") as into:
        out = subprocess.run([sys.executable, __file__, "--one", name, "--into", into.name,
                              "--cycles", str(cycles), "--warmup", str(warmup)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             cwd=REPO)
        if out.returncode != 0:
            raise SystemExit(f"{name}: {out.stderr[-2000:]}")
        return json.load(into)


# -- pyengine serve ------------------------------------------------------------------------

def serve(sessions: int) -> dict:
    """``sessions`` sessions through the real server, 4 clients at a time (one thread
    each); the server process's RSS in MB after the first 50 and after the last."""
    from bench_web_load import Server, client

    server = Server("--max-sessions", "100", "--max-per-client", "4", "--idle", "10")
    statuses: dict[int, int] = {}
    try:
        clients = [client(server.url, 20 + n) for n in range(4)]

        def request(c, method: str, path: str, **kw):
            r = c.request(method, path, **kw)
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            return r

        def one(k: int) -> None:
            c = clients[k % len(clients)]
            target, options = SERVE_PUZZLES[k % len(SERVE_PUZZLES)]
            r = request(c, "POST", "/api/sessions", json={"target": target, "options": options})
            if r.status_code != 200:
                return
            base = f"/api/sessions/{r.json()['id']}"
            request(c, "POST", base + "/step", json={})
            request(c, "POST", base + "/run", json={"arg": 5})
            request(c, "POST", base + "/back", json={})
            if k % 3 == 0:
                request(c, "DELETE", base)   # the others: ended by the share, or expired

        def rounds(ks) -> None:         # client n opens sessions n, n+4, n+8 ... in turn
            with ThreadPoolExecutor(len(clients)) as pool:
                list(pool.map(lambda n: [one(k) for k in ks if k % len(clients) == n],
                              range(len(clients))))
        began = time.perf_counter()
        rounds(range(min(50, sessions)))
        first = rss_mib(server.proc.pid) * 2**20 / 1e6
        rounds(range(min(50, sessions), sessions))
        time.sleep(12)                  # the last ones expire (--idle 10) ...
        request(clients[0], "POST", "/api/sessions", json={"target": "boggle"})  # ... here
        seconds = time.perf_counter() - began
        last = rss_mib(server.proc.pid) * 2**20 / 1e6
        return {"sessions": sessions, "server_rss_after_50_mb": first,
                "server_rss_after_mb": last, "ratio": last / first, "seconds": seconds,
                "statuses": {str(k): v for k, v in sorted(statuses.items())}}
    finally:
        if server.proc.poll() is not None:
            print("the server ended:", server.errors(), file=sys.stderr)
        server.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cycles", type=int, default=1000)
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--only", nargs="*", metavar="NAME", help="these targets only")
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--no-serve", action="store_true")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    ap.add_argument("--into", help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.one:
        result = measure(args.one, args.cycles, args.warmup)
        Path(args.into).write_text(json.dumps(result))
        return 0
    names = args.only or list(targets())
    result: dict = {"cycles": [measure_apart(n, args.cycles, args.warmup) for n in names]}
    if not args.no_serve:
        result["serve"] = serve(args.sessions)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    for r in result["cycles"]:
        flag = "" if r["growth_per_1000_mib"] < GROWTH_TARGET_MIB else "  OVER TARGET"
        print(f"{r['target']:12s} {r['cycles']} cycles, {r['ms_per_cycle']:.0f} ms each: RSS "
              f"{r['rss_after_warmup_mib']:.0f} -> {r['rss_after_mib']:.0f} MiB "
              f"({r['ratio']:.2f}x), growth {r['growth_per_1000_mib']:+.1f} MiB per 1,000 "
              f"cycles (target < {GROWTH_TARGET_MIB}){flag}")
    s = result.get("serve")
    if s:
        flag = "" if s["server_rss_after_mb"] < SERVE_TARGET_MB else "  OVER TARGET"
        print(f"pyengine serve, {s['sessions']} sessions in {s['seconds']:.0f} s: server RSS "
              f"{s['server_rss_after_50_mb']:.0f} MB after 50 -> "
              f"{s['server_rss_after_mb']:.0f} MB ({s['ratio']:.2f}x; target < "
              f"{SERVE_TARGET_MB} MB){flag}; answers by status {s['statuses']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
