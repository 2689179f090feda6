#!/usr/bin/env python3
"""The Spelling Bee word list against the editors: recall and precision on real puzzles.

Reads the shipped list through pyengine (``words_within``, what ``pyengine bee solve``
asks) and scores it against the official answers of ../shared/data/bee_dev.json +
bee_train.json, split as scripts/build_bee_list.py splits them (--seed, default 0):
the training puzzles the model learned from and the held-out puzzles it never saw.
Baselines measured in the same process: the plain default list (SCOWL) and enable1;
the ratios are the bee list's figure over the default list's.  The held-out answers
are also split into words seen in a training hive (or answer) and words never seen
there: the model does best on words whose verdict it has learned.

Usage:  .venv/bin/python bench/bench_bee_list.py [--seed 0] [--json]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import bee_model as bm  # noqa: E402


def score(wl, puzzles, only=None) -> dict:
    """Pooled figures of list ``wl``; ``only``: count just these words (or all)."""
    tp = fp = fn = 0
    for p in puzzles:
        got = set(wl.words_within(p["center"] + p["outer"], p["center"], 4))
        ans = set(p["answers"])
        if only is not None:
            got, ans = got & only, ans & only
        tp += len(got & ans)
        fp += len(got - ans)
        fn += len(ans - got)
    return bm.figures(tp, fp, fn)


def seen_words(lists, train) -> set[str]:
    """Words that fit a training hive in one of the lists, or are training answers."""
    out: set[str] = set()
    for p in train:
        out.update(p["answers"])
        for wl in lists:
            out.update(wl.words_within(p["center"] + p["outer"], p["center"], 4))
    return out


def measure(seed: int) -> dict:
    from pyengine.words import bee, lists as words
    t = time.perf_counter()
    train, held = bm.split(bm.load_puzzles(), seed)
    lists = {"bee": bee.load_bee(), "default": words.load()}
    lists["enable1"] = words.load("enable1")
    out: dict = {"seed": seed, "puzzles": {"train": len(train), "held_out": len(held)},
                 "lists": {}}
    for name, wl in lists.items():
        out["lists"][name] = {"words": len(wl), "train": score(wl, train),
                              "held_out": score(wl, held)}
    seen = seen_words(list(lists.values()), train)
    universe = {w for p in held for w in p["answers"]} | {
        w for p in held for w in lists["bee"].words_within(p["center"] + p["outer"],
                                                              p["center"], 4)}
    unseen = universe - seen
    out["held_out_by_word"] = {"seen": score(lists["bee"], held, seen),
                               "unseen": score(lists["bee"], held, unseen)}
    b, d = out["lists"]["bee"]["held_out"], out["lists"]["default"]["held_out"]
    out["ratio_to_default"] = {k: round(b[k] / d[k], 3) for k in ("recall", "precision", "f1")}
    out["seconds"] = round(time.perf_counter() - t, 2)
    return out


def show(res: dict) -> None:
    n = res["puzzles"]
    print(f"puzzles: {n['train']} training, {n['held_out']} held out (seed {res['seed']})")
    for name, r in res["lists"].items():
        parts = [f"{half} R {r[half]['recall']:.3f} P {r[half]['precision']:.3f} "
                 f"F1 {r[half]['f1']:.3f}" for half in ("train", "held_out")]
        print(f"  {name:8s} {r['words']:7d} words  " + " | ".join(parts))
    for kind, f in res["held_out_by_word"].items():
        print(f"  bee, held out, words {kind + ' in training':17s} R {f['recall']:.3f} "
              f"P {f['precision']:.3f} ({f['tp'] + f['fn']} answers)")
    r = res["ratio_to_default"]
    print(f"bee / default on held-out puzzles: recall x{r['recall']:.3f}, precision "
          f"x{r['precision']:.3f}, F1 x{r['f1']:.3f}  ({res['seconds']} s)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0, help="the build's split seed (default 0)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    res = measure(args.seed)
    if args.json:
        print(json.dumps(res, indent=1))
    else:
        show(res)
    return 0


if __name__ == "__main__":
    sys.exit(main())
