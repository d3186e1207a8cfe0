"""The protocol's picture drawn from plain data: graph, table, text, steps and facts sections (pure).

A protocol's `view.py` returns sections as dicts; see `argcheck.core.contract` for their fields. Every
text is escaped here; a node's `tone` (good, bad, warn, info, muted) picks its colours from the style sheet.
"""

from __future__ import annotations

import textwrap

from argcheck.cli.view import layout
from argcheck.cli.view.markup import anchor, element, esc, paragraphs, text_element

NODE_WIDTH = 230
LINE_HEIGHT = 16
WRAP = 31
MAX_LINES = 5
TONES = ("good", "bad", "warn", "info", "muted")


def section(data: dict, number: int) -> str:
    kind = data.get("kind")
    draw = DRAWERS.get(kind)
    body = draw(data, number) if draw else paragraphs(f"(a section of unknown kind {kind!r})")
    title = element("h3", esc(data.get("title", "")), id=anchor("section", number))
    return element("section", title + body, class_=f"picture picture-{kind}", aria_labelledby=anchor("section", number))


def _tone(value) -> str:
    return value if value in TONES else "plain"


def _lines(node: dict) -> list[str]:
    lines = []
    for part in str(node.get("label", node.get("id", ""))).split("\n"):
        lines += textwrap.wrap(part, WRAP) or [""]
    if len(lines) > MAX_LINES:
        lines = lines[:MAX_LINES - 1] + [lines[MAX_LINES - 1][:WRAP - 1] + "…"]
    return lines


