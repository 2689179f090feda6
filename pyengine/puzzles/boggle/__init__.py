"""Boggle: boards, dice, the word finder and scoring, the generators, solving by rules.

``puzzle``   the declaration (make, solve, best, bench)      ``board``  Board / parse_board
``generate`` the generators' rule sessions (open_board)       ``twin``   their plain twin
``draws``    the letter odds the rules ask (Dice)             ``algorithms`` the ten
``stats``    the word list's letter statistics                ``make``   the make action
``finder``   Finder / find_words (``scoring``: score_word)    ``dice``   DICE_SETS / roll_dice
``trie``     the dict trie and its PrefixIndex                ``solve``  solve (finder or rules)
``finder_numba`` / ``kernels`` / ``compiled``  the compiled search, its compile-once cache
``limits``   the size limits every action refuses beyond      ``picture`` the web page's board

The rule sets live in ``rules/boggle.py`` (the generators) and ``rules/boggle_solve.py``
(the words found and scored). The studies (the seed's table, the best board, Dask) are
in :mod:`pyengine.puzzles.boggle_studies`. Submodules are imported on demand; this
package import stays light.
"""
