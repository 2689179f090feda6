"""CLIPS's focus stack and current module (the agenda's, and a scratch host's)."""
from __future__ import annotations

from typing import SupportsIndex


class FocusStack(list):
    """CLIPS's focus stack (its top last) and its *current module*: the module a
    focus makes current, a firing rule's, the new top when one is popped (unchanged
    when the stack empties); MAIN after a reset. The ``agenda`` view lists the current
    module's activations, as CLIPS's ``(agenda)`` does."""

    current = "MAIN"

    def push(self, module: str) -> None:
        """CLIPS's ``focus``: on top (not twice in a row); the current module."""
        if not self or self[-1] != module:
            self.append(module)
        self.current = module

    def pop(self, index: SupportsIndex = -1) -> str:
        module = super().pop(index)
        if self:
            self.current = self[-1]
        return module

    def remove(self, module: str) -> None:
        """CLIPS's ``RemoveFocus`` (a rule's ``return``): the module's topmost place on
        the stack goes; the current module follows the top only if that was the top."""
        for i in range(len(self) - 1, -1, -1):
            if self[i] == module:
                if i == len(self) - 1:
                    self.pop()
                else:
                    del self[i]
                return
