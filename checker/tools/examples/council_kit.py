"""Builders for council tests: a small document, trees, critiques, self-critiques, a run through the kit."""

from __future__ import annotations

import hashlib
import os

from runkit import ProtocolRun

from argcheck.protocols.council.panels import bundled_panel

DOCUMENT = """# Event store design

The system shall store every event in a single SQLite file.
The design guarantees   that no event is ever lost, even on power failure.
Writes are batched every 500 ms to reduce fsync calls.
Performance will be adequate for all foreseeable workloads.
Retention is unlimited; old events are never deleted.
"""
PHILOSOPHERS = ("Aristotle", "Descartes", "Kant", "Leibniz", "Popper", "Russell")
PREFIX = {"Aristotle": "ARI", "Descartes": "DES", "Kant": "KAN", "Leibniz": "LEI", "Popper": "POP", "Russell": "RUS"}
EVIDENCE = ("guarantees that no event is ever lost", "Writes are batched every 500 ms",
            "Performance will be adequate", "Retention is unlimited", "a single SQLite file")


def document(text: str = DOCUMENT, path: str = "/docs/design.md") -> dict:
    data = text.encode()
    return {"path": path, "size": len(data), "sha256": hashlib.sha256(data).hexdigest(), "text": text}


def options(**extra) -> dict:
    base = {"document": document(), "panel": "philosophers"}
    base.update(extra)
    return base


def council(files=None, **extra) -> ProtocolRun:
    """A council on DOCUMENT at /docs/design.md; `files` is the workspace /docs (by default: that document)."""
    return ProtocolRun("council", options(**extra), files={"design.md": DOCUMENT.splitlines()} if files is None
                       else files)


def node(node_id: str, evidence: str = EVIDENCE[0], confidence: float = 0.8, severity: str | None = "Medium",
         children=(), claim: str | None = None) -> dict:
    result = {"id": node_id, "claim": claim or f"Critique point {node_id}.", "evidence": evidence,
              "confidence": confidence, "sub_critiques": list(children)}
    if severity:
        result["severity"] = severity
    return result


def critique(persona: str, tree: dict | None = None) -> dict:
    prefix = PREFIX.get(persona, persona[:3].upper())
    return {"type": "critique", "agent_style": persona, "critique_tree": tree or node(f"{prefix}-1")}


def self_critique(persona: str, *adjustments) -> dict:
    return {"type": "self_critique", "agent_style": persona, "adjustments": list(adjustments)}


def adjustment(target: str, delta: float = -0.1, reasoning: str = "Overstated in the light of the others.") -> dict:
    return {"target_claim_id": target, "confidence_delta": delta, "reasoning": reasoning}


def failure(persona: str, round_name: str = "critique", kind: str = "timeout") -> dict:
    return {"type": "persona_failure", "agent_style": persona, "round": round_name, "failure": kind}


def assessment(text: str = "The design states an unverifiable durability guarantee.", addressed=(), responses=(),
               resolutions=()) -> dict:
    move = {"type": "final_assessment", "text": text, "addressed": list(addressed)}
    if responses:
        move["responses"] = list(responses)
    if resolutions:
        move["resolutions"] = list(resolutions)
    return move


def arbiter_adjustment(target: str, delta: float = -0.1,
                       comment: str = "The passage states the guarantee without any test behind it.") -> dict:
    return {"target_claim_id": target, "arbitration_comment": comment, "confidence_delta": delta}


def arbitration(score: int, *adjustments, justification: str = "The durability gap outweighs the rest.") -> dict:
    return {"type": "arbitration", "adjustments": list(adjustments), "arbiter_overall_score": score,
            "arbiter_score_justification": justification}


def arbiter_score(run, *adjustments) -> int:
    """The score the points give once `adjustments` apply (what a consistent arbiter scores)."""
    from argcheck.protocols.council.scoring import score_with

    state = run.state
    return score_with(state.claims.values(), state.inclusion_threshold,
                      {a["target_claim_id"]: a["confidence_delta"] for a in adjustments})


def response(point_id: str, point: str | None = None,
             text: str = "The assessment accepts the point and requires a stated remedy before acceptance.") -> dict:
    """A response entry; `point` defaults to the kit's default claim text for `point_id`."""
    return {"id": point_id, "point": point or f"Critique point {point_id}.", "response": text}


def resolution(conflict: str = "conflict-1", outcome: str = "resolved",
               reason: str = "The lowered claim rests on a misreading of the passage.") -> dict:
    return {"conflict": conflict, "outcome": outcome, "reason": reason}


def all_critiques(skip=()) -> list[dict]:
    return [critique(p) for p in PHILOSOPHERS if p not in skip]


def all_self_critiques(skip=()) -> list[dict]:
    return [self_critique(p) for p in PHILOSOPHERS if p not in skip]


def critiqued(**extra) -> ProtocolRun:
    """A council with every initial critique in."""
    return council(**extra).ok(*all_critiques())


def synthesized(**extra) -> ProtocolRun:
    return critiqued(**extra).ok(*all_self_critiques())


def persona_names(panel: str) -> list[str]:
    return [p["name"] for p in bundled_panel(panel)["personas"]]


def write(path, text: str | bytes) -> str:
    mode = "wb" if isinstance(text, bytes) else "w"
    with open(path, mode) as handle:
        handle.write(text)
    return os.fspath(path)
