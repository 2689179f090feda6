"""Errors the command line turns into one clear line and exit status 2, and the ways a
run stops before its end."""


class UsageError(Exception):
    """Bad input from the user: a word list, a board, a riddle, an option."""


class OutOfTime(Exception):
    """A run stopped between two firings, whole, because the time it was given
    (:func:`pyengine.engine.interrupt.time_budget`) was spent. Like Ctrl-C, the
    firings made so far stay made and counted; going on is another run."""


class FiringOutOfTime(OutOfTime):
    """The time was spent inside one firing (a loop in its action, on our engine): the
    firing is made and counted, stopped where it was."""


class EngineHalted(UsageError):
    """The engine stopped an action inside a firing: a recursion deeper than the
    engine's C stack allows, an action that ran past its time. The firing was made
    (its action cut where it stood, as CLIPS leaves one after an error)."""


class ActionErrors(EngineHalted):
    """Errors a run's actions reported, after which the run went on, as CLIPS's does
    (a missing fact's retract, a failed call): ``count`` of them, the first firing's
    named in the message."""

    def __init__(self, text: str, count: int = 1):
        super().__init__(text)
        self.count = count

    def all_told(self, errors: int, fired: int) -> "ActionErrors":
        """These errors (the first of a run), with how many the whole run reported, when
        its later firings reported more."""
        if errors == self.count:
            return self
        return ActionErrors(f"{self} ({errors:,} errors in all; the run went on: "
                            f"{fired:,} firings)", errors)


#: the errors one message names; the rest are counted (a loop can make millions)
MOST_SAID = 20


def said_in_one_line(texts: list[str], more: int = 0) -> str:
    """Engine error texts as one line: the first :data:`MOST_SAID`, then how many more."""
    shown = " ".join(" ".join(t.split()) for t in texts[:MOST_SAID])
    more += max(0, len(texts) - MOST_SAID)
    return shown + (f" (and {more:,} more)" if more else "")


def ordered_fact_refused(fact_id: int) -> UsageError:
    """What a modify of an ordered fact says, on both engines (CLIPS 6.4 refuses it)."""
    return UsageError(f"f-{fact_id} is an ordered fact: only template facts can be "
                      "modified (retract it and assert the new one)")
