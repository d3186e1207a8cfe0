"""The critique-tree rules (seed §7): unique ids, max depth, branch termination, evidence in the document.

Each code is emitted by exactly one function here; `check_tree` walks a tree once and calls them.
"""

from __future__ import annotations

from argcheck.core.rules import finding
from argcheck.core.text import clip

MIN_DECOMPOSABLE_WORDS = 3


def walk(node: dict, path: str, depth: int = 0, parent: str | None = None):
    """Every node of a tree with its JSON path, depth and parent id (pre-order)."""
    yield node, path, depth, parent
    for index, child in enumerate(node.get("sub_critiques", [])):
        yield from walk(child, f"{path}/sub_critiques/{index}", depth + 1, node["id"])


def check_tree(state, tree: dict, path: str) -> list:
    """Every finding for one critique tree, against the claims already recorded in the run."""
    found, seen = [], {}
    for node, where, depth, _ in walk(tree, path):
        found += duplicate_claim_id(state, seen, node, where)
        seen.setdefault(node["id"], None)
        found += max_depth_exceeded(state, node, where, depth)
        found += branch_below_threshold(state, node, where)
        found += atomic_content_decomposed(node, where)
        found += evidence_not_in_document(state, node, where)
    return found


def duplicate_claim_id(state, seen: dict, node: dict, path: str) -> list:
    """CNL107: ids are unique across the run (earlier critiques and this tree)."""
    earlier = state.claims.get(node["id"])
    if earlier is None and node["id"] not in seen:
        return []
    where = f"move {earlier.seq}" if earlier else "earlier in this tree"
    return [finding("CNL107", path=path + "/id", id=node["id"], where=where)]


def max_depth_exceeded(state, node: dict, path: str, depth: int) -> list:
    """CNL108: nodes live at depths 0 to max_depth - 1."""
    if depth < state.max_depth:
        return []
    return [finding("CNL108", path=path, id=node["id"], depth=depth, max_depth=state.max_depth)]


def branch_below_threshold(state, node: dict, path: str) -> list:
    """CNL109: no sub-critiques under a node whose confidence is below the threshold."""
    children = node.get("sub_critiques", [])
    if not children or node["confidence"] >= state.threshold:
        return []
    return [finding("CNL109", path=path + "/sub_critiques", id=node["id"], confidence=node["confidence"],
                    threshold=state.threshold, children=len(children))]


def evidence_not_in_document(state, node: dict, path: str) -> list:
    """CNL110: the evidence occurs in the recorded document text (whitespace-insensitive)."""
    if state.locate(node["evidence"]) is not None:
        return []
    return [finding("CNL110", path=path + "/evidence", id=node["id"], evidence=clip(node["evidence"], 80))]


def atomic_content_decomposed(node: dict, path: str) -> list:
    """CNL126: a passage of fewer than MIN_DECOMPOSABLE_WORDS words is atomic: no sub-critiques under it."""
    children = node.get("sub_critiques", [])
    words = len(node["evidence"].split())
    if not children or words >= MIN_DECOMPOSABLE_WORDS:
        return []
    return [finding("CNL126", path=path + "/sub_critiques", id=node["id"], words=words, children=len(children),
                    minimum=MIN_DECOMPOSABLE_WORDS)]
