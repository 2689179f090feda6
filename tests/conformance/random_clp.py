"""Random CLIPS programs, as text only (an engine under test reads the text itself).

Richer than :mod:`tests.conformance.random_programs`: ordered facts (relations p q r s
t of two typed fields) and deftemplates (``box``, with a counter slot and a multislot,
and ``cell``, with a default), in one or two deffacts; rules made of joins sharing
variables, ``not`` / ``exists`` / ``forall`` with outer bindings, ``(not (and ...))``,
``or`` with shared variables, ``test``, ``&`` ``|`` ``~`` and ``:(...)`` constraints,
multifield patterns on the multislot (and ``$?`` on ordered facts); actions that assert,
retract, ``modify`` and ``duplicate`` (bounded counters) and ``printout``; a rule's
first patterns, ``not`` and ``exists`` sometimes in ``logical`` (truth maintenance);
saliences -2..2, rules in random order, pairs of rules sharing their first patterns
(CLIPS shares their joins) and one relation matched with different constants by
several patterns.

:func:`generate` gives the program as parts (:class:`Program`), so a difference can be
shrunk by leaving out rules, facts, conditions and actions
(``scripts/conformance_random.py``); :func:`build` its text; :func:`outcome` runs one on
a session (either engine) and :func:`first_difference` says where two runs part.

The generator is in three modules: this one (the program as parts, its assembly, the
termination check, running a program), :mod:`tests.conformance.random_clp_rules`
(rule shapes: conditional elements, plans, actions) and
:mod:`tests.conformance.random_clp_facts` (relations, templates, fields, patterns and
facts).

Termination: every program stops by construction, whatever the strategy. Each relation
and template has a level (a random total order) and a kind:

* ``growing``: rules only ever assert into it; such a rule reads (in any CE, negated or
  not) relations of its level or below. Values stay in a finite set (integers 0..4,
  three symbols: arithmetic in actions is ``(- 4 ?x)`` and ``(min 3 (+ ?x 1))``), so
  with lower levels quiet it gets finitely many facts.
* ``mixed``: asserted into by rules reading only lower levels, retracted from by rules
  reading its level or below: once lower levels are quiet, finitely many assertions,
  hence finitely many retractions.
* ``counter`` (``box``): asserted into as ``mixed``, retracted as ``mixed``, and
  changed by ``modify`` / ``duplicate`` only in rules whose box pattern is the changed
  fact itself, guarded by ``(n ?n&:(< ?n BOUND))``, with every other CE on lower levels;
  each change makes a fact whose ``n`` is ``?n + 1`` (its multislot at most one longer),
  so chains of changes are at most BOUND long, and once lower levels are quiet each
  version of a box has finitely many activations of these rules.

A fact asserted under ``logical`` is also retracted when a pattern fact it rests on
is retracted or changed, or when a fact appears that a ``not`` in the logical forbids
(or the last one an ``exists`` needs goes): caused by a change the argument already
bounds (those negated CEs read only relations strictly below everything the rule
asserts or changes, so a rule's own facts never take its support away), and asserting
it again needs a new activation, so the counts stay finite. A rule
whose actions touch several levels obeys each level's rule. By induction on the
levels, each one sees finitely many changes, so finitely many activations, each firing
once. (No rule asserts into a growing relation from a level above it, nothing retracts
from a growing relation.) :func:`check_levels` verifies this of a generated program.
"""
from __future__ import annotations

import random
import re
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

if not __package__:     # run as a file (``python tests/conformance/random_clp.py SEED``)
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.conformance.random_clp_facts import RELATIONS, SCHEMAS, TEMPLATES  # noqa: E402
from tests.conformance.random_clp_rules import Lhs, Rule, RuleGen, logical_lead  # noqa: E402


