"""``pyengine words``: show a word list, or check words against it.

    pyengine words [--words SPEC] [--tier N]                 source, licence, size per tier, cache
    pyengine words [--words SPEC] [--tier N] check WORD...   is each word in, and at which tier

Exit codes: 0 ok (check: every word found), 1 check found a missing word,
2 usage error (bad list, bad arguments).

The declaration (``PUZZLE``) and its two run functions; the word list loads only
when an action runs. No rules: the engine is ``none``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.puzzles.base import Action, Option, Puzzle

WORDS_HELP = ("word list: default (embedded SCOWL), default:N (tier<=N), system, "
              "enable1, enable2k, words_alpha, or a file path (one word per line, UTF-8, "
              "at most 16 MiB)")
#: the most words one ``words check`` looks up
MAX_CHECK = 10_000
LIST = Option("words", "str", None, WORDS_HELP, metavar="SPEC")
TIER = Option("tier", "int", None, "only words of tier <= N", low=0, metavar="N")


@dataclass
class ListInfo:
    """What ``pyengine words`` shows about a list (``info`` is ``WordList.info()``)."""

    info: dict
    has_tiers: bool

    def as_dict(self) -> dict:
        return dict(self.info, tiers={str(t): n for t, n in self.info["tiers"].items()})

    def text(self) -> str:
        info = self.info
        lines = [f"list:     {info['label']}", f"source:   {info['source']}",
                 f"licence:  {info['licence']}", f"words:    {info['words']}"]
        if self.has_tiers:
            running = 0
            lines.append("per tier: tier  words  cumulative")
            for t, n in info["tiers"].items():
                running += n
                lines.append(f"          {t:>4} {n:>6} {running:>11}")
        else:
            lines.append("per tier: none (plain list: every word has tier 0)")
        lines.append(f"skipped:  {info['skipped_lines']} input lines (digits, punctuation, "
                     "spaces, accents)")
        lines.append(f"cache:    {info['cache'] or '(none: running without a disk cache)'}")
        return "\n".join(lines)


@dataclass
class Checked:
    """Each word looked up in a list: ``found`` holds (word as given, tier or None, zipf)."""

    label: str
    has_tiers: bool
    found: list[tuple[str, int | None, float]] = field(default_factory=list)

    @property
    def exit_status(self) -> int:
        return 1 if any(tier is None for _w, tier, _z in self.found) else 0

    def as_dict(self) -> dict:
        return {"list": self.label,
                "words": [{"word": w, "found": t is not None, "tier": t, "zipf": z}
                          for w, t, z in self.found]}

    def text(self) -> str:
        lines = []
        for raw, t, z in self.found:
            if t is None:
                lines.append(f"{raw}: not in {self.label}")
            elif self.has_tiers:
                lines.append(f"{raw}: yes, tier {t} (zipf {z:.2f}) in {self.label}")
            else:
                lines.append(f"{raw}: yes, in {self.label}")
        return "\n".join(lines)


def run_show(words=None, tier=None) -> ListInfo:
    """The default action: the list's source, licence, size per tier and cache."""
    from pyengine.words.lists import load

    wl = load(words, max_tier=tier)
    return ListInfo(wl.info(), wl.has_tiers)


def run_check(word, words=None, tier=None) -> Checked:
    """The ``check`` action: each of ``word`` (a list of words) in the list or not."""
    from pyengine.engine.errors import UsageError
    from pyengine.engine.textio import ascii_letters
    from pyengine.words.lists import load

    if len(word) > MAX_CHECK:
        raise UsageError(f"check: {len(word)} words is over the limit of {MAX_CHECK}")
    given = [ascii_letters(raw.strip(), f"word {raw!r}") for raw in word]
    wl = load(words, max_tier=tier)
    out = Checked(wl.label, wl.has_tiers)
    for raw in given:
        w = raw.lower()
        t = wl.tier(w)
        out.found.append((raw, t, wl.zipf(w) if t is not None else 0.0))
    return out


_M = "pyengine.puzzles.wordlist:"
SHOW = Action("show", "show a word list's source, licence, size per tier and cache",
              options=(LIST, TIER), run=_M + "run_show")
CHECK = Action("check", "check words against a word list",
               description="Check words against a word list: whether each is in it, and at "
                           "which tier. Exit status 1 when a word is missing.",
               options=(Option("word", "words", None, "words to look up (at most 10000)",
                               positional=True,
                               required=True, metavar="WORD"), LIST, TIER),
               run=_M + "run_check")

PUZZLE = Puzzle(
    "words", "show a word list or check words against it", engine="none",
    actions=(SHOW, CHECK), default="show",
    description="Show a word list's source, licence, size per tier and "
                "cache, or check words: 'pyengine words check WORD ...'.")
