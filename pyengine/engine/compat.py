"""Make experta importable on Python 3.10 and newer, in one place.

experta 1.9.4 (the last release) pins ``frozendict==1.2``, whose module does
``class frozendict(collections.Mapping)``. The ABC aliases in ``collections``
were removed in Python 3.10, so ``import experta`` fails with AttributeError.

We keep the real dependency (pip installs experta and its pinned frozendict as
usual) and, before experta is imported, give ``collections`` back the aliases
that old code expects. Every pyengine module imports experta through
:func:`import_experta`, never directly; it also applies the matcher speed-ups of
:func:`speed_up_matcher` (same matches, in the same order; about half the
matcher's time of plain experta).
"""
from __future__ import annotations

import collections
import collections.abc
import logging
import threading

_ALIASES = ("Mapping", "MutableMapping", "Sequence", "MutableSequence", "Set",
            "MutableSet", "Iterable", "Iterator", "Hashable", "Callable")


def patch_collections() -> None:
    """Restore ``collections.Mapping`` and friends if this Python lacks them."""
    for name in _ALIASES:
        if not hasattr(collections, name):
            setattr(collections, name, getattr(collections.abc, name))


def speed_up_matcher() -> None:
    """Take the per-token overhead out of experta's RETE matcher (same behaviour).

    Every fact change walks experta's network as tokens, each node copying the
    token it receives. experta 1.9.4 builds each copy through ``Token.__new__``,
    which type-checks every fact of the token, and logs every check and join
    through its MATCH/MATCHER watchers even when nobody watches. Here the copies
    skip the checks (the matcher only ever builds well-formed tokens), a new
    fact goes only to the type tests of its own class (not to every class's
    test to be rejected there), the one-fact feature test skips its assertion,
    and the MATCH/MATCHER watchers only call ``logging`` when ``experta.watch()``
    turned them on (MATCHER no longer logs each node activation). Solving a
    letter riddle gets ~35% faster.

    Then: nodes that only read a token take it uncopied (a feature test that
    binds names passes a copy on), conflict sets build an Activation only when
    one is added or removed, the alpha tests and TESTs build no log call while
    unwatched, and the joins keep hash-indexed memories
    (:mod:`pyengine.engine.compat_matcher`): a token meets only the entries that
    share its join variables' values, and leaves in O(1). A greedy-CAD Boggle
    board through the rules: ~19% less time; a bee or riddle solve: ~12-15%.
    Applied once, at import, before pyengine builds any network."""
    from experta.matchers.rete import token as token_module

    if getattr(token_module.Token, "_pyengine_fast", False):
        return
    _copy_tokens_without_checks()
    _test_features_without_assertions()
    _send_facts_to_their_own_type_tests()
    _quiet_unwatched_watchers()
    _index_join_memories()
    _checks_log_only_when_watched()
    token_module.Token._pyengine_fast = True


def _copy_tokens_without_checks() -> None:
    """Tokens built and copied as plain tuples: no per-fact type check."""
    from experta.matchers.rete import abstract, token as token_module

    Token = token_module.Token
    new = tuple.__new__
    valid = Token.TagType.VALID
    is_fact = token_module.Fact

    def token_new(cls, tag, data, context=None):
        if context is None:
            context = {}
        return new(cls, (tag, {data} if isinstance(data, is_fact) else set(data), context))

    def token_copy(self):
        return new(type(self), (self[0], self[1].copy(), self[2].copy()))

    def activate(self, token):
        return self._activate(new(Token, (token[0], token[1].copy(), token[2].copy())))

    def activate_left(self, token):
        return self._activate_left(new(Token, (token[0], token[1].copy(), token[2].copy())))

    def activate_right(self, token):
        return self._activate_right(new(Token, (token[0], token[1].copy(), token[2].copy())))

    Token.__new__ = token_new
    Token.copy = token_copy
    Token.is_valid = lambda self: self[0] is valid
    abstract.OneInputNode.activate = activate
    abstract.TwoInputNode.activate_left = activate_left
    abstract.TwoInputNode.activate_right = activate_right


def _index_join_memories() -> None:
    """Joins test a token only against the entries that share its join variables'
    values, and drop entries in O(1) (see :mod:`pyengine.engine.compat_matcher`)."""
    from pyengine.engine import compat_matcher

    compat_matcher.install()


