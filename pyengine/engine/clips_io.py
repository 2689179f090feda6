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
import traceback
import weakref
from functools import partial

import clips
from clips import common
from clips._clips import ffi, lib

from pyengine.engine.clips_c import abort_exit, halt_execution
from pyengine.engine.errors import ActionErrors
from pyengine.engine.rule_lines import Lines

_FIRE_HEAD = re.compile(rb"FIRE +\d+ \Z")
_FIRE = re.compile(r"FIRE +(\d+) (\S+): ?(.*)\Z", re.S)
_FACT_ID = re.compile(rb"f-(\d+) +\Z")
_IDS = re.compile(r"f-(\d+)")
_FACT_HEADS = (b"==> ", b"<== ")
_ACT_HEADS = (b"==> Activation ", b"<== Activation ")
_ELIDED = b" ..."
_BREAK_HEAD = b"Breaking on rule "
#: CLIPS's warning after a watched firing that called (halt)
_HALTED = re.compile(r"\[PRCCODE4\] WARNING: Execution halted during the actions of defrule '(.+)'\.\Z")
_LIMIT_NOTE = b"rule firing limit reached\n"
_EOF = -1


def ids_of(text: str) -> tuple[int, ...]:
    return tuple(int(m) for m in _IDS.findall(text))


def basis_of(text: str) -> tuple[int | None, ...]:
    """``f-3,*,f-5`` as CLIPS prints a partial match -> (3, None, 5)."""
    return tuple(None if part.strip() == "*" else int(part.strip()[2:])
                 for part in text.strip().split(",") if part.strip()[:2] in ("f-", "*"))


def _output(session, line: str, sent: int) -> None:
    """A line a rule printed, to the session (held weakly: no cycle through the router)."""
    session._output(line, sent)


