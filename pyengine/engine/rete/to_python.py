"""A CLIPS rule shown in experta's rule language (``rules --python NAME``): the same
rule, as a student would write it in Python, valid Python that experta runs.

The conditions come from the rule as our engine read it (:mod:`.lhs`), so what is
shown is what runs: a template pattern becomes ``Template(slot=...)``, ``?x`` becomes
``MATCH.x``, ``~red`` ``~L('red')``, ``?f <-`` ``AS.f <<``, ``not``/``exists``/
``forall``/``or``/``test`` their experta namesakes. CLIPS calls inside ``:()``,
``=()`` and ``test`` are written as Python where they have a plain Python form
(arithmetic, comparisons, ``and``/``or``/``not``, ``oddp``, ``length$``...; ``div``,
``mod`` and ``eq`` with CLIPS's meaning). experta's ``P`` sees only its field's value,
so a predicate on other variables, and ``=()``, become a ``TEST`` after the pattern.
What has no experta form (a call without a plain Python form, a multifield's ``$?``)
is left out of the rule and said in a comment above it. A template whose class name
would hide one of experta's names (``p``: ``P``) gets ``Fact`` added. The actions are
listed as CLIPS writes them, as the method's comments.
"""
from __future__ import annotations

from keyword import iskeyword

from pyengine.engine.clips_reader import Form, String, Symbol, Variable, arrow_index, read
from pyengine.engine.rete.lhs import (And, AndC, Const, Exists, Forall, Not, NotC, Or, OrC,
                                      Pattern, Pred, Ret, Skipped, Test, Var)

_OPS = {">": ">", "<": "<", ">=": ">=", "<=": "<=", "=": "==", "<>": "!=",
        "+": "+", "-": "-", "*": "*", "/": "/"}
_CALLS = {"length$": "len({0})", "str-length": "len({0})", "abs": "abs({0})",
          "oddp": "{0} % 2 == 1", "evenp": "{0} % 2 == 0", "not": "not {0}",
          "member$": "{0} in {1}", "upcase": "{0}.upper()", "lowcase": "{0}.lower()",
          # CLIPS's meanings: div and mod round toward zero, eq tells 7 from 7.0
          "div": "int({0} / {1})", "mod": "{0} - {1} * int({0} / {1})",
          "eq": "{0} == {1} and type({0}) is type({1})",
          "neq": "not ({0} == {1} and type({0}) is type({1}))"}
#: experta's own names, which a template's class must not hide
_EXPERTA_NAMES = {"P", "L", "W", "AS", "MATCH", "TEST", "NOT", "OR", "AND", "EXISTS",
                  "FORALL", "Fact", "Field", "Rule", "DefFacts", "KnowledgeEngine"}


def class_name(template: str) -> str:
    name = "".join(p[:1].upper() + p[1:] for p in template.replace("_", "-").split("-") if p)
    return name + "Fact" if name in _EXPERTA_NAMES else name


def python_form(spec, terminals: list) -> str:
    """The rule as an experta ``@Rule`` method (``terminals``: its network's ends)."""
    writer = _Writer()
    ces = writer.ces(spec.ces)
    sal = spec.salience
    if isinstance(sal, int) and sal:
        ces.append(f"salience={sal}")
    elif sal and not isinstance(sal, int):
        writer.notes.append("its salience is a CLIPS call; left out")
    head = "@Rule(" + (",\n      ".join(ces)) + ")"
    names = sorted(set().union(*(t.binds for t in terminals)) & writer.bound)
    params = ", ".join(["self"] + names)
    body = ["    # " + line for line in _actions(spec.source)] + ["    ...  # the actions above, in Python"]
    notes = ["# " + " ".join(note.split()) for note in writer.notes]
    return "\n".join(notes + [head, f"def {spec.name.replace('-', '_')}({params}):"] + body)


