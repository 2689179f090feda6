"""Multifield patterns: ``(list $?before ?x&:(> ?x 2) $?after)``.

A slot whose constraints include ``$?`` elements is one pattern node that tries
every way to share the slot's values among the elements, the first multifield
longest first (CLIPS's order), keeping the ways whose fact-only tests hold. Each
way is an alpha match of its own, carrying the spans it chose: ``{place: ((start,
end), ...)}``, one span per element, read back by the variables' places.
"""
from __future__ import annotations


def multifield_step(pc, elems, read_seq, place) -> None:
    """Add the enumerating node for one sequence slot to PatternCompiler ``pc``."""
    checks: list = []
    keys: list = []
    for j, elem in enumerate(elems):
        read = _reader(read_seq, place, j, elem.multi)
        from pyengine.engine.rete.patterns import Loc, _conjuncts
        here = Loc(pc.pos, read, place + (j,))
        alpha: list = []
        for c in _conjuncts(elem.constraint):
            pc._constraint(c, here, alpha)
        keys.append((elem.multi, tuple(a[0] for a in alpha)))
        checks.append((read, [_as_check(a[1], pc.norm) for a in alpha]))
    shape = tuple(e.multi for e in elems)

    def enum(fact, spans):
        seq = read_seq(fact)
        for found in _ways(shape, len(seq)):
            new = dict(spans) if spans else {}
            new[place] = found
            if all(_holds(read, tests, fact, new) for read, tests in checks):
                yield new
    pc.out.steps.append((("enum", place, tuple(keys)), "enum", enum))


def _ways(shape: tuple, length: int):
    """Every split of ``length`` values among the elements (True: multifield)."""
    singles = sum(1 for m in shape if not m)
    if singles > length:
        return

    def go(i: int, at: int, acc: list):
        if i == len(shape):
            if at == length:
                yield tuple(acc)
            return
        if not shape[i]:
            acc.append((at, at + 1))
            yield from go(i + 1, at + 1, acc)
            acc.pop()
            return
        rest_singles = sum(1 for m in shape[i + 1:] if not m)
        last_multi = not any(shape[i + 1:])
        most = length - at - rest_singles
        sizes = [most] if last_multi else range(most, -1, -1)     # CLIPS: longest first
        for size in sizes:
            if size < 0:
                continue
            acc.append((at, at + size))
            yield from go(i + 1, at + size, acc)
            acc.pop()
    yield from go(0, 0, [])


def _reader(read_seq, place, j: int, multi: bool):
    if multi:
        def read(fact, spans):
            a, b = spans[place][j]
            return tuple(read_seq(fact)[a:b])
    else:
        def read(fact, spans):
            return read_seq(fact)[spans[place][j][0]]
    return read


def _as_check(check, norm):
    if isinstance(check, tuple):            # ("const", normalized value)
        value = check[1]
        return lambda v, f=None, s=None: norm(v) == value
    if getattr(check, "needs_fact", False):
        return check
    return lambda v, f=None, s=None: check(v)


def _holds(read, tests, fact, spans) -> bool:
    if not tests:
        return True
    value = read(fact, spans)
    return all(t(value, fact, spans) for t in tests)
