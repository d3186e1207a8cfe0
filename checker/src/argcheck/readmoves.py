"""Reads that a protocol once took as moves: `apply` refuses a new one (ARG028); replay still accepts the old.

A protocol lists them in its spec (`read_moves`); its engine keeps a handler that changes nothing, so state files
written before the move became a read stay valid.
"""

from __future__ import annotations

from argcheck.registry import finding


def check_not_a_read(protocol, move, path: str, state_path: str) -> list:
    kind = move.get("type") if isinstance(move, dict) else None
    if isinstance(kind, str) and kind in protocol.read_moves:
        return [finding("ARG028", path=f"{path}/type", found=kind, state=state_path)]
    return []
