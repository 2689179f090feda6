"""CLIPS 6.4's seven conflict-resolution strategies, as sort keys.

Among activations of one salience (higher first), the strategy decides:

* depth: the newest activation first; breadth: the oldest first;
* lex: the time tags of the activation's facts, each list sorted newest first,
  compared item by item (the more recent wins; a longer list wins a tie; a ``not``
  or ``exists`` counts as a tag older than any fact's), then the rule's
  specificity (higher first), then the older activation;
* mea: the time tag of the fact matching the first pattern first, then as lex;
* simplicity / complexity: lower / higher specificity first, then the older;
* random: the number the activation drew when it was made (every activation draws
  one, from the session's generator: :mod:`pyengine.engine.rete.crand`), the lower
  first, then the older (CLIPS's ``PlaceRandomActivation``).

A key sorts the activation that fires next *last*; the agenda keeps activations
sorted by it (:mod:`pyengine.engine.rete.agenda`).
"""
from __future__ import annotations

KINDS = ("depth", "breadth", "random", "lex", "mea", "simplicity", "complexity")


def order_key(kind: str, act) -> tuple:
    """The activation's place: ascending, the last fires first."""
    sal = act.salience
    if kind == "depth":
        return (sal, act.seq)
    if kind == "breadth":
        return (sal, -act.seq)
    if kind == "random":
        return (sal, -act.draw, -act.seq)
    if kind == "lex":
        return (sal, act.recency, act.specificity, -act.seq)
    if kind == "mea":
        return (sal, act.first, act.recency, act.specificity, -act.seq)
    if kind == "simplicity":
        return (sal, -act.specificity, -act.seq)
    if kind == "complexity":
        return (sal, act.specificity, -act.seq)
    raise ValueError(f"unknown strategy {kind!r}")
