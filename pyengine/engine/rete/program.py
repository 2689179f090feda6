"""A CLIPS program (.clp source) loaded onto our engine.

:func:`load_program` reads the text with our one CLIPS reader and takes its
constructs in order: ``deftemplate``, ``deffacts``, ``defrule``, ``deffunction``,
``defglobal``, ``defmodule``. Anything else at the top level (a command such as
``(run)``, COOL, ``defgeneric``...) is refused before anything runs, with one line
naming it and its line. Expressions and actions are compiled once by
:mod:`pyengine.engine.clp`; conditions by :mod:`pyengine.engine.rete.from_clips`.

Facts are experta ``Fact`` objects of one class per template or relation (so the
inspector, the fact texts and ``rules --python`` treat both front ends alike);
:class:`ClipsHost` is what the compiled actions call to assert, retract, modify,
print and read (:class:`pyengine.engine.clp.host.Host`).
"""
from __future__ import annotations

import random
import time
from pathlib import Path

from pyengine.engine.compat import experta
from pyengine.engine.clips_reader import (Form, ReadError, String, Symbol, Variable,
                                          construct_text, make_form, read)
from pyengine.engine.clp.actions import (ReturnSignal, compile_deffunction, compile_defglobal,
                                         reset_globals, sequence)
from pyengine.engine.clp.actions_facts import compile_deffacts
from pyengine.engine.clp.actions_templates import compile_deftemplate
from pyengine.engine.clp.expressions import ClpError, ClpRuntimeError, Frame, Scope, compile_expr
from pyengine.engine.clp.values import FALSE
from pyengine.engine.rete.engine import Engine
from pyengine.engine.rete.facts import new_fact
from pyengine.engine.rete.from_clips import LhsReader, form_text
from pyengine.engine.rete.lhs import RuleSpec
from pyengine.engine.rete.patterns import fields_of
from pyengine.engine.rete.program_modules import Modules
from pyengine.engine.rete.rule_constraints import addresses, check_rule
from pyengine.engine.errors import OutOfTime
from pyengine.engine.interrupt import current_budget

CONSTRUCTS = ("deftemplate", "deffacts", "defrule", "deffunction", "defglobal", "defmodule")
#: Largest program text we read (characters).
MAX_PROGRAM_CHARS = 2_000_000


class ClipsFact(experta.Fact):
    """A fact of a CLIPS template or relation (the class carries the name)."""

    _clips_name = "fact"

    def __str__(self) -> str:
        return f"<Fact-{self.get('__factid__', 0)}>"

    __repr__ = __str__


