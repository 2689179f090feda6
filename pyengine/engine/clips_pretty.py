"""A construct read by our CLIPS reader, written back exactly as CLIPS 6.4 pretty-prints
it (what ``ppdefrule``, ``ppdeftemplate``, ``ppdeffacts`` and ``ppdeffunction`` show).

:func:`pretty` is the entry point: ``pretty(form)`` for a ``defrule``, ``deftemplate``,
``deffacts`` or ``deffunction`` form as :func:`clips_reader.read` gives it, in module
``MAIN`` (or the one given) unless its name says its module (``B::r`` keeps ``B``).

CLIPS does not lay a construct out after reading it: it writes the layout while it
parses, token by token, into a buffer it can take its last two additions back from
(:mod:`pyengine.engine.clips_pretty_actions` explains that buffer, and imitates it).
What comes out, in plain words (indentation grows 3 spaces a level):

* the head: ``(defrule MODULE::name``, the comment string, if any, after one space;
  everything else starts on a new line, 3 in;
* a rule's conditions one per line, then ``=>`` on a line of its own, then the actions
  one per line; the rule's ``)`` follows its last line (``=>)`` with no actions);
* a pattern on one line, its fields one space apart; ``&``, ``|``, ``~``, ``:`` and ``=``
  stick to their neighbours (``?x&:(> ?x 1)|7``);
* ``(not`` and ``(and``: the first condition inside after one space, the others on
  lines of their own lined up under it (5 further in than the ``(``); ``(or``: the same
  after two spaces, which lines its first condition up with the others too;
  ``(exists``, ``(forall``, ``(logical``: every condition inside on a line of its own,
  5 further in than the ``(``;
* ``(declare (salience 10) (auto-focus TRUE))``, ``?f <- (pattern)``, ``(test (call))``
  on one line;
* a function call on one line, ``(name arg arg)``, unless it has a layout of its own:
* ``if``: the condition on the line of ``(if``; then ``then``, each action, ``else`` and
  each action of the else branch on lines of their own, 3 further in;
* ``while``, ``loop-for-count``, ``progn$``, ``foreach``, ``progn``: the head on one line,
  each action below it, 3 further in; a ``do`` stays on the head's line (after two
  spaces when it follows a ``loop-for-count`` range, which ends with a space, as does
  ``(progn$ (?e ?list)``);
* ``switch``: ``(case X then`` and ``(default`` on lines of their own 3 in (``(default``
  followed by a space), their actions 3 further in;
* the fact-set queries: ``(do-for-all-facts ((?f a) (?g b))``, then the query and each
  action on lines of their own, 3 in;
* ``assert`` of several facts: one above the other, lined up after ``(assert`` (8 in);
* a deftemplate's slots one per line, with their attributes; a deffacts's facts one
  per line; a deffunction's parameter list on a line of its own, then its actions.

Values are written as CLIPS writes the value it read, not as typed: ``1.50`` is
``1.5``, ``1e3`` is ``1000.0``, ``3.`` is ``3.0``, ``+7`` is ``7``, a string's ``"`` and
``\\`` are escaped again. CLIPS's own oddities come out too: an instance name that
follows a field of a pattern loses its ``]`` and has its name twice (``(foo b[a a)``).
COOL (``object`` patterns, ``make-instance`` and its kin) is not laid out: ValueError.
One layout depends on CLIPS's past, which a form cannot tell: a deftemplate's default
calling ``if`` (or another function with a layout of its own) is indented from where
the construct CLIPS parsed before left it (none at its start, 3 after a rule, deffacts
or deffunction); we take none.
"""
from __future__ import annotations

from pyengine.engine.clips_pretty_actions import ActionPrinter, Tok
from pyengine.engine.clips_reader import (GROUP_CES, Connective, Form, InstanceName, String, Symbol,
                                          Variable)

__all__ = ["pretty", "CONSTRUCTS"]

