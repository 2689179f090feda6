"""Sessions give their memory back (issue 22): a dropped CLIPS session is collected and
its environment destroyed, ``close()`` destroys it at once, an Inspector closes what it
opened (``with`` too), stepping back does not pile up environments, and experta's
shared check tables do not keep every engine's classes alive. Not timed: what is
counted is live objects and clipspy's table of environments."""
import gc
import json
import subprocess
import sys
import weakref
from pathlib import Path

import pytest
from clips import common

import pyengine
from pyengine.engine.clips import ClipsSession
from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from pyengine.ui.notebook import Inspector

REPO = Path(__file__).resolve().parents[2]
FAMILY = REPO / "docs" / "examples" / "family.clp"
ANIMALS = REPO / "docs" / "examples" / "animals.py"


def live_environments() -> int:
    gc.collect()
    return len(common.ENVIRONMENT_DATA)


def test_a_dropped_clips_session_is_collected_and_its_environment_destroyed():
    before = live_environments()
    s = ClipsSession([FAMILY])
    s.reset()
    s.run()
    assert live_environments() == before + 1
    session, router = weakref.ref(s), weakref.ref(s._router)
    env = s.env
    del s
    assert live_environments() == before
    assert session() is None and router() is None
    assert not hasattr(env, "_env")          # destroyed: clipspy's __del__ has nothing left


def test_a_session_kept_only_by_its_services_is_collected():
    """A service handed to the rules that holds the session (a bound method of an object
    holding it) does not keep it alive: clipspy keeps only a weak caller."""
    before = live_environments()

    class Helper:
        def __init__(self, session):
            self.session = session

        def twice(self, n):
            return 2 * n

    s = ClipsSession(constructs=["(defrule go (n ?x) => (assert (m (funcall twice ?x))))"])
    s.provide(twice=Helper(s).twice)
    s.reset()
    s.assert_fact("(n 21)")
    s.run()
    assert "(m 42)" in [f.text for f in s.facts()]
    ref = weakref.ref(s)
    del s
    assert live_environments() == before and ref() is None


def test_made_puzzles_are_freed_when_dropped():
    before = live_environments()
    for seed in range(1, 6):
        assert pyengine.make("scramble", seed=seed).line
    assert live_environments() == before


def test_close_frees_at_once_and_later_use_is_a_usage_error():
    before = live_environments()
    s = ClipsSession([FAMILY])
    s.reset()
    s.run()
    fired = len(s.trace)
    gc.disable()                             # close, not the collector, frees it
    try:
        s.close()
        assert len(common.ENVIRONMENT_DATA) == before
    finally:
        gc.enable()
    s.close()                                # twice is fine
    assert len(s.trace) == fired             # what was recorded stays readable
    for call in (s.facts, s.run, s.reset, s.agenda, s.rules, lambda: s.fact(1),
                 lambda: s.assert_fact("(x 1)"), lambda: s.matches("find-siblings"),
                 lambda: s.provide(f=len)):
        with pytest.raises(UsageError, match="this session is closed"):
            call()


def test_close_on_experta_is_a_no_op():
    from tests.engines.contract_rules import Contract
    s = ExpertaSession(Contract)
    s.reset()
    s.close()
    s.close()
    assert s.facts()


def test_an_inspector_closes_its_session_and_so_does_with():
    before = live_environments()
    gc.disable()
    try:
        with Inspector.from_clp(FAMILY) as ins:
            ins.run()
            assert len(common.ENVIRONMENT_DATA) == before + 1
        assert len(common.ENVIRONMENT_DATA) == before
    finally:
        gc.enable()
    assert repr(ins) == "<Inspector: closed>" and "closed" in ins._repr_html_()
    for call in (ins.facts, ins.step, ins.run, ins.stage, ins.back, lambda: ins.goto(1),
                 ins.reset, ins.agenda, ins.history, lambda: ins.why(1)):
        with pytest.raises(UsageError, match="this session is closed"):
            call()
    ins.close()                              # twice is fine


def test_an_experta_inspector_is_closed_the_same_way():
    with Inspector.from_engine(str(ANIMALS), input=["yes", "yes"]) as ins:
        ins.run()
    with pytest.raises(UsageError, match="this session is closed"):
        ins.facts()


@pytest.mark.heavy
def test_back_goto_and_reset_do_not_pile_up_environments():
    before = live_environments()
    gc.disable()                             # what back replaces is closed, not collected
    try:
        ins = pyengine.open("scramble", seed=3)
        ins.step(60)
        for _ in range(50):
            ins.back()
        ins.goto(2)
        ins.reset()
        assert len(common.ENVIRONMENT_DATA) == before + 1
        ins.close()
        assert len(common.ENVIRONMENT_DATA) == before
    finally:
        gc.enable()


