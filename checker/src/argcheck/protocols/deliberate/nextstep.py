"""`argcheck next`: where a deliberation stands and exactly what to do now (pure)."""

from __future__ import annotations


from argcheck.core.commandtext import apply_command, next_step_lines, quote
from argcheck.protocols.deliberate import priority, queries, themes
from argcheck.protocols.deliberate.closing import closing_step
from argcheck.protocols.deliberate.standing import (
    consultee_name, consultee_reminders, ids_of, next_free_id, orchestrator_duties, pending_drops, reply_phase,
    setup_fix,
)
from argcheck.protocols.deliberate.state import AGREED, DISMISSED, UNRESOLVED

BUCKET_NAMES = (AGREED, DISMISSED, UNRESOLVED, "pending")
TERMINATIONS = ("convergence", "iteration_bound", "trivial", "quality_exit")


def report(state, state_path: str = "STATE") -> dict:
    """Everything `next` knows, JSON-able, in a stable order."""
    return {
        "protocol": "deliberate",
        "status": state.status,
        "iteration": state.iteration,
        "cap": state.cap,
        "phase": {"name": state.phase, "extended": state.extended, "next_reply": reply_phase(state)},
        "mode": state.mode,
        "question": state.question,
        "consultee": {"name": consultee_name(state), "session_id": state.consultee_session},
        "last_consultation": _last_consultation(state),
        "open_challenges": [_challenge_summary(c) for c in queries.open_challenges(state)],
        "reminders": ids_of(consultee_reminders(state)),
        "lapsing": ids_of(c for c, _ in pending_drops(state)),
        "deadlocked": ids_of(queries.deadlocked_points(state)),
        "due": list(queries.due_items(state)),
        "allowed_moves": sorted(priority.allowed_moves(state)),
        "termination": _termination(state),
        "arbitration": {"due": bool(queries.arbitration_due(state)),
                        "triggers": sorted(queries.arbitration_triggers(state)),
                        "recorded": state.arbitration is not None},
        "buckets": _bucket_counts(state),
        "confidence": queries.confidence(state),
        "degraded": list(queries.degraded_reasons(state)),
        "open_by_theme": themes.open_by_theme(state),
        "priority": priority.latest(state),
        "inconclusive": themes.inconclusive(state),
        "gates": gates(state),
        "next": next_action(state, state_path),
    }


def _challenge_summary(challenge) -> dict:
    return {"id": challenge.id, "point": challenge.point, "kind": challenge.kind, "status": challenge.status,
            "challenger": challenge.challenger, "respondent": challenge.respondent,
            "issued_round": challenge.issued_round, "due_round": challenge.due_round, "drops": challenge.drops}


def _last_consultation(state) -> dict | None:
    if not state.consultations:
        return None
    last = state.consultations[-1]
    return {"outcome": last.outcome, "failure_class": last.failure_class, "session_id": last.session_id}


def _termination(state) -> dict:
    options = queries.termination_options(state)
    return {name: {"met": bool(options[name][0]), "reason": options[name][1]}
            for name in TERMINATIONS if name in options}


def _bucket_counts(state) -> dict:
    grouped = queries.buckets(state)
    return {name: len(grouped.get(name, [])) for name in BUCKET_NAMES}


def gates(state) -> list[dict]:
    """What blocks the next reply, synthesis or presentation, each with its code."""
    found = []
    deadlocked = ids_of(queries.deadlocked_points(state))
    open_ids = ids_of(queries.open_challenges(state))
    pending = ids_of(queries.buckets(state).get("pending", []))
    if state.status == "in_progress" and state.iteration >= 1:
        if deadlocked:
            found.append(_gate("DLB170", "reply and synthesis", f"settle deadlocked {', '.join(deadlocked)}"))
        if state.iteration >= state.cap:
            found.append(_gate("DLB101", "reply", f"iteration cap {state.cap} reached: synthesize"))
        if open_ids:
            found.append(_gate("DLB181", "synthesis", f"open challenges {', '.join(open_ids)}"))
        if pending:
            found.append(_gate("DLB180", "synthesis", f"points without a bucket {', '.join(pending)}"))
        if state.mode == "standard" and not state.stress_tests:
            found.append(_gate("DLB183", "synthesis", "no stress test yet (convergence, iteration_bound)"))
    if state.status == "synthesized" and queries.arbitration_due(state) and state.arbitration is None:
        triggers = ", ".join(sorted(queries.arbitration_triggers(state)))
        found.append(_gate("DLB185", "present", f"arbitration due ({triggers})"))
    return found


def _gate(code: str, blocks: str, detail: str) -> dict:
    return {"code": code, "blocks": blocks, "detail": detail}


