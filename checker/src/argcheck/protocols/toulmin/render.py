"""`argcheck render`: the analysis report (md, phase 5), the chain as JSON, and Toulmin's diagram (pure).

The Mermaid and DOT diagrams use Toulmin's classic layout: Data → (so) Qualifier, Claim along the top,
the Warrant hanging under the step ("since"), its Backing under it ("on account of"), and the Rebuttal
under the qualified claim ("unless"); the Verdict follows the claim.
"""

from __future__ import annotations

import dataclasses
import json

from argcheck.protocols.toulmin.nextstep import NEXT_PHASE, breakers
from argcheck.protocols.toulmin.prompting import provenance_text
from argcheck.protocols.toulmin.state import COMPONENTS, PHASE_NAMES, REPORTED, TERMINATED, band_text

FORMATS = ("md", "json", "mermaid", "dot")
LABEL_CHARS = 90


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
    import click

    raise click.UsageError(f"the toulmin protocol renders {', '.join(FORMATS)}, not {fmt!r}")


# -- the Markdown analysis report ------------------------------------------------------------------


def report(state, findings=()) -> str:
    """The analysis report: outcome, breakers and relaxations, the diagram, each phase, council, findings."""
    sections = [
        f"# Toulmin analysis: {_flat(state.query)}", _outcome(state), _summary_table(state), _breaker_section(state),
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
        return f"**Verdict: {verdict['status'].upper()}** — {_flat(verdict['final_statement'])}"
    phase = NEXT_PHASE.get(state.status)
    return f"**In progress** ({state.status}): next is the {PHASE_NAMES[phase]}." if phase else ""


def _summary_table(state) -> str:
    recorded = [name for name in COMPONENTS if name in state.components]
    rows = [("Query", _flat(state.query)), ("Status", state.status),
            ("Chain", f"{len(recorded)} of 7 components" + (f" ({', '.join(recorded)})" if recorded else "")),
            ("Circuit breakers", _breaker_mode(state)),
            ("Council", _council_mode(state))]
    check = state.verdict_check
    if check:
        rows.append(("Verdict rule", _check_text(check)))
    if state.standalone:
        rows.append(("Source", "a standalone chain document (not a state file)"))
    return "| | |\n|---|---|\n" + "\n".join(f"| {name} | {_cell(value)} |" for name, value in rows)


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
    lines += [f"- {_flat(fact)}" for fact in data["facts"]]
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
             f"### Rebuttal ({rebuttal['strength']})", "", "Unless:", ""]
    lines += [f"- {_flat(item)}" for item in rebuttal["exceptions"]]
    if rebuttal.get("counterexamples"):
        lines += ["", "Counterexamples:", ""] + [f"- {_flat(item)}" for item in rebuttal["counterexamples"]]
    lines += _council_refs(state, rebuttal)
    lines += ["", "### Qualifier", "",
              f"**{qualifier['degree']}** — confidence {qualifier['confidence_pct']}% "
              f"(the {qualifier['degree']} band is {band_text(qualifier['degree'])})", "",
              _quote(qualifier["rationale"])]
    return "\n".join(lines)


def _judgment(state) -> str:
    verdict = state.components.get("verdict")
    if not verdict:
        return ""
    check = state.verdict_check
    return "\n".join([
        f"## 4. Verdict (move {state.recorded_at['verdict']})", "",
        f"**{verdict['status'].upper()}**", "", _quote(verdict["reasoning"]), "",
        f"Final statement: {_flat(verdict['final_statement'])}", "",
        f"Consistency (docs/protocols/toulmin.md §5): {_check_text(check)}.",
    ])


