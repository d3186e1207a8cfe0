"""The arbiter's independence (seed: Arbitration): the arbitration comes from a fresh session.

The seed's arbiter reviews the question, the ledger and the buckets "with no attribution": a session that
took part in the deliberation has seen the exchange and is no secondary verification.

Invariants:
    - DLB193: an arbitration whose session id is one a consult of this run recorded is refused.
    - DLB194: an arbitration without a session id is accepted with a warning: its freshness cannot be shown
      (a hand-recorded arbitration, or a state file from before the check).
"""

from __future__ import annotations

from argcheck.findings import Finding
from argcheck.protocols.deliberate import catalog  # noqa: F401  (registers the DLB rules)


def fresh_session_problems(eng, session_id: str | None) -> list[Finding]:
    if session_id is None:
        return [eng.report("DLB194", "session_id")]
    used = [c for c in eng.state.consultations if c.session_id == session_id]
    if used:
        return [eng.report("DLB193", "session_id", session=session_id, seq=used[0].seq)]
    return []
