"""The agenda: activations waiting to fire, one sorted list per module, and the
focus stack that says which module's list fires (CLIPS 6.4).

An activation is made when a token reaches a rule's terminal node and removed when
the token goes. It keeps what the strategies and the inspector read: its time tag
(``seq``, from the same clock as the facts'), the time tags of its facts (newest
first, for lex and mea), the rule's specificity, and the salience reckoned when it
was made (a salience function of the rule's variables is evaluated then, CLIPS's
default ``when-activated``).
"""
from __future__ import annotations

from bisect import bisect_left, insort

from pyengine.engine.rete.alpha import Slotted
from pyengine.engine.rete.strategies import order_key


class Activation(Slotted):
    __slots__ = ("rule", "token", "disjunct", "salience", "seq", "recency", "first",
                 "specificity", "key", "ids", "basis", "name", "module", "terminal")

    def __init__(self, terminal, token, salience, seq):
        rule = terminal.rule
        self.terminal = terminal
        self.rule = rule
        self.token = token
        self.disjunct = disjunct = terminal.disjunct
        self.salience = salience
        self.seq = seq
        self.name = rule.name
        self.module = rule.module
        facts = [am.fact if am is not None else None for am in token.ams]
        self.basis = tuple(None if f is None else f["__factid__"] for f in facts)
        self.ids = tuple(i for i in self.basis if i is not None)
        # a not/exists position counts as a time tag older than every fact's (CLIPS)
        tags = [0 if f is None else f.__dict__["_tag"] for f in facts]
        self.first = tags[0] if tags else 0
        self.recency = tuple(sorted(tags, reverse=True))
        self.specificity = rule.specificity[disjunct] if rule.specificity else 0
        self.key = None

    def facts(self) -> list:
        return [am.fact if am is not None else None for am in self.token.ams]

    def variables(self) -> dict:
        """The rule's variables for this match, as its action receives them."""
        ams = self.token.ams
        out = {}
        for name, loc in self.terminal.binds.items():
            am = ams[loc.pos]
            out[name] = loc.read(am.fact, am.spans)
        return out


class Agenda:
    """Activations per module, sorted by the strategy; the focus stack."""

    def __init__(self, strategy: str = "depth", seed: int = 0):
        self.strategy = strategy
        self.seed = seed
        self.lists: dict[str, list] = {}      # module -> [(key, act)] ascending
        self.focus: list[str] = ["MAIN"]      # the top is the last

    def add(self, act: Activation) -> None:
        act.key = order_key(self.strategy, act, self.seed)
        insort(self.lists.setdefault(act.module, []), (act.key, act.seq, act))

    def remove(self, act: Activation) -> None:
        items = self.lists.get(act.module)
        if not items:
            return
        entry = (act.key, act.seq, act)
        i = bisect_left(items, entry[:2])
        while i < len(items) and items[i][2] is not act:
            i += 1
        if i < len(items):
            del items[i]

    def resort(self, strategy: str | None = None, seed: int | None = None) -> None:
        if strategy is not None:
            self.strategy = strategy
        if seed is not None:
            self.seed = seed
        for module, items in self.lists.items():
            acts = [a for _, _, a in items]
            for a in acts:
                a.key = order_key(self.strategy, a, self.seed)
            self.lists[module] = sorted(((a.key, a.seq, a) for a in acts),
                                        key=lambda e: e[:2])

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

    def pop(self, act: Activation) -> None:
        self.remove(act)

    def activations(self, module: str | None = None) -> list[Activation]:
        """Waiting activations, the next to fire first (all modules: the focused
        module's first, then the rest by module name)."""
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
        self.focus = ["MAIN"]
