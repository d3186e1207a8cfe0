"""A deliberation as data for the standard formats the shells write (MADR, Argdown, AIF), pure.

The decision: the question and framing are the context, the points are the considered options (each with
its supporting ledger entries and the objections raised on it), the outcome is the synthesized answer
because of the agreed ledger, with the run's confidence; conceded challenges and the trade-offs of settled
points are the consequences. The map: points, challenges, defenses and ledger entries as statements; a
challenge attacks its point, a defense and its challenge attack each other as in the grounded view (`af`),
a ledger entry supports the points it names and restates the entry it supersedes.
"""

from __future__ import annotations

from argcheck.protocols.deliberate import queries, render_graph
from argcheck.protocols.deliberate.standing import evidence_ids, natural_key
from argcheck.protocols.deliberate.state import AGREED

STATUS = {"presented": "accepted", "aborted": "rejected"}


def decision(state) -> dict:
    synthesis = state.synthesis or {}
    header = state.header
    points = [state.points[i] for i in sorted(state.points, key=natural_key)]
    agreed = [p for p in points if p.bucket == AGREED]
    return {
        "title": synthesis.get("answer") or state.question,
        "status": STATUS.get(state.status, "proposed"),
        "context": [state.question, f"A {state.mode} deliberation ({header.get('flow')}) with "
                    f"{header.get('consultee')}, {state.iteration} of {state.cap} rounds; status {state.status}."],
        "drivers": [f"{p.id}: {p.settled['question']}" for p in points if p.settled and p.settled.get("question")],
        "options": [_option(state, point) for point in points],
        "chosen": synthesis.get("answer"),
        "because": _because(state, agreed, synthesis),
        "confidence": queries.confidence(state),
        "consequences": _consequences(state, agreed),
        "confirmation": _confirmation(state),
        "more": [f"{entry.id} ({entry.provenance}): {entry.text}" for entry in _ledger(state)],
    }


def _option(state, point) -> dict:
    bucket = point.bucket or "pending"
    return {"title": f"{point.id}: {point.text}", "text": f"{bucket} ({point.author}, {point.kind})",
            "good": [f"{i}: {state.ledger[i].text}" for i in evidence_ids(state, point)],
            "bad": [f"{c}: {state.challenges[c].objection} ({state.challenges[c].status})"
                    for c in point.challenge_ids if c in state.challenges]}


def _because(state, agreed, synthesis) -> str:
    if not agreed:
        return f"no point was agreed (the deliberation is {state.status})"
    ids = ", ".join(p.id for p in agreed)
    ending = f"; it ended by {synthesis['termination']}" if synthesis.get("termination") else ""
    return f"the parties agreed {ids}{ending}"


def _consequences(state, agreed) -> list[dict]:
    found = [{"good": True, "text": f"{p.id}: {p.text}"} for p in agreed]
    for challenge in (state.challenges[i] for i in sorted(state.challenges, key=natural_key)):
        if challenge.status == "conceded":
            text = f"conceded {challenge.id} on {challenge.point}: {challenge.objection}"
            found.append({"good": False, "text": text})
    for point in (state.points[i] for i in sorted(state.points, key=natural_key)):
        if point.settled and point.settled.get("tradeoff"):
            found.append({"good": False, "text": f"{point.id}: {point.settled['tradeoff']}"})
    return found


def _confirmation(state) -> str:
    tests = [f"{t.get('outcome')}: {t.get('summary', '')}" for t in state.stress_tests]
    return "; ".join(["stress test " + text for text in tests]) if tests else ""


def _ledger(state) -> list:
    return [state.ledger[i] for i in sorted(state.ledger, key=natural_key)]


def argument_map(state) -> dict:
    arguments, attacks, _ = queries.grounded_view(state)
    statements = [{"id": argument, "text": _text(state, argument)} for argument in sorted(arguments, key=natural_key)]
    relations = [{"source": s, "target": t, "kind": "attack"} for s, t in sorted(set(attacks))]
    for entry in _ledger(state):
        statements.append({"id": entry.id, "text": entry.text})
        relations += [{"source": entry.id, "target": p, "kind": "support"} for p in entry.supports if p in state.points]
        if entry.supersedes in state.ledger:
            relations.append({"source": entry.id, "target": entry.supersedes, "kind": "rephrase"})
    return {"title": state.question, "statements": statements, "relations": relations}


def _text(state, argument: str) -> str:
    if argument in state.points:
        return state.points[argument].text
    if argument in state.challenges:
        challenge = state.challenges[argument]
        return f"{challenge.kind} challenge: {challenge.objection}"
    challenge, number = render_graph.defense_of(state, argument)
    if challenge is not None and 0 < number <= len(challenge.defenses):
        return f"defense: {challenge.defenses[number - 1].argument}"
    return argument
