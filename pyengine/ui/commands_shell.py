"""The answers of the commands only the shell has: help and quit, batch, CLIPS's own
prompt commands passed to the session (``bind``, ``focus``, ``list-defrules`` ...),
dribble-on / dribble-off / transcript (a copy of the session's text in a file) and
load-facts. Each is ``answer(shell, **checked arguments)`` (see
:mod:`pyengine.ui.commands`); its docstring is the command's help in detail.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, ReadError, read
from pyengine.engine.errors import UsageError
from pyengine.engine.textio import read_file_text, shown, writable_file
from pyengine.ui.commands import SHELL, offered, one_path, shell_command
from pyengine.ui.queries import WATCHABLE, Text, unheard, user_fact
from pyengine.ui.shell_edit import join_constructs

MAX_BATCH_LINES = 10_000
HELP_WIDTH = 37          # the usage column of help's list


def help_(shell, name: str | None) -> Text:
    """the commands, or one command in detail."""
    if name:
        command = shell_command(name)
        if command is None:
            raise UsageError(f"no command {name!r} (type help for the list)")
        return Text(command.help_text())
    return Text([f"{c.shown_usage():<{HELP_WIDTH}} {c.summary}" for c in offered(SHELL)]
                + ["help COMMAND for more. Ids are f-12 or 12; lines the shell adds start "
                   "with ;;",
                   "Every command also works in CLIPS's form: (facts), (run 3), (why f-3)."])


def quit_(shell) -> bool:
    """leave the shell (also exit, or end of input)."""
    return True


def batch(shell, path: str) -> None:
    """run the shell commands of FILE, one a line, as if typed (CLIPS's (batch)); each is
    shown after the prompt."""
    lines = read_file_text(path, "batch file").splitlines()
    if len(lines) > MAX_BATCH_LINES:
        raise UsageError(f"a batch file has at most {MAX_BATCH_LINES:,} lines")
    for command in join_constructs(lines):
        shell.say("pyengine> " + command)
        if shell.onecmd(command):
            break


def pass_to_clips(name: str, shell, text: str) -> None:
    """A command CLIPS evaluates: ``name ARGS`` (or ``(name ARGS)``) goes to the session
    as ``(name ARGS)``; the shell prints what CLIPS printed."""
    shell.clips(f"({name} {text.strip()})" if text.strip() else f"({name})")


def dribble_on(shell, path: str) -> None:
    """copy into FILE what the shell prints from now on, and each command after the
    prompt, as CLIPS's (dribble-on) does."""
    close_dribble(shell)
    try:
        shell.dribble = open(writable_file(path), "w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None


def dribble_off(shell) -> None:
    """stop copying into the dribble file (and close it)."""
    if shell.dribble is None:
        raise UsageError("no dribble file is open (dribble-on FILE)")
    close_dribble(shell)


def transcript(shell, what: str) -> None:
    """keep everything the shell shows (and each command after the prompt) in FILE, as
    CLIPS's dribble does; off stops."""
    if what.strip() == "off":
        dribble_off(shell)
    else:
        dribble_on(shell, one_path(what, "transcript"))


def close_dribble(shell) -> None:
    """Close the dribble file, if one is open."""
    failed = drop_dribble(shell)
    if failed is not None:              # its last lines could not be written
        raise UsageError(failed)


def drop_dribble(shell, exc: Exception | None = None) -> str | None:
    """The dribble off, its file closed; what went wrong, in a line (``exc``: a write
    that failed already), else None."""
    dribble, shell.dribble = shell.dribble, None
    if dribble is not None:
        try:
            dribble.close()
        except (OSError, ValueError) as closing:
            exc = exc or closing
    if exc is None:
        return None
    return f"cannot write the dribble file: {getattr(exc, 'strerror', None) or exc}; dribble is off"


def load_facts(shell, path: str) -> Text:
    """assert the facts written in FILE (as save-facts writes them, or CLIPS's .fct
    files), each as assert would; prints how many, as CLIPS's (load-facts) does."""
    text = read_file_text(path, "facts file")
    try:
        forms = read(text)
    except ReadError as exc:
        raise UsageError(f"cannot read {shown(path)}: {exc}") from None
    specs = [user_fact(text[form.start:form.end], shell.setup, shell.session)
             for form in forms if isinstance(form, Form)]
    for spec in specs:
        shell.session.assert_fact(spec)
    return Text([str(len(specs))])


#: CLIPS 6.4's watch items, in the order ``(list-watch-items)`` lists them
CLIPS_WATCH_ITEMS = ("facts", "instances", "slots", "rules", "activations", "messages",
                     "message-handlers", "generic-functions", "methods", "deffunctions",
                     "compilations", "statistics", "globals", "focus")


def list_watch_items(shell, item: str | None) -> Text:
    """what is watched, as CLIPS's (list-watch-items) lists it, from what this shell
    watches (facts, rules, activations, statistics; CLIPS's other items are off); for
    one item, also each rule (each deftemplate, for facts) by module."""
    if item is not None and item not in CLIPS_WATCH_ITEMS:
        raise UsageError("list-watch-items takes one watch item ("
                         + ", ".join(CLIPS_WATCH_ITEMS) + ")")
    lines = [f"{i} = {_on(i in shell.watching)}" for i in ([item] if item else CLIPS_WATCH_ITEMS)]
    if item not in WATCHABLE:
        return Text(lines)
    modules: dict[str, list[str]] = {}
    if item == "facts":     # every deftemplate, implied ones too, as CLIPS lists them
        modules = _listed(shell.session, "(list-deftemplates *)")
    for name in shell.session.rules() if item != "facts" else ():
        module, _, own = name.rpartition("::")
        modules.setdefault(module or "MAIN", []).append(own)
    for module, own in modules.items():
        lines.append(f"{module}:")
        lines += [f"   {name} = {_on(shell._watched(item, name))}" for name in own]
    return Text(lines)


def _listed(session, command: str) -> dict[str, list[str]]:
    """The names a ``(list-... *)`` command lists, by module (none if it cannot)."""
    try:
        with unheard(session):
            lines = session.command(command).lines
    except UsageError:
        return {}
    out: dict[str, list[str]] = {}
    module = "MAIN"
    for line in lines:
        if line.endswith(":") and not line.startswith(" "):
            module = line[:-1]
            out.setdefault(module, [])
        elif line.startswith("   "):
            out.setdefault(module, []).append(line.strip())
    return out


def _on(on: bool) -> str:
    return "on" if on else "off"
