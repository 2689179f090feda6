"""A CLIPS program (.clp source) loaded onto our engine.

:func:`load_program` reads the text with our one CLIPS reader and takes its
constructs in order: ``deftemplate``, ``deffacts``, ``defrule``, ``deffunction``,
``defglobal``, ``defmodule``. Anything else at the top level (a command such as
``(run)``, COOL, ``defgeneric``...) is refused before anything runs, with one line
naming it and its line. Expressions and actions are compiled once by
:mod:`pyengine.engine.clp`; conditions by :mod:`pyengine.engine.rete.from_clips`.

Facts are experta ``Fact`` objects of one class per template or relation (so the
inspector, the fact texts and ``rules --python`` treat both front ends alike);
:class:`~pyengine.engine.rete.program_host.ClipsHost` is what the compiled actions
call to assert, retract, modify, print and read.
"""
from __future__ import annotations

from pathlib import Path

from pyengine.engine.clips_reader import (Form, ReadError, String, Symbol, Variable, arrow_index,
                                          construct_text, make_form, read)
from pyengine.engine.clips_values import RESERVED_RELATIONS
from pyengine.engine.clp.actions import (ReturnSignal, compile_deffunction, compile_defglobal,
                                         reset_globals, sequence)
from pyengine.engine.clp.actions_facts import compile_deffacts
from pyengine.engine.clp.actions_templates import compile_deftemplate
from pyengine.engine.clp.expressions import ClpError, ClpRuntimeError, Frame, Scope, compile_expr
from pyengine.engine.rete.engine import Engine
from pyengine.engine.rete.clips_expressions import form_text
from pyengine.engine.rete.from_clips import LhsReader
from pyengine.engine.rete.lhs import RuleSpec
from pyengine.engine.rete.program_host import (SALIENCE_RANGE, MAX_SALIENCE, MIN_SALIENCE,
                                               ClipsFact, ClipsHost, salience_problem)
from pyengine.engine.clp.return_places import check_returns
from pyengine.engine.rete.program_modules import Modules
from pyengine.engine.rete.rule_constraints import addresses, check_rule

CONSTRUCTS = ("deftemplate", "deffacts", "defrule", "deffunction", "defglobal", "defmodule")

#: Largest program text we read (characters).
MAX_PROGRAM_CHARS = 2_000_000


