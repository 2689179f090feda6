"""One pattern compiled: the tests of the pattern network, where its variables are,
and what its join must compare.

A field's constraint is split, as CLIPS splits it, into:

* tests the fact can answer alone (a constant, a comparison with another field of
  the same fact, a predicate on this fact's own variables): pattern-network nodes;
* comparisons with a variable bound by an earlier pattern: the join's *hash key*
  when it is a plain ``?x`` (the join only meets facts with the same value), a
  join test otherwise (``~?x``, ``:(> ?y ?x)``).

A variable's place (:class:`Loc`) is a pattern position and a way to read the value
from the alpha match at that position; the network never copies variable values
into its tokens, so rules with the same patterns share joins whatever their
variables are called.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import copysign

from pyengine.engine.rete.constraints import Loc, as_check, conjuncts, same_value
from pyengine.engine.rete.constraints import constraint_fn as _constraint_fn
from pyengine.engine.rete.keys import plain_comparison, slot_reader
from pyengine.engine.rete.lhs import (
    AndC,
    Const,
    Elem,
    NotC,
    OrC,
    Pattern,
    Pred,
    Ret,
    Skipped,
    Var,
    constraint_variables,
    shape_of,
)
from pyengine.engine.rete.multifield import mark_end, merge_check, multifield_step


@dataclass
class Compiled:
    """A pattern, compiled."""
    steps: list = field(default_factory=list)        # (key, kind, fn) for the alpha tree
    binds: dict = field(default_factory=dict)        # new variable -> Loc
    hash_right: list = field(default_factory=list)   # Loc of this pattern, per shared var
    hash_left: list = field(default_factory=list)    # Loc of the earlier pattern
    join_tests: list = field(default_factory=list)   # (fn(lookup, value) -> bool, desc)
    tests_key: tuple = ()


def norm_strict(v):
    """A value as a hash key where CLIPS's types count (1 is not 1.0; a string's type
    already hashes apart from a symbol's; CLIPS hashes ``-0.0`` apart from ``0.0``):
    floats and multifields are wrapped."""
    t = type(v)
    if t is float:
        return (float, v) if v or copysign(1.0, v) > 0 else (float, v, "-")
    if t is tuple:
        return (tuple, tuple(map(norm_strict, v)))
    return v


def norm_loose(v):
    return v


norm_strict.changes = frozenset({float, tuple})    # the types each rewrites
norm_loose.changes = frozenset()


def fields_of(fact) -> tuple:
    """An ordered fact's fields, in order (kept on the fact)."""
    got = fact.__dict__.get("_fields")
    if got is None:
        got = tuple(fact[i] for i in range(len(fact)) if i in fact)
        fact.__dict__["_fields"] = got
    return got


