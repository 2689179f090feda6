"""The join network (Rete's beta network): partial matches and the joins that make them.

A *token* (CLIPS: a partial match) is the facts matched so far by a rule's first
patterns, one alpha match per pattern (None where a ``not``/``exists`` stands). A join
takes tokens on its left (from the join before it, or the one empty token for a rule's
first pattern) and alpha matches on its right (from a pattern's stop node), and passes
each pair that agrees on the variables they share (memories are hashed on them) on.

The order in which tokens travel is CLIPS 6.4's (it decides which activation is first):

* a new alpha match meets the left memory newest token first;
* a new token meets the right memory oldest match first;
* a new token goes to the joins after it newest join first (rules that begin with
  the same patterns share joins, and a later rule's join is newer);
* ``not``: a token passes while nothing blocks it; the first match found blocks it
  and the token is kept in that match's *block list*; a retraction unblocks the
  tokens of its block list newest first, each looking for another blocker first.
  ``exists`` is the mirror image. ``not``/``exists`` over several patterns take their
  right input from a sub-network of joins starting from the same token; its results,
  hashed on the earlier variables the group uses, block every agreeing left token;
* a retraction takes a fact's alpha matches newest first and, for each, the tokens
  built on it newest first, each token's own before it, a copy at a time
  (:func:`~pyengine.engine.rete.retract.drop`;
  then what the match blocked); a token that holds the fact neither blocks nor passes.
"""
from __future__ import annotations

from pyengine.engine.rete.alpha import Slotted
from pyengine.engine.rete.clips_hash import Table
from pyengine.engine.rete.retract import drop


UNLINKED = 2    # Token.dead of a token dropped because the match it joined went


class Token(Slotted):
    """A partial match."""

    __slots__ = ("ams", "node", "parent", "right", "children", "blocked", "dead", "deps")

    def __init__(self, ams, node, parent, right):
        self.ams = ams              # tuple: AlphaMatch or None per pattern position
        self.node = node            # the join that made it
        self.parent = parent        # the left token it extends (None: the root token)
        self.right = right          # the alpha match (or sub-network token) it joined
        self.children = None        # tokens made from it, in order (a dict, made when needed)
        self.blocked = None         # as a sub-network result: the tokens it blocks (a dict)
        self.dead = False           # True once dropped (UNLINKED: see the constant)
        self.deps = None            # {(fact id, next node): None}: facts it supports (drop)


class Network:
    """What joins share: the clock of time tags, the events, the agenda hook."""

    def __init__(self):
        self.clock = 0
        self.on_activate = None     # (terminal, token) -> activation
        self.on_deactivate = None   # (activation) -> None
        self.on_unsupported = None  # (token, next node) -> None: facts lose its support
        self.leaving = None         # the fact being retracted, while its tokens go
        self.sealed = None          # the empty token, while a reset empties the network
        self.test_errors = 0        # errors said by the tests of patterns and joins

    def tick(self) -> int:
        self.clock += 1
        return self.clock

    def doomed(self, tok) -> bool:
        """Does the token hold the fact being retracted (it goes later in the same
        retraction, so it neither blocks nor passes meanwhile: CLIPS's
        ``PartialMatchWillBeDeleted``), or is it the empty token, sealed by a reset?"""
        fact = self.leaving
        return tok is self.sealed or (
            fact is not None and any(am is not None and am.fact is fact for am in tok.ams))


