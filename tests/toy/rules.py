"""Mirror: spell a word backwards, one letter fact at a time.

Stage ``place``: each ``Letter(pos, char)`` of an n-letter word becomes
``Mirrored(pos=n-1-pos, char)``. Stage ``spell``: the mirrored letters are joined
in order into one ``Spelled`` fact, one letter per firing. Stage ``check`` stays open
(its staging fact is kept): each ``Guess`` asserted then gets a ``Verdict``.
"""
from pyengine.engine.compat import experta  # noqa: F401  (makes experta importable)
from experta import AS, MATCH, TEST, Fact, Field, KnowledgeEngine, Rule
from pyengine.engine.staging import Stage


class Word(Fact):
    length = Field(int, mandatory=True)


class Letter(Fact):
    pos = Field(int, mandatory=True)
    char = Field(str, mandatory=True)


class Mirrored(Fact):
    pos = Field(int, mandatory=True)
    char = Field(str, mandatory=True)


class Spelled(Fact):
    text = Field(str, mandatory=True)


class Guess(Fact):
    text = Field(str, mandatory=True)


class Verdict(Fact):
    text = Field(str, mandatory=True)
    right = Field(bool, mandatory=True)


class MirrorRules(KnowledgeEngine):
    @Rule(Stage("place"), Word(length=MATCH.n), Letter(pos=MATCH.p, char=MATCH.c))
    def place_mirrored_letter(self, n, p, c):
        """A letter at position p goes to position n-1-p."""
        self.declare(Mirrored(pos=n - 1 - p, char=c))

    @Rule(Stage("spell"), AS.spelled << Spelled(text=MATCH.t),
          Mirrored(pos=MATCH.p, char=MATCH.c), TEST(lambda t, p: len(t) == p))
    def append_next_letter(self, spelled, t, p, c):
        """The mirrored letter whose position is the length so far comes next."""
        self.modify(spelled, text=t + c)

    @Rule(Stage("check"), AS.guess << Guess(text=MATCH.g), Spelled(text=MATCH.t))
    def judge_guess(self, guess, g, t):
        """A guess is right when it is the word spelled backwards."""
        self.retract(guess)
        self.declare(Verdict(text=g, right=g == t))
