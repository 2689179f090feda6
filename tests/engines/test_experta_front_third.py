"""A student's experta file, as a tester tried it (2026-11-29): a rule opening with
TEST has CLIPS's initial pattern (mea ordered it otherwise than its CLIPS twin); an OR
inside NOT, EXISTS or FORALL runs as CLIPS reads it (the session did not open); a
rule's ``self.run()`` fires nothing (CLIPS ignores ``(run)`` in an action; ours fired
rules no view recorded); a rule's ``sys.exit()`` is an error of its firing (it ended
the shell without a word); an error inside ``P(f)`` is said (a TypeError was taken
for no match)."""
import textwrap

import pytest

from pyengine.ui.sessions import opener
from tests.engines.shell_run import shell_experta

HEAD = "from pyengine.experta import *\nclass V(Fact): pass\nclass W(Fact): pass\n"

TEST_FIRST = HEAD + textwrap.dedent("""
    class E(KnowledgeEngine):
        @DefFacts()
        def init(self):
            yield V(n=1)
            yield V(n=2)
        @Rule(TEST(lambda: 2 > 1), V(n=MATCH.n))
        def tf(self, n):
            print("tf", n)
        @Rule(V(n=MATCH.n))
        def plain(self, n):
            print("plain", n)
""")
TEST_FIRST_CLP = """(deftemplate v (slot n))
(deffacts init (v (n 1)) (v (n 2)))
(defrule tf (test (> 2 1)) (v (n ?n)) => (printout t "tf " ?n crlf))
(defrule plain (v (n ?n)) => (printout t "plain " ?n crlf))
"""


def fired(engine: str, path, strategy: str) -> list:
    s = opener(engine, [str(path)])().session
    s.strategy = strategy
    s.reset()
    s.run()
    return [(f.rule, f.basis) for f in s.trace]


@pytest.mark.parametrize("strategy", ["depth", "breadth", "lex", "mea"])
def test_a_rule_opening_with_test_fires_as_its_clips_twin(tmp_path, strategy):
    py, clp = tmp_path / "tf.py", tmp_path / "tf.clp"
    py.write_text(TEST_FIRST)
    clp.write_text(TEST_FIRST_CLP)
    ours = fired("experta", py, strategy)
    assert ours == fired("clp", clp, strategy)
    assert ("tf", (None, 2)) in ours or ("tf", (None, 3)) in ours     # tf: *,f-2


def run_file(tmp_path, body: str, commands: str = "run\nfacts\n"):
    path = tmp_path / "e.py"
    path.write_text(HEAD + textwrap.dedent(body))
    return shell_experta(path, commands)


def run_engine(tmp_path, facts: list[str], rules: str, commands: str = "run\nfacts\n"):
    """An engine E whose DefFacts yields ``facts``, with ``rules`` (methods) after."""
    head = "class E(KnowledgeEngine):\n    @DefFacts()\n    def init(self):\n" + "".join(
        f"        yield {f}\n" for f in facts)
    return run_file(tmp_path, head + textwrap.indent(textwrap.dedent(rules), "    "), commands)


def test_an_or_inside_not_exists_and_forall_runs(tmp_path):
    done = run_engine(tmp_path, ['V(x=1)', 'V(x=2)', 'W(x=2)'], """
            @Rule(V(x=MATCH.x), NOT(OR(W(x=MATCH.x), W(y=MATCH.x))))
            def lonely(self, x):
                print("lonely", x)
            @Rule(V(x=MATCH.x), EXISTS(OR(W(x=MATCH.x), W(y=MATCH.x))))
            def paired(self, x):
                print("paired", x)
            @Rule(FORALL(V(x=MATCH.x), OR(W(x=MATCH.x), V(x=1))))
            def all_covered(self):
                print("all covered")
    """)
    assert "Traceback" not in done.stderr and "error" not in done.stdout, done.stdout
    assert "| lonely 1" in done.stdout and "| paired 2" in done.stdout
    assert "| all covered" in done.stdout and "| lonely 2" not in done.stdout


