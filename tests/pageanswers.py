"""The triz demo's user reviews, and the form values a user gives in the page for the same answer (shared by
the unit tests of the forms and the browser tests that answer through the page)."""

from __future__ import annotations

import json
from importlib import resources

from argcheck.core.env import default_env
from argcheck.files import operations


def demo_script() -> dict:
    data = resources.files("argcheck.protocols.triz").joinpath("data", "demo", "session.json")
    return json.loads(data.read_text(encoding="utf-8"))


def play_until_user(path, turns) -> list:
    """Apply the agent's turns (skipping those recorded as refused) until the next user turn; return the rest,
    starting with that user turn (empty when none is left)."""
    turns = list(turns)
    while turns and (turns[0]["speaker"] != "user" or turns[0].get("expect_refused")):
        turn = turns.pop(0)
        if not turn.get("expect_refused"):
            outcome = operations.apply_to_file(str(path), turn["moves"])
            assert outcome.applied, [f.code for f in outcome.findings]
    return turns


def start_demo(path) -> list:
    """A fresh triz demo run at `path`; returns its turns."""
    script = demo_script()
    operations.init_file(str(path), "triz", script["init"], default_env(), force=True)
    return script["turns"]


def form_values(move: dict, state) -> dict[str, list[str]]:
    """The page's field values that answer with `move` (what a user sets in the form)."""
    kind = move["type"]
    if kind == "decompose_review":
        values = {f"assumption-{i}": ["confirm" if i in move.get("confirmed_assumptions", [])
                                      else "reject" if i in move.get("rejected_assumptions", []) else "none"]
                  for i in range(len(state.assumptions))}
        values["reframing"] = [str(i) for i in move.get("selected_reframings", [])]
        values["added_assumptions"] = ["\n".join(move.get("added_assumptions", []))]
        values["added_reframings"] = ["\n".join(move.get("added_reframings", []))]
        return values
    if kind == "explore_review":
        return {"analogy": [str(i) for i in move.get("starred_analogies", [])],
                "suggested_domains": ["\n".join(move.get("suggested_domains", []))]}
    if kind == "claims_review":
        return {f"feedback-{n['claim_id']}": [n["feedback"]] for n in move.get("claim_feedback", [])}
    if kind == "verdicts":
        values = {}
        for verdict in move["verdicts"]:
            cid = verdict["claim_id"]
            values[f"verdict-{cid}"] = [verdict["verdict"]]
            if verdict.get("rejection_reason"):
                values[f"reason-{cid}"] = [verdict["rejection_reason"]]
            if verdict.get("qualification"):
                values[f"qualification-{cid}"] = [verdict["qualification"]]
            if verdict.get("merge_with"):
                values[f"merge-{cid}"] = list(verdict["merge_with"])
        return values
    if kind == "build_decision":
        values = {"decision": [move["decision"]]}
        if move.get("deep_dive_claim_id"):
            values["deep_dive_claim"] = [move["deep_dive_claim_id"]]
        if move.get("user_insight"):
            values["user_insight"] = [move["user_insight"]]
            values["user_evidence_urls"] = ["\n".join(move.get("user_evidence_urls", []))]
        return values
    raise ValueError(kind)


def normalized(move: dict) -> dict:
    """A triz move with its model's defaults filled in and the stamps dropped (chat and page moves compare)."""
    from argcheck.protocols.triz import models

    kept = {k: v for k, v in move.items() if k not in ("seq", "prev", "at", "via", "witness_seq")}
    model = next(m for m in models.MOVE_MODELS if m.model_fields["type"].annotation.__args__[0] == move["type"])
    return model.model_validate(kept).model_dump(mode="json", exclude_none=True)
