"""Which fact matched which pattern of an experta rule, and the rule's specificity.

experta keeps an activation's facts as a set; CLIPS lists them in the order of the
rule's patterns. The network captures each pattern's fact in the token's context
(``__pattern_ID__`` or the pattern's ``AS`` name); :func:`pattern_facts` reads them
back, checking each against its pattern (class, constants, bindings, predicates),
and learns per rule which context key belongs to which pattern. Specificity is
CLIPS 6.4's count, measured on CLIPS (simplicity and complexity use it).
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401

from experta import Fact  # noqa: E402
from experta.conditionalelement import AND, EXISTS, FORALL, NOT, OR, TEST  # noqa: E402
from experta.fact import InitialFact  # noqa: E402
from experta.fieldconstraint import L, P, W, NOTFC, ANDFC, ORFC  # noqa: E402


def _branches(rule) -> list[list]:
    conds = list(rule)
    if len(conds) == 1 and isinstance(conds[0], OR):
        return [list(b) if isinstance(b, AND) else [b] for b in conds[0]]
    if len(conds) == 1 and isinstance(conds[0], AND):
        return [list(conds[0])]
    return [conds]


def _pattern_key(p) -> str:
    return p.__bind__ or "__pattern_%s__" % id(p)


def _slots(branch) -> list:
    """The branch's patterns in order: a Fact pattern, or None for a NOT."""
    out: list = []
    for c in branch:
        if isinstance(c, AND):
            out += _slots(c)
        elif isinstance(c, NOT):
            out.append(None)
        elif isinstance(c, Fact) and not isinstance(c, InitialFact):
            out.append(c)
    return out


def pattern_facts(act) -> list:
    """The facts matching each pattern of the activation's rule, in pattern order
    (None for a NOT pattern); cached on the activation."""
    got = act.__dict__.get("_pe_pf")
    if got is not None:
        return got
    got = _by_learned_keys(act)
    if got is not None:
        act._pe_pf = got
        return got
    facts = sorted((f for f in act.facts if not isinstance(f, InitialFact)),
                   key=lambda f: f["__factid__"])
    got = None
    learned = act.rule.__dict__.setdefault("_pe_keys", {})
    for i, branch in enumerate(_branches(act.rule)):
        slots = _slots(branch)
        got = _assign(slots, facts, act.context, learned.get(i))
        if got is not None:
            act._pe_branch = i
            act._pe_nots = _nots(branch)
            if i not in learned:
                learned[i] = _capture_keys(got, act.context)
            break
    if got is None:
        got = facts
    act._pe_pf = got
    return got


def _by_learned_keys(act) -> list | None:
    """The fast path once a one-branch rule has been read: each pattern's fact is
    where the network captured it (the keys learned from a checked reading), if
    every captured fact has its pattern's class and together they are the
    activation's facts; None sends the activation to the full reading."""
    rule = act.rule
    learned = rule.__dict__.get("_pe_keys")
    if not learned or 0 not in learned:
        return None
    plan = rule.__dict__.get("_pe_plan")
    if plan is None:
        branches = _branches(rule)
        if len(branches) != 1:
            plan = rule._pe_plan = ()
        else:
            slots = _slots(branches[0])
            plan = rule._pe_plan = (tuple(zip(slots, learned[0])), _nots(branches[0]))
    if not plan:
        return None
    ctx, row, seen = act.context, [], 0
    for pattern, key in plan[0]:
        if pattern is None:
            row.append(None)
            continue
        fact = ctx.get(key) if key is not None else None
        if fact is None or type(fact) is not type(pattern):
            return None
        row.append(fact)
        seen += 1
    facts = act.facts
    real = sum(1 for f in facts if not isinstance(f, InitialFact))
    if seen != real or any(f not in facts for f in row if f is not None):
        return None
    act._pe_branch, act._pe_nots = 0, plan[1]
    return row


def _nots(branch) -> list:
    """(position, class) of each NOT pattern of a branch, positions as in _slots."""
    out, i = [], 0
    for c in _flat(branch):
        if isinstance(c, NOT):
            inner = [x for x in c if isinstance(x, Fact)]
            out.append((i, type(inner[0]) if inner else None))
        if isinstance(c, NOT) or (isinstance(c, Fact) and not isinstance(c, InitialFact)):
            i += 1
    return out


def _flat(branch) -> list:
    out: list = []
    for c in branch:
        out += _flat(c) if isinstance(c, AND) else [c]
    return out


def _capture_keys(row: list, ctx: dict) -> list:
    """The context key under which each pattern's fact was captured (the network's
    own names, which need not be the rule's pattern ids)."""
    out = []
    for f in row:
        keys = [k for k, v in ctx.items() if v is f] if f is not None else []
        keys.sort(key=lambda k: not k.startswith("__pattern_"))
        out.append(keys[0] if keys else None)
    return out