#: The constructs :func:`pretty` writes.
CONSTRUCTS = ("defrule", "deftemplate", "deffacts", "deffunction")
#: Slot attributes whose values are listed one space apart.
VALUE_LISTS = frozenset({"type", "allowed-symbols", "allowed-strings", "allowed-lexemes",
                         "allowed-integers", "allowed-floats", "allowed-numbers",
                         "allowed-instance-names", "allowed-classes", "allowed-values"})


def pretty(form, module: str = "MAIN", templates=()) -> str:
    """The text CLIPS's pretty-print command shows for the construct ``form`` (without
    CLIPS's newline at the end), its name in ``module`` unless written ``M::name``.
    ``templates``: the names of the program's deftemplates; it matters only for a fact
    in an ``assert`` or a deffacts whose slot is named like a function with a layout of
    its own (``(assert (t (if 1)))``: a slot of template ``t``, or a call of ``if``).
    ValueError for anything but a construct of :data:`CONSTRUCTS` read to its end."""
    if not isinstance(form, Form) or len(form) < 2 or not isinstance(form[0], Symbol) \
            or str(form[0]) not in CONSTRUCTS or not isinstance(form[1], Symbol):
        raise ValueError("pretty() writes a defrule, deftemplate, deffacts or deffunction "
                         "form with a name")
    printer = ConstructPrinter(flatten(form[1:]) + [Tok("close", ")")], templates)
    try:
        getattr(printer, str(form[0]))(module)
    except RecursionError:
        raise ValueError(f"{form[0]} {form[1]}: nested too deeply to lay out") from None
    if printer.pos != len(printer.tokens):
        raise ValueError(f"{form[0]} {form[1]}: CLIPS would stop reading it before its end")
    text = printer.buf.text
    return text[:-1] if text.endswith("\n") else text


# -- tokens ----------------------------------------------------------------------------
def float_text(value: float) -> str:
    """A float as CLIPS prints it: 15 significant digits, ``.0`` when that has no point."""
    text = "%.15g" % value
    return text if ("." in text or "e" in text) else text + ".0"


def atom_token(atom) -> Tok:
    """The token of one atom as our reader gives it (a string quoted again, with ``"``
    and ``\\`` escaped; an integer as C's ``strtoll`` reads it, saturated)."""
    if isinstance(atom, String):
        escaped = str(atom).replace("\\", "\\\\").replace('"', '\\"')
        return Tok("string", f'"{escaped}"', str(atom))
    if isinstance(atom, Symbol):
        return Tok("symbol", str(atom), str(atom))
    if isinstance(atom, Variable):
        kind = "global" if atom.is_global else "variable" if atom.name else "wildcard"
        return Tok(("mf" if atom.multi else "") + kind, str(atom), atom.name)
    if isinstance(atom, InstanceName):
        return Tok("instance", atom.name, atom.name)
    if isinstance(atom, Connective):
        return Tok({"&": "and", "|": "or", "~": "not"}[atom.char], atom.char, atom.char)
    if isinstance(atom, float):
        return Tok("float", float_text(atom), atom)
    if isinstance(atom, int) and not isinstance(atom, bool):
        clamped = min(max(atom, -2**63), 2**63 - 1)
        return Tok("integer", str(clamped), clamped)
    raise ValueError(f"not a CLIPS token: {atom!r}")


def flatten(items) -> list:
    """The tokens of ``items`` in reading order: a form as ``(``, its items, ``)``
    (without recursion: the reader allows deep nests)."""
    out: list = []
    stack = [iter(items)]
    while stack:
        item = next(stack[-1], stack)
        if item is stack:                             # this level is done
            stack.pop()
            if stack:
                out.append(Tok("close", ")"))
        elif isinstance(item, Form):
            out.append(Tok("open", "("))
            stack.append(iter(item))
        else:
            out.append(atom_token(item))
    return out


