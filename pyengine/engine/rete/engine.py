"""Our engine: the fact list, the network, the agenda and the run loop together.

:class:`Engine` is what both front ends drive: rules come in as
:class:`~pyengine.engine.rete.lhs.RuleSpec` (from an experta class or a .clp file),
facts as experta ``Fact`` objects. Every change is matched at once, as in CLIPS:
``assert_fact`` sends the fact through the pattern network and the joins before it
returns, so activations are made (and stamped) in CLIPS's order. ``run`` fires the
agenda's best activation until none is left, a limit is reached or a rule halts.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager

from pyengine.engine.deep_calls import deep_calls
from pyengine.engine.errors import UsageError

from pyengine.engine.rete.agenda import Activation, Agenda, reckoned_salience
from pyengine.engine.rete.alpha import AlphaMatch, PatternNetwork
from pyengine.engine.rete.builder import Builder
from pyengine.engine.rete.facts import FactList, identity, new_fact
from pyengine.engine.rete.joins import UNLINKED, FilterJoin, Network, Terminal, unblock
from pyengine.engine.rete.retract import drop, drop_copies_of
from pyengine.engine.rete.truth import TruthMaintenance


class HaltedByError(RuntimeError):
    """Errors were said while a firing's changes were matched (CLIPS halts the run)."""


class Listener:
    """What an engine tells whoever watches it (all optional)."""

    def on_fact(self, sign: str, fact) -> None: ...

    def on_activation(self, sign: str, act: Activation) -> None: ...


