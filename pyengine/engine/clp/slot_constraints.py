"""A deftemplate slot's attributes checked as CLIPS 6.4's parser checks them, and the
constants a program gives a slot checked against them, as CLIPS's static constraint
checking (on by default) checks them.

CLIPS refuses to load a program whose slot attribute is unknown, given twice or
malformed (``(tpye INTEGER)``, ``(type FLOAT NUMBER)``, ``(range 5 2)``, a
``cardinality`` on a single slot, ``allowed-symbols`` holding a number...), or where a
constant in a fact (a deffacts, an ``assert``) or in a pattern is one the slot cannot
hold: of another type, not among its allowed values, outside its range, or more or
fewer values than its cardinality. Our engine refuses the same programs, before the
run, with the line (:class:`ClpError`). Values computed by a function and slots given
through a variable are checked only when the program runs, as CLIPS does.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import String, Symbol, Variable
from pyengine.engine.clips_values import atom_text
from pyengine.engine.clp.expressions import ClpError
from pyengine.engine.wording import plural

INSTANCE = ("INSTANCE-NAME", "INSTANCE-ADDRESS")
TYPES = {"SYMBOL": ("SYMBOL",), "STRING": ("STRING",), "LEXEME": ("SYMBOL", "STRING"),
         "INTEGER": ("INTEGER",), "FLOAT": ("FLOAT",), "NUMBER": ("INTEGER", "FLOAT"),
         "INSTANCE-NAME": INSTANCE[:1], "INSTANCE-ADDRESS": INSTANCE[1:],
         "INSTANCE": INSTANCE, "EXTERNAL-ADDRESS": ("EXTERNAL-ADDRESS",),
         "FACT-ADDRESS": ("FACT-ADDRESS",)}
#: each allowed-... attribute: the kinds of value it lists (None: any)
ALLOWED = {"allowed-symbols": ("SYMBOL",), "allowed-strings": ("STRING",),
           "allowed-lexemes": ("SYMBOL", "STRING"), "allowed-integers": ("INTEGER",),
           "allowed-floats": ("FLOAT",), "allowed-numbers": ("INTEGER", "FLOAT"),
           "allowed-instance-names": INSTANCE[:1], "allowed-classes": ("SYMBOL",),
           "allowed-values": None}
ATTRIBUTES = ("type", "range", "cardinality", "default", "default-dynamic", *ALLOWED)
#: attributes CLIPS will not take together
NOT_TOGETHER = (("allowed-values", ("allowed-symbols", "allowed-strings", "allowed-lexemes",
                                    "allowed-integers", "allowed-floats", "allowed-numbers",
                                    "allowed-instance-names")),
                ("range", ("allowed-values", "allowed-numbers", "allowed-integers",
                           "allowed-floats")),
                ("allowed-numbers", ("allowed-integers", "allowed-floats")),
                ("allowed-lexemes", ("allowed-symbols", "allowed-strings")))


def kind(atom) -> str | None:
    """The CLIPS type of a constant as read (None: not a constant)."""
    if isinstance(atom, Symbol):
        return "SYMBOL"
    if isinstance(atom, String):
        return "STRING"
    if isinstance(atom, bool):
        return None
    if isinstance(atom, int):
        return "INTEGER"
    if isinstance(atom, float):
        return "FLOAT"
    return None


def unrestricted(values: list) -> bool:
    """``?VARIABLE``: the attribute does not restrict."""
    return any(isinstance(v, Variable) and v.name == "VARIABLE" for v in values)


def check_attributes(template: str, slot: str, multi: bool, attributes: list, line) -> None:
    """Refuse a slot's attributes as CLIPS's parser refuses them."""
    def fail(text: str):
        raise ClpError(f"deftemplate '{template}': slot '{slot}': {text}", line)
    given: dict[str, list] = {}
    for attribute in attributes:
        name = str(attribute[0])
        if name not in ATTRIBUTES:
            fail(f"unknown attribute ({name} ...) (a slot takes {', '.join(ATTRIBUTES)})")
        group = "default" if name.startswith("default") else name
        if group in given:
            fail(f"the {group} attribute is given twice")
        given[group] = list(attribute[1:])
        if not given[group] and group not in ("default", "range", "cardinality"):
            fail(f"({name}) lists nothing")
    for first, others in NOT_TOGETHER:
        both = [o for o in others if first in given and o in given]
        if both:
            fail(f"({first} ...) and ({both[0]} ...) cannot be used together")
    kinds = _type_kinds(given.get("type"), fail)
    for name, values in given.items():
        if name in ALLOWED:
            _check_allowed(name, values, kinds, fail)
        elif name in ("range", "cardinality"):
            _check_bounds(name, values, multi, kinds, fail)


def _type_kinds(names: list | None, fail) -> tuple | None:
    """The kinds the type attribute allows (None: any), refusing what CLIPS refuses."""
    if names is None or (len(names) == 1 and unrestricted(names)):
        return None
    kinds: list[str] = []
    for name in names:
        if not isinstance(name, Symbol) or str(name) not in TYPES:
            fail(f"(type ...) takes {', '.join(TYPES)} or ?VARIABLE alone, not "
                 f"{atom_text(name) if kind(name) else name}")
        if set(TYPES[str(name)]) & set(kinds):
            fail(f"(type ...) names {name} with a type it already names")
        kinds += TYPES[str(name)]
    return tuple(kinds)


def _check_allowed(name: str, values: list, kinds, fail) -> None:
    if unrestricted(values):
        if len(values) > 1:
            fail(f"({name} ...) takes ?VARIABLE alone")
        return
    listed = ALLOWED[name]
    for v in values:
        k = kind(v)
        if k is None or (listed is not None and k not in listed):
            fail(f"({name} ...) cannot list {v}")
        if kinds is not None and k not in kinds:
            fail(f"({name} ...) lists {atom_text(v)}, which (type ...) excludes")
    if kinds is not None and listed is not None and not set(listed) <= set(kinds):
        fail(f"(type ...) excludes values ({name} ...) lists")


def _check_bounds(name: str, values: list, multi: bool, kinds, fail) -> None:
    if name == "cardinality" and not multi:
        fail("cardinality applies to a multislot only")
    if len(values) != 2:
        fail(f"({name} ...) takes a minimum and a maximum")
    wanted = ("INTEGER", "FLOAT") if name == "range" else ("INTEGER",)
    for v in values:
        if not (isinstance(v, Variable) and v.name == "VARIABLE") and kind(v) not in wanted:
            fail(f"({name} ...) takes {'numbers' if name == 'range' else 'integers'} or "
                 f"?VARIABLE, not {v}")
        if name == "cardinality" and kind(v) and v < 0:
            fail("a cardinality is at least 0")
        if name == "range" and kinds is not None and kind(v) and kind(v) not in kinds:
            fail(f"(range ...) has {v}, which (type ...) excludes")
    low, high = values
    if kind(low) and kind(high) and low > high:
        fail(f"the minimum of ({name} ...) is over its maximum")


def check_values(template: str, slot: str, facets: dict, atoms: list, line, what: str,
                 count: tuple[int, bool] | None = None) -> None:
    """Refuse constants a slot cannot hold (CLIPS's static check). ``atoms`` are the
    constants written for the slot; ``count`` (how many values, and whether more may
    come) is checked against a multislot's cardinality."""
    for atom in atoms:
        trouble = value_trouble(facets, atom)
        if trouble:
            raise ClpError(f"{what}: slot '{slot}' of '{template}' cannot hold "
                           f"{atom_text(atom)}: {trouble}", line)
    bounds = facets.get("cardinality")
    if count is not None and bounds and not unrestricted(bounds[:1] + bounds[1:]):
        n, open_ended = count
        low, high = bounds
        if (kind(high) and n > high) or (not open_ended and kind(low) and n < low):
            raise ClpError(f"{what}: slot '{slot}' of '{template}' holds "
                           f"{plural(n, 'value')}, outside its cardinality "
                           f"{_bound(low)} to {_bound(high)}", line)


def value_trouble(facets: dict, atom) -> str | None:
    """Why a slot cannot hold this constant (None: it can)."""
    k = kind(atom)
    if k is None:
        return None
    names = facets.get("type")
    if names and not unrestricted(names) and k not in {t for n in names for t in TYPES.get(str(n), ())}:
        return f"not of its type ({' '.join(map(str, names))})"
    for name, listed in ALLOWED.items():
        values = facets.get(name)
        if values and not unrestricted(values) and (listed is None or k in listed) and \
                (k, atom) not in {(kind(v), v) for v in values}:
            return f"not among its {name}"
    bounds = facets.get("range")
    if bounds and k in ("INTEGER", "FLOAT"):
        low, high = bounds
        if (kind(low) and atom < low) or (kind(high) and atom > high):
            return f"outside its range {_bound(low)} to {_bound(high)}"
    return None


def _bound(v) -> str:
    return str(v) if kind(v) else "?VARIABLE"

