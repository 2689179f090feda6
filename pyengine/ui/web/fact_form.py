"""The page's form for modifying a fact: the fact's slots, each value as CLIPS text
(a string keeps its quotes), read by our reader from the fact's full text
(:func:`~pyengine.ui.queries.fact_spec`: an ordered fact, or one whose values do not
read back as constants, is refused there, as ``modify`` refuses it). The page edits
the values and sends them back as ``(slot value ...)`` text, which ``modify`` reads
again: nothing the page sends is ever more than constant values."""
from __future__ import annotations

from pyengine.engine.clips_values import atom_text
from pyengine.ui.modify_facts import fact_spec


def slots_json(ws, fact_id: int) -> dict:
    """``{"id", "relation", "slots": [{"name", "value"}]}``: one entry per slot, its
    values as CLIPS text separated by spaces."""
    spec = fact_spec(ws.ins.session, fact_id)
    return {"id": fact_id, "relation": spec.relation,
            "slots": [{"name": name, "value": " ".join(atom_text(v) for v in values)}
                      for name, values in spec.slots]}
