"""Multifield patterns: ``(list $?before ?x&:(> ?x 2) $?after)``, laid out as CLIPS
lays them out.

A slot with ``$?`` elements becomes one pattern node per element that needs one:
the first (it also checks the slot is long enough), every element with a test of
its own, and every multifield when the slot has more than one (each tries its
lengths, longest first; a multifield followed by no other takes what is left). An
element with nothing to test has no node; its place follows from the others' (a
slot holding one untested multifield, ``(items $?all)``, has none: any value fits). So
two patterns that begin alike share their first nodes, and a fact reaches their
stop nodes in CLIPS's order. Each way the slot's values can be shared among the
elements is an alpha match of its own, carrying the spans it chose: ``{place:
((start, end), ...)}``, one span per element, read back by the variables' places.
"""
from __future__ import annotations

from pyengine.engine.rete.constraints import Loc, as_check, conjuncts


def multifield_step(pc, elems, read_seq, place) -> None:
    """Add one node per kept element of a sequence slot to PatternCompiler ``pc``."""
    shape = tuple(e.multi for e in elems)
    many = sum(shape) > 1
    whole = shape == (True,)        # one multifield: it is the whole slot, any length
    tests = []
    for j, elem in enumerate(elems):
        read = _whole_reader(read_seq) if whole else _reader(read_seq, place, j, elem.multi)
        here = Loc(pc.pos, read, place + (j,))
        alpha: list = []
        for c in conjuncts(elem.constraint):
            pc._constraint(c, here, alpha)
        tests.append(alpha)
    kept = [j for j in range(len(elems))
            if (j == 0 and not whole) or tests[j] or (shape[j] and many)]
    singles = shape.count(False)
    for n, j in enumerate(kept):
        checks = [as_check(a[1], pc.norm) for a in tests[j]]
        last = n == len(kept) - 1
        key = ("el", place, shape[:j + 1], shape[j + 1:].count(False), any(shape[j + 1:]),
               tuple(a[0] for a in tests[j]), last, singles if j == 0 else None)
        fn = _element_node(read_seq, place, shape, j, checks, last, singles if j == 0 else None)
        pc.out.steps.append((key, "enum", fn))


def _element_node(read_seq, place, shape, j, checks, last, at_least):
    """The node of element ``j``: it places the elements up to ``j`` (the ones
    without a node before it, then its own: a multifield tries each length it can
    take, longest first) and tests its value; the last node places the rest."""
    singles_after = shape[j + 1:].count(False)
    more_multi = any(shape[j + 1:])
    read = _reader(read_seq, place, j, shape[j])

    def enum(fact, spans):
        seq = read_seq(fact)
        n = len(seq)
        if at_least is not None and n < at_least:
            return
        done = _fill(shape, spans.get(place, ()) if spans else (), j, n)
        pos = done[-1][1] if done else 0
        room = n - pos - singles_after
        if not shape[j]:
            sizes = [1] if pos < n else []
        elif more_multi:
            sizes = range(room, -1, -1)
        else:
            sizes = [room] if room >= 0 else []
        for size in sizes:
            placed = done + ((pos, pos + size),)
            if last:
                placed = _fill(shape, placed, len(shape), n)
                if placed[-1][1] != n:
                    continue
            new = dict(spans) if spans else {}
            new[place] = placed
            if not checks:
                yield new
                continue
            value = read(fact, new)
            if all(t(value, fact, new) for t in checks):
                yield new
    return enum


def _fill(shape, done: tuple, upto: int, n: int) -> tuple:
    """The elements from ``len(done)`` up to ``upto`` that have no node: a single field
    takes one place, the slot's only multifield what the single fields leave."""
    out = list(done)
    pos = out[-1][1] if out else 0
    singles = shape.count(False)
    for k in range(len(out), upto):
        size = 1 if not shape[k] else max(0, n - singles)
        out.append((pos, pos + size))
        pos += size
    return tuple(out)


def _reader(read_seq, place, j: int, multi: bool):
    if multi:
        def read(fact, spans):
            a, b = spans[place][j]
            return tuple(read_seq(fact)[a:b])
    else:
        def read(fact, spans):
            return read_seq(fact)[spans[place][j][0]]
    return read


def _whole_reader(read_seq):
    def read(fact, spans):
        return tuple(read_seq(fact))
    return read
