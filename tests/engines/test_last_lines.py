"""The lines a session keeps of what its engine said (CLIPS's error text): the last
ones held, every one counted, the first ones since a mark kept: checked against a plain
list that keeps everything."""
from __future__ import annotations

from hypothesis import given, strategies as st

from pyengine.engine.errors import said_in_one_line
from pyengine.engine.textio import LastLines

# a session's life: batches of lines said, a mark now and then
steps = st.lists(st.one_of(st.just("mark"),
                           st.integers(min_value=0, max_value=30)), max_size=60)


@given(steps, st.integers(min_value=2, max_value=40))
def test_what_was_said_since_the_last_mark_is_as_a_full_list_says(plan, keep):
    lines, everything, mark, n = LastLines(keep=keep, first=5), [], 0, 0
    for step in plan:
        if step == "mark":
            mark = lines.mark()
            assert mark == len(everything)
            continue
        batch = [f"line {n + i}" for i in range(step)]
        n += step
        lines.extend(batch)
        everything.extend(batch)
        assert len(lines) == len(everything)
        assert len(lines.held) <= keep and lines.held == everything[-len(lines.held):]
        first, count = lines.since(mark)
        assert count == len(everything) - mark
        assert first == everything[mark:mark + 5]
        assert lines.said_since(mark) == said_in_one_line(first, count - len(first))


def test_a_mark_pushed_out_long_ago_still_counts_its_lines():
    lines = LastLines(keep=10, first=3)
    old = lines.mark()
    lines.extend(str(i) for i in range(100))
    newer = lines.mark()
    lines.extend(str(i) for i in range(100, 130))
    assert lines.since(newer) == (["100", "101", "102"], 30)
    assert lines.since(old) == ([], 130)        # an older mark: counted, its lines gone
