"""Persona and prompt templates: Markdown files under a protocol's `personas/` folder, the one source.

`argcheck prompt` renders from these files, and `checker/tools/generate.py` copies them into
`skills/<protocol>/personas/` for agents that dispatch a persona by hand (drift-checked by a test).
"""

from __future__ import annotations

from importlib import resources

FOLDER = "personas"


def persona_text(package: str, persona: str) -> str:
    """The whole template `personas/<persona>.md` of the protocol package `package`."""
    return resources.files(package).joinpath(FOLDER, f"{persona}.md").read_text(encoding="utf-8")


def persona_section(package: str, persona: str, heading: str) -> str:
    """The text under `## heading` in a persona template (up to the next `## ` heading), stripped."""
    lines = persona_text(package, persona).splitlines()
    start = lines.index(f"## {heading}") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start:end]).strip()
