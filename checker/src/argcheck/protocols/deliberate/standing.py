"""Where each point and challenge stands, and who owes what next: shared by next, prompt, ingest and render (pure)."""

from __future__ import annotations

import functools
import re

from argcheck.protocols.deliberate import queries, rounds
from argcheck.protocols.deliberate.state import phase_of
from argcheck.core.text import flat

BUCKET_REASONS = {
    "agreed_initially": "agreed on first evaluation",
    "defense_accepted": "every challenge answered and the defense accepted",
    "phase_violation": "raised outside its phase: not evaluated",
    "extends_excluded": "extends a point outside the admitted scope: not evaluated",
    "out_of_scope": "out of scope of the question",
    "concession": "conceded by its author",
    "undefended": "a challenge was not answered by id: undefended",
    "rejected_with_evidence": "rejected, and the rejection cited verified evidence",
    "missing_data": "blocked on missing data",
    "definitional": "blocked on a definitional mismatch",
    "criteria_divergence": "blocked on diverging criteria (a tradeoff for the user)",
}


@functools.lru_cache(maxsize=4096)  # a prompt sorts the same few hundred ids many times
def natural_key(identifier: str) -> tuple:
    """Sort P2 before P10 and C2 before C2:d1 before C3: text and number chunks compare in turn."""
    return tuple(int(chunk) if n % 2 else chunk for n, chunk in enumerate(_NUMBERS.split(identifier)))


_NUMBERS = re.compile(r"(\d+)")


def ids_of(items) -> list[str]:
    """Ids from whatever a query returns: objects with `.id`, or ids already."""
    return sorted((getattr(item, "id", item) for item in items), key=natural_key)


def consultee_name(state) -> str:
    return state.header.get("consultee") or "consultee"


def setup_fix(name: str, failure_class: str | None) -> str | None:
    """How to fix a setup error (the consultee's CLI not installed or not logged in), or None."""
    retry = ("then run the consultation again "
             f"(`argcheck prompt STATE | argcheck-consult {name} ... | argcheck ingest STATE`)")
    if failure_class == "not_installed":
        return (f"setup error: the {name} CLI is not installed or not on PATH; install it and check that "
                f"`argcheck-consult {name}` finds it, {retry}")
    if failure_class == "auth":
        return (f"setup error: the {name} CLI is not authenticated; log in with it (e.g. `{name} login`) or set its "
                f"API key, {retry}")
    return None


def reply_phase(state) -> str:
    """The phase the consultee's next reply falls in (its content lands in round n+1)."""
    return phase_of(state.iteration + 1, state.extended)


def pending_drops(state) -> list[tuple]:
    """(challenge, status) pairs the next structured reply applies when it closes the current round."""
    return sorted(rounds.drops_due(state, state.iteration), key=lambda pair: natural_key(pair[0].id))


def consultee_reminders(state) -> list:
    """Challenges the consultee left unanswered once: the next prompt reminds, the next reply must answer."""
    return [c for c, status in pending_drops(state) if c.respondent == "consultee" and status == "dropped"]


def doomed_challenges(state) -> list:
    """Challenges against the consultee that become undefended when the next reply arrives, whatever it says."""
    return [c for c, status in pending_drops(state) if c.respondent == "consultee" and status == "undefended"]


def orchestrator_duties(state) -> dict[str, list[str]]:
    """What the orchestrator owes before the next prompt: ids per kind of move."""
    duties = {
        "classify": [p.id for p in _sorted_points(state) if _awaits_verdict(p, "orchestrator")],
        "judge": [c.id for c in _sorted_challenges(state) if c.challenger == "orchestrator" and c.status == "defended"],
        "defend": [c.id for c in _sorted_challenges(state)
                   if c.respondent == "orchestrator" and c.status in ("open", "dropped")],
        "settle": ids_of(queries.deadlocked_points(state)),
        "challenge": [p.id for p in _sorted_points(state) if queries.owes_challenge(state, p, "orchestrator")],
        "reconcile": [p.id for p in _sorted_points(state) if queries.needs_reconcile_challenge(state, p)],
    }
    return {kind: ids for kind, ids in duties.items() if ids}


