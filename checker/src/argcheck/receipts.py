"""What an engine issued for the moves just applied (e.g. the id a new claim got), for `apply` to print.

An engine may keep `receipts`, a dict from a move's seq to one short line; engines without it issue nothing.
"""

from __future__ import annotations


def issued(outcome) -> list[str]:
    """The receipts of the moves `outcome` applied, in order (none when nothing was applied)."""
    if not outcome.applied or outcome.replay is None or outcome.doc is None:
        return []
    receipts = getattr(outcome.replay.engine, "receipts", None) or {}
    last = outcome.doc["move_count"]
    return [receipts[seq] for seq in range(last - outcome.applied + 1, last + 1) if seq in receipts]
