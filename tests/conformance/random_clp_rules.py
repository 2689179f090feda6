"""Rule shapes for :mod:`tests.conformance.random_clp`: conditional elements, plans
and actions.

:class:`Rule` is one rule as parts (its CEs and actions, what it reads and changes).
:class:`RuleGen` builds one: it chooses a plan (what the rule asserts, retracts or
changes, hence which relations it may read: the termination argument in random_clp's
docstring), then CEs within it (positive patterns, ``not`` / ``exists`` / ``forall``,
``(not (and ...))``, ``or`` with shared variables, ``test``), then the actions (assert,
retract, ``modify`` / ``duplicate`` of the guarded box, ``printout``). :class:`Lhs`
holds a left-hand side while it is built, so that a later rule can share its first CEs.

RuleGen extends :class:`tests.conformance.random_clp_facts.FactGen` (fields, patterns,
values) and reads the generator's ``r``, ``types``, ``names``, ``level``, ``kind``,
``bound`` and ``changes`` (set up by :class:`tests.conformance.random_clp._Gen`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tests.conformance.random_clp_facts import INTS, ITEMS, SLOTS, SYMS, FactGen

# modify / duplicate rules in one program: each box fact has up to BOUND successors per
# such rule and activation, so more of them multiply the firings
MAX_CHANGES = 2


@dataclass(frozen=True)
class Rule:
    name: str
    salience: int
    ces: tuple[str, ...]
    actions: tuple[str, ...]
    # what the rule reads and changes, for check_levels
    reads: frozenset = frozenset()
    effects: tuple = ()             # ("assert", rel) / ("retract", rel) / ("change", "box")
    logical: int = 0                # its first CEs (patterns) in a logical

    def text(self) -> str:
        head = f"(defrule {self.name}"
        if self.salience:
            head += f" (declare (salience {self.salience}))"
        ces = list(self.ces)
        n = min(self.logical, leading_logical(ces))
        if n:
            ces[:n] = ["(logical " + "\n            ".join(ces[:n]) + ")"]
        lhs = "".join(f"\n   {ce}" for ce in ces)
        rhs = "".join(f"\n   {a}" for a in self.actions)
        return f"{head}{lhs}\n   =>{rhs})"


NEGATED = ("(not", "(exists")


def leading_logical(ces: list[str]) -> int:
    """How many of the first CEs a rule's ``logical`` may hold here (it must come
    first): patterns, ``not`` and ``exists``. Which of the negated ones it may hold
    depends on levels (:func:`logical_lead`)."""
    n = 0
    for ce in ces:
        if ce.startswith(("(or", "(test", "(forall", "(logical")):
            break
        n += 1
    return n


def logical_lead(ces: list[str], effects: tuple, level: dict) -> int:
    """How many first CEs a ``logical`` may hold and keep the program terminating:
    patterns (a fact then loses its support only when one it rests on goes: a change
    the termination argument bounds already) and ``not`` / ``exists`` over relations
    strictly below everything the rule asserts or changes (its facts then lose their
    support only through changes on lower levels, never through themselves, which
    ``(logical (not (p 1 a))) => (assert (p 1 a))`` would)."""
    made = [rel for e, rel in effects if e in ("assert", "change")]
    floor = min((level[rel] for rel in made), default=None)
    n = 0
    for ce in ces[:leading_logical(ces)]:
        if ce.startswith(NEGATED) and floor is not None and \
                any(level[rel] >= floor for rel in re.findall(r"\((\w+)", ce) if rel in level):
            break
        n += 1
    return n


class Lhs:
    """A rule's left-hand side while it is built: its CEs, the variables bound at top
    level (usable later and in actions), what it reads, its fact addresses."""

    def __init__(self):
        self.ces: list[str] = []
        self.scope: dict[str, str] = {}     # "?x" -> "int" / "sym" / "mf" / "mfx"
        self.reads: set[str] = set()
        self.faddr: dict[str, str] = {}     # "?f" -> relation
        self.guarded: str | None = None     # the box address guarded by n < bound
        self.guard_n: str | None = None     # its ?n
        self.items: tuple | None = None     # its items pattern as ("$?a", "?x", "$?b")
        self.box_other = False              # box read elsewhere than through `guarded`
        self.used = 0                       # variable names given out
        self.reserved: str | None = None    # the address a pattern still to come takes

    def copy(self) -> Lhs:
        other = Lhs()
        other.__dict__.update({k: (v.copy() if isinstance(v, (list, dict, set)) else v)
                               for k, v in self.__dict__.items()})
        return other


class RuleGen(FactGen):
    """Conditional elements, plans, rules and actions (module doc)."""

    # -- conditional elements -----------------------------------------------------------
    def positive(self, lhs: Lhs, allowed: list, address: str | None = None,
                 rel: str | None = None, guard: bool = False) -> None:
        rel = rel or self.pick_rel(lhs, allowed)
        bind: dict = {}
        n = self.new_var(lhs, "int") if guard else None
        text = self.pattern(lhs, rel, lhs.scope, bind, guard=n)
        if rel == "box" and not guard:
            lhs.box_other = True
        if address:
            text = f"{address} <- {text}"
            lhs.faddr[address] = rel
            if guard:
                lhs.guarded, lhs.guard_n = address, n
        lhs.scope.update(bind)
        lhs.ces.append(text)

    def pick_rel(self, lhs: Lhs, allowed: list) -> str:
        """A relation to read, most often one sharing a type with a bound variable."""
        return self.r.choice(allowed)

    def local(self, lhs: Lhs, rel: str, refs: dict) -> tuple[str, dict]:
        bind: dict = {}
        if rel == "box":
            lhs.box_other = True
        return self.pattern(lhs, rel, refs, bind), bind

    def negated(self, lhs: Lhs, allowed: list) -> None:
        r = self.r
        form = r.choice(("not", "not", "notand", "exists", "exists2", "forall", "tested",
                         "tests"))
        refs = dict(lhs.scope)
        if form == "tests":         # a group of tests only: one test to CLIPS
            t1, t2 = self.test_expr(refs), self.test_expr(refs)
            if t1 and t2:
                lhs.ces.append(r.choice((f"(not (and (test {t1}) (test {t2})))",
                                         f"(exists (test {t1}) (test {t2}))",
                                         f"(not (test {t1}))")))
            return
        p1, b1 = self.local(lhs, r.choice(allowed), refs)
        if form == "not":
            lhs.ces.append(f"(not {p1})")
            return
        if form == "exists":
            lhs.ces.append(f"(exists {p1})")
            return
        if form == "tested":        # one pattern and tests: one join to CLIPS
            test = self.test_expr({**refs, **b1})
            if test:
                lhs.ces.append(r.choice((f"(exists {p1} (test {test}))",
                                         f"(not (and {p1} (test {test})))")))
            return
        more = {**refs, **b1}
        p2, b2 = self.local(lhs, r.choice(allowed), more)
        if form == "notand":
            inner = [p1, p2]
            if r.random() < 0.25:
                test = self.test_expr({**more, **b2})
                if test:
                    inner.append(f"(test {test})")
            lhs.ces.append(f"(not (and {' '.join(inner)}))")
        elif form == "exists2":
            lhs.ces.append(f"(exists {p1} {p2})")
        else:
            lhs.ces.append(f"(forall {p1} {p2})")

    def test_ce(self, lhs: Lhs) -> None:
        expr = self.test_expr(lhs.scope)
        if expr:
            lhs.ces.append(f"(test {expr})")

    def test_expr(self, scope: dict) -> str | None:
        r = self.r
        ints = [v for v, t in scope.items() if t == "int"]
        syms = [v for v, t in scope.items() if t == "sym"]
        mfs = [v for v, t in scope.items() if t == "mf"]
        forms = []
        if ints:
            a, b = r.sample(ints, 2) if len(ints) > 1 else (ints[0], str(r.choice(INTS)))
            forms += [f"({r.choice(('>', '<', '<>', '=', '>='))} {a} {b})",
                      f"(= (+ {a} {b}) {r.choice((3, 4, 5))})",
                      f"(or (> {a} {r.choice(INTS)}) (< {b} {r.choice(INTS)}))"]
        if syms:
            a, b = r.sample(syms, 2) if len(syms) > 1 else (syms[0], r.choice(SYMS))
            forms += [f"(neq {a} {b})", f"(eq {a} {r.choice(SYMS)})"]
            if ints:
                forms.append(f"(and (neq {a} {r.choice(SYMS)}) (<> {r.choice(ints)} 2))")
        if mfs:
            m = r.choice(mfs)
            forms.append(f"(> (length$ {m}) {r.choice((0, 1))})")
            if ints:
                forms.append(f"(member$ {r.choice(ints)} {m})")
        return r.choice(forms) if forms else None

    def disjunction(self, lhs: Lhs, allowed: list) -> None:
        """(or A B) whose branches bind the same new variables (exported to the rule)."""
        r = self.r
        refs = dict(lhs.scope)
        branches, binds = [], []
        for _ in range(r.choice((2, 2, 3))):
            if r.random() < 0.3 and len(allowed) > 0:
                p1, b1 = self.local_shared(lhs, allowed, refs, binds)
                p2, b2 = self.local(lhs, r.choice(allowed), {**refs, **b1})
                extra = ""
                if r.random() < 0.3:
                    p3, _ = self.local(lhs, r.choice(allowed), {**refs, **b1, **b2})
                    extra = f" (not {p3})"
                branches.append(f"(and {p1} {p2}{extra})")
                binds.append({**b1, **b2})
            else:
                p, b = self.local_shared(lhs, allowed, refs, binds)
                branches.append(p)
                binds.append(b)
        shared = {v: t for v, t in binds[0].items()
                  if all(b.get(v) == t for b in binds[1:]) and t != "mfx"}
        lhs.ces.append(f"(or {' '.join(branches)})")
        lhs.scope.update(shared)

    def local_shared(self, lhs: Lhs, allowed: list, refs: dict, before: list) -> tuple:
        """A pattern for a branch of an or: after the first branch, it tries to bind the
        first branch's variables (same names) so that they are shared."""
        r = self.r
        if not before:
            return self.local(lhs, r.choice(allowed), refs)
        want = [(v, t) for v, t in before[0].items() if t in ("int", "sym")]
        rel = r.choice(allowed)
        if rel == "box":
            lhs.box_other = True
        lhs.reads.add(rel)
        bind: dict = {}
        if rel in SLOTS:
            parts = []
            for name, typ in SLOTS[rel]:
                if typ == "mf":
                    continue
                match = [v for v, t in want if t == typ and v not in bind]
                if match:
                    v = match[0]
                    bind[v] = typ
                    parts.append(f"({name} {v})")
                elif r.random() < 0.5:
                    parts.append(f"({name} {self.field(lhs, typ, {**refs, **bind}, bind)})")
            return f"({rel}" + "".join(" " + p for p in parts) + ")", bind
        parts = []
        for typ in self.types[rel]:
            match = [v for v, t in want if t == typ and v not in bind]
            if match and r.random() < 0.85:
                v = match[0]
                bind[v] = typ
                parts.append(v)
            else:
                parts.append(self.field(lhs, typ, {**refs, **bind}, bind))
        return f"({rel} {' '.join(parts)})", bind

    # -- plans: what a rule changes, hence what it may read ------------------------------
    def below(self, rel: str, strict: bool) -> set:
        lv = self.level[rel]
        return {n for n in self.names if self.level[n] < lv or (not strict and self.level[n] <= lv)}

    def plans(self, lhs: Lhs) -> list[dict]:
        """Every kind of rule this left-hand side (so far) still allows, with the
        relations later CEs may read."""
        out = [{"effects": (), "allowed": set(self.names), "weight": 1}]
        for c in self.names:
            allowed = self.below(c, strict=self.kind[c] != "growing")
            out.append({"effects": (("assert", c),), "allowed": allowed, "weight": 3})
        for x in self.names:
            if self.kind[x] == "growing":
                continue
            allowed = self.below(x, strict=False)
            out.append({"effects": (("retract", x),), "allowed": allowed, "weight": 2})
            for c in self.names:
                both = allowed & self.below(c, strict=self.kind[c] != "growing")
                if x in both:
                    out.append({"effects": (("retract", x), ("assert", c)), "allowed": both,
                                "weight": 1})
        if "box" in self.names and self.changes < MAX_CHANGES:
            lower = self.below("box", strict=True)
            for verb in ("modify", "duplicate"):
                out.append({"effects": (("change", "box"),), "verb": verb, "allowed": lower,
                            "weight": 3 if verb == "modify" else 2})
                for c in self.names:
                    if "box" in self.below(c, strict=self.kind[c] != "growing"):
                        both = lower & self.below(c, strict=self.kind[c] != "growing")
                        out.append({"effects": (("change", "box"), ("assert", c)),
                                    "verb": verb, "allowed": both, "weight": 1})
        return [p for p in out if self.fits(lhs, p)]

    def fits(self, lhs: Lhs, plan: dict) -> bool:
        allowed = plan["allowed"]
        changes = any(e == "change" for e, _ in plan["effects"])
        reads = set(lhs.reads)
        if changes:
            if lhs.box_other or (lhs.guarded is None and "box" in reads):
                return False
            reads.discard("box")
        elif lhs.guarded is not None and "box" not in allowed:
            return False
        if not reads <= allowed:
            return False
        for e, x in plan["effects"]:
            if e == "retract" and not any(rel == x for rel in lhs.faddr.values()) \
                    and x not in allowed:
                return False
        return True

    # -- rules --------------------------------------------------------------------------
    def rule(self, name: str, prefix: Lhs | None = None) -> tuple[Rule, list[Lhs]]:
        """A rule (after ``prefix``, the first CEs of another rule); with the states of
        its left-hand side after each CE, for rules that will share them."""
        r = self.r
        lhs = prefix.copy() if prefix is not None else Lhs()
        plans = self.plans(lhs)
        plan = r.choices(plans, weights=[p["weight"] for p in plans])[0]
        allowed = sorted(plan["allowed"], key=self.names.index)
        effects = plan["effects"]
        if any(e == "change" for e, _ in effects):
            self.changes += 1
        states = []
        # the fact address the plan needs, if the prefix has none
        need = None
        for e, x in effects:
            if e == "change" and lhs.guarded is None:
                need = (self.fresh_address(lhs), "box", True)
            if e == "retract" and not any(rel == x for rel in lhs.faddr.values()):
                need = (self.fresh_address(lhs), x, False)
        if need:
            lhs.reserved = need[0]
        todo = r.choice((1, 1, 2, 2, 2, 3, 3, 4)) - (1 if need else 0)
        if prefix is not None:
            todo = max(todo - 1, 1 if not need else 0)
        slots = todo + (1 if need else 0)
        at = r.randrange(slots) if need and slots else None
        if need and r.random() < 0.5:
            at = 0
        for k in range(slots):
            if need and k == at:
                address, rel, guard = need
                self.positive(lhs, allowed, address=address, rel=rel, guard=guard)
                lhs.reserved = None
            else:
                self.ce(lhs, allowed, effects)
            states.append(lhs.copy())
        actions = self.actions(lhs, plan, name)
        salience = r.choice((0, 0, 0, 0, 1, -1, 2, -2))
        rule = Rule(name, salience, tuple(lhs.ces), tuple(actions), frozenset(lhs.reads),
                    effects)
        return rule, states

    def fresh_address(self, lhs: Lhs) -> str:
        for a in ("?f", "?g", "?h", "?e", "?d"):
            if a not in lhs.faddr and a != lhs.reserved:
                return a
        raise AssertionError("five fact addresses in one rule")

    def ce(self, lhs: Lhs, allowed: list, effects: tuple) -> None:
        r = self.r
        if not allowed:
            self.test_ce(lhs)
            return
        kinds = ["pos"] * 5 + ["neg"] * 3 + ["test"] + ["or"]
        kind = r.choice(kinds)
        if kind == "test" and lhs.scope:
            self.test_ce(lhs)
        elif kind == "neg":
            # sometimes the guard: not what the rule asserts
            self.negated(lhs, allowed)
        elif kind == "or":
            self.disjunction(lhs, allowed)
        else:
            address = None
            if r.random() < 0.15:
                address = self.fresh_address(lhs)
            self.positive(lhs, allowed, address=address)

    def actions(self, lhs: Lhs, plan: dict, name: str) -> list[str]:
        r = self.r
        out: list[str] = []
        for e, x in plan["effects"]:
            if e == "retract":
                addrs = [a for a, rel in lhs.faddr.items() if rel == x]
                out.append(f"(retract {r.choice(addrs)})")
            elif e == "change":
                out.append(self.change(lhs, plan["verb"]))
            else:
                out.append(f"(assert {self.fact_from(lhs.scope, x)})")
        if r.random() < 0.25:
            at = r.randrange(len(out) + 1)
            out.insert(at, self.printout(lhs, name))
        if not plan["effects"]:
            out.append(self.printout(lhs, name))
        return out

    def printout(self, lhs: Lhs, name: str) -> str:
        vars_ = [v for v in lhs.scope if lhs.scope[v] != "mfx" or self.r.random() < 0.5]
        shown = self.r.sample(vars_, min(len(vars_), self.r.choice((0, 1, 2, 3))))
        return "(printout t " + " ".join([f'"{name}"'] + [f'" " {v}' for v in shown]) + " crlf)"

    def change(self, lhs: Lhs, verb: str) -> str:
        """modify / duplicate of the guarded box fact: n goes up by one, other slots may
        change too."""
        r = self.r
        f, n = lhs.guarded, lhs.guard_n
        slots = [f"(n (+ {n} 1))"]
        ints = [v for v, t in lhs.scope.items() if t == "int"]
        if r.random() < 0.4:
            slots.append(f"(id {self.int_value(ints)})")
        items = lhs.items
        if items is not None and r.random() < 0.7:
            named = [e for e in items if e.startswith("$?") and len(e) > 2 and "&" not in e]
            single = [e.split("&")[0] for e in items if e.startswith("?") and e != "?"]
            new = named + single
            r.shuffle(new)
            if r.random() < 0.3:
                new.append(str(r.choice(ITEMS)))
            slots.append("(items" + "".join(" " + e for e in new) + ")")
        elif r.random() < 0.3:
            slots.append("(items" + "".join(" " + str(r.choice(ITEMS))
                                            for _ in range(r.randint(0, 3))) + ")")
        r.shuffle(slots)
        return f"({verb} {f} {' '.join(slots)})"