def _awaits_verdict(point, party: str) -> bool:
    return (point.author != party and party not in point.classifications and point.bucket is None
            and not point.not_evaluated and not point.awaiting_clarification)


def consultee_duties(state) -> dict[str, list[str]]:
    """What the consultee is asked for in the next prompt: ids per kind of answer."""
    doomed = {c.id for c in doomed_challenges(state)}
    duties = {
        "classify": [p.id for p in _sorted_points(state) if _awaits_verdict(p, "consultee")],
        "answer": [c.id for c in _sorted_challenges(state)
                   if c.respondent == "consultee" and c.status in ("open", "dropped") and c.id not in doomed],
        "judge": [c.id for c in _sorted_challenges(state) if c.challenger == "consultee" and c.status == "defended"],
        "clarify": [p.id for p in _sorted_points(state) if p.author == "consultee" and p.awaiting_clarification],
    }
    return {kind: ids for kind, ids in duties.items() if ids}


def _sorted_points(state):
    return [state.points[i] for i in sorted(state.points, key=natural_key)]


def _sorted_challenges(state):
    return [state.challenges[i] for i in sorted(state.challenges, key=natural_key)]


def point_status(state, point) -> str:
    """One phrase for a point's standing, shared by the prompt and the decision log."""
    if point.bucket is not None:
        return f"{point.bucket}: {BUCKET_REASONS.get(point.bucket_reason, point.bucket_reason)}"
    if point.not_evaluated:
        return f"not evaluated ({BUCKET_REASONS[point.not_evaluated]})"
    if point.awaiting_clarification:
        return "ill-formed: awaiting the author's clarification"
    live = sorted((c for c in map(state.challenges.get, point.challenge_ids) if c.is_open),
                  key=lambda c: natural_key(c.id))
    if live:
        return "challenged: " + ", ".join(f"{c.id} {c.kind} {c.status}" for c in live)
    if point.needs_reconcile:
        return "contradiction to reconcile"
    evaluator = "consultee" if point.author == "orchestrator" else "orchestrator"
    if evaluator not in point.classifications:
        return f"awaiting the {evaluator}'s classification"
    return "accepted, awaiting verified evidence" if point.awaiting_evidence else "pending"


def next_free_id(taken, prefix: str) -> str:
    """The next `<prefix><n>` after the highest number already used with that prefix."""
    numbers = [int(m.group(1)) for m in (re.match(rf"^{prefix}(\d+)$", i) for i in taken) if m]
    return f"{prefix}{max(numbers, default=0) + 1}"


def ledger_line(entry, anonymous: bool = False) -> str:
    """`- L3 [verified · execution] text (supports P4)`; unverified tags hide their author when anonymous."""
    tag = "unverified" if anonymous and entry.provenance.endswith("-unverified") else entry.provenance
    kind = entry.claim_type if entry.provenance == "user" else entry.evidence_type
    where = f" · {entry.artifact}" if entry.artifact else ""
    run = f" · ran `{entry.execution['command']}` (exit {entry.execution['exit_code']})" if entry.execution else ""
    notes = [f"supports {', '.join(entry.supports)}"] if entry.supports else []
    if entry.superseded_by:
        notes.append(f"superseded by {entry.superseded_by}")
    tail = f" ({'; '.join(notes)})" if notes else ""
    return f"- {entry.id} [{tag} · {kind}{where}{run}] {flat(entry.text)}{tail}"


def evidence_ids(state, point) -> list[str]:
    """Ledger entries that support the point or were cited in the defenses and judgments of its challenges."""
    ids = {e.id for e in state.ledger.values() if point.id in e.supports}
    for challenge in state.challenges.values():
        if challenge.point == point.id:
            ids.update(i for d in challenge.defenses for i in d.evidence)
            ids.update(i for j in challenge.judgments for i in j.get("evidence", []))
    return sorted((i for i in ids if i in state.ledger), key=natural_key)