def graph(data: dict, number: int) -> str:
    nodes = [n for n in data.get("nodes", []) if "id" in n]
    if not nodes:
        return paragraphs(data.get("empty", "Nothing to draw yet."))
    ids = [str(n["id"]) for n in nodes]
    by_id = dict(zip(ids, nodes))
    lines = {i: _lines(by_id[i]) for i in ids}
    sizes = {i: (NODE_WIDTH, 14 + LINE_HEIGHT * len(lines[i])) for i in ids}
    edges = [(str(e["source"]), str(e["target"])) for e in data.get("edges", [])]
    cells = {i: tuple(by_id[i]["cell"]) for i in ids if "cell" in by_id[i]}
    boxes, width, height = layout.place(ids, edges, sizes, data.get("direction", "TB"),
                                        cells if len(cells) == len(ids) else None)
    marker = anchor("arrow", number)
    svg = [f'<svg class="graph" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
           f'role="group" aria-label="{esc(data.get("title", "graph"))}: {len(ids)} nodes; the same as text below">',
           f'<defs><marker id="{marker}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           f'orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" class="arrowhead"/></marker></defs>']
    svg += [_edge(edge, boxes, marker) for edge in data.get("edges", []) if _drawable(edge, boxes)]
    svg += [_node(by_id[i], boxes[i], lines[i]) for i in ids]
    svg.append("</svg>")
    detail = element("p", "Focus or click a node to read it whole.", class_="node-detail", aria_live="polite")
    return element("div", "".join(svg), class_="graph-frame") + detail + _graph_as_text(data, nodes)


def _drawable(edge: dict, boxes: dict) -> bool:
    return str(edge.get("source")) in boxes and str(edge.get("target")) in boxes and edge["source"] != edge["target"]


def _node(node: dict, box, lines: list[str]) -> str:
    x, y, w, h = box
    classes = f"node tone-{_tone(node.get('tone'))}" + (" pruned" if node.get("pruned") else "")
    full = node.get("text") or " ".join(lines)
    spans = "".join(f'<tspan x="{x + 10:.0f}" y="{y + 20 + LINE_HEIGHT * n:.0f}">{esc(line)}</tspan>'
                    for n, line in enumerate(lines))
    return (f'<g class="{classes}" tabindex="0" id="{anchor("node", node["id"])}" data-node="{esc(node["id"])}" '
            f'aria-label="{esc(full)}">'
            f"<title>{esc(full)}</title>"
            f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="6"/>'
            f"<text>{spans}</text></g>")


def _edge(edge: dict, boxes: dict, marker: str) -> str:
    (x1, y1), (x2, y2) = _ends(boxes[str(edge["source"])], boxes[str(edge["target"])])
    dashed = " dashed" if edge.get("dashed") else ""
    label = edge.get("label")
    text = (f'<text class="edge-label" x="{(x1 + x2) / 2:.0f}" y="{(y1 + y2) / 2 - 4:.0f}" '
            f'text-anchor="middle">{esc(label)}</text>') if label else ""
    return (f'<g class="edge{dashed}"><line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
            f'marker-end="url(#{marker})"/>{text}</g>')


def _ends(a, b):
    """The points where the line between two boxes leaves `a` and enters `b` (mid-sides)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    dx, dy = (bx + bw / 2) - (ax + aw / 2), (by + bh / 2) - (ay + ah / 2)
    if abs(dy) * 2 >= abs(dx) and dy:
        sign = 1 if dy > 0 else -1
        return (ax + aw / 2, ay + (ah if sign > 0 else 0)), (bx + bw / 2, by + (0 if sign > 0 else bh))
    sign = 1 if dx >= 0 else -1
    return (ax + (aw if sign > 0 else 0), ay + ah / 2), (bx + (0 if sign > 0 else bw), by + bh / 2)


def _graph_as_text(data: dict, nodes: list) -> str:
    names = {str(n["id"]): n for n in nodes}
    items = "".join(element("li", f'<span class="node-id">{esc(n["id"])}</span> '
                                  f'{esc(n.get("text") or n.get("label", ""))}'
                                  + (f' <span class="status">({esc(n["status"])})</span>' if n.get("status") else ""),
                            data_listed_node=str(n["id"])) for n in nodes)
    links = "".join(text_element("li", f'{e["source"]} → {e["target"]}' + (f': {e["label"]}' if e.get("label") else ""))
                    for e in data.get("edges", []) if str(e.get("source")) in names and str(e.get("target")) in names)
    body = element("h4", "Nodes") + element("ul", items)
    if links:
        body += element("h4", "Edges") + element("ul", links)
    return element("details", element("summary", "The graph as text") + body, class_="graph-text")


def table(data: dict, number: int) -> str:
    """Rows of text cells; `row_ids` names rows (anchors `row-<id>`), and a cell {"refs": [ids], "to": "row" or
    "node", "ns": a prefix of the row ids, "text": a lead} links to named rows or to graph nodes."""
    head = "".join(text_element("th", c, scope="col") for c in data.get("columns", []))
    tones, ids = data.get("row_tones") or [], data.get("row_ids") or []
    rows = []
    for n, row in enumerate(data.get("rows", [])):
        tone = _tone(tones[n]) if n < len(tones) else "plain"
        row_id = anchor("row", ids[n]) if n < len(ids) and ids[n] is not None else None
        rows.append(element("tr", "".join(_cell(cell) for cell in row), class_=f"tone-{tone}", id=row_id))
    if not rows:
        return paragraphs(data.get("empty", "None."))
    return element("div", element("table", element("thead", element("tr", head)) + element("tbody", "".join(rows))),
                   class_="table-frame")


def _cell(cell) -> str:
    if not isinstance(cell, dict):
        return text_element("td", cell)
    prefix = "node" if cell.get("to") == "node" else "row"
    space = cell.get("ns", "")
    links = ", ".join(element("a", esc(ref), href="#" + anchor(prefix, f"{space}{ref}"))
                      for ref in cell.get("refs", []))
    lead = esc(cell.get("text", "")) + (" " if cell.get("text") and links else "")
    return element("td", lead + (links or ("" if cell.get("text") else "—")))


def text(data: dict, number: int) -> str:
    """Free text, or `parts`: [{heading, text}] (a document of several sections)."""
    body = paragraphs(data.get("text", ""))
    body += "".join(text_element("h4", part.get("heading", "")) + paragraphs(part.get("text", ""))
                    for part in data.get("parts", []))
    return element("div", body, class_="prose")


def steps(data: dict, number: int) -> str:
    items = []
    for step in data.get("steps", []):
        state = step.get("state") if step.get("state") in ("done", "current", "todo") else "todo"
        detail = text_element("div", step.get("detail", ""), class_="step-detail") if step.get("detail") else ""
        items.append(element("li", text_element("span", step.get("label", ""), class_="step-label") + detail,
                             class_=f"step step-{state}", aria_current="step" if state == "current" else None))
    return element("ol", "".join(items), class_="steps")


def facts(data: dict, number: int) -> str:
    rows = "".join(element("dt", esc(k)) + element("dd", esc(v)) for k, v in data.get("rows", []))
    return element("dl", rows, class_="facts")


DRAWERS = {"graph": graph, "table": table, "text": text, "steps": steps, "facts": facts}
