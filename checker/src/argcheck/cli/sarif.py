"""`argcheck verify --format sarif`: the findings as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange
Format), which GitHub code scanning shows on a pull request.

One run of one tool (argcheck); each finding is a result with its rule code (`ruleId`), level, message and
hint, and one location: the state file (relative to the working directory, under %SRCROOT%), the line of
the move when the file has one move per line as argcheck writes it, and the JSON pointer of the move or
field as a logical location (and in the result's properties). Rules are described from the rule catalogue
(`argcheck rules CODE` explains one).
"""

from __future__ import annotations

import os
import re

from argcheck import __version__

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}
MOVE_POINTER = re.compile(r"^/moves/(\d+)")


def log(reports: list[dict], lines_of) -> dict:
    """The SARIF log of `reports` (validate's JSON reports: source, findings); `lines_of(source)` gives the
    file's lines (a list, empty when unreadable) to place each finding on its move's line."""
    results, codes = [], {}
    for report in reports:
        lines = None
        for found in report["findings"]:
            if lines is None:
                lines = lines_of(report["source"])
            codes.setdefault(found["code"], found)
            results.append(_result(report["source"], found, lines))
    rules = [_rule(code, found) for code, found in sorted(codes.items())]
    index = {rule["id"]: n for n, rule in enumerate(rules)}
    for result in results:
        result["ruleIndex"] = index[result["ruleId"]]
    driver = {"name": "argcheck", "version": __version__, "rules": rules}
    return {"$schema": SCHEMA, "version": "2.1.0",
            "runs": [{"tool": {"driver": driver}, "results": results, "columnKind": "unicodeCodePoints"}]}


def _rule(code: str, found: dict) -> dict:
    from argcheck.core.rules import RULES

    rule = RULES.get(code)
    described = {"id": code, "name": _pascal(found["name"]),
                 "shortDescription": {"text": found["name"].replace("_", " ").lower()},
                 "defaultConfiguration": {"level": LEVEL.get(found["severity"], "warning")}}
    if rule is not None and rule.why:
        described["fullDescription"] = {"text": rule.why}
    if rule is not None and rule.hint:
        described["help"] = {"text": rule.hint}
    return described


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def _result(source: str, found: dict, lines: list) -> dict:
    message = found["message"] + (f" (hint: {found['hint']})" if found.get("hint") else "")
    physical = {"artifactLocation": artifact(source)}
    line = move_line(lines, found.get("path", ""))
    physical["region"] = {"startLine": line}
    location = {"physicalLocation": physical}
    pointer = found.get("path") or ""
    if pointer.startswith("/"):
        location["logicalLocations"] = [{"fullyQualifiedName": pointer, "kind": "object"}]
    result = {"ruleId": found["code"], "level": LEVEL.get(found["severity"], "warning"), "message": {"text": message},
              "locations": [location], "properties": {"jsonPointer": pointer, "move": found.get("move")}}
    return result


def artifact(source: str) -> dict:
    """The state file as an artifact location: relative to the working directory under %SRCROOT% when inside
    it, else an absolute file URI."""
    from urllib.parse import quote

    absolute = os.path.abspath(source)
    relative = os.path.relpath(absolute)
    if source == "-":
        return {"uri": "stdin"}
    if relative.startswith(".."):
        return {"uri": "file://" + quote(absolute.replace(os.sep, "/"))}
    return {"uri": quote(relative.replace(os.sep, "/")), "uriBaseId": "%SRCROOT%"}


def move_line(lines: list, pointer: str) -> int:
    """The 1-based line of the move `pointer` names, in a file laid out one move per line (argcheck's own
    layout); else the line of `"moves"`, else 1."""
    start = next((n for n, text in enumerate(lines) if text.lstrip().startswith('"moves"')), None)
    if start is None:
        return 1
    match = MOVE_POINTER.match(pointer or "")
    if match is None:
        return start + 1
    line = start + 1 + int(match.group(1))
    if line < len(lines) and lines[line].lstrip().startswith("{"):
        return line + 1
    return start + 1
