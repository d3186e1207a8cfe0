"""`argcheck next`: where a council stands and exactly what to do now (pure)."""

from __future__ import annotations

import json

from argcheck.core.commandtext import inline, next_step_lines, quote

from argcheck.protocols.council import synthesis
from argcheck.protocols.council.prompting import arbiter_due, due
from argcheck.protocols.council.state import ASSESSED, ROUND_NAMES, ROUNDS

SKELETONS = {
    "critique": {"agent_style": "{persona}", "critique_tree": {"id": "...", "claim": "...", "evidence": "...",
                                                               "confidence": 0.7, "severity": "Medium",
                                                               "sub_critiques": []}},
    "self_critique": {"agent_style": "{persona}", "adjustments": [{"target_claim_id": "...",
                                                                   "confidence_delta": -0.1, "reasoning": "..."}]},
    "assessment": {"final_assessment": "...", "responses": [{"id": "...", "point": "...", "response": "..."}],
                   "resolutions": [{"conflict": "conflict-1", "outcome": "resolved", "reason": "..."}]},
    "arbitration": {"adjustments": [{"target_claim_id": "...", "arbitration_comment": "...",
                                     "confidence_delta": -0.1}],
                    "arbiter_overall_score": 70, "arbiter_score_justification": "..."},
}


def round_table(state) -> dict:
    """Per round, per persona: done, failed (with the failure), pending, or not due."""
    table = {}
    for round_name in ROUNDS:
        expected, records = state.expected(round_name), state.rounds[round_name]
        row = {}
        for name in state.names:
            record = records.get(name)
            if record is not None:
                row[name] = f"failed: {record.failure}" if record.failed else f"done (move {record.seq})"
            else:
                row[name] = "pending" if name in expected else "not due"
        table[round_name] = row
    return table


def allowed_moves(state) -> list[str]:
    """Every move the engine would take now: the due round's, and a retried critique of a persona whose
    initial critique failed, until the self-critique round begins (CNL105, CNL106)."""
    step = due(state)
    if step is None:
        return []
    if step[0] == "critique":
        return ["critique", "persona_failure"]
    retry = ["critique"] if _critique_retry_open(state) else []
    if step[0] == "assessment":
        return [*retry, *(["arbitration"] if arbiter_due(state) else []), "final_assessment"]
    return [*retry, "self_critique", "persona_failure"]


def _critique_retry_open(state) -> bool:
    failed = any(record.failed for record in state.rounds["critique"].values())
    return failed and state.self_critique_began() is None


def report(state, state_path: str = "STATE") -> dict:
    """Everything `next` knows, JSON-able, in a stable order."""
    document = state.header.get("document", {})
    step = due(state)
    data = synthesis.synthesize(state) if step in (None, ("assessment", None)) else None
    return {
        "protocol": "council",
        "status": state.status,
        "document": {key: document.get(key) for key in ("path", "size", "sha256")},
        "document_notices": [f"{f.code} {f.name}: {f.message}" for f in state.document_findings],
        "panel": state.header.get("panel", {}).get("name"),
        "council": state.council_line(),
        "limits": {"max_depth": state.max_depth, "threshold": state.threshold,
                   "inclusion_threshold": state.inclusion_threshold},
        "rounds": round_table(state),
        "own_claims": {name: state.own_claims(name) for name in state.expected("self_critique")},
        "synthesis": None if data is None else {
            "points": len(data["points"]), "no_findings": data["no_findings"],
            "severity_counts": data["severity_counts"], "must_address": synthesis.required_ids(state),
            "must_answer": ["/".join(group) for group in synthesis.required_groups(state)],
            "answer": _answers(data, synthesis.required_groups(state)),
            "conflicts": [c["id"] for c in data["conflicts"]],
            "conflict_points": {c["id"]: c["ids"] for c in data["conflicts"]}},
        "allowed_moves": allowed_moves(state),
        "next": next_action(state, step, state_path),
    }


def _answers(data: dict, groups: list[list[str]]) -> list[dict]:
    """Each High/Critical finding to answer: its ids, severity and the first point's critique (to quote)."""
    points = {point["id"]: point for point in data["points"]}
    return [{"ids": group, "severity": points[group[0]]["severity"], "critique": points[group[0]]["critique"]}
            for group in groups if group and group[0] in points]


