"""Multifield patterns: ``(list $?before ?x&:(> ?x 2) $?after)``, laid out as CLIPS
lays them out.

A slot with one ``$?`` element needs no bookkeeping: each element's place follows
from the slot's length (those before the multifield count from the start, those
after it from the end), so, as in CLIPS, its nodes are single-field nodes: the
first element's, which checks the slot holds the single fields, and each other
element with a test of its own (a slot holding one untested multifield,
``(items $?all)``, has none: any value fits). ``(items ?x $?)`` and ``(items $? ?y)``
then share their one node, and a fact reaches their stop nodes in CLIPS's order.

A slot with several becomes one *enumerating* node per element that needs one: the
first (it also checks the slot is long enough), every element with a test of its
own, and every multifield (each tries its lengths, longest first; the last takes
what is left). Each way the slot's values can be shared among the elements is an
alpha match of its own, carrying the spans it chose: ``{place: ((start, end),
...)}``, one span per element, read back by the variables' places.
"""
from __future__ import annotations

from pyengine.engine.rete.alpha import NO_VALUE
from pyengine.engine.rete.constraints import Loc, as_check, conjuncts


def multifield_step(pc, elems, read_seq, place) -> None:
    """Add one node per kept element of a sequence slot to PatternCompiler ``pc``."""
    shape = tuple(e.multi for e in elems)
    many = sum(shape) > 1
    if not many:
        _one_multifield(pc, elems, read_seq, place, shape.index(True))
        return
    tests = []
    for j, elem in enumerate(elems):
        read = _reader(read_seq, place, j, elem.multi)
        here = Loc(pc.pos, read, place + (j,))
        alpha: list = []
        for c in conjuncts(elem.constraint):
            pc._constraint(c, here, alpha)
        tests.append(alpha)
    kept = [j for j in range(len(elems))
            if j == 0 or tests[j] or shape[j]]
    singles = shape.count(False)
    for n, j in enumerate(kept):
        checks = [as_check(a[1], pc.norm) for a in tests[j]]
        last = n == len(kept) - 1
        key = ("el", place, shape[:j + 1], shape[j + 1:].count(False), any(shape[j + 1:]),
               tuple(a[0] for a in tests[j]), last, singles if j == 0 else None)
        fn = _element_node(read_seq, place, shape, j, checks, last, singles if j == 0 else None)
        pc.out.steps.append((key, "enum", fn))


def _one_multifield(pc, elems, read_seq, place, m: int) -> None:
    """A slot with one multifield (element ``m``): every element's place follows from
    the slot's length (those before it count from the start, those after from the
    end, it takes what is between), so CLIPS gives it single-field nodes and no
    spans: the first element's, which also checks the slot holds the single fields
    (none to check when there are none), and each other element that has a test
    (a node reading the multifield reads what it took). Two such slots share their
    first node when only the check is there: ``(items ?x $?)``, ``(items $? ?y)``."""
    after = len(elems) - 1 - m
    steps = pc.out.steps
    before = len(steps)
    for j, elem in enumerate(elems):
        if j < m:
            mode, read = (), (lambda f, s, j=j: read_seq(f)[j])
        elif j == m:
            mode, read = ("mf", after), _middle(read_seq, m, after)
        else:
            mode, read = ("end", len(elems) - j), (lambda f, s, k=len(elems) - j: read_seq(f)[-k])
        pc._single(j, elem, place + ((j, mode) if mode else (j,)), read)
        if j == 0 and len(elems) > 1:
            singles = len(elems) - 1
            merge_check(steps, before, ("len>=", place, singles),
                        lambda f, s, n=singles: len(read_seq(f)) >= n)
    if len(steps) > before:
        mark_end(steps, before)


def _middle(read_seq, m: int, after: int):
    def read(fact, spans):
        seq = read_seq(fact)
        return tuple(seq[m:len(seq) - after])
    return read


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


def mark_end(steps: list, start: int) -> None:
    """The last node of a sequence slot is told apart (CLIPS's ``endSlot``)."""
    for i in range(len(steps) - 1, start - 1, -1):
        key, kind, fn = steps[i]
        if kind != "const":
            steps[i] = ((key, "end"), kind, fn)
            return


def merge_check(steps: list, at: int, ckey, check) -> None:
    """A length (or keys) check rides on the node of the slot's first field, as
    CLIPS's does; alone when that field has no test of its own."""
    if len(steps) == at:
        steps.append((ckey, "test", check))
        return
    key, kind, fn = steps[at]
    if kind == "select":
        steps[at] = ((key, ckey), "select",
                     lambda f, fn=fn: fn(f) if check(f, None) else NO_VALUE)
    elif kind == "test":
        steps[at] = ((key, ckey), "test", lambda f, s, fn=fn: check(f, s) and fn(f, s))
    else:
        steps.insert(at, (ckey, "test", check))
