"""``pyengine serve``: the web inspector on a local port (needs the ``web`` extra)."""
from __future__ import annotations

import argparse
import sys

from pyengine.engine.errors import UsageError
from pyengine.ui import sessions

OWN = {"--input": str, "--host": str, "--port": int, "--open": None, "--max-sessions": int,
       "--max-firings": int, "--idle": int}


def add_parser(sub) -> None:
    p = sub.add_parser(
        "serve", help="the web inspector: step, back and why in a browser, one session a tab",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Start a local web app on the same sessions as 'pyengine shell': the "
                    "puzzle as a picture, the fact base, the agenda, the rules, a timeline "
                    "of firings, why trees and matches. Each browser tab gets its own "
                    "session. Without a PUZZLE the page offers every puzzle. The browser "
                    "can step, assert and retract, and nothing else: no files beyond what "
                    "this command names, no CLIPS or Python code from the page. "
                    "Needs: pip install 'pyengine-puzzles[web]'.",
        epilog="examples:\n  pyengine serve --open\n  pyengine serve scramble --seed 1\n"
               "  pyengine serve clp family.clp --stage GO --host 0.0.0.0")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0: a classroom; default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument("--open", action="store_true", help="open the page in a browser")
    p.add_argument("--input", metavar="FILE",
                   help="lines for the rules' (read) and input(), one per read, in every session")
    p.add_argument("--max-sessions", type=int, default=50, help="sessions at once (default 50)")
    p.add_argument("--max-firings", type=int, default=5000,
                   help="firings one request may make (default 5000)")
    p.add_argument("--idle", type=int, default=1800,
                   help="seconds before an idle session expires (default 1800)")
    p.add_argument("puzzle", nargs="?", metavar="PUZZLE",
                   help="one of: " + ", ".join(sessions.names()) + " (default: all)")
    p.add_argument("args", nargs=argparse.REMAINDER, metavar="...",
                   help="the puzzle's own arguments and options")
    p.set_defaults(func=run)


def take_own_options(args) -> None:
    """``--host``, ``--port`` ... are serve's own, also when written after the puzzle."""
    rest, words = [], list(args.args or [])
    while words:
        word = words.pop(0)
        flag, eq, value = word.partition("=")
        if flag not in OWN:
            rest.append(word)
            continue
        dest = flag[2:].replace("-", "_")
        if OWN[flag] is None:
            setattr(args, dest, True)
            continue
        if not eq:
            if not words:
                raise UsageError(f"{flag} needs a value")
            value = words.pop(0)
        try:
            setattr(args, dest, OWN[flag](value))
        except ValueError:
            raise UsageError(f"{flag}: not a valid value: {value!r}") from None
    args.args = rest


def build(args):
    """The app the arguments describe (checks the puzzle's options now)."""
    from pyengine.ui.web.app import create_app
    from pyengine.ui.web.sessions import Limits
    from pyengine.ui.web.targets import command_line

    take_own_options(args)
    for name, low in (("port", 0), ("max_sessions", 1), ("max_firings", 1), ("idle", 1)):
        if getattr(args, name) < low or (name == "port" and args.port > 65535):
            raise UsageError(f"--{name.replace('_', '-')}: out of range")
    target = None
    if args.puzzle is not None:
        target = command_line(args.puzzle, args.args)
        target.fixed()                       # open it once now: a bad file fails here
    elif args.args:
        raise UsageError("give the PUZZLE before its options")
    limits = Limits(args.max_sessions, args.max_firings, float(args.idle))
    lines = None
    if args.input:
        from pyengine.ui.shell import input_lines
        lines = input_lines(args.input)
    return create_app(target, limits, lines)


def run(args) -> int:
    try:
        import uvicorn
    except ImportError:
        raise UsageError("pyengine serve needs the web extra: "
                         "pip install 'pyengine-puzzles[web]' (starlette, uvicorn)") from None
    app = build(args)
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else args.host}:{args.port}/"
    print(f"pyengine serve: {url} (Ctrl-C to stop)", file=sys.stderr)
    if args.open:
        import threading
        import webbrowser
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m pyengine.ui.web.command ...`` (before ``serve`` joins the CLI)."""
    from pyengine.ui.cli import Parser
    parser = Parser(prog="pyengine")
    add_parser(parser.add_subparsers(dest="tool"))
    args = parser.parse_args(["serve", *(sys.argv[1:] if argv is None else argv)])
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"pyengine serve: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
