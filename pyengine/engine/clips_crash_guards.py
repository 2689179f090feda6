"""What a program from the page may not do on CLIPS because CLIPS 6.4 itself crashes
on it (a segmentation fault, a double free, a division trap): each found by a hostile
student with a program the allow-list took (:mod:`pyengine.engine.clips_allow` calls
these for the CLIPS engine; ours runs such programs and says their errors).

* a fact changed while CLIPS matches or builds a fact: ``assert``, ``retract``,
  ``modify``, ``duplicate``, ``assert-string`` or a query's action in a rule's
  conditions (``(test ...)``, ``:(...)``, ``=(...)``), in a deftemplate's default, a
  deffacts or a defglobal, directly or through the program's deffunctions
  (``(t (x ?x&:(modify ?f (x 9))))`` corrupts CLIPS's heap); and
  ``deftemplate-slot-default-value`` in a deftemplate (a default that asks for itself
  recurses in C, where the depth guard does not count);
* a query over more than :data:`MOST_QUERY_FACTS` facts at once (each level of a
  recursion through ``do-for-fact`` with a thousand fact variables takes so much C
  stack that it overflows before the guard's 10,000 calls);
* ``duplicate`` giving a slot a value that may be a multifield (CLIPS puts it in a
  single slot and crashes; ``modify`` says so): its new values must be constants,
  the rule's single-field variables or calls that give one value;
* ``random`` over the whole 64-bit range (its size overflows to 0, and CLIPS divides
  by it): :func:`guard_random` has each call go through a deffunction that narrows
  that one range by one.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import GROUP_CES, Form, Symbol, Variable, arrow_index, tokens
from pyengine.engine.rete.clips_rewrites import Addressed, units

#: functions that change the fact base
CHANGES = frozenset("""assert retract modify duplicate assert-string do-for-fact
    do-for-all-facts delayed-do-for-all-facts""".split())
#: fact variables one query binds at most
MOST_QUERY_FACTS = 8
QUERIES = frozenset("""any-factp find-fact find-all-facts do-for-fact do-for-all-facts
    delayed-do-for-all-facts""".split())
RANDOM_GUARD = "pyengine-random"
_GUARD = (f"(deffunction {RANDOM_GUARD} ($?b) (if (and (= (length$ ?b) 2) "
          "(eq (nth$ 1 ?b) -9223372036854775808) (eq (nth$ 2 ?b) 9223372036854775807)) "
          "then (random -9223372036854775807 9223372036854775807) "
          "else (random (expand$ ?b)))) ")


class Crashes(Exception):
    """A construct CLIPS would crash on: ``message`` and the form it is about."""

    def __init__(self, message: str, form) -> None:
        super().__init__(message)
        self.form = form


def check(forms: list) -> None:
    """Crashes for the first form of the program (read) that CLIPS would crash on."""
    changing = _changing_functions(forms)
    multislots = _multislots(forms)
    for form in forms:
        if not isinstance(form, Form) or not form:
            continue
        head = str(form[0])
        if head == "defrule":
            arrow = _arrow(form)            # (the conditions: form[2:arrow])
            _no_changes(form[2:arrow], changing, "in a rule's conditions")
            _no_global_binds(form[2:arrow])
            _duplicates(form[arrow + 1:], _single_variables(form[2:arrow]),
                        _multislots_of(form[2:arrow], multislots))
        elif head in ("deftemplate", "deffacts", "defglobal"):
            _no_changes(form[1:], changing | ({"deftemplate-slot-default-value"}
                                              if head == "deftemplate" else set()),
                        f"in a {head}")
        elif head == "deffunction":             # a parameter may hold a multifield
            _duplicates(form[2:], set())
        for item in _calls(form):
            if str(item[0]) in QUERIES and len(item) > 1 and isinstance(item[1], Form) \
                    and len(item[1]) > MOST_QUERY_FACTS:
                raise Crashes(f"({item[0]} ...) binds more than {MOST_QUERY_FACTS} facts at "
                              "once (CLIPS's stack would not hold it in a recursion)", item)


def guard_random(text: str, forms: list) -> str:
    """``text`` with each call of ``random`` made through the guard deffunction, put
    before the program on its first line (lines keep their numbers); the text as it
    is when the program has no such call."""
    if not any(str(c[0]) == "random" for f in forms if isinstance(f, Form)
               for c in _calls(f)):
        return text
    named = _fact_named_random(forms)
    if named is not None:
        raise Crashes("a fact or template named random: random is a function here, and "
                      "its calls go through a guard; name the relation otherwise", named)
    out, end, before = [], 0, None
    for tok in tokens(text, comments=True):
        if tok.kind == "comment":
            continue
        if tok.kind == "symbol" and tok.text == "random" and before == "open":
            out += [text[end:tok.offset], RANDOM_GUARD]
            end = tok.offset + len(tok.text)
        before = tok.kind
    return _GUARD + "".join(out) + text[end:]


def _arrow(rule) -> int:
    """Where a defrule's ``=>`` is (its end without one)."""
    at = arrow_index(rule)
    return len(rule) if at is None else at


