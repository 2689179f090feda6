"""Make a word scramble with the original CLIPS rules (seed 004).

The driver only prepares facts and walks the three stages; the rules in
``rules/scramble.clp`` do the work (``--randomizer shuffle``: the linear plan of
``rules/scramble_shuffle.clp``). Every input is checked, and refused in one line
against the limits of ``limits.py``, before an engine starts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pyengine.engine.errors import UsageError
from pyengine.engine.resources import fact_file, rule_file
from pyengine.engine.wording import plural
from pyengine.engine.textio import ascii_letters
from pyengine.engine.textio import read_text
from pyengine.engine.clips import ClipsSession
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.stages import Stage
from pyengine.puzzles.scramble.puzzle import MAKE
from pyengine.engine.stages import SessionPlan
from pyengine.puzzles.scramble.limits import SHUFFLE_MAX_LETTERS, check_make

DEFAULT_SWAPS = 100
RIVERS = ("Thames", "Seine", "Orinoco", "Nile", "Euphrates", "Darling", "Amazon")
# The seed's rules (rules/scramble.clp); the shuffle plan has linear twins of BUILD and
# DECODE in rules/scramble_shuffle.clp and undefines these.
SEED_RULES = ("build-append-word-ids", "randomize-swap-two-ids", "decode-next-letter")


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
                f"(seed {self.seed}; {plural(len(self.line), 'letter')}; "
                f"{plural(stage, 'randomizing firing')})")

    def as_dict(self) -> dict:
        return {"line": self.line.upper(), "words": list(self.words), "seed": self.seed,
                "swaps": self.swaps, "randomizer": self.randomizer, "ids": list(self.ids),
                "fired": dict(self.fired)}


def is_subsequence(word: str, line: str) -> bool:
    """True if ``word``'s letters appear in ``line`` in order (not necessarily together)."""
    it = iter(line)
    return all(ch in it for ch in word)


def check_words(words: list[str]) -> list[str]:
    """The scramble words, each read by :func:`pyengine.engine.textio.ascii_letters`
    (NFKC, then letters a-z in any case: the Kelvin sign is K, 'cafe' + U+0301 is
    refused as 'café'). Raise UsageError naming the problem."""

    if isinstance(words, str) or not isinstance(words, (list, tuple)):
        raise UsageError(f"expected a list of words, not {words!r}")
    if not words:
        raise UsageError("no words to scramble (give words, or --file)")
    out = []
    for w in words:
        if not isinstance(w, str):
            raise UsageError(f"expected a word (text), not {w!r}")
        if w == "":
            raise UsageError("an empty word cannot be scrambled")
        out.append(ascii_letters(w, f"word {w!r}"))
    return out


#: a line, as str.splitlines() ends them
_LINE = re.compile(r"[^\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]+")


def read_word_file(path: str | Path, what: str = "word file", most: int | None = None,
                   why: str = "") -> list[str]:
    """Words from a file (or standard input, ``-``): whitespace separated, '#' starts a
    comment. UTF-8 (a byte-order mark is dropped); a FIFO, a directory or a device is
    refused before it is opened (pyengine.engine.textio). Past ``most`` words it stops
    and refuses (``why``: the limit, said): 15 million short words under the 64 MiB
    cap cost 2.3 GB and 11 s of splitting before the caller's limit was looked at."""

    text = read_text(path, what)
    words: list[str] = []
    for line in _LINE.finditer(text):   # one at a time: no list of every line at once
        words.extend(line.group().split("#", 1)[0].split())
        if most is not None and len(words) > most:
            raise UsageError(f"{what} {path} has more than {most:,} words"
                             + (why or f"; the limit is {most:,}"))
    if not words:
        raise UsageError(f"{what} {path} has no words")
    return words


def word_fact(number: int, word: str) -> str:
    return "(word {} {})".format(number, " ".join(word))


def _line_values(session) -> list[str]:
    """The ``(text ...)`` line without its ``#`` marker: ids while the rules reorder
    them, letters once DECODE has run."""
    return [v for v in _text_values(session) if v != "#"]


def _text_values(session) -> list[str]:
    for record in session.records("text"):
        return [str(v) for v in record["values"]]
    raise UsageError("there is no (text ...) fact (was it retracted by hand?): reset to "
                     "start the scramble again")


def make_session(words: list[str] | None = None, randomizer: str = "swap", record: bool = True,
                 engine: str = "clips"):
    """A session with the scramble rules and the words (default: the rivers), reset: on
    CLIPS, or (``engine="experta"``) the same .clp files on our own engine."""

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
    without = list(SEED_RULES) if randomizer == "shuffle" else []
    session = ExpertaSession.from_clp(files, record=record, without_rules=without) \
        if engine == "experta" else ClipsSession(files, record=record, without_rules=without)
    session.reset()
    for i, w in enumerate(words or (), start=1):
        session.assert_fact(word_fact(i, w))
    return session


