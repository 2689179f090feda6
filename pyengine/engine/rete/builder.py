"""Rules into the network: each disjunct of a rule becomes a chain of joins, one per
pattern, ``not`` or ``exists``, ending in the rule's terminal node.

As in CLIPS 6.4, a join is shared by every rule whose chain up to it is the same
(same earlier joins, same pattern node, same comparisons), and a join made later is
entered earlier (the newest first); but a rule with ``logical`` CEs does not share
the join CLIPS checks for them (one past them) when it holds partial matches
(:meth:`Builder._shared`). ``test`` CEs are checked on the tokens of the
join before them. ``not``/``exists`` over one pattern are a join of their own; over
several CEs, and ``forall`` (``not (and A (not (and B...)))``), they take their right
input from a sub-network of joins that starts from the same token.
"""
from __future__ import annotations

from pyengine.engine.rete.alpha import PatternNetwork
from pyengine.engine.rete.groups import SubExistsJoin, SubNegJoin, SubResult
from pyengine.engine.rete.joins import (ExistsJoin, FilterJoin, InitialTestJoin, Join, NegJoin,
                                        Network, Root, Terminal)
from pyengine.engine.rete.clips_hash import Table
from pyengine.engine.rete.keys import join_test, key_values, left_key, right_key
from pyengine.engine.rete.lhs import (And, Exists, Forall, Not, Pattern, RuleSpec, Test,
                                      disjuncts, flatten, one_join, outer_references, shape_of)
from pyengine.engine.rete.patterns import PatternCompiler, norm_loose, norm_strict
from pyengine.engine.rete.specificity import specificity