class Join:
    """A positive join: left tokens x right alpha matches."""

    kind = "join"

    def __init__(self, net: Network, lkey, test, post, share_key):
        self.net = net
        self.lkey = lkey            # token -> hash key (values of the shared variables)
        self.test = test            # (token, match) -> bool, beyond the hash; or None
        self.post = post            # token -> bool (test CEs after the pattern); or None
        self.share_key = share_key
        self.children: list = []    # joins and terminals after it, oldest first
        self.left: dict = {}        # hash key -> {token: None}
        self.key_of: dict = {}      # token -> its hash key here (computed once)
        self.right = None           # the stop node (or sub-network join) feeding it
        self.parent = None          # the join (or root) before it
        self.out: dict = {}         # the tokens it made (the inspector reads them)
        self.tabled(None)

    def tabled(self, values_of) -> None:
        """CLIPS's table of the left memory (the order ``(matches)`` lists), hashed on
        the values ``values_of`` reads from a token (None: a table of one bucket)."""
        self.table = Table(values_of)
        self.grow_at = self.table.limit

    def clear(self) -> None:
        """Forget every token (a reset)."""
        self.left, self.out, self.key_of = {}, {}, {}
        self.tabled(self.table.values_of)

    # -- helpers ------------------------------------------------------------------
    def _emit(self, left: Token, right, ams) -> None:
        tok = Token(ams, self, left, right)
        if self.post is not None and not self.post(tok):
            return
        kids = left.children
        if kids is None:
            left.children = {tok: None}
        else:
            kids[tok] = None
        if right is not None:
            kids = right.children
            if kids is None:
                right.children = {tok: None}
            else:
                kids[tok] = None
        self.out[tok] = None
        children = self.children
        copies = right.copies if right is not None else None
        if copies is not None:              # CLIPS makes a copy per join, each driven
            for child in reversed(children):    # on before the next is made
                copies[(tok, child)] = None
                child.left_add(tok)
        elif len(children) == 1:
            children[0].left_add(tok)
        else:
            for child in reversed(children):
                child.left_add(tok)

    # -- left -----------------------------------------------------------------------
    def _remember(self, tok: Token):
        """Keep the token in the left memory; its hash key here."""
        key = self.key_of[tok] = self.lkey(tok)
        bucket = self.left.get(key)
        if bucket is None:
            self.left[key] = {tok: None}
        else:
            bucket[tok] = None
        if len(self.key_of) > self.grow_at:
            self.table.grow(self.key_of)
            self.grow_at = self.table.limit
        return key

    def left_add(self, tok: Token) -> None:
        matches = self.right.memory.get(self._remember(tok))
        if matches:
            test, ams = self.test, tok.ams
            for am in list(matches):
                if test is None or test(tok, am):
                    self._emit(tok, am, ams + (am,))

    def left_remove(self, tok: Token) -> None:
        key = self.key_of.pop(tok, None)
        bucket = self.left.get(key)
        if bucket is not None and bucket.pop(tok, 0) is None and not bucket:
            del self.left[key]
            if not self.key_of:
                self.table.frozen = None    # nothing of the order it kept is left

    # -- right ------------------------------------------------------------------------
    def right_add(self, am) -> None:
        bucket = self.left.get(am.key)
        if bucket:
            test = self.test
            for tok in reversed(bucket):
                if not tok.dead and (test is None or test(tok, am)):
                    self._emit(tok, am, tok.ams + (am,))


