"""What CLIPS prints and reads, through one router: the trace comes from the
engine's own watch records, never from the text the rules print.

CLIPS 6.4 sends ``(watch rules)``, ``(watch facts)``, ``(watch activations)`` and a
rule's ``(printout t ...)`` to the same logical name, ``stdout``. They stay apart
here because CLIPS writes each watch record in pieces of its own: ``"FIRE    3 "``,
the rule's name, ``": "``, the matched ids, ``"\\n"``; ``"==> "`` then
``"f-12    "`` then the fact then ``"\\n"``. A record is recognised from its first
pieces, whatever the rules printed before it (a prompt without ``crlf`` does not
swallow the next firing), and checked when its newline arrives: a FIRE record
must carry the next firing number of the run and name a rule. Every other piece
is rule output, cut into lines.

``(read)`` and ``(readline)`` read ``stdin`` through the same router, one line from
the session's reader per line CLIPS asks for (see :meth:`Session.set_input`).
"""
from __future__ import annotations

import re

import clips

_FIRE_HEAD = re.compile(r"FIRE +\d+ \Z")
_FIRE = re.compile(r"FIRE +(\d+) (\S+): ?(.*)\Z", re.S)
_FACT_ID = re.compile(r"f-(\d+) +\Z")
_IDS = re.compile(r"f-(\d+)")
_FACT_HEADS = ("==> ", "<== ")
_ACT_HEADS = ("==> Activation ", "<== Activation ")
_EOF = -1


def ids_of(text: str) -> tuple[int, ...]:
    return tuple(int(m) for m in _IDS.findall(text))


class IORouter(clips.Router):
    """The session's router: watch records to the session, rule output in lines,
    ``stdin`` from the session's reader, CLIPS's error text when quiet.

    The session receives ``_on_fire(number, rule, ids)``, ``_on_fact(arrow, id,
    text, elided)``, ``_on_activation(arrow, text)``, ``_output(line)`` and
    ``_read_input(prompt)``."""

    def __init__(self, session):
        # Below clipspy's error router (40), which reads stderr first to build the
        # CLIPSError message, then hands it down.
        super().__init__(f"pyengine-{id(session)}", 30)
        self.session = session
        self.quiet = False
        self.names = frozenset(("stdout", "stdin"))
        self.partial = ""           # rule output not ended by a newline yet
        self.record: list[str] | None = None    # pieces of the watch record being read
        self.kind = ""              # "fire", "fact", "act" or "?" (a fact head, unsure)
        self.keep_text = False      # keep the text of fact records (for listeners)
        self.next_fire = 1          # the number CLIPS gives the next firing of this run
        self.rule_names: frozenset[str] = frozenset()   # what a FIRE record may name
        self.capture: list[str] | None = None   # everything, for (matches) and the like
        self.pending = b""          # what is left of the line (read) is reading

    # -- routing -------------------------------------------------------------------------
    def set_quiet(self, on: bool) -> None:
        self.quiet = on
        self.names = frozenset(("stdout", "stdin", "stderr", "stdwrn") if on
                               else ("stdout", "stdin"))

    def query(self, name: str) -> bool:
        return name in self.names

    def write(self, name: str, message: str) -> None:
        if name != "stdout":
            self.session.diagnostics.extend(message.strip().splitlines())
            return
        if self.capture is not None:
            self.capture.append(message)
            return
        record = self.record
        if record is None:
            self._start(message)
            return
        if self.kind == "?":                # "==> " seen: is this a fact id?
            if _FACT_ID.match(message) and len(message) >= 8:
                self.kind = "fact"
                record.append(message)
            else:
                self.record = None
                self._text(record[0])
                self.write(name, message)
            return
        if message == "\n":
            self.record = None
            self._end(record)
        elif self.kind != "fact" or self.keep_text:
            record.append(message)
        elif message == " ...":
            record.append(message)

    def _start(self, message: str) -> None:
        if message in _FACT_HEADS:
            self.record, self.kind = [message], "?"
        elif message in _ACT_HEADS:
            self.record, self.kind = [message], "act"
        elif message[:5] == "FIRE " and _FIRE_HEAD.match(message):
            self.record, self.kind = [message], "fire"
        else:
            self._text(message)

    def _end(self, record: list[str]) -> None:
        s = self.session
        if self.kind == "fact":
            fid = int(_FACT_ID.match(record[1]).group(1))
            s._on_fact(record[0][:3], fid, "".join(record[2:]), " ..." in record)
        elif self.kind == "act":
            s._on_activation(record[0][:3], "".join(record[1:]))
        else:
            m = _FIRE.match("".join(record))
            if m and int(m.group(1)) == self.next_fire and m.group(2).split("::")[-1] in self.rule_names:
                self.next_fire += 1
                self.end_line()
                s._on_fire(int(m.group(1)), m.group(2), ids_of(m.group(3)))
            else:
                self._text("".join(record) + "\n")

    # -- rule output ------------------------------------------------------------------------
    def _text(self, message: str) -> None:
        text = self.partial + message
        if "\n" not in text:
            self.partial = text if len(text) < 100_000 else text[:100_000]
            return
        *lines, self.partial = text.split("\n")
        for line in lines:
            self.session._output(line)

    def end_line(self) -> None:
        """A rule is done (or the next one fires): its unfinished line is a line."""
        if self.record is not None and self.kind == "?":
            self.record = None
            self._text("==> ")
        if self.partial:
            line, self.partial = self.partial, ""
            self.session._output(line)

    # -- (read) and (readline) ------------------------------------------------------------------
    def read(self, name: str) -> int:
        if not self.pending:
            prompt, self.partial = self.partial, ""
            line = self.session._read_input(prompt)
            if line is None:
                return _EOF
            self.pending = (line + "\n").encode("utf-8")
        ch, self.pending = self.pending[0], self.pending[1:]
        return ch

    def unread(self, name: str, char: int) -> int:
        if char != _EOF:
            self.pending = bytes([char]) + self.pending
        return 1