class _Writer:
    """Writes the conditions; what has no experta form goes to ``notes``."""

    def __init__(self):
        self.notes: list[str] = []
        self.fresh = 0
        self.bound: set[str] = set()    # the variables the rule as written binds

    def ces(self, ces: list) -> list[str]:
        return [text for c in ces for text in self.ce(c)]

    def ce(self, c) -> list[str]:
        """One CE as experta CEs (a pattern with the TESTs its predicates need)."""
        if isinstance(c, Pattern):
            return self.pattern(c)
        if isinstance(c, Test):
            code = self.expr(c.code)
            return [] if code is None else [f"TEST(lambda {', '.join(c.uses)}: {code})"]
        if isinstance(c, Or):
            return ["OR(" + ", ".join(self.branch(b) for b in c.branches) + ")"]
        names = {Not: "NOT", Exists: "EXISTS", Forall: "FORALL", And: "AND"}
        inner = c.first + c.rest if isinstance(c, Forall) else c.ces
        return [names[type(c)] + "(" + ", ".join(self.ces(inner)) + ")"]

    def branch(self, ces: list) -> str:
        got = self.ces(ces)
        return got[0] if len(got) == 1 else "AND(" + ", ".join(got) + ")"

    def expr(self, code) -> str | None:
        """A CLIPS call as Python; None (and a note) where it has no plain form."""
        got = _expr(code)
        if got is None:
            self.notes.append(f"{code}: no plain Python form; left out")
        return got

    def pattern(self, p: Pattern) -> list[str]:
        name = class_name(getattr(p.template, "_clips_name", p.template.__name__))
        tests: list[str] = []
        if p.ordered:
            elems = p.slots[0].elems if p.slots else ()
            if any(e.multi for e in elems):
                self.notes.append(f"{p.text}: a multifield has no experta form; "
                                  "its fields are not matched here")
                elems = ()
            args = [self.elem(e, f"f{i}", tests) for i, e in enumerate(elems)]
        else:
            args = [self.slot(p, slot, tests) for slot in p.slots]
        text = f"{name}({', '.join(args)})"
        return [f"AS.{p.address} << {text}" if p.address else text] + tests

    def slot(self, p: Pattern, slot, tests: list) -> str:
        if slot.multislot:
            whole = [e.constraint for e in slot.elems]
            named = whole[0].name if len(whole) == 1 and isinstance(whole[0], Var) else None
            if named is None:
                self.notes.append(f"{p.text}: a multifield has no experta form; "
                                  f"slot {slot.key} is not tested here")
            value = self.constraint(whole[0]) if named else "W()"
        else:
            value = self.elem(slot.elems[0], str(slot.key), tests)
        key = str(slot.key)
        return (f"{key}={value}" if key.isidentifier() and not iskeyword(key)
                else f"**{{{key!r}: {value}}}")

    def elem(self, e, field: str, tests: list) -> str:
        """A field's constraint as experta's; a predicate that needs more than the
        field's own value, or ``=()``, as a TEST after the pattern (``tests``)."""
        c = e.constraint
        if c is None:
            return "W()"
        parts = [x for x in (c.parts if isinstance(c, AndC) else [c])
                 if not isinstance(x, Skipped)]         # what CLIPS does not test
        own = next((x.name for x in parts if isinstance(x, Var)), None)
        shown = []
        for x in parts:
            inline = isinstance(x, Pred) and (not x.uses or (own is not None
                                                           and tuple(x.uses) == (own,)))
            if isinstance(x, (Pred, Ret)) and not inline:
                if own is None:
                    self.fresh += 1
                    own = f"v{self.fresh}_{field}"
                    shown.insert(0, f"MATCH.{own}")
                code = self.expr(x.code)
                if code is not None:
                    uses = sorted(set(x.uses) | {own})
                    test = code if isinstance(x, Pred) else f"{own} == {code}"
                    tests.append(f"TEST(lambda {', '.join(uses)}: {test})")
                continue
            shown.append(self.constraint(x))
        return " & ".join(t for t in shown if t) or "W()"

    def constraint(self, c) -> str:
        if isinstance(c, Var):
            self.bound.add(c.name)
            return f"MATCH.{c.name}"
        if isinstance(c, Const):
            return f"L({_value(c.value)})"
        if isinstance(c, NotC):
            return "~" + self.constraint(c.inner)
        if isinstance(c, OrC):
            return "(" + " | ".join(self.constraint(x) for x in c.parts) + ")"
        if isinstance(c, AndC):
            return " & ".join(self.constraint(x) for x in c.parts if not isinstance(x, Skipped))
        if isinstance(c, Pred):     # on the field's own value: experta's P
            code = self.expr(c.code)
            return "" if code is None else f"P(lambda {', '.join(c.uses) or '_'}: {code})"
        return repr(c)


def _value(v) -> str:
    return repr(str(v)) if isinstance(v, str) else repr(v)


def _expr(code) -> str | None:
    """A CLIPS call (its text) as Python; None where it has no plain Python form."""
    try:
        forms = read(code) if isinstance(code, str) else []
    except Exception:       # noqa: BLE001 - shown as it is
        forms = []
    if len(forms) != 1:
        return None
    return _py(forms[0])


def _py(x) -> str | None:
    if isinstance(x, Variable):
        return x.name if x.name and not x.is_global else None
    if isinstance(x, (int, float)):
        return repr(x)
    if isinstance(x, (String, Symbol)):
        return repr(str(x))
    if not isinstance(x, Form) or not x:
        return None
    head, args = str(x[0]), [_py(a) for a in x[1:]]
    if any(a is None for a in args):
        return None
    if head in ("and", "or"):
        return "(" + f" {head} ".join(args) + ")"
    if head in _OPS and len(args) == 2:
        return f"({args[0]} {_OPS[head]} {args[1]})"
    if head in _CALLS and len(args) == (2 if "{1}" in _CALLS[head] else 1):
        return "(" + _CALLS[head].format(*args) + ")"
    return None


def _actions(source: str) -> list[str]:
    """The rule's actions as CLIPS writes them, one per line."""
    try:
        form = read(source)[0]
    except Exception:       # noqa: BLE001
        return []
    items = list(form)
    i = arrow_index(items)
    if i is None:
        return []
    return [source[a.start:a.end] if isinstance(a, Form) else str(a) for a in items[i + 1:]
            if isinstance(a, Form)]