def next_action(state, step, state_path: str) -> dict:
    path = quote(state_path)
    if step is None or state.status == ASSESSED:
        return _action("user", "done (assessed): read the critique", [f"argcheck render {path} --format md"])
    round_name, persona = step
    if round_name == "assessment" and state.header.get("arbiter") and arbiter_due(state):
        return _arbiter_action(path)
    skeleton = json.dumps(SKELETONS[round_name], ensure_ascii=False).replace("{persona}", persona or "")
    # `path` is shell-quoted already; the JSON goes inline (no pipe: Claude Code asks about pipes)
    if round_name == "assessment":
        text = ("write the final assessment of the computed synthesis: a response to every High/Critical point "
                "(its id, its critique quoted, how it is addressed) and a resolution of every conflict")
        if arbiter_due(state):
            text += (" (optional first: the Expert Arbiter pass, `argcheck prompt --persona arbiter`, whose "
                     "reply `argcheck ingest` records)")
    else:
        pending = ", ".join(state.pending(round_name))
        text = (f"the {ROUND_NAMES[round_name]} round: one reply per pending persona ({pending}); one subagent "
                f"per persona fetches its own prompt (--persona NAME) and records its reply; an agent without "
                f"subagents runs `argcheck consult` (--consultee NAME unless the run names one) once per persona "
                f"instead")
    commands = [f"argcheck prompt {path} --persona {quote(persona)}" if persona else f"argcheck prompt {path}"]
    if persona and state.header.get("consultee"):  # the consultee named at init takes the persona instead
        commands.append(f"argcheck consult {path}")
    commands.append(f"argcheck ingest {path} {inline(skeleton)}")
    if persona:
        failure = json.dumps({"type": "persona_failure", "agent_style": persona, "round": round_name,
                              "failure": "timeout"})
        commands.append(f"argcheck apply {path} {inline(failure)}")
    return _action("orchestrator", text, commands)


def _arbiter_action(path: str) -> dict:
    """This council asked for the Expert Arbiter: it comes before the final assessment."""
    skeleton = json.dumps(SKELETONS["arbitration"], ensure_ascii=False)
    text = ("the Expert Arbiter pass (this council asked for it): one subagent fetches the arbiter's prompt and "
            "records its reply (bounded, justified adjustments and a score that agrees with the points); an "
            "agent without subagents runs `argcheck consult` once instead")
    return _action("orchestrator", text, [f"argcheck prompt {path} --persona arbiter",
                                          f"argcheck ingest {path} {inline(skeleton)}"])


def _action(actor: str, text: str, commands: list[str]) -> dict:
    return {"actor": actor, "text": text, "commands": commands}


def format_text(report: dict) -> str:
    """A few lines an agent reads to know where the council stands and what to do next."""
    document = report["document"]
    lines = [f"council · {report['status']} · {report['panel']} panel · {report['council']}",
             f"Document: {document['path']} ({document['size']} bytes, sha256 {str(document['sha256'])[:12]}…)",
             *[f"Document notice: {notice}" for notice in report["document_notices"]],
             "Limits: max depth {max_depth}, branch threshold {threshold}, inclusion threshold "
             "{inclusion_threshold}".format(**report["limits"])]
    for round_name, row in report["rounds"].items():
        cells = ", ".join(f"{name} {status}" for name, status in row.items())
        lines.append(f"{ROUND_NAMES[round_name].capitalize()}: {cells}")
    for name, ids in report["own_claims"].items():
        if report["rounds"]["self_critique"].get(name) == "pending":
            lines.append(f"  {name}'s claims: {', '.join(ids)}")
    data = report["synthesis"]
    if data:
        counts = ", ".join(f"{k} {v}" for k, v in data["severity_counts"].items() if v)
        merged = any("/" in group for group in data["must_answer"])
        lines.append(f"Synthesis: {data['points']} point(s)" + (f" ({counts})" if counts else " (no findings)")
                     + (f"; must answer: {', '.join(data['must_answer'])}" if data["must_answer"] else "")
                     + (" (a/b: one merged finding, answered once)" if merged else "")
                     + (f"; must resolve: {', '.join(data['conflicts'])}" if data["conflicts"] else ""))
        lines += [f"  answer {'/'.join(a['ids'])} ({a['severity']}): {a['critique']}" for a in data.get("answer", [])]
        lines += [f"  resolve {cid}: between {' and '.join(ids)}"
                  for cid, ids in data.get("conflict_points", {}).items()]
    lines.append(f"Allowed moves: {', '.join(report['allowed_moves']) or 'none'}")
    lines += next_step_lines(report["next"])
    return "\n".join(lines) + "\n"
