"""``pyengine serve``: the web inspector on a local port (needs the ``web`` extra)."""
from __future__ import annotations

import argparse
import re
import sys

from pyengine.engine.errors import UsageError
from pyengine.ui import sessions
from pyengine.ui.web.limits import Limits

OWN = {"--input": str, "--host": str, "--port": int, "--open": None, "--max-sessions": int,
       "--max-firings": int, "--idle": int, "--max-per-client": int, "--seconds": float,
       "--allow-host": str, "--allow-origin": str, "--no-programs": None,
       "--teacher-token": str, "--no-teacher": None}
LISTS = ("--allow-host", "--allow-origin")      # may be given more than once


def add_parser(sub, help_text: str) -> None:
    p = sub.add_parser(
        "serve", help=help_text,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Start a local web app on the same sessions as 'pyengine shell': the "
                    "puzzle as a picture, the fact base, the agenda, the rules, a timeline "
                    "of firings, why trees and matches. Each browser tab gets its own "
                    "session. Without a PUZZLE the page offers every puzzle. The browser "
                    "can step, assert and retract, and load CLIPS programs typed in its "
                    "editor whose every call is on an allow-list (--no-programs: none), "
                    "and nothing else: no files beyond what this command names, no Python "
                    "code from the page. Each "
                    "session runs in a process of its own, bounded in time and memory "
                    "(docs/web.md lists every limit). The teacher's view (/teacher) lists "
                    "every student's session, shows any one read-only and pushes a program "
                    "to every student's page: its address, with its token, is printed at "
                    "start (--teacher-token TOKEN chooses the token, --no-teacher turns "
                    "it off); keep it to yourself. "
                    "Needs the web extra (starlette, uvicorn): in the repository root, "
                    "pip install -e '.[web]' (docs/web.md: from a wheel built there).",
        epilog="examples (from the repository root):\n  pyengine serve --open\n"
               "  pyengine serve PUZZLE [ACTION] [OPTIONS]   (one puzzle, as its command "
               "takes it)\n"
               "  pyengine serve clp docs/examples/family.clp --stage GO --host 0.0.0.0")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0: a classroom; default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument("--open", action="store_true", help="open the page in a browser")
    p.add_argument("--no-programs", action="store_true",
                   help="students may not load CLIPS programs typed in the page's editor")
    p.add_argument("--input", metavar="FILE",
                   help="lines for the rules' (read) and input(), one per read, in every session")
    d = Limits()
    p.add_argument("--max-sessions", type=int, default=d.sessions,
                   help=f"sessions at once, 1..500 (default {d.sessions})")
    p.add_argument("--max-per-client", type=int, default=d.per_client,
                   help=f"sessions one client address may hold, 1..100 (default {d.per_client})")
    p.add_argument("--max-firings", type=int, default=d.firings,
                   help=f"firings one request may make, 1..100000 (default {d.firings})")
    p.add_argument("--seconds", type=float, default=d.seconds,
                   help=f"time one request may take, 0.1..60 (default {d.seconds:g})")
    p.add_argument("--idle", type=int, default=int(d.idle),
                   help=f"seconds before an idle session ends, 10..86400 (default {d.idle:g})")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="another name this server answers to (e.g. the name students type)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                   help="another site whose pages may call the API (e.g. http://host:port)")
    p.add_argument("--teacher-token", metavar="TOKEN",
                   help="the teacher's view's token: 16 to 200 letters, digits, '.', '_', "
                        "'~' or '-' (default: a random one, printed at start in the "
                        "teacher's address, http://HOST:PORT/teacher#token=TOKEN)")
    p.add_argument("--no-teacher", action="store_true",
                   help="no teacher's view (/teacher answers 404, /api/class 403)")
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
            value = OWN[flag](value)
        except ValueError:
            raise UsageError(f"{flag}: not a valid value: {value!r}") from None
        if flag in LISTS:
            getattr(args, dest).append(value)
        else:
            setattr(args, dest, value)
    args.args = rest


_HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]")
_ORIGIN = re.compile(r"https?://(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def build(args):
    """The app the arguments describe (checks the puzzle's options now)."""
    from pyengine.ui.web.app import create_app
    from pyengine.ui.web.guard import Hosts
    from pyengine.ui.web.limits import checked
    from pyengine.ui.web.targets import command_line

    take_own_options(args)
    if not 1 <= args.port <= 65535:     # (0, "any free port", would print a wrong address)
        raise UsageError(f"--port: from 1 to 65535, not {args.port}")
    if not args.host.strip():           # (uvicorn takes "" as every interface)
        raise UsageError("--host: a name or address, such as 127.0.0.1 (0.0.0.0: every "
                         "interface)")
    for name in args.allow_host:        # what a request's Host names, port apart
        if not _HOST_NAME.fullmatch(name):
            raise UsageError(f"--allow-host: a host name such as classroom.local, not {name!r}")
    for origin in args.allow_origin:    # what a browser sends as Origin
        if not _ORIGIN.fullmatch(origin):
            raise UsageError(f"--allow-origin: a site such as http://host:8000, not {origin!r}")
    limits = checked(Limits(sessions=args.max_sessions, firings=args.max_firings,
                            idle=float(args.idle), per_client=args.max_per_client,
                            seconds=args.seconds, programs=not args.no_programs))
    target = None
    if args.puzzle is not None:
        target = command_line(args.puzzle, args.args)
        target.fixed()                       # open it once now: a bad file fails here
    elif args.args:
        raise UsageError("give the PUZZLE before its options")
    lines = None
    if args.input:
        from pyengine.ui.shell import input_lines
        lines = input_lines(args.input)
    teacher = None if args.no_teacher else args.teacher_token or True
    return create_app(target, limits, lines, Hosts(args.host, args.allow_host),
                      args.allow_origin, teacher), limits


def banner(app, host: str, port: int) -> list[str]:
    """What ``serve`` prints as it starts: the page's address and, unless
    ``--no-teacher``, the teacher's, its token in the fragment (which a browser never
    sends, so no log or Referer holds it)."""
    url = page_url(host, port)
    lines = [f"pyengine serve: {url} (Ctrl-C to stop)"]
    token = app.state.classroom.token
    if token is not None:
        lines.append(f"teacher: {url}teacher#token={token} (keep it to yourself)")
    return lines


def page_url(host: str, port: int) -> str:
    """The page's address on this machine (listening on every address: the loopback's)."""
    host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/"     # [::1]: IPv6


def run(args) -> int:
    try:
        import uvicorn
    except ImportError:
        raise UsageError("pyengine serve needs the web extra (starlette, uvicorn): in the "
                         "repository root, pip install -e '.[web]'") from None
    app, limits = build(args)
    server = uvicorn.Server(server_config(app, limits, args.host, args.port))
    more_descriptors(limits)
    check_listen(args.host, args.port)         # before the URL is printed
    print("\n".join(banner(app, args.host, args.port)), file=sys.stderr)
    url = page_url(args.host, args.port)
    if args.open:
        import threading
        import webbrowser
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    server.run()
    return 0


def server_config(app, limits, host: str, port: int):
    """uvicorn's settings: our h11 protocol (connection caps, head and answer
    timeouts), the keep-alive timeout, a 16 KiB request head, a shutdown that waits
    at most ``shutdown_seconds`` for answers going out, no access log."""
    import uvicorn

    from pyengine.ui.web.connections import guarded_protocol
    return uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                          http=guarded_protocol(limits), timeout_keep_alive=limits.keep_alive,
                          h11_max_incomplete_event_size=limits.head, ws="none",
                          limit_concurrency=limits.connections + 64,
                          timeout_graceful_shutdown=limits.shutdown_seconds,
                          proxy_headers=False)      # X-Forwarded-For would name any client


def more_descriptors(limits) -> None:
    """Room for every connection and worker pipe: the soft descriptor limit raised
    (within the hard one) to what the limits can use."""
    import resource
    want = limits.connections + 4 * limits.sessions + 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < want:
        top = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, top), hard))


def check_listen(host: str, port: int) -> None:
    """A one-line :class:`UsageError` unless this server can listen on ``host:port``
    (bound as uvicorn binds it, then let go): a port in use names the port and --port."""
    import errno
    import socket
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except socket.gaierror:
            raise UsageError(f"--host {host}: no such address on this machine") from None
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                other = port + 1 if 0 < port < 65535 else 8766
                raise UsageError(f"cannot listen on {host}:{port}: the port is in use "
                                 f"(choose another with --port, e.g. --port {other})") from None
            why = "needs more privileges" if exc.errno == errno.EACCES else exc.strerror
            raise UsageError(f"cannot listen on {host}:{port}: {why} (try another "
                             "--host or --port)") from None


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
