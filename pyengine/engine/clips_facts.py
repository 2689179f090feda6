"""Facts into a CLIPS environment from values, never from text as typed.

A fact a user types (at the shell, in a notebook, in a browser) is read by our
reader (:mod:`pyengine.engine.clips_reader`) into a :class:`FactSpec` of constant
values. Here it becomes a CLIPS fact: a deftemplate's fact through CLIPS's fact
builder (``FBPutSlot`` with each value, no parsing at all), an ordered fact through
``AssertString`` of the text our own writer made from the values (atoms only, strings
escaped, symbols checked: nothing in it can be a call or a comment). ``modify`` goes
through CLIPS's fact modifier the same way.
"""
from __future__ import annotations

import re

import clips
from clips._clips import ffi, lib
from clips.common import environment_builder

from pyengine.engine.clips_reader import Symbol
from pyengine.engine.clips_values import FactSpec, from_python, read_fact
from pyengine.engine.errors import UsageError, ordered_fact_refused


def to_clips(value):
    """A reader value as clipspy takes it: a Symbol as ``clips.Symbol``, a string as
    ``str``, a tuple as a list (a multifield)."""
    if isinstance(value, Symbol):
        return clips.Symbol(str(value))
    if isinstance(value, (tuple, list)):
        return [to_clips(v) for v in value]
    return str(value) if isinstance(value, str) else value


def spec_of(fact) -> FactSpec:
    """What a session's ``assert_fact`` was given, as a FactSpec (text is read)."""
    if isinstance(fact, FactSpec):
        return fact
    if isinstance(fact, str):
        return read_fact(fact)
    raise UsageError(f"assert takes a fact as text, e.g. (number 4), not {type(fact).__name__}")


def assert_spec(env, spec: FactSpec):
    """Assert ``spec`` in ``env``; the clipspy fact (the old one for a duplicate)."""
    template = _template(env, spec.relation)
    if template is not None and not template.implied:
        return _build(env, template, spec)
    if spec.slots:
        raise UsageError(f"({spec.relation} ...) has no deftemplate: its values go bare, "
                         f"e.g. ({spec.relation} 4), without (slot value) groups")
    try:
        return env.assert_string(spec.text())
    except clips.CLIPSError as exc:
        raise UsageError(f"cannot assert {spec.text()}: {_reason(exc)}") from None


def last_index(env) -> int:
    """The highest index of the facts there now (0: none): a fact asserted after is
    new only if its index is higher (CLIPS gives a duplicate back, not a new fact)."""
    last, fact = 0, lib.GetNextFact(env._env, ffi.NULL)
    while fact != ffi.NULL:
        last, fact = fact, lib.GetNextFact(env._env, fact)
    return lib.FactIndex(last) if last else 0


def _template(env, name: str):
    try:
        return env.find_template(name)
    except LookupError:
        return None


def _build(env, template, spec: FactSpec):
    slots = _checked_slots(template, spec.relation, spec.slot_dict())
    if spec.slots is None and spec.values:
        raise UsageError(f"{spec.relation} is a deftemplate: give its slots as "
                         f"({spec.relation} (slot value) ...)")
    for slot in template.slots:     # CLIPS's assert refuses it (clipspy's builder put nil)
        if slot.default_type == clips.TemplateSlotDefaultType.NO_DEFAULT and \
                slot.name not in slots:
            raise UsageError(f"[TMPLTRHS1] Slot '{slot.name}' requires a value because of "
                             "its (default ?NONE) attribute.")
    try:
        return template.assert_fact(**{name: to_clips(v) for name, v in slots.items()})
    except (clips.CLIPSError, TypeError, ValueError, KeyError) as exc:
        raise UsageError(f"cannot assert {spec.text()}: {_reason(exc)}") from None


def _checked_slots(template, relation: str, given: dict) -> dict:
    """The slot values as the template takes them: one value for a single slot, a
    tuple for a multislot; UsageError for an unknown slot or a wrong count."""
    slots = {s.name: s for s in template.slots}
    out = {}
    for name, values in given.items():
        slot = slots.get(name)
        if slot is None:
            raise UsageError(f"{relation} has no slot {name!r} "
                             f"(slots: {', '.join(sorted(slots)) or 'none'})")
        values = tuple(values) if isinstance(values, (tuple, list)) else (values,)
        if slot.multifield:
            out[name] = values
        elif len(values) != 1:
            raise UsageError(f"slot {name} of {relation} holds one value, not {len(values)}")
        else:
            out[name] = values[0]
    return out


