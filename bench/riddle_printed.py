"""The held-out printed riddles: how often the solver ranks the printed answer first.

The set (tests/data/printed/*.json, see its README) holds letter riddles
printed in public-domain books and magazines, transcribed as clue structure (position,
the words a letter is in and not in) with the printed answer and the source; no verse
is copied, so the hint lines are not there, only the one or two words naming what they
ask for (``hint_kind``: "poet", "city"). Each riddle is written back in plain phrasing
("My first is in brook but not in rook.") and solved twice:

* ``clues``: the letter clues alone;
* ``hinted``: the clues and one hint line naming the kind, "My whole: a poet." (a
  kind of "none" adds nothing).

Each run is solved with ``--near`` (a printed error leaves the answer one clue off; a
near answer proposes the listed word and the spellings one letter from it that fit, so
a name the printer spelled its own way, Popocatapetl for Popocatepetl, counts as
proposed through them).
The figures: the share whose printed answer is ranked first, and the share proposed at
all (among the solutions, or the near misses); for names, titles and places apart.
Nobody tunes the solver on this set: it measures, it is not a target to fit.

    python bench/riddle_printed.py [--set FOLDER] [--json] [--show-misses]

Without --set it measures each held-out set (``SETS``) and then all of them together.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from pyengine.engine.errors import UsageError  # noqa: E402
from pyengine.puzzles.riddle.solve import solve  # noqa: E402

SET = ROOT / "tests" / "data" / "printed"
#: the held-out sets, in the order they were collected: the first (61 riddles, from 9
#: sources), a fresh one and a reserve (Harper's Young People issues the first did not
#: use), and a blind one (12, late 1882, measured once after every change above)
SETS = {"first": SET, "fresh": ROOT / "tests" / "data" / "printed_fresh",
        "reserve": ROOT / "tests" / "data" / "printed_reserve",
        "blind": ROOT / "tests" / "data" / "printed_blind"}


def load_set(path: Path = SET) -> list[dict]:
    """The riddles of one JSON file, or of every JSON file of a folder (by name)."""
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    return [e for f in files for e in json.loads(f.read_text())]
NAME_KINDS = {"given name", "surname", "person", "place", "title", "work", "monument"}


def key(text: str) -> str:
    """An answer's letters, as the solver counts them (spaces and apostrophes out)."""
    return "".join(c for c in text.lower() if c.isalpha())


def clue_line(clue: dict) -> str:
    """One transcribed clue in plain phrasing."""
    pos, inc, exc = clue["pos"], clue.get("in", []), clue.get("not_in", [])
    head = f"My {pos} is"
    if len(inc) == 1 and len(exc) == 1:
        return f"{head} in {inc[0]} but not in {exc[0]}."
    if len(inc) == 2 and not exc:
        return f"{head} in {inc[0]} and in {inc[1]}."
    if len(exc) == 2 and not inc:
        return f"{head} neither in {exc[0]} nor in {exc[1]}."
    if len(inc) == 1 and not exc:
        return f"{head} in {inc[0]}."
    if len(exc) == 1 and not inc:
        return f"{head} not in {exc[0]}."
    if not inc and not exc:
        raise ValueError(f"a clue without words: {clue}")
    # three words or more: "in A, in B and in C, but not in D, not in E"
    ins = [f"in {w}" for w in inc]
    included = ", ".join(ins[:-1]) + f" and {ins[-1]}" if len(ins) > 1 else "".join(ins)
    excluded = ", ".join(f"not in {w}" for w in exc)
    return f"{head} {included}{', but ' if inc and exc else ''}{excluded}."


def riddle_text(entry: dict, hinted: bool) -> str:
    lines = [clue_line(c) for c in entry["clues"]]
    kind = (entry.get("hint_kind") or "none").strip()
    if hinted and kind.lower() != "none":
        lines.append(f"My whole: a {kind}.")
    return "\n".join(lines) + "\n"


def judge(entry: dict, hinted: bool) -> dict:
    """Solve one riddle: the printed answer first? proposed at all? what came first?"""
    want = key(entry.get("intended_answer") or entry["answer"])    # a misprinted answer
    try:
        r = solve(riddle_text(entry, hinted), near=True)
    except (UsageError, ValueError) as exc:
        return {"first": False, "proposed": False, "top": None, "error": str(exc)}
    found = [{key(s.word)} for s in r.solutions] + \
        [{key(n.word)} | {key(s) for s in n.spellings} for n in r.near or ()]
    top = min(found[0], key=lambda k: (k != want, k)) if found else None
    return {"first": top == want, "proposed": any(want in f for f in found), "top": top,
            "error": None}


def measure(path: Path = SET) -> dict:
    entries = load_set(path)
    rows = []
    for e in entries:
        row = {"id": e["id"], "answer": e["answer"],
               "name": e.get("answer_kind") in NAME_KINDS,
               "printed_error": not str(e.get("letters_check", "ok")).startswith("ok")}
        for mode in ("clues", "hinted"):
            row[mode] = judge(e, mode == "hinted")
        rows.append(row)
    return {"count": len(rows), "figures": figures(rows), "rows": rows}


def _share(rows, mode, what) -> dict:
    n = len(rows)
    k = sum(r[mode][what] for r in rows)
    return {"n": n, "k": k, "percent": round(100 * k / n, 1) if n else None}


def figures(rows: list[dict]) -> dict:
    names = [r for r in rows if r["name"]]
    return {mode: {"first": _share(rows, mode, "first"),
                   "proposed": _share(rows, mode, "proposed"),
                   "names_first": _share(names, mode, "first"),
                   "names_proposed": _share(names, mode, "proposed")}
            for mode in ("clues", "hinted")}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--show-misses", action="store_true")
    p.add_argument("--set", type=Path, help="one set (a folder or a JSON file); "
                   "default: each held-out set, then all together")
    a = p.parse_args(argv)
    sets = {str(a.set): a.set} if a.set else {k: v for k, v in SETS.items() if v.exists()}
    for name, path in sets.items():
        if not path.exists() or not load_set(path):
            p.error(f"no riddle set at {path}")
    got = {name: measure(path) for name, path in sets.items()}
    if len(got) > 1:
        rows = [r for g in got.values() for r in g["rows"]]
        got["all"] = {"count": len(rows), "figures": figures(rows), "rows": rows}
    if a.json:
        print(json.dumps({k: g if a.show_misses else {x: g[x] for x in ("count", "figures")}
                          for k, g in got.items()}, indent=1))
        return 0
    for name, g in got.items():
        print(_report(name if a.set is None else "", g, a.show_misses))
    return 0


def _report(name: str, got: dict, show_misses: bool) -> str:
    """One set's figures (and misses) as text."""
    lines = [f"{got['count']} printed riddles (held out){f': {name}' if name else ''}"]
    for mode, f in got["figures"].items():
        lines.append(f"{mode:<7} first {f['first']['k']}/{f['first']['n']} "
                     f"({f['first']['percent']}%), proposed {f['proposed']['k']}/"
                     f"{f['proposed']['n']}; names, titles and places: first "
                     f"{f['names_first']['k']}/{f['names_first']['n']}, proposed "
                     f"{f['names_proposed']['k']}/{f['names_proposed']['n']}")
    if show_misses and name != "all":
        for r in got["rows"]:
            for mode in ("clues", "hinted"):
                if not r[mode]["first"]:
                    lines.append(f"  miss [{mode}] {r['id']}: {r['answer']!r} -> "
                                 f"{r[mode]['top']!r}"
                                 f"{' (printed error)' if r['printed_error'] else ''}"
                                 f"{' ' + r[mode]['error'] if r[mode]['error'] else ''}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
