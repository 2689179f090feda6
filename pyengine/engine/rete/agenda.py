"""The agenda: activations waiting to fire, one sorted list per module, and the
focus stack that says which module's list fires (CLIPS 6.4).

An activation is made when a token reaches a rule's terminal node and removed when
the token goes. It keeps what the strategies and the inspector read: its time tag
(``seq``, from the same clock as the facts'), the time tags of its facts (newest
first, for lex and mea), the rule's specificity, its salience, and the random number
it drew when it was made (``draw``: CLIPS draws one for every activation, from the
generator ``(random)`` draws from, whatever the strategy; only random reads it).

A salience is a number, or (CLIPS) an expression of globals and functions, or (an
experta rule in pyengine) a function of the rule's variables. CLIPS evaluates the
expression when the rule is defined and, as ``(set-salience-evaluation ...)`` says,
again for every new activation (``when-activated``) or for every activation after
every firing (``every-cycle``); each evaluation is kept as the rule's salience, and
``(refresh-agenda)`` evaluates them all once (:func:`reckoned_salience`). A function
of the variables is evaluated for each new activation.
"""
from __future__ import annotations

from bisect import bisect_left, insort

from pyengine.engine.rete.alpha import Slotted
from pyengine.engine.rete.crand import CRand
from pyengine.engine.rete.focus import FocusStack
from pyengine.engine.rete.strategies import order_key


class Activation(Slotted):
    __slots__ = ("rule", "token", "disjunct", "salience", "seq", "_recency", "_basis",
                 "specificity", "key", "name", "module", "terminal", "draw")

    def __init__(self, terminal, token, salience, seq):
        rule = terminal.rule
        self.terminal = terminal
        self.rule = rule
        self.token = token
        self.disjunct = terminal.disjunct
        self.salience = salience
        self.seq = seq
        self.name = rule.name
        self.module = rule.module
        self.specificity = rule.specificity[self.disjunct] if rule.specificity else 0
        self.key = None
        self.draw = 0
        self._basis = self._recency = None        # worked out when first asked

    def facts(self) -> list:
        return [am.fact if am is not None else None for am in self.token.ams]

    @property
    def basis(self) -> tuple:
        """The fact ids per pattern, None for a not/exists (CLIPS's ``*``)."""
        if self._basis is None:
            self._basis = tuple(None if am is None else am.fact["__factid__"]
                                for am in self.token.ams)
        return self._basis

    @property
    def ids(self) -> tuple:
        return tuple(i for i in self.basis if i is not None)

    @property
    def recency(self) -> tuple:
        """The facts' time tags, newest first; a not/exists position counts as a tag
        older than every fact's (CLIPS)."""
        if self._recency is None:
            self._recency = tuple(sorted(self._tags(), reverse=True))
        return self._recency

    @property
    def first(self) -> int:
        tags = self._tags()
        return tags[0] if tags else 0

    def _tags(self) -> list:
        return [0 if am is None else am.fact.__dict__["_tag"] for am in self.token.ams]

    def variables(self) -> dict:
        """The rule's variables for this match, as its action receives them."""
        ams = self.token.ams
        out = {}
        for name, loc in self.terminal.binds.items():
            am = ams[loc.pos]
            out[name] = loc.read(am.fact, am.spans)
        return out


#: CLIPS's settings of ``(set-salience-evaluation ...)``, its default first
SALIENCE_EVALUATION = ("when-defined", "when-activated", "every-cycle")


def reckoned_salience(terminal, act, when: str) -> int:
    """The salience of a new (or refreshed) activation of the terminal's rule, the
    expression evaluated as the setting ``when`` says (CLIPS's ``EvaluateSalience``:
    the value is kept as the rule's; on an error, said by the expression, the last
    one stands)."""
    rule = terminal.rule
    if callable(rule.salience):
        return int(rule.salience(act.variables()))
    if rule.salience_expr is not None and when != "when-defined":
        value = rule.salience_expr()
        if value is not None:
            terminal.salience = value
    return terminal.salience


class Agenda:
    """Activations per module, sorted by the strategy; the focus stack; the session's
    random generator (``rng``: ``(random)``'s, which each new activation draws from)."""

    def __init__(self, strategy: str = "depth", seed: int = 1):
        self.strategy = strategy
        self.rng = CRand(seed)
        self.salience_evaluation = SALIENCE_EVALUATION[0]
        self.lists: dict[str, list] = {}      # module -> [(key, act)] ascending
        self.focus = FocusStack(["MAIN"])      # the top is the last

    def add(self, act: Activation) -> None:
        """Place a new activation (it draws its random number first, as CLIPS's do)."""
        act.draw = self.rng.rand()
        act.key = order_key(self.strategy, act)
        items = self.lists.setdefault(act.module, [])
        if items and items[-1][0] < act.key:
            items.append((act.key, act.seq, act))   # the next to fire (depth's usual case)
        else:
            insort(items, (act.key, act.seq, act))

    def remove(self, act: Activation) -> None:
        items = self.lists.get(act.module)
        if not items:
            return
        if items[-1][2] is act:                     # the next to fire, or the newest
            del items[-1]
            return
        i = bisect_left(items, (act.key, act.seq))
        while i < len(items) and items[i][2] is not act:
            i += 1
        if i < len(items):
            del items[i]

    def resort(self, strategy: str | None = None) -> None:
        """Sort every module's activations again (CLIPS's ``set-strategy``: under
        random, by the numbers they drew when made)."""
        if strategy is not None:
            self.strategy = strategy
        for module in self.lists:
            self._sort(module)

    def refresh(self, modules) -> None:
        """CLIPS's ``refresh-agenda``: every activation of each module, next to fire
        first, gets its rule's salience evaluated again (as when activated); then
        the module's agenda is sorted again."""
        for module in modules:
            for act in self.activations(module):
                act.salience = reckoned_salience(act.terminal, act, "when-activated")
            self._sort(module)

    def _sort(self, module: str) -> None:
        if module not in self.lists:
            return
        acts = [a for _, _, a in self.lists[module]]
        for a in acts:
            a.key = order_key(self.strategy, a)
        self.lists[module] = sorted(((a.key, a.seq, a) for a in acts), key=lambda e: e[:2])

    def current(self) -> str | None:
        return self.focus[-1] if self.focus else None

    def next(self) -> Activation | None:
        """The activation that fires next: the top module's best; a module with
        nothing left is popped off the focus stack (MAIN too, as CLIPS does)."""
        while self.focus:
            items = self.lists.get(self.focus[-1])
            if items:
                return items[-1][2]
            self.focus.pop()
        return None

    def activations(self, module: str | None = None) -> list[Activation]:
        """Waiting activations of ``module``, the next to fire first (all modules
        without one: the focused module's first, then the rest by module name)."""
        if module is not None:
            return [a for _, _, a in reversed(self.lists.get(module, []))]
        order = list(reversed(self.focus)) + sorted(self.lists)
        seen: list[str] = []
        for m in order:
            if m not in seen:
                seen.append(m)
        return [a for m in seen for _, _, a in reversed(self.lists.get(m, []))]

    def __len__(self) -> int:
        return sum(len(v) for v in self.lists.values())

    def clear(self) -> None:
        self.lists.clear()
        self.focus = FocusStack(["MAIN"])
