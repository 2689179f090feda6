"""Modules of a .clp program: whose template a relation is, as CLIPS 6.4 decides.

CLIPS gives every module its own templates. A relation used in module M (in a
pattern, an ``assert``, a ``deffacts``, a ``deftemplate``) is M's own template, or one
M imports from a module that exports it (``(defmodule B (import MAIN ?ALL))``,
``(export deftemplate foo)``; a module exports what it imported too); if there is none, CLIPS makes one in M. So the same
name can be two templates in two modules, whose facts never match each other's
patterns. pyengine's engine keeps one template per name: a program in which CLIPS
would make a second one is refused before it runs, with the line and both modules
(rename one, or import it). Otherwise every use of a name is the same template on
both engines, and :meth:`Modules.visible` says which facts a module sees (CLIPS's
``(facts)`` lists those of the current module).
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form
from pyengine.engine.clp.expressions import ClpError

ALL = "?ALL"


class Modules:
    """The program's defmodules, their imports and exports, and the module whose
    template each relation is."""

    def __init__(self) -> None:
        self.names = ["MAIN"]
        self.exports: dict[str, object] = {"MAIN": frozenset()}  # ALL or names
        self.imports: dict[str, list[tuple[str, object]]] = {"MAIN": []}
        self.owner: dict[str, str] = {}     # relation -> the module whose template it is
        # each module's (export ...) word lists, and its imports as (source, words)
        self.export_words: dict[str, list[list[str]]] = {"MAIN": []}
        self.import_words: dict[str, list[tuple[str, list[str]]]] = {"MAIN": []}

    def define(self, form: Form) -> str:
        """Read ``(defmodule NAME (import ...) (export ...))``; its name."""
        name = str(form[1])
        if name in self.names and name != "MAIN":      # MAIN is CLIPS's own, defined anew
            raise ClpError(f"[CSTRCPSR4] Cannot redefine defmodule '{name}' while it is in "
                           "use.", getattr(form, "line", None))
        if name not in self.names:
            self.names.append(name)
        self.exports.setdefault(name, frozenset())
        self.imports.setdefault(name, [])
        for port in form[2:]:
            if not (isinstance(port, Form) and port and str(port[0]) in ("import", "export")):
                continue                            # a comment string
            words = [str(w) for w in port[1:]]
            if str(port[0]) == "export":
                self.exports[name] = _names(words)
                self.export_words.setdefault(name, []).append(words)
            elif words:
                self._check_import(words[0], getattr(form, "line", None))
                self.imports[name].append((words[0], _names(words[1:])))
                self.import_words.setdefault(name, []).append((words[0], words[1:]))
        return name

    def sees_construct(self, module: str, construct: str, name: str, owner: str) -> bool:
        """Does ``module`` see ``owner`` 's deffunction or defglobal ``name``: its own,
        or imported from a module that exports it and sees it (CLIPS refuses a call
        or a reference otherwise: [EXPRNPSR3], [GLOBLPSR1])?"""
        if module == owner:
            return True
        return any(_port_covers(words, construct, name)
                   and any(_port_covers(e, construct, name)
                           for e in self.export_words.get(source, ()))
                   and self.sees_construct(source, construct, name, owner)
                   for source, words in self.import_words.get(module, ()))

    def _check_import(self, source: str, line: int | None) -> None:
        """CLIPS refuses an import from a module not defined yet or exporting nothing."""
        if source not in self.names:
            raise ClpError(f"defmodule: Unable to find defmodule '{source}' to import from "
                           "(define it before)", line)
        if not any(words and words[0] != "?NONE" for words in self.export_words.get(source, ())):
            raise ClpError(f"defmodule: Module '{source}' does not export any constructs "
                           f"(give it (export ...))", line)

    def _imported(self, module: str, name: str) -> str | None:
        """The module ``module`` imports the template ``name`` from, if any: one that
        exports it and sees it (its own, or imported there: CLIPS exports those too).
        A module imports only from modules defined before it, so this ends."""
        for source, names in self.imports.get(module, ()):
            if _covers(names, name) and _covers(self.exports.get(source, frozenset()), name) \
                    and self._sees(source, name):
                return source
        return None

    def _sees(self, module: str, name: str) -> bool:
        return self.owner.get(name) == module or self._imported(module, name) is not None

    def use(self, module: str, name: str, line: int | None) -> None:
        """``name`` is used in ``module``: the template it is, or ClpError where CLIPS
        would make a second template of that name."""
        owner = self.owner.get(name)
        if owner is None:
            self.owner[name] = module
        elif owner != module and self._imported(module, name) is None:
            raise ClpError(f"({name} ...) in module {module} would be a template of its own "
                           f"in CLIPS, apart from module {owner}'s (which {module} does not "
                           f"import); pyengine's engine keeps one template per name: "
                           f"rename one, or import it", line)

    def visible(self, module: str, name: str) -> bool:
        """Are facts of ``name`` seen from ``module`` (its own or imported)?"""
        return name not in self.owner or self._sees(module, name)


def _names(words: list[str]) -> object:
    """What an import or export names: ALL, or a set of template names."""
    if not words or words[0] == "?NONE":
        return frozenset()
    if words[0] == ALL:
        return ALL
    if words[0] != "deftemplate":
        return frozenset()                          # other constructs: not templates
    return ALL if words[1:2] == [ALL] else frozenset(w for w in words[1:] if w != "?NONE")


def _covers(names: object, name: str) -> bool:
    return names == ALL or name in names            # type: ignore[operator]


def _port_covers(words: list[str], construct: str, name: str) -> bool:
    """Does an import's or export's word list name ``construct`` ``name``:
    ``?ALL``, ``deffunction ?ALL``, ``deffunction f g``?"""
    if not words or words[0] == "?NONE":
        return False
    if words[0] == ALL:
        return True
    return words[0] == construct and (words[1:2] == [ALL] or name in words[1:])
