"""``pyengine boggle bench``: the seed's comparison table, reproduced.

N boards per algorithm, made by the rule engine, solved by the word finder, on
two worker processes. Board k of an algorithm is seeded with ``seed + k``, so a run
repeats exactly whatever the worker count or chunking. Each row reports the
figures in the requested counting (``count="paths"``: the seed's, a word reachable
two ways counts twice; ``"words"``: distinct words, what a player sees) and always
both, plus the mean generation time per board through experta (``gen_ms``) and of
the plain-Python twin on the same seeds (``plain_ms``, measured on a sample); times
are CPU time of the process doing the work.

``seed_settings()`` gives the seed's conventions: words_alpha, every path counted,
2-letter words allowed at 1 point, Q a plain letter (no Qu face).
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)

from pyengine.engine.errors import UsageError
from pyengine.puzzles.boggle.algorithms import algorithm
from pyengine.puzzles.boggle.compiled import ensure_compiled
from pyengine.puzzles.boggle.finder import Finder, default_min_len, pick_backend
from pyengine.puzzles.boggle.finder_numba import SEARCH
from pyengine.puzzles.boggle.generate import generate, plain_generate
from pyengine.puzzles.boggle.stats import load_stats
from pyengine.engine.numbers import whole
from pyengine.words.letters import A_TO_Z
from pyengine.puzzles.workers import Pool
from pyengine.words import lists as W

#: the seed's averages over 10^5 boards (words = paths, 2-letter words, words_alpha)
SEED_TABLE = {
    "rnd": (141.0837, 155.9937),
    "vcr": (197.7029, 229.7553),
    "freq": (405.4922, 577.1889),
    "bfreq": (434.1407, 633.3808),
    "7freq": (450.364, 657.226),
    "adj": (518.7722, 815.3461),
    "cad": (940.5203, 1926.9532),
    "greedy-cad": (989.7361, 2077.3797),
    "greedy-dcad": (984.063, 2066.622),
}
PLAIN_SAMPLE = 200        # boards per algorithm timed with the plain twin


@dataclass
class Settings:
    words: str | None = "words_alpha"
    count: str = "paths"
    two_letter: bool = True
    qu: bool = False
    size: int = 4
    seed_size: int = 1
    seed: int = 0
    backend: str = "auto"
    generator: str = "rules"    # rules (experta) or plain (the twin: the same boards)

    def describe(self) -> str:
        return (f"{self.size}x{self.size}, boards by {self.generator}, "
                f"words {self.words or 'default'}, count {self.count}, "
                f"{'2-letter words at 1 point' if self.two_letter else 'no 2-letter words'}, "
                f"{'Q as Qu' if self.qu else 'Q a plain letter'}, seed {self.seed}")


def seed_settings(**over) -> Settings:
    s = Settings(words="words_alpha", count="paths", two_letter=True, qu=False)
    for k, v in over.items():
        setattr(s, k, v)
    return s


@dataclass
class Row:
    algo: str
    boards: int = 0
    distinct: int = 0
    paths: int = 0
    word_score: int = 0
    path_score: int = 0
    gen_s: float = 0.0
    solve_s: float = 0.0
    plain_ms: float | None = None
    extra: dict = field(default_factory=dict)

    def add(self, other: "Row") -> None:
        for k in ("boards", "distinct", "paths", "word_score", "path_score", "gen_s", "solve_s"):
            setattr(self, k, getattr(self, k) + getattr(other, k))

    def as_dict(self, count: str) -> dict:
        n = max(self.boards, 1)
        words = (self.paths if count == "paths" else self.distinct) / n
        score = (self.path_score if count == "paths" else self.word_score) / n
        d = {"algo": self.algo, "boards": self.boards,
             "avg_words": round(words, 4), "avg_score": round(score, 4),
             "gen_ms": round(self.gen_s / n * 1000, 4),
             "plain_ms": None if self.plain_ms is None else round(self.plain_ms, 4),
             "avg_distinct_words": round(self.distinct / n, 4),
             "avg_distinct_score": round(self.word_score / n, 4),
             "avg_paths": round(self.paths / n, 4),
             "avg_path_score": round(self.path_score / n, 4),
             "solve_ms": round(self.solve_s / n * 1000, 4), "count": count}
        seed = SEED_TABLE.get(self.algo)
        if seed is not None and count == "paths":
            d["seed_words"], d["seed_score"] = seed
            d["words_diff_pct"] = round((words / seed[0] - 1) * 100, 2)
            d["score_diff_pct"] = round((score / seed[1] - 1) * 100, 2)
        d.update(self.extra)
        return d


def parse_algo(spec: str, size: int = 6) -> tuple[str, dict]:
    """``greedy-cad`` or ``7freq:6`` (7freq with 6 vowels, at most size*size) ->
    (name, generate kwargs); UsageError for anything else."""
    if not isinstance(spec, str):
        raise UsageError(f"an algorithm is a name, not {spec!r}")
    name, sep, arg = spec.partition(":")
    a = algorithm(name.strip())
    if not sep:
        return a.name, {}
    if a.name != "7freq":
        raise UsageError(f"bad algorithm {spec!r}: only 7freq takes a vowel count (7freq:6)")
    k = whole(arg, f"bad algorithm {spec!r}")
    if not 0 <= k <= size * size:
        raise UsageError(f"bad algorithm {spec!r}: the vowel count is 0..{size * size}")
    return a.name, {"vowels": k}


# -- worker side ---------------------------------------------------------------------------
_W: dict = {}


def _worker_init(settings: Settings) -> None:
    """A worker's finder and statistics for ``settings`` (in ``_W``), built once."""
    wl = W.load(settings.words)
    _W["settings"] = settings
    _W["stats"] = load_stats(settings.words)
    min_len = default_min_len(settings.size, settings.two_letter)
    _W["finder"] = Finder(wl, min_len=min_len, count=settings.count,
                          two_letter=settings.two_letter, backend=settings.backend)