def stage_plan(swaps: int = DEFAULT_SWAPS, randomizer: str = "swap"):
    """BUILD, RANDOMIZE (random strategy, exactly ``swaps`` firings), DECODE."""

    if randomizer == "shuffle":
        return [Stage("BUILD"), Stage("SHUFFLE"), Stage("DECODE")]
    return [Stage("BUILD"), Stage("RANDOMIZE", limit=swaps, strategy="random"), Stage("DECODE")]


def _letters(words: list[str] | None) -> int:
    return sum(map(len, words)) if words is not None else sum(map(len, RIVERS))


def make_scramble(words: list[str] | None = None, swaps: int = DEFAULT_SWAPS,
                  seed: int | None = None, randomizer: str = "swap",
                  record: bool = True, engine: str = "clips") -> Scramble:
    """The ``make`` action from Python (``words=None``: the rivers): the same
    declaration checks the values, and the same session path runs them."""

    if words is not None and not words:          # the command's "no words" is the rivers
        check_words(words)
    return MAKE.call(hide=list(words) if words is not None else [], swaps=swaps,
                     seed=seed, randomizer=randomizer, engine=engine, record=record)


def words_given(words: list[str], file: str | None) -> list[str] | None:
    """The words of the command line and of ``--file`` (None: the seed's rivers)."""
    if isinstance(words, str):
        words = [words]
    most = SHUFFLE_MAX_LETTERS          # a word has a letter at least
    words = list(words or ()) + (read_word_file(
        file, most=most, why=f": a scramble hides at most {most:,} letters")
        if file is not None else [])
    if words or file is not None:
        return check_words(words)
    return None


def refuse_repeats(words: list[str] | None) -> None:
    """A word hidden twice is refused: ``scramble solve`` finds each candidate once."""
    seen: dict[str, str] = {}
    for w in words or ():
        if w.lower() in seen:
            raise UsageError(f"{w} is hidden twice ({seen[w.lower()]} already): a scramble "
                             "hides different words, each found once by scramble solve")
        seen[w.lower()] = w


def open_make(hide=(), file=None, swaps=DEFAULT_SWAPS, randomizer="swap", *, seed: int,
              engine="clips", record: bool = True):
    """The scramble, paused before BUILD: the words (or the rivers) as facts, the
    limits checked before any engine starts. Each stage that reorders the ids notes
    the id line it leaves, for :func:`read_make`."""

    given = words_given(hide, file)
    if randomizer == "shuffle" and swaps != DEFAULT_SWAPS:     # it would change nothing
        raise UsageError("--swaps counts the swap randomizer's firings; the shuffle walks "
                         "each letter once: leave --swaps out")
    check_make(_letters(given), swaps, randomizer, record, engine)
    refuse_repeats(given)
    session = make_session(given, randomizer, record=record, engine=engine)
    if randomizer == "shuffle":
        session.seed(seed)
    notes = {"words": list(given) if given is not None else list(RIVERS), "swaps": swaps,
             "randomizer": randomizer}

    def note(stage, fired) -> None:
        if stage.name in ("BUILD", "RANDOMIZE", "SHUFFLE"):
            try:
                notes[stage.name] = [int(v) for v in _line_values(session)]
            except (UsageError, ValueError):    # facts changed by hand: nothing to note
                notes.pop(stage.name, None)

    def finish() -> str:
        return " ".join("".join(_line_values(session)).upper())

    def check_fact(spec, s) -> None:
        check_user_fact(spec, s, swaps, randomizer)

    what = " ".join(given) if given else "the seven rivers"
    if len(what) > 60:
        what = f"{len(given):,} words"
    return SessionPlan(session, stage_plan(swaps, randomizer), seed,
                       f"scramble of {what} (seed {seed})", finish, check_fact=check_fact,
                       notes=notes, on_stage_end=note)


def read_make(plan) -> Scramble:
    """The finished scramble, read back from the ``(text ...)`` line and the notes."""
    n = plan.notes
    return Scramble(line="".join(_line_values(plan.session)), words=n["words"], seed=plan.seed,
                    swaps=n["swaps"], ids=n.get("RANDOMIZE", n.get("SHUFFLE", [])),
                    build_ids=n["BUILD"], fired=dict(plan.fired),
                    randomizer=n["randomizer"], session=plan.session)


def check_user_fact(spec, session, swaps: int, randomizer: str) -> None:
    """A ``word`` or ``text`` fact asserted by hand: the line the rules would then
    make must stay within the plan's limits (the same check_make as the words given
    at the start), else UsageError before the rules see it."""

    if spec.relation not in ("word", "text"):
        return
    words = sum(len(r["values"]) - 1 for r in session.records("word"))
    lines = [len(r["values"]) - 1 for r in session.records("text")]
    new = len(spec.values) - 1
    if spec.relation == "word":
        words += new
    else:
        lines.append(new)
    check_make(max([words] + lines), swaps, randomizer, True)
