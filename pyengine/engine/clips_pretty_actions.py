"""The machinery of :mod:`pyengine.engine.clips_pretty` (whose docstring gives the
layout rules in plain words): CLIPS's pretty-print buffer, tokens, and the layout of
expressions and actions.

CLIPS writes a construct's pretty form while it parses it. Every token its parser reads
is appended to a buffer as it is read, and the parser adds to the buffer as it goes: a
space here, a line break and the current indentation there. When it has read one token
too many (the ``)`` that ends a list of arguments, the ``do`` of a ``while``), it takes
back the last one or two additions and writes them again as it wants them. The buffer
remembers only where its last two additions started, so a third step back takes back
nothing more; those rules, applied blindly, give CLIPS's odd spacing
(``(loop-for-count (?i 1 3)  do``, the space after ``(progn$ (?e ?rest)``).

We do the same: :class:`PPBuffer` keeps the text and the two last starts as CLIPS's
buffer does, and :class:`ActionPrinter` reads the construct's tokens one at a time, each
read saving the token, calling the buffer where CLIPS's parser does.
"""
from __future__ import annotations

from dataclasses import dataclass

#: Token kinds that stand for a value (a constant or a variable) in an action.
ATOMS = frozenset({"symbol", "string", "integer", "float", "variable", "mfvariable",
                   "global", "mfglobal", "instance"})


