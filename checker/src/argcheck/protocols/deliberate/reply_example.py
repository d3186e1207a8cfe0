"""The response-format section of a consultee prompt: an example reply with the ids due or free now (pure)."""

from __future__ import annotations

import json

from argcheck.protocols.deliberate.standing import consultee_duties, consultee_name, next_free_id, reply_phase
from argcheck.protocols.deliberate.state import CRYSTALLIZATION, DEVELOPMENT


def format_section(state, resumed: bool = False) -> str:
    """The reply format: an example in the exact shape ingest maps onto moves, and the field rules."""
    example = _example_reply(state)
    body = ",\n".join(f'  "{key}": [\n' + ",\n".join("    " + json.dumps(item, ensure_ascii=False) for item in items)
                      + "\n  ]" for key, items in example.items())
    where = "the prompts of this session" if resumed else "this prompt"
    return ("## Response format\n\nReply with ONE JSON object inside a ```json fence. Every key is optional: leave out "
            "what you have nothing for, and use no other keys. A word list such as \"accepted|rejected\" means: "
            f"choose one. Every id you cite must appear in {where} or be declared in your reply. A reply that is "
            "not in this format is recorded as a format failure.\n\n"
            f"```json\n{{\n{body}\n}}\n```\n\n" + FIELD_RULES.format(consultee=consultee_name(state)))


FIELD_RULES = """Field rules (keys that do not apply now are left out of the example):
- points: one claim each; `kind` "empirical" (evidence can settle it) or "value" (a judgement);
  `extends` names the point it builds on (omit it for a new point); optional `theme`: a few words
  naming its theme. Empirical points are agreed only with verified evidence.
- classifications: one verdict per point of the orchestrator's; give a new `challenge` id and an
  `objection` with SKEPTICAL or REJECT only.
- challenges: a further attack on an orchestrator point (`kind` "skeptical" or "reject"), or
  "reconcile" when the orchestrator contradicted itself.
- defenses / concessions: answer a challenge against your point by its id; cite ledger ids as evidence.
- judgments: "accepted" or "rejected" for the orchestrator's latest defense of your challenge.
- revisions: `to` is your new verdict on a point you classified before, with the reason.
- claims: facts you assert, recorded as `{consultee}-unverified` hypotheses until the orchestrator
  verifies them; give `artifact` as path:line and a verbatim `quote` when you can."""

VERDICT_CHOICE = "AGREE|SKEPTICAL|REJECT|ILL_FORMED|OUT_OF_SCOPE"


def _classification_example(point_id: str, challenge_id: str, crystallizing: bool) -> dict:
    if crystallizing:
        return {"point": point_id, "verdict": "AGREE|ILL_FORMED|OUT_OF_SCOPE", "reason": "..."}
    return {"point": point_id, "verdict": VERDICT_CHOICE, "reason": "...", "challenge": challenge_id,
            "objection": "... (challenge and objection only with SKEPTICAL or REJECT)"}


def _example_reply(state) -> dict:
    """An example in the exact shape ingest maps onto moves, with the ids that are due or free now."""
    taken = [*state.points, *state.challenges, *state.ledger]
    point_id, claim_id = next_free_id(taken, "P"), next_free_id(taken, "L")
    challenge_id = next_free_id(taken, "C")
    duties = consultee_duties(state)
    crystallizing = reply_phase(state) == CRYSTALLIZATION
    example = {}
    if not crystallizing:
        base = {"extends": "P1"} if reply_phase(state) == DEVELOPMENT and state.points else {}
        example["points"] = [{"id": point_id, "text": "...", "kind": "empirical|value", **base}]
    for pid in duties.get("classify", []):
        example.setdefault("classifications", []).append(_classification_example(pid, challenge_id, crystallizing))
        challenge_id = next_free_id([*taken, challenge_id], "C")
    for cid in duties.get("answer", []):
        example.setdefault("defenses", []).append({"challenge": cid, "argument": "...", "evidence": [claim_id]})
    if "defenses" in example:
        example["concessions"] = [{"challenge": example["defenses"][0]["challenge"], "reason": "..."}]
    for cid in duties.get("judge", []):
        example.setdefault("judgments", []).append(
            {"challenge": cid, "outcome": "accepted|rejected", "reason": "...", "evidence": []})
    for pid in duties.get("clarify", []):
        example.setdefault("clarifications", []).append({"point": pid, "text": "..."})
    example["claims"] = [{"id": claim_id, "text": "...", "claim_type": "empirical|value|constraint",
                          "supports": [point_id] if "points" in example else [],
                          "artifact": "path/to/file.py:12", "quote": "..."}]
    return example
