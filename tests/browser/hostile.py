"""Hostile copies of real runs: every free-text string of a state file's header and moves gets markup that
would run script if any part of a page passed it through raw; the hash chain is resealed afterwards."""

from __future__ import annotations

import copy

import hashlib

from kit import reseal

from argcheck.core.integrity import short_hash

# Each payload sets window.__pwned if it ever runs; the browser test asserts it stays undefined.
PAYLOAD = (' <script>window.__pwned="script"</script><img src=x onerror="window.__pwned=\'onerror\'">'
           ' <a href="javascript:window.__pwned=\'href\'">x</a> [y](javascript:window.__pwned=1)'
           ' "\'><svg onload="window.__pwned=\'svg\'">')
LONG_TEXT = 480  # the shortest length limit of a prose field is 500 characters
STRUCTURAL_KEYS = {"type", "seq", "prev", "at", "head", "id", "sha256", "format", "protocol",
                   "quote",  # a quote must match its workspace file verbatim
                   "point",  # a council response quotes its point's critique verbatim (CNL129)
                   "evidence"}  # council evidence: the synthesis groups critiques by the evidence they share, so
#                                  one payload in every snippet would change what it computes


def is_free_text(key: str, value) -> bool:
    """A string that reads as prose (has a space, is not a structural field): ids and enumerations are left."""
    return isinstance(value, str) and " " in value.strip() and key not in STRUCTURAL_KEYS


def poison(value, key: str = ""):
    if isinstance(value, dict):
        return {k: poison(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [poison(v, key) for v in value]
    if not is_free_text(key, value):
        return value
    if len(value) + len(PAYLOAD) > LONG_TEXT:  # within the length limits: the payload replaces its middle
        keep = max(len(value) - len(PAYLOAD), 0) // 2
        return value[:keep] + PAYLOAD + value[len(value) - keep:]
    return value + PAYLOAD


def hostile_copy(doc: dict) -> dict:
    """`doc` with every free-text field of its header and moves poisoned, and its chain resealed."""
    hostile = copy.deepcopy(doc)
    hostile["moves"] = [poison(move) for move in hostile["moves"]]
    hostile["header"] = poison(hostile["header"])
    document, original = hostile["header"].get("document"), doc["header"].get("document")
    if isinstance(document, dict) and isinstance(document.get("text"), str):  # evidence is quoted from it
        document["text"] = original["text"] + "\n\n" + PAYLOAD
    hostile["header"] = reseal_header(hostile["header"])
    return reseal(hostile)


def reseal_header(header: dict) -> dict:
    """Recompute the header's own checks of its text (a `<field>_hash`, a document's sha256 and size)."""
    for key in list(header):
        if key.endswith("_hash") and isinstance(header.get(key[:-len("_hash")]), str):
            header[key] = short_hash(header[key[:-len("_hash")]])
    document = header.get("document")
    if isinstance(document, dict) and isinstance(document.get("text"), str):
        data = document["text"].encode("utf-8")
        document.update(sha256=hashlib.sha256(data).hexdigest(), size=len(data))
    return header

