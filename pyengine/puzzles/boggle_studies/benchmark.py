"""``boggle bench``: the seed's comparison table (see :mod:`pyengine.puzzles.boggle_studies.table`)."""
from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import shown, user_path
from pyengine.engine.wording import plural
from pyengine.puzzles.boggle.algorithms import ALGOS, board_spec, check_size
from pyengine.puzzles.boggle.limits import MAX_ROWS
from pyengine.puzzles.boggle.stats import load_stats
from pyengine.puzzles.boggle_studies import table as T
from pyengine.puzzles.boggle_studies.cluster import DaskPool
from pyengine.puzzles.util import parse_range

STUDY_GENERATORS, STUDY_BOARDS = 9, 10**6     # the seed's study, scaled to 10^6 boards


@dataclass
class BenchReport:
    """The table's rows, the settings that made them, and what was written where."""

    settings: object                   # a table.Settings
    rows: list[dict]
    boards: int
    best_vowels: int | None = None
    out: str | None = None
    plots: list[str] = field(default_factory=list)
    timing: dict = field(default_factory=dict)     # wall_s, workers (see scaling())

    def as_dict(self) -> dict:
        d = {"settings": self.settings.__dict__, "rows": self.rows}
        if self.best_vowels is not None:
            d["best_vowels"] = self.best_vowels
        if self.out:
            d["plots"] = self.plots
        if self.timing:
            d["scaling"] = self.scaling()
        return d

    def scaling(self) -> dict:
        """Boards per second of this run (wall clock, all rows), per worker, and the
        projected time of the seed's study (its 9 generators, 10^6 boards each) on
        1, 2 and 64 workers, linear from this run's per-worker rate."""
        n = self.boards * len(self.rows)
        wall, workers = self.timing["wall_s"], self.timing["workers"]
        rate = n / wall if wall > 0 else 0.0
        per = rate / workers
        study = STUDY_GENERATORS * STUDY_BOARDS
        return {"boards": n, "wall_s": round(wall, 3), "workers": workers,
                "boards_per_s": round(rate, 1), "boards_per_s_per_worker": round(per, 1),
                "study_boards": study,
                "study_hours": {str(w): round(study / (per * w) / 3600, 2) if per else None
                                for w in (1, 2, 64)}}

    def text(self) -> str:
        lines = [T.text_table(self.rows, self.settings)]
        if self.timing:
            sc = self.scaling()
            h = sc["study_hours"]
            lines.append(f"{plural(sc['boards'], 'board')} in {sc['wall_s']:.1f} s on "
                         f"{plural(sc['workers'], 'worker')}: "
                         f"{sc['boards_per_s']:.1f} boards/s "
                         f"({sc['boards_per_s_per_worker']:.1f} per worker); the seed's study "
                         f"(9 generators x 10^6 boards) projected at {h['1']} h on 1 worker, "
                         f"{h['2']} h on 2, {h['64']} h on 64")
        if self.best_vowels is not None:
            lines.append(f"best vowel count: {self.best_vowels} "
                         f"(by average score over {plural(self.boards, 'board')})")
        if self.out:
            if self.plots:
                lines.append(f"wrote {', '.join(self.plots)}")
            else:
                lines.append("matplotlib is not installed (in the repository root: "
                             "pip install -e '.[plot]'): no PNGs written")
            lines.append(f"wrote {os.path.join(self.out, 'bench.json')} and table.md")
        return "\n".join(lines)


def settings_for(seed_settings=False, words=None, count=None, two_letter=False, qu=None,
                 size=4, seed_size=1, seed=None, generator="rules"):
    """The bench settings: the seed's conventions or ours, then each option given."""
    s = T.seed_settings() if seed_settings else T.Settings(words=None, count="words",
                                                   two_letter=False, qu=True)
    if words is not None:
        s.words = words
    if count is not None:
        s.count = count
    if two_letter:
        s.two_letter = True
    if qu is not None:
        s.qu = qu == "on"
    s.size = check_size(size)
    s.seed_size = seed_size
    s.seed = 0 if seed is None else seed
    s.generator = generator
    return s