class IORouter:
    """The session's router: watch records to the session, rule output in lines,
    ``stdin`` from the session's reader, CLIPS's error text when quiet.

    The session receives ``_on_fire(number, rule, ids, basis)``, ``_on_fact(arrow, id,
    text, elided)``, ``_on_activation(arrow, text)``, ``_on_break(rule)`` (CLIPS's
    "Breaking on rule NAME."), ``_output(line)`` and ``_read_input(prompt)``.

    It is installed with its own C callbacks rather than as a ``clips.Router``: a
    watched run writes a piece per value of every fact it changes, and clipspy's
    generic callbacks (decoding both the logical name and the text of each piece)
    cost as much again as the rules.

    It holds the session weakly (clipspy keeps it in a global table: a strong
    reference would keep the session, and its environment, alive for ever)."""

    def __init__(self, session):
        self.session = weakref.proxy(session)
        self.names = frozenset((b"stdout", b"stdin"))
        self.lines = Lines(partial(_output, self.session))  # what the rules print
        self.record: list[bytes] | None = None  # pieces of the watch record being read
        self.kind = ""              # "fire", "fact", "act", "break" or "?" (a fact head?)
        self.keep_text = False      # keep the text of fact records (for listeners)
        self.next_fire = 1          # the number CLIPS gives the next firing of this run
        self.rule_names: frozenset[str] = frozenset()   # what a FIRE record may name
        self.capture: list[str] | None = None   # everything, for (matches) and the like
        self.pending = b""          # what is left of the line (read) is reading
        self.held_note = False      # CLIPS's "rule firing limit reached", or a rule's?
        self.met = None             # a callback's Ctrl-C or MemoryError, raised after
        self._callbacks: tuple = ()

    def install(self, env, name: str) -> None:
        """Add the router to a clipspy Environment, above clipspy's error router (40):
        it takes stdout and stdin only. CLIPS's error text, when quiet, goes to a
        second router below the error router, which builds each CLIPSError's message
        first."""
        failed = self._failed
        cbs = (ffi.callback("_Bool(struct environment *, char *, void *)", self._query, False,
                            failed),
               ffi.callback("void(struct environment *, char *, char *, void *)", self._write,
                            onerror=failed),
               ffi.callback("int(struct environment *, char *, void *)", self._read, _EOF,
                            failed),
               ffi.callback("int(struct environment *, char *, int, void *)", self._unread, 0,
                            failed),
               ffi.callback("void(struct environment *, int, void *)", self._exit,
                            onerror=failed))
        self._callbacks = cbs        # alive as long as the environment: held in its data
        self._env, self._name = env._env, name.encode()
        common.environment_data(env._env, "routers")[name] = self
        lib.AddRouter(env._env, name.encode(), 50, cbs[0], cbs[1], cbs[2], cbs[3], cbs[4],
                      ffi.NULL)
        self.errors = _ErrorText(self.session, f"{name}-errors")
        self.errors.owner = weakref.ref(self)       # the environment holds the errors
        env.add_router(self.errors)

    def watching_firings(self) -> bool:
        """Are the rules watched (each firing's record read), so the firing running
        is known?"""
        return bool(self.session._watched.get("rules"))

    def aside(self):
        """A context in which the router is off: CLIPS asks it about every piece it
        writes anywhere, strings included, and listing facts writes many."""
        return _Aside(self)

    # -- routing -------------------------------------------------------------------------
    def set_quiet(self, on: bool) -> None:
        self.errors.quiet = on

    def _exit(self, env, code, context) -> None:
        """A rule called ``(exit)``: the process is not the program's to end. The exit
        is aborted and the action halted; the session says so."""
        abort_exit(env)
        halt_execution(env, True)
        self.session._exit_code = int(code)

    def _query(self, env, name, context) -> bool:
        return ffi.string(name) in self.names

    def _failed(self, kind, value, trace):
        """A callback raised: Ctrl-C (Python's own handler, outside a run's) or memory
        run out halt CLIPS and are raised once its call returns (:meth:`raise_pending`);
        cffi would print them and go on. Anything else is printed, as cffi prints it."""
        if issubclass(kind, (KeyboardInterrupt, MemoryError)):
            self.met = value
            halt_execution(self._env, True)
        else:
            traceback.print_exception(kind, value, trace)
        return None

    def raise_pending(self) -> None:
        """What a callback met during the CLIPS call just ended (Ctrl-C, no memory)."""
        met, self.met = self.met, None
        if met is not None:
            raise met

    def _write(self, env, name, message, context) -> None:
        note = self.session._interrupt
        if note is not None and note.forced:        # Ctrl-C twice: stop the action
            halt_execution(env, True)
        message = ffi.string(message)
        record = self.record
        if record is not None and self.kind == "fact" and not self.keep_text:
            if message == b"\n":                      # the common case, kept short
                self.record = None
                self._end(record)
            elif message == _ELIDED:
                record.append(message)
            return
        self.write(message)

    def write(self, message: bytes) -> None:
        """One piece CLIPS wrote on stdout."""
        if self.capture is not None:
            self.capture.append(message.decode("utf-8", "replace"))
            return
        record = self.record
        if self.held_note:
            self.held_note = False
            self._text(_LIMIT_NOTE)         # something followed it: a rule's line
        if record is None:
            if message == _LIMIT_NOTE and not self.lines.partial:
                self.held_note = True       # see ran()
                return
            self._start(message)
            return
        if self.kind == "?":                # "==> " seen: is this a fact id?
            if len(message) >= 8 and _FACT_ID.match(message):
                self.kind = "fact"
                record.append(message)
            else:
                self.record = None
                self._text(record[0])
                self.write(message)
            return
        if self.kind == "break":           # "Breaking on rule ", NAME, ".\n"
            record.append(message)
            if len(record) == 3:
                self.record = None
                if message == b".\n" and self.session._running:
                    self.end_line()
                    self.session._on_break(record[1].decode("utf-8", "replace"))
                else:
                    for piece in record:
                        self._text(piece)
            return
        if message == b"\n":
            self.record = None
            self._end(record)
        elif self.kind != "fact" or self.keep_text or message == _ELIDED:
            record.append(message)

    def _start(self, message: bytes) -> None:
        if message in _FACT_HEADS:
            self.record, self.kind = [message], "?"
        elif message in _ACT_HEADS:
            self.record, self.kind = [message], "act"
        elif message[:5] == b"FIRE " and _FIRE_HEAD.match(message):
            self.record, self.kind = [message], "fire"
        elif message == _BREAK_HEAD:
            self.record, self.kind = [message], "break"
        else:
            self._text(message)

    def _end(self, record: list[bytes]) -> None:
        s = self.session
        if self.kind in ("fact", "act") and self.lines.partial and \
                (s._firing is not None or s._said is not None):
            piece = self.lines.cut()
            if piece:                   # the unfinished line, before the change
                s._emit("output" if s._firing is not None else "said", piece)
        if self.kind == "fact":
            fid = int(_FACT_ID.match(record[1]).group(1))
            text = b"".join(record[2:]).decode("utf-8", "replace") if self.keep_text else ""
            s._on_fact(record[0][:3].decode(), fid, text, _ELIDED in record)
        elif self.kind == "act":
            s._on_activation(record[0][:3].decode(), b"".join(record[1:]).decode("utf-8", "replace"))
        else:
            line = b"".join(record).decode("utf-8", "replace")
            m = _FIRE.match(line)
            if m and int(m.group(1)) == self.next_fire and self._a_rule(m.group(2)):
                self.next_fire += 1
                self.errors.at_fire = self.errors.errors
                self.end_line()
                s._on_fire(int(m.group(1)), m.group(2), ids_of(m.group(3)),
                           basis_of(m.group(3)))
            else:
                self._text(record[0])
                for piece in record[1:]:
                    self._text(piece)
                self._text(b"\n")

    def _a_rule(self, name: str) -> bool:
        """Does a FIRE record name a rule (one built while the rules run too)?"""
        own = name.split("::")[-1]
        if own in self.rule_names:
            return True
        if lib.FindDefrule(self.session.env._env, name.encode("utf-8", "replace")) == ffi.NULL:
            return False
        self.rule_names = self.rule_names | {own}
        return True

    # -- rule output ------------------------------------------------------------------------
    def _text(self, message: bytes) -> None:
        self.lines.write(message.decode("utf-8", "replace"))

    def ran(self, fired: int, limit: int) -> None:
        """``Run(limit)`` returned after ``fired`` firings. CLIPS 6.4 ends a run by
        writing "rule firing limit reached" when the firings equal what is left of the
        limit, that is when exactly half the limit fired (not when it is reached): a
        note about our chunk of the run, not the program's output, so it is dropped
        then; a line so written any other time was a rule's."""
        if self.held_note and 2 * fired == limit:
            self.held_note = False

    def end_line(self) -> None:
        """A rule is done (or the next one fires): its unfinished line is a line."""
        if self.held_note:
            self.held_note = False
            self._text(_LIMIT_NOTE)
        if self.record is not None and self.kind == "?":
            self.record = None
            self._text(b"==> ")
        self.lines.end()

    # -- (read) and (readline) ------------------------------------------------------------------
    def _read(self, env, name, context) -> int:
        if not self.pending:
            prompt = self.lines.take()
            line = self.session._read_input(prompt)
            if line is None:
                return _EOF
            self.pending = (line + "\n").encode("utf-8")
        ch, self.pending = self.pending[0], self.pending[1:]
        return ch

    def _unread(self, env, name, char, context) -> int:
        if char != _EOF:
            self.pending = bytes([char]) + self.pending
        return 1


