"""``not`` and ``exists`` over several conditional elements (``(not (and ...))``,
``(exists A B)``, a ``forall``): the joins of their sub-network start from the same left
token as the join that tests them, and its results block (or let pass) the left tokens
they agree with (see :mod:`pyengine.engine.rete.joins` for the order tokens travel in).
"""
from __future__ import annotations

from pyengine.engine.rete.clips_hash import Table
from pyengine.engine.rete.joins import Join, NegJoin, Token, unblock


class SubResult:
    """The right input of a ``not``/``exists`` over several patterns: the tokens of
    its sub-network, hashed as CLIPS hashes them, on the values of the variables
    bound before the group that the group uses (``key``, read from a sub-network
    token as from a left token: the same places). A result blocks every left token
    that agrees with it there, whichever token its sub-network started from (a group
    that uses no earlier variable: every left token)."""

    def __init__(self, join: Join, key):
        self.memory: dict = {}      # hash key -> {sub token: None}, oldest first
        self.key = key
        self.joins: list = []
        self.table = Table(at_end=True)     # CLIPS's table (its listing order)
        join.children.append(self)

    def clear(self) -> None:
        self.memory, self.table = {}, Table(self.table.values_of, at_end=True)

    def listing(self, made) -> list:
        """The results it holds, of the sub-network's ``made`` (oldest first), as CLIPS
        lists its table."""
        return self.table.listed(t for t in made if t in self.memory.get(self.key(t), ()))

    def left_add(self, sub: Token) -> None:
        key = self.key(sub)
        bucket = self.memory.get(key)
        if bucket is None:
            bucket = self.memory[key] = {}
        bucket[sub] = None
        self.table.count += 1
        if self.table.count > self.table.limit:
            self.table.grow()
        for join in reversed(self.joins):
            join.right_add_sub(sub, key)

    def left_remove(self, sub: Token) -> None:
        key = self.key(sub)
        bucket = self.memory.get(key)
        if bucket is not None and bucket.pop(sub, 0) is None:
            self.table.count -= 1
            if not bucket:
                del self.memory[key]
        unblock(sub, self.joins)    # CLIPS's copy of the result for these joins


class SubNegJoin(NegJoin):
    """``(not (and ...))``: a left token is blocked by a result of the sub-network
    that agrees with it (:class:`SubResult`)."""

    kind = "not-and"

    def __init__(self, net, lkey, post, share_key):
        super().__init__(net, lkey, None, post, share_key)

    def _first_blocker(self, tok: Token, key):
        for sub in self.right.memory.get(key, ()):
            if not sub.dead and not self.net.doomed(sub):
                return sub
        return None

    def right_add_sub(self, sub: Token, key) -> None:
        self._meet(self.left.get(key), sub)


class SubExistsJoin(SubNegJoin):
    kind = "exists-and"
    passes_when_blocked = True
