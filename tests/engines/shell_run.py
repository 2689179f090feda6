"""``pyengine shell experta FILE`` run in a process of its own, fed ``commands``."""
import subprocess
import sys


def shell_experta(path, commands: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyengine", "shell", "experta", str(path)],
                          input=commands, capture_output=True, text=True, timeout=120)
