"""``deftemplate``: a template's slots and their defaults, for ``assert`` to fill in.

``compile_deftemplate(form, scope)`` reads

    (deftemplate person "comment"
       (slot name (type STRING) (default ?NONE))
       (slot age (type INTEGER) (range 0 ?VARIABLE))
       (multislot kids)
       (slot id (default-dynamic (gensym))))

into ``scope.templates["person"]``: slot name -> (is it a multislot, its default).
A default is a value evaluated now (``(default <expr>...)``), ``REQUIRED`` for
``(default ?NONE)``, a ``DynamicDefault`` evaluated at each assert for
``default-dynamic``, or, with no default or ``?DERIVE``, the value CLIPS derives from
the slot's constraints: the first type the slot allows among symbol, string, integer,
float (in that order), then that type's first allowed value, else ``nil``, ``""``,
the range's low end or ``0``, ``0.0`` (so ``(allowed-values 3 b)`` derives ``b``,
but ``(allowed-values 3)`` derives ``nil``, as CLIPS 6.4 does). A multislot derives
``()`` or, with a cardinality, that many derived values.

Constraints are read only for the defaults; pyengine does not check values against
``type``, ``range`` or ``allowed-...`` when facts are asserted.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, String, Symbol, Variable
from pyengine.engine.clp.expressions import ClpError, Frame, Scope, compile_expr
from pyengine.engine.clp.functions_multi import create
from pyengine.engine.clp.slot_constraints import (ALLOWED, TYPES, unrestricted, check_attributes,
                                                  check_values, kind)
from pyengine.engine.clp.values import (NIL, REQUIRED, DynamicDefault, Text, c_integer,
                                        to_value)

_TYPES = ("SYMBOL", "STRING", "INTEGER", "FLOAT")    # the kinds a derived default takes
_PYTHON_TYPE = {"SYMBOL": str, "STRING": Text, "INTEGER": int, "FLOAT": float}
_BLANK = {"SYMBOL": NIL, "STRING": Text(""), "INTEGER": 0, "FLOAT": 0.0}


def compile_deftemplate(form: Form, scope: Scope, host: object = None) -> dict:
    """Read a deftemplate into ``scope.templates`` and return its slots."""
    line = getattr(form, "line", None)
    if len(form) < 2 or not isinstance(form[1], Symbol):
        raise ClpError("deftemplate needs a name", line)
    name = str(form[1])
    slots: dict[str, tuple[bool, object]] = {}
    facets: dict[str, dict[str, list]] = {}
    for spec in form[2:]:
        if isinstance(spec, String):
            continue                                        # the comment
        if not isinstance(spec, Form) or len(spec) < 2 or \
                not (isinstance(spec[0], Symbol) and spec[0] in ("slot", "multislot",
                                                                   "field", "multifield")) \
                or not isinstance(spec[1], Symbol):
            raise ClpError(f"deftemplate '{name}': expected (slot name ...) or "
                           f"(multislot name ...), not {spec}", line)
        slot, multi = str(spec[1]), spec[0] in ("multislot", "multifield")
        if slot in slots:
            raise ClpError(f"deftemplate '{name}': slot '{slot}' is declared twice", line)
        constraints, default = _attributes(name, slot, multi, spec[2:], line)
        slots[slot] = (multi, _default(multi, constraints, default, scope, host,
                                       (name, slot, line)))
        facets[slot] = constraints
    scope.templates[name] = slots
    scope.facets[name] = facets
    return slots


def _attributes(template, slot, multi, attributes, line) -> tuple[dict[str, list], Form | None]:
    """A slot's constraints (facet -> its values, in the order written) and its
    ``default``/``default-dynamic`` form (None)."""
    constraints: dict[str, list] = {}
    default = None
    for attribute in attributes:
        if not isinstance(attribute, Form) or not attribute or \
                not isinstance(attribute[0], Symbol):
            raise ClpError(f"deftemplate '{template}': slot '{slot}' has a malformed "
                           f"attribute {attribute}", line)
        key = str(attribute[0])
        if key in ("default", "default-dynamic"):
            default = attribute
        else:
            constraints[key] = list(attribute[1:])
    check_attributes(template, slot, multi, attributes, line)
    if default is not None and all(kind(v) for v in default[1:]):
        check_values(template, slot, constraints, list(default[1:]), line, f"its {default[0]}",
                     (len(default) - 1, False) if multi else None)
    return constraints, default


def _default(multi, constraints, default, scope: Scope, host, where: tuple):
    if default is None or (default[0] == "default" and len(default) == 2 and
                           isinstance(default[1], Variable) and default[1].name == "DERIVE"):
        return _derived(multi, constraints)
    if default[0] == "default" and len(default) == 2 and isinstance(default[1], Variable) \
            and default[1].name == "NONE":
        return REQUIRED
    body_scope = scope.child(bound=())
    parts = [compile_expr(item, body_scope, default) for item in default[1:]]
    value = (lambda frame: create(*[p(frame) for p in parts])) if multi or len(parts) != 1 \
        else parts[0]
    if default[0] == "default-dynamic":
        return DynamicDefault(value)
    result = value(Frame({}, host))
    if not multi and type(result) is tuple:
        template, slot, line = where
        raise ClpError(f"deftemplate '{template}': the default of the single slot "
                       f"'{slot}' must be one value", line)
    return result


def _derived(multi: bool, constraints: dict) -> object:
    one = _derived_single(constraints)
    if not multi:
        return one
    low = (constraints.get("cardinality") or [0])[0]
    return (one,) * low if type(low) is int and low > 0 else ()


def _derived_single(constraints: dict) -> object:
    names = constraints.get("type", [])
    types = [k for n in names for k in TYPES.get(str(n), ())] if names else _TYPES
    for kind_ in _TYPES:
        if kind_ not in types and not unrestricted(names):
            continue
        for key, kinds in ALLOWED.items():
            listed = [to_value(v) for v in constraints.get(key, [])
                      if not isinstance(v, Variable)]
            if key != "allowed-classes" and (kinds is None or kind_ in kinds) and listed:
                typed = [v for v in listed if type(v) is _PYTHON_TYPE[kind_]]
                if typed:
                    return typed[0]
        return _blank(kind_, constraints)
    return NIL


def _blank(kind: str, constraints: dict) -> object:
    low = (constraints.get("range") or [None])[0]
    if kind in ("INTEGER", "FLOAT") and type(low) in (int, float):
        return c_integer(low) if kind == "INTEGER" and type(low) is float else \
            (float(low) if kind == "FLOAT" else low)
    return _BLANK[kind]