def _run_chunk(task) -> tuple[str, Row]:
    """Boards ``start`` .. ``start + n - 1`` of one algorithm, made and solved."""
    spec, start, n = task
    s: Settings = _W["settings"]
    name, kw = parse_algo(spec)
    finder = _W["finder"]
    stats = _W["stats"]
    row = Row(spec)
    clock = time.process_time     # CPU time: other processes on the machine barely count
    make = plain_generate if s.generator == "plain" else generate
    for k in range(start, start + n):
        t0 = clock()
        board = make(name, s.size, seed=s.seed + k, stats=stats, seed_size=s.seed_size,
                         qu=s.qu, **kw)
        t1 = clock()
        distinct, paths, ws, ps = finder.stats(board)
        t2 = clock()
        row.boards += 1
        row.distinct += distinct
        row.paths += paths
        row.word_score += ws
        row.path_score += ps
        row.gen_s += t1 - t0
        row.solve_s += t2 - t1
    return spec, row


def _cluster_chunk(settings: Settings, task) -> tuple[str, Row]:
    """A chunk on a cluster worker: the worker's finder is built once per settings."""
    if _W.get("settings") != settings:
        _worker_init(settings)
    return _run_chunk(task)


def _plain_ms(spec: str, settings: Settings, stats, n: int = PLAIN_SAMPLE) -> float:
    """CPU milliseconds per board of the plain twin, on the first ``n`` seeds."""
    name, kw = parse_algo(spec)
    t0 = time.process_time()
    for k in range(n):
        plain_generate(name, settings.size, seed=settings.seed + k, stats=stats,
                       seed_size=settings.seed_size, qu=settings.qu, **kw)
    return (time.process_time() - t0) / n * 1000


# -- driver ----------------------------------------------------------------------------------
def run_bench(algos, boards: int, settings: Settings, workers: int = 2, chunk: int = 100,
              progress: bool = True, plain: bool = True,
              checkpoint: str | None = None, cluster=None, timing=None) -> list[dict]:
    """Generate and solve ``boards`` boards per algorithm; rows as dicts (see Row.as_dict).

    ``checkpoint``: a JSON file rewritten as chunks finish (rows so far), so a long
    run that is stopped still leaves its figures. ``cluster``: a
    :class:`~pyengine.puzzles.boggle_studies.cluster.DaskPool` to run the chunks on.
    ``timing``: a dict that receives the wall time and worker count of the boards."""
    if settings.generator not in ("rules", "plain"):
        raise UsageError(f"generator must be rules or plain, got {settings.generator!r}")
    if boards < 1:
        raise UsageError("--boards must be at least 1")
    specs = [parse_algo(a) and a for a in algos]
    stats = load_stats(settings.words)        # validates the list and fills the cache
    rows = {a: Row(a) for a in specs}
    tasks = [(a, start, min(chunk, boards - start))
             for a in specs for start in range(0, boards, chunk)]
    bar = _progress(progress, len(specs) * boards)
    workers = cluster.workers if cluster is not None else max(1, int(workers))
    if pick_backend(settings.backend) == "numba":     # compiled before the clock starts
        ensure_compiled((SEARCH,))
    wall = time.perf_counter()
    try:
        if cluster is not None:
            _consume(cluster.imap_unordered(_cluster_chunk, [(settings, t) for t in tasks]),
                     rows, bar, checkpoint, settings)
        elif workers == 1:
            _worker_init(settings)
            results = map(_run_chunk, tasks)
            _consume(results, rows, bar, checkpoint, settings)
        else:
            with Pool(workers, initializer=_worker_init, initargs=(settings,)) as pool:
                _consume(pool.imap_unordered(_run_chunk, tasks), rows, bar, checkpoint,
                         settings)
    finally:
        if bar is not None:
            bar[0].stop()
    if timing is not None:
        timing.update(wall_s=time.perf_counter() - wall, workers=workers)
    if plain:
        for a in specs:
            rows[a].plain_ms = _plain_ms(a, settings, stats, min(PLAIN_SAMPLE, boards))
    return [rows[a].as_dict(settings.count) for a in specs]


