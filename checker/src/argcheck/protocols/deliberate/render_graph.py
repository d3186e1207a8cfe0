"""The attack graph of a deliberation (spec §7) as Mermaid, Graphviz DOT and ICCMA 2023 text (pure, sorted).

Arguments are the points, the challenges and the defenses; every challenge attacks its point, an accepted
defense attacks its challenge, and a challenge attacks a rejected defense of it. Points are styled by
bucket, challenges and defenses by their grounded label.
"""

from __future__ import annotations

import re

from argcheck.protocols.deliberate.argumentation import to_iccma
from argcheck.protocols.deliberate import queries
from argcheck.protocols.deliberate.standing import natural_key
from argcheck.core.text import clip, dot_string

LABEL_CHARS = 60
BUCKET_STYLE = {  # bucket -> (fill, stroke)
    "agreed": ("#d8f3dc", "#2d6a4f"),
    "dismissed": ("#ffd6d6", "#9d0208"),
    "unresolved": ("#fff3bf", "#b08900"),
    "pending": ("#e9ecef", "#6c757d"),
}
LABEL_STYLE = {"in": ("#ffffff", "#2d6a4f"), "out": ("#f1f3f5", "#adb5bd"), "undec": ("#ffffff", "#b08900")}


def _view(state):
    arguments, attacks, labels = queries.grounded_view(state)
    ordered = sorted(arguments, key=natural_key)
    return ordered, sorted(set(attacks), key=lambda a: (natural_key(a[0]), natural_key(a[1]))), labels


def labels(state) -> dict[str, str]:
    """The grounded label of every argument, for the JSON rendering."""
    arguments, _, found = _view(state)
    return {argument: found.get(argument, "undec") for argument in arguments}


def describe(state, argument: str) -> tuple[str, str]:
    """(kind, label) of an argument: a point, a challenge, or a defense of a challenge."""
    if argument in state.points:
        point = state.points[argument]
        return "point", f"{argument} · {clip(point.text, LABEL_CHARS)}"
    if argument in state.challenges:
        challenge = state.challenges[argument]
        return "challenge", f"{argument} · {challenge.kind} · {clip(challenge.objection, LABEL_CHARS)}"
    challenge, number = defense_of(state, argument)
    if challenge is not None and 0 < number <= len(challenge.defenses):
        return "defense", f"{argument} · defense · {clip(challenge.defenses[number - 1].argument, LABEL_CHARS)}"
    return "defense", argument


def defense_of(state, argument: str):
    """(challenge, number): a defense id names its challenge and the defense's number (e.g. C2.d1 or C2/D1)."""
    owners = [c for c in state.challenges if argument.startswith(c) and argument != c]
    match = re.search(r"(\d+)$", argument)
    if not owners or not match:
        return None, 0
    return state.challenges[max(owners, key=len)], int(match.group(1))


def _style_class(state, argument: str, kind: str, found: dict) -> str:
    if kind == "point":
        return state.points[argument].bucket or "pending"
    return found.get(argument, "undec")


def _node_ids(arguments) -> dict[str, str]:
    """Graph-safe node ids, unique even when two argument ids sanitize alike."""
    ids, used = {}, set()
    for n, argument in enumerate(arguments):
        candidate = re.sub(r"[^A-Za-z0-9_]", "_", argument)
        if candidate in used or not candidate[:1].isalpha():
            candidate = f"n{n}_{candidate}"
        used.add(candidate)
        ids[argument] = candidate
    return ids


def mermaid(state) -> str:
    """A Mermaid flowchart: `A -->|attacks| B` for every attack."""
    arguments, attacks, found = _view(state)
    node = _node_ids(arguments)
    lines = ["flowchart BT"]
    for argument in arguments:
        kind, label = describe(state, argument)
        open_, close = {"point": ("[", "]"), "challenge": ("{{", "}}"), "defense": ("(", ")")}[kind]
        text = _mermaid_text(label)
        lines.append(f'  {node[argument]}{open_}"{text}"{close}:::{_style_class(state, argument, kind, found)}')
    lines += [f"  {node[source]} -->|attacks| {node[target]}" for source, target in attacks]
    lines += [f"  classDef {name} fill:{fill},stroke:{stroke}" for name, (fill, stroke) in _styles()]
    return "\n".join(lines) + "\n"


def _mermaid_text(label: str) -> str:
    return label.replace("&", "#amp;").replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;")


def _styles():
    return list(BUCKET_STYLE.items()) + list(LABEL_STYLE.items())


def dot(state) -> str:
    """A Graphviz digraph: points as boxes, challenges as diamonds, defenses as ellipses."""
    arguments, attacks, found = _view(state)
    node = _node_ids(arguments)
    lines = ["digraph deliberation {", "  rankdir=BT;", '  node [fontname="Helvetica", style=filled];']
    for argument in arguments:
        kind, label = describe(state, argument)
        shape = {"point": "box", "challenge": "diamond", "defense": "ellipse"}[kind]
        style = _style_class(state, argument, kind, found)
        fill, stroke = dict(_styles())[style]
        lines.append(f'  {node[argument]} [label="{dot_string(label)}", shape={shape}, fillcolor="{fill}", '
                     f'color="{stroke}", tooltip="{style}"];')
    lines += [f'  {node[source]} -> {node[target]} [label="attacks"];' for source, target in attacks]
    lines.append("}")
    return "\n".join(lines) + "\n"


def af(state) -> str:
    """ICCMA 2023 `p af N` text with `# i id` comment lines mapping numbers to ids."""
    arguments, attacks, _ = _view(state)
    return to_iccma(arguments, attacks, comment_ids=True)
