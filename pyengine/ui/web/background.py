"""The web app on a free local port in a background thread, for the browser tests
and the screenshot script: ``with running(app) as url: ...`` (it stops by itself
when the block ends)."""
from __future__ import annotations

import contextlib
import socket
import threading
import time
from pyengine.ui.web.command import server_config
from pyengine.ui.web.limits import Limits


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running(app, timeout: float = 20.0, limits=None):
    """The app served as ``pyengine serve`` serves it (the same protocol, connection
    caps and timeouts) on a free port of 127.0.0.1; its URL."""
    import uvicorn


    port = free_port()
    server = uvicorn.Server(server_config(app, limits or Limits(), "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > end or not thread.is_alive():
            server.should_exit = True
            raise RuntimeError("the web app did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout)


CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
