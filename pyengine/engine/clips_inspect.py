"""Reading a CLIPS environment for the inspector: ``(matches RULE)`` with each pattern
labelled by its source text, deftemplates, defglobals."""
from __future__ import annotations

import re

import clips

from pyengine.engine.clips_facts import values_of
from pyengine.engine.clips_io import basis_of, ids_of
from pyengine.engine.clp.values import Text, plain_strings, write_text
from pyengine.engine.clips_reader import Form, ReadError, String, read
from pyengine.engine.network import GROUP_INITIAL, INITIAL, NO_PATTERN
from pyengine.engine.session import JoinMatch, Matches, PatternMatch

_COMPOSITE = ("and", "or", "not", "exists", "forall", "logical")


def _items(text: str) -> list[tuple[str, str]]:
    """The items of the first form of ``text``, read by our one CLIPS reader: (kind,
    text), kind ``form`` for a parenthesised group (its text as written), ``atom``
    for anything else."""
    try:
        forms = read(text)
    except ReadError:
        return []
    if not forms or not isinstance(forms[0], Form):
        return []
    out = []
    for item in forms[0]:
        if isinstance(item, Form):
            out.append(("form", text[item.start:item.end]))
        else:
            out.append(("atom", str(item) if not isinstance(item, String)
                        else '"' + item + '"'))
    return out


def lhs_labels(source: str) -> list[str]:
    """One label per pattern of a defrule's left-hand side, as CLIPS numbers them:
    the pattern's text (with its ``?f <-``), a negated single pattern as
    ``(not ...)`` and one that exists as ``(exists ...)``, as our engine shows them;
    ``test`` CEs have no pattern."""
    m = re.search(r"\(defrule\b", source)
    if not m:
        return []
    labels: list[str] = []
    prefix = ""
    for kind, text in _items(source[m.start():])[1:]:
        if kind == "atom":
            if text == "=>":
                break
            if text == "<-":
                continue
            prefix = f"{text} <- " if text.startswith("?") else ""
            continue
        if not text.startswith("(declare"):
            labels += [prefix + label for label in _pattern_labels(text)]
        prefix = ""
    return labels


def _tested(source: str) -> bool:
    """Does the defrule's left-hand side hold a ``test`` CE (of its own, not a group's)?"""
    m = re.search(r"\(defrule\b", source)
    for kind, text in _items(source[m.start():])[1:] if m else ():
        if kind == "atom" and text == "=>":
            break
        if kind == "form" and text[1:].split(None, 1)[0] == "test":
            return True
    return False


def _pattern_labels(ce: str) -> list[str]:
    head = ce[1:].split(None, 1)[0].rstrip(")") if len(ce) > 2 else ""
    if head == "test":
        return []
    if head not in _COMPOSITE:
        return [" ".join(ce.split())]
    inner = [t for kind, t in _items(ce) if kind == "form"]
    labels = [label for t in inner for label in _pattern_labels(t)]
    if head in ("and", "not", "exists") and inner and inner[0][1:].startswith("test"):
        labels.insert(0, GROUP_INITIAL)     # CLIPS's initial pattern, "None" in its list
    if head in ("not", "exists") and len(labels) == 1:
        return [" ".join(ce.split())]
    return labels




def parse_matches(rule: str, text: str, source: str) -> Matches:
    """Matches from the text CLIPS's ``(matches RULE)`` prints (verbose): its own
    sections, rows and ``*`` kept (``joins``, ``activation_rows``)."""
    patterns: list[list[int]] = []
    joins: list[JoinMatch] = []
    rows: list[tuple[int | None, ...]] = []
    current: list | None = None
    starts: list[tuple[int, int]] = []     # where each of an or's alternatives begins
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("Matches for Pattern"):
            if line.split()[-1] == "1" or not starts:
                starts.append((len(patterns), len(joins)))
            patterns.append([])
            current = patterns[-1]
        elif line.startswith("Partial matches for CEs"):
            joins.append(JoinMatch(line[len("Partial matches for CEs"):].strip(), []))
            current = joins[-1].rows
        elif line.startswith("Activations"):
            current = rows
        elif current is not None and (line.startswith("f-") or line.startswith("*")):
            if current is rows or (joins and current is joins[-1].rows):
                current.append(basis_of(line))
            else:                       # a fact, or "*": the initial pattern's match
                current.append(ids_of(line)[0] if ids_of(line) else None)
    labels = lhs_labels(source)
    if patterns and patterns[0] == [None] and len(labels) + 1 == len(patterns):
        labels = [INITIAL if labels or _tested(source) else NO_PATTERN] + labels
    if len(labels) != len(patterns):
        labels = [f"pattern {n}" for n in range(1, len(patterns) + 1)]
    first = [[(fid,) for fid in patterns[0]]] if patterns else []
    partials = [[tuple(i for i in row if i is not None) for row in j.rows] for j in joins]
    ends = starts[1:] + [(len(patterns), len(joins))]
    groups = tuple((b[0] - a[0], b[1] - a[1]) for a, b in zip(starts, ends))
    return Matches(rule, [PatternMatch(label, facts) for label, facts in zip(labels, patterns)],
                   first + partials, [tuple(i for i in r if i is not None) for r in rows],
                   joins, rows, groups if len(groups) > 1 else None)


