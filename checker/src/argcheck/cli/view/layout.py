"""A layered layout of a directed graph (pure): layers by longest path, cycles broken, crossings reduced.

`place(ids, edges, sizes, direction)` returns each node's box (x, y, width, height) and the drawing's size.
Edges run from an earlier layer to a later one; `direction` says where later layers go: "TB" (down), "LR"
(right) or "RL" (left). A node given a fixed (column, row) cell is placed on that grid instead.
"""

from __future__ import annotations

GAP_LAYER = 70  # between layers
GAP_NODE = 24  # between nodes of one layer
MARGIN = 16


def acyclic(ids: list, edges: list) -> list:
    """`edges` without self-loops, unknown ends and the back edges of a depth-first search (in `ids` order)."""
    known = set(ids)
    edges = [(s, t) for s, t in edges if s in known and t in known and s != t]
    out = {node: [] for node in ids}
    for s, t in edges:
        out[s].append(t)
    state, back = {}, set()
    for root in ids:
        if root in state:
            continue
        state[root] = 1
        stack = [(root, iter(out[root]))]
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
            elif state.get(child) == 1:
                back.add((node, child))
            elif child not in state:
                state[child] = 1
                stack.append((child, iter(out[child])))
    return [edge for edge in edges if edge not in back]


def layers(ids: list, edges: list) -> dict:
    """Each node's layer: one more than the deepest layer among the nodes with an edge into it."""
    kept = acyclic(ids, edges)
    incoming = {node: 0 for node in ids}
    out = {node: [] for node in ids}
    for s, t in kept:
        incoming[t] += 1
        out[s].append(t)
    layer = {node: 0 for node in ids}
    ready = [node for node in ids if incoming[node] == 0]
    while ready:
        node = ready.pop(0)
        for child in out[node]:
            layer[child] = max(layer[child], layer[node] + 1)
            incoming[child] -= 1
            if incoming[child] == 0:
                ready.append(child)
    return layer


def order(ids: list, edges: list, layer: dict, sweeps: int = 2) -> list:
    """The nodes of each layer, ordered to reduce crossings (barycentres of their neighbours)."""
    rows = [[] for _ in range(max(layer.values(), default=-1) + 1)]
    for node in ids:
        rows[layer[node]].append(node)
    up = {node: [] for node in ids}
    down = {node: [] for node in ids}
    for s, t in edges:
        if s in layer and t in layer and layer[s] < layer[t]:
            down[s].append(t)
            up[t].append(s)
    for _ in range(sweeps):
        for index in range(1, len(rows)):
            rows[index] = _by_barycentre(rows[index], rows[index - 1], up)
        for index in range(len(rows) - 2, -1, -1):
            rows[index] = _by_barycentre(rows[index], rows[index + 1], down)
    return rows


def _by_barycentre(row: list, neighbours_row: list, neighbours: dict) -> list:
    where = {node: n for n, node in enumerate(neighbours_row)}

    def key(item):
        n, node = item
        linked = [where[o] for o in neighbours[node] if o in where]
        return (sum(linked) / len(linked)) if linked else n, n

    return [node for _, node in sorted(enumerate(row), key=key)]


def place(ids: list, edges: list, sizes: dict, direction: str = "TB", cells: dict | None = None):
    """(boxes, width, height): boxes[id] = (x, y, w, h)."""
    if cells:
        return _grid(ids, sizes, cells)
    layer = layers(ids, edges)
    rows = order(ids, edges, layer)
    across = direction == "TB"
    boxes, major = {}, MARGIN
    for row in rows:
        depth = max((sizes[n][1] if across else sizes[n][0]) for n in row) if row else 0
        minor = MARGIN
        for node in row:
            w, h = sizes[node]
            boxes[node] = (minor, major, w, h) if across else (major, minor, w, h)
            minor += (w if across else h) + GAP_NODE
        major += depth + GAP_LAYER
    width = max((x + w for x, _, w, _ in boxes.values()), default=0) + MARGIN
    height = max((y + h for _, y, _, h in boxes.values()), default=0) + MARGIN
    if direction == "RL":
        boxes = {n: (width - x - w, y, w, h) for n, (x, y, w, h) in boxes.items()}
    return boxes, width, height


def _grid(ids: list, sizes: dict, cells: dict):
    columns = max((cells[n][0] for n in ids), default=0) + 1
    rows = max((cells[n][1] for n in ids), default=0) + 1
    col_w = [max([sizes[n][0] for n in ids if cells[n][0] == c] or [0]) for c in range(columns)]
    row_h = [max([sizes[n][1] for n in ids if cells[n][1] == r] or [0]) for r in range(rows)]
    boxes = {}
    for node in ids:
        c, r = cells[node]
        x = MARGIN + sum(col_w[:c]) + GAP_LAYER * c
        y = MARGIN + sum(row_h[:r]) + GAP_NODE * 2 * r
        boxes[node] = (x + (col_w[c] - sizes[node][0]) / 2, y, *sizes[node])
    width = MARGIN * 2 + sum(col_w) + GAP_LAYER * (columns - 1)
    height = MARGIN * 2 + sum(row_h) + GAP_NODE * 2 * (rows - 1)
    return boxes, width, height
