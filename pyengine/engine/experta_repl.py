"""The CLIPS commands an experta session understands, typed at the prompt as in CLIPS.

experta has no CLIPS REPL, but some of CLIPS's commands have a meaning for it, and
:meth:`ExpertaSession.command` gives them the same output as CLIPS 6.4 (one module,
MAIN): breakpoints (``set-break``, ``remove-break``, ``show-breaks``: a run stops
before a rule with a breakpoint, as CLIPS's does), ``halt`` (nothing to stop at the
prompt), ``refresh``, ``save-facts``, ``ppfact``, ``agenda`` of a module (or ``*``:
:mod:`pyengine.engine.experta_views`) and the ``list-*`` commands, with CLIPS's layout
(the names, then "For a total of N defrules."). On a .clp program any other command is evaluated
by the program's compiler (:mod:`pyengine.engine.rete.program_repl`); on a Python
rule file it is CLIPS's, and one line says so.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patched before experta loads)
from pyengine.engine.clips_reader import Form, ReadError, read
from pyengine.engine.errors import UsageError
from pyengine.engine.textio import writable_file
from pyengine.engine.experta_views import agenda, ppfact
from pyengine.engine.prompt import LISTS
from pyengine.engine.records import CommandResult
from pyengine.engine.rete import program_repl
from pyengine.engine.wording import tally
from pyengine.engine.rete.from_experta import class_members

from experta import DefFacts  # noqa: E402



#: the commands answered here on both kinds of experta session
OWN = frozenset(LISTS) | {"set-break", "remove-break", "show-breaks", "halt", "save-facts",
                          "refresh", "ppfact", "agenda"}


VIEWS = {"ppfact": ppfact, "agenda": agenda}


def listing(names: list[str], what: str, all_modules: bool) -> list[str]:
    """CLIPS's listing of one kind of construct in module MAIN (``*``: with its header);
    show-breaks has no tally."""
    lines = (["MAIN:"] + [f"   {n}" for n in names]) if all_modules and what != "list-defmodules" \
        else list(names)
    return lines + (tally(len(names), *LISTS[what]) if what in LISTS else [])


def command(s, text: str) -> CommandResult:
    """``text`` typed at the prompt of ExpertaSession ``s`` (see the module)."""
    try:
        forms = read(text)
    except ReadError as exc:
        raise UsageError(f"cannot read {text.strip()!r}: {exc}") from None
    form = forms[0] if len(forms) == 1 else None
    program = hasattr(s.ke, "program")
    if program and not (isinstance(form, Form) and form and str(form[0]) in OWN):
        return program_repl.command(s, text, form)  # a .clp program's own commands
    if not isinstance(form, Form) or not form:
        raise UsageError(f"{text.strip()}: a CLIPS command; this is an experta session")
    name, args = str(form[0]), [str(a) for a in form[1:]]
    if name in LISTS:
        return CommandResult(tuple(program_repl.listing(s, name, args) if program
                                   else _list(s, name, args)))
    if name in ("set-break", "remove-break", "show-breaks"):
        return CommandResult(tuple(_breaks(s, name, args)))
    if name == "halt":
        return CommandResult()
    if name == "save-facts":
        return CommandResult(tuple(_save_facts(s, args)))
    if name == "refresh":
        return CommandResult(tuple(_refresh(s, args)))
    if name in VIEWS:
        return VIEWS[name](s, args)
    if name == "retract":
        return _retract(s, args)
    raise UsageError(f"({name}) is a CLIPS command; this is an experta session")


def _retract(s, args: list[str]) -> CommandResult:
    """CLIPS's ``(retract 2 99 3)`` of fact indexes (or ``*``): each fact there goes,
    each one not there or not an index is said, in CLIPS's words, and the rest go on."""
    errors = []
    for n, arg in enumerate(args, 1):
        if arg == "*":
            for f in s.facts():
                s.retract(f.id)
        elif arg.isdigit():
            try:
                s.retract(int(arg))
            except UsageError:
                errors.append(f"[PRNTUTIL1] Unable to find fact f-{int(arg)}.")
        else:
            errors.append(f"[ARGACCES2] Function 'retract' expected argument #{n} to be of "
                          "type fact-address, fact-index, or the symbol *.")
    return CommandResult(error=" ".join(errors) or None)


def _list(s, name: str, args: list[str]) -> list[str]:
    if len(args) > 1 or (args and args[0] not in ("*", "MAIN")):
        raise UsageError(f"({name}) takes a module: MAIN or * (an experta session has one)")
    if name not in LISTS:
        return []
    names = {"list-defrules": lambda: rule_order(s),
             "list-deftemplates": lambda: sorted(s.classes),
             "list-deffacts": lambda: deffacts(type(s.ke)),
             "list-defmodules": lambda: ["MAIN"]}.get(name, list)()
    return listing(names, name, bool(args) and args[0] == "*")


def rule_order(s) -> list[str]:
    """The rules in the order they were defined (CLIPS lists them so)."""
    return list(s.rete.rules)


def deffacts(engine_class) -> list[str]:
    """The engine's ``@DefFacts`` methods, in the order they were defined."""
    return list(class_members(engine_class, DefFacts))


def _save_facts(s, args: list[str]) -> list[str]:
    """CLIPS's ``(save-facts FILE [local|visible])``: each fact on a line; the count.
    ``local`` (the default): the facts of the current module's own templates."""
    if not args or len(args) > 2 or args[1:] not in ([], ["local"], ["visible"]):
        raise UsageError("(save-facts FILE [local|visible]) takes a file")
    facts = program_repl.visible_facts(s, own=args[1:] != ["visible"])
    try:
        with open(writable_file(args[0]), "w", encoding="utf-8") as out:
            out.write("".join(s.fact_full(f.id) + "\n" for f in facts))
    except OSError as exc:
        raise UsageError(f"cannot write {args[0]}: {exc.strerror or exc}") from None
    return [str(len(facts))]


def _refresh(s, args: list[str]) -> list[str]:
    """CLIPS's ``(refresh RULE)``: the rule's fired activations back on the agenda."""
    if len(args) != 1:
        raise UsageError("(refresh RULE) takes one rule")
    s.rete.refresh(s._rule(args[0]))
    return []


def break_before(s, act) -> bool:
    """Is ``act`` (the next activation) of a rule with a breakpoint? Then the run stops
    here, as CLIPS's does ("break" event: CLIPS prints "Breaking on rule NAME.")."""
    if act.name not in s.breakpoints:
        return False
    s.ke.running = False
    s._emit("break", act.name)
    return True


def _breaks(s, name: str, args: list[str]) -> list[str]:
    if name == "show-breaks":
        _list(s, name, args)                # the module: MAIN or *
        found = [r for r in rule_order(s) if r in s.breakpoints]
        return listing(found, name, bool(args) and args[0] == "*")
    args = [s._rule(a).name for a in args]  # as activations name them (no module)
    if name == "set-break":
        if len(args) != 1:
            raise UsageError("(set-break RULE) takes one rule")
        s.breakpoints.add(args[0])
    elif name == "remove-break":
        if args and args[0] not in s.breakpoints:
            raise UsageError(f"Rule {args[0]} does not have a breakpoint set.")
        s.breakpoints -= set(args) if args else set(s.breakpoints)
    return []