def next_action(state, state_path: str = "STATE") -> dict:
    """Who acts next, what they do, and the exact commands."""
    path = quote(state_path)
    if state.status in ("presented", "aborted"):
        return _action("user", f"done ({state.status}): read the decision log", [f"argcheck render {path} --format md"])
    if state.status == "synthesized":
        return _after_synthesis(state, state_path)
    if _needs_opening_points(state):
        move = '{"type": "point", "actor": "orchestrator", "id": "P1", "kind": "empirical|value", "text": "..."}'
        return _action("orchestrator", f"{state.header.get('flow')}: put your position as points before the "
                       "first consult", [apply_command(state_path, f"[{move}]")])
    duties = orchestrator_duties(state)
    if duties:
        todo = "; ".join(f"{kind} {' '.join(_duty_ids(state, kind, ids))}" for kind, ids in duties.items())
        body = ", ".join(_duty_skeletons(state, duties))
        return _action("orchestrator", f"apply your moves (fill in the ...): {todo}",
                       [apply_command(state_path, f"[{body}]")])
    ready = [name for name in TERMINATIONS if queries.termination_options(state).get(name, (False, ""))[0]]
    closing = closing_step(state, ready) if ready else None
    if closing:
        text, move, _kind = closing
        return _action("orchestrator", text, [apply_command(state_path, move)])
    if priority.awaiting(state):  # the user chooses before the next consult
        return _action("user", priority.ASK, [apply_command(state_path, priority.SKELETON)])
    return _action("consultee", _consult_text(state), [f"argcheck consult {path}"])


ORCHESTRATOR_FIRST = frozenset({"orchestrator_proposes", "verification", "participant", "red_team",
                                "devils_advocate", "collaborative_completion"})


def _duty_ids(state, kind: str, ids: list[str]) -> list[str]:
    """The ids of a duty, a clarified point marked as one to classify again."""
    if kind != "classify":
        return ids
    return [f"{i} (again: clarified after ILL_FORMED)"
            if queries.needs_reclassification(state.points[i], "orchestrator") else i for i in ids]


def _needs_opening_points(state) -> bool:
    return (state.iteration == 0 and state.header.get("flow") in ORCHESTRATOR_FIRST
            and not any(p.author == "orchestrator" for p in state.points.values()))


DUTY_SKELETONS = {  # the placeholders are not valid values on purpose: the checker refuses them unedited
    "classify": ('{{"type": "classify", "actor": "orchestrator", "point": "{id}", '
                 '"verdict": "AGREE|SKEPTICAL|REJECT|ILL_FORMED|OUT_OF_SCOPE", "reason": "..."}}'),
    "judge": ('{{"type": "judge", "actor": "orchestrator", "challenge": "{id}", "outcome": "accepted|rejected", '
              '"reason": "...", "evidence": []}}'),
    "defend": '{{"type": "defend", "actor": "orchestrator", "challenge": "{id}", "argument": "...", "evidence": []}}',
    "settle": ('{{"type": "settle", "actor": "orchestrator", "point": "{id}", '
               '"reason": "missing_data|definitional|criteria_divergence", "question": "...", "tradeoff": "..."}}'),
    "challenge": ('{{"type": "challenge", "actor": "orchestrator", "id": "{fresh}", "point": "{id}", '
                  '"kind": "{kind}", "objection": "..."}}'),
    "reconcile": ('{{"type": "challenge", "actor": "orchestrator", "id": "{fresh}", "point": "{id}", '
                  '"kind": "reconcile", "objection": "...", "cites": []}}'),
}


def _duty_skeletons(state, duties: dict[str, list[str]]) -> list[str]:
    taken = set(state.points) | set(state.challenges) | set(state.ledger)
    skeletons = []
    for kind, ids in duties.items():
        for identifier in ids:
            fresh = next_free_id(taken, "C")
            taken.add(fresh)
            held = state.points[identifier].classifications.get("orchestrator", "") if kind == "challenge" else ""
            skeletons.append(DUTY_SKELETONS[kind].format(id=identifier, fresh=fresh, kind=held.lower()))
    return skeletons


def _after_synthesis(state, state_path: str) -> dict:
    path = quote(state_path)
    if queries.arbitration_due(state) and state.arbitration is None:
        return _action("arbiter", "arbitrate in a fresh session (no attribution)", [f"argcheck consult {path}"])
    present = '{"type": "present", "actor": "orchestrator"}'
    if state.header.get("ephemeral"):  # presenting removes the file: the log is rendered first
        return _action("orchestrator", "render the decision log, then present it: in quick mode presenting "
                                       "removes the state file (init with --keep to keep it)",
                       [f"argcheck render {path} --format md", apply_command(state_path, present)])
    return _action("orchestrator", "present the decision log",
                   [apply_command(state_path, present), f"argcheck render {path} --format md"])


def _consult_text(state) -> str:
    last = state.consultations[-1] if state.consultations else None
    fix = setup_fix(consultee_name(state), last.failure_class) if last is not None else None
    if fix:
        return fix
    if last is not None and last.outcome != "reply":
        return f"retry the consultee (last consultation: {last.failure_class or last.outcome})"
    return f"consult {consultee_name(state)} for round {state.iteration + 1} ({reply_phase(state)})"


