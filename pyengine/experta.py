"""experta, importable in any order: ``from pyengine.experta import KnowledgeEngine, Rule, Fact``.

experta 1.9.4 (its last release) pins ``frozendict 1.2``, which fails on Python 3.10
and newer with ``module 'collections' has no attribute 'Mapping'``. pyengine
repairs that in :mod:`pyengine.engine.compat`, but only when pyengine is imported
first. A student's rule file that starts ``from experta import ...`` breaks when
it is the first thing Python imports; this module makes the repair first and
then hands over experta's public names, so a rule file written as::

    from pyengine.experta import KnowledgeEngine, Rule, Fact, MATCH, NOT

works whatever was imported before it (plain ``from experta import ...`` then
also works, once this module or any part of pyengine's engine has run).
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (repairs, then imports experta)

from experta import (AND, AS, EXISTS, FORALL, L, MATCH, NOT, OR, P, TEST, W,  # noqa: E402
                     DefFacts, Fact, Field, InitialFact, KnowledgeEngine, Rule, unwatch,
                     watch)
from experta.operator import (BETWEEN, CALL, CONTAINS, EQ, GE, GT, ILIKE, IS,  # noqa: E402
                              IS_NOT, LE, LIKE, LT, NE, REGEX, TRUTH)

__all__ = ["KnowledgeEngine", "Rule", "Fact", "Field", "InitialFact", "DefFacts",
           "MATCH", "AS", "W", "L", "P", "TEST", "NOT", "OR", "AND", "EXISTS", "FORALL",
           "watch", "unwatch",
           "TRUTH", "LT", "LE", "EQ", "NE", "GE", "GT", "IS", "IS_NOT", "CONTAINS",
           "BETWEEN", "CALL", "REGEX", "LIKE", "ILIKE"]