class Builder:
    """Builds rules into one network. ``strict``: a CLIPS program's (CLIPS's typing of
    values, and its initial pattern before a rule's opening test)."""

    def __init__(self, net: Network, alpha: PatternNetwork, strict: bool):
        self.net = net
        self.alpha = alpha
        self.strict = strict
        self.norm = norm_strict if strict else norm_loose
        self.root = Root()
        self.shared: dict = {}      # a join's sharing key -> the joins made so, newest first
        self.nodes: list = []       # every join, sub-network result and terminal, for reset
        self.logical_ce = None      # the CE whose join CLIPS marks logical when sharing
        self.logical: set = set()   # the ids of the joins marked so by some rule

    @property
    def made(self) -> dict:
        """Each node's place in the order the nodes were made (id -> index)."""
        return {id(n): i for i, n in enumerate(self.nodes)}

    def add(self, rule: RuleSpec) -> list[Terminal]:
        out = []
        branches = disjuncts(rule.ces)
        rule.specificity = [specificity(flatten(b)) for b in branches]
        for d, ces in enumerate(branches):
            after = [ce for ce in flatten(ces)[rule.logical:] if not isinstance(ce, Test)]
            self.logical_ce = after[0] if rule.logical and after else None
            parent, pos, bound = self._chain(flatten(ces), self.root, 0, {}, True)
            term = Terminal(self.net, rule, d)
            term.salience = 0 if callable(rule.salience) else rule.salience
            term.binds = bound
            term.logical_positions = _positions(flatten(ces)[:rule.logical]) if rule.logical else 0
            term.parent = parent
            self.nodes.append(term)
            parent.children.append(term)
            out.append(term)
        return out

    # -- one chain ---------------------------------------------------------------------
    def _chain(self, ces: list, parent, pos: int, bound: dict, share: bool):
        i = 0
        while i < len(ces):
            ce, opening = ces[i], i == 0
            i += 1
            tests = []
            while i < len(ces) and isinstance(ces[i], Test):
                tests.append(ces[i])
                i += 1
            if isinstance(ce, Test) and opening:        # a rule's or a
                parent = self._filter(parent, [ce] + tests, bound, share, InitialTestJoin)
                pos += 1                        # group's first: CLIPS's initial pattern
            elif isinstance(ce, Test):
                parent = self._filter(parent, [ce] + tests, bound, share)
            elif isinstance(ce, Pattern):
                parent, binds = self._pattern(ce, parent, pos, bound, tests, share)
                bound = {**bound, **binds}
                pos += 1
            elif isinstance(ce, (Not, Exists, Forall)):
                parent = self._negation(ce, parent, pos, bound, tests, share)
                pos += 1
            else:
                raise TypeError(f"not a conditional element here: {ce!r}")
        return parent, pos, bound

    def _pattern(self, ce: Pattern, parent, pos, bound, tests, share, cls=Join, whole=None,
                 inner=()):
        """The join adding ``ce``; ``inner``: the tests CLIPS attaches to the one pattern
        of a not or exists, part of what makes a match block (or pass)."""
        got = PatternCompiler(ce, pos, bound, self.strict).compile()
        stop = self.alpha.place(ce.template, got.steps, tuple(l.desc for l in got.hash_right))
        if stop.hash is None:
            stop.hash = right_key(got.hash_right, self.norm)
        after = {**bound, **got.binds} if cls is Join else bound
        post = _post(tests, after)
        fns = [f for f, _ in got.join_tests]
        if inner:
            fns.append(_inner_test(inner, {**bound, **got.binds}))
        test = join_test(fns)
        if cls is NegJoin and test is not None:
            test = _erring_blocks(test, self.net)
        key = (id(parent), cls.kind, id(stop), tuple(d for _, d in got.join_tests),
               tuple(l.where for l in got.hash_left), _post_key(tests, after),
               _post_key(inner, {**bound, **got.binds}))
        join = self._shared(key, share, whole or ce)
        if join is None:
            join = cls(self.net, left_key(got.hash_left, self.norm), test, post, key)
            join.tabled(key_values(got.hash_left[::-1]))      # CLIPS's order
            join.right = stop
            stop.joins.append(join)
            self._link(parent, join, key)
        if _fed_before(parent, stop):
            stop.track = True       # its matches keep their copies (retract.drop_copies_of)
        if (whole or ce) is self.logical_ce:
            self.logical.add(id(join))
        return join, got.binds

    def _shared(self, key, share: bool, ce):
        """The join an earlier rule made that this one shares, if any. Not, as CLIPS
        6.4 decides (counting one join too far: the first join after the logical CEs
        is the one it checks), when that join is not marked so by another rule and
        holds partial matches: the empty one that the ``not`` s opening a rule pass
        on as the program loads, any once it has been reset."""
        for join in self.shared.get(key, ()) if share else ():
            if ce is not self.logical_ce or id(join) in self.logical or not self._holds(join):
                return join
        return None

    def _holds(self, join) -> bool:
        """Does the join hold partial matches, as CLIPS would have it now?"""
        if self.root.token is None:             # loading: only what opening nots pass
            return _after_nots(join)
        return any(join.left.values())

    def _filter(self, parent, tests, bound, share, cls=None):
        cls = cls or FilterJoin
        key = (id(parent), cls.__name__, _post_key(tests, bound))
        join = self._shared(key, share, None)
        if join is None:
            join = cls(self.net, None, None, _post(tests, bound), key)
            self._link(parent, join, key)
        return join

    def _link(self, parent, join, key, at: int | None = None) -> None:
        """Put the join after ``parent``; a rule made later whose chain begins alike
        shares it, as CLIPS shares joins: a ``not (and ...)``'s sub-network and the
        group's own join too, with any rule whose conditions begin alike. ``at``: its
        place among the parent's children (default: the newest)."""
        join.parent = parent
        self.nodes.append(join)
        parent.children.insert(len(parent.children) if at is None else at, join)
        if key is not None:
            self.shared.setdefault(key, []).insert(0, join)

    def _negation(self, ce, parent, pos, bound, tests, share):
        if isinstance(ce, Forall):
            inner = flatten(ce.first) + [Not([And(flatten(ce.rest))])]
            read_as = Not(inner)
            if ce is self.logical_ce:
                self.logical_ce = read_as
            ce = read_as
        inner = flatten(ce.ces)
        single = one_join(inner, self.strict)
        exists = isinstance(ce, Exists)
        if single:
            cls = ExistsJoin if exists else NegJoin
            join, _ = self._pattern(inner[0], parent, pos, bound, tests, share, cls, ce,
                                    inner[1:])
            return join
        used = outer_references(inner, bound)     # CLIPS's hash of the results
        last, _, _ = self._chain(inner, parent, pos, bound, share)
        cls = SubExistsJoin if exists else SubNegJoin
        skey = (id(parent), cls.kind, id(last), tuple(bound[u].where for u in used),
                _post_key(tests, bound))
        join = self._shared(skey, share, ce)
        if join is None:
            key = left_key([bound[name] for name in used], self.norm)
            join = cls(self.net, key, _post(tests, bound), skey)
            join.tabled(key_values([bound[name] for name in used]))
            # second among the joins after the token (just older than the newest), as
            # CLIPS links a join from the right, whether its group's first join is new
            # or another rule's
            self._link(parent, join, skey, at=len(parent.children) - 1)
            join.right = SubResult(last, key)
            join.right.table = Table(join.table.values_of, at_end=True)
            self.nodes.append(join.right)
            join.right.joins.append(join)
        if ce is self.logical_ce:
            self.logical.add(id(join))
        return join