# -- the program as parts ---------------------------------------------------------------
@dataclass(frozen=True)
class Program:
    seed: int
    templates: tuple[str, ...]
    facts: tuple[tuple[str, ...], ...]      # one tuple per deffacts
    rules: tuple[Rule, ...]
    order: tuple[tuple[str, int], ...]      # ("facts", i) / ("rule", i), after templates
    level: dict = field(default_factory=dict, compare=False)
    kind: dict = field(default_factory=dict, compare=False)

    def text(self) -> str:
        out = [f";; random_clp seed {self.seed}"] + list(self.templates)
        for what, i in self.order:
            if what == "facts":
                body = "".join(f"\n   {f}" for f in self.facts[i])
                out.append(f"(deffacts start{i}{body})")
            else:
                out.append(self.rules[i].text())
        return "\n".join(out) + "\n"

    # -- smaller programs (for shrinking a difference) ---------------------------------
    def parts(self) -> list[tuple]:
        """Every part that can be left out on its own: ("rule", i), ("fact", g, j),
        ("ce", i, k), ("action", i, k), ("salience", i)."""
        out: list[tuple] = [("rule", i) for i in range(len(self.rules))]
        out += [("fact", g, j) for g, group in enumerate(self.facts) for j in range(len(group))]
        for i, rule in enumerate(self.rules):
            out += [("ce", i, k) for k in range(len(rule.ces))]
            out += [("action", i, k) for k in range(len(rule.actions))]
            if rule.salience:
                out.append(("salience", i))
        return out

    def without(self, part: tuple) -> Program:
        """This program less one part. Leaving out rules, facts or actions keeps the
        program valid and terminating (it only removes changes and readers); leaving out
        a CE keeps it terminating (the rule reads less) but may leave a variable unbound,
        which CLIPS refuses to load."""
        what, i = part[0], part[1]
        if what == "rule":
            rules = self.rules[:i] + self.rules[i + 1:]
            order = tuple((w, j if w == "facts" or j < i else j - 1)
                          for w, j in self.order if (w, j) != ("rule", i))
            return replace(self, rules=rules, order=order)
        if what == "fact":
            group = self.facts[i]
            facts = list(self.facts)
            facts[i] = group[:part[2]] + group[part[2] + 1:]
            return replace(self, facts=tuple(facts))
        rules = list(self.rules)
        rule = rules[i]
        if what in ("action", "ce"):
            k = part[2]
            if what == "action":
                rules[i] = replace(rule, actions=rule.actions[:k] + rule.actions[k + 1:])
            else:               # the logical keeps the CEs it held, less this one
                rules[i] = replace(rule, ces=rule.ces[:k] + rule.ces[k + 1:],
                                   logical=rule.logical - (k < rule.logical))
        else:
            rules[i] = replace(rule, salience=0)
        return replace(self, rules=tuple(rules))


def check_levels(program: Program) -> None:
    """AssertionError unless every rule keeps the termination argument (module doc)."""
    level, kind = program.level, program.kind
    for rule in program.rules:
        for effect, rel in rule.effects:
            # the highest level the rule may read, and whether that level itself
            if effect == "assert":
                top, itself = level[rel], kind[rel] == "growing"
            elif effect == "retract":
                assert kind[rel] != "growing", (rule.name, rel)
                top, itself = level[rel], True
            else:                       # modify / duplicate of the guarded box fact
                top, itself = level["box"], False
            reads = rule.reads - {"box"} if effect == "change" else rule.reads
            bad = [n for n in reads if level[n] > top or (level[n] == top and not itself)]
            assert not bad, (program.seed, rule.name, effect, rel, bad)
            held = rule.ces[:rule.logical]
            assert logical_lead(list(held), rule.effects, level) == len(held), \
                (program.seed, rule.name, "logical")
            if effect == "change":      # the box is read through the changed fact only
                boxes = [ce for ce in rule.ces if "(box" in ce]
                assert len(boxes) == 1 and " <- (box" in boxes[0] and \
                    re.search(r"\(n (\?\w+)&:\(< \1 \d\)\)", boxes[0]), (program.seed, rule.name)


