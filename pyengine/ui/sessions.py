"""Opening a rule session by name, for the shell and the notebook.

The names are the registry's shell entries (:func:`pyengine.puzzles.registry.shell_entries`:
``PUZZLE``, ``PUZZLE-ACTION`` ...), opened through their declared ``open``
functions with the same options as the puzzle's command, plus two of the
inspector's own: ``clp FILE.clp ...`` (any CLIPS rule files) and
``experta MODULE:CLASS`` (any experta engine), each with an optional stage plan.
"""
from __future__ import annotations

import contextlib
import functools
import os
import sys
from typing import Callable

from pyengine.engine.errors import ActionErrors, UsageError
from pyengine.engine.numbers import is_digits
from pyengine.engine.session import STRATEGIES
from pyengine.engine.stages import SessionPlan, Stage
from pyengine.engine.textio import shown
from pyengine.puzzles import registry
# load_class and split_spec are this module's names too (the notebook and tests use them)
from pyengine.ui.engine_files import Loaded, first_line, load_class, split_spec  # noqa: F401
from pyengine.puzzles.base import check_name, kind_of
from pyengine.engine.clips_program import Source
from pyengine.ui.cli import parse_action_args
from pyengine.ui.cli import Parser
from pyengine.engine.clips import ClipsSession
from pyengine.engine.clips_program import read_source
from pyengine.engine.clips_reader import MAX_DEPTH, ReadError, read
from pyengine.engine.clips_reader import nesting_depth
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.clp.errors import ClpError
from pyengine.engine.rete.program import load_program
from pyengine.experta import KnowledgeEngine
from pyengine.engine.session import new_seed

STAGE_HELP = ("a stage of the plan (repeat for more, in order); its staging fact is (NAME) "
              "in CLIPS and Stage(NAME) in experta")
GENERIC = {
    "clp": ("any CLIPS file", "FILE.clp ... [--stage NAME[:LIMIT[:STRATEGY]]] ..."),
    "experta": ("any experta engine, or CLIPS files on our engine",
                "FILE.py[:CLASS] or MODULE[:CLASS] or FILE.clp ... [--stage ...]"),
}


def names() -> list[str]:
    """Every name the shell can open: the registry's entries, then clp and experta."""
    return list(registry.shell_entries()) + list(GENERIC)


def descriptions() -> list[tuple[str, str]]:
    """(name, one line) for each name, for the shell's help."""
    out = []
    for name, (puzzle, action) in registry.shell_entries().items():
        out.append((name, f"{action.help} ({puzzle.engine}); options as "
                          f"'pyengine {puzzle.name}{'' if action.name == puzzle.default else ' ' + action.name}'"))
    for name, (what, usage) in GENERIC.items():
        out.append((name, f"{what}: {usage}"))
    return out


# -- by name, with keyword arguments (the notebook) ----------------------------------------

def open_plan(name: str, action: str | None = None, **options) -> SessionPlan:
    """The session of ``name`` (see :func:`names`), its options as keyword arguments
    checked by the declaration; UsageError for a bad name or value."""
    if check_name(name, "the puzzle") in GENERIC:
        if action is not None:
            raise UsageError(f"{name} has no actions")
        return _generic(name, **options)
    return _action(name, action).open_plan(**options)


def _action(name: str, action: str | None):
    """The action a shell entry (``PUZZLE-ACTION``) or a puzzle and action name."""
    entries = registry.shell_entries()
    if action is None and name in entries:
        return entries[name][1]
    return registry.get(name).openable(action)


