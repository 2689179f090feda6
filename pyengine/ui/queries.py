"""What the shell and the notebook both ask of a session, answered once.

``facts`` selections (a relation, a piece of text, a glob, one id, an id range as
CLIPS's ``(facts START END MAX)``), a fact shown in full, the templates, the globals,
``matches``, and ``modify``'s slot list, so that ``facts f-17`` in the shell and
``Inspector.facts("f-17")`` in a notebook give the same answer on both engines.
"""
from __future__ import annotations

import html
import re
from contextlib import contextmanager

from pyengine.engine.clips_reader import Form, ReadError, read
from pyengine.engine.clips_values import FactSpec, read_fact, read_slots
from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import is_digits
from pyengine.engine.session import FactView, Session
from pyengine.engine.trace import change_line, matches_lines
from pyengine.engine.wording import plural

_ID = re.compile(r"^[fF]-(\d+)$")
WATCHABLE = ("facts", "rules", "activations")
STATISTICS = "statistics"      # the shell also watches CLIPS's statistics of a run
#: The most firings one ``run``, ``stage`` or ``run_all`` makes in the shell or a notebook
#: when no number is given: an endless program stops there, whole (run again to go on).
RUN_CAP = 100_000


class Text:
    """Lines of text that print as themselves and render as ``<pre>`` in Jupyter
    (never a quoted string repr)."""

    def __init__(self, lines: list[str] | str | None):
        if lines is None:
            lines = []
        self._lines = lines.splitlines() if isinstance(lines, str) else list(lines)

    def lines(self) -> list[str]:
        return list(self._lines)

    def __str__(self) -> str:
        return "\n".join(self._lines)

    __repr__ = __str__

    def __eq__(self, other) -> bool:
        if isinstance(other, Text):
            return self._lines == other._lines
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    __hash__ = None

    def __bool__(self) -> bool:
        return bool(self._lines)

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"


class Note(Text):
    """An answer the shell prints as its own lines (``;; strategy depth``, ``;; reset:
    3 facts``); a notebook shows it as plain text, the web page as its message."""


class Changes(Text):
    """Facts changed by hand (assert, retract, modify): the ``==>`` / ``<==`` lines the
    shell prints (unless it watches facts, when the run's events print them), and a
    ``;;`` note; for a notebook the facts themselves (``.id``, ``.text``, iterating
    them); for the web page one line, :meth:`message`."""

    def __init__(self, verb: str, facts: list[FactView], changes=(), note: str = ""):
        self.verb, self.facts, self.note = verb, list(facts), note
        self.changes = [change_line(arrow, f.id, f.text) for arrow, f in changes]
        super().__init__(self.changes + ([f";; {note}"] if note else []))

    def lines(self, changes: bool = True) -> list[str]:
        return super().lines() if changes else [f";; {self.note}"] if self.note else []

    def told(self, lines: list[str]) -> None:
        """The changes as the engine told them (a modify with the slots it changed, the
        activations they made: the notebook's answer)."""
        self.changes = list(lines)
        self._lines = self.changes + ([f";; {self.note}"] if self.note else [])

    def message(self) -> str:
        """``asserted f-6 (note one), f-7 (note two)``, each fact once, and the note."""
        once = {f.id: f for f in self.facts}.values()
        said = f"{self.verb} " + ", ".join(f"f-{f.id} {f.text}" for f in once)
        return f"{said}; {self.note}" if self.note else said

    @property
    def id(self) -> int:
        return self.facts[0].id

    @property
    def text(self) -> str:
        return self.facts[0].text

    @property
    def name(self) -> str:
        return self.facts[0].name

    def __iter__(self):
        return iter(self.facts)

    def __len__(self) -> int:
        return len(self.facts)

    def __getitem__(self, i):
        return self.facts[i]


class MatchesView(Text):
    """``matches RULE``: each pattern with its source text and matching facts, the
    partial matches of the joins, the activations (the engine's Matches as text)."""

    def __init__(self, matches, output: str = "verbose"):
        self.matches = matches
        super().__init__(matches_lines(matches, output))


