"""Triz test helpers: move builders with real-looking data, and a session driven phase by phase.

`Session` is the shared kit's ProtocolRun for triz; `Session.to(phase)` plays every move a complete
session makes up to that phase, so each rule's test starts from the state it needs.
"""

from __future__ import annotations

from runkit import Clock, ProtocolRun

PROBLEM = "How can an electric car keep its driving range in freezing weather?"
URL = "https://example.org/research/{}"


def source(name: str) -> dict:
    return {"source_url": URL.format(name), "source_title": f"Study {name}",
            "content_summary": f"What study {name} found about cold lithium-ion cells."}


def evidence(name: str, kind: str = "supporting", by: str = "agent") -> dict:
    return {**source(name), "evidence_type": kind, "contributed_by": by}


def search(purpose: str, *names: str, domain: str | None = None, index: int | None = None) -> dict:
    move = {"type": "web_search", "query": f"{purpose} {domain or ''} {index if index is not None else ''}".strip(),
            "purpose": purpose, "results": [source(name) for name in names]}
    if domain is not None:
        move["domain"] = domain
    if index is not None:
        move["claim_index"] = index
    return move


# -- phase 1 ----------------------------------------------------------------------------------------

def fundamentals() -> dict:
    return {"type": "decompose_to_fundamentals",
            "fundamentals": ["ion mobility in the electrolyte", "cabin heating energy", "cell temperature"]}


def state_of_art(*names: str) -> dict:
    return {"type": "map_state_of_art", "summary": "Heat pumps and battery preconditioning are the state of the art.",
            "sources": [source(name) for name in names or ("soa",)]}


def assumptions(count: int = 3) -> dict:
    return {"type": "extract_assumptions", "assumptions": [f"assumption {n}" for n in range(count)]}


def reframings(count: int = 3) -> dict:
    kinds = ["scope_change", "entity_question", "variable_change", "domain_change"]
    return {"type": "reframe_problem",
            "reframings": [{"text": f"reframing {n}", "reframing_type": kinds[n % 4]} for n in range(count)]}


def decompose_review(selected=(0,), **extra) -> dict:
    return {"type": "decompose_review", "actor": "user", "selected_reframings": list(selected), **extra}


def decompose_moves() -> list:
    return [fundamentals(), search("state_of_art", "soa"), state_of_art(), assumptions(), reframings()]


# -- phase 2 ----------------------------------------------------------------------------------------

def morphological_box() -> dict:
    return {"type": "build_morphological_box",
            "parameters": [{"name": "heat source", "values": ["resistive", "heat pump", "waste heat"]},
                           {"name": "timing", "values": ["preconditioned", "on demand"]}]}


def cross_domain(domain: str = "arctic animals", *names: str) -> dict:
    return {"type": "search_cross_domain", "source_domain": domain,
            "target_application": "keep the pack warm with little energy",
            "analogy_description": "counter-current heat exchange keeps the core warm", "semantic_distance": "far",
            "sources": [source(name) for name in names]}


def contradictions() -> dict:
    return {"type": "identify_contradictions", "contradictions": [
        {"property_a": "range", "property_b": "cabin warmth", "description": "heating the cabin costs range",
         "resolution_direction": "heat people, not air"}]}


def explore_review(starred=(0,)) -> dict:
    return {"type": "explore_review", "actor": "user", "starred_analogies": list(starred)}


def explore_moves() -> list:
    return [morphological_box(), search("cross_domain", "penguin", domain="arctic animals"),
            cross_domain("arctic animals", "penguin"), search("cross_domain", "kiln", domain="ceramic kilns"),
            cross_domain("ceramic kilns"), contradictions()]


# -- phases 3 and 4 ---------------------------------------------------------------------------------

def thesis(text: str = "Preconditioning the pack while plugged in recovers most winter range.", *names) -> dict:
    return {"type": "state_thesis", "thesis_text": text, "evidence": [evidence(n) for n in names]}


def antithesis(index: int = 0, *names: str) -> dict:
    return {"type": "find_antithesis", "claim_index": index, "antithesis_text": "Most cars park unplugged.",
            "evidence": [evidence(n, "contradicting") for n in names]}


def synthesis(index: int = 0, builds_on: str | None = None, *names: str) -> dict:
    move = {"type": "create_synthesis", "claim_index": index,
            "claim_text": f"Scheduled preconditioning at departure recovers range (slot {index}).",
            "falsifiability_condition": "Fleet data showing no range gain with scheduled preconditioning.",
            "confidence": "emerging", "evidence": [evidence(n) for n in names]}
    if builds_on:
        move["builds_on_claim_id"] = builds_on
    return move


