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


CITE_HINT = ('witnessed run: once the user has answered, cite their prompt in the user move: "witness": '
             '{"seq": N, "quote": "<their words, verbatim>"} (`argcheck witness` prints N)')


def marked_text(text: str, header: dict, report: dict) -> str:
    """`next`'s text with, for an unwitnessed run, the note as its last line; for a witnessed run waiting
    for the user, how to cite the user's answer."""
    if not is_witnessed(header):
        return text.rstrip("\n") + "\n" + UNWITNESSED_NOTE
    step = report.get("next") if isinstance(report.get("next"), dict) else {}
    return text.rstrip("\n") + "\n" + CITE_HINT if step.get("actor") == "user" else text


def json_fields(header: dict) -> dict:
    witnessed = is_witnessed(header)
    return {"witnessed": witnessed, **({} if witnessed else {"note": UNWITNESSED_NOTE})}
