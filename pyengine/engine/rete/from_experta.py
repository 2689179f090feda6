"""experta's rule language read into ours: a ``KnowledgeEngine`` class's ``@Rule``
methods become :class:`~pyengine.engine.rete.lhs.RuleSpec` s, unchanged in meaning.

What a student writes, and what it becomes:

==========================  ============================================
``Fact(a=1, b=MATCH.x)``    a pattern on facts of exactly that class
``AS.f << Fact(...)``       the fact's address bound to ``f``
``W()``, ``MATCH.x``         a wildcard; a variable
``L(v)``, a plain value      a constant
``P(f)``                     ``f(value)`` must be true
``~c``, ``c1 & c2``, ``|``   not, and, or of field constraints
``NOT``, ``EXISTS``, ``FORALL``, ``OR``, ``AND``, ``TEST(f)``: as in CLIPS
``salience=n`` or a function of the rule's variables (reckoned when activated)
==========================  ============================================

The experta objects are only read, never changed: rules are taken from the class
dictionaries (no ``__get__``), and the action is called as experta calls it, with
the variables the function names.
"""
from __future__ import annotations

import inspect

from pyengine.engine.errors import UsageError
from pyengine.engine.rete.clips_rewrites import existing, for_all, negated
from pyengine.engine.rete.lhs import (And, AndC, Const, Elem, NotC, Or, OrC, Pattern, Pred,
                                      RuleSpec, Slot, Test, Var)
from pyengine.engine.compat import experta
from pyengine.engine.rete.watchers import fired


def _experta():
    return experta


def class_members(engine_class, kind: type) -> dict:
    """name -> the class's members of ``kind`` (experta's ``Rule`` or ``DefFacts``), in
    definition order; a subclass's member replaces its base's of the same name, as
    Python's attribute lookup does. experta's own initial-fact deffacts is left out.
    Read from the class dictionaries: no ``__get__``, so nothing is bound or changed."""
    found: dict = {}
    for klass in reversed(engine_class.__mro__):
        for name, member in vars(klass).items():
            if isinstance(member, kind) and name != "_declare_initial_fact":
                found.pop(name, None)
                found[name] = member
    return found


def experta_rules(engine_class) -> dict:
    """name -> experta Rule, in definition order."""
    return class_members(engine_class, _experta().Rule)


def rule_specs(engine_class) -> list[RuleSpec]:
    """The class's rules in our rule language (kept on the class: read once)."""
    got = engine_class.__dict__.get("_pyengine_specs")
    if got is None:
        got = [_spec(name, rule) for name, rule in experta_rules(engine_class).items()]
        setattr(engine_class, "_pyengine_specs", got)
    return got


def _spec(name: str, rule) -> RuleSpec:
    try:
        ces = [c for c in (_ce(x, name) for x in rule) if c is not None]
    except NestedKey as exc:
        raise UsageError(f"rule {name}: {exc}") from None
    return RuleSpec(name=name, ces=ces, action=_action(rule),
                    salience=_salience(rule.salience, name),
                    origin=rule)


def _action(rule):
    fn = rule._wrapped
    wanted = rule._wrapped_args           # empty: the function takes **kwargs

    def act(engine, activation):
        fired(engine.owner, activation)
        values = activation.variables()
        if wanted:
            kwargs = {k: v for k, v in values.items() if k in wanted}
        else:
            kwargs = {k: v for k, v in values.items() if not k.startswith("__")}
        fn(engine.owner, **kwargs)
    return act


def _salience(sal, rule: str):
    if not callable(sal):
        return int(sal)
    names = tuple(inspect.signature(sal).parameters)

    def reckon(values: dict) -> int:
        try:
            return int(sal(**{n: values[n] for n in names if n in values}))
        except (UsageError, MemoryError):
            raise                   # pyengine's own stop, or out of memory: as it is
        except Exception as exc:
            raise _named(f"the salience of rule {rule}", exc) from exc
    return reckon


def _named(what: str, exc: Exception) -> UsageError:
    """A student's function's error, said with where it came from (the rule: an error
    while a fact is matched is otherwise blamed on the firing that made the fact)."""
    return UsageError(f"{what}: {type(exc).__name__}: {exc}")


