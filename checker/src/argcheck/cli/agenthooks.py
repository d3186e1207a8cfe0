"""Which agents have argcheck's hooks, for `argcheck doctor`: ~ user-wide, here in this project.

Where install.sh --hooks puts them (checker/tools/agent_hooks.py): Claude Code ~/.claude/settings.json or
<project>/.claude/settings.local.json (settings.json too); Codex CLI a marked block in $CODEX_HOME/config.toml
(default ~/.codex) or <project>/.codex/config.toml; Gemini CLI ~/.gemini/settings.json (GEMINI_CLI_HOME
replaces HOME) or <project>/.gemini/settings.json. A hook counts when its command runs the launcher
`argcheck-hook` (or `argcheck hook`); a Codex block whose checksum no longer matches was edited by hand, and
Codex may skip the hooks it holds (it runs only those whose trust hash still matches).
"""

from __future__ import annotations

import hashlib
import json
import os
import re

AGENTS = ("claude", "codex", "gemini")
CODEX_BLOCK = re.compile(r"# BEGIN argcheck hooks: [^\n]*\n(?P<body>.*?)# END argcheck hooks (?P<sum>[0-9a-f]+)\n",
                         re.S)


def places(agent: str, home: str, project: str, env) -> tuple[list[str], list[str]]:
    """(user-wide files, project files) where AGENT's hooks may be."""
    if agent == "claude":
        return ([os.path.join(home, ".claude", "settings.json")],
                [os.path.join(project, ".claude", name) for name in ("settings.local.json", "settings.json")])
    if agent == "codex":
        codex_home = env.get("CODEX_HOME") or os.path.join(home, ".codex")
        return [os.path.join(codex_home, "config.toml")], [os.path.join(project, ".codex", "config.toml")]
    gemini_home = env.get("GEMINI_CLI_HOME") or home
    return [os.path.join(gemini_home, ".gemini", "settings.json")], [os.path.join(project, ".gemini", "settings.json")]


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return ""


def found_in(agent: str, path: str) -> str:
    """`yes`, `edited` (a Codex block changed by hand) or `` for the hooks of AGENT in PATH."""
    text = _read(path)
    if agent == "codex":
        block = CODEX_BLOCK.search(text)
        if block is None:
            return ""
        intact = hashlib.sha256(block["body"].encode("utf-8")).hexdigest()[:16] == block["sum"]
        return "yes" if intact else "edited"
    try:
        hooks = json.loads(text).get("hooks") if text.strip() else None
    except (ValueError, AttributeError):
        return ""
    wanted = "argcheck-hook --agent gemini" if agent == "gemini" else "argcheck-hook"
    return "yes" if isinstance(hooks, dict) and (wanted in json.dumps(hooks) or "argcheck hook" in json.dumps(hooks)) \
        else ""


def hooks_line(home: str, project: str, env) -> str:
    """`hooks:     claude ~, codex here, gemini none`, or how to install them when no agent has any."""
    states, any_found = [], False
    for agent in AGENTS:
        user, here = places(agent, home, project, env)
        said = []
        for label, paths in (("~", user), ("here", here)):
            found = [found_in(agent, path) for path in paths]
            if "yes" in found:
                said.append(label)
            elif "edited" in found:
                said.append(f"{label} (edited by hand: Codex may skip them)")
        any_found = any_found or bool(said)
        states.append(f"{agent} {' + '.join(said) if said else 'none'}")
    if not any_found:
        return "hooks:     none: runs are unwitnessed; ./install.sh --agent NAME --hooks in an argcheck clone adds them"
    return f"hooks:     {', '.join(states)}"
