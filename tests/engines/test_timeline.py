"""Step back (engine/timeline.py): after goto or back the fact base is the one first
seen there, on every puzzle the shell offers (both engines) and on the contract
rules with user actions and rule input in between."""
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.engine.stages import SessionPlan, Stage
from pyengine.engine.timeline import Timeline
from pyengine.puzzles.registry import shell_entries
from tests.engines.test_contract import make
from tests.engines.test_inspect_contract import family
from tests.puzzle_args import SHELL_ARGS

ARGS = SHELL_ARGS
STEPS = 60


def snapshot(session):
    return [(f.id, f.text) for f in session.facts()]


def walk_and_remember(tl: Timeline, steps: int) -> dict[int, list]:
    seen = {tl.fired: snapshot(tl.session)}
    for _ in range(steps):
        if tl.runner.walk(1) == 0 and tl.runner.done:
            break
        seen.setdefault(tl.fired, snapshot(tl.session))
    return seen


def _riddle_make_heavy(names, slow=("riddle-make",)):
    """The puzzles by name, the slowest to replay (riddle-make) among the heavy tests."""
    return [pytest.param(n, marks=pytest.mark.heavy) if n in slow else n for n in names]


@pytest.mark.parametrize("name", _riddle_make_heavy(shell_entries()))
def test_goto_gives_the_fact_base_first_seen_there(name):
    from pyengine.ui.sessions import opener
    tl = Timeline(opener(name, ARGS.get(name, [])))
    seen = walk_and_remember(tl, STEPS)
    last = max(seen)
    assert last > 2, f"{name}: too few firings to test"
    trace = list(tl.session.trace)
    for k in sorted({last - 1, last // 2, 1, 0}):
        plan = tl.goto(k + 1)
        assert plan is tl.plan and tl.fired == k
        assert snapshot(tl.session) == seen[k], f"{name}: after goto {k + 1}"
        assert tl.session.trace == trace[:k]
        latest = {}                     # modify keeps a fact's id: the last assert counts
        for firing in tl.session.trace:
            for fid in firing.asserted:
                latest[fid] = firing
        for fid, firing in latest.items():
            if fid in dict(seen[k]):
                assert tl.session.why(fid) is firing
        walk_and_remember(tl, last - k)          # forward again: the same run
        assert snapshot(tl.session) == seen[last]


def contract_plan(engine):
    def reopen():
        return SessionPlan(make(engine), [Stage("GO", limit=4), Stage("GO")], seed=7)
    return reopen


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_back_undoes_firings_and_keeps_earlier_user_actions(engine):
    tl = Timeline(contract_plan(engine))
    tl.runner.walk(2)
    s = tl.session
    extra = s.assert_fact("(number 7)")
    s.strategy = "breadth"
    tl.runner.walk(3)
    at5 = snapshot(tl.session)
    tl.runner.walk(2)
    tl.session.retract(extra)
    tl.runner.walk(None)
    total = tl.fired
    assert total > 7
    tl.back(total - 5)
    assert tl.fired == 5 and snapshot(tl.session) == at5
    assert tl.session.strategy == "breadth"
    assert tl.session.why(extra) is None           # the user's fact, still there
    tl.runner.walk(None)
    assert tl.fired >= total                        # runs on (the retract was undone)
    with pytest.raises(UsageError):
        tl.back(tl.fired + 1)
    with pytest.raises(UsageError):
        tl.goto(0)


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_replay_reads_the_same_input(engine):
    answers = iter(["yes", "no"])
    tl = Timeline(lambda: SessionPlan(family(engine), []))
    tl.session.set_input(lambda prompt: next(answers, None))
    tl.runner.walk(None)
    first = snapshot(tl.session)
    assert any("(alive cy yes)" == text for _, text in first)
    tl.back(2)
    tl.runner.walk(None)
    assert snapshot(tl.session) == first


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_listeners_follow_the_timeline(engine):
    events = []
    tl = Timeline(contract_plan(engine))
    tl.subscribe(lambda ev, p: events.append(ev))
    tl.runner.walk(3)
    tl.back(1)
    assert events.count("fire") == 3                # the replay is silent
    tl.runner.walk(1)
    assert events.count("fire") == 4


@pytest.mark.parametrize("name", _riddle_make_heavy(
    (n for n, (p, _) in shell_entries().items() if p.engine == "experta"),
    slow=("riddle-make", "boggle-solve")))
def test_goto_from_snapshots_gives_the_same_fact_base(name, monkeypatch):
    """experta takes snapshots every SNAPSHOT_EVERY firings (7 here): a goto starts
    from the last one before the point asked for, with the same result."""
    from pyengine.engine import timeline
    from pyengine.ui.sessions import opener
    monkeypatch.setattr(timeline, "SNAPSHOT_EVERY", 7)
    monkeypatch.setattr(timeline, "SNAPSHOT_COST_RATIO", 0)   # every one, however slow
    tl = Timeline(opener(name, ARGS.get(name, [])))
    seen = walk_and_remember(tl, 25)
    tl.runner.walk(None)                    # the rest in one walk: chunks, snapshots
    seen.setdefault(tl.fired, snapshot(tl.session))
    end, trace = tl.fired, list(tl.session.trace)
    assert tl.snapshots, f"{name}: no snapshot taken"
    for k in sorted({end - 1, end - 8, 20, 9, 3}):
        if not 0 <= k < end:
            continue
        tl.goto(k + 1)
        assert tl.fired == k and tl.session.trace == trace[:k]
        if k in seen:
            assert snapshot(tl.session) == seen[k], f"{name}: after goto {k + 1}"
        tl.runner.walk(None)
        assert snapshot(tl.session) == seen[end] and tl.fired == end


def manners_plan(n: int):
    """Miss Manners for n guests as an experta engine (bench/manners), from reset."""
    import sys
    from pyengine.engine.experta import ExpertaSession
    sys.path.insert(0, str(Path(__file__).parent.parent.parent / "bench" / "manners"))
    import guests
    import manners_experta

    def reopen():
        s = ExpertaSession(manners_experta.Manners(guests.guests(n)))
        s.reset()
        return SessionPlan(s, [])
    return reopen


def test_snapshots_keep_the_engines_own_attributes(monkeypatch):
    from pyengine.engine import timeline
    monkeypatch.setattr(timeline, "SNAPSHOT_EVERY", 10)
    monkeypatch.setattr(timeline, "SNAPSHOT_COST_RATIO", 0)   # every one, however slow
    tl = Timeline(manners_plan(8))
    tl.runner.walk(None)
    seated, end = list(tl.session.ke.seated), tl.fired
    assert len(seated) == 8 and len(tl.snapshots) >= 5
    printed = sum(1 for f in tl.session.trace[:end - 5] if f.rule == "print_results")
    tl.back(5)
    assert 0 < printed < 8 and tl.session.ke.seated == seated[:printed]
    tl.runner.walk(None)
    assert tl.session.ke.seated == seated and tl.fired == end


def test_snapshots_cost_at_most_a_share_of_the_run(monkeypatch):
    """A snapshot is taken only once the walking since the last one took
    SNAPSHOT_COST_RATIO times what that one cost. A fake clock: each snapshot costs
    1 s and each firing 0.3 s, so with a ratio of 5 a snapshot every 20 firings
    (6 s of walking), not every 10."""
    from pyengine.engine import timeline
    clock = [0.0]
    monkeypatch.setattr(timeline.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(timeline, "SNAPSHOT_EVERY", 10)
    monkeypatch.setattr(timeline, "SNAPSHOT_COST_RATIO", 5)
    tl = Timeline(manners_plan(8))            # 59 firings
    session_type = type(tl.session)
    run, snapshot_of = session_type.run, session_type.snapshot

    def slow_run(self, limit=None):
        fired = run(self, limit)
        clock[0] += 0.3 * fired
        return fired

    def slow_snapshot(self):
        clock[0] += 1.0
        return snapshot_of(self)
    monkeypatch.setattr(session_type, "run", slow_run)
    monkeypatch.setattr(session_type, "snapshot", slow_snapshot)
    tl.runner.walk(None)
    kept = [snap.fired for snap in tl.snapshots]
    assert tl.fired >= 40 and kept[0] == 10, kept
    assert all(b - a == 20 for a, b in zip(kept, kept[1:])), kept