class Program:
    """The constructs of one program, compiled, and the engine they run on."""

    def __init__(self, seed: int = 1):
        self.without: frozenset[str] = frozenset()     # rules left out as the text is read
        self.scope = Scope()
        self.templates = self.scope.templates
        self.classes: dict[str, type] = {}
        self.engine = Engine(strict=True)
        self.host = ClipsHost(self)
        self.holder = None                  # the ProgramEngine it serves (snapshots move it)
        self.modules = Modules()
        self.module = "MAIN"                # the module of the last defmodule read
        self.loading: str | None = None     # the module of the construct being read
        self.scope.relations, self.scope.known = self.relation_used, self.modules.owner.__contains__
        self.scope.sees = self.sees
        self.defined: list[tuple[str, str, str]] = []   # (construct, module, name) in order
        self.global_texts: dict[str, tuple[str, str]] = {}  # *x* -> (module, its defglobal)
        self.prompt_vars: dict = {}         # variables bound at the prompt, (bind ?x 3)
        self.deffacts: dict = {}        # (module, name) -> its facts' maker, in order
        self.engine.agenda.rng.seed(seed)
        self.text = ""
        self.texts: list[tuple[str, str]] = []     # (where, text) of each text loaded
        self.notes: list[str] = []          # what a reader should know of how it runs
        self.engine.initial = [self._initial_facts]

    @property
    def rng(self):
        """The random generator, the engine's (``(random)`` and each new activation
        draw from it, as CLIPS's both draw from ``rand()``)."""
        return self.engine.agenda.rng

    def fact_class(self, name: str) -> type:
        if name not in self.classes:
            self.classes[name] = type(name, (ClipsFact,), {"_clips_name": name})
        return self.classes[name]

    # -- loading ------------------------------------------------------------------------
    def load_text(self, text: str, where: str = "program") -> None:
        if len(text) > MAX_PROGRAM_CHARS:
            raise ClpError(f"{where}: over {MAX_PROGRAM_CHARS:,} characters; not read")
        self.text = text                        # for the patterns' labels, as written
        self.texts.append((where, text))
        try:
            forms = read(text)
        except ReadError as exc:
            raise ClpError(str(exc)) from None
        replaced = _replaced_rules(forms, self.module)
        for form in forms:
            if id(form) not in replaced and not self._left_out(form):
                self.construct(form)

    def _left_out(self, form) -> bool:
        """A rule this program does without (``without``: a plan that needs other rules
        of the file, as a CLIPS session undefines them after loading it)."""
        return bool(self.without) and isinstance(form, Form) and len(form) > 1 and \
            form[0] == Symbol("defrule") and _local(str(form[1])) in self.without

    def construct(self, form) -> None:
        line = getattr(form, "line", None)
        if not isinstance(form, Form) or not form or not isinstance(form[0], Symbol):
            raise ClpError(f"expected a construct such as (defrule ...), not {form_text(form)}", line)
        head = str(form[0])
        if head not in CONSTRUCTS:
            raise ClpError(f"({head} ...) is not a construct pyengine's engine runs "
                           f"(it runs {', '.join(CONSTRUCTS)})", line)
        self.loading = self.module
        if head in ("deftemplate", "deffacts", "deffunction", "defrule") and len(form) > 1 \
                and isinstance(form[1], Symbol) and "::" in form[1]:
            self.loading = str(form[1]).split("::", 1)[0]
            if self.loading not in self.modules.names:
                raise ClpError(f"({head} {form[1]} ...): [PRNTUTIL1] Unable to find defmodule "
                               f"'{self.loading}'.", line)
            if head != "defrule":
                form = _renamed(form, Symbol(_local(str(form[1]))))
        if head == "defglobal" and len(form) > 1 and isinstance(form[1], Symbol):
            self.loading = str(form[1])                     # (defglobal B ?*x* = 1)
        try:
            self._one_per_name(head, form, line)
            getattr(self, "_" + head)(form)
            self.defined.extend((head, self.loading, name) for name in _names(head, form))
        except RecursionError:      # our compiler recurses on nested calls, CLIPS's too
            raise ClpError(f"({head} ...) nests its calls too deeply for pyengine's engine "
                           f"(about 300 levels at most)", line) from None
        finally:
            self.loading = None

    def _one_per_name(self, head: str, form, line: int | None) -> None:
        """A rule, deffunction or defglobal whose name another module has: CLIPS keeps
        the two apart, our engine has one of each per name, so it is refused."""
        if head not in ("defrule", "deffunction", "defglobal"):
            return
        for name in _names(head, form):
            other = next((m for k, m, n in self.defined
                          if k == head and n == name and m != self.loading), None)
            if other is not None:
                what = "rule" if head == "defrule" else head
                raise ClpError(f"{head} {self.loading}::{name}: module {other} has a {what} "
                               f"{name} too (CLIPS keeps them apart); pyengine's engine "
                               "keeps one per name: rename one", line)

    def sees(self, construct: str, name: str) -> bool:
        """May the code being read (or typed at the prompt, in the current module) use
        the deffunction or defglobal ``name``: its module's own, or imported?"""
        owner = next((m for k, m, n in self.defined if k == construct and n == name), None)
        module = self.loading or self.engine.agenda.focus.current
        return owner is None or self.modules.sees_construct(module, construct, name, owner)

    def relation_used(self, name: str, line: int | None = None,
                      what: str = "a relation name") -> None:
        """A relation is used (by a construct being read, or a fact typed at the prompt
        in the current module): ClpError where CLIPS would make it a second template,
        or where its name is a word with a meaning of its own (``not``, ``test``...)."""
        if _local(name) in RESERVED_RELATIONS:
            raise ClpError(f"[PATTERN1] The symbol '{_local(name)}' has special meaning and "
                           f"may not be used as {what}.", line)
        module = self.loading or self.engine.agenda.focus.current
        self.modules.use(module, name, line)

    def _deftemplate(self, form) -> None:
        if len(form) > 1 and isinstance(form[1], Symbol):
            self.relation_used(str(form[1]), getattr(form, "line", None),
                               "a deftemplate name")
        compile_deftemplate(form, self.scope, self.host)
        self.fact_class(_local(str(form[1])))

    def _deffacts(self, form) -> None:
        name = (self.loading, str(form[1]) if len(form) > 1 else "")
        made = compile_deffacts(form, self.scope)
        self.deffacts.pop(name, None)   # redefined: the new one alone, last (as CLIPS)
        self.deffacts[name] = made

    def _deffunction(self, form) -> None:
        compile_deffunction(form, self.scope)

    def _defglobal(self, form) -> None:
        compile_defglobal(form, self.scope, self.host)
        items = list(form[1:])
        if items and isinstance(items[0], Symbol):
            items.pop(0)                                        # the module, in loading
        module = self.loading
        for var, value in zip(items[0::3], items[2::3]):      # ?*x* = value ...
            self.global_texts[var.name] = (str(module),
                                           f"(defglobal {module} {var} = {form_text(value)})")

    def _defmodule(self, form) -> None:
        if len(form) < 2 or not isinstance(form[1], Symbol):
            raise ClpError("defmodule needs a name", getattr(form, "line", None))
        self.module = self.modules.define(form)
        self.engine.agenda.focus.current = self.module     # as CLIPS's defmodule does

    def _defrule(self, form) -> None:
        line = getattr(form, "line", None)
        if len(form) < 2 or not isinstance(form[1], Symbol):
            raise ClpError("defrule needs a name", line)
        module, name = _qualified(str(form[1]), self.module)
        items = list(form[2:])
        if items and isinstance(items[0], String):
            items.pop(0)
        declare = self._declare(items.pop(0), name) if items and isinstance(items[0], Form) \
            and items[0] and items[0][0] == "declare" else {}
        arrow = arrow_index(items)
        if arrow is None:
            raise ClpError(f"defrule {name}: no => between conditions and actions", line)
        reader = LhsReader(self, name, line)
        ces, logical = reader.ces(items[:arrow])
        # a variable only some branches of an or bind is not the actions' (CLIPS's PRCCODE3)
        rhs = self.scope.child(bound=reader.bound - reader.some_branches, context="rhs")
        rhs.addresses = addresses(ces)
        check_returns(items[arrow + 1:], templates=self.scope.templates)
        actions = sequence(items[arrow + 1:], rhs, form)
        check_rule(name, ces, items[arrow + 1:], self.scope.facets, line)
        spec = RuleSpec(name=name, ces=ces, action=self._action(actions),
                        salience=declare.get("salience", 0), module=module,
                        salience_expr=declare.get("salience_expr"),
                        auto_focus=declare.get("auto-focus", False), logical=logical,
                        source=form_text(form),
                        origin=construct_text(self.text, form.start, form.end)
                        if getattr(form, "start", None) is not None else form_text(form))
        if module not in self.modules.names:
            self.modules.names.append(module)
        try:
            self.engine.add_rule(spec)
        except (ValueError, TypeError) as exc:     # a shape the network cannot take
            raise ClpError(f"defrule {name}: {exc}", line) from None

    def _declare(self, form, rule: str) -> dict:
        out: dict = {}
        if len(form) == 1:
            raise ClpError(f"defrule {rule}: [PRNTUTIL2] Syntax Error: Check appropriate "
                           "syntax for declare statement.", getattr(form, "line", None))
        for item in form[1:]:
            if not isinstance(item, Form) or len(item) != 2 or \
                    str(item[0]) not in ("salience", "auto-focus"):
                raise ClpError(f"defrule {rule}: (declare ...) takes (salience N) or "
                               "(auto-focus TRUE|FALSE)", getattr(form, "line", None))
            if item[0] == "auto-focus":
                out["auto-focus"] = item[1] == "TRUE"
            else:
                out.update(self._salience(item[1], rule, form))
        return out

    def _salience(self, expr, rule: str, form) -> dict:
        """A rule's salience, evaluated as it is defined (ClpError if it fails there),
        and (an expression) the function that evaluates it again: the value, or None
        once CLIPS's error is said (:meth:`ClipsHost.said_while_matching`)."""
        line = getattr(form, "line", None)
        if isinstance(expr, int) and not isinstance(expr, bool):
            if not MIN_SALIENCE <= expr <= MAX_SALIENCE:
                raise ClpError(f"defrule {rule}: {SALIENCE_RANGE}", line)
            return {"salience": expr}
        value = compile_expr(expr, self.scope.child(bound=()), form)
        host = self.host

        def evaluate() -> tuple[int | None, str | None]:
            try:
                got = value(Frame({}, host))
            except ClpRuntimeError as exc:
                return None, exc.message
            said = salience_problem(got)
            return (got, None) if said is None else (None, said)

        def reckon() -> int | None:
            got, said = evaluate()
            if said is not None:
                host.said_while_matching(f"{said} [PRNTUTIL8] This error occurred while "
                                     f"evaluating the salience for defrule '{rule}'.")
            return got
        first, said = evaluate()
        if said is not None:
            raise ClpError(f"defrule {rule}: {said}", line)
        return {"salience": first, "salience_expr": reckon}

    def _action(self, actions):
        host = self.host

        def act(engine, activation) -> None:
            try:
                actions(Frame(activation.variables(), host))
            except ReturnSignal:
                engine.returned = True      # the engine takes the module off the stack
        return act

    def _initial_facts(self, engine) -> None:
        """Reset: the globals back to their values, then the deffacts asserted through
        the host (into ``engine``, the program's), as CLIPS does."""
        reset_globals(self.scope, self.host)
        for make in list(self.deffacts.values()):
            make(Frame({}, self.host))


