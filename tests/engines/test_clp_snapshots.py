"""Going back past a snapshot in a CLIPS program on our engine (``pyengine shell
experta FILE.clp``): the restored session's rules act on the restored network, with
the defglobals, gensym's counter and the random numbers as they were then, and print
to the session that goes on. A goto that fails leaves the session as it was.

(Found by a tester, 2026-11-29: the restored network kept the program of the session
it was copied from, so after ``goto 501`` a firing changed the replaced session's
facts, printed nothing, and ``back`` failed: "the replay fired 501 rules, not 599".)"""
import pytest

from pyengine.engine import timeline as T
from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.timeline import Timeline
from pyengine.ui.sessions import opener

TICK = """
(defglobal ?*k* = 0)
(deffacts start (tick 0))
(defrule count-on ?f <- (tick ?n&:(< ?n 60))
  => (retract ?f) (bind ?*k* (+ ?*k* 1))
     (printout t "k=" ?*k* " " (gensym*) " " (random 1 1000) crlf)
     (assert (tick (+ ?n 1))))
"""


def seen(tl: Timeline) -> tuple:
    s = tl.session
    return ([(f.id, f.text) for f in s.facts()], [str(a) for a in s.agenda()],
            s.globals(), tl.fired)


def run_on(tl: Timeline) -> list:
    tl.runner.walk(None)
    return [(f.number, f.rule, f.matched, f.output) for f in tl.session.trace]


@pytest.fixture
def restores(monkeypatch):
    """The firing counts of the snapshots restored."""
    done = []
    real = ExpertaSession.restore

    def counted(self, snap):
        real(self, snap)
        done.append(snap["session"][0])
    monkeypatch.setattr(ExpertaSession, "restore", counted)
    return done


@pytest.fixture
def timelines(tmp_path, monkeypatch):
    """A timeline taking a snapshot every 7 firings and one taking none, run to the
    end of the same program."""
    path = tmp_path / "tick.clp"
    path.write_text(TICK)
    monkeypatch.setattr(T, "SNAPSHOT_COST_RATIO", 0)
    monkeypatch.setattr(T, "SNAPSHOT_EVERY", 10 ** 9)
    plain = Timeline(opener("experta", [str(path)]))
    plain.runner.walk(None)
    monkeypatch.setattr(T, "SNAPSHOT_EVERY", 7)
    snapped = Timeline(opener("experta", [str(path)]))
    snapped.runner.walk(None)
    assert snapped.snapshots and not plain.snapshots and plain.fired == snapped.fired == 60
    return snapped, plain


@pytest.mark.parametrize("target", [59, 50, 23, 8])
def test_a_goto_from_a_snapshot_is_a_replay_from_the_start(timelines, restores, target):
    snapped, plain = timelines
    for tl in timelines:
        tl.goto(target)
    assert restores == [7 * ((target - 1) // 7)]      # it started from a snapshot
    assert snapped.session.ke.lent_by is None   # the replaced session's network let go
    assert seen(snapped) == seen(plain)
    assert snapped.session.globals() == {"?*k*": str(target - 1)}
    assert run_on(snapped) == run_on(plain)     # what it fires and prints from there
    assert seen(snapped) == seen(plain)


def test_a_goto_that_fails_leaves_the_session_as_it_was(timelines, monkeypatch):
    snapped, plain = timelines
    snapped.goto(40)
    plain.goto(40)
    before = seen(snapped)

    def diverging(self, plan, runner, target, start, end):
        runner.walk(3)                  # the replay acts, then finds it cannot go on
        raise UsageError("the replay fired 3 rules, not 30")
    real = Timeline._replay
    monkeypatch.setattr(Timeline, "_replay", diverging)
    with pytest.raises(UsageError):
        snapped.goto(31)
    monkeypatch.setattr(Timeline, "_replay", real)
    assert seen(snapped) == before and snapped.session.globals() == {"?*k*": "39"}
    assert run_on(snapped) == run_on(plain)


def test_clear_on_our_engine_is_refused_not_a_quiet_switch_to_clips(tmp_path):
    """Found by a tester (2026-11-29): ``(clear)`` in ``shell experta FILE.clp`` opened
    an empty CLIPS session, and the student went on on CLIPS with only ``status``
    saying so."""
    import io
    from pyengine.ui.shell import Shell
    path = tmp_path / "tick.clp"
    path.write_text(TICK)
    factory = opener("experta", [str(path)])
    out = io.StringIO()
    Shell(factory(), factory, stdin=io.StringIO("(clear)\nclear\nstatus\n"),
          stdout=out).cmdloop()
    text = out.getvalue()
    assert text.count("error: clear changes the program, which pyengine's engine does "
                      "not do at its prompt") == 2
    assert "engine experta" in text and "engine clips" not in text


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_globals_show_values_as_show_defglobals_does(engine, tmp_path):
    """A tester's finding: ``globals`` showed "b a" and (b a) alike, and "" and () as
    nothing; each is now as CLIPS's ``(show-defglobals)`` prints it, on both engines."""
    from pyengine.ui.sessions import opener
    path = tmp_path / "gs.clp"
    path.write_text('(defglobal ?*s* = "b a" ?*m* = (create$ b a) ?*e* = (create$) '
                    '?*q* = "" ?*f* = 3.0 ?*n* = 7)\n')
    session = opener(engine, [str(path)])().session
    assert session.globals() == {"?*s*": '"b a"', "?*m*": "(b a)", "?*e*": "()",
                                 "?*q*": '""', "?*f*": "3.0", "?*n*": "7"}


def test_rules_are_listed_in_the_order_defined_on_both_engines(tmp_path):
    """CLIPS's list-defrules gives the order defined; our engine sorted them by name
    (a tester's finding)."""
    from pyengine.ui.sessions import opener
    path = tmp_path / "order.clp"
    path.write_text("(defrule show (n ?x) =>)\n(defrule hi (n 4) =>)\n(defrule apt =>)\n")
    assert [opener(engine, [str(path)])().session.rules() for engine in ("clp", "experta")] \
        == [["show", "hi", "apt"]] * 2
