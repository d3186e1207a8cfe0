"""The deliberation's picture for `argcheck view`, as plain data: rounds and phases, the attack graph, the
ledger of points, the challenges with their resolutions, the evidence and the decision (pure)."""

from __future__ import annotations

from argcheck.protocols.deliberate import queries, render_graph, termination, themes
from argcheck.protocols.deliberate.standing import evidence_ids, natural_key, point_status
from argcheck.protocols.deliberate.state import phase_of

BUCKET_TONE = {"agreed": "good", "dismissed": "bad", "unresolved": "warn", None: "muted"}
LABEL_TONE = {"in": "info", "out": "muted", "undec": "warn"}


def view(state, findings) -> dict:
    return {"summary": _summary(state),
            "sections": [_rounds(state), _graph(state), _points(state), _challenges(state), _evidence(state),
                         _decision(state)]}


def _summary(state) -> list:
    synthesis = state.synthesis or {}
    rows = [("Phase", state.phase), ("Round", f"{state.iteration} of {state.cap}"),
            ("Confidence", queries.confidence(state)), ("Answer", synthesis.get("answer") or "none yet")]
    blockers = themes.inconclusive(state)
    if blockers is not None:  # the protocol's inconclusive exit, with what would resolve each point
        rows.insert(0, (themes.INCONCLUSIVE, "; ".join(f"{b['point']} ({b['blocker']}): {b['resolve']}"
                                                      for b in blockers)))
    return rows


def _rounds(state) -> dict:
    steps = []
    for number, record in enumerate(state.rounds):
        new = ", ".join(record.new_points) or "no new point"
        disputed = record.disputed_at_close
        closing = "open" if disputed is None else f"disputed at close: {', '.join(sorted(disputed)) or 'none'}"
        where = "current" if number == state.iteration and state.status == "in_progress" else (
            "done" if number <= state.iteration else "todo")
        steps.append({"label": f"Round {number} · {phase_of(number, state.extended)}",
                      "detail": f"new: {new}; {closing}", "state": where})
    return {"kind": "steps", "title": "Rounds and phases", "steps": steps}


def _graph(state) -> dict:
    arguments, attacks, labels = queries.grounded_view(state)
    nodes = []
    for argument in sorted(arguments, key=natural_key):
        kind, label = render_graph.describe(state, argument)
        if kind == "point":
            point = state.points[argument]
            tone, status = BUCKET_TONE.get(point.bucket, "muted"), point.bucket or "pending"
        else:
            status = f"{kind}, grounded {labels.get(argument, 'undec')}"
            tone = LABEL_TONE.get(labels.get(argument, "undec"), "warn")
        nodes.append({"id": argument, "label": label, "text": _full_text(state, argument, label), "tone": tone,
                      "status": status})
    edges = [{"source": s, "target": t, "label": "attacks"} for s, t in sorted(set(attacks))]
    return {"kind": "graph", "title": "Attack graph (points by bucket, challenges and defenses by grounded label)",
            "direction": "RL", "nodes": nodes, "edges": edges}


def _full_text(state, argument: str, label: str) -> str:
    if argument in state.points:
        return state.points[argument].text
    if argument in state.challenges:
        return state.challenges[argument].objection
    return label


def _points(state) -> dict:
    rows, tones = [], []
    for point_id in sorted(state.points, key=natural_key):
        point = state.points[point_id]
        rows.append([{"refs": [point.id], "to": "node"}, point.author, point.kind, point.text,
                     point_status(state, point), {"refs": point.challenge_ids, "ns": "challenge-"},
                     {"refs": evidence_ids(state, point), "ns": "entry-"}])
        tones.append(BUCKET_TONE.get(point.bucket, "muted"))
    return {"kind": "table", "title": "Ledger of points", "row_tones": tones,
            "row_ids": [f"point-{p}" for p in sorted(state.points, key=natural_key)],
            "columns": ["Point", "Raised by", "Kind", "Text", "Bucket · why", "Challenges", "Evidence"],
            "rows": rows, "empty": "No point yet."}


def _challenges(state) -> dict:
    rows = []
    for challenge_id in sorted(state.challenges, key=natural_key):
        c = state.challenges[challenge_id]
        rows.append([{"refs": [c.id], "to": "node"}, {"refs": [c.point], "ns": "point-"},
                     f"{c.kind} by the {c.challenger}", f"round {c.issued_round}", c.objection, c.status,
                     _resolution(c)])
    return {"kind": "table", "title": "Challenges",
            "row_ids": [f"challenge-{c}" for c in sorted(state.challenges, key=natural_key)],
            "columns": ["Challenge", "Target", "Kind", "Issued", "Objection", "Status", "Resolution"],
            "rows": rows, "empty": "No challenge."}


def _resolution(challenge) -> str:
    if challenge.concession:
        return f"conceded: {challenge.concession.get('reason') or 'no reason given'}"
    if challenge.judgments:
        last = challenge.judgments[-1]
        return f"{last['outcome']}: {last.get('reason', '')}"
    if challenge.defenses:
        return f"defended: {challenge.defenses[-1].argument}"
    return "no answer yet"


def _evidence(state) -> dict:
    rows = []
    for entry_id in sorted(state.ledger, key=natural_key):
        e = state.ledger[entry_id]
        where = e.artifact or (f"ran {e.execution.get('command')} (exit {e.execution.get('exit_code')})"
                               if e.execution else "—")
        rows.append([e.id, e.actor, e.provenance, e.evidence_type, where, e.quote or "", e.text,
                     {"refs": e.supports, "ns": "point-"}])
    return {"kind": "table", "title": "Evidence", "rows": rows, "empty": "No evidence recorded.",
            "row_ids": [f"entry-{e}" for e in sorted(state.ledger, key=natural_key)],
            "columns": ["Entry", "By", "Provenance", "Type", "File (path:line) or run", "Quote", "Text", "Supports"]}


def _decision(state) -> dict:
    synthesis = state.synthesis or {}
    rows = [("Status", state.status), ("Answer", synthesis.get("answer") or "none yet"),
            ("Termination", synthesis.get("termination") or "—"), ("Confidence", queries.confidence(state))]
    rows += [("Degraded", reason) for reason in termination.degraded_reasons(state)]
    if state.arbitration:
        rows.append(("Arbitration", state.arbitration.get("summary", "")))
    rows += [(f"Stress test, round {t['round']}", f"{t['outcome']}: {t['summary']}") for t in state.stress_tests]
    return {"kind": "facts", "title": "Decision", "rows": rows}
