""".ci/peak_rss.py, which .ci/run puts around the test suite: it prints the peak memory
of the command (and what it waited for) and fails past --max-mb (issue 22)."""
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "peak_rss.py"
HOG = "x = bytearray(120 * 10**6); x[::4096] = bytes(len(x[::4096]))"   # touched: resident


def peak(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=60)


def test_the_peak_of_a_command_and_of_its_children_is_printed():
    child = f"import subprocess, sys; subprocess.run([sys.executable, '-c', {HOG!r}])"
    out = peak("--label", "hog", "--", sys.executable, "-c", child)
    assert out.returncode == 0, out.stderr
    mb = float(out.stderr.split("peak memory ")[1].split(" MB")[0].replace(",", ""))
    assert out.stderr.startswith("hog: peak memory ") and 120 <= mb < 250


def test_over_the_bound_fails_and_the_commands_own_status_is_kept():
    assert peak("--max-mb", "100", "--", sys.executable, "-c", HOG).returncode == 1
    assert peak("--max-mb", "1000", "--", sys.executable, "-c", HOG).returncode == 0
    assert peak("--", sys.executable, "-c", "raise SystemExit(3)").returncode == 3


def test_processes_running_at_once_are_counted_together():
    # two children each holding 60 MB for a second and a half, side by side: about 120 MB
    # at once, where the largest single process alone is about 60 MB (plus Python's own)
    hold = HOG.replace("120 * 10**6", "60 * 10**6") + "; import time; time.sleep(1.5)"
    both = ("import subprocess, sys; ps = [subprocess.Popen([sys.executable, '-c', "
            f"{hold!r}]) for _ in range(2)]; [p.wait() for p in ps]")
    out = peak("--", sys.executable, "-c", both)
    assert out.returncode == 0, out.stderr
    together = float(out.stderr.split("peak memory ")[1].split(" MB")[0].replace(",", ""))
    alone = float(out.stderr.split("alone ")[1].split(" MB")[0].replace(",", ""))
    assert 120 <= together < 200 and 60 <= alone < 100 and together > alone * 1.5, out.stderr
