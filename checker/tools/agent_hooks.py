#!/usr/bin/env python3
"""argcheck's hooks for each agent, from one table; adds or removes them (used by install.sh --hooks).

Usage: agent_hooks.py events AGENT
       agent_hooks.py plan|add gemini SETTINGS_JSON EVENT=COMMAND...
       agent_hooks.py remove gemini SETTINGS_JSON EVENT MATCHER COMMAND
       agent_hooks.py plan|add codex HOOKS_TOML TRUST_TOML EVENT=COMMAND...
       agent_hooks.py remove codex CONFIG_TOML
       agent_hooks.py status codex|gemini FILE [TRUST_TOML]

`HOOKS` is the one table: for each agent (claude, codex, gemini) the events argcheck's hook answers, the tools
each event's hook is for (its matcher; "" = every call of the event) and the timeout in the agent's unit. The
command of each event comes from install.sh (`hook_command AGENT EVENT`), as EVENT=COMMAND.

Gemini CLI reads hooks from the `hooks` key of settings.json, shaped like Claude Code's (claude_hooks.py adds
Claude's): `plan` prints, as JSON, exactly what `add` adds (`{}` when all is there); `add` prints one record
line per entry, `hook<TAB>EVENT<TAB>MATCHER<TAB>COMMAND`; `remove` takes one entry out when it is still as
added (else it prints `kept`, and leaves it). Codex CLI: codex_hooks.py (a marked block in config.toml).
`status` prints `installed`, `untrusted` (Codex: not every hook is trusted), `edited` or `none`.
"""

from __future__ import annotations

import json
import os
import sys

from claude_settings import load, save

GEMINI_TOOLS_BEFORE = ("^(run_shell_command|write_file|replace|read_file|list_directory|glob|grep_search"
                       "|search_file_content)$")
GEMINI_TOOLS_AFTER = "^(run_shell_command|google_web_search|web_fetch)$"
# agent -> (timeout in the agent's unit, {event: matcher})
HOOKS = {
    "claude": (10, {  # seconds
        "PreToolUse": "Bash|Edit|Write|MultiEdit|NotebookEdit|Read|Grep|Glob",
        "PostToolUse": "Bash|WebSearch|WebFetch",
        "PostToolUseFailure": "Bash",
        "UserPromptSubmit": "",
        "Stop": "",
        "SessionStart": "",
    }),
    "codex": (10, {  # seconds; Codex names its shell "Bash" and its other tools its own way: every call
        "SessionStart": "",
        "UserPromptSubmit": "",
        "PreToolUse": "",
        "PermissionRequest": "",
        "PostToolUse": "",
        "Stop": "",
    }),
    "gemini": (10000, {  # milliseconds; a matcher is a regular expression on the tool's name
        "BeforeTool": GEMINI_TOOLS_BEFORE,
        "AfterTool": GEMINI_TOOLS_AFTER,
        "BeforeAgent": "",
        "AfterAgent": "",
        "SessionStart": "",
    }),
}


def events(agent: str) -> dict:
    return HOOKS[agent][1]


def hook_group(agent: str, event: str, command: str) -> dict:
    """The settings entry of AGENT's EVENT running COMMAND (ready for the shell)."""
    timeout, matchers = HOOKS[agent]
    group = {"hooks": [{"type": "command", "command": command, "timeout": timeout}]}
    if matchers[event]:
        group = {"matcher": matchers[event], **group}
    return group


def parse_commands(agent: str, pairs: list[str]) -> dict:
    """{event: command} from EVENT=COMMAND words, one for each of AGENT's events."""
    commands = dict(pair.split("=", 1) for pair in pairs if "=" in pair)
    if set(commands) != set(events(agent)) or len(pairs) != len(commands):
        raise ValueError(f"give EVENT=COMMAND for exactly {', '.join(events(agent))}")
    return commands


def hook_table(settings: dict) -> dict:
    hooks = settings.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise ValueError('"hooks" is not an object')
    return hooks


