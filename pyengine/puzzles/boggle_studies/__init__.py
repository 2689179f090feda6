"""Boggle's studies: what is found out about the puzzle, beside the puzzle itself.

``table``      the seed's comparison table: N boards per generator, made and solved
``benchmark``  the ``boggle bench`` action (its options, its report, its files)
``best``       the ``boggle best`` action: a top-scoring board by simulated annealing
``anneal``     one annealing run (plain Python); ``anneal_numba`` the same, compiled
``runs``       where best's runs go (this process, a pool, a Dask cluster)
``cluster``    Dask (``--cluster``): the spec parsed, the client

The studies use the puzzle (:mod:`pyengine.puzzles.boggle`: boards, generators, the
word finder and its compiled search) and the puzzle never imports them, save its
declaration, which names their actions and checks ``--cluster``.
"""
