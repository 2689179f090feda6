"""A student's experta file at the shell and on our engine, as experta documents it:
declared fields (``Field`` with a default or mandatory), a dict among a fact's values,
an engine class under two names, DefFacts taking ``reset``'s keyword arguments."""
import textwrap

from pyengine.engine.experta import ExpertaSession
from pyengine.engine.rete.knowledge import on_our_engine
from tests.engines.shell_run import shell_experta

FIELDS = textwrap.dedent("""
    from pyengine.experta import *

    class Person(Fact):
        name = Field(str, mandatory=True)
        age = Field(int, default=18)

    class Cfg(Fact):
        pass

    class People(KnowledgeEngine):
        @DefFacts()
        def init(self):
            yield Person(name="ann")
            yield Cfg(name="a", opts={"x": 1})

        @Rule(Person(name=MATCH.n, age=18))
        def is18(self, n):
            print(n, "is 18")

        @Rule(Cfg(name="b"))
        def b(self):
            print("b")

    ENGINE = People
""")


def _shell(path, commands: str) -> list[str]:
    done = shell_experta(path, commands)
    assert "Traceback" not in done.stderr, done.stderr     # (exit 1: errors were said)
    return done.stdout.splitlines()


def test_declared_fields_and_dict_values_at_the_prompt(tmp_path):
    path = tmp_path / "people.py"          # ENGINE = People: one engine, two names
    path.write_text(FIELDS)
    out = _shell(path, "facts\nassert (person (age 3))\nassert (person (name 7))\n"
                       "modify f-1 (age 30)\nmodify f-2 (name b)\nfacts\nagenda\n")
    assert out[:3] == ["f-1     (person (name ann) (age 18))",       # the default shown
                       "f-2     (cfg (name a) (opts <frozendict {'x': 1}>))",
                       "For a total of 2 facts."]
    assert out[3] == ("error: could not assert (person (age 3)): Mandatory field 'name' "
                      "is not defined for fact Person(age=3)")
    assert out[4].startswith("error: could not assert (person (name 7)): Invalid value")
    assert "f-1     (person (name ann) (age 30))" in out        # a declared field changed
    assert "f-2     (cfg (name b) (opts <frozendict {'x': 1}>))" in out   # the dict kept
    assert out[-2:] == ["0      b: f-2", "For a total of 1 activation."]


KWARGS = textwrap.dedent("""
    from pyengine.experta import *

    class Kw(KnowledgeEngine):
        @DefFacts()
        def zeta(self):
            yield Fact(src="zeta")

        @DefFacts()
        def alpha(self, who="nobody"):
            yield Fact(src="alpha", who=who)

        @DefFacts()
        def all_of_them(self, **kwargs):
            for key in sorted(kwargs):
                yield Fact(kw=key, val=kwargs[key])
""")


def test_deffacts_get_reset_s_arguments_in_experta_s_order(tmp_path):
    namespace: dict = {}
    exec(compile(KWARGS, "kw.py", "exec"), namespace)
    ke = on_our_engine(namespace["Kw"])()
    ke.reset(who="me", extra=1)
    got = [dict(f) for _, f in sorted(ke.facts.items())]
    for f in got:
        f.pop("__factid__", None)
    # experta takes DefFacts by name (inspect.getmembers): all_of_them, alpha, zeta
    assert got == [{"kw": "extra", "val": 1}, {"kw": "who", "val": "me"},
                   {"src": "alpha", "who": "me"}, {"src": "zeta"}]
    assert ExpertaSession(namespace["Kw"]).facts() == []


def test_a_pattern_that_reads_inside_a_field_is_refused_with_its_rule(tmp_path):
    path = tmp_path / "nested.py"
    path.write_text(textwrap.dedent("""
        from pyengine.experta import *

        class Order(KnowledgeEngine):
            @Rule(Fact(meta__k=1))
            def nested_key(self):
                pass
    """))
    done = shell_experta(path, "")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("pyengine: error: rule nested_key: Fact(meta__k=...) reads inside "
                           "a field, which pyengine's engine does not do: match the field "
                           "(meta=MATCH.meta) and test it (TEST(lambda meta: ...))\n")


AMBIGUOUS = textwrap.dedent("""
    from pyengine.experta import *

    class Item(Fact):
        pass

    class Views(KnowledgeEngine):
        @DefFacts()
        def start(self):
            for v in (True, "True", "1", None, "None", 2.5, "2.5", "TRUE"):
                yield Item(v=v)

        @Rule(Item(v=True))
        def is_true(self):
            pass

        @Rule(Item(v=None))
        def is_none(self):
            pass
""")


def test_the_views_tell_a_value_from_a_string_that_looks_like_it(tmp_path):
    path = tmp_path / "views.py"
    path.write_text(AMBIGUOUS)
    out = _shell(path, "facts\nassert (item (v FALSE))\nassert (item (v None))\n")
    assert out[:8] == ['f-1     (item (v True))', 'f-2     (item (v "True"))',
                       'f-3     (item (v "1"))', 'f-4     (item (v None))',
                       'f-5     (item (v "None"))', 'f-6     (item (v 2.5))',
                       'f-7     (item (v "2.5"))', 'f-8     (item (v "TRUE"))']
    assert out[9] == "==> f-9     (item (v False))"       # the symbol FALSE: Python's False
    assert "f-4     (item (v None)) is already in the fact base" in out[10]


