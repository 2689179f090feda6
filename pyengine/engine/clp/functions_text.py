"""CLIPS 6.4's text functions: strings and symbols (lexemes), and text read as values.

As CLIPS does (checked against clipspy in tests/clp):

* lengths and positions count characters, not bytes (``(str-length "héllo")`` is 5);
* ``upcase``/``lowcase`` change ASCII letters only and keep the type: a symbol stays
  a symbol, a string a string;
* ``sub-string`` clamps its range to the text and gives ``""`` for an empty one;
* ``str-index`` gives a position from 1, or FALSE;
* ``str-compare`` gives -1, 0 or 1;
* ``str-byte-length`` counts the bytes of the text in UTF-8; ``str-replace`` replaces
  every occurrence, keeping the type of its first argument;
* ``str-cat`` and ``sym-cat`` take symbols, strings and numbers (a float written as
  CLIPS writes it), not multifields;
* ``string-to-field``, ``explode$`` and ``read`` read text with pyengine's one reader,
  :mod:`pyengine.engine.clips_reader`: a word is a symbol, a number a number, a
  quoted string a string, a parenthesis or ``?x`` a symbol of its characters, and
  nothing at all the symbol ``EOF``.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import ReadError, tokens
from pyengine.engine.clp.expressions import HOST, Builtin, arg_error
from pyengine.engine.clp.functions_format import format_text
from pyengine.engine.clp.values import (EOF, FALSE, INT_MAX, INT_MIN, Text, float_text,
                                        implode)

_LEXEME = "symbol, string, or instance name"
_CONCATENABLE = "string, instance name, symbol, float, or integer"
_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _lexeme(fname: str, i: int, v: object) -> str:
    if isinstance(v, str):
        return v
    raise arg_error(fname, i, _LEXEME)


def _integer(fname: str, i: int, v: object) -> int:
    if type(v) is int:
        return v                            # type: ignore[return-value]
    raise arg_error(fname, i, "integer")


def _piece(fname: str, i: int, v: object) -> str:
    t = type(v)
    if t is str or t is Text:
        return v                            # type: ignore[return-value]
    if t is int:
        return str(v)
    if t is float:
        return float_text(v)                # type: ignore[arg-type]
    raise arg_error(fname, i, _CONCATENABLE)


def str_cat(*args) -> Text:
    return Text("".join([_piece("str-cat", i, v) for i, v in enumerate(args, 1)]))


def sym_cat(*args) -> str:
    return "".join([_piece("sym-cat", i, v) for i, v in enumerate(args, 1)])


def str_length(v) -> int:
    return len(_lexeme("str-length", 1, v))


def str_index(needle, haystack):
    at = _lexeme("str-index", 2, haystack).find(_lexeme("str-index", 1, needle))
    return FALSE if at < 0 else at + 1


def sub_string(start, end, text) -> Text:
    start, end = _integer("sub-string", 1, start), _integer("sub-string", 2, end)
    text = _lexeme("sub-string", 3, text)
    start = max(start, 1)
    end = min(end, len(text))
    return Text(text[start - 1:end] if start <= end else "")


def _same_type(original: str, text: str) -> str:
    return Text(text) if type(original) is Text else text


def upcase(v):
    return _same_type(v, _lexeme("upcase", 1, v).translate(_UPPER))


def lowcase(v):
    return _same_type(v, _lexeme("lowcase", 1, v).translate(_LOWER))


def str_compare(a, b, length=None) -> int:
    a, b = str(_lexeme("str-compare", 1, a)), str(_lexeme("str-compare", 2, b))
    if length is not None:
        n = _integer("str-compare", 3, length)
        if n >= 0:                      # C's strncmp takes it unsigned: -1 is "all"
            a, b = a[:n], b[:n]
    return (a > b) - (a < b)


# -- text read as values ------------------------------------------------------------------

def scan(text: str, limit: int | None = None) -> list:
    """The values of the tokens of ``text`` (at most ``limit``), as ``explode$`` and
    ``read`` see them. A string left open runs to the end of the text, as CLIPS's
    scanner lets it."""
    try:
        return _values(text, limit)
    except ReadError:
        pass
    for ending in ('"', '\\""'):
        try:
            return _values(text + ending, limit)
        except ReadError:
            continue
    return _values("".join(c if c >= " " or c in "\t\n\r" else " " for c in text), limit)


def _values(text: str, limit: int | None) -> list:
    out: list = []
    if limit == 0:
        return out
    for tok in tokens(text):
        kind, value = tok.kind, tok.value
        if kind == "string":
            assert isinstance(value, str)
            out.append(Text(value))
        elif kind == "integer":
            assert isinstance(value, int)
            out.append(max(INT_MIN, min(INT_MAX, value)))
        elif kind in ("float", "symbol"):
            out.append(value if kind == "float" else str(value))
        else:                               # ( ) ?x $?x [x] & | ~: a symbol of the text
            out.append(tok.text)
        if len(out) == limit:
            break                           # the tokens after it are not read at all
    return out


def str_byte_length(v) -> int:
    return len(_lexeme("str-byte-length", 1, v).encode("utf-8"))


def str_replace(text, find, put):
    """Every occurrence of ``find`` (left to right) as ``put``; the type of ``text``
    kept; an empty ``find`` changes nothing."""
    pieces = [_lexeme("str-replace", i, v) for i, v in enumerate((text, find, put), 1)]
    done = pieces[0].replace(pieces[1], pieces[2]) if pieces[1] else pieces[0]
    return Text(done) if type(text) is Text else done


def string_to_field(v):
    found = scan(_lexeme("string-to-field", 1, v), 1)
    return found[0] if found else EOF


def explode(v) -> tuple:
    if type(v) is not Text:
        raise arg_error("explode$", 1, "string")
    return tuple(scan(v))


def implode_values(v) -> Text:
    if type(v) is not tuple:
        raise arg_error("implode$", 1, "multifield")
    return Text(implode(v))


TABLE: dict[str, Builtin] = {
    "str-cat": Builtin(1, None, str_cat, args="atom", returns="lexeme"),   # CLIPS: "sy"
    "sym-cat": Builtin(1, None, sym_cat, args="atom", returns="lexeme"),   # CLIPS: "sy"
    "str-length": Builtin(1, 1, str_length, args="lexeme", returns="number"),
    "str-index": Builtin(2, 2, str_index, args="lexeme"),
    "sub-string": Builtin(3, 3, sub_string,
                          args=("integer", "integer", "lexeme"), returns="string"),
    "upcase": Builtin(1, 1, upcase, args="lexeme", returns="lexeme"),
    "lowcase": Builtin(1, 1, lowcase, args="lexeme", returns="lexeme"),
    "str-compare": Builtin(2, 3, str_compare,
                           args=("lexeme", "lexeme", "integer"), returns="number"),
    "str-byte-length": Builtin(1, 1, str_byte_length, args="lexeme", returns="number"),
    "str-replace": Builtin(3, 3, str_replace, args="lexeme", returns="lexeme"),
    "string-to-field": Builtin(1, 1, string_to_field, args="lexeme"),
    "explode$": Builtin(1, 1, explode, args="string", returns="multifield"),
    "implode$": Builtin(1, 1, implode_values, args="multifield", returns="string"),
    "format": Builtin(2, None, format_text, HOST,
                      args=("", "string", "atom"), returns="string"),
}
