"""Findings 1-2: the trace never depends on what the rules print. Rules print with
and without crlf, through format, several times per firing, print text that looks
like CLIPS's own watch records, and read; the recorded firings equal the engine's
own count, every fact a rule made answers why, and each line stays with its rule."""
from pathlib import Path

import clips
import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.compat import experta  # noqa: F401

from experta import MATCH, Fact, KnowledgeEngine, Rule  # noqa: E402

PRINTERS = """
(deftemplate item (slot n))
(deffacts items (item (n 1)) (item (n 2)) (item (n 3)))

(defrule ask-no-crlf
   (item (n ?n))
   =>
   (printout t "Question " ?n "? ")
   (assert (answer ?n (read))))

(defrule several
   (answer ?n ?a)
   =>
   (printout t "got " ?a)
   (printout t " for " ?n crlf "and more")
   (format t "%d%%-" ?n)
   (assert (said ?n)))

(defrule lookalike
   (said ?n)
   =>
   (printout t "FIRE    1 " "several" ": " "f-1" crlf)
   (printout t "==> " "f-9 " "(x)" crlf)
   (printout t "<== ")
   (assert (done ?n)))

(defrule read-line
   (done 3)
   =>
   (printout t "Name? ")
   (assert (name (readline))))
"""


def plain_count(path: Path, lines: list[str]) -> int:
    """The same program in plain clipspy (its stdin from a router): the engine's count."""
    env = clips.Environment()

    class Quiet(clips.Router):
        data = "".join(line + "\n" for line in lines).encode()

        def query(self, name):
            return name in ("stdout", "stdin")

        def read(self, name):
            if not self.data:
                return -1
            ch, self.data = self.data[0], self.data[1:]
            return ch

        def unread(self, name, ch):
            self.data = bytes([ch]) + self.data
            return 1

    env.add_router(Quiet("quiet", 30))
    env.load(str(path))
    env.reset()
    return env.run()


@pytest.fixture
def printers(tmp_path):
    path = tmp_path / "printers.clp"
    path.write_text(PRINTERS)
    return path


@pytest.mark.parametrize("lines", [["yes", "no", "maybe", "Ada Lovelace"], ["yes"], []])
def test_recorded_firings_equal_the_engines_count(printers, lines):
    s = ClipsSession([printers])
    s.reset()
    todo = list(lines)
    s.set_input(lambda prompt: todo.pop(0) if todo else None)
    fired = s.run()
    assert fired == plain_count(printers, lines) == len(s.trace) == s.fired_total
    assert [f.number for f in s.trace] == list(range(1, fired + 1))
    live = {f.id for f in s.facts()}
    made = [fid for f in s.trace for fid in f.asserted]
    assert made and all(s.why(fid) is not None for fid in made)
    assert {fid for fid in live if s.why(fid) is not None} == set(made) & live


def test_each_line_stays_with_its_firing(printers):
    s = ClipsSession([printers])
    s.reset()
    todo = ["yes", "Ada Lovelace", "no", "maybe"]     # depth first: item 3 goes first
    s.set_input(lambda prompt: todo.pop(0) if todo else None)
    s.run()
    by_rule = {}
    for f in s.trace:
        by_rule.setdefault(f.rule, []).append(f.output)
    assert by_rule["ask-no-crlf"][0] == ["Question 3? yes"]
    assert by_rule["several"][0] == ["got yes for 3", "and more3%-"]
    assert by_rule["lookalike"][0] == ["FIRE    1 several: f-1", "==> f-9 (x)", "<== "]
    assert by_rule["read-line"] == [["Name? Ada Lovelace"]]
    facts = {f.text for f in s.facts()}
    assert '(name "Ada Lovelace")' in facts and "(answer 3 yes)" in facts


def test_steps_one_at_a_time_see_the_same(printers):
    s = ClipsSession([printers])
    s.reset()
    s.set_input(lambda prompt: "ok")
    total = 0
    while s.step():
        total += 1
    assert total == len(s.trace) == plain_count(printers, ["ok"] * 10)


