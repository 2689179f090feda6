"""CLIPS 6.4's ``format`` writes into a buffer 200 bytes longer than its control string:
``%250d``, ``%.250f`` or ``(format nil "%f" 1e308)`` run past it (a segmentation fault,
or a heap quietly corrupted). A program from the page may therefore use ``format`` only
with its control string written out, widths and precisions of at most 100, and on CLIPS
no ``%f`` (the digits of a float are not bounded by any width); our own engine refuses
a field over 10,000 characters wherever the program comes from.

The bound is shown safe, not assumed: every conversion at the bound, with the widest
values CLIPS has, runs under glibc's checking allocator, which aborts on an overrun
(and does abort on ``%f`` of 1e200, 8 bytes past the buffer)."""
from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.engine.clips_allow import FORMAT_MAX_WIDTH, ProgramRefused, check_program
from pyengine.engine.clp.functions_format import MAX_FIELD
from pyengine.engine.experta import ExpertaSession

MALLOC_DEBUG = next((p for p in ("/lib/x86_64-linux-gnu/libc_malloc_debug.so.0",
                                 "/lib/aarch64-linux-gnu/libc_malloc_debug.so.0",
                                 "/usr/lib/libc_malloc_debug.so.0") if Path(p).exists()), None)

EXTREMES = {"d": ["-9223372036854775807", "9223372036854775807"], "x": ["-1"], "o": ["-1"],
            "u": ["-1"], "e": ["1.7e308", "-1.7e308", "4.9e-324"],
            "g": ["1.7e308", "-1.7e308", "4.9e-324"], "s": ['"' + "a" * 3000 + '"', "abc"],
            "c": ["65", '"x"']}
SPECS = ["%{w}", "%-{w}", "%+0{w}", "%{w}.{w}", "%.{w}", "%#{w}.{w}"]


def _rule(control: str, value: str = "1") -> str:
    return f'(defrule r => (format nil "{control}" {value}))'


@pytest.mark.parametrize("engine", ["clips", "ours"])
@pytest.mark.parametrize("control", [f"%{FORMAT_MAX_WIDTH + 1}d", f"%.{FORMAT_MAX_WIDTH + 1}e",
                                     f"%-0{FORMAT_MAX_WIDTH + 150}s", "%5d and %250x"])
def test_a_field_past_the_bound_is_refused_with_its_place(engine, control):
    with pytest.raises(ProgramRefused, match=r"^line 1, column 15: format: .*more than 100") as no:
        check_program(_rule(control), engine=engine)
    assert no.value.line == 1 and "\n" not in str(no.value)


@pytest.mark.parametrize("call", ['(format t ?c 1)', '(format t (str-cat "%" "300d") 1)',
                                  "(format t)"])
def test_a_control_string_not_written_out_is_refused(call):
    for engine in ("clips", "ours"):
        with pytest.raises(ProgramRefused, match="control string must be written out"):
            check_program(f'(defrule r => (bind ?c "%d") {call})', engine=engine)


def test_f_is_refused_on_clips_only_and_the_message_says_what_to_use():
    with pytest.raises(ProgramRefused, match=r"%f .* use %e or %g"):
        check_program(_rule("total %5.2f%n", "2.5"), engine="clips")
    assert check_program(_rule("total %5.2f%n", "2.5"), engine="ours").text
    assert check_program(_rule("%d %5.2e %-8s %g%% %c%n%t", "1 2.0 ab 3.0 65"),
                         engine="clips").text


def test_format_inside_a_deffunction_or_a_nested_call_is_checked_too():
    with pytest.raises(ProgramRefused, match="line 2"):
        check_program('(deffunction f (?x)\n  (str-cat "a" (format nil "%300d" ?x)))')


def test_our_engine_refuses_a_field_past_its_own_bound(tmp_path, capsys):
    clp = tmp_path / "wide.clp"
    clp.write_text(f'(defrule r => (format t "%{MAX_FIELD + 1}d" 1))')
    s = ExpertaSession.from_clp([clp])
    s.reset()
    with pytest.raises(Exception, match=f"more than {MAX_FIELD:,} characters"):
        s.run()
    clp.write_text(f'(defrule r => (printout t (str-length (format nil "%{MAX_FIELD}d" 1)) crlf))')
    s = ExpertaSession.from_clp([clp])
    s.reset()
    s.run()
    assert s.trace[-1].output == [str(MAX_FIELD)]


@pytest.mark.skipif(MALLOC_DEBUG is None, reason="glibc's checking allocator "
                    "(libc_malloc_debug.so.0) is not on this machine")
def test_every_conversion_at_the_bound_stays_inside_clipss_buffer():
    calls = [f'(format nil "{spec.format(w=FORMAT_MAX_WIDTH)}{conv}" {value})'
             for conv, values in EXTREMES.items()
             for spec, value in itertools.product(SPECS, values)]
    for call in calls:      # what the page lets through
        check_program(f"(defrule r => {call})", engine="clips")
    overrun = '(format nil "%f" 1e200)'
    script = ("import sys, clips\nenv = clips.Environment()\n"
              "for call in sys.argv[1:]:\n    env.eval(call)\nprint('ran', len(sys.argv) - 1)\n")
    env = {**os.environ, "LD_PRELOAD": MALLOC_DEBUG, "MALLOC_CHECK_": "3"}
    ran = subprocess.run([sys.executable, "-c", script, *calls], env=env,
                         capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0 and ran.stdout.strip() == f"ran {len(calls)}", ran.stderr[-300:]
    caught = [subprocess.run([sys.executable, "-c", script, overrun], env=env,
                             capture_output=True, text=True, timeout=120).returncode
              for _ in range(5)]    # the heap's layout varies: one run in ~40 slips past
    assert any(caught), "the checking allocator did not catch a known overrun"


def test_the_page_checks_a_program_for_the_engine_it_asks_for():
    programs = pytest.importorskip("pyengine.ui.web.programs",
                                   reason="the web inspector needs the web extra")
    source = '(defrule r => (format t "%6.2f%n" 3.14159))'
    with pytest.raises(ProgramRefused, match="%f"):
        programs.program_spec({"source": source, "engine": "clips"})
    assert programs.program_spec({"source": source, "engine": "ours"})["text"] == source
