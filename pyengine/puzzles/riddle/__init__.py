"""Letter riddles ("My first is in deans but not in slats"): ``parse`` reads riddle
text, ``solve`` and ``make`` drive the rules of ``rules/riddle.py``, ``clues`` finds
close clue words, ``write`` phrases clues, ``puzzle`` declares the commands.

Kept light: importing the package loads no engine and no word list."""
