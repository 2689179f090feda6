"""A toy puzzle, written the way docs/adding-a-puzzle.md says, to prove that a new
puzzle needs one declaration, one driver and one rule set, and nothing else."""
