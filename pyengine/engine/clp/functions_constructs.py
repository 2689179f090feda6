"""CLIPS's ``get-...-list`` functions on a .clp program run on our engine: the names of
the program's constructs as a multifield.

``(get-defrule-list)`` gives the rules of the current module, ``(get-defrule-list B)``
module B's, ``(get-defrule-list *)`` every module's, each named ``MODULE::name``; a
module that is not there gives ``()``, said as CLIPS says it. So do
``get-deftemplate-list`` (a relation's implied template too, where CLIPS makes it:
where the relation is first used), ``get-deffacts-list``, ``get-deffunction-list`` and
``get-defglobal-list`` (names without ``?* *``); ``(get-defmodule-list)`` gives the
modules. They read what the program defined, in order (the host's ``program``).
"""
from __future__ import annotations

from pyengine.engine.clp.errors import ClpRuntimeError, arg_error
from pyengine.engine.clp.expressions import HOST, Builtin


def constructs_of(program, kind: str) -> list[tuple[str, str]]:
    """(module, name) of each construct of the kind in the program, in the order
    defined; templates as CLIPS makes them (a relation's implied one where the relation
    is first used)."""
    if kind == "deftemplate":
        return [(module, name) for name, module in program.modules.owner.items()]
    return [(module, name) for k, module, name in program.defined if k == kind]


def program_of(host):
    """The program the host runs for (ClpRuntimeError where there is none)."""
    program = getattr(host, "program", None)
    if program is None:
        raise ClpRuntimeError("there is no program here to ask")
    return program


def _lister(fname: str, kind: str) -> Builtin:
    def listing(host, *args) -> tuple:
        if args and type(args[0]) is not str:      # CLIPS says both
            raise ClpRuntimeError(f"{arg_error(fname, 1, repr('defmodule name'))} "
                                  f"{arg_error(fname, 1, 'symbol')}")
        found = constructs_of(program_of(host), kind)
        if args and args[0] == "*":
            return tuple(f"{module}::{name}" for module, name in found)
        module = args[0] if args else host.focus_stack().current
        if not host.has_module(module):         # CLIPS says so and gives ()
            host.warn(arg_error(fname, 1, repr("defmodule name")).message)
        return tuple(name for m, name in found if m == module)
    return Builtin(0, 1, listing, HOST)


def modules(host) -> tuple:
    return tuple(program_of(host).modules.names)


TABLE: dict[str, Builtin] = {
    **{f"get-{kind}-list": _lister(f"get-{kind}-list", kind)
       for kind in ("defrule", "deftemplate", "deffacts", "deffunction", "defglobal")},
    "get-defmodule-list": Builtin(0, 0, modules, HOST),
}
