"""CLIPS's functions that ask or set how the engine runs a .clp program on ours.

* ``(get-salience-evaluation)``, ``(set-salience-evaluation when-defined |
  when-activated | every-cycle)``: when a rule's salience expression is evaluated
  again (:mod:`pyengine.engine.rete.agenda`); the setter gives the old setting back;
  ``(refresh-agenda [MODULE | *])`` evaluates the saliences of a module's
  activations (the current module's; every module's with ``*``) and sorts its agenda
  again.
* ``(get-fact-duplication)``, ``(set-fact-duplication VALUE)``: whether an assert of
  a fact equal to one in the list makes a second fact (any value but FALSE turns it
  on); the setter gives the old setting back.
* ``(get-fact-list [MODULE | *])``: the facts a module sees (the current one's; every
  fact with ``*``), in fact-list order; ``(assert-string TEXT)``: the fact the text
  writes, asserted as ``assert`` would (FALSE if it cannot be read or is there).
* ``(dependencies FACT)``: the partial matches that hold the fact up (its logical
  supports), newest first, one line each (``f-2,*``: a ``not`` shows ``*``), or
  ``None``; ``(dependents FACT)``: the facts held up by a partial match holding it,
  in fact-list order on one line (``f-4,f-5``), or ``None``. ``FACT`` is a fact
  address or a fact index.

They need the program's engine (the host's ``engine``); the words of their errors
are CLIPS's.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, ReadError, read, uses_variable
from pyengine.engine.clp.actions_facts import compile_fact
from pyengine.engine.clp.errors import ClpError, ClpRuntimeError, arg_error
from pyengine.engine.clp.expressions import HOST, Builtin, Frame
from pyengine.engine.clp.functions_constructs import program_of
from pyengine.engine.clp.functions_facts import fact_gone
from pyengine.engine.clp.values import FALSE, Text, is_fact
from pyengine.engine.rete.agenda import SALIENCE_EVALUATION


def _engine(host):
    engine = getattr(host, "engine", None)
    if engine is None:
        raise ClpRuntimeError("there is no engine here to ask")
    return engine


def get_salience_evaluation(host) -> str:
    return _engine(host).agenda.salience_evaluation


def set_salience_evaluation(host, setting) -> str:
    agenda = _engine(host).agenda
    old = agenda.salience_evaluation
    if type(setting) is not str:
        raise arg_error("set-salience-evaluation", 1, "symbol")
    if setting not in SALIENCE_EVALUATION:      # CLIPS says so and gives the old one
        host.warn(arg_error("set-salience-evaluation", 1, "symbol with value "
                            "when-defined, when-activated, or every-cycle").message)
    else:
        agenda.salience_evaluation = setting
    return old


def refresh_agenda(host, *module) -> None:
    agenda = _engine(host).agenda
    if module and type(module[0]) is not str:
        raise arg_error("refresh-agenda", 1, "symbol")
    name = module[0] if module else host.focus_stack().current
    if name == "*":
        agenda.refresh(program_of(host).modules.names)
    elif host.has_module(name):
        agenda.refresh([name])
    else:                                       # CLIPS says so and goes on
        host.warn(arg_error("refresh-agenda", 1, "'defmodule name'").message)


def get_fact_duplication(host) -> str:
    return "TRUE" if _engine(host).facts.duplicates else "FALSE"


def set_fact_duplication(host, value) -> str:
    facts = _engine(host).facts
    old = "TRUE" if facts.duplicates else "FALSE"
    facts.duplicates = value != FALSE
    return old


def get_fact_list(host, *module) -> tuple:
    program = program_of(host)
    name = module[0] if module else host.focus_stack().current
    if type(name) is not str:                       # a number, a string: the action stops
        raise arg_error("get-fact-list", 1, "symbol")
    if name != "*" and not host.has_module(name):   # CLIPS says so and gives ()
        host.warn(arg_error("get-fact-list", 1, "defmodule name").message)
        return ()
    return tuple(f for _, f in _engine(host).facts.items()
                 if name == "*" or program.modules.visible(name, type(f)._clips_name))


def assert_string(host, text) -> object:
    """The first fact ``text`` writes, asserted (or the equal one already there);
    FALSE, CLIPS's error said, if it does not read as a fact of constants."""
    program = program_of(host)
    if type(text) is not Text:
        raise arg_error("assert-string", 1, "string")
    try:
        forms = read(str(text))
        if not forms:
            raise ClpError("one fact, in parentheses")
        said = _refused(forms[0], program.templates)    # CLIPS reads the first fact only
        if said is not None:
            host.warn(said)
            return FALSE
        make = compile_fact(forms[0], program.scope.child(bound=()), forms[0])
    except (ReadError, ClpError):       # CLIPS stops the action there
        raise ClpRuntimeError("Syntax Error: Check appropriate syntax for RHS patterns.",
                              code="PRNTUTIL2") from None
    return make(Frame({}, host))


