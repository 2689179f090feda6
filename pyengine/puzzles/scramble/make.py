"""Make a word scramble with the original CLIPS rules (seed 004).

The driver only prepares facts and walks the three stages; the rules in
``rules/scramble.clp`` do the work.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.engine.errors import UsageError
from pyengine.engine.resources import fact_file, rule_file
from pyengine.puzzles.util import new_seed

DEFAULT_SWAPS = 100
RIVERS = ("Thames", "Seine", "Orinoco", "Nile", "Euphrates", "Darling", "Amazon")
_WORD = re.compile(r"[A-Za-z]+")


@dataclass
class Scramble:
    """A finished scramble: the letter line and the words hidden in it."""

    line: str                  # letters in order, original case, e.g. "AOeMu..."
    words: list[str]
    seed: int
    swaps: int
    ids: list[int]             # the id sequence after RANDOMIZE (word numbers, 1-based)
    build_ids: list[int]       # the id sequence BUILD made
    fired: dict[str, int] = field(default_factory=dict)
    randomizer: str = "swap"
    session: object = None     # the ClipsSession, for --trace and --facts

    @property
    def spaced(self) -> str:
        """The line as the seed prints it: spaced capitals."""
        return " ".join(self.line.upper())

    def text(self) -> str:
        stage = self.fired.get("RANDOMIZE", self.fired.get("SHUFFLE", 0))
        return (f"{self.spaced}\n{' '.join(self.words)}\n"
                f"(seed {self.seed}; {len(self.line)} letters; {stage} randomizing firings)")

    def as_dict(self) -> dict:
        return {"line": self.line.upper(), "words": list(self.words), "seed": self.seed,
                "swaps": self.swaps, "randomizer": self.randomizer, "ids": list(self.ids),
                "fired": dict(self.fired)}


def is_subsequence(word: str, line: str) -> bool:
    """True if ``word``'s letters appear in ``line`` in order (not necessarily together)."""
    it = iter(line)
    return all(ch in it for ch in word)


def check_words(words: list[str]) -> list[str]:
    """Validate scramble words: letters only. Raise UsageError naming the problem."""
    if not words:
        raise UsageError("no words to scramble (give words, or --file)")
    for w in words:
        if w == "":
            raise UsageError("an empty word cannot be scrambled")
        if not _WORD.fullmatch(w):
            bad = next(c for c in w if not c.isascii() or not c.isalpha())
            raise UsageError(f"word {w!r} has {bad!r}: scramble words are letters a-z only")
    return list(words)


def read_word_file(path: str | Path) -> list[str]:
    """Words from a file: whitespace separated, '#' starts a comment."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None
    words = []
    for line in text.splitlines():
        words.extend(line.split("#", 1)[0].split())
    if not words:
        raise UsageError(f"{path} has no words")
    return words


def word_fact(number: int, word: str) -> str:
    return "(word {} {})".format(number, " ".join(word))


def _text_values(session) -> list[str]:
    for f in session.find("text"):
        return f.text[1:-1].split()[1:]
    raise RuntimeError("the scramble rules left no (text ...) fact")


def make_session(words: list[str] | None = None, randomizer: str = "swap", record: bool = True):
    """A CLIPS session with the scramble rules and the words (default: the rivers), reset."""
    from pyengine.engine.clips import ClipsSession

    files = [rule_file("scramble.clp")]
    if randomizer == "shuffle":
        files.append(rule_file("scramble_shuffle.clp"))
    elif randomizer != "swap":
        raise UsageError(f"unknown randomizer {randomizer!r} (choose swap or shuffle)")
    if words is None:
        files.append(fact_file("rivers.clp"))
    # The swap rule's pattern (text # $?before ?x $?between ?y $?after) is matched
    # against every (text ...) fact asserted in any stage, staging fact or not:
    # every pair of ids, each time. The linear plan does without it.
    without = ["randomize-swap-two-ids"] if randomizer == "shuffle" else []
    session = ClipsSession(files, record=record, without_rules=without)
    session.reset()
    for i, w in enumerate(words or (), start=1):
        session.assert_fact(word_fact(i, w))
    return session


def stage_plan(swaps: int = DEFAULT_SWAPS, randomizer: str = "swap"):
    """BUILD, RANDOMIZE (random strategy, exactly ``swaps`` firings), DECODE."""
    from pyengine.engine.stages import Stage

    if randomizer == "shuffle":
        return [Stage("BUILD"), Stage("SHUFFLE"), Stage("DECODE")]
    return [Stage("BUILD"), Stage("RANDOMIZE", limit=swaps, strategy="random"), Stage("DECODE")]


def make_scramble(words: list[str] | None = None, swaps: int = DEFAULT_SWAPS,
                  seed: int | None = None, randomizer: str = "swap",
                  record: bool = True) -> Scramble:
    """Run the three stages and return the puzzle. ``words=None`` uses the rivers."""
    from pyengine.engine.stages import StageRunner

    if words is not None:
        check_words(words)
    if swaps < 0:
        raise UsageError("--swaps must be 0 or more")
    seed = new_seed() if seed is None else int(seed)
    session = make_session(words, randomizer, record)
    if randomizer == "shuffle":
        session.seed(seed)
    snapshots: dict[str, list[int]] = {}

    def snapshot(stage, fired):
        if stage.name in ("BUILD", "RANDOMIZE", "SHUFFLE"):
            snapshots[stage.name] = [int(v) for v in _text_values(session) if v != "#"]

    runner = StageRunner(session, stage_plan(swaps, randomizer), seed=seed,
                         on_stage_end=snapshot)
    fired = runner.run_all()
    letters = [v for v in _text_values(session) if v != "#"]
    final_ids = snapshots.get("RANDOMIZE", snapshots.get("SHUFFLE", []))
    word_list = list(words) if words is not None else list(RIVERS)
    return Scramble(line="".join(letters), words=word_list, seed=seed, swaps=swaps,
                    ids=final_ids, build_ids=snapshots["BUILD"], fired=fired,
                    randomizer=randomizer, session=session)


def words_given(words: list[str], file: str | None) -> list[str] | None:
    """The words of the command line and of ``--file`` (None: the seed's rivers)."""
    words = list(words or ()) + (read_word_file(file) if file is not None else [])
    if words or file is not None:
        return check_words(words)
    return None


def run_make(words=(), file=None, swaps=DEFAULT_SWAPS, randomizer="swap", seed=None,
             record=False) -> Scramble:
    """The ``make`` action: the scramble of the given words (or the rivers)."""
    return make_scramble(words_given(words, file), swaps=swaps, seed=seed,
                         randomizer=randomizer, record=record)


def open_make(words=(), file=None, swaps=DEFAULT_SWAPS, randomizer="swap", seed=None):
    """The scramble, paused before BUILD, for the shell and the notebook."""
    from pyengine.engine.stages import SessionPlan

    given = words_given(words, file)
    seed = new_seed() if seed is None else seed
    session = make_session(given, randomizer, record=True)
    if randomizer == "shuffle":
        session.seed(seed)

    def finish() -> str:
        letters = [v for v in _text_values(session) if v != "#"]
        return " ".join("".join(letters).upper())

    what = " ".join(given) if given else "the seven rivers"
    return SessionPlan(session, stage_plan(swaps, randomizer), seed,
                       f"scramble of {what} (seed {seed})", finish)
