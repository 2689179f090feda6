"""Errors the command line turns into one clear line and exit status 2."""


class UsageError(Exception):
    """Bad input from the user: a word list, a board, a riddle, an option."""
