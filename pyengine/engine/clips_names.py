"""The names of CLIPS's own functions, asked of CLIPS itself once per process: what the
page's allow-list knows to refuse and what our engine refuses to see replaced by a
deffunction (CLIPS refuses ``(deffunction system ...)`` too)."""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=1)
def clips_system_functions() -> frozenset[str]:
    """Every function this CLIPS knows (``get-function-list``)."""
    import clips
    env = clips.Environment()
    return frozenset(str(name) for name in env.eval("(get-function-list)"))