def _refused(form, templates: dict) -> str | None:
    """CLIPS's words for a fact text holding a variable or naming a slot its template
    has not; None for any other."""
    if uses_variable([form]):
        return "[PRNTUTIL6] Local variables can not be accessed by the assert-string " \
               "function."
    slots = templates.get(str(form[0])) if isinstance(form, Form) and form else None
    for group in form[1:] if slots is not None else ():
        if isinstance(group, Form) and group and str(group[0]) not in slots:
            return f"[TMPLTDEF1] Invalid slot '{group[0]}' not defined in corresponding " \
                   f"deftemplate '{form[0]}'."
    return None


def _fact(host, fname: str, target):
    """The fact ``target`` names, or None once CLIPS's words are said (a fact index
    not there, a retracted fact, a symbol: CLIPS looks for an instance; anything
    else)."""
    engine = _engine(host)
    if type(target) is int or is_fact(target):
        gone = fact_gone(host, target)
        if gone is not None:                    # CLIPS says so and goes on
            host.warn(gone)
            return None
        # after a modify an address is the modified fact
        return engine.facts.get(target) if type(target) is int else host.live(target)
    if type(target) is str:
        host.warn(f"[PRNTUTIL1] Unable to find instance {target}.")
    else:                                       # CLIPS says so and goes on
        host.warn(arg_error(fname, 1, "integer, symbol, instance name, instance "
                            "address, or fact address").message)
    return None


def _short(tok) -> str:
    """A partial match as CLIPS prints it: its facts' ids, ``*`` for a not/exists."""
    return ",".join("*" if am is None else f"f-{am.fact['__factid__']}" for am in tok.ams)


def dependencies(host, target) -> None:
    fact = _fact(host, "dependencies", target)
    if fact is None:
        return
    links = _engine(host).truth.links(fact["__factid__"])
    text = "".join(f"{_short(tok)}\n" for tok in reversed(links)) or "None\n"
    host.printout("stdout", text)


def dependents(host, target) -> None:
    fact = _fact(host, "dependents", target)
    if fact is None:
        return
    engine = _engine(host)
    held = [f"f-{fid}" for fid, _ in engine.facts.items()
            if any(any(am is not None and am.fact is fact for am in tok.ams)
                   for tok in engine.truth.links(fid))]
    host.printout("stdout", (",".join(held) or "None") + "\n")


TABLE: dict[str, Builtin] = {
    "get-salience-evaluation": Builtin(0, 0, get_salience_evaluation, HOST, returns="symbol"),
    "set-salience-evaluation": Builtin(1, 1, set_salience_evaluation, HOST, args="symbol",
                                       returns="symbol"),
    "refresh-agenda": Builtin(0, 1, refresh_agenda, HOST, args="symbol"),
    "get-fact-duplication": Builtin(0, 0, get_fact_duplication, HOST, returns="boolean"),
    "set-fact-duplication": Builtin(1, 1, set_fact_duplication, HOST, returns="boolean"),
    "get-fact-list": Builtin(0, 1, get_fact_list, HOST, args="symbol", returns="multifield"),
    "assert-string": Builtin(1, 1, assert_string, HOST, args="string"),
    "dependencies": Builtin(1, 1, dependencies, HOST, args="fact"),
    "dependents": Builtin(1, 1, dependents, HOST, args="fact"),
}