def _progress(enabled: bool, total: int):
    if not enabled:
        return None
    p = Progress(TextColumn("boards"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                 TextColumn("eta"), TimeRemainingColumn(), transient=True,
                 console=Console(stderr=True))
    task = p.add_task("boards", total=total)
    p.start()
    return p, task


def _consume(results, rows, bar, checkpoint=None, settings=None) -> None:
    last = time.monotonic()
    for spec, row in results:
        rows[spec].add(row)
        if bar is not None:
            bar[0].advance(bar[1], row.boards)
        if checkpoint and time.monotonic() - last > 10:
            last = time.monotonic()
            _write_checkpoint(checkpoint, rows, settings)
    if checkpoint:
        _write_checkpoint(checkpoint, rows, settings)


def _write_checkpoint(path: str, rows: dict, settings) -> None:
    done = [r.as_dict(settings.count) for r in rows.values() if r.boards]
    tmp = f"{path}.tmp"
    try:
        with open(tmp, "w") as fh:
            json.dump({"settings": settings.__dict__, "rows": done, "partial": True}, fh,
                      indent=2)
        os.replace(tmp, path)
    except OSError as exc:
        raise UsageError(f"cannot write {path} ({exc.strerror or exc})") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# -- output ------------------------------------------------------------------------------------
def text_table(rows: list[dict], settings: Settings) -> str:
    paths = settings.count == "paths"
    head = (f"{'algo':<12} {'boards':>7} {'avg words':>10} {'avg score':>10} "
            f"{'distinct':>9} {'dist.score':>10} {'gen ms':>7} {'plain ms':>8}")
    if paths:
        head += f" {'seed words':>10} {'seed score':>10} {'dw%':>6} {'ds%':>6}"
    lines = [f"# {settings.describe()}", head]
    for r in rows:
        line = (f"{r['algo']:<12} {r['boards']:>7} {r['avg_words']:>10.1f} {r['avg_score']:>10.1f} "
                f"{r['avg_distinct_words']:>9.1f} {r['avg_distinct_score']:>10.1f} "
                f"{r['gen_ms']:>7.2f} {(r['plain_ms'] or 0):>8.3f}")
        if paths and "seed_words" in r:
            line += (f" {r['seed_words']:>10.1f} {r['seed_score']:>10.1f} "
                     f"{r['words_diff_pct']:>+6.1f} {r['score_diff_pct']:>+6.1f}")
        lines.append(line)
    return "\n".join(lines)


def markdown_table(rows: list[dict], settings: Settings) -> str:
    paths = settings.count == "paths"
    cols = ["algorithm", "boards", "avg words", "avg score", "distinct words", "distinct score",
            "gen ms (experta)", "gen ms (plain)"]
    if paths:
        cols += ["seed words", "seed score", "words vs seed", "score vs seed"]
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        cells = [r["algo"], str(r["boards"]), f"{r['avg_words']:.1f}", f"{r['avg_score']:.1f}",
                 f"{r['avg_distinct_words']:.1f}", f"{r['avg_distinct_score']:.1f}",
                 f"{r['gen_ms']:.2f}", "" if r["plain_ms"] is None else f"{r['plain_ms']:.3f}"]
        if paths:
            if "seed_words" in r:
                cells += [f"{r['seed_words']:.1f}", f"{r['seed_score']:.1f}",
                          f"{r['words_diff_pct']:+.2f}%", f"{r['score_diff_pct']:+.2f}%"]
            else:
                cells += ["", "", "", ""]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def write_plots(rows: list[dict], stats, out_dir: str) -> list[str]:
    """Bar chart of the rows and heatmap of the adjacency matrix; [] without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    names = [r["algo"] for r in rows]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5))
    for ax, key, dkey, title in ((axes[0], "avg_words", "avg_distinct_words", "words per board"),
                                 (axes[1], "avg_score", "avg_distinct_score", "score per board")):
        xs = range(len(rows))
        ax.bar([x - 0.2 for x in xs], [r[key] for r in rows], width=0.4,
               label=f"counted ({rows[0]['count']})" if rows else "")
        ax.bar([x + 0.2 for x in xs], [r[dkey] for r in rows], width=0.4, label="distinct")
        ax.set_xticks(list(xs))
        ax.set_xticklabels(names, rotation=40, ha="right")
        ax.set_title(title)
        ax.legend()
    fig.tight_layout()
    p1 = os.path.join(out_dir, "boggle_bench.png")
    fig.savefig(p1, dpi=110)
    plt.close(fig)
    paths.append(p1)
    fig, ax = plt.subplots(figsize=(6.5, 6))
    im = ax.imshow(stats.adjacency, cmap="magma")
    ax.set_xticks(range(26))
    ax.set_yticks(range(26))
    ax.set_xticklabels(list(A_TO_Z))
    ax.set_yticklabels(list(A_TO_Z))
    ax.set_title(f"letter adjacency ({stats.label}, symmetric)")
    fig.colorbar(im, ax=ax, shrink=0.8)
    fig.tight_layout()
    p2 = os.path.join(out_dir, "boggle_adjacency.png")
    fig.savefig(p2, dpi=110)
    plt.close(fig)
    paths.append(p2)
    return paths
