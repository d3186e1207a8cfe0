"""Printing findings for people (text) and machines (JSON); stdout is the product, stderr diagnostics.

Kept free of click so the `validate` fast path can use it.
"""

from __future__ import annotations

import json
import sys

from argcheck.findings import ERROR, WARNING


def say(text: str = "", err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")


def summary(findings) -> str:
    errors = sum(1 for f in findings if f.severity == ERROR)
    warnings = sum(1 for f in findings if f.severity == WARNING)
    parts = [f"{errors} error{'s' if errors != 1 else ''}", f"{warnings} warning{'s' if warnings != 1 else ''}"]
    infos = len(findings) - errors - warnings
    if infos:
        parts.append(f"{infos} info")
    return ", ".join(parts)


def echo_findings(findings, source: str = "") -> None:
    for found in sorted(findings, key=_order):
        say(found.format_text(source))


def echo_located(findings, source: str) -> None:
    """Like echo_findings, but a finding already located in words (its path is not a JSON pointer, e.g.
    "move 2 of your batch, field verdict") is printed without `source`."""
    for found in sorted(findings, key=_order):
        pointer = found.path == "" or found.path.startswith("/")
        say(found.format_text(source if pointer else ""))


def _order(found):
    return (found.move if found.move is not None else -1, found.path, found.code)


def echo_json(value) -> None:
    say(json.dumps(value, indent=2, ensure_ascii=False))


def findings_json(findings) -> list[dict]:
    return [f.to_dict() for f in sorted(findings, key=_order)]
