"""The shell on a terminal: tab completion (commands, and their arguments: fact ids,
rule and stage names, as the command table says) and a history kept in
``~/.pyengine_history``."""
from __future__ import annotations

import os

from pyengine.ui.command_table import command_names

HISTORY_FILE = "~/.pyengine_history"


class Completion:
    """Tab completion for :mod:`cmd` (a mixin of :class:`~pyengine.ui.shell.Shell`): the
    command names here, each command's arguments by the ``complete_NAME`` methods the
    command table makes (:func:`~pyengine.ui.command_table.install_shell`); and
    readline's set-up."""

    def completenames(self, text, *ignored):
        return command_names(self, text)

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