class PPBuffer:
    """CLIPS's pretty-print buffer: the additions so far, the indentation, and where
    the last two additions start (what :meth:`backup` can take back). The additions are
    kept as a list, not one string, so that a long deffacts is not copied at each one."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.depth = 0
        self._last = 0          # where (in pieces) the last addition starts
        self._before_last = 0   # where the one before it starts

    @property
    def text(self) -> str:
        return "".join(self.pieces)

    def save(self, piece: str) -> None:
        self._before_last, self._last = self._last, len(self.pieces)
        self.pieces.append(piece)

    def backup(self) -> None:
        """Take back the last addition (a second call takes back the one before; a
        third, nothing more)."""
        del self.pieces[self._last:]
        self._last = self._before_last

    def newline(self) -> None:
        """A line break and the current indentation, as one addition."""
        self.save("\n" + " " * self.depth)


@dataclass(frozen=True)
class Tok:
    """One token: its kind (``open``, ``close``, ``symbol``, ``string``, ``integer``,
    ``float``, ``variable``, ``global``, ``wildcard``, each of those three with ``mf``
    before it for ``$?``, ``instance``, and the connectives ``and``, ``or``, ``not``),
    its print form (CLIPS's text for it; an instance name's without its brackets) and
    its value."""

    kind: str
    text: str
    value: object = None

    def is_word(self, *words: str) -> bool:
        return self.kind == "symbol" and self.value in words


#: The fact-set and instance-set queries, without actions and with them.
QUERIES = frozenset({"any-factp", "find-fact", "find-all-facts", "any-instancep",
                     "find-instance", "find-all-instances"})
QUERIES_WITH_ACTIONS = frozenset({"do-for-fact", "do-for-all-facts",
                                  "delayed-do-for-all-facts", "do-for-instance",
                                  "do-for-all-instances", "delayed-do-for-all-instances"})
#: COOL's instance functions, laid out by parsers of their own we do not reproduce.
COOL_LAYOUTS = frozenset({"object-pattern-match-delay"} | {
    prefix + name for prefix in ("", "active-")
    for name in ("make-instance", "initialize-instance", "modify-instance",
                 "duplicate-instance", "message-modify-instance",
                 "message-duplicate-instance")})


class ActionPrinter:
    """Reads one construct's tokens as CLIPS's parser does and writes its pretty form
    into :attr:`buf`. This class knows expressions and actions; the constructs, a rule's
    conditions and facts (``assert`` and deffacts) are those of
    :class:`pyengine.engine.clips_pretty.ConstructPrinter`, which adds to :attr:`LAYOUTS`."""

    #: Functions with a layout of their own -> the method that writes them.
    LAYOUTS = {"if": "if_call", "while": "while_call", "loop-for-count": "loop_for_count_call",
               "progn": "body", "bind": "bind_call", "return": "return_call",
               "break": "break_call", "switch": "switch_call", "progn$": "progn_each_call",
               "foreach": "foreach_call", "modify": "modify_call", "duplicate": "modify_call",
               **{name: "query_call" for name in QUERIES},
               **{name: "query_action_call" for name in QUERIES_WITH_ACTIONS}}

    def __init__(self, tokens: list, templates=()) -> None:
        self.tokens = tokens
        self.pos = 0
        self.buf = PPBuffer()
        self.templates = frozenset(templates)

    # -- reading ------------------------------------------------------------------------
    def next(self) -> Tok:
        """The next token, saved into the buffer (an instance name as ``[``, name, ``]``)."""
        if self.pos >= len(self.tokens):
            raise ValueError("the construct ends too soon")
        tok = self.tokens[self.pos]
        self.pos += 1
        if tok.kind == "instance":
            for piece in ("[", tok.text, "]"):
                self.buf.save(piece)
        else:
            self.buf.save(tok.text)
        return tok

    def close_with(self, text: str = ")") -> None:
        """Take back the last two additions and write ``text`` instead: how CLIPS ends a
        list it read one token too far into."""
        self.buf.backup()
        self.buf.backup()
        self.buf.save(text)

    # -- expressions --------------------------------------------------------------------
    def call_after_paren(self) -> None:
        """A function call whose ``(`` was read: its name, then its arguments."""
        head = self.next()
        self.call(str(head.value))

    def call(self, name: str) -> None:
        """A call of ``name`` (already read): its own layout, or its arguments on one line."""
        if name in COOL_LAYOUTS:
            raise ValueError(f"{name}: COOL's layouts are not reproduced")
        layout = self.LAYOUTS.get(name)
        if layout is not None:
            getattr(self, layout)()
        else:
            self.arguments()

    def call_at_paren(self) -> None:
        """A function call starting at the next token, its ``(``."""
        self.next()
        self.call_after_paren()

    def arguments(self) -> None:
        """Arguments separated by one space, up to the closing ``)``."""
        while True:
            self.buf.save(" ")
            if not self.argument():
                self.close_with(")")
                return

    def argument(self) -> bool:
        """One argument (a value or a call); False at the closing ``)``."""
        tok = self.next()
        if tok.kind == "close":
            return False
        if tok.kind == "open":
            self.call_after_paren()
        return True

    def atom_or_call(self, tok: Tok | None = None) -> None:
        """A value or a call, from ``tok`` if it was read already."""
        tok = tok or self.next()
        if tok.kind == "open":
            self.call_after_paren()

    def actions(self, tok: Tok | None = None, end_word: str | None = None) -> Tok:
        """Actions, each followed by a line break, up to the token that ends them (a
        ``)``, or ``end_word``), which is returned; ``tok``: the first, if read already."""
        while True:
            tok = tok or self.next()
            if end_word is not None and tok.is_word(end_word):
                return tok
            if tok.kind == "open":
                self.call_after_paren()
            elif tok.kind not in ATOMS:
                return tok
            self.buf.newline()
            tok = None

    def body(self) -> None:
        """Actions 3 further in, up to the ``)`` that ends the call they belong to."""
        self.buf.depth += 3
        self.buf.newline()
        end = self.actions()
        self.buf.depth -= 3
        self.close_with(end.text)

    # -- functions with a layout of their own -------------------------------------------
    def if_call(self) -> None:
        """``(if c then a... else b...)``: then, else and each action on lines of their own."""
        self.buf.save(" ")
        self.atom_or_call()
        self.buf.depth += 3
        self.buf.newline()
        self.next()                                   # then
        self.buf.newline()
        end = self.actions(end_word="else")
        if end.kind != "close":
            self.buf.newline()
            end = self.actions()
        self.buf.depth -= 3
        self.close_with(end.text)

    def loop_head_end(self) -> None:
        """After a loop's head: ``do`` (kept on the head's line after a space) or its
        first action, then the actions 3 further in."""
        tok = self.next()
        self.buf.backup()
        if tok.is_word("do"):
            self.buf.save(" ")
            self.buf.save(tok.text)
            tok = None
        self.buf.depth += 3
        self.buf.newline()
        if tok is not None:
            self.buf.save(tok.text)
        end = self.actions(tok)
        self.close_with(end.text)
        self.buf.depth -= 3

    def while_call(self) -> None:
        """``(while c do a...)``: the actions 3 further in."""
        self.buf.save(" ")
        self.atom_or_call()
        self.loop_head_end()

    def loop_for_count_call(self) -> None:
        """``(loop-for-count 3 ...)``, ``(loop-for-count (?i 1 3) ...)``, ``(... (f) ...)``."""
        self.buf.save(" ")
        tok = self.next()
        if tok.kind != "open":
            self.atom_or_call(tok)                    # (loop-for-count 3 ...)
        else:
            tok = self.next()
            if tok.kind != "variable":                # (loop-for-count (f x) ...)
                self.call(str(tok.value))
            else:                                     # (loop-for-count (?i 1 3) ...)
                self.buf.save(" ")
                self.atom_or_call()
                self.buf.save(" ")
                tok = self.next()
                if tok.kind == "close":
                    self.close_with(tok.text)
                else:
                    self.atom_or_call(tok)
                    self.next()                       # )
                self.buf.save(" ")
        self.loop_head_end()

    def bind_call(self) -> None:
        """``(bind ?x value...)`` on one line."""
        self.buf.save(" ")
        self.next()                                   # the variable
        self.arguments()

    def return_call(self) -> None:
        """``(return)`` or ``(return value)``."""
        self.buf.save(" ")
        if self.argument():
            self.buf.save(" ")
            self.next()                               # )
        self.close_with(")")

    def break_call(self) -> None:
        """``(break)``."""
        self.buf.save(" ")
        self.next()                                   # )
        self.close_with(")")

    def switch_call(self) -> None:
        """``(switch x (case v then a...) (default a...))``: each case on a line of its own."""
        self.buf.depth += 3
        self.buf.save(" ")
        self.atom_or_call()
        tok = self.next()
        while tok.kind != "close":
            self.buf.backup()
            self.buf.newline()
            self.buf.save(tok.text)                   # (
            tok = self.next()                         # case or default
            self.buf.save(" ")
            if tok.is_word("case"):
                self.atom_or_call()
                self.buf.save(" ")
                self.next()                           # then
            self.body()
            tok = self.next()
        self.buf.depth -= 3

    def progn_each_call(self) -> None:
        """``(progn$ ?list ...)``, ``(progn$ (?e ?list) ...)`` (a space after its ``)``)."""
        self.buf.save(" ")
        tok = self.next()
        if tok.kind != "open":
            self.atom_or_call(tok)                    # (progn$ ?list ...)
        else:
            tok = self.next()
            if tok.kind != "variable":                # (progn$ (create$ a b) ...)
                self.call(str(tok.value))
            else:                                     # (progn$ (?e ?list) ...)
                self.buf.save(" ")
                self.atom_or_call()
                tok = self.next()                     # )
                self.buf.backup()
                self.buf.save(tok.text)
                self.buf.save(" ")
        self.body()

    def foreach_call(self) -> None:
        """``(foreach ?e ?list a...)``: the actions 3 further in."""
        self.buf.save(" ")
        self.next()                                   # the variable
        self.buf.save(" ")
        self.atom_or_call()
        self.body()

    def query_sets(self) -> None:
        """A fact-set query's ``((?f a b) (?g c))``."""
        self.buf.save(" ")
        self.next()                                   # (
        tok = self.next()
        while tok.kind == "open":
            self.next()                               # ?f
            self.buf.save(" ")
            self.argument()                           # the first template
            self.buf.save(" ")
            while self.argument():
                self.buf.save(" ")
            self.close_with(")")
            self.buf.save(" ")
            tok = self.next()
        self.close_with(")")

    def query_call(self, with_actions: bool = False) -> None:
        """A query: its sets, then the query and any actions on lines 3 further in."""
        self.query_sets()
        self.buf.depth += 3
        self.buf.newline()
        self.argument()                               # the query
        if with_actions:
            self.buf.newline()
            self.close_with(self.actions().text)
        else:
            self.next()                               # )
        self.buf.depth -= 3

    def query_action_call(self) -> None:
        """``(do-for-all-facts ((?f t)) query a...)`` and its kin."""
        self.query_call(with_actions=True)

    # -- facts: modify and duplicate ----------------------------------------------------
    def slot_values(self) -> None:
        """A slot's values, one space apart, and its ``)``."""
        self.buf.save(" ")
        while self.fact_value():
            self.buf.save(" ")
        self.close_with(")")

    def fact_value(self) -> bool:
        """One value of a fact (a constant, a variable, a call, ``=(call)``); False at ``)``."""
        tok = self.next()
        if tok.kind == "close":
            return False
        if tok.is_word("="):
            self.call_at_paren()
        elif tok.kind == "open":
            self.call_after_paren()
        return True

    def modify_call(self) -> None:
        """``(modify ?f (slot v...) ...)`` and ``duplicate``, on one line."""
        self.buf.save(" ")
        tok = self.next()                             # the fact: ?f, an index, a call
        if tok.kind == "open":
            self.call_after_paren()
        self.groups(self.next(), lambda name: self.slot_values())

    def groups(self, tok: Tok, write) -> None:
        """``(name ...)`` groups one space apart (a template's slots in a pattern, a fact
        or ``modify``; a slot's attributes), from ``tok``, their first ``(``, up to the
        ``)`` after them, which is read; ``write(name)`` writes each group after its name."""
        while tok.kind != "close":
            self.buf.backup()
            self.buf.save(" ")
            self.buf.save(tok.text)                   # (
            write(str(self.next().value))
            tok = self.next()
