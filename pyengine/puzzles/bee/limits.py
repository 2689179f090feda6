"""Every size limit of the Spelling Bee, in one place: what ``bee`` refuses beyond,
before it starts work (docs/bee.md lists them with the command that hits each)."""

# -- bee solve --batch FILE: one hive a line
BATCH_LINE_BYTES = 16 * 1024      # an archive's JSON line with its answers fits easily
BATCH_LINES = 100_000             # lines (puzzles, blank and comment lines) in one batch

# -- bee play: guesses and commands, one a line
PLAY_LINE_BYTES = 1024       # a guess or a command is one short line
PLAY_LINES = 10_000          # guesses, commands and blank lines in one game

# -- bee make
MAX_CONTAINS = 15           # longest --contains (no pangram of the lists is longer)
MAX_WORD = 64                   # longest seed word (WORD|LETTERS)
MAX_VETS = 50                   # hives vetted by the rules, at most, in each phase
