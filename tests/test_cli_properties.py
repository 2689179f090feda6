"""Every action of every registered puzzle, fuzzed in-process: arguments built from
its own declaration (valid, borderline and junk values) and random bytes on stdin.
Whatever the input, the command ends with a documented exit status (0 done, 1 no
answer, 2 bad input), never another exception, and ``--json`` output parses.

The budget is the hypothesis profile's (``ci`` by default; ``--hypothesis-profile=long``
for a deeper run). Long searches (``boggle best``, ``boggle bench``) are left out here:
their options are fuzzed with their time budget pinned small in their own tests."""
from __future__ import annotations

import io
import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.puzzles import registry
from pyengine.ui.cli import main

LONG_RUNNING = {("boggle", "best"), ("boggle", "bench"), ("boggle", "table")}
WORDS = st.sampled_from(["nile", "Seine", "cat", "aeginrt", "perslatgsineters", "x", "",
                         "caf\u00e9", "e\u0301", "\ufeffnile", "a-b", "--", "-", "²", "1e9"])
JUNK = st.text(max_size=12)


def _value(opt):
    """Values for one option: its own vocabulary first, junk sometimes."""
    if opt.kind == "int":
        lo = int(opt.low) if opt.low is not None else -2
        good = st.integers(min_value=lo, max_value=lo + 8).map(str)
        return st.one_of(good, st.sampled_from(["-1", "²", "1.5", "99999999999999999999"]), JUNK)
    if opt.kind == "float":
        return st.one_of(st.sampled_from(["0.1", "0", "nan", "inf", "-1"]), JUNK)
    if opt.choices:
        return st.one_of(st.sampled_from(list(opt.choices)), JUNK)
    if opt.name in ("words",) and not opt.positional:
        return st.sampled_from(["default", "bee", "default:20", "default:²", "/nonexistent",
                                "~nosuchuser/x", "", "/dev/null"])
    return st.one_of(WORDS, JUNK)


@st.composite
def argv_for(draw, puzzle, action):
    argv = [puzzle.name] if action.name == puzzle.default else [puzzle.name, action.name]
    for opt in action.options:
        if not opt.cli or not (opt.required or draw(st.booleans())):
            continue
        if opt.positional:
            n = draw(st.integers(1, 3)) if opt.kind == "words" else 1
            argv += [draw(_value(opt)) for _ in range(n)]
        elif opt.kind == "bool":
            argv.append(opt.flags[0] if opt.flags else "--" + opt.name.replace("_", "-"))
        else:
            argv += [opt.flags[0] if opt.flags else "--" + opt.name.replace("_", "-"),
                     draw(_value(opt))]
    if draw(st.booleans()):
        argv.append("--json")
    return argv


def _cases():
    return [(p, a) for p in registry.puzzles().values() for a in p.actions
            if (p.name, a.name) not in LONG_RUNNING]


@pytest.mark.parametrize("puzzle,action", _cases(), ids=lambda x: getattr(x, "name", ""))
def test_any_input_ends_with_a_documented_status(puzzle, action, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("PYENGINE_CACHE", str(tmp_path / "cache"))

    @settings(max_examples=max(10, settings.default.max_examples // 3))
    @given(argv=argv_for(puzzle, action), stdin=st.binary(max_size=200))
    def check(argv, stdin):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        try:
            status = main(list(argv))
        except SystemExit as exc:            # argparse: --help, or a usage error
            status = exc.code
        out = capsys.readouterr().out
        assert status in (0, 1, 2), f"{argv}: exit {status}"
        if status == 0 and "--json" in argv and out.strip():
            json.loads(out)

    check()
