"""A rule's actions, deffunctions and defglobals, compiled once into closures.

In CLIPS an action is just a function call, so a right-hand side is compiled form by
form with :func:`~pyengine.engine.clp.expressions.compile_expr`. The forms that are
not ordinary calls are *special forms* in the function table: each has a compiler
here (or in :mod:`.actions_loops`, :mod:`.actions_facts`, :mod:`.actions_io`) that
reads the form's shape at compile time and returns a closure:

* ``bind`` sets a local (``?x``) or a global (``?*g*``); ``(bind ?x)`` unbinds, and
  ``(bind ?x a b)`` binds the multifield ``(a b)``. A variable counts as bound from
  the first ``bind`` of it written before its use (as CLIPS checks it, by the text).
* ``if``/``then``/``else``, ``progn``, ``switch``/``case``/``default`` return the
  value of the last action run (FALSE when none ran).
* ``return`` leaves the deffunction (or the rule's actions) at once, ``break`` the
  innermost loop; both are Python exceptions caught where they end.

Entry points: :func:`compile_actions` for a rule's right-hand side,
:func:`compile_body` for a sequence whose value is wanted, :func:`compile_deffunction`
and :func:`compile_defglobal` for those constructs, :func:`reset_globals`.
"""
from __future__ import annotations

from collections.abc import Callable

from pyengine.engine.clips_names import clips_system_functions
from pyengine.engine.clips_reader import Form, String, Symbol, Variable
from pyengine.engine.clp.expressions import (HOST, SPECIAL, Builtin, ClpError,
                                             ClpRuntimeError, Compiled, Frame, Scope,
                                             call_closure, compile_expr)
from pyengine.engine.clp.functions_multi import create
from pyengine.engine.clp.return_places import MISPLACED, check_returns
from pyengine.engine.clp.values import FALSE, same
from pyengine.engine.wording import plural


class ReturnSignal(Exception):
    """``(return value)``: unwinds to the deffunction or the rule's actions."""

    def __init__(self, value: object) -> None:
        super().__init__()
        self.value = value


class BreakSignal(Exception):
    """``(break)``: unwinds to the innermost loop."""


def sequence(items, scope: Scope, where: Form | None) -> Compiled:
    """Actions run in order; the closure returns the last one's value (FALSE if none)."""
    actions = [compile_expr(item, scope, where) for item in items]
    if not actions:
        return lambda frame: FALSE
    if len(actions) == 1:
        return actions[0]
    *init, last = actions

    def run(frame: Frame) -> object:
        for action in init:
            action(frame)
        return last(frame)
    return run


def keyword(item: object, *words: str) -> bool:
    return isinstance(item, Symbol) and item in words


# -- the entry points ------------------------------------------------------------------------

def compile_actions(forms, scope: Scope) -> Callable[[Frame], None]:
    """A rule's right-hand side as one closure. ``scope.bound`` holds the variables the
    rule's patterns bind (fact variables too); it is not changed (binds go to a copy)."""
    check_returns(forms, templates=scope.templates)
    body = sequence(forms, scope.child(context="rhs"), None)

    def run(frame: Frame) -> None:
        try:
            body(frame)
        except ReturnSignal:
            pass
    return run


def compile_body(forms, scope: Scope) -> Compiled:
    """A sequence of actions whose value is wanted: the last one's, or ``return``'s."""
    check_returns(forms, templates=scope.templates)
    body = sequence(forms, scope.child(context="deffunction"), None)

    def run(frame: Frame) -> object:
        try:
            return body(frame)
        except ReturnSignal as signal:
            return signal.value
    return run


class Deffunction:
    """A deffunction, called as a HOST function: ``dfn(host, *args)``. Each call has a
    fresh frame holding the parameters; a ``$?rest`` parameter gets the remaining
    arguments as one multifield (multifield arguments spliced into it)."""

    __slots__ = ("body", "name", "params", "rest")

    def __init__(self, name: str, params: list[str], rest: str | None) -> None:
        self.name, self.params, self.rest = name, params, rest
        self.body: Compiled = lambda frame: FALSE

    def __call__(self, host, *args):
        if len(args) < len(self.params) or self.rest is None and len(args) > len(self.params):
            raise ClpRuntimeError(f"Function '{self.name}' expected "   # redefined since
                                  f"{'at least' if self.rest is not None else 'exactly'} "
                                  f"{plural(len(self.params), 'argument')}.")
        variables = dict(zip(self.params, args))
        if self.rest is not None:
            variables[self.rest] = create(*args[len(self.params):])
        try:
            return self.body(Frame(variables, host))
        except ReturnSignal as signal:
            return signal.value
        except ClpRuntimeError as exc:
            raise exc.halted_in(f"deffunction '{self.name}'")
        except RecursionError:
            raise ClpRuntimeError(f"Deffunction '{self.name}' nested too deeply "
                                  "(recursion without end?).") from None