class PatternCompiler:
    """Compiles one Pattern at position ``pos`` given the variables bound before it."""

    def __init__(self, pattern: Pattern, pos: int, outer: dict, strict: bool):
        self.p = pattern
        self.pos = pos
        self.outer = outer
        self.norm = norm_strict if strict else norm_loose
        self.strict = strict
        self.out = Compiled()
        self.local: dict[str, Loc] = {}
        self.first_check = None          # the length / keys check on the first node
        self.deferred: list = []         # constraints on variables bound later in it
        self.seen: dict[str, Loc] = {}   # outer variables met in this pattern, where

    def compile(self) -> Compiled:
        p = self.p
        if p.ordered:
            self._ordered()
        elif p.keyed and p.slots and [s.key for s in p.slots] == list(range(len(p.slots))):
            self._positional(p)
        else:
            if p.keyed:
                self._presence(p)
            for slot in p.slots:
                if slot.multislot:
                    self._sequence(slot, lambda f, key=slot.key: f[key], ("s", slot.key))
                else:
                    self._single(slot.key, slot.elems[0], ("s", slot.key),
                                 slot_reader(slot.key))
        if self.first_check is not None:
            merge_check(self.out.steps, 0, *self.first_check)
        for c, here in self.deferred:
            missing = [u for u in constraint_variables(c)
                       if u not in self.local and u not in self.outer]
            if missing:
                raise ValueError(f"?{missing[0]} is used before anything binds it")
            self._join_constraint(c, here)
        if p.address:
            self.out.binds[p.address] = Loc(self.pos, lambda f, s: f, ("fact", self.pos))
        self.out.binds.update(self.local)
        return self.out

    def _presence(self, p: Pattern) -> None:
        """experta: a key the pattern names must be in the fact (or have a default).
        Checked in the join, so that the pattern network keeps CLIPS's shape; keys
        whose field always has a value (declared with a default, or mandatory) and
        keys a pattern-network test reads anyway need no check."""
        fields = getattr(p.template, "__fields__", {})
        keys = tuple(s.key for s in p.slots
                     if not _always_there(fields.get(s.key)) and not _tested(s))
        if not keys:
            return

        def present(tok, am):
            fact = am.fact
            try:
                for k in keys:
                    fact[k]
            except KeyError:
                return False
            return True
        self.out.join_tests.append((present, ("keys", keys)))

    # -- slots -------------------------------------------------------------------------
    def _ordered(self) -> None:
        slot = self.p.slots[0] if self.p.slots else None
        elems = slot.elems if slot is not None else ()
        self._sequence_elems(elems, fields_of, ("o",))

    def _positional(self, p: Pattern) -> None:
        """experta's ``Fact(a, b)``: laid out as CLIPS lays out ``(fact a b)``, its
        first node checking that the fields are there (experta does not count them)."""
        n = len(p.slots)

        def there(fact, spans):
            for i in range(n):
                fact[i]
            return True
        self._sequence_elems(tuple(s.elems[0] for s in p.slots), None, ("o",),
                             check=(("len", ("o",), n), there), read=slot_reader)

    def _sequence(self, slot, read_seq, place) -> None:
        self._sequence_elems(slot.elems, read_seq, place)

    def _sequence_elems(self, elems, read_seq, place, check=None, read=None) -> None:
        if any(e.multi for e in elems):
            self._multifield(elems, read_seq, place)
            return
        n = len(elems)
        if check is None:
            check = (("len", place, n), lambda f, s, r=read_seq, n=n: len(r(f)) == n)
        ckey, check = check
        steps = self.out.steps
        before = len(steps)
        for i, elem in enumerate(elems):
            self._single(i, elem, place + (i,),
                         read(i) if read else (lambda f, s, r=read_seq, i=i: r(f)[i]))
            if i == 0:                  # CLIPS: the length check is field 0's test
                merge_check(steps, before, ckey, check)
        if not elems:
            merge_check(steps, before, ckey, check)
        mark_end(steps, before)

    def _single(self, key, elem: Elem, place, read) -> None:
        here = Loc(self.pos, read, place)
        alpha: list = []
        for c in conjuncts(elem.constraint):
            self._constraint(c, here, alpha)
        self._alpha_steps(place, read, alpha)

    def _constraint(self, c, here: Loc, alpha: list) -> None:
        if isinstance(c, Skipped):          # CLIPS 6.4 does not test it (from_clips)
            return
        if isinstance(c, Var):
            if c.name in self.local:
                other = self.local[c.name]
                alpha.append((("==", other.desc),
                              _same(other.read, self.strict, here.read)))
            elif c.name in self.seen:       # again in this pattern: compared here (CLIPS)
                other = self.seen[c.name]
                alpha.append((("==", other.desc), _same(other.read, self.strict, here.read)))
            elif c.name in self.outer:
                self.out.hash_left.append(self.outer[c.name])
                self.out.hash_right.append(here)
                self.seen[c.name] = here
            else:
                self.local[c.name] = here
            return
        if isinstance(c, Const):
            value = c.value
            alpha.append((("=", self.norm(value)), ("const", self.norm(value))))
            return
        uses = constraint_variables(c)
        here_too = {**self.seen, **self.local}      # what this fact holds (CLIPS)
        if all(u in here_too for u in uses):
            alpha.append((("?", _code(c, uses), tuple(here_too[u].desc for u in uses)),
                          self._local_check(c, here, here_too)))
        elif all(u in self.local or u in self.outer for u in uses):
            self._join_constraint(c, here)
        else:                       # a variable this pattern binds in a later slot
            self.deferred.append((c, here))

    def _join_constraint(self, c, here: Loc) -> None:
        uses = constraint_variables(c)
        places = tuple(self._loc(u).where for u in uses)
        self.out.join_tests.append((self._join_check(c, here, uses),
                                    (here.where, _code(c, uses), places)))

    def _loc(self, name) -> Loc:
        return self.local.get(name) or self.outer[name]

    # -- alpha steps ------------------------------------------------------------------------
    def _alpha_steps(self, place, read, alpha: list) -> None:
        consts = [a for a in alpha if isinstance(a[1], tuple)]
        others = [a for a in alpha if not isinstance(a[1], tuple)]
        if len(consts) == 1 and not others:
            value = consts[0][1][1]
            norm = self.norm
            self.out.steps.append((("sel", place), "select",
                                   lambda f, r=read: norm(r(f, None))))
            self.out.steps.append((None, "const", value))
            return
        if not alpha:
            return
        checks = [as_check(a[1], self.norm) for a in alpha]
        key = ("test", place, tuple(a[0] for a in alpha))
        self.out.steps.append((key, "test", _all_of(read, checks)))

    # -- checks ---------------------------------------------------------------------------
    def _local_check(self, c, here: Loc, local: dict):
        check = _constraint_fn(c, self.strict)

        def fn(value, fact, spans):
            return check(value, lambda n: local[n].read(fact, spans))
        return fn

    def _join_check(self, c, here: Loc, uses: tuple):
        locs = {u: self._loc(u) for u in uses}
        pos = self.pos
        if len(locs) == 1:
            direct = plain_comparison(c, here, *locs.values(), pos, self.strict)
            if direct is not None:
                return direct
        check = _constraint_fn(c, self.strict)

        def fn(tok, am):
            def lookup(name):
                loc = locs[name]
                m = am if loc.pos == pos else tok.ams[loc.pos]
                return loc.read(m.fact, m.spans)
            return check(here.read(am.fact, am.spans), lookup)
        return fn

    def _multifield(self, elems, read_seq, place) -> None:
        multifield_step(self, elems, read_seq, place)


