"""Random programs over typed templates (:mod:`tests.clp.random_typed_rules`) loaded on
CLIPS and on our engine: both refuse each program or both load it. Found, while our
engine's checks were written: a variable bound in a multislot also takes multifields,
a test narrows a variable for the patterns after it but not for the actions, a `bind`
widens it for the actions, a variable bound inside a `not` is not the actions', a
constant beside a variable bound before is checked against what that variable holds,
``?x&?y`` binds nothing, and a call giving only a multifield cannot fill a single slot.
The default run loads 1,000 programs; the heavy run 5,000 more."""
from __future__ import annotations

import contextlib
import io

import pytest

from pyengine.engine.experta import ExpertaSession
from tests.clp.random_typed_rules import program
from tests.conformance.random_clp import clips_session


def _refusal(make) -> str | None:
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            make()
    except Exception as exc:        # noqa: BLE001 - a refusal, compared below
        return f"{type(exc).__name__}: {exc}"
    return None


def _alike(tmp_path, seeds) -> tuple[list[str], int]:
    """The seeds whose programs one engine refuses and the other loads; how many load."""
    path = tmp_path / "typed.clp"
    differ, loaded = [], 0
    for seed in seeds:
        path.write_text(program(seed))
        on_clips = _refusal(lambda: clips_session(path))
        ours = _refusal(lambda: ExpertaSession.from_clp([path]))
        if (on_clips is None) != (ours is None):
            differ.append(f"seed {seed}: CLIPS {on_clips or 'loads'}; ours {ours or 'loads'}")
        elif ours is not None:
            assert "\n" not in ours and "typed.clp: line " in ours, ours
        loaded += ours is None
    return differ, loaded


@pytest.mark.parametrize("start", range(0, 1000, 100))
def test_both_engines_refuse_or_load_each_random_program(tmp_path, start):
    differ, loaded = _alike(tmp_path, range(start, start + 100))
    assert differ == [] and loaded >= 2


@pytest.mark.heavy
@pytest.mark.parametrize("start", range(1000, 6000, 500))
def test_both_engines_refuse_or_load_each_random_program_heavy(tmp_path, start):
    assert _alike(tmp_path, range(start, start + 500))[0] == []


def test_the_programs_are_reproducible():
    assert program(7) == program(7) and program(7) != program(8)
    assert "(deftemplate t0" in program(0) and "(defrule r0" in program(0)
