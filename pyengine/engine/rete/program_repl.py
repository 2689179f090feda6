"""A CLIPS command typed at the prompt of a .clp program on our engine.

As CLIPS's own REPL does: a constant or a variable (``?*x*``) gives its value, a call
(``(focus B)``, ``(assert (x 1))``, ``(list-focus-stack)``, ``(+ 1 2)``) runs and its
value is shown unless it is void, after what it printed. The text is read and checked
as on CLIPS (:func:`pyengine.engine.prompt.check_command`: no ``(run)``, ``(reset)``,
``(watch ...)`` inside it), then compiled in the program's scope (its templates,
functions and globals) and run with the program's host. Facts it changes are the
user's (their origin is "outside the rules"); an error after which CLIPS goes on
(``(focus NOSUCH)``) comes back as the command's error, as CLIPS prints it. A
command that cannot be compiled changes nothing: UsageError.
"""
from __future__ import annotations

from pyengine.engine.deep_calls import deep_calls
from pyengine.engine.clips_reader import Form, Variable
from pyengine.engine.clp.actions import Deffunction, ReturnSignal, sequence
from pyengine.engine.clp.functions_constructs import constructs_of
from pyengine.engine.clp.expressions import ClpError, ClpRuntimeError, Frame
from pyengine.engine.clp.values import FALSE, write_text
from pyengine.engine.errors import UsageError
from pyengine.engine.prompt import LISTS, check_command
from pyengine.engine.rete.program_pretty import COMMANDS as PRETTY
from pyengine.engine.experta_facts import fact_text
from pyengine.engine.records import CommandResult, FactView
from pyengine.engine.trace import fact_line
from pyengine.engine.rule_lines import Lines
from pyengine.engine.wording import tally


def command(session, text: str, form) -> CommandResult:
    """A command typed at the prompt of a .clp program: CLIPS's ``show-defglobals``,
    ``ppdefglobal`` and the other pretty-print commands, else :func:`evaluate`."""
    head = str(form[0]) if isinstance(form, Form) and form else None
    if head in COMMANDS:
        return CommandResult(tuple(COMMANDS[head](session.ke.program, session,
                                                  [str(a) for a in form[1:]])))
    if head == "facts":
        return CommandResult(tuple(facts(session, form[1:])))
    return evaluate(session, text)


def facts(session, args) -> list[str]:
    """CLIPS's ``(facts [MODULE] [START [END [MAX]]])``: the facts MODULE sees (the
    current module's; ``*`` every module's), indexes START to END, at most MAX; each
    argument may be an expression, as on CLIPS; nothing at all when no fact is listed."""
    program = session.ke.program
    values = [_value(program, arg) for arg in args]
    module = session.rete.agenda.focus.current
    if values and type(values[0]) is str:           # a symbol: the module
        module = values.pop(0)
        if module not in program.modules.names and module != "*":
            raise UsageError(f"[PRNTUTIL1] Unable to find defmodule '{module}'.")
    first = len(args) - len(values) + 1
    for at, value in enumerate(values, first):
        if type(value) is not int or value < 0 or at > 4:
            raise UsageError(f"[ARGACCES2] Function 'facts' expected argument #{at} to be "
                             "of type symbol or 'positive number'.")
    start, end, most = (values + [None, None, None])[:3]
    shown = [fact_line(fid, fact_text(f)) for fid, f in sorted(session.rete.facts.items())
             if (start is None or fid >= start) and (end is None or fid <= end)
             and (module == "*" or program.modules.visible(module, type(f)._clips_name))]
    shown = shown[:most] if most is not None else shown
    return shown + tally(len(shown), "fact", "facts")


def visible_facts(session, own: bool = False) -> list[FactView]:
    """The facts of ExpertaSession ``session`` the current module sees, as CLIPS's
    ``(facts)`` lists them (every fact without modules); ``own``: only those of the
    current module's own templates, as ``save-facts`` saves by default (``local``)."""
    program = getattr(session.ke, "program", None)
    if program is None or len(program.modules.names) == 1:
        return session.facts()
    current, modules = session.rete.agenda.focus.current, program.modules
    return [FactView(fid, fact_text(f)) for fid, f in session.rete.facts.items()
            if modules.visible(current, type(f)._clips_name)
            and not (own and modules.owner.get(type(f)._clips_name, "MAIN") != current)]


def _compiled(program, form):
    """``form`` typed at the prompt, compiled in the program's scope, the variables
    bound at the prompt known (ClpError if it cannot be)."""
    return sequence([form], program.scope.child(bound=set(program.prompt_vars),
                                                context="expression"), None)


def _value(program, arg) -> object:
    """An argument typed at the prompt, evaluated in the program's scope."""
    try:
        run = _compiled(program, arg)
        with deep_calls():
            return run(Frame(dict(program.prompt_vars), program.host))
    except ClpError as exc:
        raise UsageError(str(exc)) from None
    except ClpRuntimeError as exc:
        raise UsageError(exc.message) from None


