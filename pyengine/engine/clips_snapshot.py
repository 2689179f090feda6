"""Snapshots of a CLIPS session, for stepping back without replaying from the start.

CLIPS has no way to copy an environment, but a state between firings can be
*rebuilt* in a fresh session of the same plan (the timeline opens the plan again,
which resets it). What a snapshot keeps, all of it read by CLIPS itself in a few
milliseconds (Python's own walk over 9,000 facts takes 30 times longer):

* the fact list: each fact's index and its text as ``save-facts`` writes it (the
  index from the C fact list, in the same order);
* the agenda listing, in order (``0 make_path: f-323,f-8705,f-8585,*``);
* the defglobals' values, the strategy, the seed, the firing count, and the
  highest fact index ever given out (the next assert must get the next one).

Restoring into the fresh session: the facts it holds already (the deffacts and
the plan's input facts, indices 1..D) are kept, changed with ``modify`` (CLIPS 6.4
keeps the index) or retracted; every later fact is loaded with ONE ``load-facts``,
in index order, the holes left by retracted facts filled with placeholder facts
(``(pyengine-gap N)``) that are retracted right after. The rules match the facts
as they load, so the agenda comes back too, except that the activations that had
fired already are back as well: refraction is restored by deleting every
activation the snapshot's listing does not hold. A fact modified after later ones were
asserted has a newer time tag than they (its place in the list kept): the facts past
the part of the snapshot's time order the rebuild has are modified again, in that
order (:func:`~pyengine.engine.clips_snapshot_checks.reentry`), so the rules meet
them as they did; an ordered fact among them cannot be, and the restore falls back.

Nothing is guessed: the rebuilt fact list (indices and text) and agenda listing
(in order) are compared with the snapshot's, and a difference raises
:class:`~pyengine.engine.timeline.SnapshotMismatch` (the timeline then starts from
an earlier snapshot, or from the start). Where a rebuild could match today and
still part ways later, no snapshot is taken (:func:`snapshot` returns None):

* a strategy other than depth or breadth: under depth and breadth, an agenda in
  the same order has its activations' time tags in the same order, which is all
  those strategies (and a later switch to simplicity or complexity) compare; lex
  and mea compare the facts' own time tags, which a rebuild cannot give back, and
  random the activations' random numbers (the C library's ``rand()``);
* rules or functions that call ``random``, ``gensym`` or ``gensym*`` (state outside
  the fact base), or change the program or the engine's settings (``build``,
  ``eval``, ``load``, ``undefrule``..., ``set-strategy``, ``set-fact-duplication``,
  ``set-break``...), rules with a ``logical`` CE (the rebuilt facts would have no
  logical support), rules whose conditions read a defglobal or query the fact base,
  themselves or through the functions they call (their matches depend on when they
  were made), salience evaluated other than when defined, more than one
  defmodule (agendas and a focus stack);
* COOL instances, or a fact-address, instance-address or external-address value in
  a fact or a defglobal (save-facts cannot write them back), a float in a fact that
  its 15 digits do not give back (``(+ 0.1 0.2)``), or, in a program calling
  ``sym-cat``, a symbol that does not read back as itself (``(sym-cat 7)`` would come
  back the integer 7, ``(sym-cat "new york")`` two symbols);
* a session whose trace misses firings (``watch rules`` was off), since then the
  highest fact index given out is not known;
* a session whose program was changed at the prompt (a construct typed or loaded, a
  rule removed, a breakpoint set, a command that changes what a snapshot does not
  keep: :func:`typed`); the fresh session would not have the change. Snapshots taken
  before it stay exact (the change is replayed after them).

Functions handed over with ``provide`` are taken to be pure (the same answer for
the same arguments).
"""
from __future__ import annotations

import os
import re
import tempfile

import clips
from clips._clips import ffi, lib
from clips.common import environment_builder

from pyengine.engine.clips_facts import top_fact_id
from pyengine.engine.clips_snapshot_checks import (MAKES_SYMBOLS, floats_kept, program_ok,
                                                  reentry, symbols_kept, time_order)
from pyengine.engine.clips_reader import Form, ReadError, String, Symbol, read
from pyengine.engine.timeline import SnapshotMismatch