def values_of(fact):
    """The fact's values as clipspy reads them: a template fact's slots (a dict), an
    ordered fact's values (a tuple). UsageError where CLIPS holds text that is not
    UTF-8 (a rule's ``(format nil "%c" 200)``; its text shows U+FFFD): clipspy cannot
    read such a value, and a 500 of the page said only "UnicodeDecodeError"."""
    try:
        return tuple(fact) if fact.template.implied else dict(fact)
    except UnicodeDecodeError:
        raise UsageError(f"f-{fact.index} holds text that is not UTF-8 (shown as \ufffd): "
                         "its values cannot be read one by one, nor changed") from None


def _equal_values(fact, want: dict) -> bool:
    try:
        return _strict(dict(fact)) == want
    except UnicodeDecodeError:          # no fact the modify made holds such text
        return False


def modify(fact, slots: dict[str, object]):
    """Change slots of a template fact in place (CLIPS 6.4 keeps its id) and return
    the fact it is now: itself, or, when the change made it equal to another fact,
    that other one (CLIPS keeps no two equal facts: it retracts the modified one).
    Values as the reader gives them, or in Python (read by
    :func:`~pyengine.engine.clips_values.from_python`: a plain ``str`` is one atom)."""
    if fact.template.implied:
        raise ordered_fact_refused(fact.index)
    name = fact.template.name
    checked = _checked_slots(fact.template, name,
                             {k: from_python(v) for k, v in slots.items()})
    applied = {k: to_clips(v) for k, v in checked.items()}
    want, index = _strict({**values_of(fact), **applied}), fact.index
    try:
        fact.modify_slots(**applied)
    except (clips.CLIPSError, TypeError, ValueError) as exc:
        raise UsageError(f"cannot modify f-{fact.index}: {_reason(exc)}") from None
    for f in fact.template.facts():
        if f.index == index:
            return f
    return next((f for f in fact.template.facts() if _equal_values(f, want)), fact)


def _strict(value):
    """A value compared as CLIPS compares them (1 is not 1.0, a symbol not a string)."""
    if isinstance(value, dict):
        return {k: _strict(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return tuple(_strict(v) for v in value)
    return type(value).__name__, value


def _reason(exc: Exception) -> str:
    return (str(exc).splitlines() or ["not a fact"])[0]


def text_of(fact) -> str:
    """A fact as CLIPS's ``(facts)`` prints it: CLIPS's text of it (its pretty-printed
    form, a slot a line) on one line, a string's newlines, tabs and runs of spaces kept
    (clipspy's ``str`` folds all whitespace, inside strings too). Bytes that are not
    UTF-8 (CLIPS's strings are bytes: ``(format nil "%c" 226)``, a ``sub-string`` cutting
    a letter in two) read as U+FFFD (clipspy's decoding raised)."""
    builder = environment_builder(fact._env, "string")
    lib.SBReset(builder)
    lib.FactPPForm(fact._fact, builder, False)
    text = ffi.string(builder.contents).decode("utf-8", "replace")
    return _SLOT_LINE.sub("", text).strip()


#: where CLIPS's pretty-printed form starts a slot's line (a template fact's, after the
#: space that ends the line before)
_SLOT_LINE = re.compile(r"(?<= )\n   (?=\()")


def full_text(env, fid: int, text: str) -> str:
    """A modified fact's text (CLIPS's watch record elides the unchanged slots)."""
    name = text[1:].split(None, 1)[0].rstrip(")")
    try:
        for f in env.find_template(name).facts():
            if f.index == fid:
                return text_of(f)
    except (LookupError, clips.CLIPSError):
        pass
    return text


def top_fact_id(session) -> int:
    """The highest fact index given out so far: the facts asserted outside the rules
    (``session._top``, kept by the session) and those the recorded firings asserted
    (read from the trace once, then only its new firings)."""
    trace = session.trace
    seen, scanned, top = getattr(session, "_trace_top", (None, 0, 0))
    if seen is not trace or scanned > len(trace):
        scanned, top = 0, 0
    for firing in trace[scanned:]:
        if firing.asserted:
            top = max(top, max(firing.asserted))
    session._trace_top = (trace, len(trace), top)
    return max(top, session._top)


def highest_index(session) -> int:
    """The highest fact index CLIPS has given out, as far as it matters: a fact asserted
    now with a higher one is new, one with this or a lower one a duplicate given back.
    A recording session knows every index given (:func:`top_fact_id`, no walk); one
    that tells listeners walks the fact list (:func:`last_index`); one that does
    neither keeps no versions to protect (0: every fact counts as new)."""
    if session.record:
        return top_fact_id(session)
    return last_index(session.env) if session.listeners else 0
