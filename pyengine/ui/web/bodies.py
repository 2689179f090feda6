"""Request bodies read as JSON, bounded before they are parsed.

A body is read as it streams, at most a given number of bytes, within
``Limits.header_seconds``; then its shape is checked at C speed (regular expressions,
no Python loop over what a client sent): brackets nested at most ``Limits.json_depth``
deep and at most :data:`CONTAINERS` arrays and objects in all (a request of the page
has a handful). Only then is it parsed. Every body but a program is at most
``Limits.body`` bytes and costs the event loop well under a millisecond; a program's
may be ``Limits.program_body`` bytes and is read here but parsed in a thread, in its
client's turn (:meth:`pyengine.ui.web.store.Store.in_turn`).
"""
from __future__ import annotations

import asyncio
import json
import re

from starlette.requests import Request

from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import is_digits
from pyengine.ui.web.limits import Limits

CONTAINERS = 256        # arrays and objects in one request body, all told
# A JSON string, or one never closed (to the end): one match from each quote, never a
# second try from a quote inside it (that made an unclosed string cost the square of
# its length: 64 KB of escaped quotes held the event loop 13 s)
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class TooLarge(Exception):
    """A request body over the limit."""


async def read_body(request: Request, limits: Limits, most: int | None = None) -> bytes:
    """The request's body: at most ``most`` bytes (default ``limits.body``), within
    ``limits.header_seconds``; TooLarge or UsageError."""
    most = most or limits.body
    size = request.headers.get("content-length")
    if size is not None and (not is_digits(size) or int(size) > most):
        raise TooLarge(f"the request body is at most {most} bytes")
    try:
        return await asyncio.wait_for(_read(request, most), limits.header_seconds)
    except asyncio.TimeoutError:
        raise UsageError("the request body came too slowly") from None


async def json_body(request: Request, limits: Limits) -> dict:
    """The request's JSON object, at most ``limits.body`` bytes."""
    return parse_body(await read_body(request, limits), limits)


def parse_body(raw: bytes, limits: Limits) -> dict:
    """``raw`` as a JSON object (empty: ``{}``), or one line of UsageError: not UTF-8,
    nested deeper than ``limits.json_depth``, more than :data:`CONTAINERS` arrays and
    objects, not JSON, not an object."""
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError("the request body must be UTF-8 JSON") from None
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    if len(brackets) > 2 * CONTAINERS:
        raise UsageError(f"the request body holds more than {CONTAINERS} arrays and objects")
    if json_depth(brackets) > limits.json_depth:
        raise UsageError(f"the request body nests deeper than {limits.json_depth}")
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):    # JSONDecodeError; an integer past 4,300 digits
        raise UsageError("the request body must be a JSON object") from None
    if not isinstance(body, dict):
        raise UsageError("the request body must be a JSON object")
    return body


def json_depth(brackets: str) -> int:
    """How deep a text of brackets alone (``[{}]``) nests."""
    depth = deepest = 0
    for c in brackets:
        if c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


async def _read(request: Request, most: int) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > most:
            raise TooLarge(f"the request body is at most {most} bytes")
        chunks.append(chunk)
    return b"".join(chunks)
