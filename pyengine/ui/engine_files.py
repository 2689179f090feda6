"""Experta engines from a user's file or module: ``FILE.py[:CLASS]`` or
``MODULE[:CLASS]`` imported (each time asked: a reload imports the file again), the
one engine class found in it, errors as one line."""
from __future__ import annotations

import contextlib
import importlib
import importlib.machinery
import importlib.util
import inspect
import os
import re
import sys
from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import shown
from pyengine.experta import KnowledgeEngine


def first_line(exc: BaseException) -> str:
    """The first line of an error's text (CLIPS joins its lines with two spaces)."""
    text = str(exc).strip() or type(exc).__name__
    return re.split(r"\n|  ", text, maxsplit=1)[0].strip()


@dataclass(frozen=True)
class Loaded:
    """An engine spec and the class it named when first loaded."""

    spec: str
    cls: type


def split_spec(spec: str) -> tuple[str, str | None]:
    """``FILE.py:CLASS`` -> (FILE.py, CLASS); ``FILE.py`` or ``MODULE`` -> (it, None).
    A drive letter (``C:\\x.py``) is not a class."""
    where, colon, name = spec.rpartition(":")
    if not colon or not where or any(c in name for c in "/\\.") or len(where) == 1:
        return spec, None
    return where, name


def load_class(spec: str):
    """The engine class named by ``FILE.py[:CLASS]`` or ``MODULE[:CLASS]``."""

    where, name = split_spec(spec.strip())
    if not where or (name is not None and not name.isidentifier()):
        raise UsageError(f"{spec!r}: write FILE.py[:CLASS] or MODULE[:CLASS]")
    if where.lower().endswith(".clp"):
        raise UsageError(f"{shown(where)}:{name}: a .clp program is loaded whole and takes no "
                         f":CLASS (CLASS names an engine class in a .py file)")
    if not where.endswith(".py") and re.search(r"[/\\]", where):
        raise UsageError(f"cannot load {shown(where)}: write a .py file (FILE.py[:CLASS]) "
                         f"or a module's name (MODULE[:CLASS])")
    module = _load_file(where) if where.endswith(".py") else _import(where)
    if name is None:
        return _only_engine(module, where, KnowledgeEngine)
    cls = getattr(module, name, None)
    if cls is None:
        raise UsageError(f"{shown(where)} has no {name}")
    if not (isinstance(cls, type) and issubclass(cls, KnowledgeEngine)):
        raise UsageError(f"{shown(where)}:{name} is not a KnowledgeEngine class")
    return cls


def _only_engine(module, where: str, base: type):
    """The one KnowledgeEngine class the module defines; UsageError for none or several."""
    found = list(dict.fromkeys(      # a class under two names (ENGINE = Family) is one
        obj for _, obj in inspect.getmembers(module, inspect.isclass)
        if issubclass(obj, base) and obj is not base and obj.__module__ == module.__name__))
    if len(found) == 1:
        return found[0]
    if not found:
        raise UsageError(f"{where} defines no KnowledgeEngine class")
    names = ", ".join(sorted(c.__name__ for c in found))
    raise UsageError(f"{where} defines several engines ({names}): write {where}:CLASS")


class _FromSource(importlib.machinery.SourceFileLoader):
    """Compiles the file as it is now: a rule file being edited between two reloads
    (in the same second, to the same size) is never run from stale bytecode."""

    def get_code(self, fullname):
        return compile(self.get_data(self.path), self.path, "exec", dont_inherit=True)


def _load_file(path: str):
    if not os.path.isfile(path):
        raise UsageError(f"cannot read {shown(path)}: no such file")
    mod_name = "pyengine_user_" + re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])
    spec = importlib.util.spec_from_file_location(mod_name, path,
                                                  loader=_FromSource(mod_name, path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = module
    try:
        with _importable_from(os.path.dirname(os.path.abspath(path))):
            spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(mod_name, None)
        raise UsageError(f"cannot load {shown(path)}: {type(exc).__name__}: {first_line(exc)}") from None
    return module


def _import(name: str):
    try:
        with _importable_from(os.getcwd()):
            return importlib.import_module(name)
    except ImportError as exc:
        raise UsageError(f"cannot import {shown(name)}: {exc}") from None
    except Exception as exc:
        raise UsageError(f"cannot import {shown(name)}: {type(exc).__name__}: "
                         f"{first_line(exc)}") from None


@contextlib.contextmanager
def _importable_from(folder: str):
    """Modules in ``folder`` can be imported (as ``python`` run there would allow)."""
    added = folder not in sys.path
    if added:
        sys.path.insert(0, folder)
    try:
        yield
    finally:
        if added and folder in sys.path:
            sys.path.remove(folder)
