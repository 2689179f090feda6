"""Real-size CLIPS programs (``clp/*.clp``), run from their source on CLIPS and on
our engine: the firings (rule and matched ids), the final fact base and what the
rules printed, under each deterministic strategy.

Every program stops by itself (its agenda empties, or a rule calls ``(halt)``)
well under its firing limit under all six strategies; the firings differ between
strategies, the outcome of one strategy is compared between the engines.

What :class:`~pyengine.engine.clips.ClipsSession` reports, as checked on CLIPS 6.4
(clipspy):

* Rule names in the trace (``Firing.rule``) are bare, without their module:
  ``next-phase``, ``add-line``, ``blocked-customer`` for ``MAIN::next-phase``,
  ``PRICE::add-line`` and ``CHECK::blocked-customer`` (modules.clp). This is what
  CLIPS's own ``(watch rules)`` prints (``FIRE 3 add-line: f-12,f-3,f-6``), so two
  modules that each have a rule of one name give the same name in the trace (no
  program here does). ``rules()`` lists them qualified (``PRICE::add-line``).
* ``facts()`` lists the facts of every module (not only those MAIN can see, as
  CLIPS's ``(facts)`` command would from MAIN), each template name bare:
  ``(discount (order 4) (cents 579))`` for a ``PRICE::discount`` fact.
* A prompt and the line read make one printed line: ``(printout t "Answer? ")``
  then ``(read)`` of ``yes`` gives ``Answer? yes`` in ``printed``. The whole line
  typed is shown, although ``(read)`` takes only its first token and CLIPS drops
  the rest of the line. After a ``crlf`` (no prompt pending) the printed line is
  the text typed alone; at the end of the input (the reader gives None; the rule
  reads the symbol ``EOF``) it is the prompt alone. The programs' ``.input`` files
  hold exactly the lines they read, so none of them meets the end of its input.
* ``(halt)`` ends the run after the rule's actions; ``halted`` is then True only
  if activations are left (counters.clp); manners halts on an empty agenda
  (``halted`` False). As the session watches rules, CLIPS also warns
  ``[PRCCODE4] WARNING: Execution halted during the actions of defrule 'NAME'.``
  after such a rule (CLIPS does so whenever a watched rule halts). It is not part
  of ``printed``; CLIPS writes it on the process's standard output unless the
  session is quiet, so the sessions here are quiet and it lands in
  ``diagnostics``.
* A modified fact keeps its index (CLIPS 6.4): the final facts of a ``modify``
  chain show the fact under its first index with its last values.

Things the programs avoid because CLIPS 6.4 would make them awkward to compare:
rules without patterns (6.4 has no ``initial-fact``; such a rule is activated by
``(reset)``), ``str-compare`` results other than their sign, a ``(halt)`` before
other actions of a rule (CLIPS still runs them), and searches whose size depends
on the strategy (Manners extends only the newest seating; the monkey works only on
the newest goal).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pyengine.engine.clips import ClipsSession
from pyengine.ui import web as web_package

HERE = Path(__file__).parent
CLP_DIR = HERE / "clp"
#: The page's starter programs are conformance programs too (pyengine serve offers them).
STARTERS_DIR = Path(web_package.__file__).parent / "starters"
STRATEGIES = ("depth", "breadth", "lex", "mea", "simplicity", "complexity")

# name -> (the .clp file, the file of input lines for its reads or None, firing limit)
PROGRAMS: dict[str, tuple[str, str | None, int]] = {
    "family": ("family.clp", None, 2000),
    "zebra": ("zebra.clp", None, 500),
    "manners8": ("manners8.clp", None, 1000),
    "manners16": ("manners16.clp", None, 2000),
    "waltz": ("waltz.clp", None, 2000),
    "sudoku4": ("sudoku4.clp", None, 1000),
    "sudoku9": ("sudoku9.clp", None, 3000),
    "animal": ("animal.clp", "animal.input", 500),
    "monkey": ("monkey.clp", None, 500),
    "modules": ("modules.clp", None, 500),
    "bank": ("bank.clp", None, 1000),
    "strings": ("strings.clp", None, 1000),
    "lists": ("lists.clp", None, 1000),
    "lights": ("lights.clp", None, 1000),
    "counters": ("counters.clp", None, 1000),
    "numbers": ("numbers.clp", None, 1000),
    "rpn": ("rpn.clp", "rpn.input", 1000),
    "routes": ("routes.clp", None, 1000),
}

ENGINES = ("clips", "ours")


def path_of(name: str) -> Path:
    """Where a program's file is: this suite's folder, or the page's starters."""
    here = CLP_DIR / PROGRAMS[name][0]
    return here if here.exists() else STARTERS_DIR / PROGRAMS[name][0]


def input_lines(name: str) -> list[str] | None:
    """The lines a program's reads are given, one a read; None if it reads nothing."""
    input_file = PROGRAMS[name][1]
    if input_file is None:
        return None
    return (CLP_DIR / input_file).read_text(encoding="utf-8").splitlines()


def session(name: str, engine: str, strategy: str):
    """A fresh session of the program on ``engine`` ("clips" or "ours"), reset, not run."""
    path = path_of(name)
    if engine == "clips":
        s = ClipsSession([path])
    elif engine == "ours":
        from pyengine.engine.experta import ExpertaSession
        s = ExpertaSession.from_clp([path])
    else:
        raise ValueError(f"unknown engine {engine!r} (choose from {', '.join(ENGINES)})")
    s.quiet()               # CLIPS's warnings to s.diagnostics, not the process's stdout
    s.strategy = strategy
    lines = input_lines(name)
    if lines is not None:
        todo = list(lines)
        s.set_input(lambda prompt: todo.pop(0) if todo else None)
    s.reset()
    return s


@dataclass(frozen=True)
class Run:
    """One program run to its end (or its limit) under one strategy."""

    fired: int
    limit: int
    halted: bool
    agenda_left: int
    firings: tuple[str, ...]      # "rule: ids"
    facts: tuple[str, ...]        # "f-N text"
    printed: tuple[str, ...]

    @property
    def finished(self) -> bool:
        """Stopped by itself under its limit: the agenda is empty or a rule halted."""
        return self.fired < self.limit and (self.agenda_left == 0 or self.halted)

    def fact_texts(self) -> list[str]:
        return [f.split(" ", 1)[1] for f in self.facts]


@lru_cache(maxsize=None)
def run(name: str, engine: str, strategy: str) -> Run:
    limit = PROGRAMS[name][2]
    s = session(name, engine, strategy)
    try:
        fired = s.run(limit)
        return Run(fired=fired, limit=limit, halted=bool(s.halted),
                   agenda_left=s.agenda_size(),
                   firings=tuple(f"{f.rule}: {','.join(map(str, f.matched))}" for f in s.trace),
                   facts=tuple(f"f-{f.id} {f.text}" for f in s.facts()),
                   printed=tuple(s.printed))
    finally:
        close = getattr(s, "close", None)
        if close is not None:
            close()


def outcome(name: str, engine: str, strategy: str) -> tuple[list[str], list[str], list[str]]:
    """(firings as "rule: ids", final facts as "f-N text", printed lines)."""
    r = run(name, engine, strategy)
    return list(r.firings), list(r.facts), list(r.printed)
