"""The types of a function's arguments, checked as CLIPS checks them: at load time,
an argument whose type is known (a constant, a call whose result type CLIPS knows)
and cannot be the type the function takes there (``(+ 1 a)``: CLIPS's parser refuses
it too); at run time, each argument as soon as it is evaluated, before the next one
is: CLIPS's functions evaluate and check their arguments one at a time and stop at
the first bad one, so that ``(+ ?*a* (side))`` with ?*a* a symbol never calls
``side``.

A :class:`~pyengine.engine.clp.expressions.Builtin`'s ``args`` names the types (see
there); the function itself still checks every value it is given, so the early check
is only added where it can change what happens: before an argument that is a call.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, String, Symbol
from pyengine.engine.clp.errors import ClpError, arg_error
from pyengine.engine.clp.values import Text

#: What a constant or a known result can stand for, by its type (``fact``: a fact address,
#: an index or a symbol, as some fact functions take; ``retract``: those or ``*``).
_FITS = {"integer": {"number", "integer", "atom", "fact", "retract"},
         "float": {"number", "float", "atom"},
         "number": {"number", "integer", "float", "atom", "retract"},
         "symbol": {"lexeme", "symbol", "atom", "fact", "retract"},
         "boolean": {"lexeme", "symbol", "atom", "fact", "retract"},
         "string": {"lexeme", "string", "atom"},
         "lexeme": {"lexeme", "symbol", "string", "atom", "fact", "retract"},
         "multifield": {"multifield"},
         "boolean or multifield": {"lexeme", "symbol", "atom", "fact", "retract", "multifield"}}
_WANTED = {"atom": "a single value", "retract": "a fact, a fact index or *"}


def check_types(form: Form, types: str | tuple[str, ...], scope) -> None:
    """Refuse, as CLIPS's parser does, an argument that cannot have the type the
    function needs there: a constant of another type, or a call of a function whose
    result is known to be of another type."""
    for i, item in enumerate(form[1:], 1):
        need = types if isinstance(types, str) else types[min(i, len(types)) - 1]
        if not need:
            continue
        kind, what = _known_type(item, scope)
        if kind and need not in _FITS[kind]:
            wanted = _WANTED.get(need) or f"{_a(need)} {need}"
            raise ClpError(f"function '{form[0]}' expects {wanted} as argument #{i}, "
                           f"not {what}", _line(form))


def _known_type(item: object, scope) -> tuple[str, str]:
    if isinstance(item, Symbol):
        return "symbol", f"the symbol {item}"
    if isinstance(item, String):
        return "string", f'the string "{item}"'
    if isinstance(item, (int, float)):
        kind = "integer" if isinstance(item, int) else "float"
        return kind, f"the {kind} {item}"
    if isinstance(item, Form) and item and isinstance(item[0], Symbol):
        spec = scope.functions.get(str(item[0]))
        if spec is not None and spec.returns:
            shown = "symbol or string" if spec.returns == "lexeme" else spec.returns
            return spec.returns, f"({item[0]} ...), {_a(shown)} {shown}"
    return "", ""


def _a(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _line(form: Form | None) -> int | None:
    return getattr(form, "line", None)


#: The types an argument is checked for as it is evaluated (by their ``args`` name),
#: with CLIPS's words for them.
_AS_EVALUATED = {"number": ((int, float), "integer or float"), "integer": ((int,), "integer"),
                 "lexeme": ((str, Text), "symbol, string, or instance name"),
                 "multifield": ((tuple,), "multifield")}


def checked_as_evaluated(form: Form, types: str | tuple[str, ...], args: list, scope) -> list:
    """The compiled ``args`` of the call ``form``, each argument before the last one that
    is a call checked for its type as soon as it is evaluated (unless its type is
    known to fit already)."""
    items = form[1:]
    calls = [i for i, item in enumerate(items) if isinstance(item, Form)]
    if not types or not calls:
        return args
    out = list(args)
    for i in range(calls[-1]):
        need = types if isinstance(types, str) else types[min(i + 1, len(types)) - 1]
        if need in _AS_EVALUATED and not _known_type(items[i], scope)[0]:
            out[i] = _checked(args[i], str(form[0]), i + 1, *_AS_EVALUATED[need])
    return out


def _checked(arg, fname: str, position: int, types: tuple, wanted: str):
    def check(frame):
        value = arg(frame)
        if type(value) in types:
            return value
        raise arg_error(fname, position, wanted)
    return check