def _assign(slots: list, facts: list, ctx: dict, keys: list | None = None) -> list | None:
    """Each fact to the one pattern it fills: by the pattern's capture key where the
    context has it, else by class, values and bindings (backtracking)."""
    positive = [p for p in slots if p is not None]
    if len(positive) != len(facts):
        return None
    row: list = []
    used: set[int] = set()

    def place(i: int) -> bool:
        if i == len(slots):
            return True
        p = slots[i]
        if p is None:
            row.append(None)
            if place(i + 1):
                return True
            row.pop()
            return False
        key = keys[i] if keys and keys[i] is not None else _pattern_key(p)
        options = [ctx[key]] if key in ctx and _fits(p, ctx[key], ctx) else [f for f in facts if _fits(p, f, ctx)]
        for f in options:
            if id(f) in used:
                continue
            used.add(id(f))
            row.append(f)
            if place(i + 1):
                return True
            row.pop()
            used.discard(id(f))
        return False

    return row if place(0) and {id(f) for f in row if f is not None} == {
        id(f) for f in facts} else None


def _fits(p, fact, ctx: dict) -> bool:
    if type(fact) is not type(p):
        return False
    for k, v in p.items():
        if p.is_special(k):
            continue
        if k not in fact or not _value_ok(v, fact[k], ctx):
            return False
    return True


def _value_ok(v, x, ctx: dict) -> bool:
    """Does value ``x`` meet the constraint ``v`` (under the activation's bindings)?"""
    if isinstance(v, W):
        return v.__bind__ is None or v.__bind__ not in ctx or ctx[v.__bind__] == x
    if isinstance(v, L):
        return x == v.value
    if isinstance(v, P):
        try:
            return bool(v.match(x))
        except Exception:       # a predicate that fails here: leave it undecided
            return True
    if isinstance(v, NOTFC):
        return not all(_value_ok(c, x, ctx) for c in v)
    if isinstance(v, ANDFC):
        return all(_value_ok(c, x, ctx) for c in v)
    if isinstance(v, ORFC):
        return any(_value_ok(c, x, ctx) for c in v)
    return x == v


def basis(act) -> tuple[int | None, ...]:
    """The activation's facts as CLIPS prints them: one entry per pattern of its rule,
    None (CLIPS's ``*``) for a NOT, EXISTS or FORALL."""
    row = pattern_facts(act)
    branches = _branches(act.rule)
    branch = branches[min(act.__dict__.get("_pe_branch", 0), len(branches) - 1)]
    out: list[int | None] = []
    k = 0
    for c in _flat(branch):
        if isinstance(c, (EXISTS, FORALL)):
            out.append(None)
        elif isinstance(c, NOT) or (isinstance(c, Fact) and not isinstance(c, InitialFact)):
            f = row[k] if k < len(row) else None
            k += 1
            out.append(None if f is None else f["__factid__"])
    return tuple(out)


def shown_ids(act) -> tuple[int, ...]:
    return tuple(f["__factid__"] for f in pattern_facts(act) if f is not None)


def rule_name(act) -> str:
    return getattr(act.rule, "__name__", None) or getattr(act.rule._wrapped, "__name__", "rule")


def specificity(rule, branch: int = 0) -> int:
    """CLIPS 6.4's count (measured on CLIPS): one per pattern (a NOT's too), per
    constant (each of ``1|2``), per comparison with a bound variable, per predicate
    or test (a call inside a call adds none), for one branch of an OR."""
    specs = rule.__dict__.get("_pe_specs")
    if specs is None:
        specs = rule._pe_specs = [_count(b, set()) for b in _branches(rule)]
    return specs[branch] if branch < len(specs) else specs[0]


def act_specificity(act) -> int:
    pattern_facts(act)
    return specificity(act.rule, act.__dict__.get("_pe_branch", 0))


def _count(conds, bound: set) -> int:
    n = 0
    for c in conds:
        if isinstance(c, AND):
            n += _count(list(c), bound)
        elif isinstance(c, NOT):            # its own variables stay inside it
            n += _count(list(c), set(bound))
        elif isinstance(c, TEST):
            n += 1
        elif isinstance(c, Fact) and not isinstance(c, InitialFact):
            n += 1 + sum(_value_count(v, bound) for k, v in c.items() if not c.is_special(k))
    return n


def _value_count(v, bound: set) -> int:
    if isinstance(v, W):
        name = v.__bind__
        if name is None:
            return 0
        if name in bound:
            return 1
        bound.add(name)
        return 0
    if isinstance(v, (NOTFC, ANDFC, ORFC)):
        return sum(_value_count(x, bound) for x in v)
    if isinstance(v, (L, P)):
        return 1
    return 1


def act_key(act) -> tuple:
    """What tells one activation from another: the rule's name, the facts and the
    bindings of the token that made it (a removal builds a new Activation from the
    same token, so it has the same key). Kept on the activation."""
    key = act.__dict__.get("_pe_key")
    if key is None:
        key = act._pe_key = (rule_name(act), frozenset(act.facts),
                             frozenset(act.context.items()))
    return key
