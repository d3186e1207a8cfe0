#!/usr/bin/env python3
"""Add or remove argcheck's Claude Code hooks in a settings file (used by install.sh --hooks).

Usage: claude_hooks.py plan|add SETTINGS_JSON HOOK_LAUNCHER [SKILL...]
       claude_hooks.py remove SETTINGS_JSON EVENT MATCHER COMMAND
       claude_hooks.py drop-if-empty SETTINGS_JSON

The hooks run `HOOK_LAUNCHER EVENT` (install.sh's launcher, the same as `argcheck hook EVENT` without
the console script's imports; see docs/hooks.md); each SKILL also gets a `Skill(SKILL)` allow
rule, so a skill the model picks (the Skill tool) starts without a prompt. `plan` prints, as JSON, exactly
what `add` would put into the file: the hook entries and allow rules that are not there yet (`{}` when all
are). `add` adds them and prints one record line per addition, for install.sh's install record:
`hook<TAB>EVENT<TAB>MATCHER<TAB>COMMAND` or `allow<TAB>RULE`. `remove` takes one hook entry out again
(an event left with no entry goes too). `drop-if-empty` deletes a settings file left holding only empty
objects and lists (one the install created). Every other key of the file is kept as it was; the file is
replaced atomically. A settings file that is not a JSON object is left alone: exit 1.
"""

from __future__ import annotations

import json
import os
import shlex
import sys

from claude_settings import allow_list, load, save

TIMEOUT = 10
# event -> the tools its hook is for ("" = every call of the event)
EVENTS = {
    "PreToolUse": "Bash|Edit|Write|MultiEdit|NotebookEdit|Read|Grep|Glob",
    "PostToolUse": "Bash|WebSearch|WebFetch",
    "PostToolUseFailure": "Bash",
    "UserPromptSubmit": "",
    "Stop": "",
    "SessionStart": "",
}


def hook_group(event: str, prefix: str) -> dict:
    """The settings entry running `PREFIX EVENT` (`prefix` is ready for the shell: quoted as needed)."""
    group = {"hooks": [{"type": "command", "command": f"{prefix} {event}", "timeout": TIMEOUT}]}
    if EVENTS[event]:
        group = {"matcher": EVENTS[event], **group}
    return group


def hook_table(settings: dict) -> dict:
    hooks = settings.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise ValueError('"hooks" is not an object')
    return hooks


def planned(settings: dict, prefix: str, skills: list[str]) -> dict:
    """What adding the hooks and rules changes: {"hooks": {event: [group]}, "permissions": {"allow": [...]}}."""
    present = hook_table(settings)
    hooks = {}
    for event in EVENTS:
        groups = present.get(event, [])
        if not isinstance(groups, list):
            raise ValueError(f'"hooks.{event}" is not a list')
        group = hook_group(event, prefix)
        if group not in groups:
            hooks[event] = [group]
    allowed = allow_list(settings)
    rules = [f"Skill({name})" for name in skills if f"Skill({name})" not in allowed]
    plan = {}
    if hooks:
        plan["hooks"] = hooks
    if rules:
        plan["permissions"] = {"allow": rules}
    return plan


def add(path: str, settings: dict, plan: dict) -> list[str]:
    records = []
    for event, groups in plan.get("hooks", {}).items():
        hook_table(settings).setdefault(event, []).extend(groups)
        for group in groups:
            records.append("\t".join(("hook", event, group.get("matcher", ""), group["hooks"][0]["command"])))
    for rule in plan.get("permissions", {}).get("allow", []):
        allow_list(settings).append(rule)
        records.append(f"allow\t{rule}")
    if records:
        save(path, settings)
    return records


def remove(path: str, settings: dict, event: str, matcher: str, command: str) -> None:
    hooks = hook_table(settings)
    groups = hooks.get(event)
    if not isinstance(groups, list):
        return
    kept = [group for group in groups if not _is_entry(group, matcher, command)]
    if len(kept) == len(groups):
        return
    if kept:
        hooks[event] = kept
    else:
        del hooks[event]
    if not hooks:
        del settings["hooks"]
    save(path, settings)


def _is_entry(group, matcher: str, command: str) -> bool:
    if not isinstance(group, dict) or group.get("matcher", "") != matcher:
        return False
    inner = group.get("hooks")
    return isinstance(inner, list) and len(inner) == 1 and isinstance(inner[0], dict) \
        and inner[0].get("command") == command


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
        plan = planned(json.loads(json.dumps(settings)), shlex.quote(argv[2]), argv[3:])
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
