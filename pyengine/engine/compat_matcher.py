"""Hash-indexed join memories for experta's RETE joins (same matches, same order).

experta 1.9.4 keeps each join's (``OrdinaryMatchNode``, ``NotNode``) memories as
lists of ``TokenInfo`` (data and context as frozensets): every token scans the
whole opposite memory, rebuilding a dict of each entry's context to test it, and a
retraction finds its entry with ``list.remove``. Here each memory is a dict from a
*join key* to a bucket (a dict from the entry's ``TokenInfo`` to the entry, in
arrival order), so a token is tested only against the bucket of its own key and
removed in O(1); contexts are turned back into dicts once, when stored.

The join key of a node is the values of its *join variables*: the names bound on
both inputs, read off the first token each input receives (kept across resets).
Two contexts that match agree on those names, so a match is always in the bucket;
the bucket's entries still go through the node's own test, and the matches come
out in the order of the original scan (the buckets keep arrival order), so the
same tokens reach the same children in the same order.

A node goes back for good to experta's own lists and code ("plain") whenever the
index could differ from them in any way: a token lacks a join variable, a left
token has a name that is not a string (a negated binding: experta raises there),
a token arrives twice, a NotNode's retraction finds nothing (experta raises), the
MATCH watcher logs at DEBUG (it logs every failed test), or the node's test is not
``SameContextCheck``. ``left_memory``/``right_memory`` stay readable and settable in
experta's format (snapshots and the inspector use them).
"""
from __future__ import annotations

from operator import itemgetter

_ORIGINAL: dict = {}
_NEW = object()


class _Plain(Exception):
    """The node must go back to experta's lists."""


def _getter(keys: tuple):
    """The join key of a context: the values of ``keys`` (KeyError if one lacks)."""
    if not keys:
        return lambda ctx: ()
    return itemgetter(*keys)


def _reset(node) -> None:
    """Empty the memories; a new node starts undetermined (one bucket, key None)."""
    mode = node.__dict__.get("_pj_mode", _NEW)
    if mode is _NEW:
        node._pj_mode, node._pj_get, node._pj_seen = None, _none, [None, None]
        node._pj_lk, node._pj_rk = None, None     # key sets seen all-str on each input
        node._pj_seq = 0
        mode = None
    if mode is False:
        _ORIGINAL[_NOT if _is_not(node) else _OMN, "_reset"](node)
    else:
        node._pj_l, node._pj_r = {}, {}


def _none(ctx):
    return None


def _note_keys(node, ctx, side: int) -> None:
    """Undetermined node: note the names the input ``side`` binds; once both inputs
    have been seen, decide the join variables and re-file the memories by them."""
    seen = node._pj_seen
    if seen[side] is None:
        seen[side] = tuple(k for k in ctx if isinstance(k, str))
    if seen[1 - side] is None:
        return
    from experta.matchers.rete.check import SameContextCheck
    left, right = _dump(node)
    if type(node.matcher) is not SameContextCheck:
        _go_plain(node, left, right)
        return
    both = set(seen[1])
    keys = tuple(k for k in seen[0] if k in both)
    node._pj_mode, node._pj_get = True, _getter(keys)
    _load(node, left, right)


def _flat(memory: dict) -> list:
    """All entries of a bucketed memory as (info, entry), in arrival order."""
    items = [(entry[-1], info, entry) for bucket in memory.values()
             for info, entry in bucket.items()]
    items.sort(key=itemgetter(0))
    return [(info, entry) for _, info, entry in items]


def _dump(node) -> tuple:
    """The memories in experta's format: lists of TokenInfo (a NotNode's left is a
    dict TokenInfo -> count)."""
    if node._pj_mode is False:
        return node._pj_pl, node._pj_pr
    right = [info for info, _ in _flat(node._pj_r)]
    if _is_not(node):
        return {info: entry[1] for info, entry in _flat(node._pj_l)}, right
    return [info for info, _ in _flat(node._pj_l)], right


def _is_not(node) -> bool:
    from experta.matchers.rete.nodes import NotNode
    return isinstance(node, NotNode)


def _load(node, left, right) -> None:
    """File memories given in experta's format into buckets (or go plain)."""
    get, is_not = node._pj_get, _is_not(node)
    node._pj_l, node._pj_r = lmem, rmem = {}, {}
    try:
        for info in left:
            ctx = dict(info[1])
            if not _all_str(ctx):
                raise _Plain
            node._pj_seq += 1
            entry = [ctx, left[info], node._pj_seq] if is_not else (info[0], ctx, True, node._pj_seq)
            _put(lmem, get(ctx), info, entry)
        for info in right:
            ctx = dict(info[1])
            node._pj_seq += 1
            _put(rmem, get(ctx), info,
                 (ctx, node._pj_seq) if is_not else (info[0], ctx, _all_str(ctx), node._pj_seq))
    except (KeyError, _Plain):
        _go_plain(node, left, right)


