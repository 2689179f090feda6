"""A loaded CLIPS program with the face a session expects of an engine object.

:class:`pyengine.engine.experta.ExpertaSession` drives a ``KnowledgeEngine`` (its
``declare``, ``retract``, ``modify``, ``reset``, ``facts``...). A .clp program has no
such object, so :class:`ProgramEngine` gives it one, over the program's own engine
and host: a fact typed at the prompt is asserted as ``(assert ...)`` would be (the
template's defaults filled in), and values keep CLIPS's types (a string is not a
symbol).
"""
from __future__ import annotations

from types import MappingProxyType, SimpleNamespace

from pyengine.engine.clips_reader import Form, String, Symbol, make_form
from pyengine.engine.clips_values import FactSpec, read_fact
from pyengine.engine.clp.actions_facts import compile_fact
from pyengine.engine.clp.expressions import ClpError, ClpRuntimeError, Frame
from pyengine.engine.clp.values import to_value, write_text
from pyengine.engine.errors import UsageError, ordered_fact_refused
from pyengine.engine.rete.clips_expressions import form_text
from pyengine.engine.rete.knowledge import FactsView
from pyengine.engine.rete.patterns import fields_of
from pyengine.engine.rete.program import Program
from pyengine.engine.rete.to_python import python_form


class ProgramEngine:
    """What a session drives, for a CLIPS program on our engine."""

    def __init__(self, program: Program):
        self.program = program
        self.running = False
        self.matcher = SimpleNamespace(rete=program.engine)
        program.engine.owner = self
        program.holder = self
        self.session = None         # the session it serves (attach)
        self.lent_by: tuple | None = None   # a program taken from a snapshot: see adopt

    @property
    def rete(self):
        return self.matcher.rete

    @property
    def facts(self):
        return FactsView(self.rete.facts)

    # -- the session's front (pyengine.engine.experta_front) ------------------------------
    def attach(self, session) -> None:
        """The session prints what the program prints and answers its reads."""
        self.session = session
        self.program.host.output = lambda router, text: session._printed_lines.write(text)
        self.program.host.input = lambda: session._ask(session._printed_lines.take())
        self.program.host.warned = session.warn

    def classes(self) -> dict:
        return self.program.classes

    def globals(self, services: dict) -> dict[str, str]:
        """The defglobals as a CLIPS session shows them (``?*k*``: its value as
        ``(show-defglobals)`` prints it)."""
        return {f"?{name}": write_text(value)
                for name, value in self.program.scope.globals.items()}

    # -- snapshots (pyengine.engine.experta_snapshot) ----------------------------------------
    def kept(self) -> dict:
        """What a snapshot keeps beside its copy of the network: the program itself
        (the network's tests and the rules' actions are its compiled code, bound to it)
        and what running changes in it."""
        return {"program": self.program, "state": run_state(self.program)}

    def adopt(self, kept: dict, rete, session) -> None:
        """Serve a snapshot restored in this (fresh) session: its program, seated on the
        copy of the network with the state it had then. The program's holder until now
        (the session a goto replaces) gets it back if this session is closed first, as
        a goto that fails closes it (:meth:`close`)."""
        program = kept["program"]
        holder = program.holder
        if holder is not None and holder is not self:
            self.lent_by = (holder, program.engine, run_state(program))
        self.program = program
        program.engine = rete
        program.holder = self
        set_run_state(program, kept["state"])
        self.attach(session)
        session.classes = program.classes

    def close(self) -> None:
        """A session that ends holding a lent program hands it back as it was lent; one
        that lent its program (a goto replaced it) lets the loan go (the new holder
        would keep the old network alive)."""
        holder = self.program.holder
        if holder is not self and holder is not None and holder.lent_by is not None \
                and holder.lent_by[0] is self:
            holder.lent_by = None
        lent, self.lent_by = self.lent_by, None
        if lent is not None and self.program.holder is self:
            holder, engine, state = lent
            self.program.engine = engine
            self.program.holder = holder
            set_run_state(self.program, state)
            if holder.session is not None:
                holder.attach(holder.session)

    def records(self, kind, cls, found: list) -> list:
        """As CLIPS gives them: none for a relation no fact has used yet, an ordered
        fact's fields as ``values``."""
        if cls is None:
            return []
        if kind in self.program.templates:
            return found
        return [MappingProxyType({"values": fields_of(f)}) for f in found]

    @staticmethod
    def stage_fact(name: str) -> str:
        return f"({name})"

    @staticmethod
    def rule_python(spec, session) -> str:
        return python_form(spec, session.rete.terminals[spec.name])

    def fact_from_text(self, fact, classes: dict | None = None) -> object:
        """Assert a fact given as CLIPS text or a FactSpec, as (assert ...) would."""
        spec = fact if isinstance(fact, FactSpec) else read_fact(fact)
        name = spec.relation.split("::")[-1]        # CLIPS takes MAIN::t for t
        if spec.slots is not None and name not in self.program.templates:
            raise UsageError(f"cannot assert {form_text(_form(spec))}: no deftemplate "
                             f"{spec.relation} (a fact typed by hand is values only)")
        if name != spec.relation:
            spec = FactSpec(name, spec.values, spec.slots)
        form = _form(spec)
        scope = self.program.scope.child(bound=())
        try:
            make = compile_fact(form, scope, form)
            return make(Frame({}, self.program.host))
        except (ClpError, ClpRuntimeError) as exc:
            shown = fact if isinstance(fact, str) else form_text(form)
            raise UsageError(f"cannot assert {shown}: {exc}") from None

    def declare(self, *facts):
        last = None
        for fact in facts:
            last = self.rete.assert_fact(fact)
        return last

    def retract(self, idx_or_fact):
        fid = idx_or_fact if isinstance(idx_or_fact, int) else idx_or_fact["__factid__"]
        self.rete.retract(self.rete.facts.get(fid))
        return fid

    def modify(self, fact, **modifiers):
        changes = {}
        for key, value in modifiers.items():
            if key.startswith("_") and key[1:].isdigit():
                raise UsageError("an ordered fact has no slots to modify (CLIPS 6.4)")
            name = type(fact)._clips_name
            slots = self.program.templates.get(name)
            if slots is None:
                raise ordered_fact_refused(fact["__factid__"])
            if key not in slots:
                raise UsageError(f"{name} has no slot {key!r}")
            multi = slots[key][0]
            if multi and not isinstance(value, (tuple, list)):
                value = (value,)            # (tags red): a multislot of one value
            elif not multi and isinstance(value, (tuple, list)):
                if len(value) != 1:         # as CLIPS refuses it (clips_facts)
                    raise UsageError(f"slot {key} of {name} holds one value, "
                                     f"not {len(value)}")
                value = value[0]
            changes[key] = value
        return self.rete.modify(fact, changes)

    @staticmethod
    def value(value):
        """A value read from the prompt as the program holds it."""
        if isinstance(value, (tuple, list)):
            return tuple(ProgramEngine.value(v) for v in value)
        return to_value(value)

    def reset(self, **kwargs):
        self.rete.reset()

    def halt(self):
        self.rete.halt()


def _form(spec: FactSpec) -> Form:
    """The fact as a form ``(relation value...)`` or ``(template (slot value...)...)``."""
    items: list = [Symbol(spec.relation)]
    if spec.slots:
        for name, values in spec.slots:
            items.append(make_form([Symbol(name)] + [_atom(v) for v in values]))
    else:
        items += [_atom(v) for v in spec.values]
    return make_form(items)


def _atom(v):
    """A plain ``str`` in a FactSpec is a CLIPS string."""
    return String(v) if isinstance(v, str) and not isinstance(v, (Symbol, String)) else v


def run_state(program: Program) -> tuple:
    """What a run changes in a program outside its network: the defglobals' values,
    the variables bound at the prompt, gensym's counter, the random generator."""
    return (dict(program.scope.globals), dict(program.prompt_vars),
            dict(program.scope.counters), program.rng.getstate())


def set_run_state(program: Program, state: tuple) -> None:
    """Put a run state back (into the program's own tables: compiled code holds them)."""
    for table, values in zip((program.scope.globals, program.prompt_vars,
                              program.scope.counters), state):
        table.clear()
        table.update(values)
    program.rng.setstate(state[3])
