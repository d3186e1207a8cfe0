"""Looking up what a move names: points, challenges and ledger entries share one id space."""

from __future__ import annotations

from argcheck.core.findings import Finding, has_errors
from argcheck.protocols.deliberate import refusals


def other_party(party: str) -> str:
    return "consultee" if party == "orchestrator" else "orchestrator"


def evaluator_of(point) -> str:
    """Only the party that did not author a point evaluates it."""
    return other_party(point.author)


def id_owner(state, identifier: str):
    """What already holds `identifier` — ("point" | "challenge" | "ledger entry", seq) — or None."""
    for kind, table in (("point", state.points), ("challenge", state.challenges), ("ledger entry", state.ledger)):
        item = table.get(identifier)
        if item is not None:
            return kind, item.seq
    return None


def duplicate_id(eng, identifier: str, field: str = "id") -> list[Finding]:
    state = eng.state
    if identifier not in state.points and identifier not in state.challenges and identifier not in state.ledger:
        return []
    owner = id_owner(state, identifier)
    if owner is None:
        return []
    return [eng.report("DLB110", field, id=identifier, kind=owner[0], seq=owner[1])]


def unknown(eng, table: dict, identifier: str, field: str, kind: str) -> list[Finding]:
    """DLB111 when `identifier` is not in `table`."""
    if identifier in table:
        return []
    return [refusals.unknown_reference(eng, field, field, kind, identifier)]


def unknown_all(eng, table: dict, identifiers, field: str, kind: str) -> list[Finding]:
    if all(identifier in table for identifier in identifiers):
        return []
    return [refusals.unknown_reference(eng, f"{field}/{i}", field, kind, identifier)
            for i, identifier in enumerate(identifiers) if identifier not in table]


def refused(found: list[Finding]) -> bool:
    """Does any finding refuse the move? (the common no-finding case costs nothing)"""
    return bool(found) and has_errors(found)


def is_unverified(provenance: str) -> bool:
    return provenance.endswith("-unverified")


def is_strong_evidence(entry) -> bool:
    """A non-superseded verified entry with execution or textual evidence (the evidence gate)."""
    return (entry.provenance == "verified" and entry.superseded_by is None
            and entry.evidence_type in ("execution", "textual"))