def _action(actor: str, text: str, commands: list[str]) -> dict:
    return {"actor": actor, "text": text, "commands": commands}


def format_text(report: dict) -> str:
    """A few lines an agent reads after a compaction to know where it stands and what to do next."""
    lines = [_headline(report), f"Question: {report['question']}", _buckets_line(report)]
    lines += _challenge_lines(report)
    if report["reminders"]:
        lines.append(f"Reminders (carried by the next prompt): {', '.join(report['reminders'])}")
    shown = tuple(f"{c['id']}:" for c in report["open_challenges"])
    lines += [f"Due: {item}" for item in report["due"] if not item.startswith(shown)]
    lines += [f"Not ready for {g['blocks']}: {g['detail']} ({g['code']})" for g in report["gates"]]
    lines.append(_termination_line(report))
    lines.append(_arbitration_line(report))
    if report["degraded"]:
        lines.append(f"DEGRADED: {'; '.join(report['degraded'])}")
    lines += _theme_lines(report) + _priority_lines(report) + _inconclusive_lines(report)
    lines.append(f"Allowed moves: {', '.join(report['allowed_moves']) or 'none'}")
    lines += next_step_lines(report["next"])
    return "\n".join(lines) + "\n"


def _theme_lines(report: dict) -> list[str]:
    grouped = report["open_by_theme"]
    if not grouped:
        return []
    count = sum(len(ids) for ids in grouped.values())
    return [f"{count} points are open (more than {themes.GROUPING_THRESHOLD}): show them to the user grouped by "
            "theme and ask which themes to take first:", *("  " + line for line in themes.theme_lines(grouped))]


def _priority_lines(report: dict) -> list[str]:
    given = report["priority"]
    return [priority.priority_line(given)] if given else []


def _inconclusive_lines(report: dict) -> list[str]:
    if report["inconclusive"] is None:
        return []
    return [f"{themes.INCONCLUSIVE}. Do not present it as a successful deliberation; tell the user what would "
            "resolve each point, and let them decide whether to start a new session or accept it:",
            *("  " + line for line in themes.inconclusive_lines(report["inconclusive"]))]


def _headline(report: dict) -> str:
    extended = report["phase"]["extended"] and report["iteration"] == 3
    phase = report["phase"]["name"] + (" (extended)" if extended else "")
    if report["status"] == "in_progress" and report["phase"]["next_reply"] != report["phase"]["name"]:
        phase += f", next reply {report['phase']['next_reply']}"
    consultee = report["consultee"]
    session = f", session {consultee['session_id']}" if consultee["session_id"] else ""
    return (f"deliberate · {report['status']} · round {report['iteration']} of {report['cap']} · {phase}"
            f" · {report['mode']} mode · consultee {consultee['name']}{session}")


def _buckets_line(report: dict) -> str:
    counts = ", ".join(f"{report['buckets'][name]} {name}" for name in BUCKET_NAMES)
    decided = report["status"] in ("synthesized", "presented")
    return f"Buckets: {counts}" + (f" · confidence {report['confidence']}" if decided else "")


def _challenge_lines(report: dict) -> list[str]:
    if not report["open_challenges"]:
        return ["Open challenges: none"]
    lines = ["Open challenges:"]
    for c in report["open_challenges"]:
        if c["status"] == "defended":
            duty = f"defended: the {c['challenger']} must judge it"
        elif c["id"] in report["lapsing"]:
            duty = _lapse_text(c, report["iteration"])
        else:
            window = "single round" if c["kind"] == "reject" else f"drops {c['drops']}"
            duty = f"{c['status']}: the {c['respondent']} must answer by round {c['due_round']} · {window}"
        lines.append(f"  {c['id']} on {c['point']} · {c['kind']} · {duty}")
    return lines


def _lapse_text(challenge: dict, iteration: int) -> str:
    final = challenge["kind"] == "reject" or challenge["drops"] >= 1
    if challenge["respondent"] == "orchestrator":
        return f"due now: defend or concede it before the next consult, or it {'is undefended' if final else 'drops'}"
    fate = "undefended" if final else "dropped (a reminder goes into the next prompt)"
    return f"not answered in round {iteration}: {fate} when the next reply arrives"


def _termination_line(report: dict) -> str:
    met = [name for name, option in report["termination"].items() if option["met"]]
    if met:
        return "Termination met: " + "; ".join(f"{n} ({report['termination'][n]['reason']})" for n in met)
    convergence = report["termination"].get("convergence", {}).get("reason", "")
    return f"Termination: none met yet (convergence: {convergence}; cap {report['cap']})"


def _arbitration_line(report: dict) -> str:
    arbitration = report["arbitration"]
    if arbitration["recorded"]:
        return "Arbitration: recorded"
    if arbitration["due"]:
        return f"Arbitration: DUE ({', '.join(arbitration['triggers'])})"
    return "Arbitration: not due"
