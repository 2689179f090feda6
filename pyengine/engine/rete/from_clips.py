"""CLIPS rules read into our rule language: a ``defrule``'s left-hand side as
:class:`~pyengine.engine.rete.lhs.RuleSpec` conditions.

The text comes from our one CLIPS reader (:mod:`pyengine.engine.clips_reader`);
expressions inside a rule (``:(...)``, ``=(...)``, ``(test ...)``, the actions) are
compiled by :mod:`pyengine.engine.clp.expressions`. Connective constraints follow
CLIPS's precedence: ``~`` binds tightest, then ``&``, then ``|``, except that a
leading variable takes the whole rest (``?x&1|2`` is ``?x&(1|2)``).

A field that tests a constant is read as CLIPS 6.4 runs it (:func:`hashed`): the
constant, and the tests that need an earlier pattern's variables; the field's other
tests on the fact's own values are not made, as CLIPS does not make them.

Anything outside the subset our engine runs is refused with the line it is on.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import GROUP_CES, Connective, Form, String, Symbol, Variable
from pyengine.engine.clp.expressions import ClpError, Frame, compile_expr
from pyengine.engine.clp.errors import ClpRuntimeError
from pyengine.engine.clp.slot_constraints import check_values, kind
from pyengine.engine.clp.values import to_value
from pyengine.engine.rete.clips_expressions import complexity, form_text, shape_text, variables_of
from pyengine.engine.rete.clips_rewrites import (Addressed, existing, for_all, negated,
                                                 tests_folded, units)
from pyengine.engine.rete.constraints import conjuncts
from pyengine.engine.rete.lhs import (And, AndC, Const, Elem, NotC, Or, OrC, Pattern, Pred,
                                      MAX_CONDITIONS, Ret, Skipped, Slot, Test,
                                      TooManyAlternatives, Var, conditions,
                                      constraint_variables, count_alternatives, flatten)

FALSE = "FALSE"
_JOINING = (Connective("&"), Connective("|"))      # a ``~`` starts a field of its own


#: what a ``=(...)`` whose call failed equals: no field's value
_NO_VALUE = object()


class LhsReader:
    """Reads one rule's conditions; ``bound`` grows with the variables bound so far."""

    def __init__(self, program, rule: str, line: int | None):
        self.program = program
        self.rule = rule
        self.line = line
        self.bound: set[str] = set()
        self.some_branches: set[str] = set()    # bound in some branches of an or only
        self.addresses: set[str] = set()        # variables bound to a pattern's fact
        self.held: set[str] = set()     # the variables the fact of the pattern read holds
        self.multi: dict[str, bool] = {}    # each pattern variable: $?x (True) or ?x

    def fail(self, message: str, where=None):
        raise ClpError(f"defrule {self.rule}: {message}", getattr(where, "line", None) or self.line)

    def note(self, text: str, where) -> None:
        """Something the rule does that its text does not say, with its file and line."""
        texts = self.program.texts
        name = texts[-1][0].replace("\\", "/").rsplit("/", 1)[-1] if texts else "program"
        line = getattr(where, "line", None) or self.line
        self.program.notes.append(f"{name}: line {line}: {text}" if line else f"{name}: {text}")

    # -- conditional elements ------------------------------------------------------------
    def ces(self, items: list) -> tuple[list, int]:
        """The conditions, and how many of them a leading ``(logical ...)`` holds."""
        out, logical = [], 0
        for item in units(items):
            if isinstance(item, Form) and item and item[0] == "logical":
                if out:
                    self.fail("(logical ...) must come first", item)
                inner, _ = self.ces(list(item[1:]))
                out += inner
                logical = len(flatten(inner))       # a (not (or ...)) is two nots
            else:
                out.append(self.ce(item))
        self.bounded(out)
        return out, logical

    def bounded(self, ces: list) -> None:
        """Refuse ``or`` s making more alternatives, or more conditions in one, than our
        engine takes."""
        try:
            count_alternatives(ces)
        except TooManyAlternatives as exc:
            self.fail(str(exc))
        if conditions(ces) > MAX_CONDITIONS:
            self.fail(f"more than {MAX_CONDITIONS} conditional elements in one alternative "
                      f"(nested ones counted): pyengine's engine takes at most {MAX_CONDITIONS}")

    def addressed(self, item: "Addressed"):
        """``?f <- (pattern)``: the pattern, its fact bound to ``?f``."""
        var, pattern = item.var, item.pattern
        if var.multi or not var.name:
            self.fail(f"{var} cannot hold a fact", var)
        if var.name in self.bound:          # as CLIPS refuses it: no fact is two facts
            self.fail(f"[ANALYSIS1] Duplicate pattern-address {var}" if var.name in
                      self.addresses else f"[ANALYSIS2] Pattern-address {var} was "
                      "previously bound within a pattern CE", var)
        got = self.pattern(pattern, address=var.name)
        self.bound.add(var.name)
        self.addresses.add(var.name)
        self.some_branches.discard(var.name)
        return got

    def ce(self, item):
        if isinstance(item, Addressed):
            return self.addressed(item)
        try:
            got = self._ce(item)
        except TooManyAlternatives as exc:          # inside a not, an exists, a forall
            self.fail(str(exc), item)
        if not got.text:
            got.text = self.written(item, None)
        return got

    def _ce(self, item):
        if not isinstance(item, Form) or not item or not isinstance(item[0], Symbol):
            self.fail(f"expected a pattern or a conditional element, not {item!r}", item)
        _call_tested(item, self.fail)
        item = tests_folded(item)
        head = str(item[0])
        if head in GROUP_CES and len(item) == 1:     # (and), (exists): CLIPS's words
            self.fail(f"[PRNTUTIL2] Syntax Error: Check appropriate syntax for the {head} "
                      "conditional element.", item)
        if head == "test":
            if len(item) != 2:
                self.fail("(test ...) takes one expression", item)
            return self.test(item[1])
        if head in ("not", "exists"):
            saved = set(self.bound)
            inner = [self.ce(x) for x in item[1:]]
            self.bound = saved                  # what a not/exists binds stays inside
            if head == "not" and len(inner) != 1:
                self.fail("(not ...) takes one conditional element (use (not (and ...)))", item)
            return negated(inner) if head == "not" else existing(inner)
        if head == "forall":
            saved = set(self.bound)
            if len(item) < 3:
                self.fail("(forall A B...) needs at least two conditional elements", item)
            first = [self.ce(item[1])]
            rest = [self.ce(x) for x in item[2:]]
            self.bound = saved
            return for_all(first, rest)
        if head == "and":
            return And([self.ce(x) for x in units(item[1:])])
        if head == "or":
            saved, branches, seen, every = set(self.bound), [], set(), None
            for x in units(item[1:]):
                self.bound = set(saved)
                branches.append([self.ce(x)])
                seen |= self.bound
                every = set(self.bound) if every is None else every & self.bound
            self.bound = seen
            self.some_branches |= seen - (every or set())
            return Or(branches)
        if head == "logical":
            self.fail("(logical ...) must come first", item)
        return self.pattern(item)

    def test(self, expr) -> Test:
        fn = self.expression(expr)
        uses = variables_of(expr)
        return Test(fn=lambda values: fn(values) != FALSE, uses=uses, code=form_text(expr),
                    shape=shape_text(expr, uses),
                    text=f"(test {form_text(expr)})", weight=complexity(expr))

    def expression(self, expr, failed=FALSE):
        """A CLIPS expression as ``fn(variables) -> value``; one whose call fails while
        the engine matches is ``failed`` (a test that does not pass), its error said as
        CLIPS says it (:meth:`ClipsHost.said_while_matching`)."""
        scope = self.program.scope.child(bound=self.bound)
        compiled = compile_expr(expr, scope)
        host, rule = self.program.host, self.rule

        def evaluate(values):
            try:
                return compiled(Frame(values, host))
            except ClpRuntimeError as exc:
                host.said_while_matching(f"{exc} (while matching rule {rule})")
                return failed
        return evaluate

    # -- patterns -------------------------------------------------------------------------
    def pattern(self, item, address: str | None = None) -> Pattern:
        if not isinstance(item, Form) or not item or not isinstance(item[0], Symbol):
            self.fail(f"expected a pattern, not {item!r}", item)
        name = str(item[0])
        if name in ("test", "not", "exists", "forall", "and", "or", "logical"):
            self.fail(f"({name} ...) cannot be bound to a fact", item)
        self.program.relation_used(name, getattr(item, "line", self.line))
        self.held = set()
        template = self.program.templates.get(name)
        cls = self.program.fact_class(name)
        if template is None:
            elems = self.fields(list(item[1:]), item)
            return Pattern(template=cls, slots=(Slot(None, tuple(elems), True),),
                           address=address, ordered=True, text=self.written(item, address))
        given: dict = {}
        for group in item[1:]:
            if not isinstance(group, Form) or not group or str(group[0]) not in template:
                self.fail(f"{form_text(group)} is not a slot of {name}", group)
            given[str(group[0])] = group
        read_slots = {}
        for slot, group in given.items():              # variables bind as written
            multi = template[slot][0]
            elems = self.fields(list(group[1:]), group)
            if not multi and (len(elems) != 1 or elems[0].multi):
                self.fail(f"slot {slot} of {name} holds one value", group)
            self.checked(name, slot, group, elems, multi)
            read_slots[slot] = Slot(slot, tuple(elems), multi)
        slots = list(read_slots.values())   # CLIPS tests slots in the order written
        return Pattern(template=cls, slots=tuple(slots), address=address,
                       text=self.written(item, address))

    def checked(self, template: str, slot: str, group, elems: list, multi: bool) -> None:
        """Refuse a constant the slot cannot hold, anywhere in its constraints but in a
        call (CLIPS's static check: ``(x abc|1)`` of an INTEGER slot is refused), and
        more or fewer single fields than a multislot's cardinality allows."""
        facets = self.program.scope.facets.get(template, {}).get(slot, {})
        if not facets:
            return
        items = list(group[1:])
        constants = [t for i, t in enumerate(items) if kind(t) and t not in (":", "=")
                     and not (i and items[i - 1] in (":", "="))]
        singles = sum(1 for e in elems if not e.multi)
        check_values(template, slot, facets, constants, getattr(group, "line", self.line),
                     f"defrule {self.rule}: a pattern",
                     (singles, any(e.multi for e in elems)) if multi else None)

    def written(self, item, address: str | None) -> str:
        """The pattern as the program writes it (one line), with its ``?f <-``."""
        text = self.program.text
        start, end = getattr(item, "start", None), getattr(item, "end", None)
        shown = " ".join(text[start:end].split()) if start is not None and \
            text[start:end].startswith("(") else form_text(item)
        return f"?{address} <- {shown}" if address else shown

    def fields(self, items: list, where) -> list[Elem]:
        """A sequence of field constraints (each may be ``$?``)."""
        out, i = [], 0
        while i < len(items):
            j = i + 1
            while j < len(items) and (items[j] in _JOINING or
                                      isinstance(items[j - 1], Connective) or
                                      items[j - 1] in (":", "=") and isinstance(items[j], Form)):
                j += 1
            out.append(self.field(items[i:j], where))
            i = j
        return out

    def field(self, terms: list, where) -> Elem:
        multi = isinstance(terms[0], Variable) and terms[0].multi
        if len(terms) == 1 and isinstance(terms[0], Variable) and not terms[0].name:
            return Elem(None, multi)
        constraint = self.connected(terms, where)
        if not multi:
            constraint = self.hashed(constraint, self.held, terms, where)
        # the fact holds a variable it binds or compares plainly (not one under ~ or |)
        self.held.update(p.name for p in conjuncts(constraint) if isinstance(p, Var))
        return Elem(constraint, multi)

    def hashed(self, constraint, held: set, terms: list, where):
        """A field as CLIPS 6.4 tests it. A field whose ``&``-joined parts (no ``|``)
        include a constant becomes a hashed lookup of that constant in CLIPS's pattern
        network (``FieldConversion``, ``ConstructFactPatternNetwork``), and the parts
        the fact could answer alone (a predicate, ``=(...)`` or ``~`` on this fact's
        values) are not made: ``(n 0&:(> ?k 1))`` matches every ``n`` of 0. They are
        kept as :class:`Skipped` (they count in the rule's specificity) and noted.
        Parts that need an earlier pattern's variables are made in the join, as
        written. Refused: a variable this fact already holds beside a constant (CLIPS
        would not compare it, and would read it from this field on), and two constants
        (CLIPS looks both up at once and finds nothing)."""
        parts = conjuncts(constraint)
        consts = [p for p in parts if isinstance(p, Const)]
        if not consts or len(parts) == 1:
            return constraint
        text = field_text(terms)
        if len(consts) > 1:
            self.fail(f"two constants in {text}: CLIPS 6.4 would look both up at once "
                      f"and match nothing", where)
        known, kept = set(held), []
        for part in parts:
            if isinstance(part, Var):
                if part.name in known:
                    self.fail(f"?{part.name} beside a constant in {text}: CLIPS 6.4 would "
                              f"not compare it and would read ?{part.name} from here on; "
                              f"compare in a test CE, (test (eq ...))", where)
                known.add(part.name)
            elif not isinstance(part, Const) and \
                    all(u in known for u in constraint_variables(part)):
                part = Skipped(part)
            kept.append(part)
        if any(isinstance(p, Skipped) for p in kept):
            self.note(f"defrule {self.rule}: CLIPS 6.4 tests only the constant in {text}; "
                      f"the field's other tests, on the fact's own values, are not made "
                      f"(on either engine)", where)
        return kept[0] if len(kept) == 1 else AndC(tuple(kept))

    def connected(self, terms: list, where):
        first = terms[0]
        if (isinstance(first, Variable) and first.name and len(terms) > 2
                and terms[1] == Connective("&")):
            var = self.variable(first)
            rest = self.or_expr(terms[2:], where)
            return AndC((var, rest))
        return self.or_expr(terms, where)

    def or_expr(self, terms, where):
        parts = _split(terms, "|")
        made = [self.and_expr(p, where) for p in parts]
        return made[0] if len(made) == 1 else OrC(tuple(made))

    def and_expr(self, terms, where):
        parts = _split(terms, "&")
        made = [self.term(p, where) for p in parts]
        return made[0] if len(made) == 1 else AndC(tuple(made))

    def term(self, terms, where):
        if terms and terms[0] == Connective("~"):
            return NotC(self.term(terms[1:], where))
        if len(terms) == 2 and terms[0] in (":", "=") and isinstance(terms[1], Form):
            fn = self.expression(terms[1], FALSE if terms[0] == ":" else _NO_VALUE)
            uses, code = variables_of(terms[1]), form_text(terms[1])
            shape = shape_text(terms[1], uses)
            if terms[0] == ":":
                return Pred(fn=lambda values: fn(values) != FALSE, uses=uses, code=code,
                            weight=complexity(terms[1]), shape=shape)
            return Ret(fn=fn, uses=uses, code=code, shape=shape)
        if len(terms) != 1:
            self.fail(f"cannot read the constraint {' '.join(map(form_text, terms))}", where)
        atom = terms[0]
        if isinstance(atom, Variable):
            if not atom.name:
                self.fail("a wildcard cannot be combined with other constraints", where)
            return self.variable(atom)
        if isinstance(atom, (Symbol, String, int, float)):
            return Const(to_value(atom))
        self.fail(f"cannot read the constraint {form_text(atom)}", where)

    def variable(self, atom: Variable) -> Var:
        if atom.is_global:
            self.fail(f"a global ({atom}) cannot be matched in a pattern", atom)
        if self.multi.setdefault(atom.name, atom.multi) != atom.multi:
            self.fail(f"[ANALYSIS3] Variable ?{atom.name} is used as both a single and "
                      "multifield variable in the LHS.", atom)
        self.bound.add(atom.name)
        self.some_branches.discard(atom.name)   # a pattern after the or binds it in all
        return Var(atom.name)


def field_text(terms: list) -> str:
    """A field's constraint as written, without spaces: ``0&:(> ?k 1)``."""
    return "".join(form_text(t) for t in terms)


def _split(terms: list, char: str) -> list[list]:
    parts, current = [], []
    for t in terms:
        if t == Connective(char):
            parts.append(current)
            current = []
        else:
            current.append(t)
    parts.append(current)
    return parts


def _call_tested(item, fail) -> None:
    """A ``test`` CE holds a function call, as CLIPS's parser requires ((test TRUE),
    (test ?n) are its [PRNTUTIL2]); inside not, exists, and, or, forall, logical too."""
    head = str(item[0]) if isinstance(item, Form) and item else ""
    if head == "test" and len(item) == 2 and not isinstance(item[1], Form):
        fail("[PRNTUTIL2] Syntax Error: Check appropriate syntax for function calls "
             f"((test ...) holds a call, not {item[1]})", item)
    if head in ("not", "exists", "and", "or", "forall", "logical"):
        for part in item[1:]:
            _call_tested(part, fail)
