"""The answers of the commands that run a session or move it: step, run, stage, the
web page's next and submit, back, goto, reset, strategy, seed. Each is ``answer(front,
**checked arguments)`` (see :mod:`pyengine.ui.commands`); its docstring is the
command's help in detail.

Firing goes through the front's ``fire``: the shell prints each firing as it happens,
the notebook returns the firings as a table, the web page caps a request's firings and
says how many there were. Which firings, which stage, where back and goto go, what a
reset keeps, is decided here once.
"""
from __future__ import annotations

from pyengine.engine.clips_inspect import kept_globals
from pyengine.engine.errors import ActionErrors, UsageError
from pyengine.engine.wording import plural
from pyengine.ui.program_edit import (back_refused, program_edits, restart, settings_of,
                                      with_edits, with_settings)
from pyengine.ui.queries import Note, travel_note


def step(front, n: int):
    """fire one rule (or N) and show each firing; enters and leaves stages as the plan
    says."""
    return front.fire(n, each=True)


def run(front, n: int | None):
    """fire rules to the end of the stage plan (or N rules); quiet unless you watch
    rules."""
    return front.fire(n)


def stage(front, name: str | None):
    """run to the end of the current stage, or to the end of stage NAME."""
    runner = front.runner
    names = [st.name for st in runner.stages] if runner is not None else []
    if not names:
        raise UsageError("this session has no stage plan (use run or step)")
    if runner.done:
        raise UsageError(f"all stages are done ({', '.join(names)})")
    target = runner.index
    if name:
        hits = [i for i, n in enumerate(names) if n.lower() == name.lower()]
        if not hits:
            raise UsageError(f"no stage named {name!r} (stages: {', '.join(names)})")
        later = [i for i in hits if i >= runner.index]
        if not later:
            raise UsageError(f"stage {names[hits[0]]} is already done "
                             f"(next: {names[runner.index]})")
        target = later[0]
    return front.fire(None, until=target)


def next_stage(front) -> str:
    """to the first firing of the next stage."""
    return front.next_stage()


def submit(front, fact) -> str:
    """a fact the puzzle declares for its players, {"relation": R, "slots": {SLOT:
    VALUE}}, asserted once the stage plan has run; the rules that stay open answer it."""
    return front.submit(fact)


def back(front, n: int) -> Note:
    """return to just before the last firing (or the Nth last): the fact base, agenda
    and history as they were then. (In the web page a fact asserted, retracted or
    modified by hand is a step back too.)"""
    if getattr(front, "undoes_changes", False):
        return undo(front, n)
    fired = len(front.session.trace)
    if n > fired:
        raise back_refused(UsageError(f"only {plural(fired, 'firing')} to go back over"),
                           front.reloaded)
    return goto(front, fired - n + 1)


def undo(front, n: int) -> Note:
    """Back over the last N steps, a step being a firing or a fact asserted, retracted
    or modified by hand (the web page's back)."""
    if front.timeline is None:
        raise UsageError("this session cannot be reopened, so it cannot go back")
    timeline = front.timeline
    moves = timeline.moves()
    undone = _step_said(timeline, moves[-n]) if n <= len(moves) else ""
    try:
        front.moved(timeline.undo(n))
    except UsageError as exc:
        raise back_refused(exc, front.reloaded) from None
    said = f"undid {undone}" if n == 1 else f"undid {n} steps, back to before {undone}"
    return Note(f"{said}; " + travel_note(moves[-n][0], front.session, front.runner)
                + replay_warning(front))


def _step_said(timeline, move: tuple[int, int | None]) -> str:
    """A step of :meth:`~pyengine.engine.timeline.Timeline.moves` in words: ``firing
    3``, ``your modify of f-2``."""
    firing, entry = move
    if entry is None:
        return f"firing {firing}"
    done = timeline.journal[entry]
    verb = done.action.replace("_fact", "")
    if done.made is None and verb == "assert":      # the fact was there: nothing made
        fact = done.args[0]
        return f"your assert of {fact.text() if hasattr(fact, 'text') else fact} (it " \
            "changed nothing)"
    return f"your {verb} of f-{done.made if done.made is not None else done.args[0]}"