def _always_there(field) -> bool:
    if field is None:
        return False
    return field.mandatory or field.default is not type(field).NODEFAULT


def _tested(slot) -> bool:
    """Whether the pattern network reads this slot (a constant or a predicate on it)."""
    return any(not isinstance(c, Var) for e in slot.elems for c in conjuncts(e.constraint))


def _code(c, uses: tuple = ()):
    """A constraint's identity, for sharing: its shape, each variable named by its place
    in ``uses`` (CLIPS compiles a variable to the field it is read from, so ``(< ?z 3)``
    and ``(< ?y 3)`` on one slot are one test, and ``~?a`` and ``~?b`` comparing the same
    places one comparison)."""
    at = {u: i for i, u in enumerate(uses)}
    if isinstance(c, (Pred, Ret)):
        return (type(c).__name__, shape_of(c), tuple(at.get(u, u) for u in c.uses))
    if isinstance(c, NotC):
        return ("~", _code(c.inner, uses))
    if isinstance(c, (AndC, OrC)):
        return (type(c).__name__, tuple(_code(p, uses) for p in c.parts))
    if isinstance(c, Const):
        return c.key()
    if isinstance(c, Var):
        return ("var", at.get(c.name, c.name))
    return repr(c)


def _same(read_other, strict, read_here):
    def check(value, fact, spans):
        return same_value(value, read_other(fact, spans), strict)
    return check


def _all_of(read, checks):
    def test(fact, spans):
        value = read(fact, spans)
        return all(check(value, fact, spans) for check in checks)
    return test