def plan_factory(name: str, action: str | None = None, **options) -> Callable[[], SessionPlan]:
    """A function that opens ``name`` as :func:`open_plan` does; each call opens it
    afresh with the seed of the first (so reset, back and goto repeat the same
    puzzle), and sets the plan's ``reopen`` to itself. Files are read (an engine's
    class imported) once; the factory's ``fresh()`` is a new factory that reads them
    again (``reload``)."""
    if check_name(name, "the puzzle") not in GENERIC:
        factory = _action(name, action).opener(**options)
        factory.fresh = lambda: factory         # a puzzle's rules are the package's own
        return factory
    given = dict(options)
    options = dict(options)
    clp_on_ours = name == "experta" and options.get("target") is not None and is_clp(
        options["target"] if isinstance(options["target"], (list, tuple)) else [options["target"]])
    if name == "experta" and isinstance(options.get("target"), str) and not clp_on_ours:
        options["target"] = Loaded(options["target"], load_class(options["target"]))
    if (name == "clp" or clp_on_ours) and options.get("target") is not None:   # read once
        options["target"] = [f if not isinstance(f, str) else clp_source(f)
                             for f in _targets("clp", options["target"])]

    def factory() -> SessionPlan:
        plan = open_plan(name, action, **options)
        if options.get("seed") is None and plan.seed is not None:
            options["seed"] = plan.seed
        plan.reopen = factory
        return plan
    factory.fresh = lambda: plan_factory(name, action, **{**given, "seed": options.get("seed")})
    return factory


def _generic(name: str, target=None, stage=(), strategy: str | None = None,
             seed: int | None = None, **unknown) -> SessionPlan:
    if unknown:
        raise UsageError(f"{name}: unknown option {sorted(unknown)[0]!r} "
                         "(options: seed, stage, strategy, target)")
    if target is None:
        raise UsageError(f"{name}: give target= ({GENERIC[name][1].split(' [')[0]})")
    targets = _targets(name, target)
    stages = [s if isinstance(s, Stage) else stage_spec(s) for s in
              _listed(stage, (str, Stage), "stage", "a stage name or a list of stages")]
    if strategy is not None and strategy not in STRATEGIES:
        raise UsageError(f"unknown strategy {strategy!r} (choose from {', '.join(STRATEGIES)})")
    opener = open_clp if name == "clp" else open_experta
    plan = opener(targets, stages, strategy, seed)
    plan.program = True
    return plan


def _listed(value, kinds: tuple, what: str, expected: str) -> list:
    """``value`` (one of ``kinds``, or a list or tuple of them) as a list; UsageError
    naming ``expected`` otherwise."""
    items = [value] if isinstance(value, kinds) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(v, kinds) for v in items):
        raise UsageError(f"{what}: expected {expected}, not {kind_of(value)}")
    return list(items)


def _targets(name: str, target) -> list:
    """clp: paths (str or os.PathLike) or sources read before; experta: one engine
    class or spec."""
    if name == "clp":
        paths = [os.fspath(t) if isinstance(t, os.PathLike) else t for t in
                 _listed(target, (str, os.PathLike, Source), "target",
                         "a .clp path or a list of them")]
        if not paths or not all(isinstance(t, (str, Source)) for t in paths):
            raise UsageError("target: expected a .clp path or a list of them")
        return paths
    if is_clp(target if isinstance(target, (list, tuple)) else [target]):
        return _targets("clp", target)
    return _listed(target, (str, type, Loaded), "target",
                   "an engine class, or FILE.py[:CLASS] or MODULE[:CLASS]")


def is_clp(targets) -> bool:
    """Whether these targets are CLIPS files (run by ``experta`` on our engine)."""
    items = [os.fspath(t) if isinstance(t, os.PathLike) else t for t in targets]
    return bool(items) and all(isinstance(t, Source) or (isinstance(t, str) and
                                                         t.lower().endswith(".clp"))
                               for t in items)


# -- by command-line words (the shell) --------------------------------------------------------

