"""The mark every report of an unwitnessed run carries (core/witnessing.py says what a witnessed run is)."""

from __future__ import annotations

from argcheck.core.witnessing import UNWITNESSED_NOTE, is_witnessed


def header_of(outcome) -> dict:
    doc = outcome.doc if isinstance(outcome.doc, dict) else {}
    return doc.get("header") if isinstance(doc.get("header"), dict) else {}


def marked_markdown(text: str, header: dict) -> str:
    """A Markdown report with, for an unwitnessed run, the note as a quote right under its title."""
    if is_witnessed(header):
        return text
    lines = text.split("\n")
    at = next((index + 1 for index, line in enumerate(lines) if line.startswith("# ")), 0)
    return "\n".join(lines[:at] + ["", f"> {UNWITNESSED_NOTE}", ""] + lines[at:])


def marked_text(text: str, header: dict) -> str:
    """`next`'s text with, for an unwitnessed run, the note as its last line."""
    return text if is_witnessed(header) else text.rstrip("\n") + "\n" + UNWITNESSED_NOTE


def json_fields(header: dict) -> dict:
    witnessed = is_witnessed(header)
    return {"witnessed": witnessed, **({} if witnessed else {"note": UNWITNESSED_NOTE})}
