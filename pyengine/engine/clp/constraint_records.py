"""What values a place in a rule can hold, as CLIPS 6.4 reckons it when it loads a rule
(its *constraint records*: cstrnops.c, cstrnutl.c), so that our engine refuses the rules
CLIPS refuses as unmatchable.

A :class:`Record` says which types a value may have, which of those types are limited to
listed values (and which values), and which numeric intervals numbers must fall in. A
slot's attributes make one (:func:`of_slot`), so does a constant (:func:`of_constant`)
and a function's return types (:func:`of_call`). Records meet (:func:`meet`: the
intersection, CLIPS's ``IntersectConstraints``) where a variable bound in one slot is
used in another, and join (:func:`join`: ``UnionConstraints``) across ``|``. A record
that allows no type is unmatchable. CLIPS's own quirks are kept: a type whose listed
values run out is dropped, but ``allowed-values`` (which lists values of any type)
drops the other types only once its list is empty, and numeric ranges that do not
overlap drop the numbers.
"""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.engine.clips_reader import Form, Symbol, Variable
from pyengine.engine.clp.errors import ClpError
from pyengine.engine.clp.slot_constraints import ALLOWED, TYPES, kind, unrestricted
from pyengine.engine.clp.values import Text, to_value

#: every type a single value can have (VOID: what a function returning nothing gives)
KINDS = frozenset(("SYMBOL", "STRING", "INTEGER", "FLOAT", "INSTANCE-NAME", "INSTANCE-ADDRESS",
                   "FACT-ADDRESS", "EXTERNAL-ADDRESS", "VOID"))
NUMBERS = frozenset(("INTEGER", "FLOAT"))
_OPEN = ((None, None),)


@dataclass(frozen=True)
class Record:
    kinds: frozenset                 # the types a value may have ("MULTIFIELD" for a call)
    restricted: frozenset = frozenset()     # the types limited to listed values
    values: frozenset = frozenset()  # (type, value) pairs listed
    ranges: tuple = _OPEN            # ((low, high), ...) numbers fall in; None: open
    any_listed: bool = False         # allowed-values: listed values of every type

    def allows(self, pair: tuple) -> bool:
        """Is this listed value allowed by the record's lists (CLIPS's
        CheckAllowedValuesConstraint: only the lists are consulted)?"""
        return not (self.any_listed or pair[0] in self.restricted) or pair in self.values


ANY = Record(KINDS | {"MULTIFIELD"})     # a variable, a deffunction's value: anything


def value_kind(value: object) -> str | None:
    """The CLIPS type of a run-time constant (None: not a constant)."""
    t = type(value)
    return ("STRING" if t is Text else "SYMBOL" if t is str else "INTEGER" if t is int
            else "FLOAT" if t is float else None)


def of_slot(facets: dict, multi: bool = False) -> Record:
    """A deftemplate slot's record (its type, allowed-..., range attributes)."""
    names = facets.get("type")
    kinds = KINDS if not names or unrestricted(names) else \
        frozenset(k for n in names for k in TYPES.get(str(n), ()))
    if multi:
        kinds |= {"MULTIFIELD"}
    restricted: set = set()
    values: set = set()
    any_listed = False
    for name, listed in ALLOWED.items():
        given = facets.get(name)
        if not given or unrestricted(given) or name == "allowed-classes":
            continue
        if listed is None:
            any_listed = True
        else:
            restricted |= set(listed)
        values |= {(kind(v), to_value(v)) for v in given if kind(v)}
    ranges = _OPEN
    bounds = facets.get("range")
    if bounds and len(bounds) == 2:
        ranges = (tuple(None if isinstance(b, Variable) else b for b in bounds),)
    return _settled(Record(kinds, frozenset(restricted), frozenset(values), ranges,
                           any_listed))


def of_constant(value: object) -> Record:
    k = value_kind(value)
    if k is None:
        return ANY
    return Record(frozenset((k,)), frozenset((k,)), frozenset(((k, value),)))


