#!/usr/bin/env python3
"""Build pyengine's Spelling Bee word list (facts/words/bee.tsv.gz) with a learned model.

The NYT Spelling Bee's editors leave out obscure, foreign, proper, British and
offensive words.  Instead of hand-set thresholds, a gradient-boosted tree model
(scikit-learn's HistGradientBoostingClassifier) learns which words they accept from
general facts about each word (scripts/bee_features.py: SCOWL size levels and variant
lists, proper-name and abbreviation lists, ENABLE/ENABLE2K/words_alpha membership,
wordfreq frequencies in English and four other languages, WordNet senses and
capitalisation, morphology) and the editors' verdicts on the training puzzles: every
candidate word that fits a training hive is a yes (an official answer) or a no.

  * Puzzles: ../shared/data/bee_dev.json + bee_train.json, split by a seeded hash of
    the date into training (about 4/5) and held-out puzzles (bee_model.py); the model
    sees only the training puzzles, so the held-out figures are the shipped list's.
  * Kept: words whose probability is >= THRESHOLD, minus two rules stated outright:
    British/Commonwealth spellings (SCOWL lists the word only as a British, Canadian or
    Australian spelling or variant: colour, nett, tyre) and offensive words.
  * PARAMS and THRESHOLD were chosen by --search: 4-fold cross-validation over the
    training puzzles only (folds of whole puzzles), best mean F1.
  * Same bytes every run: fixed seeds, one thread, sorted output, gzip without a time.

The package ships only the list (``word<TAB>zipf100``), no model and no answers.
Needs (build time only): Debian ``scowl`` and ``wordnet-base``, the ``build`` extra
(wordfreq, scikit-learn), ../shared/data.

Usage:  .venv/bin/python scripts/build_bee_list.py [--write] [--seed 0] [--search]
"""
from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bee_features as bf  # noqa: E402
import bee_model as bm  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "facts" / "words" / "bee.tsv.gz"
PARAMS = {"max_iter": 300, "learning_rate": 0.1, "max_leaf_nodes": 127,
          "min_samples_leaf": 5}
THRESHOLD = 0.5
SEARCH_PARAMS = [
    {"max_iter": 200, "learning_rate": 0.05, "max_leaf_nodes": 31, "min_samples_leaf": 20},
    {"max_iter": 400, "learning_rate": 0.05, "max_leaf_nodes": 31, "min_samples_leaf": 20},
    {"max_iter": 300, "learning_rate": 0.1, "max_leaf_nodes": 63, "min_samples_leaf": 10},
    {"max_iter": 300, "learning_rate": 0.1, "max_leaf_nodes": 127, "min_samples_leaf": 5},
]
SEARCH_THRESHOLDS = (0.3, 0.35, 0.4, 0.45, 0.5, 0.55)
FOLDS = 4


def rule_out(src: bf.Sources, w: str) -> str | None:
    """Why a word is left out whatever the model says: "british", "offensive" or None."""
    if bf.offensive(w):
        return "offensive"
    if src.lvl(w) == bf.ABSENT and min(src.lvl(w, "lvl_region"),
                                       src.lvl(w, "lvl_region_var")) < bf.ABSENT:
        return "british"
    return None