_STRATEGIES = ("depth", "breadth")
_GAP = "pyengine-gap"
_ADDRESS = re.compile(r"<(?:Fact|Instance|Pointer)-")
_WATCHES = ("facts", "rules", "activations")


class _RoutersOff:
    """Every router of the environment off (CLIPS asks each one, a Python callback,
    about every piece it writes or reads, files and strings included: listing
    thousands of activations is many times slower with them on)."""

    def __init__(self, env):
        self.env = env._env
        self.names = [str(getattr(r, "name", None) or r._name.decode()).encode()
                      for r in env.routers()]

    def __enter__(self):
        for name in self.names:
            lib.DeactivateRouter(self.env, name)

    def __exit__(self, *exc):
        for name in self.names:
            lib.ActivateRouter(self.env, name)
        return False


class _Unheard(clips.Router):
    """While it is on, what CLIPS writes goes nowhere (with every other router off,
    CLIPS writes its errors to the process's own stderr)."""

    def __init__(self, env):
        super().__init__("pyengine-unheard", 100)
        self.env = env

    def query(self, name):
        return name in ("stdout", "stderr", "stdwrn")

    def write(self, name, message):
        pass

    def __enter__(self):
        self.env.add_router(self)

    def __exit__(self, *exc):
        self.delete()
        return False


def snapshot(session) -> dict | None:
    """The state of a ClipsSession between firings, or None where a rebuild could
    not be exact (see the module docstring)."""
    with _RoutersOff(session.env):
        try:
            return _snapshot(session)
        except (UnicodeError, OSError, clips.CLIPSError):
            return None     # a value clipspy cannot read, a file not written: replayed


def _snapshot(session) -> dict | None:
    env = session.env
    if session.strategy not in _STRATEGIES or not program_ok(session):
        return None
    if len(session.trace) != session.fired_total:
        return None                         # some firings unrecorded: the top id unknown
    if env.eval("(length$ (find-all-instances ((?i USER)) TRUE))"):
        return None
    ids, lines = fact_list(session)
    if ids is None or _ADDRESS.search("".join(lines)) or not floats_kept(env, ids, lines):
        return None
    if program_ok(session) == MAKES_SYMBOLS and not symbols_kept(env):
        return None
    order = time_order(env)
    if order is None:
        return None
    values = _globals(env)
    if values is None:
        return None
    return {"ids": ids, "lines": lines, "agenda": agenda_listing(env), "globals": values,
            "order": order,
            "top": max([top_fact_id(session), *ids[-1:]]),
            "strategy": session.strategy, "seed": session._seed,
            "fired": session.fired_total}


#: what a command typed at the prompt may call and leave a rebuild exact: it changes
#: only what a snapshot keeps (the facts, the agenda, the defglobals, the strategy), or
#: nothing. Anything else (a construct, ``load``, ``undefrule``, ``set-break``, a
#: ``bind`` of a prompt variable, ``seed``...) ends the session's snapshots: a goto
#: then replays from the start, the prompt's commands with it.
_KEEPS = frozenset("""
    assert retract modify duplicate facts agenda printout matches run halt reset
    set-strategy get-strategy refresh-agenda ppdefrule ppdeftemplate ppdeffacts
    ppdeffunction ppdefglobal list-defrules list-deftemplates list-deffacts
    list-deffunctions list-defglobals show-defglobals fact-index fact-relation
    fact-slot-value fact-slot-names fact-existp get-fact-list create$ nth$ length$
    member$ subseq$ first$ rest$ implode$ explode$ str-cat
    str-length sub-string str-index upcase lowcase str-compare + - * / div mod abs min max integer
    float round sqrt ** exp log eq neq = <> < > <= >= and or not numberp integerp
    floatp stringp symbolp lexemep multifieldp evenp oddp""".split())


def typed(session, form) -> None:
    """Hear of a command typed at the prompt (read by our reader): one that may change
    what a snapshot does not keep ends the session's snapshots."""
    if not _keeps(form, {slot.name for t in session.env.templates() for slot in t.slots}):
        changed(session)


