"""What a CLIPS snapshot checks before it is taken (see :mod:`pyengine.engine.clips_snapshot`):
the program (what its rules and functions call; conditions that read a defglobal or
the fact base, through the functions they call); floats and symbols that save-facts
would not give back; and the facts a rebuild must bring in again, in the order of
their time tags.
"""
from __future__ import annotations

import re

import clips

from pyengine.engine.clips_c import fact_time_tags
from pyengine.engine.clips_reader import is_symbol

# what a condition may read besides its facts: a defglobal, or the fact base through a
# query (its answer depends on when the rebuild evaluates it)
READS_STATE = re.compile(r"\?\*|\((?:any-factp|find-fact|find-all-facts|do-for-fact|"
                          r"do-for-all-facts|delayed-do-for-all-facts|fact-existp|"
                          r"fact-slot-value|get-fact-list|fact-index|fact-relation)[\s)]")
# a float as save-facts writes it (15 significant digits: not every double comes back)
#: what a program check says of a program that makes symbols (``sym-cat``)
MAKES_SYMBOLS = "makes symbols"
FLOAT = re.compile(r"(?<![\w\\])[-+]?(?:\d+\.\d*|\.\d+|\d+(?=[eE]))(?:[eE][-+]?\d+)?")


# calls a rule or function may make that change what a snapshot does not keep: state
# outside the fact base, the rules themselves, the engine's settings
_UNSAFE_CALLS = re.compile(
    r"\((?:random|gensym\*?|logical|build|eval|load\*?|bload|batch\*?|clear|undef\w+|"
    r"set-(?:strategy|fact-duplication|salience-evaluation|sequence-operator-recognition|"
    r"dynamic-constraint-checking|break)|remove-break)[\s)]")
_SYMBOL_MAKERS = re.compile(r"\(sym-cat[\s)]")     # a symbol save-facts may not give back


def program_ok(session) -> bool | str:
    """The checks on the program (its constructs, once per session): False, True, or
    MAKES_SYMBOLS (a snapshot checks its facts' symbols)."""
    ok = getattr(session, "_snapshot_program_ok", None)
    if ok is None:
        ok = _check_program(session.env)
        session._snapshot_program_ok = ok
    return ok


def _check_program(env) -> bool | str:
    if len(list(env.modules())) > 1 or str(env.eval("(get-salience-evaluation)")) != "when-defined":
        return False
    functions = {str(c.name): str(c) for c in (*env.functions(), *env.generics())}
    if any(_UNSAFE_CALLS.search(text) for text in functions.values()):
        return False
    reading = reading_state(functions)
    texts = [str(rule) for rule in env.rules()]
    for text in texts:
        lhs = text.split("=>", 1)[0]
        if _UNSAFE_CALLS.search(text) or READS_STATE.search(lhs) or reading.search(lhs):
            return False
    made = (*texts, *functions.values(), *map(str, env.defined_facts()),
            *map(str, env.globals()), *map(str, env.templates()))    # a default, a value
    if any(_SYMBOL_MAKERS.search(text) for text in made):
        return MAKES_SYMBOLS
    return True


def reading_state(functions: dict) -> re.Pattern:
    """A pattern finding a call of a function that reads a defglobal or the fact base,
    itself or through the functions it calls (``(deffunction ok (?x) (> ?x ?*limit*))``
    in a test: its matches depend on when they were made, like ``?*`` in a pattern)."""
    reading = {name for name, text in functions.items() if READS_STATE.search(text)}
    while True:
        found = _calls_of(reading)
        more = {name for name, text in functions.items()
                if name not in reading and found.search(text)}
        if not more:
            return found
        reading |= more


def _calls_of(names: set) -> re.Pattern:
    if not names:
        return re.compile(r"(?!)")
    return re.compile(r"\((?:" + "|".join(map(re.escape, sorted(names))) + r")[\s)]")


def floats_kept(env, ids: list[int], lines: list[str]) -> bool:
    """Does every float of the facts come back from its save-facts text (15 significant
    digits: 0.1 + 0.2 came back 0.3, and a rule comparing it fired otherwise)?"""
    floated = {fid for fid, line in zip(ids, lines) if FLOAT.search(line)}
    for fact in env.facts() if floated else ():
        if fact.index not in floated:
            continue
        values = list(fact) if fact.template.implied else [v for _, v in fact]
        for value in values:
            for item in value if isinstance(value, (tuple, list)) else (value,):
                if isinstance(item, float) and float(f"{item:.15g}") != item:
                    return False
    return True


def symbols_kept(env) -> bool:
    """Does every symbol of the facts read back as itself from its save-facts text
    (``(sym-cat 7)`` is a symbol that comes back the integer 7)?"""
    for fact in env.facts():
        values = list(fact) if fact.template.implied else [v for _, v in fact]
        for value in values:
            for item in value if isinstance(value, (tuple, list)) else (value,):
                if isinstance(item, clips.Symbol) and not is_symbol(item):
                    return False
    return True


def time_order(env) -> list[int] | None:
    """The facts' indices in the order of their time tags (a fact modified keeps its
    place in the list and gets a newer tag); None where the tags cannot be read."""
    tags = fact_time_tags(env._env)
    return None if tags is None else [fid for fid, _ in sorted(tags, key=lambda p: p[1])]


def reentry(env, order: list[int], lines: dict[int, str]) -> list[tuple[int, str]]:
    """The facts a rebuild must modify again, in ``order`` (the snapshot's time order),
    each with a slot to change and change back, so the rules meet the facts in the
    order they did: those past the part of ``order`` the rebuild already has (it loads
    facts in index order). ValueError naming a fact that cannot be modified (an
    ordered fact, a template without slots). ``lines``: save-facts texts by index."""
    now = time_order(env) or []
    same = 0
    while same < min(len(now), len(order)) and now[same] == order[same]:
        same += 1
    out = []
    for fid in order[same:]:
        name = lines[fid][1:].split(None, 1)[0].rstrip(")")
        template = env.find_template(name)
        slots = [] if template.implied else list(template.slots)
        if not slots:
            raise ValueError(f"f-{fid} ({name}) would come back in another order")
        out.append((fid, slots[0].name))
    return out
