"""Programs a student writes in the page: checked in the server, compiled in the worker.

``POST /api/sessions`` with ``{"program": {"name": "my.clp", "source": TEXT,
"engine": "clips" | "ours"}}`` opens a session on a program of the student's own.
The server checks its shape (:func:`program_request`: the name, the engine, the
text's size) and passes it to the session's worker, which checks the text
(:func:`program_spec`, through :func:`pyengine.engine.clips_allow.check_program`:
the work is the student's worker's, not the server's) and compiles only the checked
text (:func:`program_factory`), on CLIPS through clipspy or on our engine; a refusal,
and a construct that does not compile, is one line naming its line
(:func:`compile_error`). Starter programs ship in ``starters/`` beside this
module, each a CLIPS program whose first comment line names it.
"""
from __future__ import annotations

import functools
import re
from importlib import resources

from pyengine.engine.clips_allow import ProgramLimits, ProgramRefused, check_program
from pyengine.engine.clips_program import Source
from pyengine.engine.errors import UsageError
from pyengine.ui import sessions

#: The engines a program may run on: the page's name -> the shell's.
ENGINES = {"clips": "clp", "ours": "experta"}
PROGRAM_LIMITS = ProgramLimits()
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,59}$")
_LINE = re.compile(r"\bline (\d+)(?:, column (\d+))?")
FIELDS = ("name", "source", "engine")


@functools.lru_cache(maxsize=1)
def starters() -> tuple[dict, ...]:
    """The starter programs: name, title (the first comment line's text after ``--``, to
    its first ``:`` or ``.``),
    engine and source, in name order; read once (package data: every page load asks
    for them)."""
    folder = resources.files("pyengine.ui.web") / "starters"
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".clp"):
            continue
        text = entry.read_text(encoding="utf-8")
        first = text.lstrip().splitlines()[0].lstrip(";").strip() if text.strip() else ""
        title = re.split(r"[:.]", first.split("--", 1)[1])[0].strip() if "--" in first \
            else entry.name
        out.append({"name": entry.name[:-4], "title": title, "engine": "clips",
                    "source": text})
    return tuple(out)


def program_name(given: dict) -> str:
    """The checked name of a requested program: letters, digits, ``_.-``, ``.clp``
    added (``program.clp`` when none is given)."""
    name = given.get("name") or "program.clp"
    if not isinstance(name, str) or not _NAME.match(name):
        raise UsageError("program name: 1 to 60 letters, digits, '_', '.' or '-'")
    return name if name.endswith(".clp") else name + ".clp"


def program_request(given) -> dict:
    """The request's ``program`` as the worker gets it: a name of letters, digits,
    ``_.-`` (``.clp`` added), an engine of :data:`ENGINES`, and its source, a text of
    at most the page's characters. Cheap: the text itself is checked by
    :func:`program_spec`, in the worker."""
    if not isinstance(given, dict) or not set(given) <= set(FIELDS):
        raise UsageError('program: {"name": "my.clp", "source": "(defrule ...)", '
                         '"engine": "clips" or "ours"}')
    name = program_name(given)
    engine = given.get("engine") or "clips"
    if engine not in ENGINES:
        raise UsageError(f"engine: {str(engine)[:20]!r} is not one (choose from "
                         f"{', '.join(ENGINES)})")
    source = given.get("source")
    if not isinstance(source, str):
        raise UsageError("program source: CLIPS text")
    if len(source) > PROGRAM_LIMITS.chars:
        raise ProgramRefused(f"the program is {len(source):,} characters; the page takes "
                             f"at most {PROGRAM_LIMITS.chars:,}")
    return {"name": name, "engine": engine, "source": source}


def program_spec(given) -> dict:
    """``given`` (a request's ``program``) checked whole: :func:`program_request`, then
    its text through our allow-list. What the engine gets is the checked text (``text``:
    our reader's tokens written back); ``rules``: how many rules it defines."""
    program = program_request(given)
    checked = check_program(program["source"], PROGRAM_LIMITS, program["engine"])
    return {"name": program["name"], "engine": program["engine"], "text": checked.text,
            "rules": sum(1 for kind, _, _ in checked.constructs if kind == "defrule")}


def program_factory(program: dict):
    """A factory opening the checked program on its engine, as any target's; the first
    call compiles it, and a compile error is a ProgramRefused naming its line."""
    inner = sessions.plan_factory(ENGINES[program["engine"]],
                                  target=[Source(program["name"], program["text"])])

    def factory():
        try:
            return inner()
        except ProgramRefused:
            raise
        except UsageError as exc:
            raise compile_error(exc, program) from None
    factory.fresh = inner.fresh
    return factory


def compile_error(exc: UsageError, program: dict) -> ProgramRefused:
    """One line for a program that does not compile, with its line, which both engines
    name (CLIPS's message is placed by :func:`pyengine.engine.clips_errors.placed`)."""
    text = str(exc)
    found = _LINE.search(text)
    if found is None:
        body = text.split(": ", 1)[-1] if text.startswith("cannot load") else text
        return ProgramRefused(body.strip().splitlines()[0] if body.strip()
                              else "it does not compile")
    message = text[found.end():].lstrip(": ").splitlines() or [text]
    column = int(found.group(2)) if found.group(2) else None
    return ProgramRefused(message[0], int(found.group(1)), column)
