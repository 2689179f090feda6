"""CLIPS 6.4's seven conflict-resolution strategies, as sort keys.

Among activations of one salience (higher first), the strategy decides:

* depth: the newest activation first; breadth: the oldest first;
* lex: the time tags of the activation's facts, each list sorted newest first,
  compared item by item (the more recent wins; a longer list wins a tie; a ``not``
  or ``exists`` counts as a tag older than any fact's), then the rule's
  specificity (higher first), then the older activation;
* mea: the time tag of the fact matching the first pattern first, then as lex;
* simplicity / complexity: lower / higher specificity first, then the older;
* random: a hash of (seed, rule, fact ids, activation time tag), reproducible from
  the seed (CLIPS draws
  from the C library's generator, which no other program can repeat).

A key sorts the activation that fires next *last*; the agenda keeps activations
sorted by it (:mod:`pyengine.engine.rete.agenda`).
"""
from __future__ import annotations

import hashlib

KINDS = ("depth", "breadth", "random", "lex", "mea", "simplicity", "complexity")


def order_key(kind: str, act, seed: int = 0) -> tuple:
    """The activation's place: ascending, the last fires first."""
    sal = act.salience
    if kind == "depth":
        return (sal, act.seq)
    if kind == "breadth":
        return (sal, -act.seq)
    if kind == "random":
        return (sal, random_key(seed, act), act.seq)
    if kind == "lex":
        return (sal, act.recency, act.specificity, -act.seq)
    if kind == "mea":
        return (sal, act.first, act.recency, act.specificity, -act.seq)
    if kind == "simplicity":
        return (sal, -act.specificity, -act.seq)
    if kind == "complexity":
        return (sal, act.specificity, -act.seq)
    raise ValueError(f"unknown strategy {kind!r}")


def random_key(seed: int, act) -> int:
    """The activation's draw: its rule, its facts and its time tag (two activations of
    one rule on the same facts, such as two splits of one multifield, draw apart)."""
    text = f"{seed}|{act.name}|{act.ids}|{act.seq}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
