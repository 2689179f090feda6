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

from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.stages import SessionPlan
from pyengine.engine.wording import plural
from pyengine.ui.queries import Text, keep_choices

EDITS = ("load_source", "build", "undefrule")     # the timeline's entries that change it


def load_file(session, path: str) -> str:
    """CLIPS's ``(load FILE)`` into the running session; what to say."""
    from pyengine.ui.sessions import clp_source
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


def deffacts_facts(text: str) -> list[str]:
    """The facts of the deffacts constructs in ``text``, as text, in order."""
    from pyengine.engine.clips_reader import Form, ReadError, Symbol, read
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
    from pyengine.ui.sessions import clp_source
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
    if typed:
        it = ("is", "it") if typed == 1 else ("are", "them")
        note += (f"; {plural(typed, 'construct')} typed at the prompt {it[0]} gone (put "
                 f"{it[1]} in a file to keep {it[1]})")
    return Reloaded(plan, new_factory, note)


def cleared_factory():
    """CLIPS's ``(clear)``: a factory of an empty CLIPS session (no rules, no facts)."""
    from pyengine.ui.sessions import open_clp

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


class ProgramVerbs:
    """The notebook Inspector's program verbs (it has ``session``, ``setup``,
    ``timeline``, ``runner``, ``_detach`` and ``_attach``): the shell's load, build,
    undefrule, ppdefrule, reload and clear."""

    reloaded = False

    def load(self, path) -> Text:
        """Load a CLIPS file's constructs into the session (CLIPS's ``(load)``)."""
        return Text(load_file(self.session, str(path)))

    def build(self, construct: str) -> Text:
        """Add one construct: ``build("(defrule r (a) => (assert (b)))")``."""
        return Text(f"defined {self.session.build(construct)}")

    def undefrule(self, name: str) -> Text:
        self.session.undefrule(name)
        return Text(f"removed rule {name}")

    def ppdefrule(self, name: str) -> Text:
        """The rule as the engine holds it (CLIPS's own form)."""
        return Text(self.session.pretty_rule(name))

    def reload(self) -> Text:
        """Read the program's files again and start afresh (CLIPS's ``(clear)``,
        ``(load)`` each file, ``(reset)``); constructs built here are dropped."""
        reopen = getattr(self.setup, "reopen", None) if self.setup is not None else None
        if reopen is None:
            raise UsageError("this session cannot be reloaded (it was not opened from files)")
        done = reload_plan(reopen, program_edits(self.timeline, reopen))
        return self._restart(done.plan, done.note)

    def clear(self) -> Text:
        """An empty CLIPS session: no rules, no facts (CLIPS's ``(clear)``)."""
        return self._restart(cleared_factory()(), "cleared: no rules, no facts")

    def _restart(self, plan, note: str) -> Text:
        old = self.runner
        self._detach()
        self._attach(plan)
        keep_choices(old, self.runner)
        old.session.close()                 # the one replaced: its engine's memory back now
        self.reloaded = True
        return Text(f"{note}; {plural(len(self.session.facts()), 'fact')}")