def test_experta_engines_loaded_again_and_again_do_not_stay_alive():
    """experta's check tables kept each engine's fact classes (and more) for ever."""
    def classes() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects()
                   if issubclass(type(o), type) and o.__module__ == "pyengine_user_animals")

    with Inspector.from_engine(str(ANIMALS), input=["no", "no"]) as ins:
        ins.run()
    del ins
    first = classes()
    for _ in range(5):
        with Inspector.from_engine(str(ANIMALS), input=["no", "no"]) as ins:
            ins.run()
        del ins
    assert classes() == first


def test_freed_environments_print_nothing():
    """CLIPS prints "[ENVRNMNT8] Environment data not fully deallocated" with printf when
    it destroys the scramble's environment (it loses a few bytes of it): it must not
    reach standard output, where it would follow --json."""
    code = ("import gc, pyengine\n"
            "for seed in (1, 2):\n"
            "    pyengine.make('scramble', seed=seed)\n"
            "gc.collect()\n"
            "ins = pyengine.open('scramble', seed=1); ins.step(5); ins.back()\n"
            "print('done')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=REPO, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "done\n"
    assert "ENVRNMNT" not in out.stderr


def test_the_shell_closes_its_sessions(tmp_path, capsys):
    from pyengine.ui import cli
    script = tmp_path / "commands.txt"
    script.write_text("step 3\nreset\nstep 2\nback\nquit\n")
    before = live_environments()
    gc.disable()                             # closed by the shell, not collected
    try:
        assert cli.main(["shell", "--script", str(script), "clp", str(FAMILY)]) == 0
        assert len(common.ENVIRONMENT_DATA) == before
    finally:
        gc.enable()
    assert "FIRE" in capsys.readouterr().out


def test_a_web_worker_closes_its_session_when_the_server_goes(monkeypatch):
    import signal

    from pyengine.ui.web import worker
    from pyengine.ui.web.limits import Limits

    class Pipe:                              # the server's end: one state sent, then gone
        def __init__(self):
            self.sent = []

        def send_bytes(self, data):
            self.sent.append(data)

        def recv_bytes(self, limit):
            raise EOFError

    monkeypatch.setattr(worker, "limit_resources", lambda limits: None)   # not this process
    monkeypatch.setattr(signal, "signal", lambda *args: None)
    before = live_environments()
    pipe = Pipe()
    gc.disable()
    try:
        worker.main(pipe, {"name": "scramble", "options": {"seed": 1}}, Limits(), "sid")
        assert len(common.ENVIRONMENT_DATA) == before
    finally:
        gc.enable()
    assert json.loads(pipe.sent[0])["status"] == 200     # the header (with what it did)


def test_word_lists_used_once_are_not_kept_alive_by_the_puzzles_memos(tmp_path):
    """The riddle's quiet solvers, the Spelling Bee's statistics and Boggle's finders
    and tries are memoised for the lists used last only: a long-lived process (the web
    server, a notebook) that solves with many lists does not keep every one alive."""
    from pyengine.puzzles.bee.fast import mask_stats
    from pyengine.puzzles.boggle.finder import get_finder
    from pyengine.puzzles.riddle.solve import solve
    from pyengine.words.lists import clear_memory_cache, load

    refs = []
    for i in range(12):
        path = tmp_path / f"list{i}.txt"
        path.write_text("\n".join(["cat", "cot", "cut", "tea", "ate", "eat", "tale",
                                   "late", f"zz{'q' * (i % 5)}ant"]) + "\n")
        wl = load(str(path))
        assert solve("My first is in cake but not in lake,\nMy second is in bat,\n"
                     "My last is in tea.\n", words=wl).best == "cat"
        mask_stats(wl)
        get_finder(wl).solve("CATEXXXXXXXXXXXX")
        refs.append(weakref.ref(wl))
        del wl
    clear_memory_cache()                     # the lists' own memo, as a test would
    gc.collect()
    assert refs[0]() is None and refs[1]() is None


COUNTDOWN = """
(deftemplate n (slot v))
(deffacts start (n (v 0)))
(defrule next ?f <- (n (v ?x&:(< ?x LIMIT))) => (retract ?f) (assert (n (v (+ ?x 1)))))
"""


@pytest.mark.parametrize("record", [False, True])
def test_our_engine_keeps_no_fact_once_it_is_gone(tmp_path, record):
    """A run that asserts and retracts a fact per firing holds as many live facts after
    2,000 firings as after 200: our engine's fact list kept every fact it ever saw in
    a log nobody read, so memory grew with the run and every snapshot copied it."""
    counts = []
    for limit in (200, 2000):
        path = tmp_path / f"count{limit}.clp"
        path.write_text(COUNTDOWN.replace("LIMIT", str(limit)))
        s = ExpertaSession.from_clp([path], record=record)
        s.reset()
        s.run()
        assert s.fired_total == limit
        s.trace = []                # what a recording session keeps on purpose
        gc.collect()
        fact_class = type(s.rete.facts.get(s.facts()[0].id))
        counts.append(sum(1 for o in gc.get_objects() if type(o) is fact_class))
        del s
    assert counts[0] == counts[1] == 1
