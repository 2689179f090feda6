"""Truth maintenance: ``(logical ...)``, as CLIPS 6.4 keeps it.

A rule whose first conditions are inside ``(logical ...)`` gives every fact its
action asserts a *logical support*: the partial match of those conditions. While
one support of a fact remains, the fact stays; when the last goes (a fact it
matched was retracted, or a ``not`` inside it became false), the fact is retracted
too, once the change that removed the support is done. A fact asserted outside any
logical rule is unconditional and loses its supports.

A rule's action can take its own support away (it retracts or modifies a fact of its
``logical``). CLIPS's ``AddLogicalDependencies`` then tells two cases apart by whether
the support's partial match was *unlinked* (its parents cut: it was made on the
retracted fact's own match, the last logical pattern's) or only dropped with an
earlier pattern's fact: unlinked, what the action asserts next is not asserted at
all (:data:`~pyengine.engine.rete.joins.UNLINKED`); only dropped, it is asserted and
tied to the match that is already gone. That tie holds the fact until the firing ends
(a fact whose other supports go meanwhile stays); then CLIPS frees the match and cuts
the tie without asking whether the fact has any support left: one with others keeps
them, one with none stays as if unconditional.
"""
from __future__ import annotations

from pyengine.engine.rete.joins import UNLINKED


class TruthMaintenance:
    def __init__(self, engine):
        self.engine = engine
        self.supports: dict[int, dict] = {}     # fact id -> {(token, via): links}
        self.current = None                     # the support of the firing's asserts
        self.via = None                         # the node after it on the rule's path
        self.pending: list[int] = []            # fact ids that lost their last support
        self.dead_ties: list[tuple] = []        # (fact id, (dropped token, via)) till
        # the firing ends

    def clear(self) -> None:
        self.supports.clear()
        self.pending.clear()
        self.dead_ties.clear()
        self.current = None

    def support_of(self, act) -> tuple:
        """The token of the activation's logical conditions (or None) and the node
        after it on the way to the activation: CLIPS ties the support to the token's
        copy for that node (:func:`~pyengine.engine.rete.joins.drop`)."""
        k = getattr(act.terminal, "logical_positions", 0)
        if not k:
            return None, None
        tok, via = act.token, act.terminal
        while tok is not None and len(tok.ams) > k:
            tok, via = tok.parent, tok.node
        return tok, via

    def asserted(self, fact, new: bool) -> None:
        """A fact was asserted (``new``: not a duplicate of one already there)."""
        fid = fact["__factid__"]
        tok = self.current
        if tok is None:
            if not new:                     # asserted unconditionally: no longer logical
                self.retracted(fid)
            return
        if not new and fid not in self.supports:
            return                          # an unconditional fact stays unconditional
        tie = (tok, self.via)
        if tok.dead:                        # the support went earlier in this action:
            if tok.dead is not UNLINKED:    # dropped with an earlier pattern's fact: tied
                self._link(fid, tie)        # to it till the firing ends (module doc)
                self.dead_ties.append((fid, tie))
            return
        self._link(fid, tie)
        if tok.deps is None:
            tok.deps = {}
        tok.deps[(fid, self.via)] = None

    def _link(self, fid: int, tie: tuple) -> None:
        """One more link of the fact to a support: CLIPS links a partial match again
        each time its firing asserts the fact (``(dependencies)`` shows each)."""
        held = self.supports.setdefault(fid, {})
        held[tie] = held.get(tie, 0) + 1

    def links(self, fid: int) -> list:
        """The partial matches (tokens) holding the fact up, one per link, the oldest
        first (CLIPS's ``(dependencies)`` shows them newest first)."""
        return [tok for (tok, _), n in self.supports.get(fid, {}).items() for _ in range(n)]

    def firing_ended(self) -> None:
        """CLIPS frees the matches dropped during the firing: the facts tied to them
        lose those ties, and nothing is retracted for it (one left with no support
        stays, unconditional)."""
        for fid, tie in self.dead_ties:
            held = self.supports.get(fid)
            if held is not None:
                held.pop(tie, None)
                if not held:
                    del self.supports[fid]
        self.dead_ties.clear()

    def retracted(self, fid: int) -> None:
        for tok, via in self.supports.pop(fid, {}):
            if tok.deps:
                tok.deps.pop((fid, via), None)

    def lost(self, tok, via) -> None:
        """A supporting token's copy for ``via`` is gone (network callback). The facts
        left without support wait on a stack, as on CLIPS's: the last to lose it goes
        first, and of one copy's facts the one it supported first."""
        deps = tok.deps
        for key in reversed([key for key in deps if key[1] is via]):
            del deps[key]
            held = self.supports.get(key[0])
            if held is not None:
                held.pop((tok, via), None)
                if not held:
                    self.pending.append(key[0])
        if not deps:
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