def opener(name: str, argv: list[str]) -> Callable[[], SessionPlan]:
    """A function that opens ``name`` with the command-line words ``argv`` (checked
    now: UsageError, or argparse's exit for bad words); each call opens it afresh with
    the seed of the first, so the shell's ``reset`` repeats the same puzzle."""
    if name in GENERIC:
        return _generic_opener(name, argv)
    entries = registry.shell_entries()
    if name not in entries:
        raise UsageError(f"unknown puzzle {name!r} (choose from {', '.join(names())})")

    action = entries[name][1]
    factory = action.opener(**parse_action_args(action, list(argv), f"pyengine shell {name}"))
    factory.fresh = lambda: factory         # a puzzle's rules are the package's own
    return factory


def _generic_opener(name: str, argv: list[str]) -> Callable[[], SessionPlan]:
    """``clp`` / ``experta`` opened with the shell's words: read as options, then
    opened as the notebook opens them (:func:`plan_factory`)."""
    args = _generic_parser(name).parse_args(argv)
    target = args.target if name == "clp" or is_clp(args.target) or len(args.target) != 1 \
        else args.target[0]
    return plan_factory(name, target=target, stage=args.stage, strategy=args.strategy,
                        seed=args.seed)


def _generic_parser(name: str):

    what, _ = GENERIC[name]
    p = Parser(prog=f"pyengine shell {name}", description=f"Open {what} in the shell.")
    p.add_argument("target", nargs="+", metavar="FILE.clp" if name == "clp" else "FILE",
                   help="CLIPS files to load, in order" if name == "clp"
                   else "FILE.py[:CLASS] or MODULE[:CLASS], or CLIPS files (run on our engine)")
    p.add_argument("--stage", action="append", default=[], metavar="NAME[:LIMIT[:STRATEGY]]",
                   help=STAGE_HELP)
    p.add_argument("--strategy", default=None,
                   help=f"conflict resolution: {', '.join(STRATEGIES)}")
    p.add_argument("--seed", type=int, default=None, help="seed for the random strategy")
    return p


def stage_spec(text: str) -> Stage:
    """``NAME[:LIMIT[:STRATEGY]]`` -> Stage."""
    name, _, rest = text.partition(":")
    limit_text, _, strategy = rest.partition(":")
    if not name:
        raise UsageError(f"--stage {text!r}: give a name, e.g. --stage GO or --stage MIX:10:random")
    limit = None
    if limit_text:
        if not is_digits(limit_text):
            raise UsageError(f"--stage {text!r}: the limit must be a number of firings")
        limit = int(limit_text)
    if strategy and strategy not in STRATEGIES:
        raise UsageError(f"--stage {text!r}: strategy must be one of {', '.join(STRATEGIES)}")
    return Stage(name, limit=limit, strategy=strategy or None)


# -- any rule file, any engine ------------------------------------------------------------------

def open_clp(files: list, stages: list[Stage], strategy: str | None = None,
             seed: int | None = None) -> SessionPlan:
    """Any CLIPS files, loaded in order, with a stage plan: paths (read now, see
    :func:`clp_source`) or the :class:`~pyengine.engine.clips_program.Source` s a
    factory read once (so reopening the plan loads the program that ran first)."""

    sources = [f if isinstance(f, Source) else clp_source(f) for f in files]
    names = " ".join(s.name for s in sources)
    _refuse_unclosed(sources)
    try:
        with _stderr_kept():        # CLIPS writes the error on stderr too: say it once
            session = ClipsSession(sources=sources)
    except UsageError:          # a file CLIPS cannot load: its message, placed
        raise
    except Exception as exc:  # clips.CLIPSError: CLIPS's whole message, as it prints it
        raise UsageError(f"cannot load {names}: {str(exc).strip()}") from None
    session.notes = program_notes(sources)
    return _plan(session, stages, strategy, seed, names)


def _refuse_unclosed(sources) -> None:
    """A '(' never closed, said where it opens, as our engine says it: CLIPS names the
    construct after it ("Missing function declaration for 'deffacts'")."""
    for source in sources:
        said = _never_closed(source.text)
        if said:
            raise UsageError(f"{source.name}: {said}")


