"""Word lists: the embedded default, named lists, files; their indexes and cache."""
from pyengine.words.lists import (  # noqa: F401  (the package's public names)
    DEFAULT_TIERS, NAMED_LISTS, WordList, clear_memory_cache, letter_mask, load,
    parse_plain, shared_data_dir,
)
