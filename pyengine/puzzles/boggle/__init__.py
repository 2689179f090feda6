"""Boggle: boards, dice, the word finder and scoring, best-board search.

``board``  Board / parse_board          ``dice``    DICE_SETS / roll_dice
``finder`` Finder / find_words / score_word   ``best``  best_board (annealing)

The generators (experta rule sets) live in ``pyengine.rules.boggle``.
Submodules are imported on demand; this package import stays light.
"""
