"""Random CLIPS programs, as text only (an engine under test reads the text itself).

Richer than :mod:`tests.conformance.random_programs`: ordered facts (relations p q r s
t of two typed fields) and deftemplates (``box``, with a counter slot and a multislot,
and ``cell``, with a default), in one or two deffacts; rules made of joins sharing
variables, ``not`` / ``exists`` / ``forall`` with outer bindings, ``(not (and ...))``,
``or`` with shared variables, ``test``, ``&`` ``|`` ``~`` and ``:(...)`` constraints,
multifield patterns on the multislot (and ``$?`` on ordered facts); actions that assert,
retract, ``modify`` and ``duplicate`` (bounded counters) and ``printout``; saliences
-2..2, rules in random order, pairs of rules sharing their first patterns (CLIPS shares
their joins) and one relation matched with different constants by several patterns.

:func:`generate` gives the program as parts (:class:`Program`), so a difference can be
shrunk by leaving out rules, facts, conditions and actions
(``scripts/conformance_random.py``); :func:`build` its text; :func:`outcome` runs one on
a session (either engine) and :func:`first_difference` says where two runs part.

Termination: every program stops by construction, whatever the strategy. Each relation
and template has a level (a random total order) and a kind:

* ``growing``: rules only ever assert into it; such a rule reads (in any CE, negated or
  not) relations of its level or below. Values stay in a finite set (integers 0..4,
  three symbols: arithmetic in actions is ``(- 4 ?x)`` and ``(min 3 (+ ?x 1))``), so
  with lower levels quiet it gets finitely many facts.
* ``mixed``: asserted into by rules reading only lower levels, retracted from by rules
  reading its level or below: once lower levels are quiet, finitely many assertions,
  hence finitely many retractions.
* ``counter`` (``box``): asserted into as ``mixed``, retracted as ``mixed``, and
  changed by ``modify`` / ``duplicate`` only in rules whose box pattern is the changed
  fact itself, guarded by ``(n ?n&:(< ?n BOUND))``, with every other CE on lower levels;
  each change makes a fact whose ``n`` is ``?n + 1`` (its multislot at most one longer),
  so chains of changes are at most BOUND long, and once lower levels are quiet each
  version of a box has finitely many activations of these rules.

A rule whose actions touch several levels obeys each level's rule. By induction on the
levels, each one sees finitely many changes, so finitely many activations, each firing
once. (No rule asserts into a growing relation from a level above it, nothing retracts
from a growing relation.) :func:`check_levels` verifies this of a generated program.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace

INTS = (1, 2, 3)
ITEMS = (1, 2, 3, 4)
SYMS = ("a", "b", "c")
RELATIONS = ("p", "q", "r", "s", "t")
SCHEMAS = (("int", "int"),) * 3 + (("int", "sym"), ("sym", "int"))
TEMPLATES = {
    "box": "(deftemplate box (slot id) (slot n (default 0)) (multislot items))",
    "cell": "(deftemplate cell (slot k) (slot v (default a)))",
}
SLOTS = {"box": (("id", "int"), ("n", "int"), ("items", "mf")),
         "cell": (("k", "int"), ("v", "sym"))}
# modify / duplicate rules in one program: each box fact has up to BOUND successors per
# such rule and activation, so more of them multiply the firings
MAX_CHANGES = 2
VAR_NAMES = ("x", "y", "z", "w", "u", "v", "i", "j", "k", "m")


# -- the program as parts ---------------------------------------------------------------
@dataclass(frozen=True)
class Rule:
    name: str
    salience: int
    ces: tuple[str, ...]
    actions: tuple[str, ...]
    # what the rule reads and changes, for check_levels
    reads: frozenset = frozenset()
    effects: tuple = ()             # ("assert", rel) / ("retract", rel) / ("change", "box")

    def text(self) -> str:
        head = f"(defrule {self.name}"
        if self.salience:
            head += f" (declare (salience {self.salience}))"
        lhs = "".join(f"\n   {ce}" for ce in self.ces)
        rhs = "".join(f"\n   {a}" for a in self.actions)
        return f"{head}{lhs}\n   =>{rhs})"


@dataclass(frozen=True)
class Program:
    seed: int
    templates: tuple[str, ...]
    facts: tuple[tuple[str, ...], ...]      # one tuple per deffacts
    rules: tuple[Rule, ...]
    order: tuple[tuple[str, int], ...]      # ("facts", i) / ("rule", i), after templates
    level: dict = field(default_factory=dict, compare=False)
    kind: dict = field(default_factory=dict, compare=False)

    def text(self) -> str:
        out = [f";; random_clp seed {self.seed}"] + list(self.templates)
        for what, i in self.order:
            if what == "facts":
                body = "".join(f"\n   {f}" for f in self.facts[i])
                out.append(f"(deffacts start{i}{body})")
            else:
                out.append(self.rules[i].text())
        return "\n".join(out) + "\n"

    # -- smaller programs (for shrinking a difference) ---------------------------------
    def parts(self) -> list[tuple]:
        """Every part that can be left out on its own: ("rule", i), ("fact", g, j),
        ("ce", i, k), ("action", i, k), ("salience", i)."""
        out: list[tuple] = [("rule", i) for i in range(len(self.rules))]
        out += [("fact", g, j) for g, group in enumerate(self.facts) for j in range(len(group))]
        for i, rule in enumerate(self.rules):
            out += [("ce", i, k) for k in range(len(rule.ces))]
            out += [("action", i, k) for k in range(len(rule.actions))]
            if rule.salience:
                out.append(("salience", i))
        return out

    def without(self, part: tuple) -> Program:
        """This program less one part. Leaving out rules, facts or actions keeps the
        program valid and terminating (it only removes changes and readers); leaving out
        a CE keeps it terminating (the rule reads less) but may leave a variable unbound,
        which CLIPS refuses to load."""
        what, i = part[0], part[1]
        if what == "rule":
            rules = self.rules[:i] + self.rules[i + 1:]
            order = tuple((w, j if w == "facts" or j < i else j - 1)
                          for w, j in self.order if (w, j) != ("rule", i))
            return replace(self, rules=rules, order=order)
        if what == "fact":
            group = self.facts[i]
            facts = list(self.facts)
            facts[i] = group[:part[2]] + group[part[2] + 1:]
            return replace(self, facts=tuple(facts))
        rules = list(self.rules)
        rule = rules[i]
        if what in ("action", "ce"):
            k = part[2]
            if what == "action":
                rules[i] = replace(rule, actions=rule.actions[:k] + rule.actions[k + 1:])
            else:
                rules[i] = replace(rule, ces=rule.ces[:k] + rule.ces[k + 1:])
        else:
            rules[i] = replace(rule, salience=0)
        return replace(self, rules=tuple(rules))


def check_levels(program: Program) -> None:
    """AssertionError unless every rule keeps the termination argument (module doc)."""
    level, kind = program.level, program.kind
    for rule in program.rules:
        for effect, rel in rule.effects:
            # the highest level the rule may read, and whether that level itself
            if effect == "assert":
                top, itself = level[rel], kind[rel] == "growing"
            elif effect == "retract":
                assert kind[rel] != "growing", (rule.name, rel)
                top, itself = level[rel], True
            else:                       # modify / duplicate of the guarded box fact
                top, itself = level["box"], False
            reads = rule.reads - {"box"} if effect == "change" else rule.reads
            bad = [n for n in reads if level[n] > top or (level[n] == top and not itself)]
            assert not bad, (program.seed, rule.name, effect, rel, bad)
            if effect == "change":      # the box is read through the changed fact only
                boxes = [ce for ce in rule.ces if "(box" in ce]
                assert len(boxes) == 1 and " <- (box" in boxes[0] and \
                    re.search(r"\(n (\?\w+)&:\(< \1 \d\)\)", boxes[0]), (program.seed, rule.name)


# -- building ---------------------------------------------------------------------------
class _Lhs:
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

    def copy(self) -> _Lhs:
        other = _Lhs()
        other.__dict__.update({k: (v.copy() if isinstance(v, (list, dict, set)) else v)
                               for k, v in self.__dict__.items()})
        return other


class _Gen:
    def __init__(self, seed: int):
        self.seed = seed
        r = self.r = random.Random(seed)
        self.types = {rel: r.choice(SCHEMAS) for rel in RELATIONS}
        self.templates = [t for t, p in (("box", 0.85), ("cell", 0.5)) if r.random() < p]
        names = list(RELATIONS) + self.templates
        r.shuffle(names)
        self.names = names
        self.level = {n: i for i, n in enumerate(names)}
        self.kind = {n: "counter" if n == "box" else r.choice(("growing", "mixed"))
                     for n in names}
        self.bound = r.choice((2, 3))
        self.const_p = r.choice((0.1, 0.2, 0.3))       # how often a field is a constant
        self.changes = 0        # modify / duplicate rules so far (at most MAX_CHANGES)

    # -- values and fields ---------------------------------------------------------------
    def const(self, typ: str) -> str:
        return str(self.r.choice(INTS)) if typ == "int" else self.r.choice(SYMS)

    def fields_of(self, rel: str) -> tuple:
        if rel in SLOTS:
            return SLOTS[rel]
        return tuple((None, t) for t in self.types[rel])

    def new_var(self, lhs: _Lhs, typ: str, multi: bool = False) -> str:
        name = VAR_NAMES[lhs.used % len(VAR_NAMES)]
        if lhs.used >= len(VAR_NAMES):
            name += str(lhs.used // len(VAR_NAMES))
        lhs.used += 1
        return ("$?" if multi else "?") + name

    def predicate(self, var: str, typ: str, refs: dict) -> str:
        r = self.r
        others = [v for v, t in refs.items() if t == typ and v != var]
        if typ == "int":
            forms = [f"({r.choice(('>', '<', '>=', '<=', '<>'))} {var} {r.choice(INTS)})",
                     f"({r.choice(('oddp', 'evenp'))} {var})"]
            if others:
                o = r.choice(others)
                forms += [f"({r.choice(('>', '<', '<>', '='))} {var} {o})",
                          f"(= {var} (+ {o} 1))"]
        else:
            forms = [f"(neq {var} {r.choice(SYMS)})",
                     f"(neq {var} {' '.join(r.sample(SYMS, 2))})"]
            if others:
                o = r.choice(others)
                forms += [f"(neq {var} {o})", f"(eq {var} {o})"]
        return r.choice(forms)

    def field(self, lhs: _Lhs, typ: str, refs: dict, bind: dict) -> str:
        """One single field of type ``typ``: refs are the variables it may name, bind
        receives the variables it binds."""
        r = self.r
        same = [v for v, t in refs.items() if t == typ]
        outer = [v for v in same if v not in bind]          # bound by earlier patterns
        choice = r.random()
        join = (0.45 if outer else 0.0) + (0.06 if len(outer) < len(same) else 0.0)
        if choice < join:                                  # a join on a bound variable
            v = r.choice(outer) if outer and choice < 0.45 else \
                r.choice([v for v in same if v in bind])
            if r.random() < 0.15:
                return f"{v}&:{self.predicate(v, typ, refs)}"
            return v
        if choice < join + self.const_p:                   # constants and connectives
            c = self.const(typ)
            roll = r.random()
            if roll < 0.6:
                return c
            if roll < 0.75:
                return f"~{c}"
            if roll < 0.9:
                other = self.const(typ)
                return f"{c}|{other}" if other != c else c
            if same:
                return f"~{r.choice(same)}"
            return c
        if r.random() < 0.2:
            return "?"
        v = self.new_var(lhs, typ)
        bind[v] = typ
        roll = r.random()
        if roll < 0.6:
            return v
        scope = {**refs, v: typ}
        if roll < 0.75:
            return f"{v}&:{self.predicate(v, typ, scope)}"
        if roll < 0.85:
            return f"{v}&~{self.const(typ)}"
        if roll < 0.93:
            a, b = r.sample(INTS if typ == "int" else SYMS, 2)
            return f"{v}&{a}|{b}"
        if same:
            return f"{v}&~{r.choice(same)}"
        return v

    def items_field(self, lhs: _Lhs, refs: dict, bind: dict, guarded: bool) -> tuple:
        """The box's multislot in a pattern: its text as a list of elements."""
        r = self.r
        ints = [v for v, t in refs.items() if t == "int"]
        shapes = ["spread", "spread", "pred", "first", "last", "all", "two", "const", "empty",
                  "repeat"]
        if ints:
            shapes += ["join", "join"]
        shape = r.choice(shapes)
        if shape in ("spread", "pred"):
            a, x, b = self.new_var(lhs, "mf", True), self.new_var(lhs, "int"), \
                self.new_var(lhs, "mf", True)
            if shape == "pred" or r.random() < 0.3:
                keep = r.random() < 0.5 or guarded
                xv = f"{x}&:{self.predicate(x, 'int', {**refs, x: 'int'})}"
                bind.update({x: "int"})
                if keep:
                    bind.update({a: "mf", b: "mf"})
                    return (a, xv, b)
                return ("$?", xv, "$?")
            bind.update({a: "mf", x: "int", b: "mf"})
            return (a, x, b)
        if shape == "first":
            x = self.new_var(lhs, "int")
            bind[x] = "int"
            return (x, "$?")
        if shape == "last":
            x = self.new_var(lhs, "int")
            bind[x] = "int"
            return ("$?", x)
        if shape == "all":
            a = self.new_var(lhs, "mf", True)
            bind[a] = "mf"
            if r.random() < 0.3:
                return (f"{a}&:(> (length$ {a}) {r.choice((0, 1, 2))})",)
            return (a,)
        if shape == "two":
            x, y = self.new_var(lhs, "int"), self.new_var(lhs, "int")
            bind.update({x: "int", y: "int"})
            return ("$?", x, "$?", f"{y}&:(< {y} {x})", "$?")
        if shape == "const":
            return ("$?", str(r.choice(ITEMS)), "$?")
        if shape == "repeat":
            x = self.new_var(lhs, "int")
            bind[x] = "int"
            return ("$?", x, "$?", x, "$?")
        if shape == "join":
            return ("$?", r.choice(ints), "$?")
        return ()

    def pattern(self, lhs: _Lhs, rel: str, refs: dict, bind: dict,
                guard: str | None = None) -> str:
        """A pattern on ``rel``; ``guard``: the box's counter variable, bound and tested
        against the bound."""
        r = self.r
        lhs.reads.add(rel)
        if rel not in SLOTS:
            if r.random() < 0.06:                               # (p ?x $?) and the like
                first = self.field(lhs, self.types[rel][0], refs, bind)
                rest = self.new_var(lhs, "mfx", True)
                bind[rest] = "mfx"
                return f"({rel} {first} {rest})"
            parts = []
            for _, typ in self.fields_of(rel):
                parts.append(self.field(lhs, typ, {**refs, **bind}, bind))
            return f"({rel} {' '.join(parts)})"
        slots = list(SLOTS[rel])
        r.shuffle(slots)
        parts = []
        for name, typ in slots:
            if name == "n" and guard:
                bind[guard] = "int"
                parts.append(f"(n {guard}&:(< {guard} {self.bound}))")
                continue
            if r.random() < 0.35:
                continue                            # slot left out: matches anything
            if typ == "mf":
                items = self.items_field(lhs, {**refs, **bind}, bind, guard is not None)
                if guard:
                    lhs.items = items
                parts.append("(items" + "".join(" " + e for e in items) + ")")
            else:
                parts.append(f"({name} {self.field(lhs, typ, {**refs, **bind}, bind)})")
        return f"({rel}" + "".join(" " + p for p in parts) + ")"

    # -- conditional elements -----------------------------------------------------------
    def positive(self, lhs: _Lhs, allowed: list, address: str | None = None,
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

    def pick_rel(self, lhs: _Lhs, allowed: list) -> str:
        """A relation to read, most often one sharing a type with a bound variable."""
        return self.r.choice(allowed)

    def local(self, lhs: _Lhs, rel: str, refs: dict) -> tuple[str, dict]:
        bind: dict = {}
        if rel == "box":
            lhs.box_other = True
        return self.pattern(lhs, rel, refs, bind), bind

    def negated(self, lhs: _Lhs, allowed: list) -> None:
        r = self.r
        form = r.choice(("not", "not", "notand", "exists", "exists2", "forall"))
        refs = dict(lhs.scope)
        p1, b1 = self.local(lhs, r.choice(allowed), refs)
        if form == "not":
            lhs.ces.append(f"(not {p1})")
            return
        if form == "exists":
            lhs.ces.append(f"(exists {p1})")
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

    def test_ce(self, lhs: _Lhs) -> None:
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

    def disjunction(self, lhs: _Lhs, allowed: list) -> None:
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

    def local_shared(self, lhs: _Lhs, allowed: list, refs: dict, before: list) -> tuple:
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

    def plans(self, lhs: _Lhs) -> list[dict]:
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

    def fits(self, lhs: _Lhs, plan: dict) -> bool:
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
    def rule(self, name: str, prefix: _Lhs | None = None) -> tuple[Rule, list[_Lhs]]:
        """A rule (after ``prefix``, the first CEs of another rule); with the states of
        its left-hand side after each CE, for rules that will share them."""
        r = self.r
        lhs = prefix.copy() if prefix is not None else _Lhs()
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

    def fresh_address(self, lhs: _Lhs) -> str:
        for a in ("?f", "?g", "?h", "?e", "?d"):
            if a not in lhs.faddr and a != lhs.reserved:
                return a
        raise AssertionError("five fact addresses in one rule")

    def ce(self, lhs: _Lhs, allowed: list, effects: tuple) -> None:
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

    def actions(self, lhs: _Lhs, plan: dict, name: str) -> list[str]:
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

    def printout(self, lhs: _Lhs, name: str) -> str:
        vars_ = [v for v in lhs.scope if lhs.scope[v] != "mfx" or self.r.random() < 0.5]
        shown = self.r.sample(vars_, min(len(vars_), self.r.choice((0, 1, 2, 3))))
        return "(printout t " + " ".join([f'"{name}"'] + [f'" " {v}' for v in shown]) + " crlf)"

    def change(self, lhs: _Lhs, verb: str) -> str:
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

    def int_value(self, ints: list) -> str:
        r = self.r
        if ints and r.random() < 0.75:
            v = r.choice(ints)
            roll = r.random()
            if roll < 0.15:
                return f"(- 4 {v})"
            if roll < 0.25:
                return f"(min 3 (+ {v} 1))"
            return v
        return str(r.choice(INTS))

    def value(self, scope: dict, typ: str) -> str:
        if typ == "int":
            return self.int_value([v for v, t in scope.items() if t == "int"])
        syms = [v for v, t in scope.items() if t == "sym"]
        if syms and self.r.random() < 0.75:
            return self.r.choice(syms)
        return self.r.choice(SYMS)

    def fact_from(self, scope: dict, rel: str) -> str:
        r = self.r
        if rel == "box":
            parts = [f"(id {self.value(scope, 'int')})"]
            if r.random() < 0.3:
                parts.append(f"(n {r.choice((0, 1))})")
            mfs = [v for v, t in scope.items() if t == "mf"]
            if r.random() < 0.7:
                elems = [self.value(scope, "int") for _ in range(r.randint(0, 2))]
                if mfs and r.random() < 0.5:
                    elems.insert(r.randrange(len(elems) + 1), r.choice(mfs))
                parts.append("(items" + "".join(" " + e for e in elems) + ")")
            r.shuffle(parts)
            return "(box " + " ".join(parts) + ")"
        if rel == "cell":
            parts = [f"(k {self.value(scope, 'int')})"]
            if r.random() < 0.6:
                parts.append(f"(v {self.value(scope, 'sym')})")
            r.shuffle(parts)
            return "(cell " + " ".join(parts) + ")"
        return f"({rel} " + " ".join(self.value(scope, t) for t in self.types[rel]) + ")"

    def initial_fact(self, rel: str) -> str:
        r = self.r
        if rel == "box":
            parts = [f"(id {r.choice(INTS)})"]
            if r.random() < 0.6:
                parts.append(f"(n {r.choice((0, 0, 1, 2))})")
            parts.append("(items" + "".join(" " + str(r.choice(ITEMS))
                                            for _ in range(r.choice((0, 1, 2, 3, 3, 4)))) + ")")
            r.shuffle(parts)
            return "(box " + " ".join(parts) + ")"
        if rel == "cell":
            parts = [f"(k {r.choice(INTS)})"]
            if r.random() < 0.6:
                parts.append(f"(v {r.choice(SYMS)})")
            return "(cell " + " ".join(parts) + ")"
        return f"({rel} " + " ".join(self.const(t) for t in self.types[rel]) + ")"

    def alpha_twin(self, rule: Rule, name: str) -> Rule | None:
        """A rule on the same ordered relation as ``rule``'s first pattern with the
        constant in the other field: ``(p 1 ?x)`` there, ``(p ?x 2)`` here (the same
        fact reaches both through different alpha paths)."""
        for ce in rule.ces:
            head = ce.split(" <- ")[-1]
            rel = head[1:].split(" ", 1)[0]
            if rel in RELATIONS and head.count(" ") == 2:
                break
        else:
            return None
        r = self.r
        t1, t2 = self.types[rel]
        which = r.random() < 0.5
        a = self.const(t1) if which else "?x"
        b = "?y" if which else self.const(t2)
        scope = {"?x": t1} if not which else {"?y": t2}
        target = [c for c in self.names if self.kind[c] != "counter"
                  and rel in self.below(c, strict=self.kind[c] != "growing")]
        if target and r.random() < 0.7:
            c = r.choice(target)
            act = f"(assert {self.fact_from(scope, c)})"
            effects = (("assert", c),)
        else:
            act = f'(printout t "{name}" " " {next(iter(scope))} crlf)'
            effects = ()
        return Rule(name, r.choice((0, 0, 1, -1)), (f"({rel} {a} {b})",), (act,),
                    frozenset({rel}), effects)

    # -- the program ----------------------------------------------------------------------
    def program(self) -> Program:
        r = self.r
        rules: list[Rule] = []
        states: list[list[_Lhs]] = []
        for i in range(r.randint(3, 8)):
            name = f"r{i}"
            if rules and r.random() < 0.25:                 # shares a prefix
                j = r.randrange(len(rules))
                if states[j]:
                    k = r.randrange(min(2, len(states[j])))
                    rule, st = self.rule(name, prefix=states[j][k])
                    rules.append(rule)
                    states.append(st)
                    continue
            if rules and r.random() < 0.12:
                twin = self.alpha_twin(r.choice(rules), name)
                if twin is not None:
                    rules.append(twin)
                    states.append([])
                    continue
            rule, st = self.rule(name)
            rules.append(rule)
            states.append(st)
        order = list(range(len(rules)))
        r.shuffle(order)
        rules = [rules[i] for i in order]
        facts: list[str] = []
        for rel in self.names:
            how_many = r.choice((0, 2, 3, 4, 4, 5, 6)) if rel != "box" else r.choice((1, 2, 2, 3))
            facts += [self.initial_fact(rel) for _ in range(how_many)]
        if facts and r.random() < 0.15:
            facts.append(r.choice(facts))                   # a duplicate: no new fact
        r.shuffle(facts)
        cut = r.randint(1, len(facts) - 1) if len(facts) > 2 and r.random() < 0.3 else len(facts)
        groups = (tuple(facts[:cut]),) + ((tuple(facts[cut:]),) if cut < len(facts) else ())
        placed: list = [("rule", i) for i in range(len(rules))]
        for g in range(len(groups)):
            placed.insert(r.randint(0, len(placed)), ("facts", g))
        return Program(self.seed, tuple(TEMPLATES[t] for t in self.templates), groups,
                       tuple(rules), tuple(placed), dict(self.level), dict(self.kind))


# -- running a program --------------------------------------------------------------------
STRATEGIES = ("depth", "breadth", "lex", "mea", "simplicity", "complexity")
LIMIT = 300             # firings compared per run


@dataclass(frozen=True)
class Outcome:
    """One run: firings as (rule, matched fact ids), facts as "f-N text", printed
    lines; or the exception the engine raised (its type and text)."""

    firings: tuple = ()
    facts: tuple = ()
    printed: tuple = ()
    error: str | None = None


def clips_session(path):
    """A CLIPS session on the .clp file ``path``, its error text kept in
    ``diagnostics`` (not printed); UsageError if CLIPS cannot load the file."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.clips_program import read_source
    s = ClipsSession()
    s.quiet(True)
    s.load_source(read_source(path))
    return s


def outcome(make, strategy: str, limit: int = LIMIT) -> Outcome:
    """Run a session made by ``make()`` under ``strategy`` for at most ``limit``
    firings; an exception (making or running it) is an outcome too, and so is error
    text the engine kept in its ``diagnostics`` (a quiet CLIPS session's errors)."""
    try:
        s = make()
        s.strategy = strategy
        s.reset()
        s.run(limit)
        if s.diagnostics:
            return Outcome(error="diagnostics: " + " | ".join(s.diagnostics[:8]))
        return Outcome(tuple((f.rule, tuple(f.matched)) for f in s.trace),
                       tuple(f"f-{f.id} {f.text}" for f in s.facts()), tuple(s.printed))
    except Exception as exc:            # noqa: BLE001 - the engine under test failed
        return Outcome(error=f"{type(exc).__name__}: {exc}")


def first_difference(clips: Outcome, ours: Outcome) -> str | None:
    """The first place two outcomes differ, in words; None if they are the same."""
    if clips == ours:
        return None
    if clips.error or ours.error:
        return f"error: CLIPS {clips.error or 'none'}; ours {ours.error or 'none'}"

    def firing(f):
        if f is None:
            return "(no firing)"
        return " ".join([f[0]] + ([",".join(f"f-{i}" for i in f[1])] if f[1] else []))
    for i in range(max(len(clips.firings), len(ours.firings))):
        a = clips.firings[i] if i < len(clips.firings) else None
        b = ours.firings[i] if i < len(ours.firings) else None
        if a != b:
            return f"firing {i + 1}: CLIPS {firing(a)}; ours {firing(b)}"
    if clips.facts != ours.facts:
        only_clips = [f for f in clips.facts if f not in ours.facts]
        only_ours = [f for f in ours.facts if f not in clips.facts]
        if not only_clips and not only_ours:
            return "facts: the same, in another order"
        return f"facts: only on CLIPS {only_clips}; only on ours {only_ours}"
    for i in range(max(len(clips.printed), len(ours.printed))):
        a = clips.printed[i] if i < len(clips.printed) else None
        b = ours.printed[i] if i < len(ours.printed) else None
        if a != b:
            return f"printed line {i + 1}: CLIPS {a!r}; ours {b!r}"
    return "differ"             # not reached: some field differs


def generate(seed: int) -> Program:
    """Program ``seed`` as parts (reproducible: random.Random(seed) only)."""
    return _Gen(seed).program()


def build(seed: int) -> str:
    """The CLIPS text of program ``seed``."""
    return generate(seed).text()


if __name__ == "__main__":
    import sys
    for arg in sys.argv[1:] or ["0"]:
        print(build(int(arg)))
