"""What a hostile student's second attack found (2026-11-28): a client naming another's
address in X-Forwarded-For, a fact typed in the page with a module-qualified template
name run as code on our engine, Graphviz left running after its session ended."""
import subprocess
import sys

import pytest

from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from pyengine.ui import graph


def test_the_server_reads_no_forwarded_address():
    pytest.importorskip("uvicorn")
    from pyengine.ui.web.command import server_config
    from pyengine.ui.web.limits import Limits

    config = server_config(lambda scope, receive, send: None, Limits(), "127.0.0.1", 0)
    assert config.proxy_headers is False


PROGRAM = "(deftemplate t (slot assert-string) (slot while) (slot a))\n"


@pytest.mark.parametrize("typed", ['(MAIN::t (assert-string "(smuggled (str-cat a b))"))',
                                   "(MAIN::t (while TRUE))",
                                   "(nothing (a (str-cat x)))"])
def test_a_typed_fact_is_values_only_whatever_its_relation(tmp_path, typed):
    path = tmp_path / "t.clp"
    path.write_text(PROGRAM)
    s = ExpertaSession.from_clp([path])
    s.reset()
    if typed.startswith("(MAIN::t (assert"):
        fid = s.assert_fact(typed)        # a string value, as CLIPS takes it
        assert s.fact(fid).text == '(t (assert-string "(smuggled (str-cat a b))") (while nil) (a nil))'
    elif typed.startswith("(MAIN::t (while"):
        fid = s.assert_fact(typed)
        assert s.fact(fid).text == "(t (assert-string nil) (while TRUE) (a nil))"
    else:
        with pytest.raises(UsageError):
            s.assert_fact(typed)
    assert [f.text for f in s.facts() if "smuggled" in f.text.split()[0]] == []


def test_graphviz_is_bounded_and_ends_with_its_parent():
    if sys.platform != "linux":
        pytest.skip("the parent-death signal is Linux's")
    code = ("import subprocess, sys\n"
            "from pyengine.ui import graph\n"
            "p = subprocess.Popen(['sleep', '30'], preexec_fn=graph._bounded)\n"
            "print(p.pid, flush=True)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    pid = int(out.stdout.split()[0])
    import os
    import time
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the child outlived its parent")
    assert graph.DOT_SECONDS <= 5