def _put(memory: dict, key, info, entry) -> None:
    bucket = memory.get(key)
    if bucket is None:
        bucket = memory[key] = {}
    elif info in bucket:
        raise _Plain
    bucket[info] = entry


def _go_plain(node, left=None, right=None) -> None:
    """Back to experta's own lists and code, for good."""
    if left is None:
        left, right = _dump(node)
    node._pj_pl = dict(left) if _is_not(node) else list(left)
    node._pj_pr = list(right)
    node._pj_mode = False
    node.__dict__.pop("_pj_l", None)
    node.__dict__.pop("_pj_r", None)


def _memory_property(side: int):
    def get(node):
        return _dump(node)[side]

    def set_(node, value):
        if node.__dict__.get("_pj_mode", False) is False:
            node.__dict__["_pj_pl" if side == 0 else "_pj_pr"] = value
            return
        memories = list(_dump(node))
        memories[side] = value
        _load(node, *memories)

    return property(get, set_)


def _indexed(node, ctx, side: int) -> bool:
    """Whether the node can take this token through its index (else it is plain)."""
    mode = node._pj_mode
    if mode is None:
        _note_keys(node, ctx, side)
        mode = node._pj_mode
    if mode is False:
        return False
    level = _MATCH.level
    if level and level <= 10:                  # DEBUG logs every failed test
        _go_plain(node)
        return False
    if side == 0 and ctx.keys() != node._pj_lk:
        if not _all_str(ctx):                  # experta's test raises on it: let it
            _go_plain(node)
            return False
        node._pj_lk = frozenset(ctx)
    return True


def _all_str(ctx) -> bool:
    return all(isinstance(k, str) for k in ctx)


def _right_clean(node, ctx) -> bool:
    """Whether a right token's names are all strings (no negated bindings)."""
    if _all_str(ctx):
        node._pj_rk = frozenset(ctx)
        return True
    return False


def _filed(node, token, side: int):
    """``(info, key)`` of a token the node's index takes (its ``TokenInfo`` and join
    key); None when the node is, or has just gone, plain: the caller then hands the
    token to experta's own code."""
    _, data, ctx = token
    if (node._pj_mode is not True or 0 < _MATCH.level <= 10
            or side == 0 and ctx.keys() != node._pj_lk) and not _indexed(node, ctx, side):
        return None
    try:
        key = node._pj_get(ctx)
    except KeyError:
        _go_plain(node)
        return None
    return _new(_TokenInfo, (frozenset(data), frozenset(ctx.items()))), key


def _join(node, token, side: int) -> None:
    """OrdinaryMatchNode: file the token, then join it with the bucket opposite."""
    filed = _filed(node, token, side)
    if filed is None:
        return _ORIGINAL[_OMN, _SIDES[side]](node, token)
    (info, key), (tag, data, ctx) = filed, token
    clean = side == 0 or ctx.keys() == node._pj_rk or _right_clean(node, ctx)
    mine, other = (node._pj_l, node._pj_r) if side == 0 else (node._pj_r, node._pj_l)
    if tag is _VALID:
        node._pj_seq += 1
        try:
            _put(mine, key, info, (info[0], dict(info[1]), clean, node._pj_seq))
        except _Plain:                              # a second copy: experta lists both
            _go_plain(node)
            return _ORIGINAL[_OMN, _SIDES[side]](node, token)
    elif (bucket := mine.get(key)) is not None and bucket.pop(info, None) is not None \
            and not bucket:
        del mine[key]
    bucket = other.get(key)
    if bucket:
        _matches(node, tag, data, ctx, clean, bucket, side, 0 < _MATCH.level <= 20)
    return None


def _matches(node, tag, data, ctx, clean, bucket, side, log) -> None:
    """experta's join of a token with the entries of one bucket, its test inlined
    (SameContextCheck: the left's names agree with the right's, its negated names
    differ; a negated name on the left raises)."""
    children = node.children
    for odata, octx, oclean, _ in bucket.values():
        left, right = (ctx, octx) if side == 0 else (octx, ctx)
        for key, value in left.items():
            if key[0] is False:
                raise RuntimeError('Negated value "%s" present before capture.' % key[1])
            if key in right and value != right[key]:
                break
            if (False, key) in right and value == right[(False, key)]:
                break
        else:
            if log:
                _MATCH.info("%s (%s | %s) = True", type(node).__name__, left, right)
            if clean:
                newcontext = ctx.copy()
            else:
                newcontext = {k: v for k, v in ctx.items() if isinstance(k, str)}
            if oclean:
                newcontext.update(octx)
            else:
                for k, v in octx.items():
                    if not isinstance(k, tuple):
                        newcontext[k] = v
            newtoken = _new(_Token, (tag, data | odata, newcontext))
            for child in children:
                child.callback(newtoken)


