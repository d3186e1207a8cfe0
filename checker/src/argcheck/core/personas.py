"""Persona templates and references: Markdown under a protocol's `personas/` and `references/`, the one source.

`argcheck prompt` renders from the templates and `argcheck moves` prints the references;
`checker/tools/generate.py` copies both into `skills/<protocol>/` for agents that read them there
(drift-checked by a test).
"""

from __future__ import annotations

import os

from argcheck.core.contract import load_module

FOLDER = "personas"
REFERENCES = "references"


def persona_text(package: str, persona: str) -> str:
    """The whole template `personas/<persona>.md` of the protocol package `package`."""
    with open(_path(package, FOLDER, f"{persona}.md"), encoding="utf-8") as handle:
        return handle.read()


def persona_section(package: str, persona: str, heading: str) -> str:
    """The text under `## heading` in a persona template (up to the next `## ` heading), stripped."""
    lines = persona_text(package, persona).splitlines()
    start = lines.index(f"## {heading}") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start:end]).strip()


def reference_text(package: str, name: str) -> str | None:
    """The reference `references/<name>.md` of a protocol package (None when it ships none)."""
    path = _path(package, REFERENCES, f"{name}.md")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _path(package: str, folder: str, name: str) -> str:
    """A data file of a package installed as files (os.path: importlib.resources costs a short call
    pathlib, tempfile and typing)."""
    return os.path.join(load_module(package).__path__[0], folder, name)
