"""The answers of the commands that change a session by hand: assert, retract, modify,
watch and unwatch, and those that change its program (load, build, undefrule,
ppdefrule, reload, clear; the work is :mod:`pyengine.ui.program_edit`'s). Each is
``answer(front, **checked arguments)`` (see :mod:`pyengine.ui.commands`); its docstring
is the command's help in detail.

A fact a user gives reaches the engine only as constant values read by our CLIPS
reader (the front's ``user_fact``: the web page also bounds its size and number), and
is marked as the user's, so ``why`` says who made it.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.records import FactView
from pyengine.engine.trace import construct_end, fact_line
from pyengine.engine.wording import plural
from pyengine.ui.modify_facts import fact_spec, modified_fact
from pyengine.ui.program_edit import (cleared_factory, load_file, program_edits, reload_plan,
                                      restart)
from pyengine.ui.queries import Changes, Note, Text, parse_slots


def assert_(front, fact) -> Changes:
    """add a fact, e.g. assert (number 4) in CLIPS, assert (number 4) or (letter (char a)
    (pos 1)) in experta; several at once, as CLIPS's assert: assert (a 1) (b 2)."""
    session = front.session
    given = fact_texts(fact) if isinstance(fact, str) else [fact]     # CLIPS takes several
    specs = [front.user_fact(one) for one in given]         # all read before any goes
    # (the engine checks slot names as it asserts: facts before a bad one stay, said)
    before = {f.id for f in session.facts()}
    made, changes, notes = [], [], []
    for spec in specs:
        try:
            fid, lost = by_you(front, lambda: session.assert_fact(spec))
        except UsageError as exc:       # an engine's own check (a slot name...)
            if not changes:
                raise
            done = ", ".join(f"f-{view.id}" for _, view in changes)
            raise UsageError(f"{exc} (asserted before it: {done})") from None
        view = session.fact(fid)
        made.append(view)
        if fid in before:
            notes.append(f"{fact_line(fid, view.text)} is already in the fact base")
        else:                           # the log marked it the user's (by_you)
            before.add(fid)
            changes.append(("==>", view))
        changes.extend(("<==", f) for f in lost if f.id != fid)
    return Changes("asserted", made, changes, note="; ".join(notes + matching_errors(session)))


def matching_errors(session) -> list[str]:
    """The errors said as a change by hand was matched (a test failing: the change
    stays), as CLIPS says them, in one note; none if none."""
    said = getattr(session, "take_warnings", lambda: None)()
    return [f"error while matching: {said}"] if said else []


MAX_FACTS_AT_ONCE = 100     # facts one assert takes


def fact_texts(text: str) -> list[str]:
    """The facts of ``(a 1) (b 2)`` as texts, each to be read on its own; the text as
    it is when it is not a run of parenthesized forms (the reader says what is wrong)."""
    out, i = [], 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        end = construct_end(text, i) if text[i] == "(" else None
        if end is None:
            return [text]
        out.append(text[i:end + 1])
        i = end + 1
    if len(out) > MAX_FACTS_AT_ONCE:
        raise UsageError(f"assert takes at most {MAX_FACTS_AT_ONCE} facts at once")
    return out or [text]


def by_you(front, change):
    """``change()``'s value, made by hand, and the facts that lost their logical
    support meanwhile (retracted by the user too, as the log heard them)."""
    told = len(front.log.by_hand)
    with front.log.by_you():
        value = change()
    return value, [FactView(fid, text) for _, arrow, fid, text in front.log.by_hand[told:]
                   if arrow == "<=="]


def retract(front, fact_ids: list[int]) -> Changes:
    """remove facts by id (f-12 or 12)."""
    session = front.session
    gone = {fid: session.fact(fid) for fid in fact_ids}      # all exist, or none goes
    _, lost = by_you(front, lambda: [session.retract(fid) for fid in gone])
    return Changes("retracted", list(gone.values()),
                   [("<==", f) for f in [*gone.values(), *(f for f in lost if f.id not in gone)]],
                   note="; ".join(matching_errors(session)))


