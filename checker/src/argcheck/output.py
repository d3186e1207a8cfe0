"""Printing findings for people (text) and machines (JSON); stdout is the product, stderr diagnostics.

Kept free of click so the `validate` fast path can use it.
"""

from __future__ import annotations

import json
import sys

from argcheck.core.findings import ERROR, WARNING


def say(text: str = "", err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")


def echo(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print as `click.echo` does: ANSI colour codes are dropped unless the stream is a terminal,
    and the stream is flushed (so a closed pipe is noticed here)."""
    stream = sys.stderr if err else sys.stdout
    if "\x1b" in text and not _isatty(stream):
        import re

        text = re.sub(r"\033\[[0-?]*[ -/]*[@-~]", "", text)  # click's own pattern
    stream.write(text + "\n" if nl else text)
    stream.flush()


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except Exception:  # a closed or unusual stream: treat it as a file, as click does
        return False


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
