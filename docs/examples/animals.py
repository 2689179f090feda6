"""Animal identification in experta: ask a few questions, name the animal.

Open it, from the repository root, with:
    pyengine shell experta docs/examples/animals.py --input docs/examples/animals-answers.txt
(each rule that asks reads one line; on a terminal it prompts).
"""
from pyengine.experta import AS, MATCH, NOT, Fact, KnowledgeEngine, Rule, DefFacts


class Trait(Fact):
    """Something known about the animal: Trait(name="fur", value="yes")."""


class Animal(Fact):
    """The conclusion: Animal(name="tiger")."""


class Zookeeper(KnowledgeEngine):
    @DefFacts()
    def questions(self):
        yield Trait(name="start", value="yes")

    # -- asking ---------------------------------------------------------------------
    @Rule(Trait(name="start"), NOT(Trait(name="fur")))
    def ask_fur(self):
        answer = self.ask("Does it have fur? ")
        self.declare(Trait(name="fur", value=answer))

    @Rule(Trait(name="fur", value="yes"), NOT(Trait(name="meat")))
    def ask_meat(self):
        answer = self.ask("Does it eat meat? ")
        self.declare(Trait(name="meat", value=answer))

    @Rule(Trait(name="fur", value="no"), NOT(Trait(name="flies")))
    def ask_flies(self):
        answer = self.ask("Does it fly? ")
        self.declare(Trait(name="flies", value=answer))

    # -- concluding -----------------------------------------------------------------
    @Rule(Trait(name="meat", value="yes"))
    def is_tiger(self):
        self.declare(Animal(name="tiger"))

    @Rule(Trait(name="meat", value="no"))
    def is_zebra(self):
        self.declare(Animal(name="zebra"))

    @Rule(Trait(name="flies", value="yes"))
    def is_eagle(self):
        self.declare(Animal(name="eagle"))

    @Rule(Trait(name="flies", value="no"))
    def is_penguin(self):
        self.declare(Animal(name="penguin"))

    @Rule(Animal(name=MATCH.name), salience=-10)
    def announce(self, name):
        article = "an" if name[0] in "aeiou" else "a"
        print(f"It is {article} {name}.")

    def ask(self, question: str) -> str:
        """One answer, yes or no; at the end of input, "no"."""
        print(question, end="")
        try:
            line = input()
        except EOFError:
            return "no"
        return "yes" if line.strip().lower().startswith("y") else "no"
