"""A partial match taken out, with everything built on it, in CLIPS 6.4's order (its
retract.c): what a retraction, a ``not`` that becomes blocked and a reset take back.

CLIPS keeps a copy of a partial match per join (or rule) after the one that made it,
and a retracted fact's alpha match lists every copy made on it, the newest first; it
takes them back in that order, each after what was built on it (its own copies,
newest first, the oldest join's first). A token here is one partial match with its
copies as the joins after its own that hold it. Where a token may join one match
twice (its pattern node feeds two joins on one rule's way: ``(c ?x ?y) (c ? ?)``),
what a copy drives on may be built on the same match again: such a match keeps its
copies (:attr:`~pyengine.engine.rete.alpha.AlphaMatch.copies`) and they are taken
back one by one.
"""
from __future__ import annotations

def drop(tok) -> None:
    """Take a token out with everything built on it, in CLIPS's order. CLIPS keeps a
    copy of a partial match per join (or rule) after the one that made it, the oldest
    join's first; each goes with what was built on it, newest first, each (with its
    own) before the copy. (A token made on a match that keeps its copies is taken out
    copy by copy: :func:`drop_copy`.)"""
    right = tok.right
    if right is not None and right.copies is not None:
        for child in tok.node.children:
            if (tok, child) in right.copies:
                drop_copy(tok, child)
        return
    if tok.dead:
        return
    tok.dead = True
    kids = tok.children
    tok.children = None             # its tokens need not take themselves out of it
    node = tok.node
    node.out.pop(tok, None)
    for child in node.children:
        if kids:
            for sub in reversed(kids):
                if sub.node is child and not sub.dead:
                    drop(sub)
        child.left_remove(tok)
        if tok.deps:                # the facts supported through this copy
            node.net.on_unsupported(tok, child)
    _unlink(tok)


def drop_copy(tok, child) -> None:
    """One copy of a token made on a match that keeps its copies (the one in ``child``, a
    join after the token's own): what was built on it, newest first, then the copy;
    the token goes with its last copy."""
    tok.dead = True
    kids = tok.children
    if kids:
        for sub in reversed(list(kids)):
            if sub.node is child:
                drop(sub)
    child.left_remove(tok)
    if tok.deps:
        tok.node.net.on_unsupported(tok, child)
    copies = tok.right.copies
    copies.pop((tok, child), None)
    if any((tok, c) in copies for c in tok.node.children):
        return
    tok.children = None
    tok.node.out.pop(tok, None)
    _unlink(tok)


def drop_copies_of(am) -> list:
    """A leaving match a token may join twice: the copies made on it, newest first,
    as CLIPS takes a retracted fact's partial matches back (the list of them it keeps
    per alpha match); a copy taken with what an earlier one built is not there to
    take. The tokens of the copies taken here (CLIPS unlinks them)."""
    taken = []
    for tok, child in reversed(list(am.copies)):
        if (tok, child) in am.copies:
            drop_copy(tok, child)
            taken.append(tok)
    return taken


def _unlink(tok) -> None:
    parent = tok.parent
    if parent is not None and parent.children:
        parent.children.pop(tok, None)
    right = tok.right
    if right is not None and right.children:
        right.children.pop(tok, None)
