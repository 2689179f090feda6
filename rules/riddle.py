"""Letter riddles as experta rule sets (seeds 000 and 001).

    My first is in deans but not in slats        -> first letter in {d, e, n}
    My third is neither in veiled nor in seized  -> third letter not in {v,e,i,l,d,s,z}

The parser (``pyengine.puzzles.riddle.parse``) turns each line into one ``Clue`` fact:
its position and its words, each with its kind (``first``/``a``, ``second``/``b``;
include or exclude). Then the stages run (the ``Stage`` pattern comes first in
every staged rule):

``place``     ``place_last_clue``: "My last" is the riddle's final letter (and
              ``place_last_clue_word`` moves a later word of it there too).
``collapse``  each clue becomes one ``LetterSet``, by the kinds of its words:
              both include -> the letters they share, both exclude -> every
              letter outside both, mixed -> include less exclude (a lone word:
              its letters, or every letter outside it). A third or later word
              (``ExtraClueWord``: "in yes, yet and yore") narrows it in the order
              written: ``keep_letters_also_in_word``, ``drop_letters_of_word``.
``solve``     ``start_with_words_of_length`` then ``narrow_by_letter_set`` once
              per position: each ``Candidates`` fact is the previous one cut down
              through the word list's position index. Words never become facts.
``names``     a hint asks for a name ('a poet': a category of WordNet's names; a
              capitalised title) or no word fits: ``SearchNames``, and a
              ``NameCandidates`` chain over the embedded names' letter keys.
``near``      asked for (``NearWanted``), no word left: ``break_clue`` (of names:
              ``break_clue_of_names``) starts a ``NearMiss`` per clue from the
              candidates before it, ``narrow_near_miss`` narrows it by every later
              letter set: words one letter from a string that fits every clue
              (``riddle_near``; ``near-two``: when none, two clues broken; both
              stages run only with --near).
``coin``      no word or name fits: two listed words joined (``riddle_coin``).
``read-hints`` the lines that are not clues become ``HintLine`` facts, read by
              the rules of ``riddle_hints``: content words (``HintTerm``) and what
              a line says outright (``HintClaim``: 'I am a bird', 'rhymes with
              hen') are weighed against the most familiar candidates; the
              ``Evidence`` facts are summed into one ``HintScores``.
``rank``      ``rank_solutions``: the surviving words, the highest hint score
              first, then the most familiar.

The maker (``RiddleMaker``) solves its own riddle with the same rules and adds
``draw`` (a clue pair for each letter), ``check`` (the words the clues allow
besides the answer are rivals) and ``redraw`` (the clue that fails to rule out
the most rivals goes, with its letter set and the candidates narrowed by it; the
rivals' letter there is noted for its replacement to exclude).
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, OR, TEST, KnowledgeEngine, P, Rule  # noqa: E402

from pyengine.facts.riddle import (  # noqa: E402
    EXCLUDE, INCLUDE, Answer, Candidates, Clue, ExtraClueWord, HintLine, HintScores, Letter,
    LetterSet, MustExclude, NameCandidates, Redraw, Riddle, Rivals,
    SearchNames, Solution, WordSet, clue_fact)
from pyengine.engine.staging import Stage  # noqa: E402
from pyengine.rules.riddle_coin import CoinRules  # noqa: E402
from pyengine.rules.riddle_hints import HintRules  # noqa: E402
from pyengine.rules.riddle_near import NearRules  # noqa: E402
from pyengine.words.letters import ALPHABET  # noqa: E402


class RiddleRules(KnowledgeEngine):
    """Reading the clues and finding the words they allow: shared by the solver
    and the maker. ``words`` is a :class:`pyengine.words.lists.WordList`."""

    fact_classes = (Riddle, Clue, ExtraClueWord, LetterSet, Candidates, Stage)

    def __init__(self, words):
        super().__init__()
        self.words = words

    # -- place ---------------------------------------------------------------
    @Rule(Stage("place"), AS.clue << Clue(pos="last"), Riddle(length=MATCH.n))
    def place_last_clue(self, clue, n):
        """'My last' is the letter at the riddle's length."""
        self.modify(clue, pos=n)

    @Rule(Stage("place"), AS.extra << ExtraClueWord(pos="last"), Riddle(length=MATCH.n))
    def place_last_clue_word(self, extra, n):
        """A later word of 'My last' is a clue for the same letter."""
        self.modify(extra, pos=n)

    # -- collapse ------------------------------------------------------------
    @Rule(Stage("collapse"),
          Clue(pos=MATCH.p, first=INCLUDE, a=MATCH.a, second=INCLUDE, b=MATCH.b))
    def allow_letters_in_both(self, p, a, b):
        """In both words: the letters they share."""
        self.declare(LetterSet(pos=p, letters=frozenset(a) & frozenset(b),
                               said_in=frozenset(a) | frozenset(b),
                               how=f"in {a} and in {b}"))

    @Rule(Stage("collapse"),
          Clue(pos=MATCH.p, first=EXCLUDE, a=MATCH.a, second=EXCLUDE, b=MATCH.b))
    def allow_letters_in_neither(self, p, a, b):
        """In neither word: every letter outside both."""
        self.declare(LetterSet(pos=p, letters=ALPHABET - frozenset(a) - frozenset(b),
                               said_in=frozenset(),
                               how=f"neither in {a} nor in {b}"))

    @Rule(Stage("collapse"),
          OR(Clue(pos=MATCH.p, first=INCLUDE, a=MATCH.a, second=EXCLUDE, b=MATCH.b),
             Clue(pos=MATCH.p, first=EXCLUDE, a=MATCH.b, second=INCLUDE, b=MATCH.a)))
    def allow_letters_in_one_only(self, p, a, b):
        """In one word (a) but not the other (b): a's letters less b's."""
        self.declare(LetterSet(pos=p, letters=frozenset(a) - frozenset(b),
                               said_in=frozenset(a),
                               how=f"in {a} but not in {b}"))

    @Rule(Stage("collapse"), Clue(pos=MATCH.p, first=INCLUDE, a=MATCH.a, second=None))
    def allow_letters_of_the_word(self, p, a):
        """A clue with one word: its letters."""
        self.declare(LetterSet(pos=p, letters=frozenset(a), said_in=frozenset(a),
                               how=f"in {a}"))

    @Rule(Stage("collapse"), Clue(pos=MATCH.p, first=EXCLUDE, a=MATCH.a, second=None))
    def allow_letters_outside_the_word(self, p, a):
        """A clue with one word, negated: every letter outside it."""
        self.declare(LetterSet(pos=p, letters=ALPHABET - frozenset(a), said_in=frozenset(),
                               how=f"not in {a}"))

    @Rule(Stage("collapse"),
          AS.extra << ExtraClueWord(pos=MATCH.p, follows=MATCH.k, valence=INCLUDE, word=MATCH.w),
          NOT(ExtraClueWord(pos=MATCH.p, nth=MATCH.k)),
          AS.allowed << LetterSet(pos=MATCH.p, letters=MATCH.letters, said_in=MATCH.said,
                                  how=MATCH.how))
    def keep_letters_also_in_word(self, extra, allowed, w, letters, said, how):
        """A later word of the clue the letter is in (once the word before it is
        done): keep the allowed letters it has."""
        self.retract(extra)
        self.modify(allowed, letters=letters & frozenset(w), said_in=said | frozenset(w),
                    how=f"{how}, in {w}")

    @Rule(Stage("collapse"),
          AS.extra << ExtraClueWord(pos=MATCH.p, follows=MATCH.k, valence=EXCLUDE, word=MATCH.w),
          NOT(ExtraClueWord(pos=MATCH.p, nth=MATCH.k)),
          AS.allowed << LetterSet(pos=MATCH.p, letters=MATCH.letters, how=MATCH.how))
    def drop_letters_of_word(self, extra, allowed, w, letters, how):
        """A later word of the clue the letter is not in (once the word before it
        is done): drop its letters."""
        self.retract(extra)
        self.modify(allowed, letters=letters - frozenset(w), how=f"{how}, not in {w}")

    # -- solve ---------------------------------------------------------------
    @Rule(Stage("solve"), Riddle(length=MATCH.n), NOT(Candidates()))
    def start_with_words_of_length(self, n):
        """Before any clue: every word of the riddle's length."""
        index = self.words.position_index(n)
        self.declare(Candidates(upto=0, next=1, words=WordSet(index, index.all)))

    @Rule(Stage("solve"), Candidates(next=MATCH.p, words=MATCH.w),
          LetterSet(pos=MATCH.p, letters=MATCH.letters))
    def narrow_by_letter_set(self, p, w, letters):
        """Keep the candidates whose letter at the next position is allowed."""
        self.declare(Candidates(upto=p, next=p + 1, words=w.narrow(p, letters)))


