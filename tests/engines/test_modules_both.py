"""Modules on our engine against real CLIPS, through the shell: the focus stack, the
current module, the ``agenda`` view (the current module's) and the ``facts`` view
(what the current module sees) after every step, and prompt commands. Programs are
drawn at random (modules importing and exporting, relations used across them): each
either shows the same on both engines, or is refused by ours because CLIPS would make
two templates of one name (and CLIPS is checked to have made them)."""
from __future__ import annotations

import io
import random

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

VIEWS = "facts\nagenda\n(get-current-module)\n(get-focus-stack)\n"
SCRIPT = "reset\n" + VIEWS + ("step\n" + VIEWS) * 6 + "run 40\n" + VIEWS


def _shell(engine: str, path, script: str) -> str:
    factory = opener(engine, [str(path)])
    out = io.StringIO()
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    return out.getvalue()


def _port(rng: random.Random, earlier: dict[str, str]) -> str:
    """A module's export (mostly something) and imports from earlier modules that
    export (CLIPS refuses an import from one that does not)."""
    export = rng.choice(["(export ?ALL)", "(export deftemplate ?ALL)", "(export ?ALL)",
                         "(export ?NONE)", ""])
    sources = [m for m, e in earlier.items() if e not in ("(export ?NONE)", "")]
    imports = [f"(import {m} {rng.choice(['?ALL', 'deftemplate ?ALL'])})"
               for m in rng.sample(sources, rng.randint(0, len(sources)))]
    return " ".join(p for p in [export] + imports if p)


def random_program(seed: int) -> str:
    """Modules MAIN and up to three more, each with rules that match, assert, print,
    focus, return, pop the focus or halt (some with auto-focus). A module uses its own relations and those of the modules it imports (now
    and then any other: CLIPS then makes a second template of that name)."""
    rng = random.Random(seed)
    modules = ["MAIN"] + ["A", "B", "C"][:rng.randint(1, 3)]
    lines, exports = [], {}
    for module in modules:
        port = _port(rng, exports)
        exports[module] = port.split(" (import")[0]
        lines.append(f"(defmodule {module} {port})".replace(" )", ")"))
        seen = [module] + [m for m in exports if f"(import {m} " in port]
        pool = [f"{m.lower()}{j}" for m in seen for j in (1, 2)]
        anything = [f"{m.lower()}{j}" for m in modules for j in (1, 2)]
        pick = lambda: rng.choice(anything if rng.random() < 0.1 else pool)  # noqa: E731
        if rng.random() < 0.7:
            lines.append(f"(deffacts {module}::init ({pick()} 0))")
        for k in range(rng.randint(1, 3)):
            acts = [f'(printout t "{module}-{k} " ?v crlf)']
            if rng.random() < 0.8:
                acts.append(f"(assert ({pick()} (+ ?v 1)))" if rng.random() < 0.5
                            else f"(assert ({pick()} ?v))")
            if rng.random() < 0.3:
                acts.append(f"(focus {rng.choice(modules)})")
            if rng.random() < 0.15:
                acts.append(rng.choice(["(return)", "(pop-focus)", "(halt)"]))
            declare = [f"(salience {rng.randint(-2, 2)})"] if rng.random() < 0.4 else []
            declare += ["(auto-focus TRUE)"] if rng.random() < 0.15 else []
            salience = f"(declare {' '.join(declare)}) " if declare else ""
            lines.append(f"(defrule {module}::{module.lower()}{k} {salience}({pick()} ?v) "
                         f"(test (< ?v 3)) => {' '.join(acts)})")
    order = modules[1:]
    rng.shuffle(order)
    lines.append(f"(defrule MAIN::start (declare (salience 10)) => (focus {' '.join(order)}))")
    return "\n".join(lines) + "\n"


def _two_templates_on_clips(path) -> bool:
    """Has CLIPS made two templates of one name (in two modules)?"""
    session = ClipsSession([path])
    try:
        names = [str(n).split("::")[-1] for n in session.env.eval("(get-deftemplate-list *)")]
    finally:
        session.close()
    return len(names) != len(set(names))


BLOCK = 60          # seeds a test; the first block runs by default, nine more are heavy


@pytest.mark.parametrize("block", [0] + [pytest.param(b, marks=pytest.mark.heavy)
                                         for b in range(1, 10)])
