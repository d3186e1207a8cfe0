"""Knowledge Graph Enforcement: only accepted, qualified or merged claims enter; edges stay inside; no cycle.

Invariants:
    - No rejected (or unjudged) claim is a node; every edge joins nodes of the graph.
    - The graph stays a DAG (incremental check, see graph.py); merged claims carry merged_from edges.
    - A refused addition leaves the graph exactly as it was.
"""

from __future__ import annotations

from argcheck.protocols.triz import catalog  # noqa: F401  (registers the TRZ rules)
from argcheck.protocols.triz.forge_state import Claim, ForgeState
from argcheck.core.rules import finding

GRAPH_VERDICTS = ("accept", "qualify", "merge")


def check_graph_addition(claim: Claim, path: str):
    """INVALID_VERDICT: a rejected or unjudged claim never enters the graph."""
    if claim.claim_type == "user_contributed" or claim.verdict in GRAPH_VERDICTS:
        return None
    return finding("TRZ126", path=path, claim=claim.id, verdict=claim.verdict or "none yet")


def check_not_in_graph(state: ForgeState, claim_id: str, path: str):
    if claim_id in state.graph:
        return finding("TRZ127", path=path, claim=claim_id)
    return None


def add_with_edges(state: ForgeState, claim: Claim, edges: list, path: str) -> list:
    """Add `claim` and its edges, or nothing: the findings say why."""
    graph = state.graph
    found = [f for f in (check_edge_endpoints(state, claim.id, edge, f"{path}/{n}") for n, edge in enumerate(edges))
             if f]
    found += check_merge_traced(claim, edges, path)
    if found:
        return found
    graph.add_node(claim.id, last=_only_pointed_at(claim.id, edges))
    for number, edge in enumerate(edges):
        cycle = check_acyclic(state, edge, f"{path}/{number}")
        if cycle:
            graph.remove_edges(number)
            graph.remove_node(claim.id)
            return [cycle]
    return []


def check_edge_endpoints(state: ForgeState, new_node: str, edge: dict, path: str):
    """EDGE_ENDPOINT_NOT_IN_GRAPH: both ends are graph nodes (or the claim being added)."""
    for end in ("source", "target"):
        node = edge[end]
        if node != new_node and node not in state.graph:
            return finding("TRZ128", path=f"{path}/{end}", found=_edge_text(edge), claim=node)
    return None


def check_acyclic(state: ForgeState, edge: dict, path: str):
    """GRAPH_CYCLE: adds the edge unless it would close a cycle."""
    cycle = state.graph.add_edge(edge["source"], edge["target"], edge["edge_type"])
    if cycle is None:
        return None
    shown = " -> ".join(cycle + [cycle[0]])
    return finding("TRZ129", path=path, found=_edge_text(edge), cycle=shown)


def check_merge_traced(claim: Claim, edges: list, path: str) -> list:
    """MERGE_NOT_TRACED: a merged claim has a merged_from edge to each claim it merges."""
    if claim.verdict != "merge":
        return []
    traced = {e["target"] for e in edges if e["source"] == claim.id and e["edge_type"] == "merged_from"}
    missing = [other for other in claim.merge_with if other not in traced]
    if missing:
        return [finding("TRZ130", path=path, claim=claim.id, missing=", ".join(missing))]
    return []


def _only_pointed_at(node: str, edges: list) -> bool:
    """True when the new node has incoming edges and no outgoing one (it then goes to the back of the order)."""
    touching = [e for e in edges if node in (e["source"], e["target"])]
    return bool(touching) and all(e["target"] == node and e["source"] != node for e in touching)


def _edge_text(edge: dict) -> str:
    return f"{edge['source']} -{edge['edge_type']}-> {edge['target']}"
