"""Truth maintenance: ``(logical ...)``, as CLIPS 6.4 keeps it.

A rule whose first conditions are inside ``(logical ...)`` gives every fact its
action asserts a *logical support*: the partial match of those conditions. While
one support of a fact remains, the fact stays; when the last goes (a fact it
matched was retracted, or a ``not`` inside it became false), the fact is retracted
too, once the change that removed the support is done. A fact asserted outside any
logical rule is unconditional and loses its supports.
"""
from __future__ import annotations


class TruthMaintenance:
    def __init__(self, engine):
        self.engine = engine
        self.supports: dict[int, dict] = {}     # fact id -> {token: None}
        self.current = None                     # the support of the firing's asserts
        self.pending: list[int] = []            # fact ids that lost their last support

    def clear(self) -> None:
        self.supports.clear()
        self.pending.clear()
        self.current = None

    def support_of(self, act):
        """The token of the activation's logical conditions, or None."""
        k = getattr(act.terminal, "logical_positions", 0)
        if not k:
            return None
        tok = act.token
        while tok is not None and len(tok.ams) > k:
            tok = tok.parent
        return tok

    def asserted(self, fact, new: bool) -> None:
        """A fact was asserted (``new``: not a duplicate of one already there)."""
        fid = fact["__factid__"]
        tok = self.current
        if tok is None:
            if not new:                     # asserted unconditionally: no longer logical
                for t in self.supports.pop(fid, {}):
                    if t.deps:
                        t.deps.pop(fid, None)
            return
        if not new and fid not in self.supports:
            return                          # an unconditional fact stays unconditional
        self.supports.setdefault(fid, {})[tok] = None
        if tok.deps is None:
            tok.deps = {}
        tok.deps[fid] = None

    def retracted(self, fid: int) -> None:
        for t in self.supports.pop(fid, {}):
            if t.deps:
                t.deps.pop(fid, None)

    def lost(self, tok) -> None:
        """A supporting token is gone (network callback). The facts left without
        support wait on a stack, as on CLIPS's: the last to lose it goes first, and of
        one token's facts the one it supported first."""
        for fid in reversed(tok.deps or {}):
            held = self.supports.get(fid)
            if held is not None:
                held.pop(tok, None)
                if not held:
                    self.pending.append(fid)
        tok.deps = None

    def settle(self) -> None:
        """Retract the facts left without support (and what that unsupports)."""
        engine = self.engine
        while self.pending:
            fid = self.pending.pop()
            if self.supports.get(fid):
                continue
            self.supports.pop(fid, None)
            fact = engine.facts.get(fid)
            if fact is not None:
                engine.retract(fact)