class _Gen(RuleGen):
    """The generator of program ``seed``: its random stream, the relations' types, the
    templates used, each name's level and kind, the box counter's bound; it draws
    rules (:class:`RuleGen`) and facts (:class:`FactGen`) and puts the program
    together."""

    def __init__(self, seed: int):
        self.seed = seed
        r = self.r = random.Random(seed)
        self.types = {rel: r.choice(SCHEMAS) for rel in RELATIONS}
        self.templates = [t for t, p in (("box", 0.85), ("cell", 0.5)) if r.random() < p]
        names = list(RELATIONS) + self.templates
        r.shuffle(names)
        self.names = names
        self.level = {n: i for i, n in enumerate(names)}
        self.kind = {n: "counter" if n == "box" else r.choice(("growing", "mixed"))
                     for n in names}
        self.bound = r.choice((2, 3))
        self.const_p = r.choice((0.1, 0.2, 0.3))       # how often a field is a constant
        self.changes = 0        # modify / duplicate rules so far (at most MAX_CHANGES)

    def alpha_twin(self, rule: Rule, name: str) -> Rule | None:
        """A rule on the same ordered relation as ``rule``'s first pattern with the
        constant in the other field: ``(p 1 ?x)`` there, ``(p ?x 2)`` here (the same
        fact reaches both through different alpha paths)."""
        for ce in rule.ces:
            head = ce.split(" <- ")[-1]
            rel = head[1:].split(" ", 1)[0]
            if rel in RELATIONS and head.count(" ") == 2:
                break
        else:
            return None
        r = self.r
        t1, t2 = self.types[rel]
        which = r.random() < 0.5
        a = self.const(t1) if which else "?x"
        b = "?y" if which else self.const(t2)
        scope = {"?x": t1} if not which else {"?y": t2}
        target = [c for c in self.names if self.kind[c] != "counter"
                  and rel in self.below(c, strict=self.kind[c] != "growing")]
        if target and r.random() < 0.7:
            c = r.choice(target)
            act = f"(assert {self.fact_from(scope, c)})"
            effects = (("assert", c),)
        else:
            act = f'(printout t "{name}" " " {next(iter(scope))} crlf)'
            effects = ()
        return Rule(name, r.choice((0, 0, 1, -1)), (f"({rel} {a} {b})",), (act,),
                    frozenset({rel}), effects)

    def logical(self, rules: list[Rule]) -> list[Rule]:
        """About one rule in four has its first CEs in a ``logical`` (what it asserts
        then lasts while they hold). Drawn from a stream of its own, so each seed's
        program is otherwise what it was before logical was drawn."""
        r = random.Random(f"logical {self.seed}")
        out = []
        for rule in rules:
            lead = logical_lead(list(rule.ces), rule.effects, self.level)
            if lead and r.random() < 0.25:
                rule = replace(rule, logical=r.randint(1, lead))
            out.append(rule)
        return out

    def read_after_change(self, rules: list[Rule]) -> list[Rule]:
        """About one ``modify``/``duplicate`` in three is followed by a printout of the
        changed fact's counter read through its address (after a ``modify``, CLIPS's
        address is the modified fact), if the fact is still there (a modify that makes
        a fact equal to another leaves none). Drawn from a stream of its own, as
        logical."""
        r = random.Random(f"read after change {self.seed}")
        out = []
        for rule in rules:
            actions = list(rule.actions)
            for i, action in enumerate(rule.actions):
                if action.startswith(("(modify ?", "(duplicate ?")) and r.random() < 0.35:
                    address = action.split()[1]
                    actions.insert(actions.index(action) + 1, f'(if (fact-existp {address}) '
                                   f'then (printout t "{rule.name} n " (fact-slot-value '
                                   f'{address} n) crlf))')
            out.append(replace(rule, actions=tuple(actions)))
        return out

    # -- the program ----------------------------------------------------------------------
    def program(self) -> Program:
        r = self.r
        rules: list[Rule] = []
        states: list[list[Lhs]] = []
        for i in range(r.randint(3, 8)):
            name = f"r{i}"
            if rules and r.random() < 0.25:                 # shares a prefix
                j = r.randrange(len(rules))
                if states[j]:
                    k = r.randrange(min(2, len(states[j])))
                    rule, st = self.rule(name, prefix=states[j][k])
                    rules.append(rule)
                    states.append(st)
                    continue
            if rules and r.random() < 0.12:
                twin = self.alpha_twin(r.choice(rules), name)
                if twin is not None:
                    rules.append(twin)
                    states.append([])
                    continue
            rule, st = self.rule(name)
            rules.append(rule)
            states.append(st)
        rules = self.logical(rules)
        rules = self.read_after_change(rules)
        order = list(range(len(rules)))
        r.shuffle(order)
        rules = [rules[i] for i in order]
        facts: list[str] = []
        for rel in self.names:
            how_many = r.choice((0, 2, 3, 4, 4, 5, 6)) if rel != "box" else r.choice((1, 2, 2, 3))
            facts += [self.initial_fact(rel) for _ in range(how_many)]
        if facts and r.random() < 0.15:
            facts.append(r.choice(facts))                   # a duplicate: no new fact
        r.shuffle(facts)
        cut = r.randint(1, len(facts) - 1) if len(facts) > 2 and r.random() < 0.3 else len(facts)
        groups = (tuple(facts[:cut]),) + ((tuple(facts[cut:]),) if cut < len(facts) else ())
        placed: list = [("rule", i) for i in range(len(rules))]
        for g in range(len(groups)):
            placed.insert(r.randint(0, len(placed)), ("facts", g))
        return Program(self.seed, tuple(TEMPLATES[t] for t in self.templates), groups,
                       tuple(rules), tuple(placed), dict(self.level), dict(self.kind))


