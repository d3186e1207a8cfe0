"""Claim statuses the knowledge graph decides: the seed's `superseded` status.

Invariants:
    - A claim becomes `superseded` when an edge of the graph says so: `X supersedes Y` supersedes Y, and
      `X merged_from Y` (X is the merged claim, claim_type `merged`) supersedes Y, which X now stands for.
    - Only edges that entered the graph count, so a refused move changes no status.
"""

from __future__ import annotations

from argcheck.protocols.triz.forge_state import ForgeState

SUPERSEDING_EDGES = ("supersedes", "merged_from")


def mark_superseded(state: ForgeState, edges: list) -> None:
    for edge in edges:
        if edge["edge_type"] in SUPERSEDING_EDGES and edge["target"] in state.claims:
            state.claims[edge["target"]].status = "superseded"