def planned_hooks(settings: dict, agent: str, commands: dict) -> dict:
    """{event: [group]} for each of the agent's hooks not in SETTINGS yet."""
    present = hook_table(json.loads(json.dumps(settings)))
    plan = {}
    for event, command in commands.items():
        groups = present.get(event, [])
        if not isinstance(groups, list):
            raise ValueError(f'"hooks.{event}" is not a list')
        group = hook_group(agent, event, command)
        if group not in groups:
            plan[event] = [group]
    return plan


def add_hooks(settings: dict, plan: dict) -> list[str]:
    """Adds the planned groups to SETTINGS; the record lines, one per entry."""
    records = []
    for event, groups in plan.items():
        hook_table(settings).setdefault(event, []).extend(groups)
        for group in groups:
            records.append("\t".join(("hook", event, group.get("matcher", ""), group["hooks"][0]["command"])))
    return records


def remove_hook(settings: dict, event: str, matcher: str, command: str, agent: str | None = None) -> bool:
    """Takes out the entry running COMMAND for EVENT (an event, then `hooks`, left empty goes too); with AGENT
    only an entry exactly as added. False when there is none (the user changed or removed it)."""
    hooks = hook_table(settings)
    groups = hooks.get(event)
    if not isinstance(groups, list):
        return False
    exact = hook_group(agent, event, command) if agent and event in events(agent) else None
    kept = [group for group in groups
            if not (is_entry(group, matcher, command) and (exact is None or group == exact))]
    if len(kept) == len(groups):
        return False
    if kept:
        hooks[event] = kept
    else:
        del hooks[event]
    if not hooks:
        del settings["hooks"]
    return True


def is_entry(group, matcher: str, command: str) -> bool:
    if not isinstance(group, dict) or group.get("matcher", "") != matcher:
        return False
    inner = group.get("hooks")
    return isinstance(inner, list) and len(inner) == 1 and isinstance(inner[0], dict) \
        and inner[0].get("command") == command


def gemini_status(path: str) -> str:
    """`installed` when every Gemini hook argcheck adds runs argcheck-hook --agent gemini, else `none`."""
    try:
        hooks = load(path).get("hooks", {})
    except (OSError, ValueError):
        return "none"
    found = {event for event, groups in (hooks.items() if isinstance(hooks, dict) else [])
             if isinstance(groups, list) and "argcheck-hook --agent gemini" in json.dumps(groups)}
    return "installed" if found >= set(events("gemini")) else ("edited" if found else "none")


def gemini(verb: str, args: list[str]) -> int:
    path = args[0]
    if verb == "remove":
        if len(args) != 4:
            raise ValueError("remove needs SETTINGS_JSON EVENT MATCHER COMMAND")
        if not os.path.exists(path):
            print("kept")
            return 0
        settings = load(path)
        if remove_hook(settings, *args[1:], agent="gemini"):
            save(path, settings)
        else:
            print("kept")
        return 0
    settings = load(path)
    plan = planned_hooks(settings, "gemini", parse_commands("gemini", args[1:]))
    if verb == "plan":
        print(json.dumps({"hooks": plan} if plan else {}, indent=2))
        return 0
    records = add_hooks(settings, plan)
    if records:
        save(path, settings)
    print("\n".join(records))
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["events"] and len(argv) == 2 and argv[1] in HOOKS:
        print("\n".join(events(argv[1])))
        return 0
    if len(argv) < 3 or argv[0] not in ("plan", "add", "remove", "status") or argv[1] not in ("codex", "gemini"):
        print("\n".join(__doc__.strip().splitlines()[2:8]), file=sys.stderr)
        return 2
    verb, agent, args = argv[0], argv[1], argv[2:]
    try:
        if verb == "status":
            import codex_hooks  # beside this file

            print(codex_hooks.status(args[0], args[-1]) if agent == "codex" else gemini_status(args[0]))
            return 0
        if agent == "gemini":
            return gemini(verb, args)
        import codex_hooks

        return codex_hooks.main(verb, args)
    except (OSError, ValueError, UnicodeDecodeError) as error:
        print(f"agent_hooks.py: cannot use {args[0]}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