class Program:
    """The constructs of one program, compiled, and the engine they run on."""

    def __init__(self, seed: int = 1):
        self.scope = Scope()
        self.templates = self.scope.templates
        self.classes: dict[str, type] = {}
        self.engine = Engine(strict=True)
        self.host = ClipsHost(self)
        self.modules = Modules()
        self.module = "MAIN"                # the module of the last defmodule read
        self.loading: str | None = None     # the module of the construct being read
        self.scope.relations, self.scope.known = self.relation_used, self.modules.owner.__contains__
        self.defined: list[tuple[str, str, str]] = []   # (construct, module, name) in order
        self.global_texts: dict[str, tuple[str, str]] = {}  # *x* -> (module, its defglobal)
        self.prompt_vars: dict = {}         # variables bound at the prompt, (bind ?x 3)
        self.deffacts: list = []
        self.rng = random.Random(seed)
        self.text = ""
        self.texts: list[tuple[str, str]] = []     # (where, text) of each text loaded
        self.notes: list[str] = []          # what a reader should know of how it runs
        self.engine.initial = [self._initial_facts]

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
        for form in forms:
            self.construct(form)

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

    def relation_used(self, name: str, line: int | None = None) -> None:
        """A relation is used (by a construct being read, or a fact typed at the prompt
        in the current module): ClpError where CLIPS would make it a second template."""
        module = self.loading or self.engine.agenda.focus.current
        self.modules.use(module, name, line)

    def _deftemplate(self, form) -> None:
        if len(form) > 1 and isinstance(form[1], Symbol):
            self.relation_used(str(form[1]), getattr(form, "line", None))
        compile_deftemplate(form, self.scope, self.host)
        self.fact_class(_local(str(form[1])))

    def _deffacts(self, form) -> None:
        self.deffacts.append(compile_deffacts(form, self.scope))

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
        if "=>" not in items:
            raise ClpError(f"defrule {name}: no => between conditions and actions", line)
        arrow = items.index("=>")
        reader = LhsReader(self, name, line)
        ces, logical = reader.ces(items[:arrow])
        (rhs := self.scope.child(bound=reader.bound, context="rhs")).addresses = addresses(ces)
        actions = sequence(items[arrow + 1:], rhs, form)
        check_rule(name, ces, items[arrow + 1:], self.scope.facets, line)
        spec = RuleSpec(name=name, ces=ces, action=self._action(actions),
                        salience=declare.get("salience", 0), module=module,
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
        for item in form[1:]:
            if not isinstance(item, Form) or len(item) != 2 or \
                    str(item[0]) not in ("salience", "auto-focus"):
                raise ClpError(f"defrule {rule}: (declare ...) takes (salience N) or "
                               "(auto-focus TRUE|FALSE)", getattr(form, "line", None))
            if item[0] == "auto-focus":
                out["auto-focus"] = item[1] == "TRUE"
            elif isinstance(item[1], int):
                out["salience"] = item[1]
            else:
                value = compile_expr(item[1], self.scope.child(bound=()), form)
                host = self.host
                out["salience"] = lambda values: value(Frame({}, host))
        return out

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
        for make in self.deffacts:
            make(Frame({}, self.host))


class ClipsHost:
    """The engine as the program's compiled actions see it (clp.host.Host)."""

    def __init__(self, program: Program):
        self.program = program
        self.output = lambda router, text: None
        self.input = lambda: None
        self.warned = lambda text: None

    @property
    def engine(self) -> Engine:
        return self.program.engine

    def _fact(self, target):
        if isinstance(target, int):
            fact = self.engine.facts.get(target)
            if fact is None:
                raise ClpRuntimeError(f"Unable to find fact f-{target}.")
            return fact
        if not isinstance(target, ClipsFact) or \
                self.engine.facts.get(target.get("__factid__")) is not target:
            raise ClpRuntimeError("The fact was retracted: it cannot be changed.")
        return target

    def assert_fact(self, template, slots, fields):
        cls = self.program.fact_class(template)
        if slots is not None:
            return _made(self.engine.assert_fact(new_fact(cls, slots)))
        return _made(self.engine.assert_fact(new_fact(cls, dict(enumerate(fields)),
                                                      tuple(fields))))

    def retract(self, target) -> None:
        self.engine.retract(self._fact(target))

    def modify(self, target, changes):
        return _made(self.engine.modify(self._fact(target), dict(changes)))

    def duplicate(self, target, changes):
        return _made(self.engine.duplicate(self._fact(target), dict(changes)))

    def fact_index(self, fact) -> int:
        fid = fact.get("__factid__", -1)
        return fid if self.engine.facts.get(fid) is fact else -1

    def fact_id(self, fact) -> int:
        return fact.get("__factid__", 0)

    def fact_slot(self, fact, slot):
        fact = self._fact(fact) if isinstance(fact, int) else fact
        template = self.fact_template(fact)
        if slot is None and template is None:
            return fields_of(fact)
        if template is None or slot not in self.program.templates[template]:
            raise ClpRuntimeError(f"Invalid slot '{slot or 'implied'}' not defined in corresponding "
                                  f"deftemplate '{type(fact)._clips_name}'.", code="TMPLTDEF1")
        return fact[slot]

    def fact_exists(self, fact) -> bool:
        if isinstance(fact, int):
            return fact in self.engine.facts
        return self.fact_index(fact) != -1

    def fact_template(self, fact):
        fact = self._fact(fact) if isinstance(fact, int) else fact
        name = type(fact)._clips_name
        return name if name in self.program.templates else None

    def facts_of(self, template):
        if template not in self.program.templates and not self.has_relation(template):
            raise ClpRuntimeError(f"Unable to find deftemplate {template}.")
        return [f for _, f in self.engine.facts.items() if type(f)._clips_name == template]

    def template_slots(self, name):
        return self.program.templates.get(name)

    def template_facets(self, name):
        return self.program.scope.facets.get(name, {})

    def halt(self) -> None:
        self.engine.halt()

    def focus_stack(self):
        return self.engine.agenda.focus

    def has_module(self, name: str) -> bool:
        return name in self.program.modules.names

    def has_relation(self, name: str) -> bool:
        return name in self.program.modules.owner or name in self.program.templates

    def warn(self, text: str) -> None:
        self.warned(text)

    def strategy(self) -> str:
        return self.engine.agenda.strategy

    def seed(self, n: int) -> None:
        self.program.rng.seed(n)

    def fact_relation(self, fact):
        return type(self._fact(fact))._clips_name if self.fact_exists(fact) else None

    def printout(self, router, text) -> None:
        self.output(router, text)

    def read_line(self):
        return self.input()

    def random(self) -> int:
        return self.program.rng.randint(0, 2**31 - 1)

    def poll(self) -> None:
        """A loop inside one firing asks whether it may go on: not once the run's time
        budget and its grace are spent (the web's bound on one request)."""
        budget = current_budget()
        if budget is not None and time.monotonic() > budget.deadline + budget.grace:
            raise OutOfTime(f"a loop inside one firing ran past {budget.seconds + budget.grace:g} s")


def _made(fact):
    """The fact made, or FALSE (CLIPS's value when a rule's support went: no fact)."""
    return FALSE if fact is None else fact


def load_program(paths=(), texts=(), seed: int = 1) -> Program:
    """A program from .clp files (and texts), in order; ClpError at the first problem,
    naming the file and line."""
    program = Program(seed)
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

