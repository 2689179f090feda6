"""Past one machine: ``boggle bench`` and ``boggle best`` on a Dask cluster
(``dask.distributed``, the optional extra ``cluster``).

``--cluster local[:N]`` starts a LocalCluster of N single-threaded worker processes
(default: the machine's cores); ``--cluster tcp://HOST:PORT`` joins a running
scheduler (its workers must be able to import pyengine and read the word list the
command names). The work is the same seeded chunks as on the local process pool,
so the figures do not depend on the number of workers. A worker lost mid-run has
its chunks run again on another (each task may be retried ``RETRIES`` times, and
Dask reschedules the tasks of a dead worker); a chunk that still fails stops the
command with an error, never a silently short result.
"""
from __future__ import annotations

import os
import re

from pyengine.engine.errors import UsageError

RETRIES = 3
MAX_LOCAL_WORKERS = 64
_LOCAL = re.compile(r"local(?::([0-9]{1,3}))?")
_TCP = re.compile(r"tcp://[A-Za-z0-9.\-]{1,253}:[0-9]{1,5}|tcp://\[[0-9A-Fa-f:.]{2,45}\]:[0-9]{1,5}")


def parse_cluster(text: str) -> tuple[str, object]:
    """``("local", N)`` or ``("tcp", address)``; UsageError for anything else."""
    if not isinstance(text, str):
        raise UsageError(f"--cluster: expected text, not {text!r}")
    t = text.strip()
    m = _LOCAL.fullmatch(t)
    if m:
        n = int(m.group(1)) if m.group(1) else (os.cpu_count() or 1)
        if not 1 <= n <= MAX_LOCAL_WORKERS:
            raise UsageError(f"--cluster {t}: 1..{MAX_LOCAL_WORKERS} local workers")
        return "local", n
    if _TCP.fullmatch(t) and 0 < int(t.rpartition(":")[2]) < 65536:
        return "tcp", t
    raise UsageError(f"--cluster: expected local, local:N or tcp://HOST:PORT, not {text!r}")


def check_cluster(text: str) -> str:
    """The --cluster text, checked (the declaration's ``parse``)."""
    parse_cluster(text)
    return text.strip()


def _distributed():
    try:
        import distributed
    except ImportError:
        raise UsageError("--cluster needs dask.distributed: in the repository root, "
                         "pip install -e '.[cluster]'") from None
    return distributed


class DaskPool:
    """A Dask client (and, for ``local``, its LocalCluster), closed by :meth:`close`."""

    def __init__(self, text: str):
        kind, arg = parse_cluster(text)
        dd = _distributed()
        self.cluster = None
        try:
            if kind == "local":
                self.cluster = dd.LocalCluster(n_workers=arg, threads_per_worker=1,
                                               processes=True, dashboard_address=None)
                self.client = dd.Client(self.cluster)
            else:
                self.client = dd.Client(arg, timeout=15)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise UsageError(f"--cluster {text}: cannot connect ({exc})") from None
        self.text = text

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def _submit(self, fn, args_list):
        return [self.client.submit(fn, *args, pure=False, retries=RETRIES)
                for args in args_list]

    def imap_unordered(self, fn, args_list):
        """Each result as it arrives; a task that failed after its retries raises."""
        dd = _distributed()
        for fut in dd.as_completed(self._submit(fn, args_list)):
            yield _result(fut)

    def map(self, fn, args_list) -> list:
        """The results in order."""
        return [_result(f) for f in self._submit(fn, args_list)]

    def close(self) -> None:
        for thing in (getattr(self, "client", None), self.cluster):
            if thing is not None:
                try:
                    thing.close()
                except Exception:   # closing a broken cluster: nothing left to save
                    pass
        self.cluster = None


def _result(fut):
    try:
        return fut.result()
    except UsageError:
        raise
    except Exception as exc:   # KilledWorker, a lost scheduler: say so, in one line
        raise UsageError(f"cluster task failed after {RETRIES} retries: "
                         f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
                         ) from None
