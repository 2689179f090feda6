"""A firing's events as lines, in the order they happened, as CLIPS's ``watch`` prints
them: what the rule printed (``    | text``), the facts it retracted and asserted
(``<== f-3 ...`` / ``==> f-4 ...``, a modify showing only the slots it changed) and the
activations it made and took away (``==> Activation 0  rule: f-4``), interleaved as
the action ran. The shell prints them so as a run goes (:mod:`.shell_events`); the
:class:`~pyengine.ui.fact_log.FactLog` keeps them per firing, so ``history``, the
notebook's ``step`` and ``run`` and the web page's transcript list them so afterwards.
"""
from __future__ import annotations

from typing import Callable

from pyengine.engine.stages import PLAN_DONE, STAGE_END, StageEvent
from pyengine.engine.trace import activation_line, change_line, fact_line, modify_texts
from pyengine.engine.wording import plural

ARROWS = {"assert": "==>", "retract": "<==", "activate": "==>", "deactivate": "<=="}

#: the events of a firing the fact log keeps, in order, for the views that list it later
KEPT = frozenset({"output", "input", "assert", "retract", "activate", "deactivate", "halted"})
CHANGES = frozenset({"assert", "retract"})
ACTIVATIONS = frozenset({"activate", "deactivate"})


def modified_texts(group: list) -> dict[int, str]:
    """The texts a firing's modifies show (by place in ``group``): a retraction followed
    by the assertion of the same fact is a modify (the facts that lost their logical
    support with it may come between), and CLIPS shows its two facts with only the
    slots that changed (:func:`~pyengine.engine.trace.modify_texts`)."""
    out: dict[int, str] = {}
    retracted: dict[int, int] = {}          # fact id -> its retraction's place
    for i, (ev, view) in enumerate(group):
        if ev == "retract":
            retracted[view.id] = i
        elif ev == "assert" and view.id in retracted:
            j = retracted.pop(view.id)
            out[j], out[i] = modify_texts(group[j][1].text, view.text)
    return out


def change_place(group: list, kind: str, fact_id: int | None) -> int:
    """Where in ``group`` fact ``fact_id``'s change ``kind`` ("assert" or "retract") is
    (its length if it is not there): a stage's note goes just before its staging fact's
    own change."""
    return next((i for i, (ev, view) in enumerate(group)
                 if ev == kind and view.id == fact_id), len(group))


def event_line(ev: str, payload, text: str | None = None) -> str | None:
    """One event's line (a fact's change shown with ``text`` when given), or None for
    an event that has no line."""
    if ev in ("output", "input"):       # what was printed, its trailing spaces kept
        return f"    | {payload}" if str(payload) else "    |"
    if ev == "said":                    # a command typed at the prompt printed it
        return payload
    if ev in CHANGES:
        return change_line(ARROWS[ev], payload.id, payload.text if text is None else text)
    if ev in ACTIVATIONS:
        return f"{ARROWS[ev]} Activation {activation_line(payload)}"
    if ev == "break":
        return f"Breaking on rule {payload}."
    if ev == "halted":                  # a firing called (halt); watched, CLIPS says so
        return ("[PRCCODE4] WARNING: Execution halted during the actions of defrule "
                f"'{payload.rpartition('::')[2]}'.")
    if ev == "note":                    # the shell's own (a stage begins)
        return f";; {payload}"
    return None


def group_lines(group: list, shown: Callable[[str, object], bool],
                whole: bool = False) -> list[str]:
    """The lines of a firing's events (``group``: (event, payload) pairs in order) that
    ``shown(event, payload)`` keeps; ``whole``: a modified fact's two texts whole (as
    ``history`` lists each version), not only the slots that changed."""
    texts = {} if whole else modified_texts(group)
    out = []
    for i, (ev, payload) in enumerate(group):
        line = event_line(ev, payload, texts.get(i)) if shown(ev, payload) else None
        if line is not None:
            out.append(line)
    return out


def stage_note(event: str, ev: StageEvent | None, log) -> str:
    """What the shell (and the notebook) says as a stage begins or ends, or as the
    plan is done (``event``): ``stage BUILD begins: f-4     (BUILD) (at most 3
    firings)``, ``stage BUILD ends after 3 firings``, ``all stages done``."""
    if event == PLAN_DONE:
        return "all stages done"
    stage = ev.stage
    if event == STAGE_END:
        return f"stage {stage.name} ends after {plural(ev.fired, 'firing')}"
    how = []
    if stage.strategy:
        seeded = stage.strategy == "random" and ev.seed is not None
        how.append(f"strategy {stage.strategy}" + (f", seed {ev.seed}" if seeded else ""))
    if stage.limit is not None:
        how.append(f"at most {plural(stage.limit, 'firing')}")
    fid = ev.fact_id
    text = log.text(fid) if fid is not None else ""
    return (f"stage {stage.name} begins: {fact_line(fid, text).rstrip()}"
            + (f" ({'; '.join(how)})" if how else ""))
