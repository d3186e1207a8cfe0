"""`argcheck prompt`: the agent prompt for the session's current phase, rendered from personas/agent.md."""

from __future__ import annotations

import json
from importlib import resources

from argcheck.protocols.triz.agent_next import next_agent_move
from argcheck.protocols.triz.guidance import STYLE, example_text
from argcheck.protocols.triz.nextstep import allowed_moves
from argcheck.protocols.triz.status import session_status
from argcheck.core.text import clip


def template(name: str = "agent.md") -> str:
    return resources.files(__package__).joinpath("personas", name).read_text(encoding="utf-8")


def render_prompt(state) -> str:
    """The prompt for the agent's next moves; empty when the user (or nobody) acts next."""
    status = session_status(state)
    if status["awaiting"]["actor"] != "agent":
        return ""
    move = next_agent_move(state)
    slots = {
        "PROBLEM": state.problem, "PHASE": status["phase"], "PHASE_NUMBER": str(status["phase_number"]),
        "ROUND": str(status["round"]), "CONTEXT": context(state),
        "ALLOWED": ", ".join(kind for kind in allowed_moves(state) if kind not in USER_MOVES),
        "DUE": "; ".join(status["awaiting"]["missing"]),
        "FORMAT": json.dumps(move, ensure_ascii=False) if move else "{}",
        "EXAMPLE": example_text(state.current_phase), "STYLE": STYLE,
    }
    text = template()
    for name, value in slots.items():
        text = text.replace("{" + name + "}", value)
    return text


USER_MOVES = ("decompose_review", "explore_review", "claims_review", "verdicts", "build_decision",
              "submit_user_insight", "cancel")


def context(state) -> str:
    lines = []
    if state.fundamentals:
        lines.append("Fundamentals: " + "; ".join(clip(f, 120) for f in state.fundamentals))
    selected = [state.reframings[i]["text"] for i in state.selected_reframings if i < len(state.reframings)]
    if selected:
        lines.append("Selected reframings: " + "; ".join(clip(r, 160) for r in selected))
    starred = [state.cross_domain_analogies[i] for i in state.starred_analogies
               if i < len(state.cross_domain_analogies)]
    if starred:
        lines.append("Starred analogies: " + "; ".join(f"{a['source_domain']} → {clip(a['target_application'], 100)}"
                                                       for a in starred))
    for claim in state.claims.values():
        lines.append(f"[{claim.id}] ({claim.status}) {clip(claim.claim_text, 160)}")
    if state.negative_knowledge:
        lines.append("Negative knowledge: " + ", ".join(state.negative_knowledge))
    for index, thesis in enumerate(state.theses):
        lines.append(f"Slot {index} thesis: {clip(thesis['text'], 160)}")
    return "\n".join(lines) or "Nothing recorded yet."
