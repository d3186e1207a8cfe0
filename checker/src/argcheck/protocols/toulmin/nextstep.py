"""`argcheck next`: where a Toulmin chain stands and exactly what to do now (pure)."""

from __future__ import annotations

import json

from argcheck.core.commandtext import apply_command, ingest_command, next_step_lines, quote
from argcheck.protocols.toulmin.state import (
    BRIDGED, COMPONENTS, GROUNDED, JUDGED, PHASE_NAMES, REPORTED, STARTED, STRESS_TESTED, TERMINATED,
)

NEXT_PHASE = {STARTED: "grounding", GROUNDED: "logic_bridge", BRIDGED: "stress_test", STRESS_TESTED: "judgment",
              JUDGED: "report"}
PHASE_NUMBER = {"grounding": 1, "logic_bridge": 2, "stress_test": 3, "judgment": 4, "report": 5}


def allowed_moves(state) -> list[str]:
    if state.status in (TERMINATED, REPORTED):
        return []
    moves = [NEXT_PHASE[state.status]]
    if state.council_enabled and state.status in (STARTED, GROUNDED, BRIDGED):
        moves.append("council_request")
        if state.requested_perspectives:
            moves.append("council_opinion")
    return moves


def report(state, state_path: str = "STATE") -> dict:
    """Everything `next` knows, JSON-able, in a stable order."""
    phase = NEXT_PHASE.get(state.status)
    return {
        "protocol": "toulmin",
        "status": state.status,
        "query": state.query,
        "next_phase": {"move": phase, "name": PHASE_NAMES[phase], "number": PHASE_NUMBER[phase]} if phase else None,
        "components": {name: state.recorded_at.get(name) for name in COMPONENTS},
        "missing": [name for name in COMPONENTS if name not in state.components],
        "relax": list(state.relax),
        "breakers": breakers(state),
        "termination": [{"component": t.component, "strength": t.strength, "label": t.label, "seq": t.seq}
                        for t in state.terminations],
        "council": {"enabled": state.council_enabled, "requested": state.requested_perspectives,
                    "pending": state.pending_perspectives,
                    "opinions": [{"id": o.id, "perspective": o.perspective, "feeds": o.feeds, "cited_by": o.cited_by}
                                 for o in state.opinions.values()]},
        "verdict_check": state.verdict_check,
        "allowed_moves": allowed_moves(state),
        "standalone": state.standalone,
        "next": next_action(state, state_path),
    }


def breakers(state) -> dict:
    """Per breaker: strict or relaxed, and what the recorded component did to it."""
    result = {}
    for name in ("warrant", "backing"):
        component = state.components.get(name)
        strength = component["strength"] if component else None
        mode = "relaxed" if name in state.relax else "strict"
        if strength is None:
            outcome = "not yet recorded"
        elif any(t.component == name for t in state.terminations):
            outcome = "tripped: chain terminated"
        elif strength in ("weak", "irrelevant"):
            outcome = "let through"
        else:
            outcome = "passed"
        result[name] = {"mode": mode, "strength": strength, "outcome": outcome}
    return result


MOVE_SKELETONS = {
    "grounding": {"type": "grounding", "data": {"facts": ["..."], "citations": [{"source": "...", "locator": "..."}],
                                                 "evidence_type": "empirical"},
                  "claim": {"statement": "...", "scope": "specific"}},
    "logic_bridge": {"type": "logic_bridge",
                     "warrant": {"principle": "...", "logic_type": "deductive", "strength": "strong"},
                     "backing": {"authority": "...", "citations": [{"source": "...", "locator": "..."}],
                                 "strength": "strong"}},
    "stress_test": {"type": "stress_test", "rebuttal": {"exceptions": ["..."], "strength": "weak"},
                    "qualifier": {"degree": "probably", "confidence_pct": 60, "rationale": "..."}},
    "judgment": {"type": "judgment", "verdict": {"status": "sustained", "reasoning": "...", "final_statement": "..."}},
    "report": {"type": "report", "summary": "..."},
}


def next_action(state, state_path: str = "STATE") -> dict:
    """Who acts next, what they do, and the exact commands."""
    path = quote(state_path)
    if state.status == TERMINATED:
        first = state.terminations[0]
        return _action("user", f"terminated by the circuit breaker ({first.label}, {first.strength}): read the "
                               "report, then start a new chain with a stronger link",
                       [f"argcheck render {path} --format md", "argcheck init toulmin --query '...'"])
    if state.status == REPORTED:
        return _action("user", "done (reported): read the analysis report", [f"argcheck render {path} --format md"])
    if state.pending_perspectives:
        pending = ", ".join(state.pending_perspectives)
        return _action("orchestrator", f"answer the council ({pending}), or go on with the "
                                       f"{PHASE_NAMES[NEXT_PHASE[state.status]]}",
                       [f"argcheck prompt {path}",
                        ingest_command(state_path, {"opinions": ["..."]})])
    phase = NEXT_PHASE[state.status]
    skeleton = json.dumps(MOVE_SKELETONS[phase], ensure_ascii=False)
    text = f"{'write' if phase == 'report' else 'produce'} the {PHASE_NAMES[phase]}"
    if phase == "report":
        text += ": it closes the run (`argcheck render` shows the report either way)"
    return _action("orchestrator", text, [
        f"argcheck prompt {path}",
        apply_command(state_path, skeleton),
    ])


def _action(actor: str, text: str, commands: list[str]) -> dict:
    return {"actor": actor, "text": text, "commands": commands}


def format_text(report: dict) -> str:
    """A few lines an agent reads after a compaction to know where it stands and what to do next."""
    recorded = [name for name, seq in report["components"].items() if seq is not None]
    headline = f"toulmin · {report['status']} · {len(recorded)} of 7 components"
    if report["next_phase"]:
        headline += f" · next: {report['next_phase']['name']}"
    if report["standalone"]:
        headline += " · standalone chain"
    lines = [headline, f"Query: {report['query']}"]
    lines.append("Recorded: " + (", ".join(f"{n} (move {report['components'][n]})" for n in recorded) or "nothing yet"))
    breaker_text = "; ".join(f"{name} {b['mode']}: {b['outcome']}" + (f" ({b['strength']})" if b["strength"] else "")
                             for name, b in report["breakers"].items())
    lines.append(f"Circuit breakers: {breaker_text}")
    for t in report["termination"]:
        lines.append(f"TERMINATED at move {t['seq']}: {t['label']} ({t['component']} strength {t['strength']})")
    council = report["council"]
    if not council["enabled"]:
        lines.append("Council: disabled")
    elif council["requested"] or council["opinions"]:
        opinions = ", ".join(f"{o['id']} {o['perspective']} → {o['feeds']}" for o in council["opinions"]) or "none"
        lines.append(f"Council: asked {', '.join(council['requested'])}; opinions {opinions}"
                     + (f"; pending {', '.join(council['pending'])}" if council["pending"] else ""))
    check = report["verdict_check"]
    if check:
        line = (f"Verdict rule: rebuttal {check['rebuttal']}, confidence {check['confidence']} → allowed "
                f"{', '.join(check['allowed'])}")
        if check["status"]:
            line += f"; recorded {check['status']} ({'consistent' if check['consistent'] else 'INCONSISTENT'})"
        lines.append(line)
    lines.append(f"Allowed moves: {', '.join(report['allowed_moves']) or 'none'}")
    lines += next_step_lines(report["next"])
    return "\n".join(lines) + "\n"
