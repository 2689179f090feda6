"""The .clp conformance suite (tests/conformance/clp): each program runs to its end
on CLIPS under every deterministic strategy with the answers it is known to give,
and our engine, reading the same source, gives CLIPS's firings, facts and output."""
import re

import pytest

from tests.conformance.clp_suite import (CLP_DIR, PROGRAMS, STARTERS_DIR, STRATEGIES,
                                         input_lines, outcome,
                                         run, session)


def _has(run_, *facts):
    texts = run_.fact_texts()
    for fact in facts:
        assert fact in texts, f"no fact {fact} among {texts}"


def _said(run_, *lines):
    for line in lines:
        assert line in run_.printed, f"never printed {line!r}: {list(run_.printed)}"


def _count(run_, prefix):
    return sum(1 for t in run_.fact_texts() if t.startswith(prefix))


def _family(r):
    _said(r, "quinn has 8 known ancestors and no descendants",
          "oscar has 4 known ancestors and no descendants",
          "adam is tom's great-grandparent (3 generations)",
          "quinn and sara are second cousins")
    assert _count(r, "(ancestor ") == 62
    assert _count(r, "(cousin ") == 16
    assert [t for t in r.fact_texts() if t.startswith("(tally (person quinn) (n 8) (seen ")]
    _has(r, "(sibling bob carol)", "(second-cousin tom quinn)")


def _zebra(r):
    _has(r, "(answer fish japanese)", "(answer milk english)")
    _said(r, "  house 1: yellow, italian, bird, water", "  house 2: green, japanese, fish, coffee",
          "  house 3: red, english, cat, milk", "  house 4: blue, spanish, dog, tea",
          "The japanese owns the fish.")


def _manners(n):
    guests = re.findall(r"\(guest \(name (\w+)\) \(sex (\w)\) \(hobby (\w+)\)\)",
                        (CLP_DIR / f"manners{n}.clp").read_text())
    sex = {g: s for g, s, _ in guests}
    hobbies: dict[str, set] = {}
    for g, _, h in guests:
        hobbies.setdefault(g, set()).add(h)

    def check(r):
        _said(r, "everyone is seated", "done")
        table = {}
        for line in r.printed:
            m = re.fullmatch(r"  (\d+) (\w+) (\w)", line)
            if m:
                table[int(m.group(1))] = m.group(2)
                assert sex[m.group(2)] == m.group(3)
        assert sorted(table) == list(range(1, n + 1))
        assert sorted(table.values()) == sorted(sex)
        for seat in range(1, n):
            a, b = table[seat], table[seat + 1]
            assert sex[a] != sex[b] and hobbies[a] & hobbies[b], (seat, a, b)
        assert _count(r, "(seating ") == n
    return check


def _waltz(r):
    _has(r, "(labelled cmid cbot plus)", "(labelled cmid cul plus)", "(labelled cmid cur plus)",
         "(labelled ctop cur out)", "(labelled cll cul out)", "(ambiguous tr tp minus plus)")
    assert not any(t.startswith("(labelled t") for t in r.fact_texts())   # the prism is not
    _said(r, "line cmid-cbot: plus", "line tr-tp: minus or plus")


def _sudoku(rows):
    def check(r):
        _said(r, *rows)
        size = len(rows)
        assert _count(r, "(cand ") == 0
        assert _count(r, "(cell ") == size * size
        assert not any(t.endswith("(v 0))") for t in r.fact_texts())
        _said(r, f"solved with {sum(row.split().count('0') for row in GIVEN[size])} placements")
    return check


GIVEN = {4: ["0 3 0 2", "0 0 4 0", "0 0 0 0", "0 4 3 1"],
         9: ["3 9 0 1 7 2 0 6 0", "0 6 0 0 0 3 0 7 0", "2 0 1 0 0 0 8 9 3",
             "0 0 9 7 0 1 0 0 5", "1 3 0 0 0 5 0 0 0", "5 0 0 9 4 0 0 0 1",
             "0 0 4 0 8 7 0 0 0", "7 0 0 2 1 0 0 0 9", "0 0 2 0 5 0 0 8 0"]}