#: what each function returns, in CLIPS's letters (b boolean, d float, l integer,
#: s string, y symbol, n instance name, m multifield, v nothing, f fact address,
#: e instance address, i instance, * anything): CLIPS 6.4's definitions of the
#: functions our engine knows
RETURNS = {
    **dict.fromkeys(("!=", "<", "<=", "<>", "=", ">", ">=", "and", "any-factp",
                     "deftemplate-slot-existp", "deftemplate-slot-multip",
                     "deftemplate-slot-singlep", "eq", "evenp", "external-addressp",
                     "fact-addressp", "fact-existp", "floatp", "focus", "integerp",
                     "get-fact-duplication", "set-fact-duplication",
                     "lexemep", "multifieldp", "neq", "not", "numberp", "oddp", "or",
                     "pointerp", "stringp", "subsetp", "symbolp"), "b"),
    **dict.fromkeys(("assert", "duplicate", "modify", "assert-string"), "bf"),
    "str-index": "bl", "member$": "blm", "deftemplate-slot-names": "bm", "sort": "bm",
    **dict.fromkeys(("**", "/", "acos", "acosh", "acot", "acoth", "acsc", "acsch", "asec",
                     "asech", "asin", "asinh", "atan", "atan2", "atanh", "cos", "cosh",
                     "cot", "coth", "csc", "csch", "deg-grad", "deg-rad", "exp", "float",
                     "grad-deg", "log", "log10", "pi", "rad-deg", "sec", "sech", "sin",
                     "sinh", "sqrt", "tan", "tanh", "time"), "d"),
    **dict.fromkeys(("div", "fact-index", "integer", "length$", "random", "round",
                     "str-compare", "str-length", "str-byte-length"), "l"),
    **dict.fromkeys(("*", "+", "-", "abs", "max", "min", "mod"), "ld"),
    **dict.fromkeys(("create$", "delete$", "delete-member$", "explode$", "find-all-facts",
                     "find-fact", "first$", "get-focus-stack", "insert$", "replace$",
                     "replace-member$", "rest$", "subseq$", "difference$",
                     "intersection$", "union$", "get-defrule-list", "get-deftemplate-list",
                     "get-deffacts-list", "get-deffunction-list", "get-defglobal-list",
                     "get-defmodule-list", "get-fact-list"), "m"),
    **dict.fromkeys(("format", "implode$", "sub-string"), "s"),
    **dict.fromkeys(("readline", "str-cat", "sym-cat"), "sy"),
    "read-number": "syld", **dict.fromkeys(("lowcase", "str-replace", "upcase"), "syn"),
    "read": "synldfie", "nth$": "synldife",
    **dict.fromkeys(("break", "clear-focus-stack", "halt", "list-focus-stack", "print",
                     "println", "printout", "seed", "retract", "refresh-agenda",
                     "dependencies", "dependents"), "v"),
    **dict.fromkeys(("deftemplate-slot-defaultp", "fact-relation", "gensym", "gensym*",
                     "get-current-module", "get-focus", "get-strategy", "pop-focus",
                     "set-current-module", "get-salience-evaluation",
                     "set-salience-evaluation", "set-strategy"), "y"),
}
_LETTERS = {"b": ("SYMBOL",), "d": ("FLOAT",), "l": ("INTEGER",), "s": ("STRING",),
            "y": ("SYMBOL",), "n": ("INSTANCE-NAME",), "m": ("MULTIFIELD",), "v": ("VOID",),
            "f": ("FACT-ADDRESS",), "e": ("INSTANCE-ADDRESS",),
            "i": ("INSTANCE-NAME", "INSTANCE-ADDRESS")}


def of_call(name: str) -> Record:
    """A call's record: the types the function returns (anything: a deffunction, a
    function returning anything)."""
    letters = RETURNS.get(name, "*")
    if "*" in letters:
        return ANY
    return Record(frozenset(k for c in letters for k in _LETTERS.get(c, ())))