def _not_left(node, token) -> None:
    """NotNode, left: count the token's matches in its bucket opposite; pass it on
    while there are none."""
    filed = _filed(node, token, 0)
    if filed is None:
        return _ORIGINAL[_NOT, "_activate_left"](node, token)
    (info, key), (tag, _, ctx) = filed, token
    mine, rmem = node._pj_l, node._pj_r
    if tag is not _VALID and info not in mine.get(key, ()):
        _go_plain(node)                              # experta raises KeyError: let it
        return _ORIGINAL[_NOT, "_activate_left"](node, token)
    count, bucket = 0, rmem.get(key)
    if bucket:
        matcher = node.matcher
        for rctx, _ in bucket.values():
            if matcher(ctx, rctx):
                count += 1
                if tag is not _VALID:
                    break
    if rmem:                                         # experta: children, then memory
        if count == 0:
            for child in node.children:
                child.callback(token)
    if tag is _VALID:
        lbucket = mine.get(key)
        if lbucket is None:
            lbucket = mine[key] = {}
        entry = lbucket.get(info)
        if entry is None:
            node._pj_seq += 1
            lbucket[info] = [dict(info[1]), count, node._pj_seq]
        else:
            entry[1] = count
    else:
        lbucket = mine[key]
        del lbucket[info]
        if not lbucket:
            del mine[key]
    if not rmem:                                     # experta: memory, then children
        for child in node.children:
            child.callback(token)
    return None


def _not_right(node, token) -> None:
    """NotNode, right: the left entries of the bucket it matches count it; those that
    reach 1 (or fall to 0) are withdrawn (or passed on again)."""
    filed = _filed(node, token, 1)
    if filed is None:
        return _ORIGINAL[_NOT, "_activate_right"](node, token)
    (info, key), (tag, _, ctx) = filed, token
    mine = node._pj_r
    if tag is _VALID:
        node._pj_seq += 1
        try:
            _put(mine, key, info, (ctx, node._pj_seq))
        except _Plain:                              # a second copy: experta lists both
            _go_plain(node)
            return _ORIGINAL[_NOT, "_activate_right"](node, token)
        inc = 1
    else:
        bucket = mine.get(key)
        if bucket is None or info not in bucket:     # experta raises ValueError: let it
            _go_plain(node)
            return _ORIGINAL[_NOT, "_activate_right"](node, token)
        del bucket[info]
        if not bucket:
            del mine[key]
        inc = -1
    lbucket = node._pj_l.get(key)
    if not lbucket:
        return None
    matcher = node.matcher
    for linfo, entry in lbucket.items():
        if matcher(entry[0], ctx):
            entry[1] = count = entry[1] + inc
            if count == (0 if inc == -1 else 1):
                newtoken = _new(_Token, (_VALID if inc == -1 else _INVALID, set(linfo[0]),
                                         dict(entry[0])))
                for child in node.children:
                    child.callback(newtoken)
    return None


def _join_left(node, token):
    return _join(node, token, 0)


def _join_right(node, token):
    return _join(node, token, 1)


_SIDES = ("_activate_left", "_activate_right")
_PATCHED = ("_reset", "_activate_left", "_activate_right", "activate_left", "activate_right",
            "left_memory", "right_memory")


def install() -> None:
    """Give experta's joins hash-indexed memories. Networks built before this (or
    after :func:`uninstall`) must not be used with it."""
    global _new, _TokenInfo, _Token, _VALID, _INVALID, _MATCH, _OMN, _NOT
    from experta import watchers
    from experta.matchers.rete import nodes, token

    _new, _TokenInfo, _Token = tuple.__new__, token.TokenInfo, token.Token
    _VALID, _INVALID = token.Token.TagType.VALID, token.Token.TagType.INVALID
    _MATCH, _OMN, _NOT = watchers.MATCH, nodes.OrdinaryMatchNode, nodes.NotNode
    if _ORIGINAL:
        return
    for cls in (_OMN, _NOT):
        for name in _PATCHED:
            _ORIGINAL[cls, name] = cls.__dict__.get(name, _NEW)    # _NEW: inherited
    for cls, left, right in ((_OMN, _join_left, _join_right), (_NOT, _not_left, _not_right)):
        left.__name__, right.__name__ = "activate_left", "activate_right"   # as experta's
        cls._reset = _reset
        cls._activate_left = cls.activate_left = left
        cls._activate_right = cls.activate_right = right
        cls.left_memory, cls.right_memory = _memory_property(0), _memory_property(1)


def uninstall() -> None:
    """experta's own joins again (for comparisons; rebuild networks after this)."""
    for (cls, name), value in _ORIGINAL.items():
        if value is _NEW:
            if name in cls.__dict__:
                delattr(cls, name)
        else:
            setattr(cls, name, value)
    _ORIGINAL.clear()