SOLVED = {4: ["4 3 1 2", "1 2 4 3", "3 1 2 4", "2 4 3 1"],
          9: ["3 9 8 1 7 2 5 6 4", "4 6 5 8 9 3 1 7 2", "2 7 1 5 6 4 8 9 3",
              "8 4 9 7 3 1 6 2 5", "1 3 7 6 2 5 9 4 8", "5 2 6 9 4 8 7 3 1",
              "9 5 4 3 8 7 2 1 6", "7 8 3 2 1 6 4 5 9", "6 1 2 4 5 9 3 8 7"]}


def _animal(r):
    _said(r, "Is it warm-blooded? (yes or no) maybe", "Please answer yes or no: yes",
          "I give up. What is your animal? A Blue Whale",
          "Is it a blue whale? (yes or no) yes",
          "Played 3 games, asked 7 questions.")
    _has(r, '(node (name gen1) (type answer) (question "") (yes none) (no none) '
            '(animal "blue whale"))',
         '(node (name dog) (type decision) (question "Does it live in the sea?") (yes gen1) '
         '(no gen2) (animal none))')


def _monkey(r):
    assert _count(r, "(goal ") == 0
    assert _count(r, "(thing (name bananas)") == 0
    _has(r, "(thing (name toy) (at window) (on floor))", "(thing (name ladder) (at middle) (on floor))")
    assert any(re.fullmatch(r"The monkey is happy after \d+ steps\.", line) for line in r.printed)
    _said(r, "7. The monkey grabs the bananas from the ceiling.")


def _modules(r):
    _has(r, "(order (id 2) (customer zenith) (total 2450) (status held))",
         "(order (id 4) (customer globex) (total 5220) (status accepted))",
         "(discount (order 4) (cents 579))", "(phases)")
    _said(r, "order 2 held: zenith is blocked; checking stops here", "-- phase CHECK",
          "  some orders are still to be checked", "-- day closed, revenue 116.67")
    assert r.printed.count("-- phase REPORT") == 2


def _bank(r):
    _has(r, "(teller (name ann) (free-at 42) (served 9) (busy 38))",
         "(teller (name bob) (free-at 36) (served 7) (busy 32))")
    _said(r, "16 customers, the last arriving at minute 29",
          "average wait 1.4375 minutes (1 rounded), 45 customers per 100 minutes")
    assert _count(r, "(customer ") == 16


def _strings(r):
    _has(r, "(freq (word a) (n 5))", "(freq (word the) (n 3))")
    _said(r, "most frequent: a (5 times)", "1 rot13: N zna n cyna n pnany Cnanzn",
          "sentence 1 reads the same backwards: amanaplanacanalpanama",
          "palindrome: racecar (sentence 2)", "longest word: racecar (7 letters)",
          "3 titled: The 3 Little Pigs Built 3 Houses Of Straw Sticks And Bricks")


def _lists(r):
    _has(r, "(numbers (name a) (items 1 2 3 4 5 6 7 8 9))",
         "(numbers (name b) (items -8 -2 0 7 7 10 15 33))", "(bag red green blue yellow)",
         "(merge (left) (right) (out 1 2 3 4 5 7 9 11 13 16 25))",
         "(queue gamma delta alpha beta)", "(sorted-items 3 4 5 9 15 26 31 58)")
    _said(r, "34 swaps", "as a list: (3 4 5 9 15 26 31 58)", "58 is at 8, 42 is at FALSE")


def _lights(r):
    _has(r, "(lit kitchen)", "(lit hall)", "(lit study)", "(lit bedroom)", "(house-awake)",
         "(mains on)", "(step 7)")
    assert _count(r, "(dark ") == 0 and _count(r, "(event ") == 0
    _said(r, "step 0: every room is lit", "step 3: the whole house is dark",
          "step 4: ALARM in the bedroom",
          "step 5: the intruder in the bedroom is caught in the light",
          "after 7 steps the house is awake")


