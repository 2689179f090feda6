"""What a join computes for every token: hash keys and the comparisons of a variable
with one bound earlier.

A variable's place is read through its :class:`~pyengine.engine.rete.constraints.Loc`.
Where that place is a plain slot (or an experta fact's field), the read is the
fact's own ``fact[key]``: the reader made for it says so in its ``index``, and the
functions below read the fact directly instead of calling the reader, the commonest
case of the work every token costs. Values are normalized as hash keys want them
(``norm``: CLIPS's ``1`` and ``1.0`` hash apart in a .clp program); only floats and
multifields change, so others are not passed through it.
"""
from __future__ import annotations

from pyengine.engine.clp.values import same
from pyengine.engine.rete.lhs import NotC, Var

_NOT_PLAIN = object()
#: The hash key of an experta fact that lacks a field its pattern hashes on: it meets
#: no token (the join's presence check refuses it anyway), and the pattern network,
#: which reaches every fact of the class, must not stop at it.
ABSENT = object()


def slot_reader(key):
    """The reader of a plain slot or field ``key``, marked as plain."""
    def read(fact, spans):
        return fact[key]
    read.index = key
    return read


def plain(loc):
    """The fact key a place is read from, or ``_NOT_PLAIN``."""
    return getattr(loc.read, "index", _NOT_PLAIN)


def left_key(locs: list, norm):
    """token -> the values of the earlier patterns' variables this join hashes on."""
    if not locs:
        return _empty
    if all(plain(l) is not _NOT_PLAIN for l in locs):
        return _plain_left_key([(l.pos, plain(l)) for l in locs], norm)
    pairs = [(l.pos, l.read) for l in locs]

    if len(pairs) == 1:
        (pos, read), = pairs

        def key1(tok):
            am = tok.ams[pos]
            return norm(read(am.fact, am.spans))
        return key1

    def key(tok):
        ams = tok.ams
        return tuple([norm(read(ams[p].fact, ams[p].spans)) for p, read in pairs])
    return key


def _plain_left_key(places: list, norm):
    changed = norm.changes
    if len(places) == 1:
        (pos, k), = places

        def key1(tok):
            v = tok.ams[pos].fact[k]
            return norm(v) if type(v) in changed else v
        return key1
    if len(places) == 2:
        (p1, k1), (p2, k2) = places

        def key2(tok):
            ams = tok.ams
            a, b = ams[p1].fact[k1], ams[p2].fact[k2]
            if type(a) in changed or type(b) in changed:
                return (norm(a), norm(b))
            return (a, b)
        return key2

    if len(places) == 3:
        (p1, k1), (p2, k2), (p3, k3) = places

        def key3(tok):
            ams = tok.ams
            a, b, c = ams[p1].fact[k1], ams[p2].fact[k2], ams[p3].fact[k3]
            if type(a) in changed or type(b) in changed or type(c) in changed:
                return (norm(a), norm(b), norm(c))
            return (a, b, c)
        return key3

    def key(tok):
        ams = tok.ams
        return tuple([norm(ams[p].fact[k]) for p, k in places])
    return key


def key_values(locs: list):
    """token -> the values a join compares with earlier variables, as they are (CLIPS
    hashes the join's table of partial matches on them, the pattern's last field
    first: :mod:`.clips_hash`); None where it compares none."""
    if not locs:
        return None
    pairs = [(l.pos, l.read) for l in locs]

    def values(tok):
        ams = tok.ams
        return tuple([read(ams[p].fact, ams[p].spans) for p, read in pairs])
    return values


def right_key(locs: list, norm):
    """(fact, spans) -> the values this pattern's facts are hashed on (the same
    variables as the join's left key, in the same order)."""
    if not locs:
        return lambda fact, spans: ()
    keys = [plain(l) for l in locs]
    changed = norm.changes
    if len(keys) == 1 and keys[0] is not _NOT_PLAIN:
        k = keys[0]

        def key1(fact, spans):
            try:
                v = fact[k]
            except KeyError:
                return ABSENT
            return norm(v) if type(v) in changed else v
        return key1
    reads = [l.read for l in locs]
    one = reads[0] if len(reads) == 1 else None

    def key(fact, spans):
        try:
            if one is not None:
                return norm(one(fact, spans))
            return tuple([norm(r(fact, spans)) for r in reads])
        except KeyError:
            return ABSENT
    return key


def _empty(tok):
    return ()


def join_test(fns: list):
    """The join's comparisons as one (token, match) -> bool, or None."""
    if not fns:
        return None
    if len(fns) == 1:
        return fns[0]
    return lambda tok, am: all(f(tok, am) for f in fns)


def plain_comparison(c, here, other, pos: int, strict: bool):
    """``?x`` or ``~?x`` between two plain places, as one direct comparison; None
    for any other constraint (the caller builds the general check)."""
    negate = isinstance(c, NotC)
    inner = c.inner if negate else c
    if not isinstance(inner, Var):
        return None
    hk, ok = plain(here), plain(other)
    if hk is _NOT_PLAIN or ok is _NOT_PLAIN or other.pos == pos:
        return None
    opos = other.pos
    if strict and negate:
        def differ_strictly(tok, am):
            a, b = am.fact[hk], tok.ams[opos].fact[ok]
            return not (a == b and type(a) is type(b) and (a or same(a, b)))
        return differ_strictly
    if strict:
        def equal_strictly(tok, am):
            a, b = am.fact[hk], tok.ams[opos].fact[ok]
            return a == b and type(a) is type(b) and (a or same(a, b))   # -0.0 is not 0.0
        return equal_strictly
    if negate:
        return lambda tok, am: not (am.fact[hk] == tok.ams[opos].fact[ok])
    return lambda tok, am: am.fact[hk] == tok.ams[opos].fact[ok]
