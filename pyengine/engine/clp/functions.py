"""The function table: every CLIPS function and action pyengine runs, by name.

``BUILTINS`` maps a name to a :class:`~pyengine.engine.clp.expressions.Builtin`
``(min_args, max_args, impl, kind, args, returns)``; a
:class:`~pyengine.engine.clp.expressions.Scope` starts from a copy of it and adds the
program's deffunctions. ``ALLOWED_FUNCTIONS``
is the set of names, for any module that needs to know what pyengine's CLIPS subset
holds (a name not in it is refused when the program is compiled, with its line).

The table is put together from one module per family:

* :mod:`.functions_math`: ``+ - * / div mod abs min max float integer round sqrt **
  exp log log10 pi sin cos tan``; :mod:`.functions_trig`: the other trigonometric and
  hyperbolic functions (``asin ... acoth``, ``atan2``) and ``deg-grad deg-rad
  grad-deg rad-deg``;
* :mod:`.functions_logic`: ``and or not``, the comparisons ``eq neq = <> != < <= >
  >=``, ``type`` and the type predicates ``numberp integerp floatp symbolp stringp
  lexemep multifieldp evenp oddp``;
* :mod:`.functions_text`: ``str-cat sym-cat str-length str-byte-length str-index
  sub-string str-replace upcase lowcase str-compare string-to-field explode$
  implode$``, and ``format`` (:mod:`.functions_format`);
* :mod:`.functions_multi`: ``create$ nth$ length$ member$ subseq$ first$ rest$
  insert$ delete$ replace$ subsetp``; :mod:`.functions_sets`: ``union$
  intersection$ difference$ delete-member$ replace-member$``; :mod:`.functions_sort`:
  ``sort``;
* :mod:`.functions_facts`: ``fact-index fact-slot-value fact-existp random gensym
  gensym*``; :mod:`.functions_constructs`: ``get-defrule-list`` and the other
  ``get-...-list`` s; :mod:`.functions_engine`: ``get-/set-salience-evaluation
  refresh-agenda get-/set-fact-duplication get-fact-list assert-string dependencies
  dependents``;
* the actions, which are special forms: :mod:`.actions` (``bind if progn switch
  return``), :mod:`.actions_loops` (``while loop-for-count progn$ foreach break``),
  :mod:`.actions_facts` (``assert retract modify duplicate``), :mod:`.actions_io`
  (``printout print println read readline halt``), :mod:`.actions_focus` (``focus``
  and the focus stack), :mod:`.actions_query` (the
  fact-set queries ``any-factp find-fact find-all-facts do-for-fact do-for-all-facts
  delayed-do-for-all-facts``).
"""
from __future__ import annotations

import pyengine.engine.clp.actions as actions
import pyengine.engine.clp.actions_facts as actions_facts
import pyengine.engine.clp.actions_focus as actions_focus
import pyengine.engine.clp.actions_io as actions_io
import pyengine.engine.clp.actions_loops as actions_loops
import pyengine.engine.clp.actions_query as actions_query
import pyengine.engine.clp.functions_constructs as functions_constructs
import pyengine.engine.clp.functions_deftemplate as functions_deftemplate
import pyengine.engine.clp.functions_engine as functions_engine
import pyengine.engine.clp.functions_facts as functions_facts
import pyengine.engine.clp.functions_logic as functions_logic
import pyengine.engine.clp.functions_math as functions_math
import pyengine.engine.clp.functions_multi as functions_multi
import pyengine.engine.clp.functions_sets as functions_sets
import pyengine.engine.clp.functions_sort as functions_sort
import pyengine.engine.clp.functions_text as functions_text
import pyengine.engine.clp.functions_trig as functions_trig
from pyengine.engine.clp.expressions import BUILTINS

for _module in (functions_math, functions_trig, functions_logic, functions_text,
                functions_multi, functions_sets, functions_sort, functions_facts,
                functions_deftemplate, functions_constructs, functions_engine, actions,
                actions_loops, actions_facts, actions_io, actions_focus, actions_query):
    BUILTINS.update(_module.TABLE)

#: Every function and action name pyengine's CLIPS subset holds.
ALLOWED_FUNCTIONS: frozenset[str] = frozenset(BUILTINS)