def _counters(r):
    assert r.halted and r.agenda_left > 0        # halted with the next tick waiting
    _has(r, "(ticker (kind ticker) (n 45) (limit 45))", "(ticker (kind milestone) (n 40) (limit 45))",
         "(counter (start 27) (value 1) (steps 111) (peak 9232))")
    _said(r, "longest: 27 with 111 steps; highest value 9232", "ticker stops at 45")


def _numbers(r):
    _has(r, "(prime-count 17)", "(prime 59)")
    assert _count(r, "(number ") == 17
    _said(r, "17 primes up to 60: 2 3 5 7 11 13 17 19 23 29 31 37 41 43 47 53 59",
          "their sum 440, mean 25.8823529411765, rounded 26, as an integer 25")


def _rpn(r):
    _has(r, "(finished)")
    _said(r, "rpn> 5 1 2 + 4 * + 3 -", "= 14", "= 2.5", "= 2.0", "= -10.0",
          "error: stack-underflow", "error: division-by-zero", "unknown word frobnicate",
          "stack: 1 2 3", "12 lines calculated")


def _routes(r):
    _has(r, "(dist (town hill) (d 20) (via elm))", "(dist (town dune) (d 20) (via cedar))",
         "(dist (town ivy) (d 21) (via hill))")
    assert _count(r, "(dist ") == 9
    _said(r, "ivy 21: amber > cedar > fern > glen > elm > hill > ivy",
          "jade cannot be reached", "kiln cannot be reached", "farthest: ivy at 21")


KNOWN = {
    "family": _family, "zebra": _zebra, "manners8": _manners(8), "manners16": _manners(16),
    "waltz": _waltz, "sudoku4": _sudoku(SOLVED[4]), "sudoku9": _sudoku(SOLVED[9]),
    "animal": _animal, "monkey": _monkey, "modules": _modules, "bank": _bank,
    "strings": _strings, "lists": _lists, "lights": _lights, "counters": _counters,
    "numbers": _numbers, "rpn": _rpn, "routes": _routes,
}


def test_every_program_is_known():
    assert sorted(KNOWN) == sorted(PROGRAMS) and len(PROGRAMS) >= 16
    files = [p.name for p in CLP_DIR.glob("*.clp")] + [p.name for p in STARTERS_DIR.glob("*.clp")]
    assert sorted(files) == sorted(f for f, _, _ in PROGRAMS.values())


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_runs_on_clips(program, strategy):
    r = run(program, "clips", strategy)
    assert r.finished, f"{program} under {strategy}: {r.fired} firings (limit {r.limit}), " \
                       f"{r.agenda_left} activations left"
    assert r.printed, f"{program} printed nothing"
    KNOWN[program](r)


@pytest.mark.parametrize("program", sorted(p for p in PROGRAMS if PROGRAMS[p][1]))
def test_every_input_line_is_read(program):
    """A dialogue's input file holds exactly the lines it reads (none reads EOF)."""
    asked: list[str] = []
    lines = input_lines(program)
    s = session(program, "clips", "depth")
    todo = list(lines)
    s.set_input(lambda prompt: asked.append(prompt) or (todo.pop(0) if todo else None))
    s.run(PROGRAMS[program][2])
    assert len(asked) == len(lines) and not todo


# the default run compares every program under depth and breadth; the other four
# strategies are heavy (``pytest -m heavy``, which CI runs too)
_DEFAULT = ("depth", "breadth")


@pytest.mark.parametrize("strategy", [s if s in _DEFAULT else
                                      pytest.param(s, marks=pytest.mark.heavy)
                                      for s in STRATEGIES])
@pytest.mark.parametrize("program", sorted(PROGRAMS))
def test_same_on_our_engine(program, strategy):
    clips_run = outcome(program, "clips", strategy)
    ours = outcome(program, "ours", strategy)
    assert ours[0] == clips_run[0]      # firings
    assert ours[1] == clips_run[1]      # final facts
    assert ours[2] == clips_run[2]      # printed
    assert ours == clips_run