# -- running a program --------------------------------------------------------------------
STRATEGIES = ("depth", "breadth", "lex", "mea", "simplicity", "complexity")
LIMIT = 300             # firings compared per run


@dataclass(frozen=True)
class Outcome:
    """One run: firings as (rule, matched fact ids), facts as "f-N text", printed
    lines; or the exception the engine raised (its type and text)."""

    firings: tuple = ()
    facts: tuple = ()
    printed: tuple = ()
    error: str | None = None


def clips_session(path):
    """A CLIPS session on the .clp file ``path``, its error text kept in
    ``diagnostics`` (not printed); UsageError if CLIPS cannot load the file."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.clips_program import read_source
    s = ClipsSession()
    s.quiet(True)
    s.load_source(read_source(path))
    return s


def outcome(make, strategy: str, limit: int = LIMIT) -> Outcome:
    """Run a session made by ``make()`` under ``strategy`` for at most ``limit``
    firings; an exception (making or running it) is an outcome too, and so is error
    text the engine kept in its ``diagnostics`` (a quiet CLIPS session's errors)."""
    try:
        s = make()
        s.strategy = strategy
        s.reset()
        s.run(limit)
        if s.diagnostics:
            return Outcome(error="diagnostics: " + " | ".join(s.diagnostics[:8]))
        return Outcome(tuple((f.rule, tuple(f.matched)) for f in s.trace),
                       tuple(f"f-{f.id} {f.text}" for f in s.facts()), tuple(s.printed))
    except Exception as exc:            # noqa: BLE001 - the engine under test failed
        return Outcome(error=f"{type(exc).__name__}: {exc}")


def against_clips(path, text: str, strategy: str) -> str | None:
    """``text`` written to the .clp file ``path``, run on CLIPS and on our engine under
    ``strategy``: the first difference, None if they run alike (CLIPS itself must fire
    and not fail)."""
    from pyengine.engine.experta import ExpertaSession
    path.write_text(text)
    on_clips = outcome(lambda: clips_session(path), strategy)
    assert on_clips.firings and on_clips.error is None, on_clips.error
    return first_difference(on_clips, outcome(lambda: ExpertaSession.from_clp([path]),
                                              strategy))


def first_difference(clips: Outcome, ours: Outcome) -> str | None:
    """The first place two outcomes differ, in words; None if they are the same."""
    if clips == ours:
        return None
    if clips.error or ours.error:
        return f"error: CLIPS {clips.error or 'none'}; ours {ours.error or 'none'}"

    def firing(f):
        if f is None:
            return "(no firing)"
        return " ".join([f[0]] + ([",".join(f"f-{i}" for i in f[1])] if f[1] else []))
    for i in range(max(len(clips.firings), len(ours.firings))):
        a = clips.firings[i] if i < len(clips.firings) else None
        b = ours.firings[i] if i < len(ours.firings) else None
        if a != b:
            return f"firing {i + 1}: CLIPS {firing(a)}; ours {firing(b)}"
    if clips.facts != ours.facts:
        only_clips = [f for f in clips.facts if f not in ours.facts]
        only_ours = [f for f in ours.facts if f not in clips.facts]
        if not only_clips and not only_ours:
            return "facts: the same, in another order"
        return f"facts: only on CLIPS {only_clips}; only on ours {only_ours}"
    for i in range(max(len(clips.printed), len(ours.printed))):
        a = clips.printed[i] if i < len(clips.printed) else None
        b = ours.printed[i] if i < len(ours.printed) else None
        if a != b:
            return f"printed line {i + 1}: CLIPS {a!r}; ours {b!r}"
    return "differ"             # not reached: some field differs


def generate(seed: int) -> Program:
    """Program ``seed`` as parts (reproducible: random.Random(seed) only)."""
    return _Gen(seed).program()


def build(seed: int) -> str:
    """The CLIPS text of program ``seed``."""
    return generate(seed).text()


if __name__ == "__main__":
    for arg in sys.argv[1:] or ["0"]:
        print(build(int(arg)))
