"""Rules in Python print through ``sys.stdout``: two sessions firing in two threads at
once (a notebook's run in a background thread beside a cell) keep their printed lines
apart, and the process's own streams come back after. (Each firing took ``sys.stdout``
for its own and gave back what it found: the two took it from each other, and one
thread's lines went to the other session or to the terminal.)"""
from __future__ import annotations

import sys
import threading
import time

from pyengine.engine.experta import ExpertaSession
from pyengine.experta import AS, MATCH, TEST, DefFacts, Fact, KnowledgeEngine, Rule

ROUNDS = 200


class Count(Fact):
    pass


def counter(tag: str):
    class Counter(KnowledgeEngine):
        @DefFacts()
        def start(self):
            yield Count(n=0)

        @Rule(AS.c << Count(n=MATCH.n), TEST(lambda n: n < ROUNDS))
        def count(self, c, n):
            print(tag, n, end="")
            time.sleep(0)               # the other thread's turn, mid-line
            print("", "done")
            self.modify(c, n=n + 1)
    return Counter


def test_two_sessions_in_two_threads_keep_their_printed_lines():
    outside = sys.stdout, sys.stdin
    sessions = {tag: ExpertaSession(counter(tag)) for tag in ("left", "right")}
    for s in sessions.values():
        s.reset()
    threads = [threading.Thread(target=s.run) for s in sessions.values()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for tag, s in sessions.items():
        lines = [line for f in s.trace for line in f.output]
        assert lines == [f"{tag} {n} done" for n in range(ROUNDS)]
    assert (sys.stdout, sys.stdin) == outside


def test_the_reader_of_a_rule_writes_to_the_process_streams(capsys):
    """A rule's input() asks the session's reader, which runs with the process's own
    streams (a terminal's prompt goes to the terminal, not into the rule's lines)."""
    class Asker(KnowledgeEngine):
        @DefFacts()
        def start(self):
            yield Count(n=0)

        @Rule(Count(n=0))
        def ask(self):
            print("got", input("name? "))

    def reader(prompt):
        print("the reader was asked", repr(prompt))
        return "Ada"
    s = ExpertaSession(Asker)
    s.set_input(reader)
    s.reset()
    s.run()
    assert s.trace[0].output == ["name? Ada", "got Ada"]
    assert capsys.readouterr().out == "the reader was asked 'name? '\n"
