"""What differs between the two ways rules reach our engine, asked of one object.

An :class:`~pyengine.engine.experta.ExpertaSession` runs either a student's experta
class or a CLIPS program read from .clp files. The few things that differ (which
fact classes there are, how a fact typed at the prompt is read, how a value typed
for ``modify`` is held, what ``records`` gives, the staging fact, a rule in experta's
form) are answered by the session's *front*: :class:`ClassFront` here for a class,
:class:`~pyengine.engine.rete.program_engine.ProgramEngine` for a program. The
session itself never asks which of the two it runs.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.experta_facts import all_fact_classes, parse_fact, plain
from pyengine.engine.experta_inspect import engine_values
from pyengine.engine.staging import Stage


class ClassFront:
    """The front of a student's experta class."""

    value = staticmethod(plain)     # a value typed for modify: symbols and strings as str

    def __init__(self, ke):
        self.ke = ke

    def attach(self, session) -> None:
        """The session reads and prints for the rules: ``self.read_line`` in a rule."""
        self.ke.read_line = session._read_line

    def classes(self) -> dict:
        return all_fact_classes(self.ke)

    def close(self) -> None:
        """Nothing to give back (a student's class holds its own state)."""

    def globals(self, services: dict) -> dict[str, str]:
        """What the rules read as ``self.NAME`` (:func:`.experta_inspect.engine_values`)."""
        return engine_values(self.ke, services)

    def fact_from_text(self, fact, classes: dict):
        """Declare a fact typed as CLIPS text (or a FactSpec)."""
        return self.ke.declare(parse_fact(fact, classes))

    @staticmethod
    def records(kind, cls, found: list) -> list:
        if cls is None:
            raise UsageError(f"no fact class {kind!r} in this engine")
        return found

    @staticmethod
    def stage_fact(name: str):
        return Stage(name)

    @staticmethod
    def rule_python(spec, session) -> str:
        return session.rule_source(spec.name)       # written in experta already