def meet(a: Record | None, b: Record | None) -> Record:
    """What both allow (CLIPS's IntersectConstraints; None allows anything)."""
    if a is None or b is None:
        return b or a or ANY
    values = frozenset(v for v in a.values | b.values if a.allows(v) and b.allows(v))
    ranges = tuple((_max(lo1, lo2), _min(hi1, hi2)) for lo1, hi1 in a.ranges
                   for lo2, hi2 in b.ranges if _overlap((lo1, hi1), (lo2, hi2)))
    kinds = a.kinds & b.kinds
    if not ranges:
        kinds -= NUMBERS
    return _settled(Record(kinds, a.restricted | b.restricted, values, ranges,
                           a.any_listed or b.any_listed))


def join(a: Record | None, b: Record) -> Record:
    """What either allows (CLIPS's UnionConstraints)."""
    if a is None:
        return b
    listed = a.any_listed and b.any_listed
    ra = KINDS if a.any_listed else a.restricted
    rb = KINDS if b.any_listed else b.restricted
    return Record(a.kinds | b.kinds, frozenset() if listed else ra & rb, a.values | b.values,
                  a.ranges + b.ranges, listed)


def without(record: Record, value: object) -> Record:
    """The record with a value ``~`` excludes taken from its lists."""
    pair = (value_kind(value), value)
    if pair not in record.values:
        return record
    return _settled(Record(record.kinds, record.restricted, record.values - {pair},
                           record.ranges, record.any_listed))


def record_trouble(record: Record, value: object) -> str | None:
    """Why a place of this record cannot hold the constant (None: it can)."""
    pair = (value_kind(value), value)
    if pair[0] not in record.kinds:
        return f"it holds {describe(record)}"
    if not record.allows(pair):
        return "not among the values it allows"
    if pair[0] in NUMBERS and not any(_overlap((value, value), r) for r in record.ranges):
        return f"outside its range ({describe(record)})"
    return None


def unmatchable(record: Record) -> bool:
    return not record.kinds


def _settled(r: Record) -> Record:
    """CLIPS's UpdateRestrictionFlags: a listed type with no value left is dropped."""
    if r.any_listed and not r.values:
        return Record(frozenset(), r.restricted, r.values, r.ranges, r.any_listed)
    gone = {k for k in r.restricted & r.kinds if not any(v[0] == k for v in r.values)}
    return Record(r.kinds - gone, r.restricted, r.values, r.ranges, r.any_listed) if gone else r


def _overlap(a: tuple, b: tuple) -> bool:
    (lo1, hi1), (lo2, hi2) = a, b
    return not ((hi1 is not None and lo2 is not None and hi1 < lo2) or
                (lo1 is not None and hi2 is not None and lo1 > hi2))


def _max(x, y):
    return y if x is None else x if y is None else max(x, y)


def _min(x, y):
    return y if x is None else x if y is None else min(x, y)


def describe(r: Record) -> str:
    """The record in words, for a refusal: its types, listed values and range."""
    shown = sorted(r.kinds - {"MULTIFIELD", "VOID"}) + ["a multifield"] * ("MULTIFIELD" in r.kinds)
    words = "any type" if r.kinds >= KINDS - {"VOID"} else " or ".join(shown) or "nothing"
    if r.values and (r.restricted or r.any_listed):
        words += " (one of " + " ".join(
            f'"{v}"' if k == "STRING" else str(v) for k, v in sorted(r.values, key=str)) + ")"
    limited = [(lo, hi) for lo, hi in r.ranges if (lo, hi) != (None, None)]
    if limited and r.kinds & NUMBERS:
        words += " in " + ", ".join(f"{'?VARIABLE' if lo is None else lo} to "
                                    f"{'?VARIABLE' if hi is None else hi}" for lo, hi in limited)
    return words