def _keeps(form, slots: set) -> bool:
    """Does every call in the form keep a snapshot exact? Inside ``assert``,
    ``modify`` and ``duplicate`` a fact's relation and its slots' names are no calls."""
    todo = [(form, False)]
    while todo:
        item, in_fact = todo.pop()
        if not isinstance(item, Form) or not item:
            continue
        head = str(item[0])
        global_bind = head == "bind" and len(item) > 1 and str(item[1]).startswith("?*")
        if not (head in _KEEPS or global_bind or (in_fact and head in slots)):
            return False
        if head == "assert":
            todo += [(v, True) for fact in item[1:] if isinstance(fact, Form) for v in fact[1:]]
        else:
            todo += [(v, head in ("modify", "duplicate")) for v in item[1:]]
    return True


def changed(session) -> None:
    """The program was changed at the prompt (a construct, a load, a rule removed, a
    breakpoint...): no snapshot from now on; those taken before stay exact."""
    session._snapshot_program_ok = False


def _globals(env) -> dict | None:
    """Each defglobal's value (None if one holds an address)."""
    values = {}
    for g in env.globals():
        value = g.value
        for item in value if isinstance(value, (tuple, list)) else (value,):
            if not isinstance(item, (int, float, str)):
                return None
        values[g.name] = value
    return values


def fact_list(session) -> tuple[list[int] | None, list[str]]:
    """(indices, texts) of the facts, in the fact list's order, as CLIPS writes them
    with ``save-facts``; (None, []) if the two lists do not pair up (a string with a
    line break in it)."""
    env = session.env
    fd, path = tempfile.mkstemp(prefix="pyengine-", suffix=".clp")
    os.close(fd)
    try:
        env.save_facts(path, clips.SaveMode.VISIBLE_SAVE)
        with open(path, encoding="utf-8", errors="surrogateescape") as handle:
            lines = handle.read().splitlines()
    finally:
        os.remove(path)
    ids = []
    fact = lib.GetNextFact(env._env, ffi.NULL)
    while fact != ffi.NULL:
        ids.append(lib.FactIndex(fact))
        fact = lib.GetNextFact(env._env, fact)
    return (ids, lines) if len(ids) == len(lines) else (None, [])


def _activations(env):
    """(activation pointer, ``salience rule: f-1,f-2``) for the agenda in order, read
    through the C API (clipspy's Activation objects cost 70 microseconds each)."""
    builder = environment_builder(env._env, "string")
    act = lib.GetNextActivation(env._env, ffi.NULL)
    while act != ffi.NULL:
        lib.SBReset(builder)
        lib.ActivationPPForm(act, builder)
        yield act, ffi.string(builder.contents)
        act = lib.GetNextActivation(env._env, act)


def agenda_listing(env) -> list[bytes]:
    """The agenda in order, one ``salience rule: f-1,f-2`` line per activation."""
    return [text for _, text in _activations(env)]


