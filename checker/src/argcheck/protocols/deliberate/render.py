"""`argcheck render`: the decision log (md), the derived state (json) and the attack graph (pure, sorted)."""

from __future__ import annotations

import json
import re

from argcheck.core.markdown_safety import neutralize
from argcheck.protocols.deliberate import priority, queries, render_graph, termination, themes
from argcheck.protocols.deliberate.rules_witness import witnessed_mark
from argcheck.protocols.deliberate.standing import BUCKET_REASONS, evidence_ids, ledger_line, natural_key, point_status
from argcheck.protocols.deliberate.state import AGREED, DISMISSED, UNRESOLVED
from argcheck.protocols.deliberate.records import fields, is_record
from argcheck.core.text import cell, flat

def render(state, fmt: str, findings=()) -> str:
    """Render `state` as `fmt`; `findings` are the replay's findings (warnings go into the log)."""
    if fmt == "md":
        return neutralize(decision_log(state, findings))  # hostile text stays text in a Markdown viewer
    if fmt == "json":
        return state_json(state, findings)
    if fmt in ("mermaid", "dot", "af"):
        return getattr(render_graph, fmt)(state)
    raise ValueError(f"unknown format {fmt!r} (the spec lists what this protocol renders)")


def decision_log(state, findings=()) -> str:
    """The Markdown decision log: answer, buckets with reasons and evidence, history, ledger, warnings."""
    grouped = queries.buckets(state)
    sections = [
        "# Decision log", _summary(state), *_warnings(state, findings),
        *(_bucket_section(state, name, grouped.get(name, [])) for name in (AGREED, DISMISSED, UNRESOLVED)),
        _pending_section(state, grouped.get("pending", [])), _themes_section(state), _challenge_history(state),
        _ledger(state),
        _stress_tests(state), _arbitration(state), _consultations(state), _findings_section(findings),
    ]
    return "\n\n".join(s for s in sections if s) + "\n"


def _summary(state) -> str:
    synthesis = state.synthesis or {}
    answer = synthesis.get("answer") or f"_No answer yet: the deliberation is {state.status}._"
    header = state.header
    rows = [
        ("Status", state.status),
        ("Mode · flow", f"{state.mode} · {header.get('flow')}"),
        ("Consultee", header.get("consultee")),
        ("Rounds", f"{state.iteration} of {state.cap} (phase {state.phase})"),
        ("Termination", synthesis.get("termination", "—")),
        ("Confidence", _confidence_text(state)),
    ]
    table = "\n".join(f"| {name} | {cell(value)} |" for name, value in rows)
    return (f"**Question:** {flat(state.question)}\n\n**Answer:** {flat(answer)}\n\n"
            f"| | |\n|---|---|\n{table}")


def _warnings(state, findings) -> list[str]:
    blocks = []
    degraded = list(queries.degraded_reasons(state))
    if degraded:
        lines = "\n".join(f"> - {flat(reason)}" for reason in degraded)
        blocks.append(f"> **WARNING: degraded result.** Read the buckets with care:\n>\n{lines}")
    share = termination.flagged_share(state)
    if share >= termination.HEAVY_FLAGGING or any(f.code == "DLB187" for f in findings):
        blocks.append(f"> **WARNING: heavy flagging.** Arbitration flagged {share:.0%} of the points "
                      f"(50% or more): re-examine before relying on this result.")
    blockers = themes.inconclusive(state)
    if blockers is not None:
        lines = "\n".join(f"> {line}" for line in themes.inconclusive_lines(blockers))
        blocks.append(f"> **{themes.INCONCLUSIVE}.** Not a successful deliberation: every point is Unresolved. "
                      f"What would resolve it:\n>\n{lines}\n>\n> Start a new session with that, or accept "
                      "the deliberation as inconclusive.")
    if state.status == "aborted":
        reason = (state.aborted or {}).get("reason", "")
        blocks.append(f"> **WARNING: aborted.** {flat(reason)}")
    return blocks


def _bucket_section(state, name: str, points) -> str:
    title = f"## {name.capitalize()} ({len(points)})"
    if not points:
        return f"{title}\n\n_None._"
    return title + "\n\n" + "\n".join(_point_entry(state, p) for p in _by_id(points))


