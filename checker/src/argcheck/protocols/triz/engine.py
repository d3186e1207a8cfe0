"""The triz reducer: replay one move at a time through the ForgeState, yield findings (pure).

A move with an error finding is not applied (apply would have refused it). Every tool belongs to a phase;
a tool of another phase is refused (WRONG_PHASE). Phases change only through the user's reviews.
"""

from __future__ import annotations

from argcheck.protocols.triz import catalog  # noqa: F401  (registers the TRZ rules)
from argcheck.protocols.triz import rules_build, rules_synthesis, rules_explore, token_usage
from argcheck.protocols.triz.forge_state import ForgeState, Phase
from argcheck.core.rules import finding
from argcheck.core.findings import has_errors
from argcheck.core.witnessing import witness_of

ANY = tuple(Phase)
# Which phases each move belongs to (the seed's tool tables; reviews close their phase).
MOVE_PHASES = {
    "web_search": ANY, "get_session_status": ANY, "report_token_usage": ANY, "submit_user_insight": ANY,
    "cancel": ANY,
    "decompose_to_fundamentals": (Phase.DECOMPOSE,), "map_state_of_art": (Phase.DECOMPOSE,),
    "extract_assumptions": (Phase.DECOMPOSE,), "reframe_problem": (Phase.DECOMPOSE,),
    "decompose_review": (Phase.DECOMPOSE,),
    "build_morphological_box": (Phase.EXPLORE,), "search_cross_domain": (Phase.EXPLORE,),
    "identify_contradictions": (Phase.EXPLORE,), "map_adjacent_possible": (Phase.EXPLORE,),
    "explore_review": (Phase.EXPLORE,),
    "state_thesis": (Phase.SYNTHESIZE,), "find_antithesis": (Phase.SYNTHESIZE,),
    "create_synthesis": (Phase.SYNTHESIZE,), "claims_review": (Phase.SYNTHESIZE,),
    "attempt_falsification": (Phase.VALIDATE,), "check_novelty": (Phase.VALIDATE,),
    "score_claim": (Phase.VALIDATE,), "verdicts": (Phase.VALIDATE,),
    "add_to_knowledge_graph": (Phase.BUILD,), "analyze_gaps": (Phase.BUILD,),
    "get_negative_knowledge": (Phase.BUILD, Phase.SYNTHESIZE), "build_decision": (Phase.BUILD,),
    "generate_knowledge_document": (Phase.CRYSTALLIZE,),
}


class Engine:
    """Replays a triz log: `.step(index, move)` -> findings; `.status`; `.state` (the ForgeState)."""

    def __init__(self, header: dict, env):
        self.env, self.header = env, header
        self.witness = witness_of(env, header)  # the verified witness log of a witnessed run, else None
        self.seq, self.path = 0, ""
        self.receipts: dict[int, str] = {}  # seq -> the claim id the move issued (printed by apply)
        problem = header.get("problem", "") if isinstance(header, dict) else ""
        self.state = ForgeState(problem=str(problem))

    @property
    def status(self) -> str:
        return self.state.status

    def step(self, index: int, move: dict) -> list:
        self.seq = move.get("seq", index + 1)
        self.path = f"/moves/{index}"
        kind = move["type"]
        wrong = check_phase(self.state, kind, self.path + "/type")
        if wrong:
            return [wrong]
        found = HANDLERS[kind](self, move)
        if move.get("actor") == "user" and not has_errors(found):
            cited = move.get("witness") if self.witness is not None else None
            self.state.user_decisions.append({"seq": self.seq, "type": kind, "via": move.get("via"),
                                              "witness": cited.get("seq") if isinstance(cited, dict) else None})
        return found

    def finish(self) -> list:
        return []


def check_phase(state: ForgeState, kind: str, path: str):
    """WRONG_PHASE: the move is a tool of the session's current phase (or cross-cutting)."""
    allowed = MOVE_PHASES[kind]
    if state.current_phase in allowed:
        return None
    return finding("TRZ120", path=path, tool=kind, phase=state.current_phase.value,
                   allowed=" or ".join(phase.value for phase in allowed))


# One handler per move type, called as handler(engine, move) (the contract every engine follows).
HANDLERS = {
    "web_search": rules_explore.web_search,
    "decompose_to_fundamentals": rules_explore.decompose_to_fundamentals,
    "map_state_of_art": rules_explore.map_state_of_art,
    "extract_assumptions": rules_explore.extract_assumptions,
    "reframe_problem": rules_explore.reframe_problem,
    "decompose_review": rules_explore.decompose_review,
    "build_morphological_box": rules_explore.build_morphological_box,
    "search_cross_domain": rules_explore.search_cross_domain,
    "identify_contradictions": rules_explore.identify_contradictions,
    "map_adjacent_possible": rules_explore.map_adjacent_possible,
    "explore_review": rules_explore.explore_review,
    "state_thesis": rules_synthesis.state_thesis,
    "find_antithesis": rules_synthesis.find_antithesis,
    "create_synthesis": rules_synthesis.create_synthesis,
    "claims_review": rules_synthesis.claims_review,
    "attempt_falsification": rules_synthesis.attempt_falsification,
    "check_novelty": rules_synthesis.check_novelty,
    "score_claim": rules_synthesis.score_claim,
    "verdicts": rules_synthesis.verdicts,
    "add_to_knowledge_graph": rules_build.add_to_knowledge_graph,
    "analyze_gaps": rules_build.analyze_gaps,
    "get_negative_knowledge": rules_build.get_negative_knowledge,
    "build_decision": rules_build.build_decision,
    "submit_user_insight": rules_build.submit_user_insight,
    "generate_knowledge_document": rules_build.generate_knowledge_document,
    "get_session_status": rules_build.get_session_status,
    "report_token_usage": token_usage.report_token_usage,
    "cancel": rules_build.cancel,
}