def _multislots(forms: list) -> dict[str, set]:
    """Each template's multislots, by its name without a module; a name two modules
    give a template has none here (which one a rule means is the module's to say)."""
    out: dict[str, set] = {}
    seen: set[str] = set()
    for f in forms:
        if isinstance(f, Form) and len(f) > 1 and f[0] == "deftemplate":
            name = str(f[1]).split("::")[-1]
            out[name] = set() if name in seen else {
                str(s[1]) for s in f[2:] if isinstance(s, Form) and len(s) > 1
                and s[0] == "multislot"}
            seen.add(name)
    return out


def _no_global_binds(lhs) -> None:
    """A global bound in a rule's conditions (``(test (bind ?*g* 1))``): CLIPS's data
    come apart (EVALUATN3, then a crash)."""
    for item in lhs:
        if isinstance(item, Form):
            for call in _calls(item):
                if call[0] == "bind" and len(call) > 1 and isinstance(call[1], Variable) \
                        and call[1].is_global:
                    raise Crashes(f"(bind {call[1]} ...) in a rule's conditions: CLIPS's "
                                  "data come apart when a global changes while it matches; "
                                  "bind it in a rule's actions", call)


def _fact_named_random(forms: list):
    """A template, a deffacts fact, a rule's pattern or an asserted fact named
    ``random`` (the guard renames calls by their head, and would rename it too)."""
    for f in forms:
        if not isinstance(f, Form) or len(f) < 2:
            continue
        head = str(f[0])
        if head == "deftemplate" and str(f[1]).split("::")[-1] == "random":
            return f
        found = [x for x in f[2:] if isinstance(x, Form)] if head == "deffacts" else []
        if head == "defrule":
            stack = list(f[2:_arrow(f)])
            while stack:
                ce = stack.pop()
                if isinstance(ce, Form) and ce and str(ce[0]) in GROUP_CES:
                    stack.extend(ce[1:])
                elif isinstance(ce, Form):
                    found.append(ce)
        found += [fact for c in _calls(f) if c[0] == "assert" for fact in c[1:]
                  if isinstance(fact, Form)]
        hit = next((x for x in found if x and str(x[0]) == "random"), None)
        if hit is not None:
            return hit
    return None


def _calls(form):
    """Every list inside ``form`` whose head is a symbol (iteratively)."""
    stack = [form]
    while stack:
        item = stack.pop()
        if item and isinstance(item[0], Symbol):
            yield item
        stack.extend(x for x in item if isinstance(x, Form))


def _called(call) -> list[str]:
    """The functions a call calls by name: its head, and ``sort``'s comparison; each
    without its module (``MAIN::m`` is ``m``)."""
    names = [str(call[0])]
    if names[0] == "sort" and len(call) > 1 and isinstance(call[1], Symbol):
        names.append(str(call[1]))
    return [name.split("::")[-1] for name in names]


