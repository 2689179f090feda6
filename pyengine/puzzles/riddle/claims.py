"""What a hint line says outright about the answer: what it *is*, what it *rhymes with*.

A riddle's "my whole" lines often say one of two things plainly, and those outweigh
any word that merely appears in a line::

    I am a bird that sings in the hedge.     -> Claim("is-a", "bird")
    My whole is a kind of fish.              -> Claim("is-a", "fish")
    My whole is water.                       -> Claim("is-a", "water")
    My whole rhymes with hen.                -> Claim("rhyme", "hen")
    It sounds like a bell.                   -> Claim("rhyme", "bell")

:func:`read_claims` finds them with two patterns and a small noun-phrase reader (the
*head* is the last word before a preposition, a relative word, a conjunction or a
punctuation mark; "kind of", "sort of" and the like are read through). "I am"
needs an article after it ("I am found in ..." says nothing of what it is); a line
with "not" in the claim ("I am not a bird") claims nothing. The riddle's
``read-hints`` rules turn each claim into a ``HintClaim`` fact and weigh it
(``rules/riddle_hints.py``); nothing here decides what a claim is worth.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

#: riddle phrasing that says nothing about the answer ("My whole is known as ...")
HINT_FILLER = frozenset("""
whole total entire entirety self first second third fourth fifth sixth seventh eighth
ninth tenth last next letter letters word words riddle answer guess name named call
called known see seen sure find found think tell look show shows am i'm i'll you'll
you've we'll let put well oft often everybody everyone people many much little great
good way ever never always say said come comes go goes get gets use seem seems quite
""".split())

_RHYME = re.compile(
    r"\b(?:rhym(?:e|es|ed|ing)\s+(?:well\s+)?(?:with|to)|sounds?\s+(?:just\s+)?like"
    r"|(?:a|my)\s+rhyme\s+(?:for|to|of|is))\s+(?:an?\s+|the\s+)?([a-z]+)")
_IS_A = re.compile(
    r"\b(?:(i\s+am|i'm)|(?:my|the)\s+(?:whole|total|all)(?:\s+is|'s|\s*[,:](?=\s*an?\s)))\s+"
    r"((?:(?:called|named|but|just|only|surely|truly|simply|indeed|often|always)\s+)*)"
    r"(?:(an?|the|one)\s+)?([a-z].*)")
#: words that end the noun phrase a claim names
_BREAKS = frozenset("""
that which who whom whose where when while with without by in on at for from to into
upon and or nor but as like if though than so you your i me my it its is are was be
been of off over under through near among before after till until because
""".split())
#: "a kind of fish": read through to the fish
_THROUGH = frozenset("kind sort type species form piece member variety breed bit".split())
_TOKEN = re.compile(r"[a-z]+|[^\sa-z']")


@dataclass(frozen=True)
class Claim:
    kind: str       # "is-a" or "rhyme"
    word: str       # the head noun, or the word rhymed with (lower case)


def _normal(text: str) -> str:
    return text[:2000].lower().replace("\u2019", "'")


def head_noun(phrase: str) -> str | None:
    """The head of the noun phrase that opens ``phrase`` ("small bird that sings" ->
    bird; "kind of fish" -> fish), or None when it is riddle phrasing."""
    tokens = _TOKEN.findall(phrase)
    chunk: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in _THROUGH and i + 1 < len(tokens) and tokens[i + 1] == "of":
            chunk, i = [], i + 2
            continue
        if not tok.isalpha() or tok in _BREAKS:
            break
        chunk.append(tok)
        i += 1
    head = chunk[-1] if chunk else None
    return None if head is None or head in HINT_FILLER or len(head) < 2 else head


def read_claims(text: str) -> list[Claim]:
    """The claims of one hint line: at most one of each kind, in that order."""
    line = _normal(text)
    out = []
    m = _IS_A.search(line)
    if m and not m.group(4).startswith("not ") and (m.group(3) or not m.group(1)):
        head = head_noun(m.group(4))
        if head is not None:
            out.append(Claim("is-a", head))
    m = _RHYME.search(line)
    if m and m.group(1) not in HINT_FILLER:
        out.append(Claim("rhyme", m.group(1)))
    return out