def dialectic(index: int, builds_on: str | None = None) -> list:
    """One claim slot from thesis to synthesis, with the searches it needs."""
    name = f"r{index}"
    return [search("general", name), thesis("Thesis " + name, name), search("antithesis", name + "x", index=index),
            antithesis(index, name + "x"), synthesis(index, builds_on, name)]


def claims_review(**extra) -> dict:
    return {"type": "claims_review", "actor": "user", **extra}


def falsification(index: int = 0, outcome: str = "survived") -> dict:
    return {"type": "attempt_falsification", "claim_index": index, "approach": "look for fleet data without gain",
            "outcome": outcome}


def novelty(index: int = 0) -> dict:
    return {"type": "check_novelty", "claim_index": index, "is_novel": True}


def score(index: int = 0, value: float = 0.7) -> dict:
    return {"type": "score_claim", "claim_index": index, "novelty": value, "groundedness": value,
            "falsifiability": value, "significance": value}


def validation(index: int) -> list:
    return [search("falsification", f"f{index}", index=index), falsification(index), novelty(index), score(index)]


def verdicts(*pairs, **fields) -> dict:
    """verdicts(("C1", "accept"), ("C2", "reject")); rejections get a reason unless given."""
    items = []
    for claim_id, verdict, *rest in pairs:
        item = {"claim_id": claim_id, "verdict": verdict}
        if verdict == "reject":
            item["rejection_reason"] = "fleet data contradicts it"
        if rest:
            item.update(rest[0])
        items.append(item)
    return {"type": "verdicts", "actor": "user", "verdicts": items, **fields}


# -- phase 5 and 6 ----------------------------------------------------------------------------------

def add(claim_id: str, *edges) -> dict:
    return {"type": "add_to_knowledge_graph", "claim_id": claim_id,
            "edges": [{"source": s, "target": t, "edge_type": k} for s, t, k in edges]}


def decision(kind: str = "continue", **fields) -> dict:
    return {"type": "build_decision", "actor": "user", "decision": kind, **fields}


def document(core: str = "Precondition on a schedule [C1].", guide: str = "Ship a departure timer [C1].",
             frontiers: str = "Unplugged preconditioning [C1].") -> dict:
    return {"type": "generate_knowledge_document", "core_insight": core, "implementation_guide": guide,
            "next_frontiers": frontiers}


class Session(ProtocolRun):
    """One triz session under test."""

    def __init__(self, problem: str = PROBLEM, ticking: bool = False, state_id: str = "trz-test", **options):
        super().__init__("triz", {"problem": problem, **options}, state_id=state_id,
                         clock=Clock() if ticking else None)

    def to(self, phase: str, claims: int = 1):
        """Play a complete session up to the start of `phase` (round 1 with `claims` claims)."""
        plan = [("explore", decompose_moves() + [decompose_review()]),
                ("synthesize", explore_moves() + [explore_review()]),
                ("validate", [m for i in range(claims) for m in dialectic(i)] + [claims_review()]),
                ("build", [m for i in range(claims) for m in validation(i)]
                 + [verdicts(*[(f"C{i + 1}", "accept") for i in range(claims)])])]
        for name, moves in plan:
            self.ok(*moves)
            if name == phase:
                return self
        raise ValueError(f"no such phase to play to: {phase}")

    def next_round(self, *graph_ids: str, claims: int = 1, decision_move=None):
        """From build: add `graph_ids` to the graph, continue, and play the next round up to its build phase;
        the round's first claim builds on the first of `graph_ids`."""
        if graph_ids:
            self.ok(*[add(claim_id) for claim_id in graph_ids])
        self.ok(decision_move or decision("continue"), {"type": "get_negative_knowledge"})
        new = len(self.state.claims) + 1
        builds_on = graph_ids[0] if graph_ids else "C1"
        moves = [m for i in range(claims) for m in dialectic(i, builds_on=builds_on if i == 0 else None)]
        self.ok(*moves, claims_review())
        self.ok(*[m for i in range(claims) for m in validation(i)],
                verdicts(*[(f"C{new + i}", "accept") for i in range(claims)]))
        return self


def analyze_gaps_move() -> dict:
    return {"type": "analyze_gaps", "gaps": ["charging at -20 C"], "convergence_locks": ["heat pumps everywhere"]}
