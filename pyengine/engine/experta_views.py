"""CLIPS's ``(ppfact ...)`` and ``(agenda MODULE|*)`` at the prompt of a session on our
engine (an experta class or a .clp program), printed as CLIPS 6.4 prints them.

``(ppfact FACT [ROUTER [IGNORE-DEFAULTS]])``: a template fact one slot a line
(``(person \\n   (name ann) \\n   (age 3))``, CLIPS's spaces kept), an ordered fact on
one line; with a third argument other than FALSE, the slots still holding their
(static) default are left out; to ``nil`` it gives the text back instead.
``(agenda MODULE)``: that module's activations; ``(agenda *)``: every module's under
its name, indented, with the total.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, ReadError, construct_text, read
from pyengine.engine.clp.actions_templates import DynamicDefault
from pyengine.engine.clp.values import same
from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import parse_id
from pyengine.engine.records import CommandResult
from pyengine.engine.trace import activation_line
from pyengine.engine.wording import plural


def ppfact(s, args: list[str]) -> CommandResult:
    """CLIPS's ``(ppfact FACT [ROUTER [IGNORE-DEFAULTS]])`` on ExpertaSession ``s``."""
    if not 1 <= len(args) <= 3:
        raise UsageError("(ppfact FACT [ROUTER [IGNORE-DEFAULTS]]): a fact index and "
                         "at most two more")
    fid = parse_id(args[0])
    fact = s.rete.facts.get(fid)
    if fact is None:
        raise UsageError(f"[PRNTUTIL1] Unable to find fact f-{fid}.")
    router = args[1] if len(args) > 1 else "t"
    if router not in ("t", "stdout", "nil"):
        raise UsageError(f"[ROUTER1] Logical name '{router}' was not recognized by any "
                         "routers.")
    skip = _defaults(s, fact) if len(args) == 3 and args[2] != "FALSE" else set()
    text = pp_form(s.fact(fid).text, skip)
    if router == "nil":
        return CommandResult(("\"" + text.replace("\\", "\\\\").replace('"', '\\"') + "\"",))
    return CommandResult(tuple(text.split("\n")))


def _defaults(s, fact) -> set[str]:
    """The slots of a .clp program's template fact that hold their static default."""
    program = getattr(s.ke, "program", None)
    slots = program.templates.get(type(fact)._clips_name) if program is not None else None
    if not slots:
        return set()
    return {name for name, (_, default) in slots.items()
            if not isinstance(default, DynamicDefault) and name in fact
            and same(dict.__getitem__(fact, name), default)}


def pp_form(text: str, skip: set[str] = frozenset()) -> str:
    """A fact's text as ``ppfact`` prints it: a template fact's slots one a line, each
    after three spaces, a space closing every line but the last (``skip``: slots left
    out); an ordered fact as it is."""
    try:
        form = read(text)[0]
    except (ReadError, IndexError):
        return text
    slots = [item for item in form[1:] if isinstance(item, Form)]
    if not slots or len(slots) != len(form) - 1:
        return text
    shown = [construct_text(text, item.start, item.end) for item in slots
             if str(item[0]) not in skip]
    return f"({form[0]}" + (" " if shown else "") + \
        " ".join(f"\n   {slot}" for slot in shown) + ")"


def agenda(s, args: list[str]) -> CommandResult:
    """CLIPS's ``(agenda [MODULE | *])`` on ExpertaSession ``s``."""
    program = getattr(s.ke, "program", None)
    modules = program.modules.names if program is not None else ["MAIN"]
    agenda_ = s.rete.agenda
    if len(args) > 1 or (args and args[0] != "*" and args[0] not in modules):
        raise UsageError(f"(agenda) takes a module ({', '.join(modules)}) or *")
    if args != ["*"]:
        acts = agenda_.activations(args[0] if args else agenda_.focus.current)
        lines = [activation_line(s._view(a)) for a in acts]
        if not acts:                        # CLIPS lists one module's nothing as nothing
            return CommandResult(())
    else:
        acts, lines = [], []
        for module in modules:
            mine = agenda_.activations(module)
            acts += mine
            lines += [f"{module}:"] + [f"   {activation_line(s._view(a))}" for a in mine]
    total = f"For a total of {plural(len(acts), 'activation')}."
    return CommandResult(tuple(lines + [total]))
