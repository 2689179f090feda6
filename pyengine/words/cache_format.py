"""The disk cache's file format: data only, so reading a file can never run code.

A cache file is::

    MAGIC                      b"pyengine-cache 2\\n"
    digest                     32 bytes: SHA-256 of everything after it
    header size                8 bytes, little-endian
    header                     JSON (ASCII): {"name", "inputs", "tree"}
    payload                    raw bytes the tree points into

``inputs`` is the cache key the data was built from (source path, size, mtime or
checksum, format number ...), ``tree`` the data itself. Reading uses ``json`` and
``array.frombytes`` / ``str(bytes, "utf-8")`` only: no pickle, no import, no call
chosen by the file. The tree holds JSON scalars (None, bool, int, finite float, short
str) and tagged nodes, each an object with one tag key:

* ``{"str": [at, size]}``: a long str, UTF-8 in the payload;
* ``{"array": typecode, "at": [..]}``: an ``array.array`` (numbers, little-endian);
* ``{"strs": "tuple"|"list", "n": n, "at": [..]}``: strs joined by NUL;
* ``{"ints": "tuple"|"list", "at": [..]}``: ints as 64-bit integers;
* ``{"ragged": "tuple"|"list", "lengths": node, "flat": node}``: a sequence of
  sequences of one type, stored flattened with each one's length;
* ``{"seq": "tuple"|"list", "items": [node ...]}``: any other sequence, item by item;
* ``{"dict": node, "values": node}``: a dict, its keys and values as two sequences.

Anything else (a set, bytes, an object, a non-finite float) is refused when saving
(``TypeError``); a file that does not parse as this raises :class:`Unusable`.
"""
from __future__ import annotations

import gc
import hashlib
import json
import math
import sys
from array import array
from itertools import accumulate

FORMAT = 2          # bump when the layout (or the meaning of what is cached) changes
MAGIC = b"pyengine-cache %d\n" % FORMAT
_DIGEST = 32
_SEQ = {"tuple": tuple, "list": list}
_ARRAY_CODES = frozenset("bBhHiIlLqQfd")
_SCALARS = (type(None), bool, int, str)
_LONG_STR = 256     # strs longer than this go to the payload, not the JSON header
_INT64 = (-2**63, 2**63)
_SWAP = sys.byteorder == "big"


class Unusable(ValueError):
    """A cache file that cannot be used; the message says why ("did not match its digest")."""


# -- writing -------------------------------------------------------------------------
class _Payload:
    """The payload under construction: blobs appended, each known by [offset, size]."""

    def __init__(self):
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, data: bytes) -> list[int]:
        self.parts.append(data)
        self.size += len(data)
        return [self.size - len(data), len(data)]

    def add_array(self, values: array) -> list[int]:
        if _SWAP:
            values = array(values.typecode, values)
            values.byteswap()
        return self.add(values.tobytes())


def _encode(value, out: _Payload):
    kind = type(value)
    if kind is str and len(value) > _LONG_STR:
        return {"str": out.add(value.encode("utf-8", "surrogatepass"))}
    if kind in _SCALARS or (kind is float and math.isfinite(value)):
        return value
    if kind is array and value.typecode in _ARRAY_CODES:
        return {"array": value.typecode, "at": out.add_array(value)}
    if kind is tuple or kind is list:
        return _encode_seq(value, kind.__name__, out)
    if kind is dict:
        return {"dict": _encode_seq(tuple(value), "tuple", out),
                "values": _encode_seq(tuple(value.values()), "tuple", out)}
    raise TypeError(f"the disk cache stores data only (None, bool, int, finite float, "
                    f"str, tuple, list, dict, array of numbers), not {kind.__name__}")


def _encode_seq(items, seq: str, out: _Payload) -> dict:
    kinds = set(map(type, items))
    if kinds == {str}:
        text = "\0".join(items)
        if text.count("\0") == len(items) - 1:      # no str holds a NUL itself
            return {"strs": seq, "n": len(items),
                    "at": out.add(text.encode("utf-8", "surrogatepass"))}
    elif kinds == {int} and _INT64[0] <= min(items) and max(items) < _INT64[1]:
        return {"ints": seq, "at": out.add_array(array("q", items))}
    elif kinds == {tuple} or kinds == {list}:
        inner = kinds.pop()
        flat = inner(x for item in items for x in item)
        return {"ragged": seq, "lengths": _encode_seq(tuple(map(len, items)), "tuple", out),
                "flat": _encode_seq(flat, inner.__name__, out)}
    return {"seq": seq, "items": [_encode(x, out) for x in items]}


def _inputs(key: tuple) -> str:
    """The cache key as canonical JSON (refuses what JSON cannot hold: TypeError)."""
    try:
        return json.dumps(list(key), allow_nan=False, separators=(",", ":"))
    except ValueError:
        raise TypeError(f"a cache key holds only JSON data: {key!r:.80}") from None


