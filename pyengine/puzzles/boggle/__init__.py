"""Boggle: boards, dice, the word finder and scoring, the generators, best-board search.

``puzzle``  the declaration (make, solve, best, bench)      ``board``  Board / parse_board
``generate`` the generators' rule sessions (open_board)      ``twin``   their plain twin
``draws``   the letter odds the rules ask (Dice)             ``algorithms`` the ten
``finder``  Finder / find_words (``scoring``: score_word)    ``dice``   DICE_SETS / roll_dice
``best``    best_board (annealing)                           ``table``  the seed's table
``kernels`` the compiled search (many boards a call)          ``anneal`` one annealing run
``runs``    where best's runs go (this process, a pool)      ``cluster`` Dask (--cluster)
``limits``  the size limits every action refuses beyond

The generator rule sets live in ``rules/boggle.py`` (``pyengine.rules.boggle``).
Submodules are imported on demand; this package import stays light.
"""
