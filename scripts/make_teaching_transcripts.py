"""Splice real shell transcripts into docs/teaching.md, so the guide cannot drift.

The guide holds blocks like::

    <!-- transcript: scramble Nile Seine --seed 4 --swaps 3
    facts
    step
    -->
    ```text
    (this part is generated)
    ```
    <!-- end transcript -->

The first line names the puzzle and its arguments, as after ``pyengine shell``;
the next lines are the shell script (``--input FILE`` among the arguments gives the
rules' reads their lines, as on the command line). Everything between ``-->`` and
``<!-- end transcript -->`` is replaced by the shell's output, commands echoed
after the prompt. ``<!-- python`` blocks hold Python code: the code and what it
prints are spliced in the same way.

    python scripts/make_teaching_transcripts.py           # rewrite the guide
    python scripts/make_teaching_transcripts.py --check   # exit 1 if it is stale

Run from anywhere: paths in the blocks are relative to the repository root.
"""
from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import os
import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "teaching.md"

BLOCK = re.compile(
    r"(?P<open><!-- (?P<kind>transcript:|python)(?P<head>[^\n]*)\n(?P<body>.*?)-->\n)"
    r"(?P<out>.*?)"
    r"(?P<close><!-- end (?:transcript|python) -->)", re.S)

# glibc's first rand() after srand(1): CLIPS's random strategy (and so every
# RANDOMIZE transcript) depends on the C library's rand(). The guide is made on glibc.
GLIBC_FIRST_RAND = 1804289383


def rand_matches_glibc() -> bool:
    import clips

    env = clips.Environment()
    env.eval("(seed 1)")
    return int(env.eval("(random)")) == GLIBC_FIRST_RAND


def missing_sessions(doc: str) -> list[str]:
    """Sessions the guide's transcripts open that this tree cannot open (yet)."""
    from pyengine.ui.sessions import names

    known = set(names())
    heads = [m.group("head") for m in BLOCK.finditer(doc) if m.group("kind") == "transcript:"]
    return sorted({shlex.split(h)[0] for h in heads} - known)


def shell_transcript(head: str, script: str) -> str:
    from pyengine.ui.sessions import opener
    from pyengine.ui.shell import Shell, input_lines, take_input_option

    words = shlex.split(head)
    input_file, rest = take_input_option(words[1:])
    inputs = input_lines(input_file) if input_file else None
    factory = opener(words[0], rest)
    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO(script), stdout=out, echo=True,
                  inputs=inputs)
    shell.cmdloop()
    lines = [f"$ pyengine shell {head.strip()}"] + out.getvalue().rstrip("\n").splitlines()
    return "```text\n" + "\n".join(line.rstrip() for line in lines) + "\n```\n"


def python_transcript(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<teaching.md>", "exec"), {"__name__": "__teaching__"})
    printed = out.getvalue().rstrip("\n")
    text = "```python\n" + code.rstrip("\n") + "\n```\n"
    if printed:
        text += "```text\n" + "\n".join(ln.rstrip() for ln in printed.splitlines()) + "\n```\n"
    return text


def render(doc: str) -> str:
    """The guide with every block's output made afresh."""
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        missing = set(missing_sessions(doc))

        def replace(m: re.Match) -> str:
            if m.group("kind") == "python":
                made = python_transcript(m.group("body"))
            elif shlex.split(m.group("head"))[0] in missing:
                return m.group(0)           # cannot be made in this tree: left as it is
            else:
                made = shell_transcript(m.group("head"), m.group("body"))
            return m.group("open") + made + m.group("close")
        return BLOCK.sub(replace, doc)
    finally:
        os.chdir(cwd)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="exit 1 if the guide is out of date")
    p.add_argument("--doc", default=str(DOC), help="the guide (default docs/teaching.md)")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))        # the contract rules live in tests/engines
    path = Path(args.doc)
    old = path.read_text(encoding="utf-8")
    if not rand_matches_glibc():
        print("warning: this C library's rand() is not glibc's; RANDOMIZE transcripts "
              "will differ from the published guide", file=sys.stderr)
    missing = missing_sessions(old)
    if missing:
        print(f"warning: {', '.join(missing)} cannot be opened in this tree; "
              "those transcripts are left as they are", file=sys.stderr)
    new = render(old)
    if args.check:
        if new != old:
            sys.stdout.writelines(difflib.unified_diff(
                old.splitlines(True), new.splitlines(True), "teaching.md", "regenerated"))
            return 1
        print(f"{path.name} is up to date ({len(BLOCK.findall(old))} transcripts)")
        return 0
    if new != old:
        path.write_text(new, encoding="utf-8")
        print(f"rewrote {path} ({len(BLOCK.findall(new))} transcripts)")
    else:
        print(f"{path.name} already up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
