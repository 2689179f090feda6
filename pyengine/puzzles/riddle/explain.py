"""``riddle solve --explain``: how the rules decided, read back from the fact base.

Everything printed is a fact the rules concluded (the letter sets, with the whole
clue of those a third or later clue word narrowed, the candidates
left after each position, the claims read from the hint lines, each solution's
evidence with its points) or the name of the rule that concluded it (the ranking
rule as the session's record of firings has it: ``--explain`` records them)::

    how the rules decided:
      letters    1 h | 2 ae | 3 n
      solve      words left by position: 1,046 -> 219 -> 40 -> 2 (narrow_by_letter_set)
      claims     it rhymes with ten (read_hint_claims)
      Hen        +4 rhyme: hen rhymes with ten (sound EH N) [hint_says_what_it_rhymes_with]
      rank       rank_solutions: the highest hint score first, then the most familiar
"""
from __future__ import annotations

from pyengine.engine.wording import plural, with_article
from pyengine.facts.riddle import (COIN_SHAPES, EXCLUDE, INCLUDE, Candidates, Coined,
                                   HintClaim, LetterSet, NameCandidates, NearCoined,
                                   NearMiss)
from pyengine.rules.riddle_hints import HintRules

#: how many solutions' evidence is listed
EXPLAINED = 5
_CLAIMS = {"is-a": "it is {}", "rhyme": "it rhymes with {}"}
#: the rule that cuts each shape of coined compound
_CUTS = {"words": "split_at_cuts", "titled": "split_after_titles",
         "full name": "split_after_given_names",
         "possessive": "split_after_possessives"}
_RANKS = {"rank_solutions": "the highest hint score first, then the most familiar",
          "rank_solutions_and_names": "the highest hint score first, then words before "
                                      "names, each most familiar first",
          "rank_near_misses": "words and names that fit all clues but one: the highest "
                              "hint score first, then a printer's likely slip, then words "
                              "before names",
          "rank_twice_broken": "the same of those that fit all clues but two"}
#: the rules of each tier of near answers
_NEAR = {0: ("near", "1 clue broken", "break_clue, narrow_near_miss"),
         1: ("near-two", "2 clues broken",
             "break_two_clues, skip_second_broken_clue, narrow_twice_broken")}


def explanation(result) -> str:
    """The ``--explain`` section of a solved riddle (``result``: a SolveResult)."""
    session = result.session
    lines = ["how the rules decided:",
             "  letters    " + " | ".join(f"{p} {s or '-'}" for p, s in result.letters.items())]
    lines.extend(_list_clue_lines(result))
    for kind, what, rule in ((Candidates, "words", "narrow_by_letter_set"),
                             (NameCandidates, "names", "narrow_names_by_letter_set")):
        counts = {f["upto"]: f["words"].count for f in session.records(kind)}
        if counts:
            chain = " -> ".join(f"{counts[p]:,}" for p in sorted(counts))
            lines.append(f"  {'solve' if what == 'words' else 'names':<10} {what} left by "
                         f"position: {chain} ({rule})")
    lines.extend(_near_lines(session))
    lines.extend(_coin_lines(session))
    claims = [_CLAIMS[f["kind"]].format(with_article(f["word"]) if f["kind"] == "is-a"
                                        else f["word"]) for f in session.records(HintClaim)]
    if claims:
        lines.append(f"  claims     {'; '.join(claims)} (read_hint_claims)")
    for s in result.solutions[:EXPLAINED]:
        for kind, points, reason in s.evidence:
            rule = HintRules.evidence_rules.get(kind, kind)
            lines.append(f"  {s.shown:<10} +{points} {kind}: {reason} [{rule}]")
    trace = getattr(session, "trace", None) or ()
    for rule in dict.fromkeys(f.rule for f in trace if f.rule in _RANKS):
        lines.append(f"  rank       {rule}: {_RANKS[rule]}")
    return "\n".join(lines)


def _list_clue_lines(result) -> list[str]:
    """A line for each clue of more than two words: its letter set as the rules left it
    (the whole clue in its ``how``, the letters), and the rules that took the later
    words (by their valences)."""
    sets = {f["pos"]: f for f in result.session.records(LetterSet)}
    lines = []
    for clue in result.clues:
        later, f = clue.halves[2:], sets.get(clue.pos)
        if not later or f is None:
            continue
        rules = [rule for rule, valence in (("keep_letters_also_in_word", INCLUDE),
                                            ("drop_letters_of_word", EXCLUDE))
                 if any(h.valence == valence for h in later)]
        letters = "".join(sorted(f["letters"])) or "-"
        lines.append(f"  clue {f['pos']:<5} {f['how']} -> {letters} ({', '.join(rules)})")
    return lines


def _coin_lines(session) -> list[str]:
    """A line for each shape of coined compound the rules made (how many, the best)."""
    made: dict[str, list] = {}
    for f in sorted(session.records(Coined), key=lambda f: f["key"]):
        made.setdefault(f["shape"], []).append(f["written"])
    lines = [f"  coin       {shape}: {plural(len(set(made[shape])), 'compound')}, first "
             f"{made[shape][0]} ({_CUTS[shape]}, join_halves)"
             for shape in COIN_SHAPES if shape in made]
    near = [f["written"] for f in sorted(session.records(NearCoined), key=lambda f: f["key"])]
    if near:
        lines.append(f"  coin-near  {plural(len(set(near)), 'compound')} that break one clue, "
                     f"first {near[0]} (split_with_a_broken_clue, pass_broken_clue, "
                     "join_near_halves)")
    return lines


def _near_lines(session) -> list[str]:
    """A line for each tier of near answers the rules tried: how many chains (one per
    broken clue, or pair of clues) of words and of names, and how many kept any."""
    tiers: dict[int, dict[str, list[int]]] = {}
    for f in session.records(NearMiss):
        tiers.setdefault(f["also"] > 0, {}).setdefault(f["kind"], []).append(f["words"].count)
    lines = []
    for tier, kinds in sorted(tiers.items()):
        stage, what, rules = _NEAR[tier]
        said = ", ".join(f"{plural(len(counts), 'chain')} of {kind} ({_kept(kind, counts)})"
                         for kind, counts in sorted(kinds.items(), reverse=True))
        lines.append(f"  {stage:<10} {what}: {said} ({rules})")
    return lines


def _kept(kind: str, counts: list[int]) -> str:
    kept = sum(c > 0 for c in counts)
    return f"{kept} kept {plural(sum(counts), kind[:-1])}" if kept else "none kept any"
