"""`argcheck next`: where a triz session stands, who acts, and exactly what to do or ask now (pure)."""

from __future__ import annotations


from argcheck.core.commandtext import inline, next_step_lines, quote

from argcheck.protocols.triz.agent_next import next_agent_move
from argcheck.protocols.triz.engine import MOVE_PHASES
from argcheck.protocols.triz.guidance import example_line
from argcheck.protocols.triz.move_skeletons import SKELETONS
from argcheck.protocols.triz.review_items import item_lines, review_items
from argcheck.protocols.triz.spec import SPEC
from argcheck.protocols.triz.status import session_status

READS = SPEC.read_moves

QUESTIONS = {
    "decompose_review": "Show the user the fundamentals, the state of the art, the assumptions and the reframings "
                        "(numbered as listed above), then ask: which assumptions do you confirm or reject, and what "
                        "would you add? Which reframings do you select (at least one), and would you add your own?",
    "explore_review": "Show the user the morphological box, the analogies (numbered as listed above), the "
                      "contradictions and the adjacent possible, then ask: which analogies resonate (star at least "
                      "one)? Any domain you want searched?",
    "claims_review": "Show the user each claim of the round (id, thesis, antithesis, synthesis, evidence), then ask "
                     "for feedback on any of them before they are validated.",
    "verdicts": "Show the user each claim with its falsification attempt, novelty check and scores, then ask for a "
                "verdict on every claim ({claims}): accept, reject (and why), qualify (and how) or merge (with "
                "which claims).",
    "build_decision": "Show the user the knowledge graph, the gaps and the negative knowledge, then ask: continue "
                      "with another round, deep-dive into one claim (which?), resolve and write the Knowledge "
                      "Document, or add an insight of your own?",
}


def allowed_moves(state) -> list[str]:
    if state.status in ("crystallized", "cancelled"):
        return []
    return [kind for kind, phases in MOVE_PHASES.items() if state.current_phase in phases and kind not in READS]


def report(state, state_path: str = "STATE") -> dict:
    status = session_status(state)
    return {"protocol": "triz", **status, "problem": state.problem, "allowed_moves": allowed_moves(state),
            "review_items": review_items(state, status["awaiting"]["review"]),
            "next": next_action(state, status["awaiting"], state_path)}


def next_action(state, awaiting: dict, state_path: str) -> dict:
    path = quote(state_path)
    if state.status == "crystallized":
        return _action("user", "done: the Knowledge Document is ready", [f"argcheck render {path} --format md"])
    if state.status == "cancelled":
        return _action("user", "the session was cancelled", [f"argcheck render {path} --format status"])
    if awaiting["actor"] == "user":
        return _ask_user(state, awaiting["review"], path)
    move = next_agent_move(state)
    text = "still missing: " + "; ".join(awaiting["missing"])
    if move is not None:
        text += f". Next move: {move['type']}" + (" (record the search before the move that needs it)"
                                                   if move["type"] == "web_search" else "")
    text += ". " + example_line(state.current_phase)
    return _action("agent", text, [_apply(path, move)] if move else [])


def _ask_user(state, review: str, path: str) -> dict:
    claims = ", ".join(claim.id for claim in state.round_claims)
    question = QUESTIONS[review].format(claims=claims)
    skeleton = dict(SKELETONS[review])
    if review == "verdicts":
        skeleton["verdicts"] = [{"claim_id": c.id, "verdict": "accept"} for c in state.round_claims]
    if review == "claims_review" and state.slots_remaining:
        question += (f" (Up to {state.slots_remaining} more claim(s) fit this round: state another thesis first if "
                     "the problem calls for it.)")
    if review == "build_decision":
        question = _build_question(state, question, skeleton)
    return _action("user", f"STOP and ask the user ({review}). {question} Record the answer as the user's move:",
                   [_apply(path, skeleton)])


def _build_question(state, question: str, skeleton: dict) -> str:
    """A chosen deep dive waits for the continue that opens its round; the fifth round has no continue."""
    if state.deep_dive_active:
        question = (f"The user chose a deep dive on {state.deep_dive_target_claim_id}: the round the next continue "
                    f"opens is narrowed to it (every synthesis builds on {state.deep_dive_target_claim_id}). Show "
                    "the user where the session stands and ask: start that round now (continue), or resolve / "
                    "add an insight?")
    if state.max_rounds_reached:
        question += " (This is the last of 5 rounds: no continue; resolve or add an insight.)"
        skeleton["decision"] = "resolve"
    return question


def _apply(path: str, move: dict) -> str:
    """`argcheck apply PATH '<move>'` (`path` is already shell-quoted)."""
    return f"argcheck apply {path} {inline(move)}"


def _action(actor: str, text: str, commands: list[str]) -> dict:
    return {"actor": actor, "text": text, "commands": commands}


def format_text(report: dict) -> str:
    graph = report["graph"]
    lines = [f"triz · {report['status']} · phase {report['phase_number']}/6 {report['phase']} · "
             f"round {report['round']}/{report['max_rounds']} · {report['claims']['total']} claims · graph "
             f"{graph['nodes']} claims, {graph['edges']} edges",
             f"Problem: {report['problem']}"]
    slots = [f"slot {s['slot']}: {s['claim_id'] or 'thesis only'}" for s in report["claims_in_round"]]
    if slots:
        lines.append("This round: " + ", ".join(slots) + f" ({report['slots_remaining']} slot(s) left, "
                     f"{report['claims_remaining']} claim(s))")
    lines.append(f"Allowed moves: {', '.join(report['allowed_moves']) or 'none'}")
    lines += item_lines(report["review_items"])
    lines += next_step_lines(report["next"])
    return "\n".join(lines) + "\n"
