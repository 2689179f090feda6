"""Opening a student's rule file (findings 6 and 7 of the inspector issue): experta
FILE.py without :CLASS, MODULE:CLASS from the file's own folder, a .clp syntax error
said once, the banner naming the engine once, pyengine.experta in any import order."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.ui.sessions import load_class, opener, split_spec
from pyengine.ui.shell import Shell

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "docs" / "examples"
PY = sys.executable


def pyengine(*args, cwd=REPO, stdin=""):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([PY, "-m", "pyengine", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, env=env, timeout=120)


def test_experta_file_without_class_opens_its_one_engine():
    cls = load_class(str(EXAMPLES / "animals.py"))
    assert cls.__name__ == "Zookeeper"
    assert load_class(f"{EXAMPLES / 'animals.py'}:Zookeeper").__name__ == "Zookeeper"


def test_experta_file_with_two_engines_asks_for_the_class(tmp_path):
    path = tmp_path / "two.py"
    path.write_text("from pyengine.experta import KnowledgeEngine\n"
                    "class A(KnowledgeEngine): pass\nclass B(KnowledgeEngine): pass\n")
    with pytest.raises(UsageError, match=r"several engines \(A, B\)"):
        load_class(str(path))
    assert load_class(f"{path}:B").__name__ == "B"
    with pytest.raises(UsageError, match="has no C"):
        load_class(f"{path}:C")
    empty = tmp_path / "none.py"
    empty.write_text("x = 1\n")
    with pytest.raises(UsageError, match="no KnowledgeEngine"):
        load_class(str(empty))


def test_split_spec_keeps_drive_letters_and_paths():
    assert split_spec("a.py:Eng") == ("a.py", "Eng")
    assert split_spec("pkg.mod:Eng") == ("pkg.mod", "Eng")
    assert split_spec("a.py") == ("a.py", None)
    assert split_spec(r"C:\x\a.py") == (r"C:\x\a.py", None)


def test_module_colon_class_from_the_files_own_folder():
    out = pyengine("shell", "experta", "animals:Zookeeper", cwd=EXAMPLES, stdin="facts\n")
    assert out.returncode == 0, out.stderr
    assert "(trait (name start) (value yes))" in out.stdout
    bare = pyengine("shell", "experta", "animals", cwd=EXAMPLES, stdin="facts\n")
    assert bare.returncode == 0, bare.stderr


def test_a_file_that_fails_to_import_is_one_line(tmp_path):
    path = tmp_path / "broken.py"
    path.write_text("import no_such_module_here\n")
    with pytest.raises(UsageError, match="cannot load .*ModuleNotFoundError"):
        load_class(str(path))


def test_a_clp_file_with_a_class_or_a_path_without_py_says_what_to_write():
    """``family.clp:CLASS`` was tried as a module named ``docs/examples/family`` (a
    careless user's finding): the message now says a .clp takes no class."""
    with pytest.raises(UsageError, match=r"family\.clp:Foo: a \.clp program is loaded whole"):
        load_class(f"{EXAMPLES / 'family.clp'}:Foo")
    with pytest.raises(UsageError, match=r"write a \.py file \(FILE\.py\[:CLASS\]\)"):
        load_class(f"{EXAMPLES / 'animals'}:Zookeeper")
    assert load_class("pyengine.rules.riddle:RiddleSolver").__name__ == "RiddleSolver"


def test_clp_syntax_error_is_printed_once(tmp_path):
    bad = tmp_path / "bad.clp"
    bad.write_text("(defrule x (a) => (assert (b)))\n(defrule y (c) => (nosuch 1))\n")
    out = pyengine("shell", "clp", str(bad), stdin="facts\n")
    assert out.returncode == 2
    text = out.stdout + out.stderr
    assert text.count("Missing function declaration") == 1, text
    lines = out.stderr.strip().splitlines()     # CLIPS's message, once, on one line with
    assert lines == [                           # the line of the construct
        f"pyengine: error: cannot load {bad}: line 2: [EXPRNPSR3] Missing function "
        "declaration for 'nosuch'. (CLIPS stopped at: (defrule MAIN::y (c) => (nosuch)"], \
        out.stderr


@pytest.mark.parametrize("head", [["clp", str(EXAMPLES / "family.clp")],
                                  ["experta", str(EXAMPLES / "animals.py")]])
def test_banner_names_the_engine_once(head):
    factory = opener(head[0], head[1:])
    shell = Shell(factory(), factory, stdin=io.StringIO(""), stdout=io.StringIO())
    first = shell.banner().splitlines()[0]
    engine = shell.session.engine
    assert first.count(f"[{engine}]") == 1, first


def test_pyengine_experta_imports_first_in_a_fresh_interpreter(tmp_path):
    code = ("from pyengine.experta import KnowledgeEngine, Rule, Fact, MATCH, NOT, DefFacts\n"
            "import sys\nassert 'pyengine.ui' not in sys.modules\nprint(KnowledgeEngine.__name__)\n")
    out = subprocess.run([PY, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "KnowledgeEngine"


def test_a_student_module_imported_before_pyengine_works(tmp_path):
    (tmp_path / "student.py").write_text(
        "from pyengine.experta import KnowledgeEngine, Rule, Fact\n"
        "class Light(Fact): pass\n"
        "class Lamp(KnowledgeEngine):\n"
        "    @Rule(Light(color='red'))\n"
        "    def stop(self):\n"
        "        print('stop')\n")
    code = ("import student\ne = student.Lamp(); e.reset(); e.declare(student.Light(color='red'));"
            " e.run()\n")
    out = subprocess.run([PY, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "stop"


@pytest.mark.parametrize("kind, wanted", [("clp", "FILE.clp"), ("experta", "FILE")])
def test_shell_without_a_file_names_what_it_wants(kind, wanted):
    """``pyengine shell clp`` alone said "the following arguments are required:
    target" (argparse's internal name; a newcomer's finding)."""
    out = pyengine("shell", kind)
    assert out.returncode == 2
    assert out.stderr.strip().splitlines()[-1] == (
        f"pyengine shell {kind}: error: the following arguments are required: {wanted}")


@pytest.mark.parametrize("kind", ["clp", "experta"])
def test_a_paren_never_closed_is_said_where_it_opens_on_both_engines(kind, tmp_path):
    """CLIPS named the construct after it ("[EXPRNPSR3] Missing function declaration
    for 'deffacts'", line 2) where our engine said where the '(' opens (a newcomer's
    finding): both say the latter."""
    path = tmp_path / "open.clp"
    path.write_text("(defrule r (a ?x) => (printout t ?x crlf)\n(deffacts f (a 1))\n")
    out = pyengine("shell", kind, str(path))
    assert out.returncode == 2
    assert out.stderr.strip().endswith("open.clp: line 1, column 1: this '(' is never closed")
