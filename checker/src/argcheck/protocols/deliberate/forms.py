"""The user's entries in a deliberation as a page form (pure): a constraint for the ledger, a request for
arbitration, or a new question the user consents to.

`pending_form(state)` offers what `allowed_moves` allows the user now (None once the run is closed);
`answer_move(state, values)` turns the posted choice into the user's own move, which `apply`'s rules judge.
"""

from __future__ import annotations

from argcheck.core.formvalues import FormProblem, choices, group, one, text, words
from argcheck.protocols.deliberate import queries
from argcheck.protocols.deliberate.standing import next_free_id

ENTRIES = {"ledger": "add a constraint of mine to the ledger",
           "request_arbitration": "ask for arbitration by a fresh, unattributed session",
           "reframe": "change the question (I consent to the new one)"}


def answered_moves() -> tuple:
    """The user moves this form records (while a page serves, the agent's own are refused: ARG040)."""
    return tuple(ENTRIES)


def _offered(state) -> list[str]:
    allowed = set(queries.allowed_moves(state))
    return [kind for kind in ENTRIES if kind in allowed]


def pending_form(state) -> dict | None:
    offered = _offered(state)
    if not offered:
        return None
    unresolved = [f"{point.id}: {point.text}" for point in state.points.values()
                  if point.bucket == "UNRESOLVED"]
    settled = [f"{point.id}: {point.settled['question']}" for point in state.points.values()
               if point.settled and point.settled.get("question")]
    fields = [choices("entry", "What you want to record", [(k, ENTRIES[k]) for k in offered])]
    if "ledger" in offered:
        fields.append(group("A constraint", [text("constraint", "The constraint, in your words")]))
    if "request_arbitration" in offered:
        fields.append(group("Arbitration", [text("reason", "Why (optional)")]))
    if "reframe" in offered:
        fields.append(group("A new question", [text("question", "The question as you want it asked")]))
    return {"move": "user_entry", "title": "Your entry",
            "question": "The deliberation runs without you; record a constraint, ask for arbitration, or change "
                        "the question.",
            "context": [{"heading": "Question", "items": [state.question]},
                        {"heading": "Questions for you (unresolved points)", "items": settled or unresolved}],
            "fields": fields}


def answer_move(state, values: dict) -> dict:
    offered = _offered(state)
    entry = one(values, "entry", offered)
    if entry is None:
        raise FormProblem("entry: choose what to record")
    if entry == "ledger":
        words_given = _required(values, "constraint")
        taken = set(state.points) | set(state.challenges) | set(state.ledger)
        return {"type": "ledger", "actor": "user", "id": next_free_id(taken, "L"), "text": words_given,
                "provenance": "user", "claim_type": "constraint"}
    if entry == "request_arbitration":
        reason = words(values, "reason")
        return {"type": "request_arbitration", "actor": "user", **({"reason": reason} if reason else {})}
    return {"type": "reframe", "actor": "user", "question": _required(values, "question"), "consent": True}


def _required(values: dict, name: str) -> str:
    given = words(values, name)
    if given is None:
        raise FormProblem(f"{name}: write it")
    return given
