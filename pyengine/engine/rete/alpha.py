"""The pattern network (Rete's alpha network), laid out as CLIPS 6.4 lays it out.

Each template has a tree of pattern nodes. A node tests one field of a fact (a
constant, a comparison with another field of the same fact, a predicate on the
fact's own values); a fact walks the tree depth first and, at every *stop node*
it reaches, becomes an *alpha match* stored in that node's memory and sent to the
joins the node feeds. CLIPS's layout decides the order in which one fact reaches
several patterns, so it is copied here:

* a pattern's nodes come in slot order; a field with no test has no node;
* a node is shared when the same test on the same field is already there at that
  level; otherwise the new node becomes the *first* of its level (newest first);
* a constant test is a *selector* node (the field's value looks up the child for
  that constant, so only one constant is ever tried);
* an ordered fact's length check rides on its first node;
* the last field's nodes (a selector and its constant both) also carry the
  pattern's *hash key* (the fields the joins compare with earlier variables):
  patterns hashed differently keep apart;
* a stop node is processed before the nodes below it; the joins it feeds are
  entered newest first (:mod:`pyengine.engine.rete.joins`).

A multislot with ``$?`` elements is one node that enumerates every way to split
the slot's values among its elements (longest first, as CLIPS), each a separate
alpha match with the spans it chose.
"""
from __future__ import annotations

_NO = object()


class Slotted:
    """Objects with ``__slots__`` that a snapshot can deep-copy."""

    __slots__ = ()

    def __getstate__(self):
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setstate__(self, state):
        for name, value in zip(self.__slots__, state):
            setattr(self, name, value)


class AlphaMatch(Slotted):
    """One fact matching one pattern (with the spans its multifields took): the
    partial matches built on it, and the left tokens it blocks in ``not`` joins."""

    __slots__ = ("fact", "spans", "node", "children", "blocked", "key", "copies")

    def __init__(self, fact, spans, node, key):
        self.fact = fact
        self.spans = spans          # None, or {slot key: ((start, end), ...) per element}
        self.node = node
        self.children = None        # tokens that joined this match on their right (a dict)
        self.blocked = None         # (join, left token) it blocks, in the order blocked
        self.key = key              # the node's hash key of this match
        # a match a token may join twice (its node feeds two joins of one rule's way):
        # each (token, join after the token's own) made on it, in the order CLIPS makes
        # its partial matches' copies (a dict, the order a retraction takes them back:
        # retract.drop_copies_of)
        self.copies = {} if node.track else None


class AlphaNode(Slotted):
    """A pattern node: ``test(fact)`` (None: none), or a selector (``select(fact)``
    gives the value whose child is taken), or a multifield enumerator."""

    __slots__ = ("key", "test", "select", "consts", "enum", "children", "stop",
                 "memory", "joins", "hash", "count", "track")

    def __init__(self, key, test=None, select=None, enum=None):
        self.key = key
        self.test = test
        self.select = select
        self.consts: dict | None = {} if select is not None else None   # value -> nodes
        self.enum = enum
        self.children: list[AlphaNode] = []     # newest first
        self.stop = False
        self.memory: dict = {}                  # hash key -> {AlphaMatch: None}
        self.joins: list = []                   # the joins it feeds, oldest first
        self.hash = None                        # AlphaMatch -> hash key (stop nodes)
        self.count = 0
        self.track = False                      # one token may join two of its matches

    def add_child(self, node: "AlphaNode") -> "AlphaNode":
        self.children.insert(0, node)
        return node

    def find(self, key) -> "AlphaNode | None":
        for child in self.children:
            if child.key == key:
                return child
        return None


class PatternNetwork:
    """The pattern trees of every template: facts in, alpha matches out."""

    def __init__(self):
        self.roots: dict = {}       # template -> AlphaNode (a test-less root)
        self.nodes: list[AlphaNode] = []    # every node, for clear()

    def root(self, template) -> AlphaNode:
        node = self.roots.get(template)
        if node is None:
            node = self.roots[template] = AlphaNode(("root",))
        return node

    def clear(self) -> None:
        """Empty every alpha memory (a reset)."""
        for node in self.nodes:
            node.memory = {}

    def place(self, template, steps: list, hash_key) -> AlphaNode:
        """Add a pattern's nodes (``steps``: ``(key, kind, fn)`` in field order, kind
        ``test``, ``select`` (then a ``const`` step follows) or ``enum``) and return its
        stop node. The stop node is shared only with a pattern of the same tests and
        the same hash key."""
        level = self.root(template)
        steps = list(steps)
        if not steps:
            steps = [(("top",), "test", None)]
        # The hash key rides on the last field's nodes: its selector too (CLIPS: a
        # selector and its constant come from one field and share its rightHash).
        last = len(steps) - 1
        if steps[last][1] == "const":
            last -= 1
        for i, (key, kind, fn) in enumerate(steps):
            full = (key, hash_key) if i >= last and hash_key else key   # CLIPS: NULL hash
            if kind == "const":
                same = level.consts.setdefault(fn, [])
                child = next((c for c in same if c.key == ("const", full)), None)
                if child is None:
                    child = AlphaNode(("const", full))
                    same.insert(0, child)
                    self.nodes.append(child)
                level = child
                continue
            node = level.find(full)
            if node is None:
                node = level.add_child(AlphaNode(
                    full, test=fn if kind == "test" else None,
                    select=fn if kind == "select" else None,
                    enum=fn if kind == "enum" else None))
                self.nodes.append(node)
            level = node
        level.stop = True
        return level

    def matches(self, fact) -> list:
        """Every (stop node, spans) the fact reaches, in CLIPS's order."""
        root = self.roots.get(type(fact))
        out: list = []
        if root is not None:
            _walk(root.children, fact, None, out)
        return out


def _walk(nodes: list, fact, spans, out: list) -> None:
    for node in nodes:
        if node.select is not None:
            try:
                value = node.select(fact)
            except (KeyError, IndexError, TypeError):
                continue
            if value is _NO:
                continue
            for child in node.consts.get(value, ()):
                if child.stop:
                    out.append((child, spans))
                if child.children:
                    _walk(child.children, fact, spans, out)
        elif node.enum is not None:
            for found in node.enum(fact, spans):
                if node.stop:
                    out.append((node, found))
                if node.children:
                    _walk(node.children, fact, found, out)
        else:
            test = node.test
            if test is not None:
                try:
                    if not test(fact, spans):
                        continue
                except (KeyError, IndexError, TypeError):
                    continue
            if node.stop:
                out.append((node, spans))
            if node.children:
                _walk(node.children, fact, spans, out)


NO_VALUE = _NO
