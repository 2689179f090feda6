"""The package version, in a module of its own: the command line reads it without
importing the package's API (which imports the UI)."""
__version__ = "0.1.0"
