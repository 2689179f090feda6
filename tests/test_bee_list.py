"""The shipped Spelling Bee list (facts/words/bee.tsv.gz) and its build
(scripts/build_bee_list.py): format, no British spellings or offensive words, the
figures on held-out real puzzles, the seeded split, and a deterministic build."""
from __future__ import annotations

import gzip
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "facts" / "words" / "bee.tsv.gz"
SHARED = ROOT.parent / "shared" / "data"
SCOWL = Path("/usr/share/dict/scowl")
WORDNET = Path("/usr/share/wordnet")
NEEDS_SHARED = pytest.mark.skipif(not (SHARED / "bee_train.json").is_file(),
                                  reason="needs ../shared/data (the real puzzles)")
NEEDS_SCOWL = pytest.mark.skipif(not SCOWL.is_dir(),
                                 reason="needs Debian scowl (apt-get install -y scowl)")


def _scripts(name: str):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "scripts"))


@pytest.fixture(scope="module")
def shipped() -> dict[str, int]:
    cells = gzip.decompress(LIST.read_bytes()).decode("ascii").split("\n")
    assert cells[-1] == ""
    out = {}
    for line in cells[:-1]:
        word, zipf = line.split("\t")
        out[word] = int(zipf)
    return out


def test_format_sorted_small_and_fit_for_the_bee(shipped):
    words = list(shipped)
    assert words == sorted(set(words))
    assert 30_000 < len(words) < 80_000
    assert LIST.stat().st_size < 1_000_000
    assert all(w.isascii() and w.isalpha() and w.islower() and len(w) >= 4
               and len(set(w)) <= 7 for w in words)
    assert all(0 <= z <= 800 for z in shipped.values())


def test_loads_through_pyengine(shipped):
    from pyengine.words import bee
    wl = bee.load_bee()
    assert len(wl) == len(shipped)
    assert "approach" in wl.words_within("achopry", "o", 4)


def test_everyday_words_are_in(shipped):
    for w in ("approach", "coach", "pooch", "hooray", "donut", "cafe", "whilst"):
        assert w in shipped, w


def test_british_spellings_and_offensive_words_are_out(shipped):
    for w in ("innit", "nett", "colour", "labour", "tyre", "kerb", "gaol", "mesmerising",
              "queueing", "arse", "fuck", "shite", "nigger"):
        assert w not in shipped, w


@NEEDS_SCOWL
def test_no_word_scowl_lists_only_as_a_british_spelling(shipped):
    def level_files(*cats):
        out: set[str] = set()
        for cat in cats:
            for f in SCOWL.glob(f"{cat}.[0-9]*"):
                out.update(f.read_bytes().decode("utf-8", "replace").split())
        return out
    american = level_files("english-words", "american-words")
    regional = level_files(*(f"{r}{v}-words" for r in ("british", "canadian", "australian")
                             for v in ("", "_variant_1", "_variant_2"))) - american
    assert not sorted(set(shipped) & regional)[:10]


def test_split_is_seeded_and_keeps_puzzles_whole():
    bm = _scripts("bee_model")
    pz = [{"date": f"2020-01-{d:02d}"} for d in range(1, 29)] + \
         [{"date": f"2021-{m:02d}-15"} for m in range(1, 13)]
    train, held = bm.split(pz, 0)
    assert len(train) + len(held) == len(pz) and held and train
    assert not {p["date"] for p in train} & {p["date"] for p in held}
    assert bm.split(pz, 0) == (train, held)
    assert bm.split(pz, 1) != (train, held)


@NEEDS_SHARED
def test_held_out_recall_and_precision(shipped):
    """The issue's target on puzzles the model never saw: recall >= 0.91 and
    precision >= 0.88 (measured: 0.954 / 0.986; bench/bench_bee_list.py)."""
    bm = _scripts("bee_model")
    train, held = bm.split(bm.load_puzzles(), 0)
    assert len(held) > 100 and len(train) > 500
    hives = bm.Hives(shipped)
    f = bm.figures(*bm.counts(held, set(shipped), hives))
    assert f["recall"] >= 0.91 and f["precision"] >= 0.88, f


@NEEDS_SHARED
@NEEDS_SCOWL
@pytest.mark.skipif(not (WORDNET / "index.noun").is_file(),
                    reason="needs Debian wordnet-base (apt-get install -y wordnet-base)")
def test_build_gives_the_same_bytes_twice(tmp_path):
    """Two builds (a sample of the candidates, in two processes with different string
    hash seeds) write the same bytes; the full build was checked the same way."""
    pytest.importorskip("sklearn", reason="needs the build extra (scikit-learn)")
    pytest.importorskip("wordfreq", reason="needs the build extra (wordfreq)")
    runs = []
    for n in (1, 2):
        env = dict(os.environ, PYTHONHASHSEED=str(n))
        cmd = [sys.executable, str(ROOT / "scripts" / "build_bee_list.py"), "--sample", "3000",
               "--out", str(tmp_path / f"{n}.tsv.gz"), "--json"]
        runs.append(subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, text=True))
    reports = [json.loads(r.communicate(timeout=300)[0]) for r in runs]
    assert all(r.returncode == 0 for r in runs)
    assert (tmp_path / "1.tsv.gz").read_bytes() == (tmp_path / "2.tsv.gz").read_bytes()
    assert reports[0]["words"] > 100 and reports[0]["held_out"]["puzzles"] > 100


def test_offensive_words_match_with_their_inflections():
    bf = _scripts("bee_features")
    assert bf.offensive("fuckers") and bf.offensive("shite")
    assert not bf.offensive("cockatoo") and not bf.offensive("scunthorpe")