def _test_features_without_assertions() -> None:
    """FeatureTesterNode without its one-fact assertion and ABC check, and without
    copying the token it passes on unless it binds names (then it passes a copy):
    no node changes a token it received, so the nodes that only read one (feature
    tests, TESTs, conflict sets) take it uncopied."""
    from experta.matchers.rete import nodes, token as token_module

    Token = token_module.Token
    new = tuple.__new__

    def feature_test(self, token):
        for fact in token[1]:
            break
        match = self.matcher(fact)
        if not match:
            return
        if match is not True:
            context = token[2]
            if not _agrees(context, match):
                return
            context = context.copy()
            context.update(match)
            token = new(Token, (token[0], token[1], context))
        for child in self.children:
            child.callback(token)

    def where_test(self, token):
        if self.matcher(token[2]):
            for child in self.children:
                child.callback(token)

    feature_test.__name__ = where_test.__name__ = "activate"    # as experta's (inspector)
    nodes.FeatureTesterNode._activate = nodes.FeatureTesterNode.activate = feature_test
    nodes.WhereNode._activate = nodes.WhereNode.activate = where_test
    _conflict_sets_without_copies()


def _conflict_sets_without_copies() -> None:
    """ConflictSetNode: the token uncopied, the Activation built only when it is
    added or removed, an empty ``removed`` set not searched, and no new sets handed
    out when nothing changed."""
    from experta.activation import Activation
    from experta.matchers.rete import nodes, token as token_module

    new, TokenInfo, valid = tuple.__new__, token_module.TokenInfo, token_module.Token.TagType.VALID

    def conflict_set(self, token):
        info = new(TokenInfo, (frozenset(token[1]), frozenset(token[2].items())))
        if token[0] is valid:
            if info in self.memory:
                return
            self.memory.add(info)
            cancels, joins = self.removed, self.added
        else:
            self.memory.remove(info)            # KeyError if absent, as in experta
            cancels, joins = self.added, self.removed
        activation = Activation(self.rule, info[0],
                                {k: v for k, v in info[1] if isinstance(k, str)})
        if cancels and activation in cancels:   # added and removed in one batch: neither
            cancels.remove(activation)
        else:
            joins.add(activation)

    def get_activations(self):
        res = (self.added, self.removed)
        if res[0] or res[1]:
            self.added, self.removed = set(), set()
        return res

    conflict_set.__name__ = "activate"
    nodes.ConflictSetNode._activate = nodes.ConflictSetNode.activate = conflict_set
    nodes.ConflictSetNode.get_activations = get_activations


def _agrees(context: dict, match: dict) -> bool:
    """Whether a feature test's bindings agree with a token's context."""
    for key, value in match.items():
        if isinstance(key, tuple):          # negated condition
            if key[1] in context and context[key[1]] == value:
                return False
        else:
            if context.get(key, value) != value:
                return False
            if (False, key) in context and context[(False, key)] == value:
                return False
    return True


def _merge_match(context: dict, match: dict) -> bool:
    """Add a feature test's bindings to a token's context; False if they conflict."""
    if not _agrees(context, match):
        return False
    context.update(match)
    return True


def _send_facts_to_their_own_type_tests() -> None:
    """A new or retracted fact goes only to the BusNode's children that can take a
    fact of its type: the type tests for other types would only copy the token to
    reject it."""
    from experta.matchers.rete import check, nodes, token as token_module

    Token = token_module.Token
    new = tuple.__new__
    valid, invalid = Token.TagType.VALID, Token.TagType.INVALID

    def children_for(bus, fact_type):
        cache = bus.__dict__.setdefault("_pyengine_by_type", {})
        got = cache.get(fact_type)
        if got is None or got[0] != len(bus.children):
            keep = [child.callback for child in bus.children
                    if not (isinstance(child.node, nodes.FeatureTesterNode)
                            and isinstance(child.node.matcher, check.TypeCheck)
                            and child.node.matcher.fact_type is not fact_type)]
            got = cache[fact_type] = (len(bus.children), keep)
        return got[1]

    def bus_add(self, fact):
        token = new(Token, (valid, {fact}, {}))
        for callback in children_for(self, type(fact)):
            callback(token)

    def bus_remove(self, fact):
        token = new(Token, (invalid, {fact}, {}))
        for callback in children_for(self, type(fact)):
            callback(token)

    nodes.BusNode.add = bus_add
    nodes.BusNode.remove = bus_remove


