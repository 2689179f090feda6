"""CLIPS's fact-set queries: ``any-factp find-fact find-all-facts do-for-fact
do-for-all-facts delayed-do-for-all-facts``.

``(find-all-facts ((?p person) (?c car truck)) (eq ?p:name ?c:owner))`` names a
*fact-set template* (each variable with the deftemplates its fact may come from), a
query, and for the ``do-`` forms actions. As CLIPS 6.4 does (checked with clipspy in
tests/clp):

* the fact-sets are tried as nested loops, the first variable outermost, each
  variable's templates in the order written and each template's facts in the order they
  were asserted;
* in the query and the actions ``?p`` is the fact and ``?p:name`` its slot's value (read
  as ``(fact-slot-value ?p name)``);
* ``any-factp`` is TRUE when a fact-set satisfies the query; ``find-fact`` gives the
  first such fact-set as a multifield of facts, ``()`` if none; ``find-all-facts`` all
  of them, one after the other;
* ``do-for-fact`` runs the actions for the first fact-set that satisfies the query,
  ``do-for-all-facts`` for each (a fact-set one of whose facts was retracted meanwhile
  is skipped), and ``delayed-do-for-all-facts`` finds them all first, then runs the
  actions for each; each gives the last action's value, FALSE when none ran.
"""
from __future__ import annotations

from itertools import product

from pyengine.engine.clips_reader import Form, Symbol, Variable, make_form
from pyengine.engine.clp.actions import sequence
from pyengine.engine.clp.expressions import (SPECIAL, Builtin, ClpError, Compiled, Frame,
                                             Scope, compile_expr)
from pyengine.engine.clp.values import FALSE, TRUE

_MISSING = object()


def _fact_set(spec, form: Form) -> list[tuple[str, tuple[str, ...]]]:
    """``((?p person) (?c car truck))`` as [(name, templates)]."""
    line = getattr(form, "line", None)
    if not isinstance(spec, Form) or not spec:
        raise ClpError(f"({form[0]} ...) needs a fact-set template such as ((?f person))",
                       line)
    out = []
    for member in spec:
        if (not isinstance(member, Form) or len(member) < 2
                or not isinstance(member[0], Variable) or member[0].multi
                or not all(isinstance(t, Symbol) for t in member[1:])):
            raise ClpError(f"({form[0]} ...): each member of the fact-set template is "
                           "(?variable template...)", line)
        out.append((member[0].name, tuple(str(t) for t in member[1:])))
    if len({name for name, _ in out}) < len(out):
        raise ClpError(f"({form[0]} ...): a variable is named twice in the fact-set template",
                       line)
    return out


def _slots_read(item, names: set[str]):
    """``item`` with each ``?v:slot`` of a fact-set variable as ``(fact-slot-value ?v
    slot)``."""
    if isinstance(item, Variable) and ":" in item.name:
        base, slot = item.name.split(":", 1)
        if base in names:
            return make_form([Symbol("fact-slot-value"), Variable(base, False), Symbol(slot)])
        return item
    if isinstance(item, Form):
        return make_form([_slots_read(x, names) for x in item], item)
    return item


def _compiled(items, scope: Scope, form: Form, names: set[str]) -> tuple[Compiled, Compiled]:
    """The query and the actions, compiled with the fact-set variables bound."""
    items = [_slots_read(x, names) for x in items]
    outer, facts = set(scope.bound), scope.rebinds(names)     # the set's own variables
    scope.bound.update(names)
    try:
        query = compile_expr(items[0], scope, form)
        actions = sequence(items[1:], scope, form)
    finally:
        scope.bound.difference_update(n for n in names if n not in outer)
        scope.addresses = facts
    return query, actions


def _sets(frame: Frame, members):
    """Every fact-set, in CLIPS's order (the first variable outermost), made as they
    are tried (any-factp and find-fact stop at the first), from the facts there now."""
    host = frame.host
    return product(*[[f for t in templates for f in host.facts_of(t)]
                     for _, templates in members])


def compile_query(form: Form, scope: Scope) -> Compiled:
    kind = str(form[0])
    members = _fact_set(form[1], form)
    doing = kind.startswith(("do-", "delayed-"))
    if (len(form) < 3) or (not doing and len(form) != 3):
        raise ClpError(f"({kind} ...) takes a fact-set template, a query"
                       + (" and actions" if doing else ""), getattr(form, "line", None))
    unknown = [t for _, templates in members for t in templates if not scope.known(t)]
    if unknown:                     # CLIPS's [PRNTUTIL1], as it loads the construct
        raise ClpError(f"({kind} ...): Unable to find deftemplate '{unknown[0]}' (no "
                       f"deftemplate or fact of it before)", getattr(form, "line", None))
    names = [name for name, _ in members]
    query, actions = _compiled(form[2:], scope, form, set(names))

    def matching(frame: Frame, fset: tuple, check_live: bool) -> bool:
        if check_live and not all(frame.host.fact_exists(f) for f in fset):
            return False
        frame.vars.update(zip(names, fset))
        return query(frame) != FALSE

    def run(frame: Frame) -> object:
        saved = [(n, frame.vars.get(n, _MISSING)) for n in names]
        try:
            return _RUNS[kind](frame, _sets(frame, members), matching, actions, names)
        finally:
            for name, value in saved:
                if value is _MISSING:
                    frame.vars.pop(name, None)
                else:
                    frame.vars[name] = value
    return run


def _any(frame, sets, matching, actions, names):
    return TRUE if any(matching(frame, s, False) for s in sets) else FALSE


def _find(frame, sets, matching, actions, names):
    return next((s for s in sets if matching(frame, s, False)), ())


def _find_all(frame, sets, matching, actions, names):
    return tuple(f for s in sets if matching(frame, s, False) for f in s)


def _do_first(frame, sets, matching, actions, names):
    found = next((s for s in sets if matching(frame, s, False)), None)
    return FALSE if found is None else actions(frame)


def _do_all(frame, sets, matching, actions, names):
    result = FALSE
    for s in sets:
        if matching(frame, s, True):
            result = actions(frame)
    return result


def _do_delayed(frame, sets, matching, actions, names):
    result = FALSE
    for s in [s for s in sets if matching(frame, s, False)]:
        frame.vars.update(zip(names, s))
        result = actions(frame)
    return result


_RUNS = {"any-factp": _any, "find-fact": _find, "find-all-facts": _find_all,
         "do-for-fact": _do_first, "do-for-all-facts": _do_all,
         "delayed-do-for-all-facts": _do_delayed}

#: the query functions: each binds the variables of its first argument for the rest
QUERIES = frozenset(_RUNS)

TABLE: dict[str, Builtin] = {name: Builtin(2, None, compile_query, SPECIAL) for name in _RUNS}