class RiddleSolver(RiddleRules, NearRules, CoinRules, HintRules):
    """Solve a riddle against a word list (Python indexes, queried by the rules).

    ``max_solutions`` caps the ``Solution`` facts declared (the full set stays in
    the last ``Candidates``); ``hints`` answers the hint rules' questions (a
    :class:`pyengine.puzzles.riddle.hints.HintReader`)."""

    fact_classes = (RiddleRules.fact_classes + CoinRules.coin_fact_classes
                    + HintRules.hint_fact_classes + NearRules.near_fact_classes
                    + (Solution, SearchNames, NameCandidates))

    def __init__(self, words, max_solutions: int = 100, hints=None,
                 hint_candidates: int = 1000, hint_max_tier: int = 50):
        super().__init__(words)
        self.max_solutions = max_solutions
        self.hints = hints
        self.hint_candidates = hint_candidates
        self.hint_max_tier = hint_max_tier

    # -- names -----------------------------------------------------------------------
    @Rule(Stage("names"), Riddle(length=MATCH.n), Candidates(upto=MATCH.n, words=MATCH.w),
          TEST(lambda w: w.count == 0), NOT(SearchNames()))
    def search_names_when_no_word_fits(self):
        """No word of the list fits: try the names."""
        self.declare(SearchNames(why="no word of the list fits"))

    @Rule(Stage("names"), HintLine(text=MATCH.t), NOT(SearchNames()))
    def search_names_when_hint_asks(self, t):
        """A hint asks for a name ('a poet', 'a famous general', a capitalised title)."""
        why = self.hints.asks_for_name(t)
        if why:
            self.declare(SearchNames(why=why))

    @Rule(Stage("names"), SearchNames(), Riddle(length=MATCH.n), NOT(NameCandidates()))
    def start_with_names_of_length(self, n):
        """Every name of the riddle's length (its letters, spaces and apostrophes out)."""
        index = self.hints.names.keys.position_index(n)
        self.declare(NameCandidates(upto=0, next=1, words=WordSet(index, index.all)))

    @Rule(Stage("names"), NameCandidates(next=MATCH.p, words=MATCH.w),
          LetterSet(pos=MATCH.p, letters=MATCH.letters))
    def narrow_names_by_letter_set(self, p, w, letters):
        """Names are narrowed by the same letter sets as words."""
        self.declare(NameCandidates(upto=p, next=p + 1, words=w.narrow(p, letters)))

    # -- rank ------------------------------------------------------------------------
    @Rule(Stage("rank"), Riddle(length=MATCH.length),
          Candidates(upto=MATCH.length, words=MATCH.left),
          HintScores(scores=MATCH.scores), NOT(NameCandidates(upto=MATCH.length)))
    def rank_solutions(self, left, scores):
        """Words left after the last position are solutions: the highest hint score
        first, then the most familiar."""
        self._rank(left.words(), (), scores)

    @Rule(Stage("rank"), Riddle(length=MATCH.length),
          Candidates(upto=MATCH.length, words=MATCH.left),
          HintScores(scores=MATCH.scores),
          NameCandidates(upto=MATCH.length, words=MATCH.names_left))
    def rank_solutions_and_names(self, left, names_left, scores):
        """With names searched: the highest hint score first, then words before names,
        each most familiar first."""
        self._rank(left.words(), names_left.words(), scores)

    def _rank(self, found, keys, hint_scores) -> None:
        wl, scores = self.words, hint_scores.as_map()
        pool = [(x, x, wl) for x in wl.ranked(found)]
        if keys:
            names, taken = self.hints.names, set(found)
            pool += [(names.name(k), k, names.keys) for k in names.keys.ranked(keys)
                     if k not in taken]
        pool.sort(key=lambda e: -scores.get(e[0], (0,))[0])     # stable
        for rank, (word, key, source) in enumerate(pool[:self.max_solutions], start=1):
            points, because = scores.get(word, (0, ()))
            self.declare(Solution(rank=rank, of=len(pool), word=word, tier=wl.tier(key) if source is wl
                                  else None, zipf=source.zipf(key), score=points,
                                  because=because, evidence=hint_scores.evidence(word),
                                  name=source is not wl))


