"""Changing a session's program at the prompt, the same in the shell and a notebook:
load a CLIPS file, build a construct typed there, remove a rule, start again from the
files as they are now (``reload``), or from nothing (``clear``).

What is changed at the prompt is journaled by the session's timeline with its text,
so ``back`` and ``goto`` replay the program that ran. ``reset`` keeps it (CLIPS's
``(reset)`` keeps every construct). ``reload`` is CLIPS's ``(clear)``, ``(load)`` of
each file (those of the command line and those loaded at the prompt, read again),
``(reset)``: constructs typed at the prompt are gone (put them in a file to keep them),
and the timeline starts afresh there, so going back stops at the reload rather than
replay firings made by rules that are no longer the ones loaded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.clips_inspect import set_globals
from pyengine.engine.stages import SessionPlan
from pyengine.engine.wording import plural
from pyengine.ui.queries import keep_breaks, keep_choices, unheard
from pyengine.ui.sessions import clp_source
from pyengine.engine.clips_reader import Form
from pyengine.engine.clips_reader import ReadError
from pyengine.engine.clips_reader import Symbol
from pyengine.engine.clips_reader import read
from pyengine.ui.sessions import open_clp, reset_opened

EDITS = ("load_source", "build", "undefrule")     # the timeline's entries that change it


def load_file(session, path: str) -> str:
    """CLIPS's ``(load FILE)`` into the running session; what to say."""
    n = session.load_source(clp_source(path))
    return f"loaded {path}: {plural(n, 'construct')}"


def program_edits(timeline, factory=None) -> list:
    """The program changes made at the prompt, in order (journal entries): those a
    reset carried into the factory, then the timeline's."""
    made = list(getattr(factory, "edits", ()))
    return made + ([e for e in timeline.journal if e.action in EDITS]
                   if timeline is not None else [])


def with_edits(factory, edits: list):
    """A factory whose plans have the program changes ``edits`` made again, then the
    facts of the deffacts they brought asserted, as CLIPS's ``(reset)`` asserts every
    deffacts of the program: ``reset`` keeps what was loaded and typed at the prompt."""
    base = getattr(factory, "base", factory)
    if not edits:
        return factory

    def wrapped() -> SessionPlan:
        plan = base()
        s = plan.session
        for entry in edits:
            getattr(type(s), entry.action)(s, *entry.args)
        for entry in edits:
            if entry.action in ("load_source", "build"):
                source = entry.args[0]
                for fact in deffacts_facts(source if isinstance(source, str) else source.text):
                    s.assert_fact(fact)
        plan.reopen = wrapped
        return plan
    wrapped.base, wrapped.edits, wrapped.fresh = base, edits, getattr(base, "fresh", None)
    return wrapped


#: CLIPS's settings a ``(reset)`` keeps, with their values at the start: each one the
#: user changed is set again on the session a reset opens, before its own reset (a
#: setting decides what that reset makes: equal deffacts facts, saliences, globals)
SETTINGS = {"fact-duplication": "FALSE", "salience-evaluation": "when-defined",
            "reset-globals": "TRUE", "sequence-operator-recognition": "FALSE",
            "dynamic-constraint-checking": "FALSE"}


def settings_of(session) -> list[str]:
    """The ``(set-...)`` commands that make a new session's settings this one's (those
    its engine has; none on a rule file in Python): a typed ``(reset)`` kept none of
    them (a teacher's finding: CLIPS's reset keeps every one)."""
    out = []
    with unheard(session):
        for name, start in SETTINGS.items():
            try:
                now = session.command(f"(get-{name})")
            except UsageError:
                continue
            value = now.lines[-1] if now.error is None and now.lines else start
            if value != start and re.fullmatch(r"[A-Za-z-]+", value):   # a word, no more
                out.append(f"(set-{name} {value})")
    return out