def _council(state) -> str:
    if not state.council_requests and not state.opinions:
        return ""
    lines = ["## Council of field experts", ""]
    for request in state.council_requests:
        asked = f": {_flat(request.question)}" if request.question else ""
        lines.append(f"- Move {request.seq}: asked {', '.join(request.perspectives)}{asked}")
    pending = state.pending_perspectives
    if pending:
        lines.append(f"- Not answered: {', '.join(pending)}")
    if state.opinions:
        lines += ["", "| id | perspective | feeds | provenance | cited by | opinion |", "|---|---|---|---|---|---|"]
        for o in state.opinions.values():
            cited = ", ".join(o.cited_by) or "not cited"
            lines.append(f"| {o.id} | {_cell(o.perspective)} | {o.feeds} | {_cell(provenance_text(o.provenance))} | "
                         f"{cited} | {_cell(o.opinion)} |")
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
                         f"{_flat(opinion.opinion)}")
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
        quote = f" — “{_flat(citation['quote'])}”" if citation.get("quote") else ""
        lines.append(f"{number}. {_flat(citation['source'])} — {_flat(citation['locator'])}{quote}")
    return lines


def _quote(text: str) -> str:
    return "\n".join("> " + line for line in text.strip().splitlines())


def _flat(text) -> str:
    return " ".join(str(text).split())


def _cell(value) -> str:
    return _flat(value).replace("|", "\\|")


# -- the diagrams ------------------------------------------------------------------------------------


def _nodes(state) -> dict:
    """Per node: (label lines, css class). Unrecorded components are shown as pending placeholders."""
    c = state.components
    tripped = {t.component for t in state.terminations}
    relaxed = {item["component"] for item in state.relaxed}

    def cls(name):
        if name in tripped:
            return "rejected"
        if name in relaxed:
            return "relaxed"
        return "recorded" if name in c else "pending"

    data = c.get("data")
    qualifier = c.get("qualifier")
    gap = "not reached" if state.status == TERMINATED else "…"
    facts = [_clip(f) for f in data["facts"][:3]] + (["…"] if len(data["facts"]) > 3 else []) if data else [gap]
    nodes = {
        "D": (["Data", *facts], cls("data")),
        "Q": (["Qualifier", f"{qualifier['degree']} ({qualifier['confidence_pct']}%)" if qualifier else gap],
              cls("qualifier")),
        "C": (["Claim", _clip(c["claim"]["statement"]) if "claim" in c else gap], cls("claim")),
        "W": ([f"Warrant · {c['warrant']['strength']}" if "warrant" in c else "Warrant",
               _clip(c["warrant"]["principle"]) if "warrant" in c else gap], cls("warrant")),
        "B": ([f"Backing · {c['backing']['strength']}" if "backing" in c else "Backing",
               _clip(c["backing"]["authority"]) if "backing" in c else gap], cls("backing")),
        "R": ([f"Rebuttal · {c['rebuttal']['strength']}" if "rebuttal" in c else "Rebuttal",
               _clip(c["rebuttal"]["exceptions"][0]) if "rebuttal" in c else gap], cls("rebuttal")),
    }
    if state.status == TERMINATED:
        nodes["V"] = (["TERMINATED", "; ".join(t.label for t in state.terminations)], "rejected")
    else:
        verdict = c.get("verdict")
        nodes["V"] = (["Verdict", verdict["status"].upper() if verdict else "…"], cls("verdict"))
    return nodes


def _clip(text: str) -> str:
    text = _flat(text)
    return text if len(text) <= LABEL_CHARS else text[:LABEL_CHARS - 1] + "…"


MERMAID_CLASSES = {
    "recorded": "fill:#eef5ff,stroke:#3b6ea8,color:#111",
    "pending": "fill:#f6f6f6,stroke:#aaa,stroke-dasharray:4 3,color:#777",
    "rejected": "fill:#fde8e8,stroke:#c0392b,stroke-width:2px,color:#111",
    "relaxed": "fill:#fff4de,stroke:#d68910,stroke-width:2px,color:#111",
}


