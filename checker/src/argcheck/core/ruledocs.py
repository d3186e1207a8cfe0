"""A rule explained for readers: its message with every {slot} named and explained, where it is checked,
and which tests cover it. Shared by `argcheck rules CODE` and the generated docs/rules.md."""

from __future__ import annotations

import re

from argcheck.core.rules import Rule, slots
from argcheck.core.discovery import placeholders, where_checked

SLOT = re.compile(r"\{([a-z_]+)(?:![rsa])?(?::[^}]*)?\}")
MISSING = "(not explained)"


def readable(template: str) -> str:
    """A message template with its {slots} shown as ‹slot›."""
    shown = SLOT.sub(lambda match: f"‹{match.group(1)}›", template)
    return shown.replace("{{", "{").replace("}}", "}")


def explain(rule: Rule) -> dict:
    """Everything `argcheck rules CODE` says about a rule, as data."""
    meanings = placeholders(rule.protocol)
    located = where_checked(rule)
    return {
        "code": rule.code, "name": rule.name, "severity": rule.severity, "protocol": rule.protocol,
        "message": readable(rule.message), "hint": readable(rule.hint),
        "placeholders": {name: meanings.get(name, MISSING) for name in slots(rule)},
        "why": rule.why, "example": rule.example, "fix": rule.fix,
        "checked_in": located.get("checked_in", []), "tested_by": located.get("tested_by", []),
        "example_file": located.get("example"),
    }


def as_text(info: dict) -> str:
    lines = [f"{info['code']} {info['name']} ({info['severity']}, {info['protocol']})", "",
             f"What: {info['message']}"]
    lines += [f"  ‹{name}› {meaning}" for name, meaning in info["placeholders"].items()]
    lines += [f"Why: {info['why']}", f"Example: {info['example']}", f"Fix: {info['fix']}",
              f"Hint: {info['hint']}", "", f"Checked in: {', '.join(info['checked_in']) or 'not indexed'}"]
    tests = info["tested_by"] + ([info["example_file"]] if info["example_file"] else [])
    lines.append("Tested by: " + (tests[0] if tests else "not indexed"))
    lines += [f"           {test}" for test in tests[1:]]
    return "\n".join(lines) + "\n"


def as_markdown(info: dict, level: int = 2) -> str:
    lines = [f"{'#' * level} {info['code']} {info['name']}", "",
             f"*{info['severity']}, {info['protocol']}* — {info['message']}", ""]
    lines += [f"- `‹{name}›` {meaning}" for name, meaning in info["placeholders"].items()]
    if info["placeholders"]:
        lines.append("")
    lines += [f"- **Why:** {info['why']}", f"- **Example:** {info['example']}", f"- **Fix:** {info['fix']}",
              f"- **Hint:** {info['hint']}"]
    checked = ", ".join(f"`{site}`" for site in info["checked_in"]) or "not indexed"
    lines.append(f"- **Checked in:** {checked}")
    tests = info["tested_by"] + ([info["example_file"]] if info["example_file"] else [])
    lines.append(f"- **Tested by:** {', '.join(f'`{t}`' for t in tests) or 'not indexed'}")
    return "\n".join(lines) + "\n"