def with_settings(factory, settings: list[str], values: dict | None = None,
                  seed: int | None = None):
    """A factory whose program plans have ``settings`` (from :func:`settings_of`) and
    the user's ``seed`` (a typed ``(seed N)``: CLIPS's reset draws from it) made before
    the engine's own reset, and the defglobals' ``values`` after it where the program
    keeps them across a reset. A puzzle's plan (facts asserted from Python) is left as
    it opens. Settings a factory had from an earlier reset are replaced."""
    factory = getattr(factory, "unset", factory)
    if not settings and seed is None:
        return factory

    def wrapped() -> SessionPlan:
        plan = factory()
        if plan.program and (settings or seed != plan.seed):
            with unheard(plan.session):
                if seed is not None:
                    plan.session.seed(seed)
                    plan.seed = seed        # the runner's: not seeded again after
                for command in settings:
                    plan.session.command(command)
                reset_opened(plan.session)
            set_globals(plan.session, values or {})
        plan.reopen = wrapped
        return plan
    wrapped.base, wrapped.edits = getattr(factory, "base", factory), getattr(factory, "edits", ())
    wrapped.fresh, wrapped.unset = getattr(factory, "fresh", None), factory
    return wrapped


def deffacts_facts(text: str) -> list[str]:
    """The facts of the deffacts constructs in ``text``, as text, in order."""
    try:
        forms = read(text)
    except ReadError:
        return []
    out = []
    for form in forms:
        if isinstance(form, Form) and form and form[0] == Symbol("deffacts"):
            out += [text[f.start:f.end] for f in form[1:] if isinstance(f, Form)]
    return out


@dataclass
class Reloaded:
    """A reload's new plan and what to say about it."""

    plan: SessionPlan
    factory: object
    note: str


def reload_plan(factory, edits: list) -> Reloaded:
    """The plan opened afresh from the files as they are now (the factory's ``fresh``),
    with the files loaded at the prompt read and loaded again; constructs typed at the
    prompt are dropped, and the note says how many."""
    fresh = getattr(factory, "fresh", None)
    if fresh is None:
        raise UsageError("this session cannot be reloaded (it was not opened from files)")
    new_factory = fresh()
    plan = new_factory()
    read = [s.name for s in getattr(plan.session, "sources", ()) if s.is_file] or [plan.title]
    files = [e.args[0].name for e in edits if e.action == "load_source"]
    for name in files:
        plan.session.load_source(clp_source(name))
    typed = sum(1 for e in edits if e.action == "build")
    note = f"reloaded {', '.join(read)}" + (f" and {', '.join(files)}" if files else "")
    note += "".join("; " + text for text in plan.session.notes)
    if typed:
        it = ("is", "it") if typed == 1 else ("are", "them")
        note += (f"; {plural(typed, 'construct')} typed at the prompt {it[0]} gone (put "
                 f"{it[1]} in a file to keep {it[1]})")
    return Reloaded(plan, new_factory, note)


def cleared_factory():
    """CLIPS's ``(clear)``: a factory of an empty CLIPS session (no rules, no facts)."""

    def factory() -> SessionPlan:
        plan = open_clp([], [], None, None)
        plan.title = "an empty CLIPS session"
        plan.reopen = factory
        return plan
    factory.fresh = lambda: factory
    return factory


def back_refused(exc: UsageError, reloaded: bool) -> UsageError:
    """A refused back, with why when the session was reloaded on the way."""
    if not reloaded:
        return exc
    return UsageError(f"{exc} (the program was reloaded there: going back stops at the "
                      "reload, whose firings were made by rules no longer loaded)")


def restart(front, plan: SessionPlan, factory, reload: bool = False) -> None:
    """Put ``plan`` in the place of the front's session (reset, reload, clear): the
    strategy and seed the user chose stay; a reset keeps the breakpoints too, as CLIPS's
    ``(reset)`` does, and a reload marks where going back stops. The replaced session's
    engine memory is given back now."""
    old = front.runner
    front.reopened(plan, factory)
    keep_choices(old, front.runner)
    if reload:
        front.reloaded = True
    else:
        keep_breaks(old.session, front.session)
    old.session.close()