def test_the_engine_s_agenda_is_experta_s_view_of_ours():
    from pyengine.experta import Fact, KnowledgeEngine, MATCH, Rule

    class E(KnowledgeEngine):
        @Rule(Fact(n=MATCH.n), salience=1)
        def r1(self, n):
            pass

        @Rule(Fact(n=MATCH.n))
        def r2(self, n):
            pass
    ke = on_our_engine(E)()
    ke.reset()
    ke.declare(Fact(n=1), Fact(n=2))
    # experta keeps the next to fire last: r1 on the newest fact first (depth)
    assert repr(ke.agenda).split("\n") == ["0: r2 {Fact(n=1)}", "1: r2 {Fact(n=2)}",
                                            "2: r1 {Fact(n=1)}", "3: r1 {Fact(n=2)}"]
    assert ke.agenda.activations[-1].context == {"n": 2}
    ke.run(3)
    assert len(ke.agenda.activations) == 1


def test_a_fact_declared_before_reset_is_matched_with_experta_s_warning(caplog):
    from pyengine.experta import Fact, KnowledgeEngine, MATCH, Rule

    class E(KnowledgeEngine):
        @Rule(Fact(n=MATCH.n))
        def r(self, n):
            self.seen = getattr(self, "seen", []) + [n]
    ke = on_our_engine(E)()
    ke.declare(Fact(n=1))
    ke.run()
    assert ke.seen == [1]
    assert "Declaring fact before reset()" in caplog.text
    ke.reset()
    ke.declare(Fact(n=2))
    ke.run()
    assert ke.seen == [1, 2]


def test_before_reset_the_rules_that_need_experta_s_initial_fact_wait():
    """Plain experta has no InitialFact before a reset: a rule with an empty LHS, or
    opening with NOT or TEST, cannot fire on facts declared before it; after the reset
    they do (checked against plain experta too)."""
    from experta import KnowledgeEngine as PlainEngine
    from pyengine.experta import NOT, TEST, Fact, KnowledgeEngine, MATCH, Rule

    def program(base):
        class E(base):
            @Rule(Fact(n=MATCH.n))
            def r(self, n):
                self.seen = getattr(self, "seen", []) + [f"r {n}"]

            @Rule(NOT(Fact(n=99)))
            def none(self):
                self.seen = getattr(self, "seen", []) + ["none"]

            @Rule(TEST(lambda: True), Fact(n=MATCH.n))
            def tested(self, n):
                self.seen = getattr(self, "seen", []) + [f"tested {n}"]

            @Rule()
            def empty(self):
                self.seen = getattr(self, "seen", []) + ["empty"]
        return E

    for engine in (on_our_engine(program(KnowledgeEngine))(), program(PlainEngine)()):
        engine.declare(Fact(n=1))
        engine.run()
        assert engine.seen == ["r 1"]
        engine.reset()
        engine.run()
        assert sorted(engine.seen) == ["empty", "none", "r 1"]


def test_the_notebook_s_records_hold_the_rules_own_values(tmp_path):
    from pyengine.ui.notebook import Inspector

    path = tmp_path / "records.py"
    path.write_text(textwrap.dedent("""
        from pyengine.experta import *

        class Item(Fact):
            pass

        class E(KnowledgeEngine):
            @DefFacts()
            def start(self):
                yield Item(flag=True, none=None, meta={"k": 1}, xs=[1, 2], n="1")
                yield Item("pos", 2)
    """))
    ins = Inspector.from_engine(str(path))
    assert ins.facts().to_records() == [
        {"id": 1, "relation": "item", "flag": True, "none": None, "meta": {"k": 1},
         "xs": [1, 2], "n": "1"},
        {"id": 2, "relation": "item", "values": ("pos", 2)}]
    ins.modify(1, flag=False)
    assert ins.facts().to_records()[0]["flag"] is False


def test_experta_s_watchers_log_what_our_engine_does(caplog):
    import logging

    from pyengine.experta import Fact, KnowledgeEngine, MATCH, Rule, unwatch, watch

    class E(KnowledgeEngine):
        @Rule(Fact(n=MATCH.n))
        def r(self, n):
            self.declare(Fact(seen=n))
    ke = on_our_engine(E)()
    watch("RULES", "FACTS", "ACTIVATIONS")
    try:
        with caplog.at_level(logging.INFO, logger="experta.watchers"):
            ke.reset()
            ke.declare(Fact(n=1))
            ke.run()
    finally:
        unwatch()
    assert [r.getMessage() for r in caplog.records] == [
        " ==> <f-1>: Fact(n=1)", " ==> 'r': <f-1>", "FIRE 1 r: <f-1>",
        " ==> <f-2>: Fact(seen=1)"]
