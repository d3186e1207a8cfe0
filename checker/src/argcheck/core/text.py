"""Free text made fit for one line of a report, a table cell or a diagram label (pure)."""

from __future__ import annotations


def flat(text) -> str:
    """`text` on one line: every run of whitespace (newlines included) becomes one space."""
    return " ".join(str(text).split())


def truncate(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def clip(text, limit: int) -> str:
    """`text` flattened onto one line, then cut to at most `limit` characters."""
    return truncate(flat(text), limit)


def cell(value) -> str:
    """`value` as the content of a Markdown table cell."""
    return flat(value).replace("|", "\\|")


def dot_string(text: str) -> str:
    """`text` escaped for a double-quoted Graphviz DOT string."""
    return text.replace("\\", "\\\\").replace('"', '\\"')
