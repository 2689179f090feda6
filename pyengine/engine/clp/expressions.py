"""Compiling CLIPS expressions into Python closures, once.

A rule's action runs every time the rule fires, so its text is turned into Python
functions a single time, when the program is loaded. ``compile_expr(item, scope)``
takes one item read by :mod:`pyengine.engine.clips_reader` and returns a closure
``f(frame) -> value``:

* a constant becomes ``lambda frame: value``;
* ``?x`` reads ``frame.vars["x"]``, ``?*g*`` reads the scope's globals;
* ``(+ ?x 1)`` looks ``+`` up in ``scope.functions`` *now*, compiles its arguments
  to closures *now*, and returns one closure that calls the Python function on the
  arguments' values. Running it never looks at the form again.

Everything the compiler can check is checked here, raising :class:`ClpError` with
the line: an unknown function, the wrong number of arguments, a variable that
nothing binds, a constant or a call that cannot be a number where one is needed
(``(+ 1 a)``, ``(* 2 (< 0 1))``: CLIPS's parser refuses those too). What only running
can tell (dividing by zero, a variable holding a symbol where a number was needed)
raises :class:`ClpRuntimeError` with CLIPS's own wording and the line of the call.

The function table holds :class:`Builtin` entries. Most are plain Python functions
of the argument values (``PURE``); a few also need the engine (``HOST``: the host
comes first); and the forms that are not ordinary calls (``if``, ``bind``,
``assert``, ``and``...) are ``SPECIAL``: their entry is a compiler
``impl(form, scope) -> closure`` run at compile time.

Note that CLIPS 6.4 does not splice ``$?x`` into a call's arguments: ``(length$ $?x)``
gets one multifield argument, exactly as ``(length$ ?x)`` does.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from pyengine.engine.clips_reader import Form, String, Symbol, Variable, read
from pyengine.engine.clp.arg_types import check_types, checked_as_evaluated
from pyengine.engine.clp.errors import (ClpError, ClpRuntimeError,  # noqa: F401
                                        arg_error)        # (also imported from here)
from pyengine.engine.clp.values import to_value
from pyengine.engine.wording import plural

PURE, HOST, SPECIAL = "pure", "host", "special"
#: A compiled expression: frame -> value.
Compiled = Callable[["Frame"], object]


class Builtin(NamedTuple):
    """One entry of the function table: arity bounds (``None``: unbounded) and the
    implementation; ``kind`` is PURE, HOST or SPECIAL (see the module's docstring).
    ``args``: the type each argument must have (one type name for all, or one per
    position, the last repeated), among ``number integer float lexeme symbol string
    multifield`` and ``atom`` (any single value); ``""`` checks nothing. ``returns``:
    the type of the result when it is known (those names, or ``boolean``). Together
    they let the compiler refuse ``(+ 1 a)``, ``(* 2 (< 0 1))`` or ``(explode$ 0)``, as
    CLIPS's own parser does, before anything runs."""

    min_args: int
    max_args: int | None
    impl: Callable
    kind: str = PURE
    args: str | tuple[str, ...] = ""
    returns: str = ""


class Frame:
    """What a compiled expression runs in: local variables by name (no ``?``) and the
    host that carries out the actions."""

    __slots__ = ("host", "vars")

    def __init__(self, vars: dict | None = None, host: Any = None) -> None:
        self.vars: dict = {} if vars is None else vars
        self.host: Any = host      # a Host (pyengine.engine.clp.host)


#: The builtin functions and actions by name, filled by :mod:`.functions` (which the
#: package imports first): the table imports this module, never the other way round.
BUILTINS: dict = {}

class Scope:
    """What the compiler knows while it compiles.

    ``functions``: name -> Builtin (the builtins and the deffunctions so far);
    ``globals``: the defglobals' current values, by name with its stars (``*g*``);
    ``bound``: the variables bound before the expression being compiled (a ``bind``
    adds to it); ``templates``: deftemplate name -> slot name -> (multislot, default);
    ``facets``: its slots' constraints; ``addresses``: in a rule's actions, the
    template of each fact its conditions bind to a variable; ``known(name)``: is there
    a template of that name yet (a deftemplate, or a relation used); ``sees(construct,
    name)``: may the code use that deffunction or defglobal (modules). The rest is for
    special forms: the loop variables in force, how deep in loops (for ``break``), what
    is compiled (``"expression"``, ``"rhs"``, ``"deffunction"``: ``return`` is for the
    last two). ``relations(name, line)`` hears of each relation a fact is asserted to."""

    __slots__ = ("addresses", "bound", "context", "counters", "functions", "global_inits",
                 "globals", "facets", "known", "loop_depth", "loop_vars", "relations",
                 "sees", "templates")

    def __init__(self, functions: dict | None = None, globals: dict | None = None,
                 bound=(), templates: dict | None = None) -> None:
        if functions is None:
            functions = dict(BUILTINS)
        self.functions = functions
        self.globals = {} if globals is None else globals
        self.bound = set(bound)
        self.templates = {} if templates is None else templates
        self.facets: dict = {}
        self.addresses: dict[str, str] = {}     # a rule's ?f <- (template ...): f -> template
        self.global_inits: dict[str, Compiled] = {}
        self.loop_vars: frozenset[str] = frozenset()
        self.loop_depth = 0
        self.context = "expression"
        self.counters = {"gensym": 0}
        self.relations = _any_relation
        self.known = _any_known
        self.sees = _sees_all       # (construct, name) -> may the code compiled use it?

    def child(self, bound=None, context: str | None = None) -> Scope:
        """A scope sharing this one's tables (functions, globals, templates, counters)
        with its own set of bound variables (a copy of this one's, or ``bound``)."""
        new = Scope.__new__(Scope)
        for name in Scope.__slots__:
            setattr(new, name, getattr(self, name))
        new.bound = set(self.bound if bound is None else bound)
        if context is not None:
            new.context = context
        return new

    def rebinds(self, names) -> dict:
        """Variables ``names`` taken over by a bind, a query or a loop: no longer the
        rule's facts (``addresses``); the addresses before, for a scope to put back."""
        before, self.addresses = self.addresses, {
            k: v for k, v in self.addresses.items() if k not in names}
        return before


def _any_relation(name: str, line: int | None = None) -> None:   # without modules: all
    pass


def _sees_all(construct: str, name: str) -> bool: return True    # noqa: E704 (the same)


def _any_known(name: str) -> bool:      # a scope without a program knows every template
    return True


def compile_expr(item: object, scope: Scope, where: Form | None = None) -> Compiled:
    """``item`` (a form or an atom read by clips_reader) as a closure frame -> value.
    ``where`` is the enclosing form, for the line and name in error messages."""
    if isinstance(item, Form):
        return _compile_call(item, scope)
    if isinstance(item, Variable):
        return _compile_variable(item, scope, where)
    if isinstance(item, (Symbol, String, int, float)):
        value = to_value(item)
        return lambda frame: value
    raise ClpError(f"{item} {_in(where)}is not an expression pyengine evaluates",
                   _line(where))


def _line(form: Form | None) -> int | None:
    return getattr(form, "line", None)


def _in(form: Form | None) -> str:
    return f"in ({form[0]} ...) " if form and isinstance(form[0], str) else ""


def _compile_variable(var: Variable, scope: Scope, where: Form | None) -> Compiled:
    name = var.name
    if var.is_global:
        if name not in scope.globals:
            raise ClpError(f"global variable ?{name} {_in(where)}is not defined "
                           "(no defglobal before it)", _line(where))
        if not scope.sees("defglobal", name.strip("*")):      # another module's, unshared
            raise ClpError(f"[GLOBLPSR1] Global variable ?{name} was referenced, but is not "
                           "defined.", _line(where))
        table = scope.globals
        return lambda frame: table[name]
    if not name:
        raise ClpError(f"'?' {_in(where)}is a pattern wildcard, not a value", _line(where))
    if name not in scope.bound:
        raise ClpError(f"undefined variable {var} {_in(where)}(bound neither by the "
                       "rule's patterns, a parameter nor an earlier bind)", _line(where))
    line = _line(where)

    def read(frame: Frame) -> object:
        try:
            return frame.vars[name]
        except KeyError:
            raise ClpRuntimeError(f"Variable ?{name} unbound.", line, code="PRCCODE5") from None
    return read


def lookup(form: Form, scope: Scope) -> Builtin:
    """The table entry for ``form``'s function, its argument count checked."""
    line = _line(form)
    if not form:
        raise ClpError("() where a function call was expected", line)
    head = form[0]
    if not isinstance(head, Symbol):
        raise ClpError(f"a call starts with a function name, not {head}", line)
    spec = scope.functions.get(str(head))
    if spec is None:
        raise ClpError(f"unknown function '{head}' (not in pyengine's CLIPS subset)", line)
    if not scope.sees("deffunction", str(head)):           # another module's, unshared
        raise ClpError(f"[EXPRNPSR3] Missing function declaration for '{head}'.", line)
    n = len(form) - 1
    low, high = spec.min_args, spec.max_args
    if n < low or (high is not None and n > high):
        if low == high:
            expected = f"exactly {low}"
        elif high is None or n < low:
            expected = f"at least {low}"
        else:
            expected = f"at most {high}"
        raise ClpError(f"function '{head}' expects {expected} argument"
                       f"{'' if expected.endswith(' 1') else 's'}, got {n}", line)
    return spec


def _compile_call(form: Form, scope: Scope) -> Compiled:
    if any(is_expand(a) for a in form[1:]) and str(form[0]) in scope.functions \
            and scope.functions[str(form[0])].kind != SPECIAL:
        return _compile_expanding_call(form, scope)
    spec = lookup(form, scope)
    if spec.args:
        check_types(form, spec.args, scope)
    if spec.kind == SPECIAL:
        return spec.impl(form, scope)
    args = checked_as_evaluated(form, spec.args, [compile_expr(a, scope, form)
                                                  for a in form[1:]], scope)
    if spec.kind == HOST:
        args.insert(0, _host)
    return call_closure(spec.impl, args, _line(form))


def is_expand(item: object) -> bool:
    """Is ``item`` an ``(expand$ ...)`` call, spliced into the call around it?"""
    return isinstance(item, Form) and bool(item) and item[0] == "expand$"


def expand_arg(item: Form, scope: Scope) -> Compiled:
    """``(expand$ X)``: a closure giving X's values, a multifield (CLIPS's error if not)."""
    if len(item) != 2:
        raise ClpError(f"function 'expand$' expects exactly 1 argument, got {len(item) - 1}",
                       _line(item))
    inner = compile_expr(item[1], scope, item)

    def values(frame: Frame) -> tuple:
        if type(found := inner(frame)) is not tuple:
            raise arg_error("expand$", 1, "multifield").at(_line(item))
        return found
    return values


def _one(run: Compiled) -> Compiled:
    return lambda frame: (run(frame),)


def _compile_expanding_call(form: Form, scope: Scope) -> Compiled:
    """A call with ``(expand$ X)`` among its arguments, X's values arguments there: how
    many (and their types) is checked when it runs, in CLIPS's words."""
    name, spec, line = str(form[0]), scope.functions[str(form[0])], _line(form)
    parts = [expand_arg(a, scope) if is_expand(a) else _one(compile_expr(a, scope, form))
             for a in form[1:]]
    low, high, fn = spec.min_args, spec.max_args, spec.impl

    def call(frame: Frame) -> object:
        values = [value for part in parts for value in part(frame)]
        n = len(values)
        if n < low or (high is not None and n > high):
            how, count = ("exactly", low) if low == high else ("at least", low) \
                if high is None or n < low else ("at most", high)
            raise ClpRuntimeError(f"Function '{name}' expected {how} "
                                  f"{plural(count, 'argument')}.", line, code="ARGACCES1")
        try:
            return fn(frame.host, *values) if spec.kind == HOST else fn(*values)
        except ClpRuntimeError as exc:
            raise exc.at(line)
    return call


def _host(frame: Frame) -> object:
    return frame.host


def call_closure(fn: Callable, args: list[Compiled], line: int | None) -> Compiled:
    """A closure calling ``fn`` on the values of ``args`` (specialised for up to three
    arguments, to save building a list), placing a run-time error at ``line``."""
    n = len(args)
    if n == 0:
        def call(frame):
            try:
                return fn()
            except ClpRuntimeError as exc:
                raise exc.at(line)
    elif n == 1:
        a, = args

        def call(frame):
            try:
                return fn(a(frame))
            except ClpRuntimeError as exc:
                raise exc.at(line)
    elif n == 2:
        a, b = args

        def call(frame):
            try:
                return fn(a(frame), b(frame))
            except ClpRuntimeError as exc:
                raise exc.at(line)
    elif n == 3:
        a, b, c = args

        def call(frame):
            try:
                return fn(a(frame), b(frame), c(frame))
            except ClpRuntimeError as exc:
                raise exc.at(line)
    else:
        def call(frame):
            try:
                return fn(*[arg(frame) for arg in args])
            except ClpRuntimeError as exc:
                raise exc.at(line)
    return call


def with_line(run: Compiled, line: int | None) -> Compiled:
    """``run``, placing its run-time errors at ``line`` (for special forms whose
    closures call the host directly)."""
    def tagged(frame: Frame) -> object:
        try:
            return run(frame)
        except ClpRuntimeError as exc:
            raise exc.at(line)
    return tagged


def evaluate(text: str, scope: Scope | None = None, host: object = None,
             variables: dict | None = None) -> object:
    """Read, compile and run one expression given as text (a convenience for tests and
    the REPL; the engine compiles once and runs many times)."""
    items = read(text)
    if len(items) != 1:
        raise ClpError(f"expected one expression, found {len(items)}")
    variables = dict(variables or {})
    scope = scope if scope is not None else Scope()
    scope = scope.child(bound=set(scope.bound) | set(variables))
    return compile_expr(items[0], scope)(Frame(variables, host))
