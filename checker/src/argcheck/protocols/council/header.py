"""The header of a council: the document as read at init, the panel, and the run's limits (checked)."""

from __future__ import annotations

import os

from argcheck.core.findings import Finding
from argcheck.core.contract import UsageProblem
from argcheck.protocols.council import _shapes
from argcheck.protocols.council import catalog  # noqa: F401  (registers the CNL rules)
from argcheck.protocols.council.panels import DEFAULT_PANEL, PANELS, bundled_panel, custom_panel, persona_templates
from argcheck.protocols.council.reading import (
    confine, document_from_object, read_file_content, sha256,
)
from argcheck.core.rules import finding
from argcheck.core.shapes import check_shape

DEFAULTS = {"max_depth": 3, "threshold": 0.3, "inclusion_threshold": 0.4}

__all__ = ["make_header", "check_header", "panel_from_option"]


def make_header(options: dict) -> dict:
    """The header for `argcheck init council`; `document` is a path (or "-" for stdin), {"path"}, {"text",
    "path"?}, or a document already read. The file must lie in `workspace` (default: the working directory)."""
    workspace = options.get("workspace") or os.getcwd()
    document = given_document(options.get("document"), workspace)
    header = {
        "document": document,
        "panel": panel_from_option(options.get("panel"), workspace),
        **{key: _option(options, key, default) for key, default in DEFAULTS.items()},
        "consultee": options.get("consultee"),
        "conversation_id": options.get("conversation_id"),
        "workspace": _workspace(document["path"]),
        "arbiter": True if options.get("arbiter") else None,
    }
    header = {key: value for key, value in header.items() if value is not None}
    problems = check_header(header)
    if problems:
        raise UsageProblem("; ".join(f"{p.path}: {p.message}" for p in problems))
    return header


def given_document(document, workspace: str) -> dict:
    if isinstance(document, str):  # "-" reads stdin (over MCP, stdin is the null device: an empty document)
        return read_file_content(document, workspace=workspace)
    if isinstance(document, dict):
        return document_from_object(document, workspace)
    raise UsageProblem("council needs --document FILE (or - for stdin), or options.document: a path or "
                       "{\"text\": TEXT, \"path\"?: NAME}")


def _option(options: dict, key: str, default):
    value = options.get(key)
    return default if value is None else value


def _workspace(path: str) -> str | None:
    """The document's folder: where `validate` looks for it to report a changed document."""
    return None if path == "-" else os.path.dirname(path)


def panel_from_option(value, workspace: str | None = None) -> dict:
    """A panel name (philosophers, scientific), a path to a custom panel's JSON file (in `workspace`, when
    given: its personas go into every prompt), or a parsed panel."""
    if value is None:
        value = DEFAULT_PANEL
    if isinstance(value, dict):
        return custom_panel_from_dict(value)
    if not isinstance(value, str):
        raise UsageProblem("--panel takes philosophers, scientific or a JSON file of personas")
    if value in PANELS:
        return bundled_panel(value)
    if not os.path.isfile(value):
        raise UsageProblem(f"--panel {value}: not philosophers, scientific, or a readable file")
    if workspace is not None:
        confine(value, workspace, "--panel")
    try:
        with open(value, encoding="utf-8") as handle:
            text = handle.read(1_000_000)
    except (OSError, UnicodeDecodeError) as error:
        raise UsageProblem(f"--panel {value}: cannot be read ({error})") from None
    return custom_panel(text, value)


def custom_panel_from_dict(value: dict) -> dict:
    import json

    return custom_panel(json.dumps(value), "(options)")


def check_header(header) -> list[Finding]:
    found = check_shape(_shapes, "header", header, "/header")
    if found:
        return found
    document = header["document"]
    expected = {"sha256": sha256(document["text"]), "size": len(document["text"].encode("utf-8", "surrogatepass"))}
    for field, value in expected.items():
        if document[field] != value:
            found.append(finding("CNL101", path=f"/header/document/{field}", field=field, found=document[field],
                                 expected=value))
    found += duplicate_personas(header["panel"]["personas"])
    found += unknown_templates(header["panel"]["personas"])
    return found


def unknown_templates(personas) -> list[Finding]:
    """CNL127: a persona's template must be one of the bundled ones (its prompt is read from it)."""
    bundled = persona_templates()
    return [finding("CNL127", path=f"/header/panel/personas/{index}/template", persona=persona["name"],
                    template=persona["template"], templates=", ".join(bundled))
            for index, persona in enumerate(personas) if persona.get("template") not in (None, *bundled)]


def duplicate_personas(personas) -> list[Finding]:
    seen, found = set(), []
    for index, persona in enumerate(personas):
        key = persona["name"].casefold()  # names match case-insensitively, so "Kant" and "kant" are one persona
        if key in seen:
            found.append(finding("CNL124", path=f"/header/panel/personas/{index}/name", persona=persona["name"]))
        seen.add(key)
    return found