def _themes_section(state) -> str:
    grouped = themes.open_by_theme(state)
    given = priority.latest(state)
    said = f"\n\n{priority.priority_line(given)}." if given else ""
    if not grouped:
        return f"## The user's priority{said}" if given else ""
    count = sum(len(ids) for ids in grouped.values())
    return (f"## Open points by theme ({count}, more than {themes.GROUPING_THRESHOLD})\n\nFor the user to "
            "prioritise:\n\n" + "\n".join(themes.theme_lines(grouped)) + said)


def _by_id(points):
    return sorted(points, key=lambda p: natural_key(p.id))


def _point_entry(state, point) -> str:
    extends = f", extends {point.extends}" if point.extends else ""
    why = BUCKET_REASONS.get(point.bucket_reason, point.bucket_reason or point_status(state, point))
    lines = [f"- **{point.id}** ({point.author}, {point.kind}{extends}): {flat(point.text)}", f"  - why: {why}"]
    lines += _challenge_refs(state, point)
    if point.settled:
        lines += _settled_lines(point.settled)
    evidence = evidence_ids(state, point)
    if evidence:
        lines.append("  - evidence: " + "; ".join(_evidence_ref(state.ledger[i]) for i in evidence))
    elif point.kind == "empirical":
        lines.append("  - evidence: none verified")
    return "\n".join(lines)


def _challenge_refs(state, point) -> list[str]:
    ids = sorted((c.id for c in state.challenges.values() if c.point == point.id), key=natural_key)
    if not ids:
        return []
    return ["  - challenges: " + ", ".join(f"{i} ({state.challenges[i].kind}: {state.challenges[i].status})"
                                           for i in ids)]


def _settled_lines(settled: dict) -> list[str]:
    lines = []
    if settled.get("question"):
        lines.append(f"  - question for the user: {flat(settled['question'])}")
    if settled.get("tradeoff"):
        lines.append(f"  - tradeoff: {flat(settled['tradeoff'])}")
    return lines


def _evidence_ref(entry) -> str:
    where = f" {entry.artifact}" if entry.artifact else ""
    run = f" `{entry.execution['command']}` exit {entry.execution['exit_code']}" if entry.execution else ""
    return f"{entry.id} [{entry.provenance} · {entry.evidence_type}{where}{run}]"


def _pending_section(state, points) -> str:
    if not points:
        return ""
    lines = [f"- **{p.id}** ({p.author}, {p.kind}): {flat(p.text)} — {point_status(state, p)}" for p in _by_id(points)]
    return f"## Pending ({len(points)})\n\n" + "\n".join(lines)


def _challenge_history(state) -> str:
    if not state.challenges:
        return "## Challenge history\n\n_No challenges._"
    entries = [_challenge_entry(state.challenges[i]) for i in sorted(state.challenges, key=natural_key)]
    return "## Challenge history\n\n" + "\n".join(entries)


def _challenge_entry(challenge) -> str:
    drops = f", dropped {challenge.drops}×" if challenge.drops else ""
    title = (f"- **{challenge.id}** on {challenge.point} · {challenge.kind} · by the {challenge.challenger} · "
             f"round {challenge.issued_round} → **{challenge.status}**{drops}")
    lines = [title, f"  - objection: {flat(challenge.objection)}"]
    events = [(d.seq, _defense_line(challenge, d)) for d in challenge.defenses]
    events += [(j["seq"], _judgment_line(challenge, j)) for j in challenge.judgments]
    if challenge.concession:
        events.append((challenge.concession["seq"], _concession_line(challenge, challenge.concession)))
    return "\n".join(lines + [text for _, text in sorted(events)])


def _defense_line(challenge, defense) -> str:
    return (f"  - round {defense.round} defense by the {challenge.respondent}: "
            f"{flat(defense.argument)}{_cites(defense.evidence)}")


def _judgment_line(challenge, judgment: dict) -> str:
    return (f"  - round {judgment['round']} judgment by the {challenge.challenger}: {judgment['outcome']}: "
            f"{flat(judgment.get('reason', ''))}{_cites(judgment.get('evidence', []))}")


def _concession_line(challenge, concession: dict) -> str:
    reason = f": {flat(concession['reason'])}" if concession.get("reason") else " (no reason given)"
    return f"  - round {concession['round']} concession by the {challenge.respondent}{reason}"


