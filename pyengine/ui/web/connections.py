"""Connections the server keeps: bounded in number, per client, and in time.

uvicorn closes a kept-alive connection that stays idle after an answer, but not one
that never sends a whole request: a client could open a thousand sockets and send
nothing (or a byte a minute), and every new student would then be refused. This
protocol (uvicorn's own h11 one, with three additions) closes

* a connection beyond ``Limits.connections`` in all, or ``Limits.client_connections``
  from one address, at once;
* a connection that has not sent a request's head within ``Limits.header_seconds``
  of opening or of its last answer (the app bounds the body's time the same way);
* a connection whose answer is not taken within ``Limits.answer_seconds`` of its
  request (a client that asks and never reads would otherwise keep the answer in the
  server's memory for as long as it likes, and keep a shutdown waiting): it is cut,
  its unsent bytes dropped;
* a connection whose answer, written whole, is still not taken ``Limits.header_seconds``
  after it (the answer's deadline ended where the app wrote its last byte, and a
  graceful close waits for the client to read: a client that never read held 32
  answers of 27 MB, 830 MB of the server, for as long as it liked): it is cut too.
"""
from __future__ import annotations

import socket
import struct
from collections import Counter

from uvicorn.protocols.http.h11_impl import H11Protocol

from pyengine.ui.web.limits import Limits


def _unsent(transport) -> int:
    """The bytes of an answer the client has not taken yet."""
    try:
        return transport.get_write_buffer_size()
    except (AttributeError, RuntimeError):
        return 0


def _cut(transport, abort: bool) -> None:
    """Close the connection; when told to, or while its answer is unsent, abort it:
    what is left to send is dropped (the kernel's too), not waited on."""
    if abort or _unsent(transport):
        _reset_on_close(transport.get_extra_info("socket"))
        transport.abort()
    else:
        transport.close()


def _reset_on_close(sock) -> None:
    """The socket's close resets the connection: what the kernel still holds to send
    (tens of MB for a client that never reads) is dropped, not kept for minutes."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except (AttributeError, OSError):
        pass


def guarded_protocol(limits: Limits) -> type:
    """An h11 protocol class for uvicorn (``Config(http=...)``) keeping ``limits``."""

    class GuardedH11(H11Protocol):
        open_by_client: Counter = Counter()

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._timer = None
            self._address = self.client[0] if self.client else "?"
            mine = self.open_by_client[self._address]
            self._counted = (mine < limits.client_connections
                             and len(self.connections) <= limits.connections)
            if not self._counted:
                transport.close()
                return
            self.open_by_client[self._address] = mine + 1
            self._arm()

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            super().data_received(data)
            if self.cycle is not cycle:          # a request's head has arrived
                self._arm(limits.answer_seconds, abort=True)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc) -> None:
            if getattr(self, "_counted", False):
                self._counted = False
                left = self.open_by_client[self._address] - 1
                if left > 0:
                    self.open_by_client[self._address] = left
                else:
                    del self.open_by_client[self._address]
            self._disarm()
            super().connection_lost(exc)

        def _arm(self, seconds: float | None = None, abort: bool = False) -> None:
            self._disarm()
            if not self.transport.is_closing() or _unsent(self.transport):
                self._timer = self.loop.call_later(
                    limits.header_seconds if seconds is None else seconds,
                    self._too_slow, abort)

        def _disarm(self) -> None:
            timer = getattr(self, "_timer", None)
            if timer is not None:
                timer.cancel()
                self._timer = None

        def _too_slow(self, abort: bool = False) -> None:
            self._timer = None
            _cut(self.transport, abort)

    return GuardedH11
