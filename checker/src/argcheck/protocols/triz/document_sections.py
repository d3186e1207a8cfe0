"""The sections of the Knowledge Document, each built from the recorded moves (pure)."""

from __future__ import annotations

from argcheck.protocols.triz.render_graph import mermaid
from argcheck.core.text import cell, flat

NONE = "_None recorded._"


def _prose(state, key: str) -> str:
    document = state.knowledge_document
    return document[key] if document else "_(written when the session crystallizes)_"


def _claim_line(claim) -> str:
    return f"**[{claim.id}]** {flat(claim.claim_text)} — *{claim.status}, {claim.confidence}*"


def _graph_claims(state) -> list:
    return [state.claims[node] for node in sorted(state.graph.order, key=lambda c: int(c[1:]))]


def core_insight(state) -> str:
    rests_on = "\n".join(f"- {_claim_line(c)}" for c in _graph_claims(state)) or NONE
    return f"{_prose(state, 'core_insight')}\n\nThe validated claims it rests on:\n\n{rests_on}"


def problem_context(state) -> str:
    parts = [f"**Problem.** {flat(state.problem)}", "**Fundamentals.**\n\n" + _bullets(state.fundamentals)]
    art = [f"{flat(item['summary'])} ({', '.join(_link(s) for s in item['sources'])})" for item in state.state_of_art]
    parts.append("**State of the art.**\n\n" + _bullets(art))
    marks = {i: " *(confirmed)*" for i in state.confirmed_assumptions}
    marks.update({i: " *(rejected by the user)*" for i in state.rejected_assumptions})
    assumptions = [flat(a) + marks.get(i, "") for i, a in enumerate(state.assumptions)]
    assumptions += [flat(a) + " *(added by the user)*" for a in state.user_added_assumptions]
    parts.append("**Assumptions.**\n\n" + _bullets(assumptions))
    reframings = [f"{flat(r['text'])} ({r['reframing_type']})" + (" ★ *selected*" if i in state.selected_reframings
                                                                   else "") for i, r in enumerate(state.reframings)]
    reframings += [flat(r) + " *(added by the user)*" for r in state.user_added_reframings]
    parts.append("**Reframings.**\n\n" + _bullets(reframings))
    return "\n\n".join(parts)


def reasoning_chain(state) -> str:
    rounds: dict[int, list] = {}
    for claim in state.claims.values():
        rounds.setdefault(claim.round_created, []).append(claim)
    parts = []
    for number in sorted(rounds):
        lines = [f"**Round {number}**"]
        for claim in rounds[number]:
            if claim.claim_type == "user_contributed":
                lines.append(f"- [{claim.id}] user insight: {flat(claim.claim_text)}")
                continue
            builds = f" (builds on [{claim.builds_on_claim_id}])" if claim.builds_on_claim_id else ""
            lines.append(f"- [{claim.id}]{builds} thesis: {flat(claim.thesis_text)}\n  - antithesis: "
                         f"{flat(claim.antithesis_text)}\n  - synthesis: {flat(claim.claim_text)} → verdict "
                         f"**{claim.verdict or 'pending'}**" + _merged(claim))
            lines += [f"  - user feedback: {flat(text)}" for text in claim.user_feedback]
        lines += [f"- thesis left without a synthesis: {flat(t['thesis'])}\n  - antithesis: {flat(t['antithesis'])}"
                  for t in state.unsynthesized if t["round"] == number]
        lines += [f"- build decision: **{d['decision']}**" + (f" on [{d['deep_dive_claim_id']}]"
                                                             if d["deep_dive_claim_id"] else "")
                  for d in state.decisions if d["round"] == number]
        parts.append("\n".join(lines))
    return "\n\n".join(parts) or NONE


def _merged(claim) -> str:
    return f" with {', '.join(f'[{c}]' for c in claim.merge_with)}" if claim.merge_with else ""


def evidence_base(state) -> str:
    parts = []
    for claim in _graph_claims(state):
        scores = claim.scores or {}
        table = ("| novelty | groundedness | falsifiability | significance |\n|---|---|---|---|\n| "
                 + " | ".join(str(scores.get(k, "–")) for k in ("novelty", "groundedness", "falsifiability",
                                                                  "significance")) + " |")
        evidence = [f"{_link(e)} — {e['evidence_type']}, by {e.get('contributed_by', 'agent')}: "
                    f"{flat(e['content_summary'])}" for e in claim.evidence]
        parts.append(f"### {claim.id}\n\n{_claim_line(claim)}\n\n{table}\n\n{_bullets(evidence)}")
    return "\n\n".join(parts) or NONE