class _Rebuild:
    """One restore: the snapshot put into a fresh session, then checked."""

    def __init__(self, session, snap: dict):
        self.session, self.env, self.snap = session, session.env, snap

    def run(self) -> range:
        s, snap = self.session, self.snap
        if snap["strategy"] not in _STRATEGIES or self._has_template(_GAP):
            raise SnapshotMismatch("this snapshot cannot be rebuilt here")
        watched = {item: s._watched.get(item, False) for item in _WATCHES}
        for item in _WATCHES:
            s._engine_watch(item, False)
        try:
            with _RoutersOff(self.env):
                s._set_strategy(snap["strategy"])
                s._strategy, s._seed = snap["strategy"], snap["seed"]
                self._facts()
                for name, value in snap["globals"].items():
                    try:
                        self.env.find_global(name).value = value
                    except (LookupError, clips.CLIPSError):
                        raise SnapshotMismatch(f"no defglobal ?*{name}* here") from None
                self._refraction()
                self._verify()
        finally:
            for item, on in watched.items():
                s._engine_watch(item, on)
        s.fired_total = snap["fired"]
        s._top = snap["top"]
        return range(1, snap["top"] + 1)        # every id given out by then

    def _has_template(self, name: str) -> bool:
        try:
            self.env.find_template(name)
        except LookupError:
            return False
        return True

    def _facts(self) -> None:
        """Keep, modify or retract the facts the fresh session holds; load the rest."""
        snap, env = self.snap, self.env
        want = dict(zip(snap["ids"], snap["lines"]))
        ids, lines = fact_list(self.session)
        if ids is None:
            raise SnapshotMismatch("the fresh session's facts cannot be listed")
        first = ids[-1] if ids else 0
        for fid, line in zip(ids, lines):
            if fid not in want:
                _eval(env, f"(retract {fid})")
            elif want[fid] != line:
                _eval(env, _modify_command(fid, want[fid]))
        if any(fid <= first and fid not in ids for fid in want):
            raise SnapshotMismatch("a fact of the snapshot has an index the fresh session used")
        later = [fid for fid in snap["ids"] if fid > first]
        if later or snap["top"] > first:
            self._load(first, later, want)
        try:                            # the facts in the order the rules met them
            again = reentry(env, snap["order"], want)
        except ValueError as exc:
            raise SnapshotMismatch(str(exc)) from None
        with _Unheard(env):             # the placeholder may fail a rule's test
            for fid, slot in again:
                _eval(env, f"(modify {fid} ({slot} pyengine-again))")
                _eval(env, _modify_command(fid, want[fid]))

    def _load(self, first: int, later: list[int], want: dict) -> None:
        """Facts ``first + 1`` to the top through one ``load-facts``, holes filled
        with placeholders that are retracted, their implied deftemplate removed."""
        alive = set(later)
        text = "\n".join(want[fid] if fid in alive else f"({_GAP} {fid})"
                         for fid in range(first + 1, self.snap["top"] + 1))
        fd, path = tempfile.mkstemp(prefix="pyengine-", suffix=".clp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as handle:
                handle.write(text + "\n")
            if not lib.LoadFacts(self.env._env, path.encode()):
                raise SnapshotMismatch("load-facts refused the snapshot's facts")
        finally:
            os.remove(path)
        if len(alive) < self.snap["top"] - first:
            _eval(self.env, f"(do-for-all-facts ((?f {_GAP})) TRUE (retract ?f))")
            _eval(self.env, f"(undeftemplate {_GAP})")

    def _refraction(self) -> None:
        """Delete the activations that had fired already (not in the listing), then
        check that what is left is the listing, in its order (deleting some
        activations does not move the others)."""
        keep = set(self.snap["agenda"])
        left = []
        for act, text in list(_activations(self.env)):
            if text in keep:
                left.append(text)
            else:
                lib.DeleteActivation(act)
        if left != self.snap["agenda"]:
            raise SnapshotMismatch("the rebuilt agenda differs from the snapshot's")

    def _verify(self) -> None:
        ids, lines = fact_list(self.session)
        if ids != self.snap["ids"] or lines != self.snap["lines"]:
            raise SnapshotMismatch("the rebuilt fact list differs from the snapshot's")


def _eval(env, command: str) -> None:
    try:
        env.eval(command)
    except (clips.CLIPSError, UnicodeError) as exc:    # a string of bytes not UTF-8
        raise SnapshotMismatch(f"{command[:40]}: {exc}") from None


def _modify_command(fid: int, line: str) -> str:
    """``(modify N (slot value) ...)`` giving fact N the slots of ``line``, a
    template fact as save-facts writes it: ``(name (slot value) ...)``. Read back by
    our reader first: every value must be a constant. save-facts writes a symbol as it
    is, and a rule can make any symbol (``(sym-cat "x (system ...)")``, ``explode$``):
    such text is never evaluated (SnapshotMismatch: the goto replays instead)."""
    name = line[1:].split(None, 1)[0].rstrip(")")
    command = f"(modify {fid} {line[len(name) + 1:-1].strip()})"
    try:
        forms = read(command)
    except ReadError:
        forms = []
    slots = forms[0][2:] if len(forms) == 1 else [None]
    if not all(isinstance(slot, Form) and slot and type(slot[0]) is Symbol
               and all(type(v) in _CONSTANTS for v in slot[1:]) for slot in slots):
        raise SnapshotMismatch(f"f-{fid} holds a value that does not read back as itself")
    return command


#: what a value read back from save-facts may be (no call, no variable)
_CONSTANTS = (Symbol, String, int, float)


def restore(session, snap: dict) -> range:
    """Put a snapshot into a fresh session of the same plan; the fact ids given out
    by then.
    Raises SnapshotMismatch if the rebuilt state is not the snapshot's."""
    return _Rebuild(session, snap).run()
