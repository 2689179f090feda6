"""The real puzzles, their seeded split, scoring, and the Spelling Bee list model.

Build time only (build_bee_list.py, bench/bench_bee_list.py, tests/test_bee_list.py).
The puzzles are ../shared/data/bee_dev.json + bee_train.json (799 NYT puzzles).  A
puzzle is held out when sha256(f"{seed}:{date}") is 0 mod 5 (about one in five;
whole puzzles, so no puzzle has words on both sides).  Scoring counts, per puzzle, the
list's words that fit the hive against the official answers, pooled over puzzles.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
PUZZLE_FILES = ("bee_dev.json", "bee_train.json")
HOLD_OUT_ONE_IN = 5


def load_puzzles(shared: Path = SHARED) -> list[dict]:
    """Every real puzzle, sorted by date."""
    out: list[dict] = []
    for name in PUZZLE_FILES:
        path = shared / name
        if not path.is_file():
            sys.exit(f"bee list: needs {path}")
        out.extend(json.loads(path.read_text()))
    return sorted(out, key=lambda p: p["date"])


def held_out(puzzle: dict, seed: int = 0) -> bool:
    digest = hashlib.sha256(f"{seed}:{puzzle['date']}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % HOLD_OUT_ONE_IN == 0


def split(puzzles: list[dict], seed: int = 0) -> tuple[list[dict], list[dict]]:
    """(training puzzles, held-out puzzles)."""
    train = [p for p in puzzles if not held_out(p, seed)]
    return train, [p for p in puzzles if held_out(p, seed)]


def mask(word: str) -> int:
    m = 0
    for c in set(word):
        m |= 1 << (ord(c) - 97)
    return m


class Hives:
    """The words of a list that fit a hive (7 letters, a required center, 4+ letters)."""

    def __init__(self, words):
        self.by_mask: dict[int, list[str]] = {}
        for w in words:
            if len(w) >= 4:
                self.by_mask.setdefault(mask(w), []).append(w)

    def words(self, puzzle: dict) -> list[str]:
        allow, need = mask(puzzle["center"] + puzzle["outer"]), mask(puzzle["center"])
        out: list[str] = []
        sub = allow
        while sub:
            if sub & need:
                out.extend(self.by_mask.get(sub, ()))
            sub = (sub - 1) & allow
        return out


def counts(puzzles: list[dict], chosen, hives: Hives) -> tuple[int, int, int]:
    """(tp, fp, fn) of the words in ``chosen`` (a set) over the puzzles."""
    tp = fp = fn = 0
    for p in puzzles:
        ans = set(p["answers"])
        got = {w for w in hives.words(p) if w in chosen}
        tp += len(got & ans)
        fp += len(got - ans)
        fn += len(ans - got)
    return tp, fp, fn


def figures(tp: int, fp: int, fn: int) -> dict:
    r, p = tp / max(tp + fn, 1), tp / max(tp + fp, 1)
    return {"recall": round(r, 4), "precision": round(p, 4),
            "f1": round(2 * r * p / max(r + p, 1e-12), 4), "tp": tp, "fp": fp, "fn": fn}


def labels(puzzles: list[dict], hives: Hives) -> tuple[dict[str, int], dict[str, int]]:
    """(word -> times accepted, word -> times rejected) over the puzzles' hives."""
    pos: dict[str, int] = {}
    neg: dict[str, int] = {}
    for p in puzzles:
        ans = set(p["answers"])
        for w in hives.words(p):
            d = pos if w in ans else neg
            d[w] = d.get(w, 0) + 1
    return pos, neg


def training_set(rows: dict[str, list[float]], pos, neg):
    """(X, y, weights): one row per (word, label) seen, weighted by its count."""
    import numpy as np
    X, y, wt = [], [], []
    for w in sorted(set(pos) | set(neg)):
        for lab, d in ((1, pos), (0, neg)):
            if d.get(w):
                X.append(rows[w])
                y.append(lab)
                wt.append(float(d[w]))
    return np.array(X, dtype=np.float64), np.array(y), np.array(wt)


def fit(X, y, wt, params: dict, seed: int):
    """A gradient-boosted tree model, single-threaded and seeded (same bytes each run)."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from threadpoolctl import threadpool_limits
    model = HistGradientBoostingClassifier(random_state=seed, early_stopping=False, **params)
    with threadpool_limits(1):
        return model.fit(X, y, sample_weight=wt)


def predict(model, words: list[str], rows: dict[str, list[float]]) -> list[float]:
    import numpy as np
    from threadpoolctl import threadpool_limits
    with threadpool_limits(1):
        return model.predict_proba(np.array([rows[w] for w in words]))[:, 1].tolist()
