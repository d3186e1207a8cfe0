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
                   "quote"}  # a quote must match its workspace file verbatim


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
    document = hostile["header"].get("document")
    if isinstance(document, dict) and isinstance(document.get("text"), str):  # quoted evidence must occur in it
        document["text"] += "\n\n" + "\n\n".join(sorted(set(_quoted(hostile["moves"]))))
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


def _quoted(value, key: str = ""):
    """Every poisoned `evidence` string (a quotation from the header's document)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _quoted(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _quoted(v, key)
    elif key == "evidence" and isinstance(value, str) and value.endswith(PAYLOAD):
        yield value
