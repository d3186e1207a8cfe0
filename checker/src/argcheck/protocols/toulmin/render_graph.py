"""Toulmin's diagram as Mermaid and Graphviz DOT (pure).

Both use Toulmin's classic layout: Data → (so) Qualifier, Claim along the top, the Warrant hanging under
the step ("since"), its Backing under it ("on account of"), and the Rebuttal under the qualified claim
("unless"); the Verdict follows the claim.
"""

from __future__ import annotations

from argcheck.protocols.toulmin.state import TERMINATED
from argcheck.core.text import clip, dot_string

LABEL_CHARS = 90


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
    facts = [gap]
    if data:
        facts = [clip(f, LABEL_CHARS) for f in data["facts"][:3]] + (["…"] if len(data["facts"]) > 3 else [])
    nodes = {
        "D": (["Data", *facts], cls("data")),
        "Q": (["Qualifier", f"{qualifier['degree']} ({qualifier['confidence_pct']}%)" if qualifier else gap],
              cls("qualifier")),
        "C": (["Claim", clip(c["claim"]["statement"], LABEL_CHARS) if "claim" in c else gap], cls("claim")),
        "W": ([f"Warrant · {c['warrant']['strength']}" if "warrant" in c else "Warrant",
               clip(c["warrant"]["principle"], LABEL_CHARS) if "warrant" in c else gap], cls("warrant")),
        "B": ([f"Backing · {c['backing']['strength']}" if "backing" in c else "Backing",
               clip(c["backing"]["authority"], LABEL_CHARS) if "backing" in c else gap], cls("backing")),
        "R": ([f"Rebuttal · {c['rebuttal']['strength']}" if "rebuttal" in c else "Rebuttal",
               clip(c["rebuttal"]["exceptions"][0], LABEL_CHARS) if "rebuttal" in c else gap], cls("rebuttal")),
    }
    if state.status == TERMINATED:
        nodes["V"] = (["TERMINATED", "; ".join(t.label for t in state.terminations)], "rejected")
    else:
        verdict = c.get("verdict")
        nodes["V"] = (["Verdict", verdict["status"].upper() if verdict else "…"], cls("verdict"))
    return nodes


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
        text = "\\n".join(dot_string(line) for line in label)
        lines.append(f'  {key} [label="{text}", shape={shape}, fillcolor="{fill}", color="{stroke}", '
                     f'style="rounded,filled,{style}"];')
    lines += ['  J [shape=point, width=0.05, label=""];',
              '  D -> J [arrowhead=none];', '  J -> Q [label="so"];', "  Q -> C;", "  C -> V [penwidth=2];",
              '  W -> J [style=dashed, label="since"];', '  B -> W [style=dashed, label="on account of"];',
              '  R -> C [style=dashed, label="unless"];',
              "  { rank=same; J; W; B; }", "  { rank=same; C; R; }", "}"]
    return "\n".join(lines) + "\n"