def check_calls(template: str, slot: str, facets: dict, multi: bool, items: list, line,
                what: str) -> None:
    """Refuse a call giving a slot its value when nothing the function returns is of
    a type the slot's ``type`` attribute allows (CLIPS's check of an ``assert``,
    ``modify`` or ``duplicate``: ``(x (str-cat a))`` for an INTEGER slot)."""
    if not multi:
        given = "several" if len(items) != 1 else _multifield(items[0])
        if given:
            raise ClpError(f"{what}: the single field slot '{slot}' of '{template}' takes one "
                           f"value, not {given}", line)
    names = facets.get("type")
    if not names or unrestricted(names):
        return
    allowed = {k for n in names for k in TYPES.get(str(n), ())}
    if multi:
        allowed.add("MULTIFIELD")
    for item in items:
        if isinstance(item, Form) and item and isinstance(item[0], Symbol):
            gives = of_call(str(item[0]))
            if gives is not ANY and not gives.kinds & allowed:
                raise ClpError(f"{what}: slot '{slot}' of '{template}' cannot hold the value "
                               f"of ({item[0]} ...), which is {describe(gives)}; the slot "
                               f"holds {' or '.join(map(str, names))}", line)


def _multifield(item) -> str | None:
    """``$?v``, or a call that gives only a multifield, in words (None: neither)."""
    if isinstance(item, Variable) and item.multi:
        return f"{item}, a multifield"
    if isinstance(item, Form) and item and isinstance(item[0], Symbol) \
            and of_call(str(item[0])).kinds == {"MULTIFIELD"}:
        return f"({item[0]} ...), a multifield"
    return None


#: what each function takes, in the letters above: the letters for any argument,
#: then ``;`` and the letters of the first, second... argument where they differ
#: (CLIPS 6.4's definitions; a function not listed takes anything)
TAKES = {
    **dict.fromkeys(("!=", "*", "**", "+", "-", "/", "<", "<=", "<>", "=", ">", ">=", "abs",
                     "acos", "acosh", "acot", "acoth", "acsc", "acsch", "asec", "asech",
                     "asin", "asinh", "atan", "atan2", "atanh", "cos", "cosh", "cot", "coth",
                     "csc", "csch", "deg-grad", "deg-rad", "div", "exp", "float", "grad-deg",
                     "integer", "log", "log10", "max", "min", "mod", "rad-deg", "round",
                     "sec", "sech", "sin", "sinh", "sqrt", "tan", "tanh"), "ld"),
    **dict.fromkeys(("evenp", "oddp", "random", "seed"), "l"),
    **dict.fromkeys(("lowcase", "str-index", "str-length", "str-replace", "string-to-field",
                     "upcase", "str-byte-length"), "syn"),
    **dict.fromkeys(("str-cat", "sym-cat"), "synld"),
    **dict.fromkeys(("expand$", "first$", "implode$", "length$", "rest$"), "m"),
    **dict.fromkeys(("delete$", "subseq$"), "l;m"),
    **dict.fromkeys(("fact-existp", "fact-relation", "fact-slot-names"), "lf"),
    **dict.fromkeys(("delete-member$", "replace-member$"), "*;m"),
    **dict.fromkeys(("modify", "duplicate"), "*;lf"),
    "sub-string": "*;l;l;syn", "printout": "*;ldsyn", "format": "*;ldsyn;s",
    "insert$": "*;m;l", "replace$": "*;m;l;l", "str-compare": "*;syn;syn;l", "sort": "*;y",
    "member$": ";*;m", "nth$": ";l;m", "fact-slot-value": ";lf;y", "subsetp": ";m;m",
    "fact-index": "f", "explode$": "s", "set-salience-evaluation": "y", "refresh-agenda": "y",
    "get-fact-list": "y", "assert-string": "s",
    **dict.fromkeys(("dependencies", "dependents"), "infly"),
}


def argument(name: str, position: int) -> Record | None:
    """What the function takes as its argument at ``position`` (from 1); None: anything."""
    default, *each = TAKES.get(name, "").split(";")
    letters = each[position - 1] if position <= len(each) else default
    if not letters or "*" in letters:
        return None
    return Record(frozenset(k for c in letters for k in _LETTERS.get(c, ())))