def pack(name: str, key: tuple, data) -> list[bytes]:
    """The parts of the cache file holding ``data``, the ``name`` part built from
    ``key``; TypeError for anything but plain data."""
    out = _Payload()
    tree = _encode(data, out)
    tree_text = json.dumps(tree, allow_nan=False, separators=(",", ":"))
    header = f'{{"name":{json.dumps(name)},"inputs":{_inputs(key)},"tree":{tree_text}}}'
    header = header.encode("ascii")
    body = [len(header).to_bytes(8, "little"), header, *out.parts]
    digest = hashlib.sha256()
    for part in body:
        digest.update(part)
    return [MAGIC, digest.digest(), *body]


# -- reading -------------------------------------------------------------------------
def unpack(raw: bytes, name: str, key: tuple):
    """The data of a cache file's bytes ``raw``; :class:`Unusable` unless it is a file
    of this format, its digest matches, and it was built as ``name`` from ``key``."""
    start = len(MAGIC) + _DIGEST
    if not raw.startswith(MAGIC) or len(raw) < start + 8:
        raise Unusable("is not a cache file of this version")
    body = memoryview(raw)[start:]
    if hashlib.sha256(body).digest() != raw[len(MAGIC):start]:
        raise Unusable("did not match its digest")
    size = int.from_bytes(body[:8], "little")
    if size > len(body) - 8:
        raise Unusable("could not be parsed")
    try:
        header = json.loads(str(body[8:8 + size], "ascii"))
        same = (type(header) is dict and header.get("name") == name and json.dumps(
            header.get("inputs"), separators=(",", ":")) == _inputs(key))
    except (ValueError, RecursionError):
        raise Unusable("could not be parsed") from None
    if not same:
        raise Unusable("was built from other inputs")
    collecting = gc.isenabled()
    gc.disable()            # many small tuples, no cycles: collecting would only slow it
    try:
        return _decode(header["tree"], body[8 + size:])
    except (ValueError, TypeError, KeyError, IndexError, RecursionError):
        raise Unusable("could not be parsed") from None
    finally:
        if collecting:
            gc.enable()


def _blob(at, payload: memoryview) -> memoryview:
    start, size = at
    if not (type(start) is int and type(size) is int and 0 <= start
            and 0 <= size <= len(payload) - start):
        raise ValueError("a blob outside the payload")
    return payload[start:start + size]


def _numbers(code: str, at, payload: memoryview) -> array:
    if code not in _ARRAY_CODES:
        raise ValueError(f"array type {code!r}")
    values = array(code)
    values.frombytes(_blob(at, payload))
    if _SWAP:
        values.byteswap()
    return values


def _decode(node, payload: memoryview):
    if node is None or type(node) in (bool, int, float, str):
        return node
    if type(node) is not dict:
        raise ValueError(f"not a node: {type(node).__name__}")
    tags = node.keys() & _DECODERS.keys()
    tag = tags.pop() if len(tags) == 1 else None
    if tag is None or node.keys() != _FIELDS[tag]:
        raise ValueError(f"unknown node {sorted(node)}")
    return _DECODERS[tag](node, payload)


def _decode_seq(node, payload):
    if type(node["items"]) is not list:
        raise ValueError("seq items are not a list")
    return _SEQ[node["seq"]](_decode(x, payload) for x in node["items"])


def _decode_strs(node, payload):
    items = str(_blob(node["at"], payload), "utf-8", "surrogatepass").split("\0")
    if len(items) != node["n"]:
        raise ValueError("wrong number of strs")
    return _SEQ[node["strs"]](items)


def _decode_ragged(node, payload):
    lengths, flat = _decode(node["lengths"], payload), _decode(node["flat"], payload)
    # (a length that is not a whole number fails in min, sum or slicing: TypeError)
    if type(flat) not in (tuple, list) or type(lengths) is not tuple or (
            lengths and min(lengths) < 0) or sum(lengths) != len(flat):
        raise ValueError("ragged lengths do not fit")
    return _SEQ[node["ragged"]](map(flat.__getitem__, map(
        slice, accumulate(lengths, initial=0), accumulate(lengths))))


def _decode_dict(node, payload):
    keys, values = _decode(node["dict"], payload), _decode(node["values"], payload)
    if type(keys) is not tuple or type(values) is not tuple or len(keys) != len(values):
        raise ValueError("dict keys and values do not fit")
    return dict(zip(keys, values))


_DECODERS = {
    "str": lambda node, payload: str(_blob(node["str"], payload), "utf-8", "surrogatepass"),
    "array": lambda node, payload: _numbers(node["array"], node["at"], payload),
    "strs": _decode_strs,
    "ints": lambda node, payload: _SEQ[node["ints"]](_numbers("q", node["at"], payload)),
    "ragged": _decode_ragged,
    "seq": _decode_seq,
    "dict": _decode_dict,
}
_FIELDS = {"str": {"str"}, "array": {"array", "at"}, "strs": {"strs", "n", "at"},
           "ints": {"ints", "at"}, "ragged": {"ragged", "lengths", "flat"},
           "seq": {"seq", "items"}, "dict": {"dict", "values"}}
