"""The focus stack and the current module, as CLIPS 6.4 keeps them.

``(focus A B)`` puts B then A on the stack (A runs first; a module already on top is
not put there twice) and makes A the current module; ``get-focus`` and ``pop-focus``
give the top (FALSE for an empty stack); ``clear-focus-stack`` empties it (a run then
goes on with MAIN); ``get-focus-stack`` is the stack as a multifield, top first, and
``list-focus-stack`` prints it a module a line; ``get-current-module`` is the current
module (the firing rule's, the last focused, MAIN after a reset) and
``set-current-module`` changes it, giving the one before.

A module that is not defined is CLIPS's ``[PRNTUTIL1] Unable to find defmodule 'X'.``,
an error after which the action goes on (``focus`` gives FALSE, ``set-current-module``
the current module): the host is told (:meth:`~pyengine.engine.clp.host.Host.warn`).
"""
from __future__ import annotations

from pyengine.engine.clp.expressions import HOST, Builtin, arg_error
from pyengine.engine.clp.values import FALSE, TRUE


def _names(fname: str, modules: tuple) -> tuple[str, ...]:
    for i, m in enumerate(modules, 1):
        if type(m) is not str:
            raise arg_error(fname, i, "symbol")
    return tuple(str(m) for m in modules)


def _unknown(host, module: str) -> bool:
    if host.has_module(module):
        return False
    host.warn(f"[PRNTUTIL1] Unable to find defmodule '{module}'.")
    return True


def focus(host, *modules) -> str:
    names = _names("focus", modules)
    for m in reversed(names):
        if _unknown(host, m):
            return FALSE
        host.focus_stack().push(m)
    return TRUE


def get_focus(host) -> str:
    stack = host.focus_stack()
    return stack[-1] if stack else FALSE


def pop_focus(host) -> str:
    stack = host.focus_stack()
    return stack.pop() if stack else FALSE


def clear_focus_stack(host) -> None:
    stack = host.focus_stack()      # the run goes on with MAIN, as CLIPS's does; popped
    while stack:                    # one by one, as CLIPS's: each pop makes the new top
        stack.pop()                 # current, the last leaves it (MAIN, from a run)


def get_focus_stack(host) -> tuple:
    return tuple(reversed(host.focus_stack()))


def list_focus_stack(host) -> None:
    for module in reversed(host.focus_stack()):
        host.printout("t", module + "\n")


def set_current_module(host, module) -> str:
    (name,) = _names("set-current-module", (module,))
    stack = host.focus_stack()
    before = stack.current
    if not _unknown(host, name):
        stack.current = name
    return before


TABLE: dict[str, Builtin] = {
    "focus": Builtin(1, None, focus, HOST),
    "get-focus": Builtin(0, 0, get_focus, HOST, returns="symbol"),
    "pop-focus": Builtin(0, 0, pop_focus, HOST, returns="symbol"),
    "clear-focus-stack": Builtin(0, 0, clear_focus_stack, HOST),
    "get-focus-stack": Builtin(0, 0, get_focus_stack, HOST, returns="multifield"),
    "list-focus-stack": Builtin(0, 0, list_focus_stack, HOST),
    "get-current-module": Builtin(0, 0, lambda host: host.focus_stack().current, HOST,
                                  returns="symbol"),
    "set-current-module": Builtin(1, 1, set_current_module, HOST, returns="symbol"),
}