class _Aside:
    """Our routers and clipspy's error router off: CLIPS asks every active router about
    every piece it writes (into a string too), and these answer in Python."""

    def __init__(self, router: IORouter):
        self.router = router
        self.names = (router._name, router.errors.name.encode(), b"python-error-router")

    def __enter__(self):
        for name in self.names:
            lib.DeactivateRouter(self.router._env, name)

    def __exit__(self, *exc):
        for name in self.names:
            lib.ActivateRouter(self.router._env, name)
        return False


class _ErrorText(clips.Router):
    """CLIPS's error and warning text, kept in the session's diagnostics when quiet."""

    def __init__(self, session, name: str):
        super().__init__(name, 30)
        self.session = session      # the IORouter's weak proxy of it
        self.quiet = False
        self.dropping = False       # the guard halted an action: drop CLIPS's warnings
        self.partial = ""
        self.errors = 0             # pieces CLIPS wrote on stderr (not warnings), quiet
        self.owner = None           # the IORouter (weakly): which firing is running
        self.where: int | None = None   # the firing of the first error since mark()
        self.at_fire = 0            # the errors counted when the last firing began

    def drop(self, on: bool) -> None:
        """Drop what CLIPS writes on stderr (the guard halted an action and said why):
        clipspy's error router, which comes first, is off meanwhile (it adds each piece
        to all it holds: a recursion halted 10,000 calls deep wrote 220,000 pieces, 31 s
        of copying, before the command could say why)."""
        self.dropping = on
        self.partial = ""
        env = getattr(self, "_env", None)
        if env is not None:
            (lib.DeactivateRouter if on else lib.ActivateRouter)(env, b"python-error-router")

    def query(self, name: str) -> bool:
        return (self.quiet or self.dropping) and name in ("stderr", "stdwrn")

    def mark(self) -> tuple[int, int]:
        """Where the error text stands now, for :meth:`check_since`."""
        self.where = None
        return self.errors, self.session.diagnostics.mark()

    def check_since(self, mark: tuple[int, int], fired: range) -> None:
        """EngineHalted with CLIPS's errors since ``mark``, in one line, naming the
        firing of the first, if there were any. A rule's action that fails makes CLIPS
        write its error and stop the run after that firing (the firing made, its action
        cut; a few errors, such as a missing fact's, let it go on); quiet, the session
        says so, as our engine does (not quiet, CLIPS has printed it itself). Rules
        not watched (a session not recording), CLIPS does not say which firing
        erred: the run's ``fired`` firings are named instead."""
        said = self.said_after(mark)
        if said is None:
            return
        where = f"firing {self.where}" if self.where is not None else \
            f"firings {fired.start}-{fired.stop - 1}" if len(fired) > 1 else f"firing {fired.start}"
        raise ActionErrors(f"{where}: {said}",
                           max(1, len(self.session.diagnostics) - mark[1]))

    def said_after(self, mark: tuple[int, int]) -> str | None:
        """CLIPS's errors since ``mark`` (:meth:`mark`), in one line; None if none."""
        errors, seen = mark
        if self.errors == errors:
            return None
        return self.session.diagnostics.said_since(seen) or "CLIPS reported an error"

    def write(self, name: str, message: str) -> None:
        if self.dropping:
            return
        if name == "stderr":
            self.errors += 1
            owner = self.owner() if self.owner is not None else None
            if self.where is None and owner is not None and owner.watching_firings():
                self.where = self.session._fired_before + owner.next_fire - 1
        *lines, self.partial = (self.partial + message).split("\n")
        for line in lines:
            halted = _HALTED.match(line)
            if halted and self.errors == self.at_fire and self.session._running:
                self.session._emit("halted", halted.group(1))   # a (halt), no error: an
            elif line.strip():                  # event, said only where rules are watched
                self.session.diagnostics.append(line)
        if len(self.partial) > 10_000:
            self.session.diagnostics.append(self.partial)
            self.partial = ""