def load_program(paths=(), texts=(), seed: int = 1, without=()) -> Program:
    """A program from .clp files (and texts), in order, without the rules named
    ``without``; ClpError at the first problem, naming the file and line."""
    program = Program(seed)
    program.without = frozenset(without)
    read: list[tuple[str, str]] = []
    for path in map(Path, paths):
        try:
            read.append((str(path), path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError) as exc:
            raise ClpError(f"cannot read {path}: {exc}") from None
    for name, text in [*read, *texts]:
        try:
            program.load_text(text, name)
        except ClpError as exc:
            raise ClpError(f"{Path(name).name}: {exc}") from None
    return program


def _names(head: str, form) -> list[str]:
    """The names a construct defines (a defglobal may define several), as CLIPS's
    ``list-...`` commands show them."""
    if head == "defglobal":
        return [str(item.name).strip("*") for item in form[1:]
                if isinstance(item, Variable) and item.is_global]
    return [_local(str(form[1]))] if len(form) > 1 and isinstance(form[1], Symbol) else []


def _qualified(name: str, module: str) -> tuple[str, str]:
    mod, _, local = name.partition("::")
    return (mod, local) if "::" in name else (module, name)


def _renamed(form: Form, name) -> Form:
    """The construct with its module prefix dropped (one namespace for our engine)."""
    return make_form((form[0], name) + tuple(form[2:]), like=form)


def _local(name: str) -> str:
    return name.partition("::")[2] if "::" in name else name


def _replaced_rules(forms: list, module: str) -> set[int]:
    """The defrules (by ``id``) a later defrule of the same name and module replaces, as
    CLIPS's loading a rule again replaces the first (it never ran: a program's rules
    are all loaded before its reset)."""
    last: dict[tuple[str, str], object] = {}
    for form in forms:
        if not (isinstance(form, Form) and len(form) > 1 and isinstance(form[1], Symbol)):
            continue
        if form[0] == "defmodule":
            module = str(form[1])
        elif form[0] == "defrule":
            last[_qualified(str(form[1]), module)] = form
    kept = {id(f) for f in last.values()}
    return {id(f) for f in forms if isinstance(f, Form) and f and f[0] == "defrule"
            and len(f) > 1 and isinstance(f[1], Symbol) and id(f) not in kept}