def select_facts(session: Session, words: list[str] | str | None = None,
                 contains: str | None = None, every_module: bool = False) -> list[FactView]:
    """The facts ``words`` selects among those the current module sees, as CLIPS's
    ``(facts)`` (``every_module``, or ``*`` first: every module's):

    * nothing: every fact;
    * ``f-17``: that one fact (UsageError if it is not in the fact base);
    * ``START [END [MAX]]`` (numbers): as CLIPS's ``(facts START END MAX)``, the facts
      with START <= id <= END, at most MAX of them;
    * one word that is a relation name: the facts of that relation, exactly
      (``rank`` is not ``rank-level``);
    * a glob (``*word 3*``) or any other text: facts whose text matches or holds it.

    ``contains``: only facts whose text holds this piece of text."""
    if isinstance(words, str):
        words = words.split()
    words = list(words or [])
    if words[:1] == ["*"]:
        every_module, words = True, words[1:]
    facts = session.facts() if every_module else session.visible_facts()
    if contains:
        facts = [f for f in facts if contains in f.text]
    if not words:
        return facts
    if len(words) == 1 and _ID.match(words[0]):
        fid = int(_ID.match(words[0]).group(1))
        return [session.fact(fid)]
    if is_digits(words[0]):
        return _id_range(facts, words)
    if re.fullmatch(r"-\d+", words[0]):        # (facts -1): CLIPS refuses it too
        raise UsageError(f"facts {words[0]}: a fact range starts at a positive number")
    pattern = " ".join(words)
    name = pattern.split("::")[-1]          # a template as MODULE::name too
    if len(words) == 1 and any(f.name == name for f in facts):
        return [f for f in facts if f.name == name]
    if any(c in pattern for c in "*?"):
        pieces = _glob_pieces(pattern)
        return [f for f in facts if _glob_in(f.text, pieces)]
    return [f for f in facts if pattern in f.text]


def _glob_pieces(pattern: str) -> list:
    """A glob's pieces between its ``*`` s: each a plain string, or (with ``?``, one
    character) a compiled regex of fixed length."""
    pieces: list = []
    for piece in pattern.split("*"):
        if "?" in piece:
            pieces.append(re.compile(".".join(re.escape(p) for p in piece.split("?")), re.S))
        elif piece:
            pieces.append(piece)
    return pieces


def _glob_in(text: str, pieces: list) -> bool:
    """Does some part of ``text`` match the glob? Each piece found leftmost after the
    one before: linear searches, no backtracking (a ``*`` needs no more)."""
    at = 0
    for piece in pieces:
        if isinstance(piece, str):
            at = text.find(piece, at)
            if at < 0:
                return False
            at += len(piece)
        else:
            m = piece.search(text, at)
            if m is None:
                return False
            at = m.end()
    return True


def _id_range(facts: list[FactView], words: list[str]) -> list[FactView]:
    if len(words) > 3 or not all(is_digits(w) for w in words):
        raise UsageError("facts START [END [MAX]] takes whole numbers, e.g. facts 10 20 5")
    start, end, most = [int(w) for w in words] + [None] * (3 - len(words))
    shown = [f for f in facts if f.id >= start and (end is None or f.id <= end)]
    return shown if most is None else shown[:most]


def full_text(session: Session, fact_id: int) -> Text:
    """``show ID``: the fact with every value in full."""
    return Text([f"f-{fact_id:<5} {session.fact_full(fact_id)}"])


def templates_text(session: Session) -> Text:
    defs = session.templates()
    return Text([line for d in defs for line in d.splitlines()]
                + [f"For a total of {plural(len(defs), 'template')}."])


def globals_text(session: Session) -> Text:
    values = session.globals()
    return Text([f"{name} = {value}" for name, value in values.items()]
                + [f"For a total of {plural(len(values), 'global')}."])


def parse_slots(text: str) -> dict[str, object]:
    """``(slot value) (other v w)`` -> {"slot": value, "other": (v, w)}, read by our CLIPS
    reader (constant values only: symbols, "strings", numbers)."""
    if not text.strip():
        raise UsageError("modify which slots? e.g. modify f-3 (sex female)")
    return read_slots(text)


def fact_records(session: Session, facts: list[FactView]) -> list[dict]:
    """One dict per fact: ``id``, ``relation``, then one key per slot (an ordered
    fact's values under ``values``), values in full, numbers as numbers."""
    out = []
    bulk = getattr(session, "facts_values", None)    # CLIPS: the values it holds
    known = bulk([f.id for f in facts]) if bulk is not None else {}
    for f in facts:
        values = known.get(f.id) or session.fact_values(f.id)
        if values is not None:
            out.append({"id": f.id, "relation": f.name, **values})
            continue
        try:
            text = session.fact_full(f.id)
        except (UsageError, NotImplementedError):
            text = f.text
        out.append({"id": f.id, **fact_fields(text)})
    return out