def _cites(evidence) -> str:
    return f" [evidence: {', '.join(evidence)}]" if evidence else ""


def _ledger(state) -> str:
    if not state.ledger:
        return "## Ledger\n\n_Empty._"
    lines = []
    for entry_id in sorted(state.ledger, key=natural_key):
        entry = state.ledger[entry_id]
        lines.append(ledger_line(entry))
        if entry.quote:
            lines.append(f"  - quote: {verbatim(entry.quote)}")
        mark = witnessed_mark(state, entry)
        if mark:
            lines.append(f"  - witnessed: {mark}")
    return "## Ledger (provenance · evidence type)\n\n" + "\n".join(lines)


def verbatim(text: str) -> str:
    """A Markdown code span that shows `text` exactly, runs of spaces included (line breaks as ⏎)."""
    text = text.replace("\r\n", "\n").replace("\n", "⏎")
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    return f"{fence} {text} {fence}"  # CommonMark strips exactly the one padding space on each side


def _stress_tests(state) -> str:
    if state.mode != "standard" and not state.stress_tests:
        return ""
    lines = [f"- round {t['round']} · targets {', '.join(t['targets'])} · **{t['outcome']}**: {flat(t['summary'])}"
             for t in state.stress_tests]
    return "## Stress test\n\n" + ("\n".join(lines) or "_Not performed._")


def _arbitration(state) -> str:
    triggers = sorted(queries.arbitration_triggers(state))
    trigger_line = f"Triggers: {', '.join(triggers)}." if triggers else "No trigger held."
    if not state.arbitration:
        due = " It is due and has not been recorded." if queries.arbitration_due(state) else ""
        return f"## Arbitration\n\n_Not performed._ {trigger_line}{due}" if state.mode == "standard" else ""
    record = state.arbitration
    flags = "\n".join(f"- flag on {f['point']}: {flat(f['concern'])}" for f in record.get("flags", [])) or "- no flags"
    constraints = ", ".join(record.get("constraints", [])) or "none"
    return (f"## Arbitration\n\n{trigger_line} Confidence: **{_confidence_text(state)}**.\n\n"
            f"{flat(record.get('summary', ''))}\n\n{flags}\n\nConstraints: {constraints}")


def _confidence_text(state) -> str:
    value = queries.confidence(state)
    if value == "n/a":
        return "n/a (nothing was agreed)"
    return value


def _consultations(state) -> str:
    if not state.consultations:
        return ""
    lines = []
    for n, c in enumerate(state.consultations, start=1):
        problem = f" ({c.failure_class})" if c.failure_class else ""
        lines.append(f"{n}. {c.outcome}{problem} → iteration {c.round}"
                     f"{' · session ' + c.session_id if c.session_id else ''}")
    return "## Consultations\n\n" + "\n".join(lines)


def _findings_section(findings) -> str:
    shown = sorted((f for f in findings if not f.is_error), key=lambda f: (f.move or 0, f.code))
    if not shown:
        return ""
    lines = [f"- {f.code} {f.name} ({f.severity}): {flat(f.message)}" for f in shown]
    return "## Checker findings\n\n" + "\n".join(lines)


def state_json(state, findings=()) -> str:
    """The derived state as JSON with sorted keys, plus what the queries derive from it."""
    document = {
        "protocol": "deliberate",
        "state": _jsonable(state),
        "phase": state.phase,
        "derived": {
            "buckets": {name: [p.id for p in _by_id(points)] for name, points in queries.buckets(state).items()},
            "confidence": queries.confidence(state),
            "degraded": list(queries.degraded_reasons(state)),
            "inconclusive": themes.inconclusive(state),
            "open_by_theme": themes.open_by_theme(state),
            "arbitration_due": bool(queries.arbitration_due(state)),
            "arbitration_triggers": sorted(queries.arbitration_triggers(state)),
            "termination": {k: list(v) for k, v in queries.termination_options(state).items()},
            "grounded": render_graph.labels(state),
        },
        "findings": [f.to_dict() for f in sorted(findings, key=lambda f: (f.move or 0, f.path, f.code))],
    }
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _jsonable(value):
    if is_record(value):
        return {name: _jsonable(getattr(value, name)) for name in fields(value)}
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted(_jsonable(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