class NegJoin(Join):
    """``not`` (``exists`` with ``passes_when_blocked``): a token passes while no
    match blocks it (or, for exists, while one does)."""

    kind = "not"
    passes_when_blocked = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.blocker_of: dict = {}  # left token -> the match that blocks it

    def clear(self) -> None:
        super().clear()
        self.blocker_of = {}

    def left_add(self, tok: Token) -> None:
        key = self._remember(tok)
        am = self._first_blocker(tok, key)
        if am is not None:
            self._block(tok, am)
        if (am is not None) == self.passes_when_blocked:
            self._pass(tok)

    def _first_blocker(self, tok: Token, key):
        matches = self.right.memory.get(key)
        if matches:
            test = self.test
            for am in matches:
                if test is None or test(tok, am):
                    return am
        return None

    def _block(self, tok: Token, am) -> None:
        self.blocker_of[tok] = am
        if am.blocked is None:
            am.blocked = {}
        am.blocked[(self, tok)] = None

    def _pass(self, tok: Token) -> None:
        self._emit(tok, None, tok.ams + (None,))

    def _stop(self, tok: Token) -> None:
        for child in list(tok.children or ()):
            if child.node is self:
                drop(child)

    def left_remove(self, tok: Token) -> None:
        Join.left_remove(self, tok)
        am = self.blocker_of.pop(tok, None)
        if am is not None:
            am.blocked.pop((self, tok), None)

    def right_add(self, am) -> None:
        self._meet(self.left.get(am.key), am)

    def _meet(self, bucket, match) -> None:
        """A new match (or sub-network result) meets the left tokens of its bucket that
        nothing blocks yet, newest first."""
        if not bucket:
            return
        test, blocked = self.test, self.blocker_of
        for tok in reversed(list(bucket)):
            if tok.dead or tok in blocked:
                continue
            if test is None or test(tok, match):
                self._arrived(tok, match)

    def _arrived(self, tok: Token, am) -> None:
        self._block(tok, am)
        if self.passes_when_blocked:
            self._pass(tok)
        else:
            self._stop(tok)

    def reconsider(self, tok: Token, gone) -> None:
        """``gone`` no longer blocks ``tok``: another match, or the token's way on
        (``not``; not for a token that goes in this retraction anyway) or back
        (``exists``)."""
        self.blocker_of.pop(tok, None)
        if tok.dead:
            return
        other = self._first_blocker(tok, self.key_of[tok])
        if other is not None:
            self._block(tok, other)
        elif self.passes_when_blocked:
            self._stop(tok)
        elif not self.net.doomed(tok):
            self._pass(tok)


def unblock(blocker, joins=None) -> None:
    """A blocking match (or sub-network result) is gone: the tokens it blocked, in
    every join (of ``joins``: a result's copy for them), newest blocked first (CLIPS's
    block list, taken from its head each time): one dropped meanwhile, as a token an
    earlier one's ``exists`` lets go held it, has left the list and is not there to
    free."""
    blocked = blocker.blocked
    for join, tok in reversed(list(blocked or ())):
        if (joins is None or join in joins) and blocked.pop((join, tok), 0) is None:
            join.reconsider(tok, blocker)


class ExistsJoin(NegJoin):
    kind = "exists"
    passes_when_blocked = True


class FilterJoin(Join):
    """Test CEs with no pattern before them: the token passes if they hold."""

    kind = "test"

    def left_add(self, tok: Token) -> None:
        self._emit(tok, None, tok.ams)

    def left_remove(self, tok: Token) -> None:
        pass


class InitialTestJoin(FilterJoin):
    """CLIPS's tests at a rule's start: CLIPS puts its initial pattern before them, so
    the rule's partial matches begin with it, ``*`` (``tf: *,f-1``), which counts as
    the first pattern in what the views list and in how lex and mea order the rule."""

    def left_add(self, tok: Token) -> None:
        self._emit(tok, None, tok.ams + (None,))


class Root:
    """Where every rule starts: one empty token, made at reset."""

    kind = "root"

    def __init__(self):
        self.children: list = []
        self.token: Token | None = None
        self.out: dict = {}

    def reset(self) -> Token:
        self.out = {}
        self.token = Token((), self, None, None)
        return self.token


class Terminal:
    """The end of a rule's joins: a token here is an activation."""

    kind = "terminal"

    def __init__(self, net: Network, rule, disjunct: int):
        self.net = net
        self.rule = rule
        self.disjunct = disjunct
        self.parent = None
        self.memory: dict = {}      # token -> its activation (None once fired)

    def clear(self) -> None:
        self.memory = {}

    def left_add(self, tok: Token) -> None:
        self.memory[tok] = None
        self.memory[tok] = self.net.on_activate(self, tok)

    def left_remove(self, tok: Token) -> None:
        act = self.memory.pop(tok, None)
        if act is not None:
            self.net.on_deactivate(act)
