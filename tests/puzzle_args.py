"""The words after ``pyengine shell NAME`` that open each session the registry offers
in a small, quick state (an entry not named here opens with its defaults). Shared by
the shell, the inspector and the step-back tests."""
from pathlib import Path

TESTS = Path(__file__).resolve().parent
TEACUP = TESTS / "data" / "riddles" / "teacup.txt"     # seed 000's riddle

SHELL_ARGS = {
    "scramble": ["--seed", "3", "--swaps", "5"],
    "scramble-solve": ["S N E I I N L E E", "--candidates", "Nile,Seine,Rhine"],
    "riddle": [str(TEACUP)],
    "riddle-solve": [str(TEACUP)],
    "bee": ["ACENRTU", "--center", "T"],
    "bee-solve": ["ACENRTU", "--center", "T"],
    "bee-play": ["ACENRTU", "--center", "T"],
    "boggle": ["--algo", "cad", "--seed", "1"],
    "boggle-make": ["--algo", "cad", "--seed", "1"],
    "boggle-solve": ["abcdefghijklmnop"],
}