def compile_deffunction(form: Form, scope: Scope) -> Deffunction:
    """``(deffunction name ["comment"] (?a ?b $?rest) actions...)``, registered in
    ``scope.functions`` before its body is compiled (so it may call itself)."""
    line = getattr(form, "line", None)
    if len(form) < 3 or not isinstance(form[1], Symbol):
        raise ClpError("deffunction needs a name and a parameter list", line)
    name, rest_of = str(form[1]), list(form[2:])
    if rest_of and isinstance(rest_of[0], String):
        rest_of.pop(0)                                       # the comment
    old = scope.functions.get(name)
    if old is not None and not isinstance(old.impl, Deffunction) or \
            old is None and name in clips_system_functions():     # one of CLIPS's we do not run
        raise ClpError(f"deffunction '{name}' would replace a system function", line)
    if not rest_of or not isinstance(rest_of[0], Form):
        raise ClpError(f"deffunction '{name}' needs a parameter list, e.g. (?x)", line)
    params, rest = _parameters(name, rest_of[0], line)
    dfn = old.impl if old is not None else Deffunction(name, params, rest)
    dfn.params, dfn.rest = params, rest     # redefined (a forward declaration first, for
    count = len(params)                     # calls going both ways): every call takes it
    scope.functions[name] = Builtin(count, None if rest else count, dfn, HOST)
    body_scope = scope.child(bound=params + ([rest] if rest else []),
                             context="deffunction")
    body_scope.loop_vars, body_scope.loop_depth = frozenset(), 0
    check_returns(rest_of[1:], templates=scope.templates)
    dfn.body = sequence(rest_of[1:], body_scope, form)
    return dfn


def _parameters(name: str, params: Form, line) -> tuple[list[str], str | None]:
    names: list[str] = []
    rest = None
    for i, p in enumerate(params):
        if not isinstance(p, Variable) or not p.name or p.is_global:
            raise ClpError(f"deffunction '{name}': parameters are ?variables, not {p}", line)
        if p.name in names or p.name == rest:
            raise ClpError(f"deffunction '{name}': parameter {p} is given twice", line)
        if p.multi:
            if i != len(params) - 1:
                raise ClpError(f"deffunction '{name}': only the last parameter can be "
                               f"a $?multifield", line)
            rest = p.name
        else:
            names.append(p.name)
    return names, rest


def compile_defglobal(form: Form, scope: Scope, host: object = None) -> dict:
    """``(defglobal [module] ?*x* = 3 ?*y* = (+ ?*x* 1))``: each value is evaluated now,
    in order, into ``scope.globals`` (and kept for :func:`reset_globals`). Returns the
    globals it defined."""
    line = getattr(form, "line", None)
    items = list(form[1:])
    if items and isinstance(items[0], Symbol):
        items.pop(0)                                           # the module's name
    defined = {}
    while items:
        if len(items) < 3 or not isinstance(items[0], Variable) or \
                not items[0].is_global or not keyword(items[1], "="):
            raise ClpError("defglobal is written ?*name* = value ...", line)
        name = items[0].name
        expr = compile_expr(items[2], scope.child(bound=()), form)
        scope.global_inits[name] = expr
        scope.globals[name] = defined[name] = expr(Frame({}, host))
        del items[:3]
    return defined


def reset_globals(scope: Scope, host: object = None) -> None:
    """Every defglobal back to its defining value (as CLIPS's ``(reset)`` does)."""
    for name, expr in scope.global_inits.items():
        scope.globals[name] = expr(Frame({}, host))


# -- bind, if, progn, switch, return ---------------------------------------------------------

def compile_bind(form: Form, scope: Scope) -> Compiled:
    target, line = form[1], getattr(form, "line", None)
    if not isinstance(target, Variable) or not target.name:
        raise ClpError(f"bind sets a ?variable, not {target}", line)
    values = [compile_expr(v, scope, form) for v in form[2:]]
    value = _bound_value(values, line)
    name = target.name
    if target.is_global:
        return _bind_global(name, value, scope, line)
    if name in scope.loop_vars:
        raise ClpError(f"cannot bind the loop variable ?{name} inside its loop", line)
    scope.bound.add(name)
    scope.rebinds((name,))
    if value is None:
        def unbind(frame: Frame) -> object:
            frame.vars.pop(name, None)
            return FALSE
        return unbind

    value = _binding_after_error(value, lambda frame, v: frame.vars.__setitem__(name, v))

    def bind(frame: Frame) -> object:
        frame.vars[name] = result = value(frame)
        return result
    return bind