def test_a_rule_s_own_run_fires_nothing_and_the_run_goes_on(tmp_path):
    done = run_engine(tmp_path, ['V(x=1)', 'V(x=2)'], """
            @Rule(V(x=MATCH.x))
            def r(self, x):
                print("r", x)
                if x == 2:
                    self.declare(V(x=3))
                    self.run()
                    print("after inner run")
    """, "watch rules\nrun\n")
    lines = [line.strip() for line in done.stdout.splitlines()]
    assert lines[:7] == ["FIRE    1 r: f-2", "| r 2", "| after inner run",
                         "FIRE    2 r: f-3", "| r 3", "FIRE    3 r: f-1", "| r 1"]
    assert ";; 3 rules fired (3 in all)" in lines


def test_a_rule_s_sys_exit_is_an_error_of_its_firing(tmp_path):
    done = run_engine(tmp_path, ["V(x=1)"], """
            @Rule(V(x=MATCH.x))
            def leave(self, x):
                __import__("sys").exit(3)
    """)
    assert "error: firing 1: the rule called sys.exit(3): a rule cannot end the session" \
        in done.stdout
    assert "f-1     (v (x 1))" in done.stdout       # the next command ran
    assert done.returncode == 1


def test_an_error_inside_p_is_said(tmp_path):
    done = run_engine(tmp_path, ['V(n="x")'], """
            @Rule(V(n=P(lambda v: v > 3)))
            def big(self):
                print("big")
    """)
    assert "P(<lambda>) in rule big on 'x': TypeError: '>' not supported" in done.stdout


FIELDS = """
    class P(Fact):
        name = Field(str, mandatory=True)
        age = Field(int, default=18)
    class E(KnowledgeEngine):
        @DefFacts()
        def init(self):
            yield P(name="ann")
        @Rule(AS.p << P(name="ann", age=18))
        def older(self, p):
            self.modify(p, age="old")
"""


def test_fields_are_checked_in_deffacts_modify_and_duplicate(tmp_path):
    """experta checks a fact against its class's Fields wherever one is made; ours
    checked only declare (an invalid fact was made and matched, a missing mandatory
    field matched and failed in the rule with KeyError)."""
    done = run_file(tmp_path, FIELDS, "run\nfacts\nmodify f-1 (age young)\nfacts\n")
    assert "firing 1: ValueError: Invalid value on field 'age'" in done.stdout
    assert done.stdout.count("f-1     (p (name ann) (age 18))") == 2, done.stdout
    assert ("error: cannot modify f-1: Invalid value on field 'age' for fact "
            "P(name='ann', age='young')") in done.stdout
    done = run_file(tmp_path, FIELDS.replace('yield P(name="ann")', 'yield P(age=3)'))
    assert "Mandatory field 'name' is not defined" in done.stdout + done.stderr


@pytest.mark.parametrize("body, said", [
    ("""
        @Rule(V(x=MATCH.x), salience=lambda x: 10 // x)
        def two(self, x):
            pass
    """, "the salience of rule two: ZeroDivisionError"),
    ("""
        @Rule(V(x=MATCH.x), TEST(lambda y: y > 0))
        def two(self, x):
            pass
    """, "rule two: test uses ?y before a pattern binds it"),
    ("""
        @Rule(V(x=MATCH.x), TEST(lambda x: x > "a"))
        def two(self, x):
            pass
    """, "TEST(<lambda>) in rule two: TypeError"),
])
def test_an_error_in_a_rule_s_own_code_names_the_rule(tmp_path, body, said):
    """Found by a tester (2026-11-29): a salience, TEST or P error named no rule, and a
    TEST's was blamed on the firing that asserted the fact."""
    done = run_engine(tmp_path, ["V(x=0)"], body)
    assert said in done.stdout + done.stderr, done.stdout + done.stderr