def _ce(x, rule: str):
    ex = _experta()
    ce = ex.conditionalelement
    if isinstance(x, ex.fact.InitialFact):
        return None
    if isinstance(x, ex.Fact):
        return _pattern(x, rule)
    if isinstance(x, ce.TEST):
        return _test(x[0], rule)
    # as CLIPS reads them (clips_rewrites): an OR inside is spread over its
    # alternatives ((not (or A B)) is (not A) (not B)), nots are counted, a FORALL is
    # (not (and A (not (and B...))))
    if isinstance(x, ce.NOT):
        return negated(_ces(x, rule))
    if isinstance(x, ce.EXISTS):
        return existing(_ces(x, rule))
    if isinstance(x, ce.FORALL):
        parts = _ces(x, rule)
        return for_all(parts[:1], parts[1:])
    if isinstance(x, ce.OR):
        return Or([[c] for c in _ces(x, rule)])
    if isinstance(x, ce.AND):
        return And(_ces(x, rule))
    raise TypeError(f"not a conditional element: {x!r}")


def _ces(xs, rule: str) -> list:
    return [c for c in (_ce(x, rule) for x in xs) if c is not None]


def _test(fn, rule: str) -> Test:
    params = inspect.signature(fn).parameters
    names = tuple(n for n, p in params.items()
                  if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL))
    what = f"TEST({getattr(fn, '__name__', 'f')}) in rule {rule}"

    def test(values):
        try:
            return bool(fn(**values))
        except (UsageError, MemoryError):
            raise                   # pyengine's own stop, or out of memory: as it is
        except Exception as exc:
            raise _named(what, exc) from exc
    return Test(fn=test, uses=names,
                code=("py", id(fn)),
                text=getattr(fn, "__name__", "test"))


class NestedKey(ValueError):
    """A pattern reads inside a field (experta's ``Fact(meta__k=1)``): not taken."""


def _pattern(fact, rule: str) -> Pattern:
    keys = [k for k in fact if not fact.is_special(k)]
    for k in keys:
        if isinstance(k, str) and "__" in k.strip("_"):
            head = k.strip("_").split("__")[0]
            raise NestedKey(
                f"{type(fact).__name__}({k}=...) reads inside a field, which pyengine's "
                f"engine does not do: match the field ({head}=MATCH.{head}) and test it "
                f"(TEST(lambda {head}: ...))")
    order = sorted(k for k in keys if isinstance(k, int)) + [k for k in keys if not isinstance(k, int)]
    slots = tuple(Slot(k, (Elem(_constraint(dict.__getitem__(fact, k), rule)),))
                  for k in order)
    return Pattern(template=type(fact), slots=slots, address=fact.__bind__, keyed=True,
                   text=_shown(fact))


def _shown(fact) -> str:
    """The pattern as experta writes it (its own repr fails on ``L((1, 2))``)."""
    try:
        return repr(fact)
    except TypeError:
        return f"{type(fact).__name__}({', '.join(map(str, fact))})"


def _said_by(f, rule: str):
    """A student's ``P(f)``, whose errors are said with the rule and the value it was
    given (plain experta raises them too; the pattern network would take a TypeError,
    a common mistake, for no match)."""
    name = getattr(f, "__name__", "f")

    def call(value):
        try:
            return f(value)
        except (UsageError, MemoryError):
            raise                   # pyengine's own stop, or out of memory: as it is
        except Exception as exc:
            raise _named(f"P({name}) in rule {rule} on {value!r}", exc) from exc
    return call


def _constraint(v, rule: str):
    ex = _experta()
    fc = ex.fieldconstraint
    bind = getattr(v, "__bind__", None) if isinstance(v, fc.FieldConstraint) else None
    if isinstance(v, fc.W):
        inner = None
    elif isinstance(v, fc.L):
        inner = Const(v.value)
    elif isinstance(v, fc.P):
        f = v.match
        inner = Pred(fn=_said_by(f, rule), uses=(), code=("py", id(f)), on_value=True)
    elif isinstance(v, fc.NOTFC):
        inner = NotC(_constraint(v[0], rule))
    elif isinstance(v, fc.ANDFC):
        inner = AndC(tuple(_constraint(p, rule) for p in v))
    elif isinstance(v, fc.ORFC):
        inner = OrC(tuple(_constraint(p, rule) for p in v))
    else:
        inner = Const(v)
    if bind is None:
        return inner
    if inner is None:
        return Var(bind)
    return AndC((Var(bind), inner))