def modify(front, fact_id: int, slots, more: dict) -> Changes:
    """change slots of a template fact, e.g. modify f-3 (parent Bob), with constant
    values (read by our reader); the fact keeps its id, as in CLIPS 6.4. The changed
    fact is checked as a fact asserted by hand is (the puzzle's limits)."""
    values = parse_slots(slots) if isinstance(slots, str) else dict(slots or {})
    values.update(more)
    if not values:
        raise UsageError("modify which slots? e.g. modify f-3 (sex female)")
    session = front.session
    old = session.fact(fact_id)
    changed = modified_fact(session, fact_id, values)
    if changed == fact_spec(session, fact_id):
        return Changes("modified", [old], note=f"f-{fact_id} already holds those values: "
                       "nothing changed (CLIPS leaves such a modify alone)")
    front.user_fact(changed)
    new_id, lost = by_you(front, lambda: session.modify(fact_id, values))
    new, lost = session.fact(new_id), [("<==", f) for f in lost if f.id != fact_id]
    said = matching_errors(session)
    if new.id != fact_id:           # it became equal to another fact: CLIPS keeps that one
        front.log.retracted_by_you(fact_id)
        return Changes("modified", [new], [("<==", old), *lost],
                       note="; ".join([f"{fact_line(new.id, new.text)} is already in the "
                                       f"fact base: f-{fact_id} went (CLIPS keeps no two "
                                       "equal facts)", *said]))
    return Changes("modified", [new], [("<==", old), *lost, ("==>", new)], note="; ".join(said))


def watch(front, items: list[str]):
    """print these as rules fire: fact changes (of the templates NAME), firings and
    activations (of the rules NAME), CLIPS's statistics after each run; 'watch' alone
    says what is watched."""
    return front.set_watching(list(items), True)


def unwatch(front, items: list[str]):
    """stop printing them (all if none named)."""
    return front.set_watching(list(items), False)


def load(front, path: str) -> Note:
    """load a CLIPS file's constructs into the session (CLIPS's (load)); its rules get
    activations for the facts there. Going back replays it."""
    return Note(load_file(front.session, path))


def build(front, construct: str) -> Note:
    """add one construct, e.g. (defrule r (a) => (assert (b))), as typed at the
    shell's prompt. (The notebook's only: the text is the user's own call; the web page
    refuses the verb by name and has no front end for it.)"""
    return Note(f"defined {front.session.build(construct)}")


def undefrule(front, name: str) -> Note:
    """remove a rule (with its activations); going back replays it."""
    front.session.undefrule(name)
    return Note(f"removed rule {name}")


def ppdefrule(front, name: str) -> Text:
    """the rule as the engine holds it (CLIPS's own form; rules NAME shows the source
    as written)."""
    return Text(front.session.pretty_rule(name))


def reload(front) -> Note:
    """read the program's files again and start afresh (CLIPS's (clear), (load) each
    file, (reset)); constructs typed at the prompt are dropped."""
    reopen = front.reopen
    if reopen is None:
        raise UsageError("this session cannot be reloaded (it was not opened from files)")
    done = reload_plan(reopen, program_edits(front.timeline, reopen))
    restart(front, done.plan, done.factory, reload=True)
    return Note(f"{done.note}; {plural(len(front.session.facts()), 'fact')}")


def clear(front) -> Note:
    """an empty CLIPS session: no rules, no facts (CLIPS's (clear)); load files or type
    constructs, then reset."""
    front.session.clearable()           # not on our engine (it went on, quietly, on CLIPS)
    factory = cleared_factory()
    restart(front, factory(), factory, reload=True)
    return Note(f"cleared: no rules, no facts; {plural(len(front.session.facts()), 'fact')}")