def test_random_module_programs_show_the_same_on_both_engines(tmp_path, block):
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        _same_on_both(tmp_path, seed)


def _same_on_both(tmp_path, seed: int) -> None:
    path = tmp_path / f"modules{seed}.clp"
    path.write_text(random_program(seed))
    try:
        ClipsSession([path]).close()
    except Exception:                       # CLIPS refuses it: so does ours
        with pytest.raises(UsageError, match="module"):
            ExpertaSession.from_clp([path])
        return
    try:
        ExpertaSession.from_clp([path]).close()
    except UsageError as exc:
        assert "would be a template of its own" in str(exc), exc
        assert _two_templates_on_clips(path), path.read_text()
        return
    assert not _two_templates_on_clips(path)
    assert _shell("experta", path, SCRIPT) == _shell("clp", path, SCRIPT), path.read_text()


PROGRAM = """
(defmodule MAIN (export ?ALL))
(deffacts MAIN::init (go))
(defrule MAIN::start (declare (salience 10)) (go) => (focus B))
(defrule MAIN::after (go) => (printout t "after" crlf) (assert (seen (fact-relation 99))))
(defmodule B (import MAIN ?ALL))
(defrule B::one (go) => (printout t "B one" crlf) (assert (inner 1)) (focus C))
(defmodule C (import MAIN ?ALL))
(defrule C::c1 (go) => (printout t "C" crlf) (return))
(defrule C::c2 (go) => (printout t "C2" crlf))
"""

PROMPT = ("reset\nstep\n(list-focus-stack)\nstep\nagenda\n(get-current-module)\nstep\n"
          "(get-focus-stack)\nagenda\n(set-current-module C)\nagenda\nfacts\n"
          "(set-current-module B)\nfacts\n(focus NOSUCH)\n(set-current-module NOSUCH)\n"
          "(clear-focus-stack)\n(focus B)\nrun\n(get-current-module)\nagenda\nrun\n"
          "(get-focus-stack)\n(focus C B)\n(get-focus-stack)\n(pop-focus)\n"
          "(get-current-module)\n(assert (extra 2))\nfacts\n(+ 1 2)\n\"text\"\n"
          "(printout t \"hi\" crlf)\nrun\nback 2\nfacts\n(get-focus-stack)\n")


def test_the_focus_stack_current_module_and_prompt_commands_are_clips_s(tmp_path):
    """return, a module emptied by a step, clear-focus-stack and focus at the prompt,
    set-current-module, pop-focus, an unknown module (CLIPS says so and goes on), an
    unknown fact index in a rule (said after the run with its firing), a fact asserted
    at the prompt in module B (B's template: MAIN does not see it)."""
    path = tmp_path / "modules.clp"
    path.write_text(PROGRAM)
    ours = _shell("experta", path, PROMPT)
    assert ours == _shell("clp", path, PROMPT)
    assert "Unable to find defmodule 'NOSUCH'" in ours and "firing " in ours


def test_two_modules_with_a_rule_of_one_name_are_refused_with_both(tmp_path):
    path = tmp_path / "twice.clp"
    path.write_text("(defmodule A) (defrule A::r =>)\n(defmodule B) (defrule B::r =>)\n")
    with pytest.raises(UsageError, match=r"line 2: defrule B::r: module A has a rule r too"):
        ExpertaSession.from_clp([path])


@pytest.mark.parametrize("text, says", [
    ("(defmodule A (export ?ALL)) (deffunction A::f () 1)\n(defmodule B) (deffunction B::f () 2)\n",
     r"line 2: deffunction B::f: module A has a deffunction f too"),
    ("(defglobal MAIN ?*x* = 1)\n(defmodule B) (defglobal B ?*x* = 2)\n",
     r"line 2: defglobal B::x: module MAIN has a defglobal x too"),
])
def test_a_function_or_global_of_one_name_in_two_modules_is_refused(tmp_path, text, says):
    """CLIPS keeps them apart (A's rules call A's f); ours would keep one: refused."""
    path = tmp_path / "twice.clp"
    path.write_text(text)
    ClipsSession([path]).close()                        # CLIPS takes the program
    with pytest.raises(UsageError, match=says):
        ExpertaSession.from_clp([path])
