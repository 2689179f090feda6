"""Random programs over typed templates, for checking that our engine refuses a rule
exactly when CLIPS 6.4 does (a field that can never match, a variable a function cannot
take, a value a slot cannot hold, a variable used before it is bound).

Each program has two or three templates whose slots carry random ``type``,
``allowed-...`` and ``range`` attributes, and one or two rules whose patterns share
variables across slots of different types, with ``|``, ``~``, ``&:(...)`` and
``=(...)`` fields, ``not``/``exists``, tests, and actions that print calls, ``bind``,
``modify`` and ``assert``. Most are refused by CLIPS (they are meant to be hard); what
matters is that both engines agree. ``program(seed)`` is reproducible.
"""
from __future__ import annotations

import random

TYPES = (None, "INTEGER", "SYMBOL", "STRING", "FLOAT", "NUMBER", "LEXEME", "INTEGER SYMBOL")
CALLS = ("(+ {v} 1)", "(> {v} 2)", "(str-cat {v})", "(sym-cat {v} x)", "(upcase {v})",
         "(str-length {v})", "(eq {v} p)", "(integer {v})", "(nth$ {v} (create$ a b))",
         "(length$ {v})", "(evenp {v})", "(sub-string 1 2 {v})", "(max {v} 1)", "(abs {v})",
         "(lowcase {v})", "(float {v})")
RETURNS = ("(+ 1 2)", "(str-cat a)", "(sym-cat a)", "(* 2 2.0)", "(> 1 2)", "(create$ a)",
           "(length$ (create$ a))", '(upcase "a")')
CONSTANTS = ("p", "q", "1", "2", "2.5", '"s"', "r", "7")
VARIABLES = ("?a", "?b", "?c")


def _attributes(r: random.Random) -> str:
    kind = r.choice(TYPES)
    out = [f"(type {kind})"] if kind else []
    kinds = (kind or "").split()
    roll = r.random()
    if roll < 0.2 and (not kind or {"SYMBOL", "LEXEME"} & set(kinds)):
        out.append("(allowed-symbols " + " ".join(r.sample("pqrst", r.randint(1, 3))) + ")")
    elif roll < 0.35 and (not kind or {"INTEGER", "NUMBER"} & set(kinds)):
        low = r.randint(0, 5)
        out.append(f"(range {low} {low + r.randint(0, 5)})")
    elif roll < 0.45 and not kind:
        values = r.sample(["p", "q", "1", "2", '"s"', "2.5"], r.randint(1, 3))
        out.append("(allowed-values " + " ".join(values) + ")")
    return " ".join(out)


def _field(r: random.Random, bound: list) -> str:
    v, roll = r.choice(VARIABLES), r.random()
    if roll < 0.5:
        return v
    if roll < 0.65:
        return f"{v}|{r.choice(CONSTANTS)}"
    if roll < 0.75:
        return f"~{r.choice(CONSTANTS)}"
    if roll < 0.85 and bound:
        return f"{v}&:{r.choice(CALLS).format(v=r.choice(bound))}"
    if roll < 0.92:
        return f"={r.choice(RETURNS)}"
    return f"{v}&~{r.choice(CONSTANTS)}"


def _pattern(r: random.Random, templates: list, bound: list, first: bool) -> str:
    name, slots = r.choice(templates)
    parts = []
    for slot, multi in r.sample(slots, r.randint(1, len(slots))):
        field = _field(r, bound)
        parts.append(f"({slot} {'$? ' + field + ' $?' if multi else field})")
        bound += [v for v in VARIABLES if v in field and "~" + v not in field]
    text = f"({name} " + " ".join(parts) + ")"
    roll = r.random()
    if roll < 0.15:
        return f"(not {text})"
    if roll < 0.25:
        return f"(exists {text})"
    return f"?f <- {text}" if first and roll < 0.4 else text


def _actions(r: random.Random, ces: list, templates: list, bound: list) -> list:
    out = []
    if bound and r.random() < 0.3:
        out.append(f"(bind {r.choice(bound)} {r.choice(CONSTANTS + RETURNS)})")
    if bound and r.random() < 0.6:
        out.append(f"(printout t {r.choice(CALLS).format(v=r.choice(bound))} crlf)")
    if ces[0].startswith("?f") and r.random() < 0.7:
        name = ces[0].split("(", 2)[1].split()[0]
        slot, _ = r.choice(dict(templates)[name])
        out.append(f"(modify ?f ({slot} {r.choice(CONSTANTS + RETURNS)}))")
    if r.random() < 0.3:
        name, slots = r.choice(templates)
        out.append(f"(assert ({name} ({r.choice(slots)[0]} {r.choice(CONSTANTS + RETURNS)})))")
    return out


def program(seed: int) -> str:
    r = random.Random(seed)
    templates = [(f"t{i}", [(f"s{j}", r.random() < 0.2) for j in range(r.randint(1, 3))])
                 for i in range(r.randint(2, 3))]
    lines = [f"(deftemplate {name} " + " ".join(
        f"({'multislot' if multi else 'slot'} {slot} {_attributes(r)})" for slot, multi in slots)
        + ")" for name, slots in templates]
    for k in range(r.randint(1, 2)):
        ces: list[str] = []
        bound: list[str] = []
        for i in range(r.randint(1, 3)):
            ces.append(_pattern(r, templates, bound, i == 0))
            if bound and r.random() < 0.25:
                ces.append(f"(test {r.choice(CALLS).format(v=r.choice(bound))})")
        actions = _actions(r, ces, templates, bound)
        lines.append(f"(defrule r{k} " + " ".join(ces) + " => " + " ".join(actions) + ")")
    return "\n".join(lines) + "\n"