def _fed_before(parent, stop) -> bool:
    """Does ``stop`` feed a join on the way to ``parent`` too (``(c ?x ?y) (c ? ?)``):
    can one match be joined twice by a token?"""
    while parent is not None and not isinstance(parent, Root):
        if getattr(parent, "right", None) is stop:
            return True
        parent = parent.parent
    return False


def _after_nots(join) -> bool:
    """Does the join hold the empty partial match as CLIPS loads a program: it opens a
    rule with a ``not``, or only ``not`` s (and tests) come before it (CLIPS primes
    them)?"""
    if isinstance(join.parent, Root):
        return join.kind in ("not", "not-and")
    parent = join.parent
    while parent.kind in ("not", "not-and", "test"):
        parent = parent.parent
    return isinstance(parent, Root)


def _positions(ces: list) -> int:
    """Token positions the conditions take (a test none)."""
    return sum(_positions(flatten(c.ces)) if isinstance(c, And) else
               0 if isinstance(c, Test) else 1 for c in ces)


def _erring_blocks(test, net):
    """A ``not``'s join test as CLIPS's drive.c has it: one whose evaluation errs (said
    with the error) counts as a match, which blocks."""
    def blocks(tok, am):
        said = net.test_errors
        return test(tok, am) or net.test_errors != said
    return blocks


def _post(tests: list, bound: dict):
    """The test CEs as one check on a token (variables read where they are bound)."""
    if not tests:
        return None
    plans = _plans(tests, bound)
    return lambda tok: _holds(plans, tok.ams)


def _inner_test(tests: list, bound: dict):
    """Tests inside a not or exists over one pattern, on a (token, match) pair: the
    match as the token's next place."""
    plans = _plans(tests, bound)
    return lambda tok, am: _holds(plans, tok.ams + (am,))


def _plans(tests: list, bound: dict) -> list:
    plans = []
    for t in tests:
        missing = [u for u in t.uses if u not in bound]
        if missing:
            raise ValueError(f"test uses {', '.join('?' + m for m in missing)} before "
                             "a pattern binds it")
        plans.append((t.fn, [(u, bound[u].pos, bound[u].read) for u in t.uses]))
    return plans


def _holds(plans: list, ams: tuple) -> bool:
    for fn, uses in plans:
        values = {}
        for name, pos, read in uses:
            am = ams[pos]
            values[name] = read(am.fact, am.spans)
        if not fn(values):
            return False
    return True


def _post_key(tests: list, bound: dict) -> tuple:
    return tuple((shape_of(t), tuple(bound[u].where for u in t.uses if u in bound))
                 for t in tests)