@functools.lru_cache(maxsize=8)
def _never_closed(text: str) -> str:
    """Our reader's words for a '(' the text never closes ("" if none): read once per
    program, as a plan reopened to step back loads the same text."""
    try:
        read(text)
    except ReadError as exc:
        return str(exc) if "is never closed" in str(exc) else ""
    return ""


def program_notes(sources) -> list[str]:
    """What our reader notes of a program that CLIPS runs (how it runs where its text
    does not say; none if our engine refuses the program). Read once per program: a
    plan reopened to step back loads the same texts."""
    return list(_notes(tuple((s.name, s.text) for s in sources)))


@functools.lru_cache(maxsize=8)
def _notes(texts: tuple) -> tuple[str, ...]:
    try:
        return tuple(load_program(texts=texts).notes)
    except ClpError:
        return ()


def clp_source(path: str):
    """A .clp file read once: a regular file of UTF-8 text without NUL bytes (CLIPS
    would read anything else mangled, silently), nested at most MAX_DEPTH deep; else
    one line naming the file (and the first bad byte's offset)."""

    if not os.path.lexists(path):
        raise UsageError(f"cannot read {shown(path)}: no such file")
    source = read_source(path)
    if nesting_depth(source.text, stop_above=MAX_DEPTH) > MAX_DEPTH:
        raise UsageError(f"cannot load {shown(path)}: parentheses nested more than "
                         f"{MAX_DEPTH:,} deep, as deep as CLIPS's parser takes")
    return source


@contextlib.contextmanager
def _stderr_kept():
    """Keep what C code writes on file descriptor 2 (CLIPS's own error text) off the
    terminal while a file loads."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_experta(targets: list[str], stages: list[Stage], strategy: str | None = None,
                 seed: int | None = None) -> SessionPlan:
    """Any experta KnowledgeEngine (``FILE.py[:CLASS]`` or ``MODULE[:CLASS]``; the
    class may be left out when the file defines one engine), with a stage plan."""

    if targets and all(isinstance(t, Source) or is_clp([t]) for t in targets):
        sources = [t if isinstance(t, Source) else clp_source(t) for t in targets]
        session = ExpertaSession.from_clp(sources=sources, seed=seed or 0)
        return _plan(session, stages, strategy, seed, " ".join(s.name for s in sources))
    if len(targets) != 1:
        raise UsageError("give one engine, as FILE.py[:CLASS] or MODULE[:CLASS], "
                         "or CLIPS files (FILE.clp ...)")
    target = targets[0]
    if isinstance(target, Loaded):
        target, cls = target.spec, target.cls
    else:
        cls = target if isinstance(target, type) else load_class(target)
    if not issubclass(cls, KnowledgeEngine):
        raise UsageError(f"{cls.__name__} is not a KnowledgeEngine class")
    session = ExpertaSession(cls, seed=seed or 0)
    label = target if isinstance(target, str) else f"{cls.__module__}:{cls.__name__}"
    return _plan(session, stages, strategy, seed, label)


def reset_opened(session) -> None:
    """A session's reset as it opens, quiet (CLIPS's error text as our engine says it):
    one that stops part way opens as CLIPS's does, with what the reset asserted before
    it stopped, and says why in ``reset_said`` and its notes."""
    try:
        session.quiet(True)
        session.reset()
    except ActionErrors as exc:
        session.notes.append(str(exc))
        session.reset_said = str(exc)
    finally:
        session.quiet(False)


def _plan(session, stages: list[Stage], strategy: str | None, seed: int | None,
          label: str) -> SessionPlan:

    if seed is None and (strategy == "random" or any(s.strategy == "random" for s in stages)):
        seed = new_seed()
    if seed is not None:                # before the reset: its activations draw numbers
        session.seed(seed)
    reset_opened(session)
    if strategy:
        session.strategy = strategy
    title = f"{label} [{session.engine}]" + (f" (seed {seed})" if seed is not None else "")
    return SessionPlan(session, stages, seed, title, None)
