"""The argumentation-framework view of a deliberation and its cross-check with the buckets (spec §7).

Arguments are the points, the attack challenges and their defenses (`<challenge>:d<k>`, a name no move
can use, since ids have no colon). A challenge attacks its point; an accepted defense attacks its
challenge; a challenge attacks each of its rejected defenses. Reconcile challenges (about a party's
consistency, not the point's validity) and withdrawn challenges are left out.
"""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.core.rules import finding
from argcheck.protocols.deliberate.state import AGREED, DISMISSED, UNRESOLVED

ATTACK_BASED = frozenset({"concession", "undefended", "rejected_with_evidence"})


def defense_id(challenge_id: str, number: int) -> str:
    return f"{challenge_id}:d{number}"


def framework(state) -> tuple[list[str], list[tuple[str, str]]]:
    arguments = list(state.points)
    attacks = []
    for challenge in state.challenges.values():
        if challenge.kind == "reconcile" or challenge.status == "withdrawn":
            continue
        arguments.append(challenge.id)
        attacks.append((challenge.id, challenge.point))
        for number, defense in enumerate(challenge.defenses, 1):
            name = defense_id(challenge.id, number)
            arguments.append(name)
            if defense.judged == "accepted":
                attacks.append((name, challenge.id))
            elif defense.judged == "rejected":
                attacks.append((challenge.id, name))
    return arguments, attacks


def grounded_view(state) -> tuple[list[str], list[tuple[str, str]], dict[str, str]]:
    """(arguments, attacks, grounded labels) for the renderers and for DLB190."""
    from argcheck.protocols.deliberate.argumentation import grounded_labelling

    arguments, attacks = framework(state)
    return arguments, attacks, grounded_labelling(arguments, attacks)


def expected_disagreement(point, label: str) -> bool:
    """Agreed must be IN; an attack-based dismissal must be OUT; Unresolved must not be IN."""
    if point.bucket == AGREED:
        return label != "in"
    if point.bucket == DISMISSED:
        return point.bucket_reason in ATTACK_BASED and label != "out"
    if point.bucket == UNRESOLVED:
        return label == "in"
    return False


def contradictions(state) -> list[Finding]:
    """DLB190 for each bucketed point that the grounded labelling disagrees with."""
    if not state.points:
        return []
    _, _, labels = grounded_view(state)
    found = []
    for point in state.points.values():
        label = labels[point.id]
        if point.bucket is not None and expected_disagreement(point, label):
            found.append(finding("DLB190", path=f"/moves/{point.seq - 1}", move=point.seq, point=point.id,
                                 bucket=point.bucket, reason=point.bucket_reason, label=label.upper()))
    return found