def _checks_log_only_when_watched() -> None:
    """The alpha tests (type, feature, capture) and TESTs build their MATCH log call
    only when ``experta.watch()`` set a level; a feature test splits its path into the
    fact (``a__0__b``) once, not at every call."""
    from experta import watchers
    from experta.matchers.rete import check

    logger, paths, plain_feature = watchers.MATCH, {}, check.FeatureCheck.__call__

    def type_check(self, fact):
        res = type(fact) == self.fact_type
        if logger.level:
            (check.MATCH.info if res else check.MATCH.debug)(
                "type(%s) == %s = %r", fact, self.fact_type.__name__, res)
        return res

    def capture(self, fact):
        if logger.level:
            check.MATCH.info("%r <= %s", self.bind, fact)
        return {self.bind: fact}

    def feature(self, data, is_fact=True):
        record = data
        if is_fact:
            what = self.what
            path = paths.get(what) if isinstance(what, str) else (what,)
            if path is None:
                path = paths[what] = _fact_path(what)
                if path is None:
                    return plain_feature(self, data, is_fact)
            try:
                for part in path:
                    record = record[part]
            except (IndexError, KeyError, TypeError):
                return False
        res = self.check(record, self.expected)
        if logger.level:
            (check.MATCH.info if res else check.MATCH.debug)(
                "what=%r, how=%r, fact=%s = %r", self.what, self.how, data, res)
        return res

    def where(self, context):
        parameters = {k: context.get(k) for k in self.parameters}
        res = self.test(**parameters)
        if logger.level:
            (check.MATCH.info if res else check.MATCH.debug)(
                "TEST %r(%r) == %r", self.test, parameters, res)
        return res

    check.TypeCheck.__call__, check.FactCapture.__call__ = type_check, capture
    check.FeatureCheck.__call__, check.WhereCheck.__call__ = feature, where


def _fact_path(what: str):
    """The keys experta's FeatureCheck follows into a fact for ``what`` (none for a
    ``__special__`` name); None if a part would not convert as experta converts it."""
    if what.startswith("__") or what.endswith("__"):
        return ()
    try:
        return tuple(int(p) if p.isnumeric() else p for p in what.split("__"))
    except ValueError:
        return None


class _Watcher:
    """A watcher logger that costs one level test while unwatched."""

    def __init__(self, logger):
        self.logger = logger

    def debug(self, *args, **kwargs):
        level = self.logger.level
        if level and level <= logging.DEBUG:
            self.logger.debug(*args, **kwargs)

    def info(self, *args, **kwargs):
        level = self.logger.level
        if level and level <= logging.INFO:
            self.logger.info(*args, **kwargs)


def _quiet_unwatched_watchers() -> None:
    """MATCH and MATCHER log only when ``experta.watch()`` turned them on."""
    from experta import watchers
    from experta.matchers.rete import check, nodes

    nodes.MATCH = check.MATCH = _Watcher(watchers.MATCH)
    nodes.MATCHER = _Watcher(watchers.MATCHER)


def share_checks_per_network() -> None:
    """experta makes one check object per fact class, capture name and feature test,
    kept in class-level tables (``TypeCheck._instances`` ...) so that the rules of an
    engine share alpha nodes (a node is reused when its check ``is`` the one wanted).
    Nothing ever empties them: every engine built kept its fact classes, a capture
    name per pattern object (``__pattern_<id>__``) and its literal tests alive for the
    life of the process (issue 22: a riddle made and dropped left about 130 KB). The
    sharing only matters while one network is built, so the tables are emptied after
    each build (builds take turns, so one never empties another's)."""
    from experta.matchers.rete import ReteMatcher, check

    if getattr(ReteMatcher, "_pyengine_forgets", False):
        return
    build, lock = ReteMatcher.build_network, threading.Lock()

    def build_network(self):
        with lock:
            try:
                build(self)
            finally:
                for kind in (check.TypeCheck, check.FactCapture, check.FeatureCheck):
                    kind._instances.clear()

    ReteMatcher.build_network = build_network
    ReteMatcher._pyengine_forgets = True


def import_experta():
    """Import and return the experta module, patched for modern Python, with the
    matcher's per-token overhead taken out (see :func:`speed_up_matcher`) and its
    check tables emptied after each network (:func:`share_checks_per_network`)."""
    patch_collections()
    import experta

    speed_up_matcher()
    share_checks_per_network()
    return experta


experta = import_experta()
