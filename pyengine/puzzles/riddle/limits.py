"""Every size limit of the letter riddles, in one place: what ``riddle`` refuses
beyond, before it starts work (docs/riddle.md)."""

#: characters of riddle text parsed, and of one clue
MAX_RIDDLE_CHARS = 64 * 1024
MAX_CLUE_CHARS = 1000         # one clue carried on over several lines
#: solutions ranked by the rules (``--all`` lifts it)
MAX_SOLUTIONS = 100
#: the largest riddle text read (a FILE, stdin or ``text=``): 64 KiB (a riddle of 20
#: clues is under 2 KiB; the rest would be hint lines)
MAX_RIDDLE_BYTES = 64 * 1024
#: hint lines read (the rest are only shown) and terms taken from each: a bound on the
#: work of the hint rules for any input (a 64 KiB riddle of hint lines: well under a second)
MAX_HINT_LINES = 8
MAX_TERMS_PER_LINE = 12
#: the most riddles one ``make`` makes (--count): a few minutes at most
#: (bench/bench_riddle.py times one); they are printed as they are made
MAX_COUNT = 10_000
