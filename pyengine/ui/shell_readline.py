"""The shell on a terminal: tab completion (commands, fact ids, rule and stage
names) and a history kept in ``~/.pyengine_history``."""
from __future__ import annotations

import os

from pyengine.engine.session import STRATEGIES
from pyengine.ui.queries import WATCHABLE
from pyengine.ui.shell_clips import STATISTICS

HISTORY_FILE = "~/.pyengine_history"


class Completion:
    """``complete_NAME`` methods for :mod:`cmd`, and readline's set-up (a mixin of
    :class:`~pyengine.ui.shell.Shell`)."""

    def completenames(self, text, *ignored):
        return [n + " " for n in self.commands() + ["exit"] if n.startswith(text)]

    def _ids(self, text: str, live_only: bool = True) -> list[str]:
        ids = [f.id for f in self.session.facts()] if live_only else sorted(self.log.texts)
        return [f"f-{i}" for i in ids if f"f-{i}".startswith(text) or str(i).startswith(text)]

    def complete_facts(self, text, line, begidx, endidx):
        names = sorted({f.name for f in self.session.facts()})
        return [n for n in names if n.startswith(text)]

    def complete_retract(self, text, line, begidx, endidx):
        return self._ids(text)

    def complete_why(self, text, line, begidx, endidx):
        return self._ids(text, live_only=False)

    complete_show = complete_modify = complete_retract

    def complete_watch(self, text, line, begidx, endidx):
        return [w for w in WATCHABLE + (STATISTICS, "all") if w.startswith(text)]

    complete_unwatch = complete_watch

    def complete_rules(self, text, line, begidx, endidx):
        return [r for r in self.session.rules() if r.startswith(text)]

    complete_matches = complete_rules

    def complete_strategy(self, text, line, begidx, endidx):
        return [s for s in STRATEGIES if s.startswith(text)]

    def complete_stage(self, text, line, begidx, endidx):
        return [st.name for st in self.runner.stages if st.name.lower().startswith(text.lower())]

    def complete_help(self, *args):
        return self.completenames(*args)

    def _setup_readline(self) -> str | None:
        """Turn on completion and read the history; the history file's path."""
        try:
            import readline
        except ImportError:
            return None
        readline.set_completer(self.complete)
        readline.set_completer_delims(" \t\n")
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")
        path = os.path.expanduser(HISTORY_FILE)
        try:
            readline.read_history_file(path)
        except OSError:
            pass
        readline.set_history_length(1000)
        return path


def save_history(path: str) -> None:
    try:
        import readline
        readline.write_history_file(path)
    except (ImportError, OSError):
        pass
