"""The answer of ``network``: a rule's Rete network as the engine holds it now (see
:mod:`pyengine.engine.network`), the same on both engines. The shell prints it, a
notebook gets it (``.network`` is the data, ``.to_json()`` its JSON), the web page
reads it as ``GET /api/sessions/ID/network[?rule=NAME]``.
"""
from __future__ import annotations

from pyengine.engine.network import Network, network_lines, summary_lines
from pyengine.ui.queries import Text


class NetworkView(Text):
    """``network RULE``: each node with what it holds; ``network``: every rule in one
    line each."""

    def __init__(self, network: Network, rule: str | None):
        self.network = network
        self.rule = rule
        super().__init__(network_lines(network.rules[0]) if rule is not None and network.rules
                         else summary_lines(network))

    def to_json(self, most: int | None = None) -> dict:
        return self.network.to_json(most)


def network(front, rule: str | None) -> NetworkView:
    """RULE's Rete network, node by node, as CLIPS's matches lists it: each pattern's
    alpha memory (p1, p2...: its facts), each join's partial matches (j1...: not,
    exists and forall marked), the terminal's activations (t), each with the nodes
    feeding it; alone, every rule in one line (how much each node holds)."""
    return NetworkView(front.session.network(rule), rule)
