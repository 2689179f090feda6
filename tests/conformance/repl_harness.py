"""Drive real CLIPS 6.4 and pyengine's shell with the same commands, and compare what
they print (see test_repl.py).

Real CLIPS: a clipspy ``Environment`` with a router taking what CLIPS writes (and
feeding the lines a rule reads, shown as a terminal would show them), each command
given to CLIPS's own REPL function, ``RouteCommand``, which prints a command's value
as CLIPS's prompt does. pyengine: the shell (``pyengine shell clp FILE``, or the
program's experta twin, or the program itself on our engine: ``pyengine shell experta
FILE``) fed the same commands.

A program is ``repl/NAME.clp`` with its commands in ``repl/NAME.script`` (one a line;
``#`` lines are comments; a line ``clips: COMMAND`` is left out for the experta
twin, which has no such construct) and the lines its rules read in
``repl/NAME.input``.
"""
from __future__ import annotations

import ctypes
import functools
import io
import re
from pathlib import Path

import clips
from clips import _clips
from clips._clips import ffi

from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

HERE = Path(__file__).parent / "repl"
TWINS = Path(__file__).parent / "twins_repl.py"
ROOT = Path(__file__).resolve().parent.parent.parent


def program(name: str) -> tuple[Path, list[str], list[str]]:
    """The program's file, its commands (``(engine, command)``) and its input lines."""
    script = (HERE / f"{name}.script").read_text().splitlines()
    inputs = HERE / f"{name}.input"
    return (HERE / f"{name}.clp", [line for line in script if line.strip()
                                   and not line.startswith("#")],
            inputs.read_text().splitlines() if inputs.exists() else [])


def commands(script: list[str], engine: str) -> list[str]:
    out = []
    for line in script:
        if line.startswith("clips: "):
            if engine == "experta":
                continue
            line = line[len("clips: "):]
        out.append(line)
    return out


# -- real CLIPS --------------------------------------------------------------------------

class _Terminal(clips.Router):
    """What CLIPS writes, as a terminal shows it: stdout, the lines read (typed), and
    stderr apart."""

    def __init__(self, lines: list[str]):
        super().__init__("conformance-terminal", 60)
        self.out: list[str] = []
        self.err: list[str] = []
        self.lines = list(lines)
        self.pending = ""

    def query(self, name: str) -> bool:
        return name in ("stdout", "stdin", "stderr", "stdwrn")

    def write(self, name: str, message: str) -> None:
        # a warning ((halt) in a watched rule) is the terminal's, as stdout is
        (self.out if name in ("stdout", "stdwrn") else self.err).append(message)

    def read(self, name: str) -> int:
        if not self.pending:
            if not self.lines:
                return -1
            self.pending = self.lines.pop(0) + "\n"
            self.out.append(self.pending)           # the terminal echoes what is typed
        ch, self.pending = self.pending[0], self.pending[1:]
        return ord(ch)

    def unread(self, name: str, char: int) -> int:
        self.pending = chr(char) + self.pending
        return 1


@functools.cache
def _flag_setters() -> tuple:
    """CLIPS's setters of the halt and evaluation-error flags (looked up once)."""
    library = ctypes.CDLL(_clips.__file__)
    setters = tuple(getattr(library, name) for name in ("SetHaltExecution",
                                                        "SetEvaluationError"))
    for fn in setters:
        fn.argtypes, fn.restype = (ctypes.c_void_p, ctypes.c_bool), None
    return setters


def _flags_cleared(where: int) -> None:
    """As CLIPS's command loop does after each command (``ExecuteIfCommandComplete``):
    an error's halt and evaluation-error flags cleared, so the next command runs."""
    for fn in _flag_setters():
        fn(where, False)


def _route_command():
    fn = ctypes.CDLL(_clips.__file__).RouteCommand
    fn.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_bool)
    fn.restype = ctypes.c_bool
    return fn


def clips_transcript(path: Path, script: list[str], inputs: list[str],
                     engine: str = "clips") -> tuple[list[str], str]:
    """What CLIPS 6.4's prompt prints for each command (those ``engine``'s side runs)
    after ``(load FILE)`` and ``(reset)``; and what it wrote on stderr."""
    env = clips.Environment()
    terminal = _Terminal(inputs)
    env.add_router(terminal)
    env.load(str(path))
    env.reset()
    route, where = _route_command(), int(ffi.cast("uintptr_t", env._env))
    text = ""
    for command in commands(script, engine):
        terminal.out.clear()
        route(where, command.encode(), True)
        _flags_cleared(where)
        said = "".join(terminal.out)
        text += said + ("" if not said or said.endswith("\n") else "\n")
    return text.splitlines(), "".join(terminal.err)


# -- pyengine's shell ------------------------------------------------------------------------

def shell_transcript(name: str, engine: str, script: list[str],
                     inputs: list[str]) -> tuple[list[str], int]:
    """What ``pyengine shell`` prints for the commands, and how many errors it said."""
    target = [f"{TWINS}:{twin_class(name)}"] if engine == "experta" else \
        [str(HERE / f"{name}.clp")]
    factory = opener("clp" if engine == "clips" else "experta", target)
    out = io.StringIO()
    stdin = io.StringIO("".join(line + "\n" for line in commands(script, engine)))
    shell = Shell(factory(), factory, stdin=stdin, stdout=out, inputs=inputs)
    shell.cmdloop()
    return out.getvalue().splitlines(), shell.errors


def twin_class(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


# -- comparing ---------------------------------------------------------------------------------

_OUTPUT = "    | "
_TIMES = re.compile(r"^(\d+ rules fired {8}Run time is )\S+( seconds\.)$|^\S+( rules per second\.)$")
_FIRE = re.compile(r"^FIRE +\d+ ")
_SECTION = ("Matches for Pattern", "Partial matches for CEs", "Activations")


def ours_as_clips(lines: list[str]) -> list[str]:
    """Our additions taken out: the shell's ``;;`` lines, and the ``    | `` that marks
    what a rule printed (or read) under its firing."""
    out = []
    for line in lines:
        if line.startswith(";;"):
            continue
        if line.startswith(_OUTPUT.rstrip()):
            line = line[len(_OUTPUT):]
        out.append(line)
    return out


def _timeless(line: str) -> str:
    """Run times taken out; a firing's number too: CLIPS counts from 1 in each (run),
    pyengine over the whole session (history and goto name firings by it)."""
    line = _FIRE.sub("FIRE n ", line)
    return _TIMES.sub(lambda m: (m.group(1) or "") + "T" + (m.group(2) or m.group(3) or ""),
                      line)


def same_line(clips_line: str, ours: str) -> bool:
    """Equal, but where CLIPS elides a modified fact's unchanged slots (``(n ... (v 2)
    ...)``), our full text stands for them; run times are not compared."""
    clips_line, ours = _timeless(clips_line), _timeless(ours)
    if clips_line == ours:
        return True
    if " ..." not in clips_line:
        return False
    pattern = re.escape(clips_line).replace(re.escape(" ..."), r"(?: \([^()]*\))*")
    return re.fullmatch(pattern, ours) is not None


def differences(clips_lines: list[str], ours: list[str]) -> list[str]:
    """The lines that differ, side by side (empty: the same)."""
    out = []
    for i in range(max(len(clips_lines), len(ours))):
        a = clips_lines[i] if i < len(clips_lines) else "<nothing>"
        b = ours[i] if i < len(ours) else "<nothing>"
        if not same_line(a, b):
            out.append(f"line {i + 1}: CLIPS {a!r} | pyengine {b!r}")
    return out
