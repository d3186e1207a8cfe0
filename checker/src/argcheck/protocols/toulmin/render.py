"""`argcheck render`: the analysis report (md, phase 5), the chain as JSON, and Toulmin's diagram (pure).

This module dispatches on the format and writes the Markdown report; the diagrams (mermaid, dot) live in
`render_graph` and the JSON views in `render_json`, re-exported here for the callers that import them.
"""

from __future__ import annotations

from argcheck.protocols.toulmin.nextstep import NEXT_PHASE, breakers
from argcheck.protocols.toulmin.prompting import provenance_text
from argcheck.protocols.toulmin.render_graph import dot, mermaid
from argcheck.protocols.toulmin.render_json import standalone_chain, state_json
from argcheck.protocols.toulmin.state import (
    COMPONENTS, PHASE_NAMES, TERMINATED, band_text, citation_locator, rebuttal_level,
)
from argcheck.core.text import cell, flat

__all__ = ["dot", "mermaid", "render", "report", "standalone_chain", "state_json"]

def render(state, fmt: str, findings=()) -> str:
    """Render `state` as `fmt`; `findings` are the replay's findings (shown in the report)."""
    if fmt == "md":
        return report(state, findings)
    if fmt == "json":
        return state_json(state, findings)
    if fmt == "mermaid":
        return mermaid(state)
    if fmt == "dot":
        return dot(state)
    raise ValueError(f"unknown format {fmt!r} (the spec lists what this protocol renders)")


# -- the Markdown analysis report ------------------------------------------------------------------


def report(state, findings=()) -> str:
    """The analysis report: outcome, breakers and relaxations, the diagram, each phase, council, findings."""
    sections = [
        f"# Toulmin analysis: {flat(state.query)}", _outcome(state), _summary_table(state), _breaker_section(state),
        "## The argument in Toulmin's layout\n\n```mermaid\n" + mermaid(state) + "```",
        _grounding(state), _bridge(state), _stress(state), _judgment(state), _council(state), _narrative(state),
        _findings_section(findings),
    ]
    return "\n\n".join(s for s in sections if s) + "\n"


def _outcome(state) -> str:
    if state.status == TERMINATED:
        parts = "; ".join(f"{t.label} ({t.component} strength {t.strength!r}, move {t.seq})"
                          for t in state.terminations)
        return (f"**Outcome: TERMINATED by the circuit breaker** — {parts}. The chain stops at the logic bridge: "
                "no rebuttal, qualifier or verdict can be recorded on a rejected bridge.")
    verdict = state.components.get("verdict")
    if verdict:
        return f"**Verdict: {verdict['status'].upper()}** — {flat(verdict['final_statement'])}"
    phase = NEXT_PHASE.get(state.status)
    return f"**In progress** ({state.status}): next is the {PHASE_NAMES[phase]}." if phase else ""


def _summary_table(state) -> str:
    recorded = [name for name in COMPONENTS if name in state.components]
    rows = [("Query", flat(state.query)), ("Status", state.status),
            ("Chain", f"{len(recorded)} of 7 components" + (f" ({', '.join(recorded)})" if recorded else "")),
            ("Circuit breakers", _breaker_mode(state)),
            ("Council", _council_mode(state))]
    check = state.verdict_check
    if check:
        rows.append(("Verdict rule", _check_text(check)))
    if state.standalone:
        rows.append(("Source", "a standalone chain document (not a state file)"))
    return "| | |\n|---|---|\n" + "\n".join(f"| {name} | {cell(value)} |" for name, value in rows)


def _breaker_mode(state) -> str:
    if not state.relax:
        return "strict (a weak or irrelevant warrant or backing terminates the chain)"
    return f"RELAXED for {', '.join(state.relax)} (see below)"


def _council_mode(state) -> str:
    if not state.council_enabled:
        return "disabled"
    if not state.council_requests:
        return "enabled, not consulted"
    return f"{len(state.opinions)} opinion(s) from {len(state.requested_perspectives)} requested perspective(s)"


def _check_text(check: dict) -> str:
    text = f"rebuttal {check['rebuttal']}, confidence {check['confidence']} → allowed: {', '.join(check['allowed'])}"
    if check["weakest_link"] != "strong":
        text += f" (weakest link: {check['weakest_link']})"
    if check["status"]:
        text += f"; recorded {check['status']}: {'consistent' if check['consistent'] else 'INCONSISTENT'}"
    return text


def _breaker_section(state) -> str:
    lines = ["## Circuit breakers"]
    for name, breaker in breakers(state).items():
        strength = f" (strength {breaker['strength']})" if breaker["strength"] else ""
        lines.append(f"- **{name.capitalize()}** — breaker {breaker['mode']}: {breaker['outcome']}{strength}")
    for item in state.relaxed:
        lines.append(f"- **Relaxation in effect:** the {item['component']} is {item['strength']} (move {item['seq']}); "
                     f"a strict chain would have terminated here. This chain was started with "
                     f"`--relax {item['component']}`.")
    if state.relax and not state.relaxed:
        lines.append(f"- Relaxed for this chain: {', '.join(state.relax)} (not needed so far).")
    return "\n".join(lines)


