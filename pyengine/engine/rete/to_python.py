"""A CLIPS rule shown in experta's rule language (``rules --python NAME``): the same
rule, as a student would write it in Python.

The conditions come from the rule as our engine read it (:mod:`.lhs`), so what is
shown is what runs: a template pattern becomes ``Template(slot=...)``, ``?x`` becomes
``MATCH.x``, ``~red`` ``~L('red')``, ``?f <-`` ``AS.f <<``, ``not``/``exists``/
``forall``/``or``/``test`` their experta namesakes. CLIPS calls inside ``:()``,
``=()`` and ``test`` are written as Python where they have a plain Python form
(arithmetic, comparisons, ``and``/``or``/``not``, ``oddp``, ``length$``...); any other
call is shown as CLIPS text in a comment. A multifield (``$?``) has no experta form:
its slot is matched whole (``MATCH.items``) with the CLIPS pattern beside it. The
actions are listed as CLIPS writes them, as the method's comments.
"""
from __future__ import annotations

from keyword import iskeyword

from pyengine.engine.clips_reader import Form, String, Symbol, Variable, read
from pyengine.engine.rete.lhs import (And, AndC, Const, Exists, Forall, Not, NotC, Or, OrC,
                                      Pattern, Pred, Ret, Skipped, Test, Var)

_OPS = {">": ">", "<": "<", ">=": ">=", "<=": "<=", "=": "==", "<>": "!=", "eq": "==",
        "neq": "!=", "+": "+", "-": "-", "*": "*", "/": "/", "mod": "%", "div": "//"}
_CALLS = {"length$": "len({0})", "str-length": "len({0})", "abs": "abs({0})",
          "oddp": "{0} % 2 == 1", "evenp": "{0} % 2 == 0", "not": "not {0}",
          "member$": "{0} in {1}", "upcase": "{0}.upper()", "lowcase": "{0}.lower()"}


def class_name(template: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in template.replace("_", "-").split("-") if p)


def python_form(spec, terminals: list) -> str:
    """The rule as an experta ``@Rule`` method (``terminals``: its network's ends)."""
    ces = [_ce(c, "      ") for c in spec.ces]
    sal = spec.salience
    if sal:
        ces.append(f"salience={sal}" if isinstance(sal, int) else "salience=...  # a CLIPS call")
    head = "@Rule(" + (",\n      ".join(ces)) + ")"
    names = sorted(set().union(*(t.binds for t in terminals)))   # the network's
    params = ", ".join(["self"] + names)
    body = ["    # " + line for line in _actions(spec.source)] + ["    ...  # the actions above, in Python"]
    return "\n".join([head, f"def {spec.name.replace('-', '_')}({params}):"] + body)


def _ce(c, indent: str) -> str:
    if isinstance(c, Pattern):
        return _pattern(c)
    if isinstance(c, Not):
        return "NOT(" + ", ".join(_ce(x, indent) for x in c.ces) + ")"
    if isinstance(c, Exists):
        return "EXISTS(" + ", ".join(_ce(x, indent) for x in c.ces) + ")"
    if isinstance(c, Forall):
        return "FORALL(" + ", ".join(_ce(x, indent) for x in c.first + c.rest) + ")"
    if isinstance(c, And):
        return "AND(" + ", ".join(_ce(x, indent) for x in c.ces) + ")"
    if isinstance(c, Or):
        return "OR(" + ", ".join(
            _ce(b[0], indent) if len(b) == 1 else "AND(" + ", ".join(
                _ce(x, indent) for x in b) + ")" for b in c.branches) + ")"
    if isinstance(c, Test):
        return f"TEST(lambda {', '.join(c.uses)}: {_expr(c.code)})"
    return repr(c)


def _pattern(p: Pattern) -> str:
    name = class_name(getattr(p.template, "_clips_name", p.template.__name__))
    if p.ordered:
        elems = p.slots[0].elems if p.slots else ()
        args = [_elem(e) for e in elems]
        if any(e.multi for e in elems):
            args = [f"# {p.text}: a multifield has no experta form"]
        text = f"{name}({', '.join(args)})"
    else:
        args = []
        for slot in p.slots:
            if slot.multislot:
                args.append(f"{slot.key}=W()  # {p.text}: a multifield has no experta form")
            elif str(slot.key).isidentifier() and not iskeyword(str(slot.key)):
                args.append(f"{slot.key}={_elem(slot.elems[0])}")
            else:
                args.append(f"**{{{str(slot.key)!r}: {_elem(slot.elems[0])}}}")
        text = f"{name}({', '.join(args)})"
    return f"AS.{p.address} << {text}" if p.address else text


def _elem(e) -> str:
    return "W()" if e.constraint is None else _constraint(e.constraint)


def _constraint(c) -> str:
    if isinstance(c, Var):
        return f"MATCH.{c.name}"
    if isinstance(c, Const):
        return f"L({_value(c.value)})"
    if isinstance(c, NotC):
        return "~" + _constraint(c.inner)
    if isinstance(c, AndC):     # what CLIPS skips is not tested: not shown as a test
        return " & ".join(_constraint(x) for x in c.parts if not isinstance(x, Skipped))
    if isinstance(c, OrC):
        return "(" + " | ".join(_constraint(x) for x in c.parts) + ")"
    if isinstance(c, Pred):
        return f"P(lambda {', '.join(c.uses) or '_'}: {_expr(c.code)})"
    if isinstance(c, Ret):
        return f"P(lambda v: v == {_expr(c.code)})"
    return repr(c)


def _value(v) -> str:
    return repr(str(v)) if isinstance(v, str) else repr(v)


def _expr(code) -> str:
    """A CLIPS call (its text) as Python, or the text itself in a comment-like string."""
    try:
        forms = read(code) if isinstance(code, str) else []
    except Exception:       # noqa: BLE001 - shown as it is
        forms = []
    if len(forms) != 1:
        return repr(code)
    got = _py(forms[0])
    return got if got is not None else f"clips({str(code)!r})"


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
    if head in _CALLS and len(args) in (1, 2):
        return "(" + _CALLS[head].format(*args) + ")"
    return None


def _actions(source: str) -> list[str]:
    """The rule's actions as CLIPS writes them, one per line."""
    try:
        form = read(source)[0]
    except Exception:       # noqa: BLE001
        return []
    items = list(form)
    if "=>" not in items:
        return []
    i = items.index("=>")
    return [source[a.start:a.end] if isinstance(a, Form) else str(a) for a in items[i + 1:]
            if isinstance(a, Form)]