def _bound_value(values: list[Compiled], line) -> Compiled | None:
    """What bind binds: nothing, its one value, or a multifield of its values (made as
    ``create$`` makes it, a call of its own: an error inside comes out of it)."""
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return call_closure(create, values, line)


def _binding_after_error(value: Compiled,
                         store: Callable[[Frame, object], None]) -> Compiled:
    """``value``; when the call it is fails with an error after which CLIPS's function
    gives a value back (``(/ 1 0)``: 1.0), that value is bound all the same, as CLIPS's
    ``bind`` binds it, and the error goes on (it stops the actions). An error from
    deeper (``(+ 1 (/ 1 0))``, several values) binds nothing: the outer call's value
    after it is its own, not known here."""
    def run(frame: Frame) -> object:
        try:
            return value(frame)
        except ClpRuntimeError as exc:
            if exc.calls == 1 and exc.value is not None:
                store(frame, exc.value)
            raise
    return run


def _bind_global(name: str, value, scope: Scope, line) -> Compiled:
    if name not in scope.globals:
        raise ClpError(f"global variable ?{name} is not defined (no defglobal before "
                       "it)", line)
    table, inits = scope.globals, scope.global_inits
    if value is None:
        value = lambda frame: inits[name](frame) if name in inits else FALSE
    else:
        value = _binding_after_error(value, lambda frame, v: table.__setitem__(name, v))

    def bind(frame: Frame) -> object:
        table[name] = result = value(frame)
        return result
    return bind


def compile_if(form: Form, scope: Scope) -> Compiled:
    line = getattr(form, "line", None)
    if len(form) < 3 or not keyword(form[2], "then"):
        raise ClpError("if is written (if <condition> then <actions> [else <actions>])",
                       line)
    test = compile_expr(form[1], scope, form)
    rest = list(form[3:])
    split = next((i for i, item in enumerate(rest) if keyword(item, "else")), len(rest))
    then = sequence(rest[:split], scope, form)
    otherwise = sequence(rest[split + 1:], scope, form)
    return lambda frame: then(frame) if test(frame) != FALSE else otherwise(frame)


def compile_progn(form: Form, scope: Scope) -> Compiled:
    return sequence(form[1:], scope, form)


def compile_switch(form: Form, scope: Scope) -> Compiled:
    line = getattr(form, "line", None)
    subject = compile_expr(form[1], scope, form)
    cases: list[tuple[Compiled, Compiled]] = []
    default: Compiled = lambda frame: FALSE
    for clause in form[2:]:
        if isinstance(clause, Form) and len(clause) >= 3 and keyword(clause[0], "case") \
                and keyword(clause[2], "then"):
            cases.append((compile_expr(clause[1], scope, form),
                          sequence(clause[3:], scope, form)))
        elif isinstance(clause, Form) and clause and keyword(clause[0], "default"):
            default = sequence(clause[1:], scope, form)
        else:
            raise ClpError("switch holds (case <value> then <actions>) and (default "
                           "<actions>) clauses", line)

    def run(frame: Frame) -> object:
        value = subject(frame)
        for match, actions in cases:
            if same(match(frame), value):
                return actions(frame)
        return default(frame)
    return run


def compile_return(form: Form, scope: Scope) -> Compiled:
    """``return``: where it stands was checked on the forms as read (its context: none
    here at all, as at the prompt; :func:`~.return_places.check_returns` for the
    rest)."""
    if scope.context == "expression":
        raise ClpError(MISPLACED, getattr(form, "line", None))
    if len(form) == 1:
        def leave(frame: Frame) -> object:
            raise ReturnSignal(None)
        return leave
    value = compile_expr(form[1], scope, form)

    def give(frame: Frame) -> object:
        raise ReturnSignal(value(frame))
    return give


TABLE: dict[str, Builtin] = {
    "bind": Builtin(1, None, compile_bind, SPECIAL),
    "if": Builtin(2, None, compile_if, SPECIAL),
    "progn": Builtin(0, None, compile_progn, SPECIAL),
    "switch": Builtin(1, None, compile_switch, SPECIAL),
    "return": Builtin(0, 1, compile_return, SPECIAL),
}
