"""A client's turn: one of its requests runs at a time, the others wait in order, and
the teacher's look at one of its sessions waits first in line.

``asyncio.Lock`` wakes its waiters first come, first served; a student who keeps
eight long requests waiting would make the teacher's look wait behind all of them
(or, the queue full, be refused as if the teacher had asked too much). A look here
goes before the waiting requests: it waits only for the one that runs.
"""
from __future__ import annotations

import asyncio
from collections import deque


class Turn:
    """A lock whose waiters go in order, some of them (``first``) before the rest."""

    def __init__(self) -> None:
        self._busy = False
        self._waiting: deque[asyncio.Future] = deque()

    def locked(self) -> bool:
        return self._busy

    async def acquire(self, first: bool = False) -> None:
        """Wait for the turn; ``first``: ahead of those already waiting."""
        if not self._busy and not self._waiting:
            self._busy = True
            return
        ticket = asyncio.get_running_loop().create_future()
        if first:
            self._waiting.appendleft(ticket)
        else:
            self._waiting.append(ticket)
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():
                self.release()          # handed the turn as it was cancelled: pass it on
            elif ticket in self._waiting:
                self._waiting.remove(ticket)
            raise

    def release(self) -> None:
        """Hand the turn to the next waiting (it stays taken), or free it."""
        while self._waiting:
            ticket = self._waiting.popleft()
            if not ticket.done():
                ticket.set_result(None)
                return
        self._busy = False