class ConstructPrinter(ActionPrinter):
    """The constructs, a rule's conditions and facts, on top of :class:`ActionPrinter`."""

    LAYOUTS = {**ActionPrinter.LAYOUTS, "assert": "assert_call"}

    def head(self, keyword: str, module: str) -> Tok:
        """``(keyword MODULE::name "comment"``; returns the token after them (if not the
        construct's ``)``, already on a new line, 3 in)."""
        self.buf.save(f"({keyword} ")
        name = self.next()
        if "::" not in name.text:
            self.buf.backup()
            for piece in (module, "::", name.text):
                self.buf.save(piece)
        tok = self.next()
        if tok.kind == "string":
            self.buf.backup()
            self.buf.save(" ")
            self.buf.save(tok.text)
            tok = self.next()
        if tok.kind != "close":
            self.buf.backup()
            self.buf.save("\n   ")
            self.buf.save(tok.text)
        return tok

    # -- defrule --------------------------------------------------------------------------
    def defrule(self, module: str) -> None:
        tok = self.head("defrule", module)
        self.buf.depth = 3
        if not tok.is_word("=>"):
            self.condition(tok, "=>", first=True)
            self.buf.newline()
            self.conditions("=>")
        self.buf.save("\n   ")
        self.buf.depth = 3
        self.close_with(self.actions().text)
        self.buf.save("\n")

    def conditions(self, terminator: str) -> None:
        """Conditions one per line, up to ``terminator`` (``=>`` or ``)``)."""
        while self.condition(self.next(), terminator):
            self.buf.newline()
        self.buf.backup()
        self.buf.backup()
        if terminator != ")":
            self.buf.newline()
        self.buf.save(terminator)

    def condition(self, tok: Tok, terminator: str, first: bool = False) -> bool:
        """One conditional element from its first token ``tok``; False at ``terminator``."""
        if tok.kind == "variable":                    # ?f <- (pattern)
            self.buf.save(" ")
            self.next()                               # <-
            self.buf.save(" ")
            self.next()                               # (
            self.pattern(self.next())
            return True
        if tok.kind != "open":
            if tok.text == terminator:
                return False
            raise ValueError(f"a condition cannot start with {tok.text}")
        head = self.next()
        if first and head.is_word("declare"):
            self.declaration()
        elif head.is_word("test"):
            self.buf.save(" ")
            self.call_at_paren()
            self.next()                               # )
        elif head.kind == "symbol" and head.value in GROUP_CES:
            self.group(str(head.value))
        else:
            self.pattern(head)
        return True

    def group(self, name: str) -> None:
        """``(and``, ``(or``, ``(not``, ``(exists``, ``(forall``, ``(logical`` and the
        conditions inside, 5 further in."""
        self.buf.depth += 5
        if name == "or":
            self.buf.save("  ")
        elif name in ("and", "not"):
            self.buf.save(" ")
        else:
            self.buf.newline()
        self.conditions(")")
        self.buf.depth -= 5

    def declaration(self) -> None:
        """``(declare (salience ...) (auto-focus ...))`` after ``(declare``."""
        self.buf.save(" ")
        self.next()                                   # (
        while True:
            self.next()                               # salience or auto-focus
            self.buf.save(" ")
            self.atom_or_call()
            self.next()                               # )
            if self.next().kind == "close":
                return
            self.buf.backup()
            self.buf.save(" (")

    def pattern(self, relation: Tok) -> None:
        """A pattern after its ``(``, from its relation: a template's slots, or fields."""
        if relation.is_word("object"):
            raise ValueError("COOL's object patterns are not laid out")
        if self.pos < len(self.tokens) and self.tokens[self.pos].kind == "open":
            self.groups(self.next(), lambda name: self.fields())
        else:
            self.fields()

    def fields(self) -> None:
        """Fields one space apart, up to and with the ``)`` after them."""
        self.buf.save(" ")
        tok = self.next()
        if tok.kind == "close":
            self.close_with(")")
        while tok.kind != "close":
            if tok.kind in ("wildcard", "mfwildcard"):
                tok = self.next()
            else:
                tok = self.constraint(tok)
            if tok.kind != "close":
                self.buf.backup()
                self.buf.save(" ")
                self.buf.save(tok.text)

    def constraint(self, tok: Tok) -> Tok:
        """One field's constraint (``?x&~red|:(f ?x)``) from its first token; returns
        the token after it."""
        self.literal(tok)
        tok = self.next()
        while tok.kind in ("and", "or"):
            self.literal(self.next())
            tok = self.next()
        return tok

    def literal(self, tok: Tok) -> None:
        """One term of a constraint: ``~`` maybe, then a value, ``:(call)`` or ``=(call)``."""
        if tok.kind == "not":
            tok = self.next()
        if tok.is_word("=", ":"):
            self.call_at_paren()

    # -- facts: assert and deffacts -------------------------------------------------------
    def assert_call(self) -> None:
        """``(assert (fact) ...)``: the facts one above the other."""
        self.buf.save(" ")
        self.buf.depth += 8
        self.facts()
        self.buf.depth -= 8

    def facts(self, tok: Tok | None = None) -> None:
        """Facts one per line, up to the ``)`` after them; ``tok``: the first token, if
        read already (a deffacts: nothing more to do if it is that ``)``)."""
        if tok is not None and tok.kind == "close":
            return
        while True:
            tok = tok or self.next()
            if tok.kind == "close":
                break
            relation = self.next()
            if relation.value in self.templates:
                self.groups(self.next(), lambda name: self.slot_values())
            else:
                self.slot_values()
            self.buf.newline()
            tok = None
        self.close_with(")")

    # -- deftemplate ----------------------------------------------------------------------
    def deftemplate(self, module: str) -> None:
        tok = self.head("deftemplate", module)
        while tok.kind != "close":                    # tok: the ( of a slot
            self.next()                               # slot or multislot
            self.buf.save(" ")
            self.next()                               # the slot's name
            self.groups(self.next(), self.attribute)
            tok = self.next()
            if tok.kind != "close":
                self.buf.backup()
                self.buf.save("\n   ")
                self.buf.save(tok.text)
        self.buf.save("\n")

    def attribute(self, name: str) -> None:
        """A slot attribute's values after its name, and its ``)``."""
        if name in ("range", "cardinality"):
            for _ in range(2):
                self.buf.save(" ")
                self.next()
            self.next()                               # )
            return
        if name in ("default", "default-dynamic"):
            self.default_values()
            return
        self.buf.save(" ")
        if name in ("facet", "multifacet"):
            self.next()                               # the facet's name
            self.buf.save(" ")
        elif name not in VALUE_LISTS:
            raise ValueError(f"unknown slot attribute {name}")
        tok = self.next()
        while tok.kind != "close":
            self.buf.save(" ")
            tok = self.next()
        self.close_with(")")

    def default_values(self) -> None:
        """``(default ...)``'s values (calls allowed); ``?NONE`` / ``?DERIVE`` alone."""
        self.buf.save(" ")
        tok = self.next()
        while tok.kind != "close":
            self.atom_or_call(tok)
            if tok.kind in ("variable", "mfvariable"):
                self.next()                           # )
                return
            self.buf.save(" ")
            tok = self.next()
        self.close_with(")")

    # -- deffacts, deffunction ------------------------------------------------------------
    def deffacts(self, module: str) -> None:
        self.buf.depth = 3
        self.facts(self.head("deffacts", module))
        self.buf.save("\n")

    def deffunction(self, module: str) -> None:
        self.buf.depth = 3
        self.head("deffunction", module)              # ends with the ( of the parameters
        tok = self.next()
        named = False
        while tok.kind in ("variable", "mfvariable"):
            self.buf.save(" ")
            named = True
            tok = self.next()
        if named:
            self.close_with(")")
        self.buf.newline()
        self.close_with(self.actions().text)
        self.buf.save("\n")
