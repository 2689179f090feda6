"""The riddle's ``read-hints`` stage: what the lines that are not clues say.

Mixed into ``RiddleSolver`` (``rules/riddle.py``); ``self.hints`` is its
:class:`~pyengine.puzzles.riddle.hints.HintReader`, ``self.words`` its word list.
The rules, top to bottom:

``start_hint_scores``       every word starts with no hint points (``HintScores``).
``read_hint_words``         a hint line's content words become ``HintTerm`` facts.
``read_hint_claims``        what a line says outright becomes a ``HintClaim``: what
                            the answer *is* ("I am a bird", "my whole is a kind of
                            fish") or what it *rhymes with* ("rhymes with hen").
``choose_contenders``       the most familiar candidates are weighed (words; then
(and of names, of near)     names; near misses when no word fits).
``hint_says_what_it_is``    an is-a claim: the head noun on the word's hypernym chain
                            or a synonym of it (5 points).
``hint_says_what_it_rhymes_with``  a rhyme claim: the word rhymes (4 points; by
                            sound from the pronouncing dictionary, by spelling where
                            it is silent).
``hint_names_a_category``   a term on the word's hypernym chain (3),
``hint_names_a_synonym``    a synonym (3), ``hint_gloss_names_word`` the word in the
``hint_word_in_gloss``      term's gloss (2), the term in the word's gloss (1).
``add_evidence_to_scores``  each ``Evidence`` fact adds its points and reasons.

A claim outweighs a word merely present in a line: "I am a bird" gives a bird 5
points as a claim and 3 more as a term.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, TEST, KnowledgeEngine, Rule  # noqa: E402

from pyengine.engine.staging import Stage  # noqa: E402
from pyengine.facts.riddle import (  # noqa: E402
    Candidates, Contenders, Evidence, HintClaim, HintLine, HintScores, HintTerm, Listed,
    NameCandidates, NearMiss, Riddle, Scores)
from pyengine.words.lexicon import stem  # noqa: E402


class HintRules(KnowledgeEngine):
    """The ``read-hints`` stage of the solver."""

    hint_fact_classes = (HintLine, HintTerm, HintClaim, Contenders, Evidence, HintScores)
    #: the rule that concludes each kind of evidence (``--explain`` names it)
    evidence_rules = {"is-a": "hint_says_what_it_is", "rhyme": "hint_says_what_it_rhymes_with",
                      "category": "hint_names_a_category", "synonym": "hint_names_a_synonym",
                      "named-by": "hint_gloss_names_word", "gloss": "hint_word_in_gloss"}

    # -- read-hints ----------------------------------------------------------------
    @Rule(Stage("read-hints"), NOT(HintScores()))
    def start_hint_scores(self):
        """Every word starts with no hint points."""
        self.declare(HintScores(scores=Scores()))

    @Rule(Stage("read-hints"), HintLine(text=MATCH.t))
    def read_hint_words(self, t):
        """A hint line's content words (riddle phrasing and stop words out) are terms."""
        for word, key in self.hints.terms(t):
            self.declare(HintTerm(word=word, stem=key))

    @Rule(Stage("read-hints"), HintLine(text=MATCH.t))
    def read_hint_claims(self, t):
        """What a line says outright: what the answer is, what it rhymes with."""
        for claim in self.hints.claims(t):
            self.declare(HintClaim(kind=claim.kind, word=claim.word, stem=stem(claim.word)))

    @Rule(Stage("read-hints"), HintTerm(), Riddle(length=MATCH.n),
          Candidates(upto=MATCH.n, words=MATCH.w), NOT(Contenders(kind="words")))
    def choose_contenders(self, w):
        """The hints weigh the most familiar candidates (at most ``hint_candidates``),
        leaving out rare words (SCOWL levels over ``hint_max_tier``) when any
        commoner word fits: a hint lifts a familiar word, not an obscure one."""
        ranked = self.words.ranked(w.words())
        common = [x for x in ranked if (self.words.tier(x) or 0) <= self.hint_max_tier]
        self.declare(Contenders(kind="words",
                                words=Listed((common or ranked)[:self.hint_candidates])))

    @Rule(Stage("read-hints"), HintTerm(), Riddle(length=MATCH.n),
          NameCandidates(upto=MATCH.n, words=MATCH.w), NOT(Contenders(kind="names")))
    def choose_name_contenders(self, w):
        """... and the names found, as written ('Hadrian's Wall')."""
        names = self.hints.names
        keys = names.keys.ranked(w.words())[:self.hint_candidates]
        self.declare(Contenders(kind="names", words=Listed(names.name(k) for k in keys)))

    @Rule(Stage("read-hints"), HintTerm(), Riddle(length=MATCH.n),
          NearMiss(kind="words", next=MATCH.k, words=MATCH.w), TEST(lambda n, k: k == n + 1))
    def choose_near_contenders(self, w):
        """No word fits: the hints weigh the words that fit all clues but one."""
        ranked = self.words.ranked(w.words())[:self.hint_candidates]
        self.declare(Contenders(kind="near", words=Listed(ranked)))

    @Rule(Stage("read-hints"), Contenders(words=MATCH.ws),
          HintClaim(kind="is-a", word=MATCH.x, stem=MATCH.s))
    def hint_says_what_it_is(self, ws, x, s):
        """'I am a bird': 5 points to words that are birds, or another name for one."""
        self._evidence("is-a", 5, self.hints.what_it_is(x, s, ws))

    @Rule(Stage("read-hints"), Contenders(words=MATCH.ws), HintClaim(kind="rhyme", word=MATCH.x))
    def hint_says_what_it_rhymes_with(self, ws, x):
        """'My whole rhymes with hen': 4 points to words that rhyme with hen."""
        self._evidence("rhyme", 4, self.hints.rhymes_with(x, ws))

    @Rule(Stage("read-hints"), Contenders(words=MATCH.ws), HintTerm(stem=MATCH.s))
    def hint_names_a_category(self, ws, s):
        """'An insect': 3 points to words with insect on their hypernym chain."""
        self._evidence("category", 3, self.hints.in_category(s, ws))

    @Rule(Stage("read-hints"), Contenders(words=MATCH.ws), HintTerm(stem=MATCH.s))
    def hint_names_a_synonym(self, ws, s):
        """A synonym of the word: 3 points."""
        self._evidence("synonym", 3, self.hints.synonym_of(s, ws))

    @Rule(Stage("read-hints"), Contenders(words=MATCH.ws), HintTerm(word=MATCH.x, stem=MATCH.s))
    def hint_gloss_names_word(self, ws, x, s):
        """The word named in the hint term's own gloss ('croak': 'as of a frog'): 2."""
        self._evidence("named-by", 2, self.hints.named_by(x, s, ws))

    @Rule(Stage("read-hints"), Contenders(words=MATCH.ws), HintTerm(word=MATCH.x, stem=MATCH.s))
    def hint_word_in_gloss(self, ws, x, s):
        """The hint term in the word's gloss: 1 point."""
        self._evidence("gloss", 1, self.hints.in_gloss(x, s, ws))

    def _evidence(self, kind: str, points: int, pairs) -> None:
        if pairs:
            self.declare(Evidence(kind=kind, points=points, words=Listed(pairs)))

    @Rule(Stage("read-hints"), AS.e << Evidence(kind=MATCH.k, points=MATCH.p, words=MATCH.pairs),
          AS.s << HintScores(scores=MATCH.sc))
    def add_evidence_to_scores(self, e, s, k, p, pairs, sc):
        """Each piece of evidence adds its points and reasons to the words' scores."""
        self.retract(e)
        self.modify(s, scores=sc.add(p, pairs, k))