def fact_fields(text: str) -> dict:
    """``(person (name Ann) (age 3))`` -> {"relation": "person", "name": "Ann", "age": 3};
    ``(text # 1 2)`` -> {"relation": "text", "values": ("#", 1, 2)} (read by our CLIPS
    reader; symbols and strings as ``str``, numbers as numbers)."""
    try:
        forms = read(text, max_depth=3)
    except ReadError:
        forms = []
    if len(forms) != 1 or not isinstance(forms[0], Form) or not forms[0]:
        return {"relation": text.strip().strip("()").split(" ", 1)[0]}
    form = forms[0]
    out: dict = {"relation": _plain(form[0])}
    loose = []
    for item in form[1:]:
        if not isinstance(item, Form):
            loose.append(_plain(item))
        elif item:
            vals = [_plain(v) for v in item[1:]]
            out[_plain(item[0])] = vals[0] if len(vals) == 1 else tuple(vals)
    if loose:
        out["values"] = tuple(loose)
    return out


def _plain(value):
    if isinstance(value, (int, float)) or type(value) is str:
        return value
    return str(value) if not isinstance(value, Form) else " ".join(map(str, value))


def user_fact(fact, setup, session: Session):
    """A fact a user asserts by hand: text read by our CLIPS reader into a FactSpec
    (constant values only), checked by the puzzle's own limits (``setup.check_fact``);
    an engine's fact object as it is."""
    spec = read_fact(fact) if isinstance(fact, str) else fact
    check = getattr(setup, "check_fact", None)
    if isinstance(spec, FactSpec) and check is not None:
        check(spec, session)
    return spec


@contextmanager
def unheard(session):
    """The session's listeners off meanwhile: what we ask or set is not the user's."""
    listeners, session.listeners = session.listeners, []
    try:
        yield
    finally:
        session.listeners = listeners


def keep_choices(old_runner, new_runner) -> None:
    """After a reset: the strategy and the seed the user chose stay, as CLIPS keeps
    its strategy across ``(reset)``. (Set on the new session, so its timeline journals
    them and going back keeps them too.)"""
    if old_runner is None or new_runner is None:
        return
    strategy = old_runner.user_strategy
    if strategy != new_runner.session.strategy:
        new_runner.session.strategy = strategy
    if old_runner.seed is not None and old_runner.seed != new_runner.seed:
        new_runner.session.seed(old_runner.seed)
        new_runner.seed = old_runner.seed


def breakpoints(session) -> list[str]:
    """The rules with a breakpoint, ``MODULE::name`` (from ``(show-breaks *)``)."""
    try:
        lines = session.command("(show-breaks *)").lines
    except UsageError:
        return []
    module, out = "MAIN", []
    for line in lines:
        if line.endswith(":") and not line.startswith(" "):
            module = line[:-1]
        elif line.strip():
            out.append(f"{module}::{line.strip()}")
    return out


def keep_breaks(old, new) -> None:
    """After a reset: the breakpoints stay, as CLIPS keeps them across ``(reset)`` (set
    on the new session, so its timeline journals them)."""
    for name in breakpoints(old):
        new.command(f"(set-break {name})")


def walk_capped(runner, session: Session, n: int | None = None,
                until: int | None = None) -> tuple[int, str]:
    """Fire ``n`` rules (None: up to :data:`RUN_CAP`) through the stage runner (or the
    bare session); the firings, and a note when the cap stopped them."""
    limit = RUN_CAP if n is None else n
    fired = runner.walk(limit, until) if runner is not None else session.run(limit)
    if n is None and fired >= RUN_CAP and session.agenda(1):
        return fired, (f"stopped at {RUN_CAP:,} firings, the most one run makes without a "
                       "number: run again to go on (or run N)")
    return fired, ""


def watch_items(arg: str) -> set[str]:
    """``facts rules`` / ``all`` -> the set of things to watch; UsageError otherwise."""
    items = set()
    for word in arg.split():
        if word == "all":
            items |= set(WATCHABLE)
        elif word in WATCHABLE:
            items.add(word)
        else:
            raise UsageError(f"cannot watch {word!r} (choose from {', '.join(WATCHABLE)}, all)")
    return items


def travel_note(firing: int, session: Session, runner) -> str:
    """What back and goto say: where the session is now. (Not the number of facts:
    listing a big fact base costs more than going back.)"""
    where = ""
    if runner is not None and not runner.done:
        st = runner.current.name
        where = f"; in stage {st}" if runner.active else f"; next stage {st}"
    return (f"before firing {firing}: {plural(len(session.trace), 'firing')} so far, "
            f"{activations_said(session)} on the agenda{where}")


def activations_said(session: Session) -> str:
    """``3 activations``, and how many other modules hold: ``0 activations (3 in other
    modules)`` (the agenda is the current module's, as CLIPS's)."""
    elsewhere = session.activations_elsewhere()
    said = plural(session.agenda_size(), "activation")
    return f"{said} ({elsewhere} in other modules)" if elsewhere else said
