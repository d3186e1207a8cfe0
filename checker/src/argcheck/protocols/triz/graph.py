"""The Knowledge Graph: a DAG of claims joined by typed edges, with an incremental cycle check.

Invariants:
    - Every edge joins two nodes of the graph; a self-loop is a cycle.
    - The graph is acyclic after every accepted move.

Design Decisions:
    - The cycle check keeps a topological order up to date as edges arrive (Pearce & Kelly 2006, "A dynamic
      topological sort algorithm for directed acyclic graphs") instead of searching the whole graph per
      edge: an edge that agrees with the order costs O(1), any other edge only visits the nodes between its
      ends in the order. A new node goes to the front of the order when it points at older claims (extends,
      depends_on, merged_from) and to the back when older claims point at it (supports), so a new claim's
      edges agree with the order at once.
    - Removing edges never breaks a topological order, so a refused move is undone by removing what it
      added (`remove_edges`, `remove_node`).
"""

from __future__ import annotations


class KnowledgeGraph:
    """Nodes are claim ids; edges are (source, target, edge_type)."""

    def __init__(self) -> None:
        self.order: dict[str, int] = {}
        self.successors: dict[str, list[str]] = {}
        self.predecessors: dict[str, list[str]] = {}
        self.edges: list[tuple[str, str, str]] = []
        self._front, self._back = 0, 0

    def __contains__(self, node: str) -> bool:
        return node in self.order

    @property
    def nodes(self) -> list[str]:
        return list(self.order)

    def add_node(self, node: str, last: bool = False) -> None:
        """Add a node at the front of the order (or at its back: `last`, for a node only pointed at)."""
        if node in self.order:
            return
        if last:
            self._back += 1
            self.order[node] = self._back
        else:
            self._front -= 1
            self.order[node] = self._front
        self.successors[node] = []
        self.predecessors[node] = []

    def remove_node(self, node: str) -> None:
        """Remove a node that has no edges left (undoing a refused addition)."""
        self.order.pop(node, None)
        self.successors.pop(node, None)
        self.predecessors.pop(node, None)

    def path_back(self, source: str, target: str) -> list[str] | None:
        """The path target -> ... -> source that the edge source -> target would close, or None.

        When there is none, the order is updated so that source comes before target.
        """
        if source == target:
            return [source]
        low, high = self.order[target], self.order[source]
        if high < low:
            return None
        forward, parent = self._reach_forward(target, high, source)
        if source in parent:
            return _unwind(parent, source)
        backward = self._reach_backward(source, low)
        self._reorder(backward, forward)
        return None

    def add_edge(self, source: str, target: str, edge_type: str) -> list[str] | None:
        """Add the edge, or return the cycle it would close (and add nothing)."""
        cycle = self.path_back(source, target)
        if cycle is not None:
            return cycle
        self.successors[source].append(target)
        self.predecessors[target].append(source)
        self.edges.append((source, target, edge_type))
        return None

    def remove_edges(self, count: int) -> None:
        """Remove the last `count` edges added."""
        for _ in range(count):
            source, target, _type = self.edges.pop()
            self.successors[source].remove(target)
            self.predecessors[target].remove(source)

    def _reach_forward(self, start: str, high: int, goal: str) -> tuple[list[str], dict]:
        seen, parent, stack = [start], {start: None}, [start]
        while stack:
            node = stack.pop()
            for nxt in self.successors[node]:
                if nxt in parent or self.order[nxt] > high:
                    continue
                parent[nxt] = node
                if nxt == goal:
                    return seen, parent
                seen.append(nxt)
                stack.append(nxt)
        return seen, parent

    def _reach_backward(self, start: str, low: int) -> list[str]:
        seen, visited, stack = [start], {start}, [start]
        while stack:
            node = stack.pop()
            for prev in self.predecessors[node]:
                if prev in visited or self.order[prev] < low:
                    continue
                visited.add(prev)
                seen.append(prev)
                stack.append(prev)
        return seen

    def _reorder(self, backward: list[str], forward: list[str]) -> None:
        """Give the affected nodes their old order values, backward set first (Pearce & Kelly's shift)."""
        backward.sort(key=self.order.__getitem__)
        forward.sort(key=self.order.__getitem__)
        slots = sorted(self.order[node] for node in backward + forward)
        for node, slot in zip(backward + forward, slots):
            self.order[node] = slot


def _unwind(parent: dict, end: str) -> list[str]:
    path = []
    node = end
    while node is not None:
        path.append(node)
        node = parent[node]
    return path[::-1]


def is_acyclic(nodes, edges) -> bool:
    """A from-scratch check (Kahn's algorithm), the reference the incremental check is tested against."""
    indegree = {node: 0 for node in nodes}
    successors = {node: [] for node in nodes}
    for source, target, *_ in edges:
        successors[source].append(target)
        indegree[target] += 1
    ready = [node for node, degree in indegree.items() if degree == 0]
    removed = 0
    while ready:
        node = ready.pop()
        removed += 1
        for nxt in successors[node]:
            indegree[nxt] -= 1
            if indegree[nxt] == 0:
                ready.append(nxt)
    return removed == len(indegree)