def test_quiet_and_rule_output_kept_apart(printers, capfd):
    s = ClipsSession([printers])
    s.reset()
    s.quiet(True)
    s.set_input(None)
    s.run()
    out = capfd.readouterr()
    assert out.out == "" and out.err == ""
    assert "(answer 3 EOF)" in {f.text for f in s.facts()}


class Item(Fact):
    pass


class Printers(KnowledgeEngine):
    @Rule(Item(MATCH.n))
    def ask(self, n):
        print(f"Question {n}? ", end="")
        print("twice", end="")
        self.declare(Fact(answer=n))


def test_experta_print_comes_after_its_fire_event():
    from pyengine.engine.experta import ExpertaSession
    s = ExpertaSession(Printers)
    s.reset()
    events = []
    s.listeners.append(lambda ev, p: events.append((ev, str(p))))
    s.assert_fact("(item 1)")
    s.assert_fact("(item 2)")
    s.run()
    kinds = [ev for ev, _ in events if ev in ("fire", "output")]
    assert kinds == ["fire", "output", "fire", "output"]
    assert [f.output for f in s.trace] == [["Question 2? twice"], ["Question 1? twice"]]


class Asker(KnowledgeEngine):
    @Rule(Item(MATCH.n))
    def ask(self, n):
        self.declare(Fact(answer=self.read_line(f"Item {n}? ")))


def test_experta_read_line_gives_none_at_the_end():
    from pyengine.engine.experta import ExpertaSession
    s = ExpertaSession(Asker)
    s.reset()
    s.assert_fact("(item 1)")
    s.assert_fact("(item 2)")
    todo = ["first"]
    s.set_input(lambda prompt: todo.pop(0) if todo else None)
    s.run()
    assert [f.output for f in s.trace] == [["Item 2? first"], ["Item 1? "]]
    answers = [f.text for f in s.facts() if f.text.startswith("(fact")]
    assert answers == ["(fact (answer first))", "(fact (answer None))"]


def test_rule_output_is_bounded(tmp_path):
    from pyengine.engine import session as contract
    path = tmp_path / "loud.clp"
    path.write_text("(defrule loud (go) => (loop-for-count (?i 1 3000) do "
                    "(printout t \"line \" ?i crlf)))")
    s = ClipsSession([path])
    s.reset()
    s.assert_fact("(go)")
    s.run()
    out = s.trace[0].output
    assert len(out) == contract.MAX_FIRING_LINES + 1 and out[-1].startswith("...")
    assert out[0] == "line 1" and len(s.printed) == 3000


NOTE = "rule firing limit reached"
TWO_FIRINGS = """
(deftemplate c (slot n))
(deffacts d (c (n 0)))
(defrule up ?c <- (c (n ?n&:(< ?n 2))) =>
   (printout t "line " ?n crlf)
   (printout t "rule firing limit reached
")
   (modify ?c (n (+ ?n 1))))
"""


@pytest.mark.parametrize("limit", [None, 1, 2, 3, 4, 5, 8])
def test_clips_s_half_the_limit_note_is_not_a_rule_s_output(tmp_path, limit):
    """CLIPS 6.4's Run writes "rule firing limit reached" when exactly half its limit
    fired (it compares with what is left of the limit); our runs call Run in chunks, so
    the note is about a chunk: dropped. The same words a rule printed stay, each time."""
    path = tmp_path / "two.clp"
    path.write_text(TWO_FIRINGS)
    s = ClipsSession([path])
    s.reset()
    fired = s.run(limit)
    assert fired == min(2, limit or 2)
    assert s.printed == [line for n in range(fired) for line in (f"line {n}", NOTE)]
    assert [line for f in s.trace for line in f.output] == s.printed


def test_a_run_of_a_thousand_chunk_keeps_quiet_too(tmp_path):
    """``run`` with no limit: CLIPS runs in chunks of at most 1000; one firing 500
    would have written the note."""
    path = tmp_path / "count.clp"
    path.write_text("(deftemplate c (slot n)) (deffacts d (c (n 0)))\n"
                    "(defrule up ?c <- (c (n ?n&:(< ?n 500))) => (modify ?c (n (+ ?n 1))))")
    s = ClipsSession([path])
    s.reset()
    assert s.run() == 500
    assert s.printed == []
