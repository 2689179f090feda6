"""A CLIPS session's program: the text of every construct it holds, as it was loaded.

A session reads each file once (:func:`read_source`) and loads the text it read
(CLIPS's ``LoadFromString``), so a file edited afterwards changes nothing until the
user reloads: ``rules NAME`` shows the rule that is loaded, and stepping back replays
the program that ran (a timeline journals every :class:`Source` loaded or construct
built at the prompt with its text). :func:`defrule_in` finds a rule's construct in
those texts with our CLIPS reader, with the comment lines just above it.
"""
from __future__ import annotations

from dataclasses import dataclass

import clips
from clips import common

from pyengine.engine import clips_snapshot
from pyengine.engine.clips_c import load_from_string
from pyengine.engine.clips_errors import placed
from pyengine.engine.clips_guard import guarded
from pyengine.engine.clips_reader import Form, ReadError, defrule_in, read
from pyengine.engine.errors import UsageError
from pyengine.engine.textio import read_file_text
from pyengine.engine.clips_repl import find_rule
from pyengine.engine.rete.clips_rewrites import rule_past_limit

PROMPT = "(prompt)"          # the name of a construct typed at the prompt


@dataclass(frozen=True)
class Source:
    """Constructs as loaded: where they came from (a file's path as given, or
    :data:`PROMPT`) and their text."""

    name: str
    text: str

    @property
    def is_file(self) -> bool:
        return self.name != PROMPT


def read_source(path) -> Source:
    """A CLIPS file read once, as strict UTF-8 (see :mod:`pyengine.engine.textio`)."""
    return Source(str(path), read_file_text(path, "CLIPS file"))


def load(env, source: Source) -> None:
    """Load the constructs of ``source`` into a clipspy environment, as ``(load)``
    would read them from its file; UsageError (CLIPS's own message on one line, with
    the line it stopped at: :func:`~pyengine.engine.clips_errors.placed`) if it cannot."""
    past = rule_past_limit(source.text)
    if past is not None:
        raise UsageError(f"cannot load {source.name}: {past}")
    if not load_from_string(env._env, source.text):
        raise UsageError(f"cannot load {source.name}: {placed(source.text, error_text(env))}")


def error_text(env) -> str:
    """CLIPS's error message as it printed it, its lines kept (clipspy's own joins
    them): ``[PRNTUTIL2] Syntax Error:  Check appropriate syntax for defrule.``, then
    ``ERROR:`` and the construct as far as CLIPS read it."""
    routers = common.environment_data(env._env, "routers")
    return routers["python-error-router"].last_message.strip("\n")


def build(env, text: str) -> Source:
    """One construct typed at the prompt, ``(defrule ...)`` and the like."""
    try:
        forms = read(text)
    except ReadError as exc:
        raise UsageError(f"cannot read the construct: {exc}") from None
    if len(forms) != 1 or not isinstance(forms[0], Form) or not forms[0] \
            or not str(forms[0][0]).startswith("def"):
        raise UsageError("write one construct, e.g. (defrule NAME (pattern) => (action))")
    past = rule_past_limit(text)
    if past is not None:
        raise UsageError(f"cannot build {forms[0][0]}: {past}")
    try:
        env.build(text)
    except clips.CLIPSError as exc:
        raise UsageError(f"cannot build {forms[0][0]}: {placed(text, str(exc))}") from None
    return Source(PROMPT, text)


def construct_count(source: Source) -> int:
    """How many constructs a source defines (0 if our reader cannot read it)."""
    try:
        return sum(1 for f in read(source.text) if isinstance(f, Form) and f)
    except ReadError:
        return 0


def pretty_form(rule) -> str:
    """CLIPS's own pretty-printed form of a loaded rule (what ``(ppdefrule)`` shows)."""
    try:
        from clips._clips import ffi, lib

        pp = lib.DefrulePPForm(rule._ptr())
        if pp != ffi.NULL:
            return ffi.string(pp).decode().rstrip()
    except (ImportError, AttributeError):
        pass
    return str(rule)


class ProgramMixin:
    """The program's verbs of a ClipsSession (which has ``env``, ``sources``, its
    router and ``_check_halted``): a rule's source as loaded, CLIPS's pretty form, and
    what the prompt may change: load a file, build a construct, remove a rule."""

    def rule_source(self, name: str) -> str:
        """The rule as loaded (the text of the file read when it was loaded, not the
        file as it is now), with its comment; else CLIPS's pretty form."""
        rule = self._rule(name)
        for source in reversed(self.sources):
            found = defrule_in(source.text, name)
            if found:
                return found
        return pretty_form(rule)

    def pretty_rule(self, name: str) -> str:
        """CLIPS's ``(ppdefrule NAME)``: the loaded rule as CLIPS prints it."""
        return pretty_form(self._rule(name))

    def _rule(self, name: str):
        return find_rule(self.env, name)        # MODULE::name, or a name in any module

    def load_source(self, source: Source) -> int:
        """Load a file's constructs into the running session (CLIPS's ``(load)``); the
        number of constructs. Rules load with activations for the facts there."""
        with guarded(self.env._env, self._router.errors.drop) as watch:
            load(self.env, source)
        self._check_halted(watch, f"load {source.name}")
        self.sources.append(source)
        clips_snapshot.changed(self)
        return construct_count(source)

    def build(self, text: str) -> str:
        """One construct typed at the prompt (``(defrule ...)``, ``(deffacts ...)``,
        ``(deftemplate ...)`` ...); what it defined, e.g. ``defrule fever``."""
        source = build(self.env, text)
        self.sources.append(source)
        clips_snapshot.changed(self)
        return " ".join(str(text).split()[:2]).lstrip("(")

    def undefrule(self, name: str) -> None:
        """CLIPS's ``(undefrule NAME)``: the rule goes, with its activations."""
        try:
            self._rule(name).undefine()
        except clips.CLIPSError as exc:
            raise UsageError(f"cannot remove {name}: {exc}") from None
        clips_snapshot.changed(self)
