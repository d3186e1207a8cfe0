#!/usr/bin/env python3
"""Add or remove permission allow rules in a Claude Code settings file (used by install.sh --allow-skills).

Usage: claude_settings.py add|remove SETTINGS_JSON RULE...

`add` puts each RULE (e.g. `Skill(deliberate)`) into `permissions.allow` unless it is there already, and
prints the rules it added, one per line (install.sh records exactly those, so `--uninstall` removes only
rules argcheck added). `remove` takes the given rules out again (and an allow list or permissions object
left empty). Every other key of the file is kept as it was; the file is replaced atomically. A settings file
that is not a JSON object is left alone: exit 1.
"""

from __future__ import annotations

import json
import os
import sys

from agent_config import write_text


def load(path: str) -> dict:
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as handle:
        settings = json.load(handle)
    if not isinstance(settings, dict):
        raise ValueError("it is not a JSON object")
    return settings


def allow_list(settings: dict) -> list:
    permissions = settings.setdefault("permissions", {})
    if not isinstance(permissions, dict) or not isinstance(permissions.setdefault("allow", []), list):
        raise ValueError('"permissions.allow" is not a list')
    return permissions["allow"]


def drop_if_empty(settings: dict) -> None:
    """Take out an allow list, then a permissions object, that the removal left empty."""
    if settings["permissions"]["allow"] == []:
        del settings["permissions"]["allow"]
    if settings["permissions"] == {}:
        del settings["permissions"]


def save(path: str, settings: dict) -> None:
    """Write `settings` to `path` atomically (agent_config.write_text), keeping the file's mode."""
    write_text(path, json.dumps(settings, indent=2, ensure_ascii=False) + "\n")

def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[0] not in ("add", "remove"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    verb, path, rules = argv[0], argv[1], argv[2:]
    if verb == "remove" and not os.path.exists(path):
        return 0
    try:
        settings = load(path)
        allowed = allow_list(settings)
    except (OSError, ValueError) as error:
        print(f"claude_settings.py: cannot use {path}: {error}", file=sys.stderr)
        return 1
    if verb == "add":
        added = [rule for rule in rules if rule not in allowed]
        allowed.extend(added)
        print("\n".join(added))
    else:
        allowed[:] = [rule for rule in allowed if rule not in rules]
        drop_if_empty(settings)
    save(path, settings)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
