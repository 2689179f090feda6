"""pyengine.words.memo: the bounded memos of loaded lists (a long-lived process keeps
the few lists it used last, not every one it saw)."""
import pytest

from pyengine import words as W
from pyengine.words.memo import Memo


def test_a_memo_keeps_the_entries_used_last():
    m = Memo(2)
    m["a"], m["b"] = 1, 2
    assert m.get("a") == 1          # "a" is now the newest
    m["c"] = 3
    assert (m.get("a"), m.get("b"), m.get("c"), len(m)) == (1, None, 3, 2)
    with pytest.raises(ValueError):
        Memo(0)


def test_many_user_lists_do_not_pile_up(tmp_path):
    W.clear_memory_cache()
    first = tmp_path / "w0.txt"
    first.write_text("nile\nseine\n")
    kept = W.load(str(first))
    for i in range(1, 30):
        path = tmp_path / f"w{i}.txt"
        path.write_text(f"nile\nseine\n{'abcdefghijklmnopqrstuvwxyz'[i % 26] * 3}\n")
        W.load(str(path))
    from pyengine.words.lists import _MEMO
    assert len(_MEMO) <= _MEMO.size < 30
    again = W.load(str(first))          # read again (from the disk cache), same words
    assert again is not kept and again.words == kept.words


def test_clear_memory_cache_forgets_boggles_tries_too():
    from pyengine.puzzles.boggle import finder_numba as F
    F.ArrayTrie.for_words(("cat", "dog"), 3)
    assert len(F.ArrayTrie._MEMO) >= 1
    W.clear_memory_cache()
    assert len(F.ArrayTrie._MEMO) == 0