def _grounding(state) -> str:
    data, claim = state.components.get("data"), state.components.get("claim")
    if not data:
        return ""
    lines = [f"## 1. Grounding (move {state.recorded_at['data']})", "",
             f"### Data ({data['evidence_type']})", ""]
    lines += [f"- {flat(fact)}" for fact in data["facts"]]
    lines += ["", "Citations:", ""] + _citations(data["citations"])
    lines += ["", f"### Claim ({claim['scope']})", "", _quote(claim["statement"])]
    return "\n".join(lines)


def _bridge(state) -> str:
    warrant, backing = state.components.get("warrant"), state.components.get("backing")
    if not warrant:
        return ""
    lines = [f"## 2. Logic bridge (move {state.recorded_at['warrant']})", "",
             f"### Warrant ({warrant['logic_type']}, {warrant['strength']}){_mark(state, 'warrant')}", "",
             _quote(warrant["principle"]), "",
             f"### Backing ({backing['strength']}){_mark(state, 'backing')}", "", _quote(backing["authority"]), "",
             "Citations:", ""] + _citations(backing["citations"])
    lines += _council_refs(state, backing)
    return "\n".join(lines)


def _mark(state, component: str) -> str:
    if any(t.component == component for t in state.terminations):
        return " — REJECTED: the chain terminates here"
    if any(item["component"] == component for item in state.relaxed):
        return " — let through: breaker relaxed"
    return ""


def _stress(state) -> str:
    rebuttal, qualifier = state.components.get("rebuttal"), state.components.get("qualifier")
    if not rebuttal:
        return ""
    lines = [f"## 3. Stress test (move {state.recorded_at['rebuttal']})", "",
             f"### Rebuttal ({_rebuttal_strength(rebuttal['strength'])})", "", "Unless:", ""]
    lines += [f"- {flat(item)}" for item in rebuttal["exceptions"]]
    if rebuttal.get("counterexamples"):
        lines += ["", "Counterexamples:", ""] + [f"- {flat(item)}" for item in rebuttal["counterexamples"]]
    lines += _council_refs(state, rebuttal)
    lines += ["", "### Qualifier", "",
              f"**{qualifier['degree']}** — confidence {qualifier['confidence_pct']}% "
              f"(the {qualifier['degree']} band is {band_text(qualifier['degree'])})", "",
              _quote(qualifier["rationale"])]
    return "\n".join(lines)


def _rebuttal_strength(strength: str) -> str:
    level = rebuttal_level(strength)
    return strength if level == strength else f"{strength}, read as {level}"


def _judgment(state) -> str:
    verdict = state.components.get("verdict")
    if not verdict:
        return ""
    check = state.verdict_check
    return "\n".join([
        f"## 4. Verdict (move {state.recorded_at['verdict']})", "",
        f"**{verdict['status'].upper()}**", "", _quote(verdict["reasoning"]), "",
        f"Final statement: {flat(verdict['final_statement'])}", "",
        f"Consistency (docs/protocols/toulmin.md §5): {_check_text(check)}.",
    ])


def _council(state) -> str:
    if not state.council_requests and not state.opinions:
        return ""
    lines = ["## Council of field experts", ""]
    for request in state.council_requests:
        asked = f": {flat(request.question)}" if request.question else ""
        lines.append(f"- Move {request.seq}: asked {', '.join(request.perspectives)}{asked}")
    pending = state.pending_perspectives
    if pending:
        lines.append(f"- Not answered: {', '.join(pending)}")
    if state.opinions:
        lines += ["", "| id | perspective | feeds | provenance | cited by | opinion |", "|---|---|---|---|---|---|"]
        for o in state.opinions.values():
            cited = ", ".join(o.cited_by) or "not cited"
            lines.append(f"| {o.id} | {cell(o.perspective)} | {o.feeds} | {cell(provenance_text(o.provenance))} | "
                         f"{cited} | {cell(o.opinion)} |")
    return "\n".join(lines)


def _council_refs(state, component: dict) -> list[str]:
    refs = component.get("council") or []
    if not refs:
        return []
    lines = ["", "Council opinions drawn on:", ""]
    for opinion_id in refs:
        opinion = state.opinions.get(opinion_id)
        if opinion:
            lines.append(f"- {opinion_id} ({opinion.perspective}, {provenance_text(opinion.provenance)}): "
                         f"{flat(opinion.opinion)}")
    return lines


def _narrative(state) -> str:
    if not state.report:
        return ""
    return f"## Report (phase 5, move {state.report['seq']})\n\n{state.report['summary'].strip()}"


def _findings_section(findings) -> str:
    shown = [f for f in findings if f.severity in ("error", "warning", "info")]
    if not shown:
        return ""
    lines = ["## Findings", ""]
    for f in sorted(shown, key=lambda f: (f.move or 0, f.path, f.code)):
        where = f" (move {f.move})" if f.move else (f" ({f.path})" if f.path else "")
        lines.append(f"- {f.code} {f.name} {f.severity}{where}: {f.message}")
    return "\n".join(lines)


def _citations(citations) -> list[str]:
    lines = []
    for number, citation in enumerate(citations, 1):
        quote = f" — “{flat(citation['quote'])}”" if citation.get("quote") else ""
        url = f" — {flat(citation['url'])}" if citation.get("url") else ""
        where = citation_locator(citation)
        where = f" — {flat(where)}" if where else ""
        lines.append(f"{number}. {flat(citation['source'])}{where}{url}{quote}")
    return lines


def _quote(text: str) -> str:
    return "\n".join("> " + line for line in text.strip().splitlines())
