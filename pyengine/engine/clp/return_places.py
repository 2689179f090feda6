"""Where CLIPS takes ``return``: as one of the actions of a rule or a deffunction, or of
a body those actions open (an ``if`` 's branches, a loop's body, ``progn``, a switch's
case, a query's actions), never inside a call's argument, however deep: CLIPS refuses
``(printout t (progn$ (?x ?l) (return ?x)))`` and ``(bind ?y (progn (return 1)))``
as it loads ([PRCDRPSR2]). Checked on the forms as read, before they are compiled."""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, Symbol
from pyengine.engine.clp.errors import ClpError
from pyengine.engine.clp.fact_forms import value_parts

MISPLACED = "[PRCDRPSR2] The return function is not valid in this context."

#: a form opening bodies: how many of its items (after its name) are arguments first
_OPENS = {"progn": 0, "while": 1, "loop-for-count": 1, "progn$": 1, "foreach": 2,
          "do-for-fact": 2, "do-for-all-facts": 2, "delayed-do-for-all-facts": 2}


def check_returns(items, in_actions: bool = True, templates=()) -> None:
    """ClpError at the first ``return`` that stands where CLIPS refuses it
    (``templates``: the deftemplates' names; a slot may be named ``return``)."""
    for item in items:
        _check(item, in_actions, templates)


def _check(item, in_actions: bool, templates) -> None:
    if not isinstance(item, Form) or not item:
        return
    if not isinstance(item[0], Symbol):     # a list such as a loop's (?i 1 N): arguments
        _args(item, templates)
        return
    head, rest = str(item[0]), list(item[1:])
    if head == "return" and not in_actions:
        raise ClpError(MISPLACED, getattr(item, "line", None))
    if head == "if":
        rest = [x for x in rest if x not in ("then", "else")]
        _args(rest[:1], templates)
        check_returns(rest[1:], in_actions, templates)
    elif head == "switch":
        _args(rest[:1], templates)
        for case in rest[1:]:
            if isinstance(case, Form) and case and case[0] == "case":
                _args(case[1:2], templates)
                check_returns([x for x in case[2:] if x != "then"], in_actions, templates)
            elif isinstance(case, Form) and case:
                check_returns(case[1:], in_actions, templates)
    elif head in _OPENS:
        n = _OPENS[head]
        _args(rest[:n], templates)
        check_returns([x for x in rest[n:] if x != "do"], in_actions, templates)
    else:
        _args(value_parts(head, rest, templates), templates)


def _args(items, templates) -> None:
    """Arguments: no ``return`` anywhere inside them."""
    check_returns(items, False, templates)