def gather(sample: int = 0):
    """(sources, candidate words, feature rows, words ruled out); ``sample`` keeps
    every n-th candidate (a quick build for the tests)."""
    src = bf.Sources()
    words = src.candidates()
    if sample:
        words = words[::max(1, len(words) // sample)]
    rows = {w: bf.row(src, w) for w in words}
    ruled = {w for w in words if rule_out(src, w)}
    return src, words, rows, ruled


def choose(words, probs, ruled, threshold: float) -> set[str]:
    return {w for w, q in zip(words, probs) if q >= threshold and w not in ruled}


def train(puzzles, hives, rows, params, seed):
    pos, neg = bm.labels(puzzles, hives)
    X, y, wt = bm.training_set(rows, pos, neg)
    return bm.fit(X, y, wt, params, seed)


def search(train_pz, hives, words, rows, ruled, seed: int) -> tuple[dict, float]:
    """Cross-validate PARAMS x THRESHOLD over folds of whole training puzzles."""
    folds = [[p for i, p in enumerate(train_pz) if i % FOLDS == k] for k in range(FOLDS)]
    best = (-1.0, {}, 0.0)
    for params in SEARCH_PARAMS:
        tot = {t: [0, 0, 0] for t in SEARCH_THRESHOLDS}
        for k in range(FOLDS):
            rest = [p for j, f in enumerate(folds) if j != k for p in f]
            probs = bm.predict(train(rest, hives, rows, params, seed), words, rows)
            for t in SEARCH_THRESHOLDS:
                c = bm.counts(folds[k], choose(words, probs, ruled, t), hives)
                tot[t] = [a + b for a, b in zip(tot[t], c)]
        for t in SEARCH_THRESHOLDS:
            f = bm.figures(*tot[t])
            print(f"  {json.dumps(params)} threshold {t}: cross-validated R "
                  f"{f['recall']:.3f} P {f['precision']:.3f} F1 {f['f1']:.3f}", flush=True)
            if f["f1"] > best[0]:
                best = (f["f1"], params, t)
    print(f"chosen: {json.dumps(best[1])} threshold {best[2]} (F1 {best[0]:.3f})")
    return best[1], best[2]


def encode(src: bf.Sources, kept: set[str]) -> bytes:
    """The list file: sorted ``word<TAB>zipf100`` lines, gzip with no name or time."""
    text = "".join(f"{w}\t{round(100 * src.zipf(w))}\n" for w in sorted(kept))
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0, compresslevel=9) as gz:
        gz.write(text.encode("ascii"))
    return buf.getvalue()


def build(seed: int = 0, sample: int = 0, do_search: bool = False) -> tuple[bytes, dict]:
    """(the list file's bytes, a report of the figures)."""
    src, words, rows, ruled = gather(sample)
    hives = bm.Hives(words)
    train_pz, held_pz = bm.split(bm.load_puzzles(), seed)
    params, threshold = PARAMS, THRESHOLD
    if do_search:
        params, threshold = search(train_pz, hives, words, rows, ruled, seed)
    probs = bm.predict(train(train_pz, hives, rows, params, seed), words, rows)
    kept = choose(words, probs, ruled, threshold)
    report = {"seed": seed, "params": params, "threshold": threshold,
              "candidates": len(words), "words": len(kept),
              "ruled_out": {k: sum(rule_out(src, w) == k for w in words)
                            for k in ("british", "offensive")},
              "train": {"puzzles": len(train_pz),
                        **bm.figures(*bm.counts(train_pz, kept, hives))},
              "held_out": {"puzzles": len(held_pz),
                           **bm.figures(*bm.counts(held_pz, kept, hives))}}
    return encode(src, kept), report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(REPO)}")
    ap.add_argument("--out", type=Path, help="write the list here instead")
    ap.add_argument("--seed", type=int, default=0,
                    help="seeds the held-out split and the model (default 0)")
    ap.add_argument("--search", action="store_true",
                    help="choose the model's settings and threshold by cross-validation")
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="use about N candidate words only (a quick check)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    data, report = build(args.seed, args.sample, args.search)
    out = args.out or (OUT if args.write else None)
    if out is not None:
        out.write_bytes(data)
        report["written"] = str(out)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for half in ("train", "held_out"):
            f = report[half]
            print(f"{half:8s} ({f['puzzles']} puzzles): recall {f['recall']:.3f} "
                  f"precision {f['precision']:.3f} F1 {f['f1']:.3f}")
        print(f"{report['words']} words of {report['candidates']} candidates; ruled out "
              f"{report['ruled_out']}" + (f"; wrote {out}" if out else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
