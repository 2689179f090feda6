"""Shared test helpers and the hypothesis profiles.

Property tests run a bounded number of examples by default (profile ``ci``, also
what CI uses); ``pytest --hypothesis-profile=long`` runs a deeper search.

No test writes outside a temporary folder: pyengine's cache (``PYENGINE_CACHE``) and
every library's (``XDG_CACHE_HOME``, matplotlib's ``MPLCONFIGDIR``) point into one
folder made for the run and removed after it (each worker of ``pytest -n`` has its own),
before any test starts, so commands the tests run in a subprocess inherit it too; and
hypothesis keeps no example database. A test that needs its own cache folder still
sets one. (numba keeps the compiled Boggle kernels beside their modules, in
``__pycache__``, as Python keeps bytecode: compiling them afresh would add half a minute
to every run; tests/test_boggle_compile.py compiles them cold in a folder of its own.)

Python's own bytecode is kept too, even where ``PYTHONDONTWRITEBYTECODE`` is set: the
suite starts a few hundred Python processes (every console example in the docs is run
as typed), and compiling pyengine and its dependencies afresh in each one would cost
about a third of the run.
"""
import ctypes
import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)     # the workers and subprocesses too
sys.dont_write_bytecode = False

import pytest

from pyengine.puzzles.boggle.finder import numba_available
from hypothesis import HealthCheck, settings

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("PYENGINE_SHARED_DATA") or REPO.parent / "shared" / "data")

settings.register_profile("ci", max_examples=60, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=3000, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


def shared_file(name: str) -> Path:
    """A file from ../shared/data, or skip the test with the reason."""
    path = SHARED_DATA / name
    if not path.exists():
        pytest.skip(f"needs ../shared/data/{name} (present in CI, absent in a user's clone)")
    return path


_RUN_FOLDER: list[str] = []
_CACHE_VARIABLES = ("PYENGINE_CACHE", "XDG_CACHE_HOME", "MPLCONFIGDIR")


def pytest_configure(config):
    """Every cache this run writes goes into a folder of its own under the system's tmp.
    A run that leaves out the heavy tests searches Boggle boards in pure Python (the
    same answers; ``PYENGINE_NO_NUMBA``, unless set already): the compiled kernels would
    cost a fresh clone half a minute of compiling, and their tests (``NUMBA``, below)
    are heavy."""
    folder = tempfile.mkdtemp(prefix="pyengine-tests-")
    _RUN_FOLDER.append(folder)
    for name in _CACHE_VARIABLES:
        os.environ[name] = os.path.join(folder, name.lower())
    if "not heavy" in (config.option.markexpr or ""):
        os.environ.setdefault("PYENGINE_NO_NUMBA", "1")


#: the compiled Boggle backend as a test parameter: heavy (it compiles the kernels)
NUMBA = [pytest.param("numba", marks=pytest.mark.heavy)] if numba_available() else []


def pytest_collection_finish(session):
    """What collecting made (every test item, the test modules and all they imported)
    lives until the run ends: it is taken out of the cyclic collector's sight
    (``gc.freeze``), so a full collection during the run walks only what the tests
    made since. Nothing frozen is ever garbage before the run ends; what the tests
    make is collected as before."""
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config):
    for folder in _RUN_FOLDER:
        shutil.rmtree(folder, ignore_errors=True)



_PROCESS_C = ctypes.CDLL(None)         # the C library this process already runs on


def _give_back_freed_memory() -> None:
    """Freed heap pages back to the system (glibc's malloc_trim): a worker that ran a
    module with big indexes keeps their pages otherwise, and the next module's
    allocations fit in what is left. A no-op where there is no glibc."""
    trim = getattr(_PROCESS_C, "malloc_trim", None)
    if trim is not None:
        trim(0)


@pytest.fixture
def program(tmp_path, request):
    """The test module's ``PROGRAM`` (CLIPS text) in a .clp file of its own."""
    path = tmp_path / f"{request.module.__name__.rpartition('.')[2]}.clp"
    path.write_text(request.module.PROGRAM)
    return path


@pytest.fixture(autouse=True)
def _close_web_sessions():
    """The web sessions a test opened are closed after it (tests/webclient.py)."""
    client = sys.modules.get("tests.webclient")
    if client is None:
        yield
        return
    client.TEST_SESSIONS = []
    yield
    try:
        client.close_test_sessions()
    finally:
        client.TEST_SESSIONS = None


#: names a test module that opens web sessions holds (so it needs the fork server)
_WEB_NAMES = ("web_client", "create_app", "TestClient")


def _stop_fork_server() -> None:
    from multiprocessing import forkserver
    server = getattr(forkserver, "_forkserver", None)
    if getattr(server, "_forkserver_pid", None) is not None:
        server._stop()          # multiprocessing's own way, made for its tests


@pytest.fixture(autouse=True, scope="module")
def _stop_the_fork_server(request):
    """multiprocessing's fork server (the web inspector's workers start from it) holds
    the preloaded word lists (about 140 MB) and costs about 4 s to start (it opens and
    runs every menu puzzle once): it is kept while one web module follows another, and
    stopped when a module that opens no web session starts (and after every module, its
    freed memory given back)."""
    if not any(name in vars(request.module) for name in _WEB_NAMES):
        _stop_fork_server()
    yield
    _give_back_freed_memory()
