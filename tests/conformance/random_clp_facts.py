"""Facts and the patterns that match them, for :mod:`tests.conformance.random_clp`.

The vocabulary of a random program: ordered relations p q r s t (two typed fields
each), the deftemplates ``box`` and ``cell`` and the finite sets their values come
from. :class:`FactGen` draws, from the generator's random stream, single fields and
their constraints, patterns on a relation or template (with the box's multislot
shapes), the values an action puts into a fact, asserted facts and the initial facts
of the deffacts.

FactGen is the base of the generator (:class:`tests.conformance.random_clp._Gen`):
it keeps no state of its own and reads the generator's ``r`` (its random.Random),
``types`` (each relation's field types) and ``bound`` (the box counter's bound).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.conformance.random_clp_rules import Lhs

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
VAR_NAMES = ("x", "y", "z", "w", "u", "v", "i", "j", "k", "m")


class FactGen:
    """Fields, patterns and facts (the generator's part about facts; module doc)."""

    # -- values and fields ---------------------------------------------------------------
    def const(self, typ: str) -> str:
        return str(self.r.choice(INTS)) if typ == "int" else self.r.choice(SYMS)

    def fields_of(self, rel: str) -> tuple:
        if rel in SLOTS:
            return SLOTS[rel]
        return tuple((None, t) for t in self.types[rel])

    def new_var(self, lhs: Lhs, typ: str, multi: bool = False) -> str:
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

    def field(self, lhs: Lhs, typ: str, refs: dict, bind: dict) -> str:
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
            if roll < 0.56:
                return c
            if roll < 0.6:      # beside a constant, CLIPS skips a predicate on the fact itself
                return f"{c}&:{self.predicate(r.choice(same), typ, refs)}" if same else c
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

    def items_field(self, lhs: Lhs, refs: dict, bind: dict, guarded: bool) -> tuple:
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

    def pattern(self, lhs: Lhs, rel: str, refs: dict, bind: dict,
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

    # -- values and facts ----------------------------------------------------------------
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