def _changing_functions(forms: list) -> frozenset[str]:
    """The fact-changing functions and the deffunctions that call one, through any
    chain of deffunctions (a name defined twice: either body; CLIPS's rules keep the
    first they were compiled with)."""
    bodies = [(str(f[1]).split("::")[-1], f) for f in forms if isinstance(f, Form)
              and len(f) > 1 and f[0] == "deffunction"]
    changing = set(CHANGES)
    grew = True
    while grew:
        grew = False
        for name, body in bodies:
            if name not in changing and any(n in changing for c in _calls(body)
                                            for n in _called(c)):
                changing.add(name)
                grew = True
    return frozenset(changing)


def _no_changes(items, changing, where: str) -> None:
    for item in items:
        if isinstance(item, Form):
            for call in _calls(item):
                if str(call[0]) == "deftemplate-slot-default-value":
                    raise Crashes(f"({call[0]} ...) {where}: a default asking for a "
                                  "default recurses inside CLIPS, past its guard", call)
                if any(name in changing for name in _called(call)):
                    raise Crashes(f"({call[0]} ...) {where}: CLIPS crashes when a fact "
                                  "changes while it matches or builds facts; change facts "
                                  "in a rule's actions", call)


def _single_variables(lhs) -> set[str]:
    """The single-field variables a rule's conditions bind (never a multifield: ``?m``
    is ``$?m`` too where the rule binds ``$?m``)."""
    single, multi = set(), set()
    for item in lhs:
        stack = [item]
        while stack:
            x = stack.pop()
            if isinstance(x, Form):
                stack.extend(x)
            elif isinstance(x, Variable) and not x.is_global and x.name:
                (multi if x.multi else single).add(x.name)
    return single - multi


def _multislots_of(lhs, multislots: dict) -> dict[str, set]:
    """The multislots of the template each ``?f <- (template ...)`` of a rule holds."""
    return {ce.var.name: multislots.get(str(ce.pattern[0]).split("::")[-1], set())
            for ce in units(lhs) if isinstance(ce, Addressed)
            and isinstance(ce.pattern, Form) and ce.pattern}


def _duplicates(actions, single: set[str], multi: dict | None = None) -> None:
    """Each ``duplicate`` gives its single slots constants, single-field variables of
    the rule never bound again in its actions, or calls that give one value (a
    multislot of the fact's template, known from its pattern, takes anything)."""
    rebound = {str(c[1].name) for a in actions if isinstance(a, Form) for c in _calls(a)
               if c[0] == "bind" and len(c) > 1 and isinstance(c[1], Variable)}
    for action in actions:
        if not isinstance(action, Form):
            continue
        for call in _calls(action):
            if call[0] != "duplicate":
                continue
            target = call[1] if len(call) > 1 else None
            free = (multi or {}).get(target.name, set()) if isinstance(target, Variable) else set()
            for slot in call[2:]:
                if isinstance(slot, Form) and slot and str(slot[0]) in free:
                    continue
                for value in (slot[1:] if isinstance(slot, Form) else ()):
                    if not _one_value(value, single - rebound):
                        raise Crashes("duplicate's new slot values must be constants, the "
                                      "rule's single-field variables or calls giving one "
                                      "value (CLIPS crashes on a multifield in a single "
                                      "slot; modify says so)", call)


def _one_value(value, single: set[str]) -> bool:
    if isinstance(value, Variable):
        return not value.multi and not value.is_global and value.name in single
    if isinstance(value, Form):
        return bool(value) and str(value[0]) in _SINGLE
    return True


#: built-in functions that give one value (whatever their arguments)
_SINGLE = frozenset("""+ - * / ** div mod abs min max float integer round sqrt exp log
    log10 pi = <> != < <= > >= eq neq and or not numberp integerp floatp lexemep stringp
    symbolp multifieldp evenp oddp str-cat sym-cat str-length str-compare str-index
    sub-string upcase lowcase length$ member$ fact-index fact-existp fact-relation
    gensym gensym* random time format str-replace""".split())