def cross_domain_patterns(state) -> str:
    analogies = [f"{flat(a['source_domain'])} → {flat(a['target_application'])} ({a['semantic_distance']}): "
                 f"{flat(a['analogy_description'])}" + (" ★ *starred*" if i in state.starred_analogies else "")
                 for i, a in enumerate(state.cross_domain_analogies)]
    contradictions = [f"{flat(c['property_a'])} vs {flat(c['property_b'])}: {flat(c['description'])} → "
                      f"{flat(c['resolution_direction'])}" for c in state.contradictions]
    box = "\n".join(f"| {cell(p['name'])} | {cell(', '.join(p['values']))} |" for p in state.morphological_box or [])
    return "\n\n".join([
        "**Analogies.**\n\n" + _bullets(analogies), "**Contradictions.**\n\n" + _bullets(contradictions),
        "**Morphological box.**\n\n" + (f"| parameter | values |\n|---|---|\n{box}" if box else NONE),
        "**Adjacent possible.**\n\n" + _bullets(state.adjacent_possible)])


def boundaries(state) -> str:
    parts = []
    for claim in state.claims.values():
        if claim.claim_type == "user_contributed":
            continue
        lines = [f"- [{claim.id}] falsifiable if: {flat(claim.falsifiability_condition)}"]
        lines += [f"  - falsification ({f['outcome']}): {flat(f['approach'])}" for f in claim.falsifications]
        if claim.novelty:
            lines.append(f"  - novelty: {'novel' if claim.novelty['is_novel'] else 'already known'}"
                         + "".join(f"; similar: {flat(w)}" for w in claim.novelty["similar_work"]))
        if claim.qualification:
            lines.append(f"  - qualified: {flat(claim.qualification)}")
        parts.append("\n".join(lines))
    return "\n".join(parts) or NONE


def negative_knowledge(state) -> str:
    lines = [f"- [{c}] {flat(state.claims[c].claim_text)} — rejected: {flat(state.claims[c].rejection_reason or '')}"
             for c in state.negative_knowledge]
    return "\n".join(lines) or NONE


def knowledge_graph(state) -> str:
    edges = "\n".join(f"| {s} | {k} | {t} |" for s, t, k in state.graph.edges)
    table = f"| from | edge | to |\n|---|---|---|\n{edges}" if edges else "_No edges._"
    locks = "**Convergence locks.**\n\n" + _bullets(state.convergence_locks)
    return f"```mermaid\n{mermaid(state)}```\n\n{table}\n\n{locks}"


def implementation_guide(state) -> str:
    return _prose(state, "implementation_guide")


def next_frontiers(state) -> str:
    return f"{_prose(state, 'next_frontiers')}\n\n**Gaps.**\n\n{_bullets(state.gaps)}"


def research_log(state) -> str:
    rows = [f"| {s['seq']} | {s['phase']} | {s['purpose']}"
            + (f" ({cell(s['domain'])})" if s.get("domain") else "")
            + (f" (slot {s['claim_index']})" if s.get("claim_index") is not None else "")
            + f" | {cell(s['query'])}{' (sources from the user)' if s.get('by') == 'user' else ''}"
            + f" | {len(s['results'])} | {'yes' if s.get('witnessed') else 'no'} |" for s in state.research_log]
    if not rows:
        return ""
    head = ("## Appendix: research log\n\n| move | phase | for | query | results | witnessed |\n"
            "|---|---|---|---|---|---|\n")
    return head + "\n".join(rows)


def user_decisions(state) -> str:
    """Each user move, and the witnessed prompt it cites ("no": as the agent recorded it; "via page": the user
    answered in the page `argcheck view --serve` shows)."""
    rows = [f"| {d['seq']} | {d['type']} | {_provenance(d)} |" for d in state.user_decisions]
    if not rows:
        return ""
    return "## Appendix: user decisions\n\n| move | decision | witnessed |\n|---|---|---|\n" + "\n".join(rows)


def _provenance(decision: dict) -> str:
    if decision.get("via") == "page":
        return "via page (the user's own form)"
    return "prompt " + str(decision["witness"]) if decision["witness"] else "no"


def _bullets(items) -> str:
    return "\n".join(f"- {item}" for item in items) or NONE


def _link(source: dict) -> str:
    return f"[{cell(source['source_title'])}]({source['source_url']})"