def activation_count(env) -> int:
    """How many activations the agenda holds, counted without printing any."""
    from clips._clips import ffi, lib
    n, act = 0, lib.GetNextActivation(env, ffi.NULL)
    while act != ffi.NULL:
        n += 1
        act = lib.GetNextActivation(env, act)
    return n


def activations_elsewhere(env) -> int:
    """How many activations the modules other than the current one hold (each
    module's agenda counted as the current one's, the current module put back)."""
    from clips._clips import ffi, lib
    current, n = lib.GetCurrentModule(env), 0
    module = lib.GetNextDefmodule(env, ffi.NULL)
    try:
        while module != ffi.NULL:
            if module != current:
                lib.SetCurrentModule(env, module)
                n += activation_count(env)
            module = lib.GetNextDefmodule(env, module)
    finally:
        lib.SetCurrentModule(env, current)
    return n


def templates(env) -> list[str]:
    """Every module's deftemplates (not the implied ones CLIPS makes for ordered facts),
    in the order defined (clipspy lists the current module's only)."""
    current, out = env.current_module, []
    try:
        for module in env.modules():
            env.current_module = module
            out += [str(t).strip() for t in env.templates() if not t.implied and str(t).strip()]
    finally:
        env.current_module = current
    return out


def global_values(env) -> dict[str, str]:
    """Each defglobal's value as ``(show-defglobals)`` prints it: a string in quotes, a
    multifield in parentheses (``"b a"``, ``(b a)``, ``()`` and ``""`` looked alike)."""
    return {f"?*{g.name}*": write_text(_as_ours(g.value)) for g in env.globals()}


def kept_globals(session) -> dict:
    """The defglobals' values of a CLIPS session whose ``(reset)`` keeps them
    (``(set-reset-globals FALSE)``), as clipspy holds them; {} otherwise (our engine
    resets its globals always). An address (a fact's) is left out."""
    env = getattr(session, "env", None)
    if env is None or str(env.eval("(get-reset-globals)")) != "FALSE":
        return {}
    plain = (int, float, str)
    return {g.name: g.value for g in env.globals()
            if all(isinstance(v, plain) for v in (g.value if isinstance(g.value, tuple)
                                                   else (g.value,)))}


def set_globals(session, values: dict) -> None:
    """Give a CLIPS session's defglobals these values (from :func:`kept_globals`) as
    Python values: nothing is evaluated."""
    for name, value in values.items():
        try:
            session.env.find_global(name).value = value
        except (LookupError, clips.CLIPSError):
            pass            # the new program has no such global


def facts_values(env, ids) -> dict[int, dict]:
    """The values of the facts ``ids`` as CLIPS holds them (one pass over the fact
    list): a template fact's by slot, an ordered fact's under ``values``; symbols and
    strings as ``str`` (read back from CLIPS's printed text, a string holding ``\"``
    or ``\\`` came out otherwise)."""
    want, out = set(ids), {}
    for fact in env.facts():
        if fact.index in want:
            values = values_of(fact)
            out[fact.index] = plain_strings({"values": values} if fact.template.implied
                                            else values)
    return out


def _as_ours(value):
    """A clipspy value as our engine's (a symbol a ``str``, a string a ``Text``)."""
    if isinstance(value, tuple):
        return tuple(map(_as_ours, value))
    if isinstance(value, clips.Symbol):
        return str(value)
    return Text(value) if isinstance(value, str) else value
