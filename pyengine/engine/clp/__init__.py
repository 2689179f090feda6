"""pyengine's own evaluator of CLIPS expressions and right-hand-side actions.

:mod:`.values` (runtime values and how CLIPS prints them), :mod:`.expressions`
(compiling an expression once into a Python closure), :mod:`.functions` (the builtin
table), :mod:`.actions` (rule actions, deffunctions, defglobals), :mod:`.host` (what
the actions ask of the engine)."""

import pyengine.engine.clp.functions  # noqa: E402,F401  (fills the builtin table)