def evaluate(session, text: str) -> CommandResult:
    """``text`` evaluated in the .clp program of ExpertaSession ``session``; a
    variable bound at the prompt (``(bind ?x 3)``) is kept for the next commands."""
    form = check_command(text)
    program = session.ke.program
    kept = program.prompt_vars
    try:
        run = _compiled(program, form)
    except ClpError as exc:
        raise UsageError(f"{text.strip()}: {exc}") from None
    frame = Frame(dict(kept), program.host)
    host, printed, session._changes = program.host, [], []

    def said(router, piece):            # printed, in order with the facts it changes
        printed.append(piece)
        session._changes.append(("said", piece))
    output, host.output = host.output, said
    session.take_warnings()
    value, error = None, None
    try:
        with deep_calls():
            value = run(frame)
    except ClpRuntimeError as exc:
        error, value = exc.message, value_after(form, exc, program.scope.functions)
    except ReturnSignal:
        pass
    finally:
        host.output = output
        changes, session._changes = session._changes, None
        kept.update(frame.vars)
    error = " ".join(t for t in (session.take_warnings(), error) if t) or None
    lines = "".join(printed).splitlines()
    if value is not None:
        lines.append(write_text(value))
    _tell_in_order(session, changes, lines[-1] if value is not None else None)
    return CommandResult(tuple(lines), error, told=bool(session.listeners))


def _tell_in_order(session, changes: list, value: str | None) -> None:
    """The command's fact changes (the user's), and to the session's listeners what it
    printed between them, line by line, as "said" events: CLIPS's watch writes the
    changes between the lines (a piece of a line left unfinished goes out before the
    change it came before, as in a firing); its value last."""
    def emit(line: str, sent: int) -> None:
        if line[sent:] or not sent:
            session._emit("said", line[sent:])
    lines = Lines(emit)
    for entry in changes:
        if entry[0] == "said":
            lines.write(entry[1])
            continue
        piece = lines.cut()
        if piece:
            session._emit("said", piece)
        session.outside_changes([entry])
    lines.end()
    if value is not None:
        session._emit("said", value)


#: the forms whose value is FALSE when an error stops them, as on CLIPS
_CONTROL = frozenset({"progn", "if", "while", "loop-for-count", "progn$", "foreach", "switch"})


def value_after(form, exc: ClpRuntimeError, functions: dict) -> object:
    """What CLIPS's prompt shows after the error ``exc`` in the command ``form``: the
    value of the function that failed, when it is the command itself or the value
    it binds (``bind`` binds it); FALSE for a control form; else None, nothing shown
    (CLIPS shows the value its outer function gives back then, which is its own)."""
    head = str(form[0]) if isinstance(form, Form) and form else None
    if head in _CONTROL or isinstance(getattr(functions.get(head), "impl", None), Deffunction) \
            or isinstance(form, Variable):      # a deffunction's value, a global's: FALSE
        return FALSE
    return exc.value if exc.calls == 1 else None


def _modules_asked(program, command: str, args: list[str]) -> list[str]:
    """The program's modules, once the command's argument (none, a module or ``*``)
    is checked."""
    modules = program.modules.names
    if len(args) > 1 or (args and args[0] != "*" and args[0] not in modules):
        raise UsageError(f"({command}) takes a module ({', '.join(modules)}) or *")
    return modules


def listing(s, command: str, args: list[str]) -> list[str]:
    """CLIPS's ``(list-defrules [MODULE|*])`` and the like for the .clp program of
    ExpertaSession ``s``: the current module's constructs (or a named module's), or
    with ``*`` every module's under its name; the tally last. Templates are listed as
    CLIPS makes them: a deftemplate, or a relation's implied one where it is first used
    (a pattern, an ``assert``, a deffacts, a fact typed at the prompt)."""
    program = s.ke.program
    modules = _modules_asked(program, command, args)
    kind, kinds = LISTS[command]
    if kind == "defmodule":
        return list(modules) + tally(len(modules), kind, kinds)
    found = constructs_of(program, kind)
    if args == ["*"]:
        lines = [line for m in modules
                 for line in [f"{m}:"] + [f"   {n}" for mm, n in found if mm == m]]
        count = len(found)
    else:
        module = args[0] if args else s.rete.agenda.focus.current
        lines = [n for m, n in found if m == module]
        count = len(lines)
    return lines + tally(count, kind, kinds)


def rule_names(s) -> list[str]:
    """The program's rules as CLIPS names and lists them (``list-defrules``): in the
    order defined, ``MODULE::name`` when it has several modules."""
    rules = s.rete.rules.values()
    if len(s.ke.program.modules.names) == 1:
        return [spec.name for spec in rules]
    return [f"{spec.module}::{spec.name}" for spec in rules]


def show_defglobals(program, session, args: list[str]) -> list[str]:
    """CLIPS's ``(show-defglobals [MODULE|*])``: each global of the module with its
    value (``?*x* = 3``), every module's under its name with ``*``."""
    modules = _modules_asked(program, "show-defglobals", args)
    globals_ = program.scope.globals

    def shown(module: str, indent: str) -> list[str]:
        return [f"{indent}?{name} = {write_text(globals_[name])}"
                for name, (m, _) in program.global_texts.items() if m == module]
    if args == ["*"]:
        return [line for m in modules for line in [f"{m}:"] + shown(m, "   ")]
    return shown(args[0] if args else session.rete.agenda.focus.current, "")


def ppdefglobal(program, session, args: list[str]) -> list[str]:
    """CLIPS's ``(ppdefglobal NAME)``: the global's definition, as written."""
    if len(args) != 1:
        raise UsageError("(ppdefglobal NAME) takes one global's name, without ?* *")
    found = program.global_texts.get(f"*{args[0]}*")
    if found is None:
        raise UsageError(f"[PRNTUTIL1] Unable to find defglobal '{args[0]}'.")
    return [found[1]]


#: CLIPS commands a .clp program on our engine answers itself
COMMANDS = {"show-defglobals": show_defglobals, "ppdefglobal": ppdefglobal, **PRETTY}