class Engine:
    """Facts, rules, agenda; the run loop."""

    def __init__(self, strict: bool = False):
        self.net = Network()
        self.net.on_activate = self._activate
        self.net.on_deactivate = self._deactivate
        self.truth = TruthMaintenance(self)
        self.net.on_unsupported = self.truth.lost
        self._busy = 0
        self.alpha = PatternNetwork()
        self.builder = Builder(self.net, self.alpha, strict)
        self.facts = FactList()
        self.agenda = Agenda()
        self.rules: dict = {}               # name -> RuleSpec, in definition order
        self.terminals: dict = {}           # name -> its terminal nodes in this network
        self.initial: list = []             # callables(engine) asserting the deffacts' facts
        self.reset_error: UsageError | None = None  # what stopped the last reset early
        self.resetting = False              # the reset is asserting the initial facts
        self.listener: Listener | None = None
        self.halted = False
        self.alpha_matches: dict = {}       # fact id -> its alpha matches
        self.owner = None                   # the KnowledgeEngine (or program) it runs for
        self.returned = False               # the firing rule's actions called (return)
        self.firing: Activation | None = None   # the activation whose action runs
        self.said: list[str] = []           # errors said while matching in a firing
        # (a salience that cannot be evaluated): the firing stops (HaltedByError)

    # -- rules -------------------------------------------------------------------------
    def add_rule(self, rule) -> None:
        if rule.name in self.rules:
            raise ValueError(f"rule {rule.name!r} is defined twice")
        self.rules[rule.name] = rule
        self.terminals[rule.name] = self.builder.add(rule)   # not on the rule: engines
        # of one class share its RuleSpecs, and each has a network of its own

    def find_rule(self, name: str):
        """The rule called ``name`` (``MODULE::name`` or its plain name), or None."""
        module, _, local = name.rpartition("::")
        rule = self.rules.get(local)
        return None if rule is None or (module and rule.module != module) else rule

    # -- facts -------------------------------------------------------------------------
    def reset(self, initial_fact: bool = True) -> None:
        """Empty the facts, memories and agenda; assert the initial facts. Without
        ``initial_fact`` (experta's facts declared before any reset, when it has no
        InitialFact yet) the rules that open with no pattern to match (an empty LHS, a
        test, a not or an exists) are not primed: they wait for a reset, as there."""
        with fewer_collections(), deep_calls():
            self._reset(initial_fact)

    def empty(self) -> None:
        """Take out what a reset replaces as CLIPS 6.4's ``(reset)`` does, each change
        told to the listener: the activations of rules with nothing to match first,
        then what passed the opening ``not`` of a rule (each round newest rule first;
        the empty token is then sealed, so no retraction lets it pass again), then
        every fact, oldest first, each with what it held up."""
        root = self.builder.root
        if root.token is None:
            return
        for node in _primed(root, self.builder.made):
            if isinstance(node, list):              # each rule's copy, the oldest first
                for terminal in node:
                    terminal.left_remove(root.token)
            elif node.kind in ("test", "not", "not-and"):
                for tok in [t for t in root.token.children or () if t.node is node]:
                    drop(tok)
        self.net.sealed = root.token
        try:
            for fid, fact in self.facts.items():
                if self.facts.get(fid) is fact:     # truth maintenance took it meanwhile?
                    self.retract(fact)
        finally:
            self.net.sealed = None

    def _reset(self, initial_fact: bool = True) -> None:
        self.alpha_matches = {}
        self.truth.clear()
        self.facts.clear()
        self.agenda.clear()
        self.net.clock = 0
        self.alpha.clear()
        for node in self.builder.nodes:
            node.clear()
        self.halted = False
        root = self.builder.root.reset()
        for node in _primed(self.builder.root, self.builder.made):
            if not initial_fact and (isinstance(node, list) or node.kind != "join"):
                continue
            for child in (reversed(node) if isinstance(node, list) else (node,)):
                child.left_add(root)
        self.reset_error, self.resetting, self.said = None, True, []
        try:
            for assert_initial in self.initial:
                assert_initial(self)
        except UsageError as exc:   # a pattern's test failed on a fact: as CLIPS, the
            self.reset_error = exc  # fact stays, the reset stops there, the session lives
        finally:
            self.resetting = False
        self.agenda.focus.current = "MAIN"  # whatever the deffacts' auto-focus made it

    def assert_fact(self, fact, fid: int | None = None):
        """Assert; the fact already in the list if an equal one is there; None (as
        CLIPS, nothing asserted, no id used) when the firing's logical support was
        unlinked earlier in its own action: the fact of its last logical pattern was
        retracted (``(logical ?f <- (p)) => (retract ?f) (assert (q))``, or a ``modify``
        of it). (A support that went with an earlier pattern's fact is only dropped,
        not unlinked, in CLIPS: see :mod:`~pyengine.engine.rete.truth`.)"""
        same = self.facts.existing(fact)
        if same is not None:
            self.truth.asserted(same, False)
            return same
        if self.truth.current is not None and self.truth.current.dead is UNLINKED:
            return None
        self._busy += 1
        try:
            self._add(fact, fid)
        finally:
            self._busy -= 1
        if not self._busy:
            self.truth.settle()
        return fact

    def _add(self, fact, fid) -> None:
        self.facts.add(fact, self.net.tick(), fid)
        self.truth.asserted(fact, True)     # before it matches, as CLIPS links it
        if self.listener is not None:
            self.listener.on_fact("+", fact)
        ams = self.alpha_matches[fact["__factid__"]] = []
        for node, spans in self.alpha.matches(fact):
            key = node.hash(fact, spans) if node.hash is not None else ()
            am = AlphaMatch(fact, spans, node, key)
            bucket = node.memory.get(key)
            if bucket is None:
                bucket = node.memory[key] = {}
            bucket[am] = None
            ams.append(am)
            for join in reversed(node.joins):
                join.right_add(am)

    def retract(self, fact) -> None:
        fid = fact["__factid__"]
        if self.facts.get(fid) is not fact:
            raise KeyError(f"f-{fid} is not in the fact list")
        self._busy += 1
        try:
            self._remove(fact, fid)
        finally:
            self._busy -= 1
        if not self._busy:
            self.truth.settle()

    def _remove(self, fact, fid) -> None:
        self.facts.remove(fact)
        self.truth.retracted(fid)
        if self.listener is not None:
            self.listener.on_fact("-", fact)
        ams = self.alpha_matches.pop(fid, [])
        for am in ams:              # out of the alpha memories first: none blocks now
            bucket = am.node.memory.get(am.key)
            if bucket is not None:
                bucket.pop(am, None)
                if not bucket:
                    del am.node.memory[am.key]
        self.net.leaving = fact
        try:
            for am in reversed(ams):    # CLIPS keeps a fact's matches newest first and
                _drop_made_on(am)       # each one's tokens too
                if am.blocked:
                    unblock(am)
        finally:
            self.net.leaving = None

    def modify(self, fact, changes: dict):
        """Retract and assert again under the same id, with new values. A modify that
        changes no value (same values of the same types) does nothing, as in CLIPS
        6.4: the fact keeps its time tag and its activations."""
        new = copy_fact(fact, changes)
        if identity(new) == fact.__dict__["_identity"]:   # worked out when it came in
            return fact
        fid = fact["__factid__"]
        self.retract(fact)          # facts it alone supported go now, as in CLIPS
        made = self.assert_fact(new, fid)
        if made is new:             # the version that follows it (a .clp program's
            fact.__dict__["_modified"] = new    # fact addresses follow it, as CLIPS's)
        return made

    def duplicate(self, fact, changes: dict):
        return self.assert_fact(copy_fact(fact, changes))

    # -- agenda ------------------------------------------------------------------------
    def _activate(self, terminal, tok) -> Activation:
        rule = terminal.rule
        act = Activation(terminal, tok, terminal.salience, self.net.tick())
        if rule.salience_expr is not None or callable(rule.salience):
            act.salience = reckoned_salience(terminal, act, self.agenda.salience_evaluation)
        self.agenda.add(act)
        if rule.auto_focus and self.agenda.current() != rule.module:
            self.agenda.focus.push(rule.module)
        if self.listener is not None:
            self.listener.on_activation("+", act)
        return act

    def refresh(self, rule) -> None:
        """CLIPS's ``refresh``: the rule's activations that fired, whose facts are all
        still there, go back on the agenda."""
        for terminal in self.terminals[rule.name]:
            for tok, act in reversed(list(terminal.memory.items())):   # CLIPS's: newest first
                if act is None:
                    terminal.memory[tok] = self._activate(terminal, tok)

    def _deactivate(self, act: Activation) -> None:
        self.agenda.remove(act)
        if self.listener is not None:
            self.listener.on_activation("-", act)

    def next_activation(self) -> Activation | None:
        """The activation that fires next, as CLIPS's ``NextActivationToFire``: an
        empty focus stack is given MAIN first; then each module with nothing left is
        popped. A run asks for it before its first firing and after each (so a module
        emptied by the last firing of a ``run 1`` is off the stack when it returns, as
        on CLIPS), and stops at None."""
        if not self.agenda.focus:
            self.agenda.focus.push("MAIN")
        return self.agenda.next()

    def take(self, act: Activation) -> None:
        """Take the activation off the agenda (it is about to fire)."""
        self.agenda.remove(act)
        memory = act.terminal.memory
        if act.token in memory:
            memory[act.token] = None

    def fire(self, act: Activation, taken: bool = False) -> None:
        """Run the activation's rule's action (taking it off the agenda first)."""
        if not taken:
            self.take(act)
        self.truth.current, self.truth.via = self.truth.support_of(act)
        focus = self.agenda.focus
        before, focus.current = focus.current, act.module   # the rule's, while it fires
        self.returned = False
        self.firing, self.said = act, []
        try:
            act.rule.action(self, act)
        finally:
            self.truth.current = self.truth.via = None
            self.truth.firing_ended()
            focus.current = before          # put back after the actions, as CLIPS does
            if self.agenda.salience_evaluation == "every-cycle":
                self.agenda.refresh(list(self.agenda.lists))
            self.firing = None
            if self.returned:               # (return): the rule's module leaves the stack
                focus.remove(act.module)
        if self.said:
            said, self.said = self.said, []
            raise HaltedByError(" ".join(said))

    def end_run(self) -> None:
        """As CLIPS ends a run: the current module is the focus's, if there is one."""
        if self.agenda.focus:
            self.agenda.focus.current = self.agenda.focus[-1]

    def run(self, limit: int | None = None) -> int:
        with fewer_collections(), deep_calls():
            return self._run(limit)

    def _run(self, limit: int | None) -> int:
        fired = 0
        self.halted = False
        act = self.next_activation()
        while act is not None and (limit is None or fired < limit):
            self.fire(act)
            fired += 1
            act = self.next_activation()
            if self.halted:
                break
        self.end_run()
        return fired

    def halt(self) -> None:
        self.halted = True