def mermaid(state) -> str:
    """A Mermaid flowchart in Toulmin's classic layout."""
    nodes = _nodes(state)
    shapes = {"V": ("{{", "}}")}
    lines = ["flowchart LR"]
    for key in ("D", "W", "B", "Q", "C", "R", "V"):
        label, _ = nodes[key]
        opening, closing = shapes.get(key, ("[", "]"))
        text = "<br/>".join([f"<b>{_mermaid_text(label[0])}</b>", *(_mermaid_text(line) for line in label[1:])])
        lines.append(f'  {key}{opening}"{text}"{closing}')
    lines += ['  D -->|so| Q', "  Q --> C", '  W -.->|since| Q', '  B -.->|on account of| W', '  Q -.->|unless| R',
              "  C ==> V"]
    for name, style in MERMAID_CLASSES.items():
        lines.append(f"  classDef {name} {style}")
    by_class: dict[str, list[str]] = {}
    for key in ("D", "W", "B", "Q", "C", "R", "V"):
        by_class.setdefault(nodes[key][1], []).append(key)
    lines += [f"  class {','.join(keys)} {name}" for name, keys in by_class.items()]
    return "\n".join(lines) + "\n"


MERMAID_ESCAPES = str.maketrans({char: f"#{ord(char)};" for char in '#&"<>'})


def _mermaid_text(text: str) -> str:
    """Mermaid entity codes (#34; ...) for every character that could end the label or open markup."""
    return text.translate(MERMAID_ESCAPES)


DOT_COLORS = {"recorded": ("#eef5ff", "#3b6ea8", "solid"), "pending": ("#f6f6f6", "#aaaaaa", "dashed"),
              "rejected": ("#fde8e8", "#c0392b", "bold"), "relaxed": ("#fff4de", "#d68910", "bold")}


def dot(state) -> str:
    """Graphviz DOT in the classic layout: warrant and backing stacked under the step, rebuttal under the claim."""
    nodes = _nodes(state)
    lines = ["digraph toulmin {", "  rankdir=LR;", '  node [shape=box, style="rounded,filled", fontname="Helvetica"];',
             '  edge [fontname="Helvetica", fontsize=10];']
    for key in ("D", "W", "B", "Q", "C", "R", "V"):
        label, css = nodes[key]
        fill, stroke, style = DOT_COLORS[css]
        shape = "hexagon" if key == "V" else "box"
        text = "\\n".join(_dot_text(line) for line in label)
        lines.append(f'  {key} [label="{text}", shape={shape}, fillcolor="{fill}", color="{stroke}", '
                     f'style="rounded,filled,{style}"];')
    lines += ['  J [shape=point, width=0.05, label=""];',
              '  D -> J [arrowhead=none];', '  J -> Q [label="so"];', "  Q -> C;", "  C -> V [penwidth=2];",
              '  W -> J [style=dashed, label="since"];', '  B -> W [style=dashed, label="on account of"];',
              '  R -> C [style=dashed, label="unless"];',
              "  { rank=same; J; W; B; }", "  { rank=same; C; R; }", "}"]
    return "\n".join(lines) + "\n"


def _dot_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


# -- JSON ----------------------------------------------------------------------------------------------


def standalone_chain(state) -> dict:
    """The chain as one object (Toulmini's exchange format); `argcheck validate` accepts it back."""
    chain = {"query": state.query}
    if state.relax:
        chain["relax"] = list(state.relax)
    chain.update({name: state.components[name] for name in COMPONENTS if name in state.components})
    return chain


def state_json(state, findings=()) -> str:
    value = {
        "protocol": "toulmin",
        "status": state.status,
        "closed": state.status in (TERMINATED, REPORTED),
        "query": state.query,
        "relax": list(state.relax),
        "council_enabled": state.council_enabled,
        "chain": standalone_chain(state),
        "recorded_at": state.recorded_at,
        "breakers": breakers(state),
        "terminations": [dataclasses.asdict(t) | {"label": t.label} for t in state.terminations],
        "relaxed": state.relaxed,
        "verdict_check": state.verdict_check,
        "council": {"requests": [dataclasses.asdict(r) for r in state.council_requests],
                    "opinions": [dataclasses.asdict(o) for o in state.opinions.values()],
                    "pending": state.pending_perspectives},
        "report": state.report,
        "standalone": state.standalone,
        "findings": [f.to_dict() for f in findings],
    }
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"