def algo_specs(algos=None, vowel_sweep=None, size: int = 4) -> list[str]:
    """The rows to run: a 7freq vowel sweep, the given algorithms, or all ten; each
    checked (UsageError for anything else), at most ``limits.MAX_ROWS``."""
    if vowel_sweep is not None:
        if "-" not in vowel_sweep.strip(" ")[1:]:
            raise UsageError(f"--vowel-sweep wants LO-HI, e.g. 4-10, got {vowel_sweep!r}")
        lo, hi = parse_range(vowel_sweep, "--vowel-sweep")
        if hi > size * size:
            raise UsageError(f"--vowel-sweep: at most {size * size} vowels on {size}x{size}")
        specs = [f"7freq:{k}" for k in range(lo, hi + 1)]
    elif algos is None:
        specs = list(ALGOS)
    else:
        if len(algos) > 40 * MAX_ROWS:
            raise UsageError(f"--algos: {len(algos):,} characters is too long")
        specs = [a.strip() for a in algos.split(",") if a.strip()]
    if not specs:
        raise UsageError("--algos names no algorithm")
    if len(specs) > MAX_ROWS:
        raise UsageError(f"--algos: {len(specs)} rows is over the limit of {MAX_ROWS}")
    seen: dict = {}
    for spec in specs:
        parsed = T.parse_algo(spec, size)
        key = (parsed[0], tuple(sorted(parsed[1].items())))
        if key in seen:         # one row each: a second would be the same boards again
            raise UsageError(f"--algos names {seen[key]!r} twice (as {spec!r})")
        seen[key] = spec
    return specs


def check_out_dir(out: str) -> str:
    """The --out folder, made if missing (in a folder that exists: a mistyped path is
    not made whole); UsageError (before any work) unless it is a folder we can write a
    file in. Leftovers of a killed run (``*.tmp``) are removed."""
    path = user_path(out, "--out folder")
    try:
        path.mkdir(exist_ok=True)
    except FileExistsError:
        raise UsageError(f"--out {shown(path)}: exists and is not a folder") from None
    except OSError as exc:
        raise UsageError(f"--out {shown(path)}: cannot make the folder "
                         f"({exc.strerror or exc})") from None
    if not path.is_dir():
        raise UsageError(f"--out {shown(path)}: not a folder")
    probe = path / f".pyengine-probe-{os.getpid()}.tmp"
    try:
        with open(probe, "x"):
            pass
        probe.unlink()
    except OSError as exc:
        raise UsageError(f"--out {shown(path)}: cannot write there "
                         f"({exc.strerror or exc})") from None
    for name in ("partial.json.tmp", "bench.json.tmp", "table.md.tmp"):
        try:
            (path / name).unlink()
        except OSError:
            pass
    return str(path)


def _check_before_work(specs: list[str], s) -> None:
    """Every row's board settings and the word list, checked before any folder is made."""
    for spec in specs:
        name, kw = T.parse_algo(spec, s.size)
        board_spec(name, s.size, s.seed_size, kw.get("vowels"))
    load_stats(s.words)


def _write(report: BenchReport) -> None:
    """bench.json, table.md and the PNGs in ``report.out``."""
    s, out = report.settings, report.out
    try:
        report.plots = T.write_plots(report.rows, load_stats(s.words), out)
        _replace(os.path.join(out, "bench.json"), json.dumps(report.as_dict(), indent=2))
        _replace(os.path.join(out, "table.md"),
                 f"{s.describe()}, {plural(report.boards, 'board')} per algorithm\n\n"
                 + T.markdown_table(report.rows, s) + "\n")
        os.unlink(os.path.join(out, "partial.json"))
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise UsageError(f"--out {shown(out)}: cannot write ({exc.strerror or exc})") from None


def _replace(path: str, text: str) -> None:
    """Write ``text`` to ``path`` through a temp file (never a half-written file)."""
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def run_bench(algos=None, boards: int = 1000, count=None, seed_settings: bool = False,
              two_letter: bool = False, qu=None, size: int = 4, seed_size: int = 1,
              vowel_sweep=None, generator: str = "rules", workers: int = 2, out=None,
              no_progress: bool = False, words=None, seed=None, cluster=None,
              as_json: bool = False) -> BenchReport:
    """The ``bench`` action: N boards per algorithm, generated and solved; the table."""
    s = settings_for(seed_settings, words, count, two_letter, qu, size, seed_size, seed,
                     generator)
    specs = algo_specs(algos, vowel_sweep, s.size)
    _check_before_work(specs, s)
    checkpoint = None
    if out is not None:
        out = check_out_dir(out)
        checkpoint = os.path.join(out, "partial.json")
    pool, timing = None, {}
    if cluster is not None:
        pool = DaskPool(cluster)
    try:
        rows = T.run_bench(specs, boards, s, workers=workers,
                           progress=not (no_progress or as_json) and sys.stderr.isatty(),
                           checkpoint=checkpoint, cluster=pool, timing=timing)
    finally:
        if pool is not None:
            pool.close()
    report = BenchReport(s, rows, boards, out=out, timing=timing)
    if vowel_sweep:
        report.best_vowels = int(max(rows, key=lambda r: r["avg_score"])["algo"].split(":")[1])
    if out:
        _write(report)
    return report