#: the cyclic collector's first threshold while the engine matches (Python's is 700)
MATCHING_GC_THRESHOLD = 50_000


@contextmanager
def fewer_collections():
    """Run the cyclic garbage collector less often while matching. Matching makes and
    drops many small objects (tokens, activations) that reference counting frees, so
    a collection finds little, but each full one walks every live token: at the
    default threshold it took a fifth of Manners 48's time. The threshold is put back
    afterwards."""
    before = gc.get_threshold()
    if before[0] >= MATCHING_GC_THRESHOLD or not before[0]:
        yield
        return
    gc.set_threshold(MATCHING_GC_THRESHOLD, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _primed(root, made: dict) -> list:
    """The joins after the empty token in the order CLIPS primes (and empties) them at
    a reset: two rounds, each newest join first: those with nothing to match first
    (a ``test`` first; an empty LHS, where every such rule shares one join, made with
    the first of them: here the list of their terminals, the oldest first), then the
    others (those opening with ``not`` are primed; the rest pass nothing)."""
    joins: list = []
    empty: list = []
    for node in root.children:
        if isinstance(node, Terminal):
            if not empty:
                joins.append(empty)
            empty.append(node)
        else:
            joins.append(node)
    joins.sort(key=lambda n: made[id(n[0] if isinstance(n, list) else n)])
    joins.reverse()     # newest made first: a (not (and ...)) after its group's joins
    return sorted(joins, key=lambda n: not isinstance(n, (list, FilterJoin)))


def _drop_made_on(am) -> None:
    """Drop the tokens made on a leaving alpha match, newest first; each is unlinked
    (truth maintenance tells that from a token only dropped with an earlier one). A
    match a token may join twice takes its tokens' copies back one by one, in the
    order CLIPS made them (:func:`~pyengine.engine.rete.retract.drop_copies_of`)."""
    if am.copies is not None:
        for tok in drop_copies_of(am):
            tok.dead = UNLINKED
        return
    for tok in reversed(list(am.children or ())):
        if not tok.dead:
            drop(tok)
            tok.dead = UNLINKED


def copy_fact(fact, changes: dict):
    """A new (undeclared) fact of the same class with some values changed."""
    values = {k: v for k, v in dict.items(fact) if not (isinstance(k, str) and k[:2] == "__")}
    values.update(changes)
    return new_fact(type(fact), values, None if changes else fact.__dict__.get("_fields"))

