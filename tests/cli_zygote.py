"""A warm ``pyengine`` for the docs' console examples: the same commands, through bash,
without paying Python's start and pyengine's imports for each one.

:func:`start` runs this file as a server (a *zygote*): it imports pyengine, its puzzles
and its rule engines once, then listens on a UNIX socket. A shim named ``pyengine``
(written beside the socket, put first on the example's PATH) sends its arguments,
environment, working directory and its three standard file descriptors to the zygote,
which forks a child that takes those descriptors as its own and runs the console
script's ``main``; the shim exits with the child's status. A pipe, a redirection or
``2>&1`` in an example therefore behaves as with the installed script. Where the shim
cannot be faithful (a ``PYTHON*`` or ``PYENGINE_*`` variable other than the zygote's,
read when Python or pyengine starts) or the zygote is gone, it runs the real script.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

#: seconds a child may run (the docs test's own timeout is 240 s)
CHILD_LIMIT = 240

SHIM = '''#!{python} -IS
import array, json, os, socket, sys
REAL, SOCK, ENV = {real!r}, {sock!r}, {env!r}
mine = {{k: v for k, v in os.environ.items() if k.startswith(("PYTHON", "PYENGINE_"))}}
try:
    if mine != ENV:
        raise OSError("an environment the zygote was not started with")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(SOCK)
except OSError:
    os.execv(REAL, [REAL] + sys.argv[1:])
msg = json.dumps({{"argv": sys.argv, "env": dict(os.environ), "cwd": os.getcwd()}}).encode()
s.sendmsg([len(msg).to_bytes(4, "big") + msg],
          [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [0, 1, 2]))])
got = b""
while len(got) < 4:
    more = s.recv(4 - len(got))
    if not more:
        sys.exit(70)
    got += more
sys.exit(int.from_bytes(got, "big", signed=True))
'''


def _watched(env: dict[str, str]) -> dict[str, str]:
    """The variables read when Python or pyengine starts: the shim passes a command on
    only when its own equal the zygote's."""
    return {k: v for k, v in env.items() if k.startswith(("PYTHON", "PYENGINE_"))}


def start(folder: Path, env: dict[str, str]) -> subprocess.Popen:
    """Start a zygote in ``env`` and write its shim, ``folder/bin/pyengine``; return
    the zygote's process (``stop`` it when done)."""
    sock = str(folder / "zygote.sock")
    proc = subprocess.Popen([sys.executable, __file__, sock], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not os.path.exists(sock):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the pyengine zygote did not start")
        time.sleep(0.02)
    shim = folder / "bin" / "pyengine"
    shim.parent.mkdir(exist_ok=True)
    shim.write_text(SHIM.format(python=sys.executable, sock=sock, env=_watched(env),
                                real=str(Path(sys.executable).parent / "pyengine")))
    shim.chmod(0o755)
    return proc


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


# -- the zygote -------------------------------------------------------------------------
def _receive(conn: socket.socket) -> tuple[dict, list[int]]:
    head, fds, _flags, _addr = socket.recv_fds(conn, 4, 3)
    size = int.from_bytes(head, "big")
    body = b""
    while len(body) < size:
        more = conn.recv(size - len(body))
        if not more:
            raise OSError("the shim went away")
        body += more
    return json.loads(body), fds


def _run_child(request: dict, fds: list[int]) -> None:
    """In the forked child: become the command the shim stands for (standard streams
    opened afresh on the shim's descriptors, as Python opens them at start)."""
    code = 1
    try:
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        sys.stdin = open(0, "r", encoding="utf-8", closefd=False)
        sys.stdout = open(1, "w", buffering=1 if os.isatty(1) else -1, encoding="utf-8",
                          closefd=False)
        sys.stderr = open(2, "w", buffering=1, encoding="utf-8", errors="backslashreplace",
                          closefd=False)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = request["argv"]
        signal.alarm(CHILD_LIMIT)
        from pyengine.ui.cli import main
        code = main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        import traceback
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code if isinstance(code, int) else 0)


def _serve_one(conn: socket.socket) -> None:
    """In a handler process: fork the command, wait for it, send its status back."""
    request, fds = _receive(conn)
    pid = os.fork()
    if pid == 0:
        conn.close()
        _run_child(request, fds)
    for fd in fds:
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    conn.sendall(int(code).to_bytes(4, "big", signed=True))


def _preload() -> None:
    """Import what the commands import: the CLI, the puzzles, the engines, the shell
    (not the web server's modules, which a console example starts in its own process)."""
    import importlib
    import pkgutil

    import pyengine
    from pyengine.puzzles import registry
    registry.puzzles()
    for mod in pkgutil.walk_packages(pyengine.__path__, "pyengine."):
        if ".web" not in mod.name and not mod.name.endswith("__main__"):
            try:
                importlib.import_module(mod.name)
            except Exception:       # an optional extra absent: its command loads it
                pass


def serve(sock_path: str) -> None:
    _preload()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)       # handlers reap themselves
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(sock_path + ".tmp")
    server.listen(16)
    server.settimeout(2)
    os.rename(sock_path + ".tmp", sock_path)             # ready when the name appears
    parent = os.getppid()
    while os.getppid() == parent:                        # the test run ended: so do we
        try:
            conn, _ = server.accept()
        except TimeoutError:
            continue
        conn.settimeout(None)
        if os.fork() == 0:
            server.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            try:
                _serve_one(conn)
            finally:
                os._exit(0)
        conn.close()


if __name__ == "__main__":
    serve(sys.argv[1])
