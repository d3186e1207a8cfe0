#!/usr/bin/env python3
"""Add or remove argcheck's Claude Code hooks in a settings file (used by install.sh --hooks).

Usage: claude_hooks.py plan|add SETTINGS_JSON EVENT=COMMAND... [SKILL...]
       claude_hooks.py remove SETTINGS_JSON EVENT MATCHER COMMAND
       claude_hooks.py drop-if-empty SETTINGS_JSON

The events, their matchers and the timeout are Claude's row of agent_hooks.HOOKS; each EVENT=COMMAND gives an
event's command (install.sh's `hook_command claude EVENT`: its launcher and EVENT, the same as `argcheck
hook EVENT` without the console script's imports; see docs/hooks.md); each SKILL also gets a `Skill(SKILL)`
allow rule, so a skill the model picks (the Skill tool) starts without a prompt. `plan` prints, as JSON,
exactly what `add` would put into the file: the hook entries and allow rules that are not there yet (`{}` when
all are). `add` adds them and prints one record line per addition, for install.sh's install record:
`hook<TAB>EVENT<TAB>MATCHER<TAB>COMMAND` or `allow<TAB>RULE`. `remove` takes one hook entry out again
(an event left with no entry goes too). `drop-if-empty` deletes a settings file left holding only empty
objects and lists (one the install created). Every other key of the file is kept as it was; the file is
replaced atomically. A settings file that is not a JSON object is left alone: exit 1.
"""

from __future__ import annotations

import json
import os
import sys

import agent_hooks
from claude_settings import allow_list, load, save

EVENTS = agent_hooks.events("claude")


def hook_group(event: str, prefix: str) -> dict:
    """The settings entry running `PREFIX EVENT` (`prefix` is ready for the shell: quoted as needed)."""
    return agent_hooks.hook_group("claude", event, f"{prefix} {event}")


def planned(settings: dict, commands: dict, skills: list[str]) -> dict:
    """What adding the hooks and rules changes: {"hooks": {event: [group]}, "permissions": {"allow": [...]}}."""
    hooks = agent_hooks.planned_hooks(settings, "claude", commands)
    allowed = allow_list(json.loads(json.dumps(settings)))
    rules = [f"Skill({name})" for name in skills if f"Skill({name})" not in allowed]
    plan = {}
    if hooks:
        plan["hooks"] = hooks
    if rules:
        plan["permissions"] = {"allow": rules}
    return plan


def add(path: str, settings: dict, plan: dict) -> list[str]:
    records = agent_hooks.add_hooks(settings, plan.get("hooks", {}))
    for rule in plan.get("permissions", {}).get("allow", []):
        allow_list(settings).append(rule)
        records.append(f"allow\t{rule}")
    if records:
        save(path, settings)
    return records


def remove(path: str, settings: dict, event: str, matcher: str, command: str) -> None:
    if agent_hooks.remove_hook(settings, event, matcher, command):
        save(path, settings)


def is_empty(value) -> bool:
    """True for a value that holds nothing but empty objects and lists."""
    if isinstance(value, dict):
        return all(is_empty(item) for item in value.values())
    return isinstance(value, list) and not value


def drop_if_empty(path: str) -> int:
    try:
        if os.path.exists(path) and is_empty(load(path)):
            os.unlink(path)
    except (OSError, ValueError):
        pass
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["drop-if-empty"] and len(argv) == 2:
        return drop_if_empty(argv[1])
    usage = len(argv) < 3 or argv[0] not in ("plan", "add", "remove") or (argv[0] == "remove" and len(argv) != 5)
    if usage:
        print("\n".join(__doc__.strip().splitlines()[2:5]), file=sys.stderr)
        return 2
    verb, path = argv[0], argv[1]
    if verb == "remove" and not os.path.exists(path):
        return 0
    try:
        settings = load(path)
        if verb == "remove":
            remove(path, settings, *argv[2:])
            return 0
        commands = agent_hooks.parse_commands("claude", [word for word in argv[2:] if "=" in word])
        plan = planned(settings, commands, [word for word in argv[2:] if "=" not in word])
    except (OSError, ValueError) as error:
        print(f"claude_hooks.py: cannot use {path}: {error}", file=sys.stderr)
        return 1
    if verb == "plan":
        print(json.dumps(plan, indent=2))
    else:
        print("\n".join(add(path, settings, plan)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