def goto(front, firing: int):
    """return to just before firing number FIRING (history lists them); a firing not
    reached yet (after back, say) is reached by firing on to just before it, as step
    would, each firing shown."""
    fired = len(front.session.trace)
    if firing > fired + 1:
        return _fire_on_to(front, firing, fired)
    if front.timeline is None:
        raise UsageError("this session cannot be reopened, so it cannot go back")
    front.moved(front.timeline.goto(firing))
    return Note(travel_note(firing, front.session, front.runner) + replay_warning(front))


def _fire_on_to(front, firing: int, fired: int):
    """goto a firing ahead: fire on to just before it; where the agenda empties first,
    the answer says there is no such firing (in the shell, after the firings)."""
    result = front.fire(firing - 1 - fired, each=True)
    now, session = len(front.session.trace), front.session
    if now >= firing - 1 or session.agenda_size() or session.activations_elsewhere():
        return result
    short = f"there is no firing {firing}: the agenda emptied after {plural(now, 'firing')}"
    if isinstance(result, str):
        return f"{result}; {short}"
    if hasattr(result, "note"):
        result.note = "; ".join(n for n in (result.note, short) if n)
        return result
    return Note(short)


def replay_warning(front) -> str:
    """Going back replays the session; rules written in Python may not repeat what they
    did (a module's variables, the clock): then a line saying so, not a silent state
    that never was."""
    if not front.session.python_rules:
        return ""
    differ = front.log.replay_differences()
    if not differ:
        return ""
    fid, first, now = differ[0]
    was = f"it was {first}" if first is not None else "it was not there"
    verb = "differs" if len(differ) == 1 else "differ"
    return (f"\nwarning: the replay did not repeat what happened "
            f"({plural(len(differ), 'fact')} {verb}: f-{fid} is {now}, {was}): a rule's "
            "action depends on something outside the session, such as a module's "
            "variable, so this is not the state first seen here")


def reset(front) -> Note:
    """start the puzzle again from its input facts (same seed); the strategy and seed you
    chose stay, as CLIPS keeps its strategy across (reset), and so do a program's
    settings (fact duplication, salience evaluation, reset globals...)."""
    told = getattr(front, "before_reset", None)
    heard = told() if told is not None else None
    reopen = front.reopen
    if reopen is not None:
        factory = with_settings(with_edits(reopen, program_edits(front.timeline, reopen)),
                                settings_of(front.session), kept_globals(front.session),
                                front.runner.seed if front.runner is not None else None)
        restart(front, factory(), factory)
    elif front.runner is None:               # a bare session: its own reset
        try:
            front.session.reset()
        finally:
            front.log.snapshot()
    else:
        raise UsageError("this session cannot be rebuilt (it was opened without a way "
                         "to open it again)")
    if heard:
        front.show_events(heard)
    stopped = getattr(front.session, "reset_said", None)
    if stopped:                 # the session is the new one, as far as its reset went:
        raise ActionErrors(stopped)     # the page shows it (a UsageError left it stale)
    nxt = front.runner.current if front.runner is not None else None
    return Note(f"reset: {plural(len(front.session.facts()), 'fact')}"
                + (f"; next stage {nxt.name}" if nxt else ""))


def strategy(front, name: str | None) -> Note:
    """show or set conflict resolution (a stage with its own strategy restores the one
    before it when it ends)."""
    before = front.session.strategy
    if name is not None:
        front.session.strategy = name
    note = Note(f"strategy {front.session.strategy}")
    note.before = before            # what CLIPS's (set-strategy) gives back
    return note


def seed(front, n: int | None) -> Note:
    """show or set the seed of the random strategy."""
    runner = front.runner
    if n is not None:
        front.session.seed(n)
        front.seed_given = n
        if runner is not None:
            runner.seed = n
    chosen = runner.seed if runner is not None else front.seed_given
    return Note(f"seed {chosen if chosen is not None else 'none'}")