class RiddleMaker(RiddleRules):
    """Make a riddle with exactly one solution for the ``Answer`` word.

    ``words``: the solving list (uniqueness is checked against it);
    ``clues``: an object with ``draw(letter, rng, avoid, exclude_words)`` returning
    ``(valence_a, word_a, valence_b, word_b)`` (see
    ``pyengine.puzzles.riddle.clues.ClueIndex``); ``rng``: a ``random.Random``."""

    fact_classes = RiddleRules.fact_classes + (Answer, Letter, Rivals, Redraw, MustExclude)

    def __init__(self, words, clues, rng):
        super().__init__(words)
        self.clues = clues
        self.rng = rng
        self.used: set[str] = set()

    def _declare_pair(self, p, pair):
        va, a, vb, b = pair
        self.used.update((a, b))
        self.declare(clue_fact(p, [(va, a), (vb, b)]))

    # -- draw ----------------------------------------------------------------------
    @Rule(Stage("draw"), Answer(word=MATCH.answer), Letter(pos=MATCH.p, char=MATCH.c),
          NOT(Clue(pos=MATCH.p)), NOT(Redraw(pos=MATCH.p)))
    def draw_clue_for_letter(self, answer, p, c):
        """A letter with no clue gets a random pair of close clue words."""
        self._declare_pair(p, self.clues.draw(c, self.rng, (), self.used | {answer}))

    @Rule(Stage("draw"), AS.redraw << Redraw(pos=MATCH.p), Answer(word=MATCH.answer),
          Letter(pos=MATCH.p, char=MATCH.c), MustExclude(pos=MATCH.p, letters=MATCH.banned))
    def draw_clue_ruling_out_rivals(self, redraw, answer, p, c, banned):
        """A redrawn clue must also rule out the rivals' letters noted for it."""
        self._declare_pair(p, self.clues.draw(c, self.rng, banned, self.used | {answer}))
        self.retract(redraw)

    # -- check ---------------------------------------------------------------------
    @Rule(Stage("check"), Answer(word=MATCH.answer), Riddle(length=MATCH.n),
          Candidates(upto=MATCH.n, words=MATCH.w), NOT(Rivals()))
    def count_rivals(self, answer, w):
        """The words every letter set allows, besides the answer, are rivals."""
        rivals = w.without(answer)
        self.declare(Rivals(count=rivals.count, words=rivals))

    # -- redraw --------------------------------------------------------------------
    @Rule(Stage("redraw"), AS.rivals << Rivals(count=P(lambda n: n > 0), words=MATCH.ws),
          Answer(word=MATCH.answer))
    def choose_clue_to_redraw(self, rivals, ws, answer):
        """Redraw the clue at the position where most rivals differ from the answer;
        its replacement must rule out the rivals' letter there."""
        p, letter = self._weakest_position(answer, ws.words())
        self.retract(rivals)
        self.declare(Redraw(pos=p, letter=letter))

    @Rule(Stage("redraw"), Redraw(pos=MATCH.p), AS.clue << Clue(pos=MATCH.p))
    def drop_clue_to_redraw(self, clue):
        """The clue to redraw goes."""
        self.retract(clue)

    @Rule(Stage("redraw"), Redraw(pos=MATCH.p), AS.letters << LetterSet(pos=MATCH.p))
    def drop_letter_set_to_redraw(self, letters):
        """So does the letter set it collapsed to."""
        self.retract(letters)

    @Rule(Stage("redraw"), Redraw(pos=MATCH.p), AS.words << Candidates(upto=MATCH.u),
          TEST(lambda p, u: u >= p))
    def drop_candidates_narrowed_by_it(self, words):
        """And the candidates narrowed by it (the solve stage narrows again from there)."""
        self.retract(words)

    @Rule(Stage("redraw"), Redraw(pos=MATCH.p, letter=MATCH.x), NOT(MustExclude(pos=MATCH.p)))
    def start_letters_to_exclude(self, p, x):
        """The replacement must rule out the rivals' letter."""
        self.declare(MustExclude(pos=p, letters=frozenset({x})))

    @Rule(Stage("redraw"), Redraw(pos=MATCH.p, letter=MATCH.x),
          AS.banned << MustExclude(pos=MATCH.p, letters=MATCH.b), TEST(lambda x, b: x not in b))
    def add_letter_to_exclude(self, banned, b, x):
        """... as well as the letters noted for that position in earlier rounds."""
        self.modify(banned, letters=b | {x})

    def _weakest_position(self, answer: str, rivals: list[str]) -> tuple[int, str]:
        """(position, letter) shared by the most rivals where they differ from the
        answer. A scan of the rival *words* (a WordSet from the index, never facts):
        a tally over data, the way the solver's rank asks the list for frequencies."""
        if len(rivals) > 200:
            rivals = self.rng.sample(rivals, 200)
        counts: dict[tuple[int, str], int] = {}
        for r in rivals:
            for i, (x, y) in enumerate(zip(r, answer), start=1):
                if x != y:
                    counts[(i, x)] = counts.get((i, x), 0) + 1
        best = max(counts.values())
        choices = sorted(k for k, v in counts.items() if v == best)
        return self.rng.choice(choices)
