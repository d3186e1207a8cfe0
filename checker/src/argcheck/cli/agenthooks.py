"""Which agents have argcheck's hooks, for `argcheck doctor`: ~ user-wide, here in this project.

Where install.sh --hooks puts them (checker/tools/agent_hooks.py): Claude Code ~/.claude/settings.json or
<project>/.claude/settings.local.json (settings.json too); Codex CLI a marked block in $CODEX_HOME/config.toml
(default ~/.codex) or <project>/.codex/config.toml, trusted in the user's config.toml; Gemini CLI
~/.gemini/settings.json (GEMINI_CLI_HOME replaces HOME) or <project>/.gemini/settings.json. A hook counts when
its command runs the launcher `argcheck-hook` (or `argcheck hook`). Codex runs a hook only while its trust hash
still matches (argcheck.files.codexhooks): a block edited by hand, or one whose trust no longer matches, is
said, since Codex then skips the hooks it holds.
"""

from __future__ import annotations

import json
import os

from argcheck.core.agent_limits import AGENTS
from argcheck.files import codexhooks

CODEX_SAYS = {"installed": "yes", "edited": "edited by hand: Codex skips what changed",
              "untrusted": "not trusted: Codex skips them; ./install.sh --agent codex --hooks again"}


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


def found_in(agent: str, path: str, trust: str) -> str:
    """`yes`, what is wrong with a Codex block, or `` for the hooks of AGENT in PATH."""
    if agent == "codex":
        return CODEX_SAYS.get(codexhooks.status(path, trust), "")
    text = codexhooks.read_text(path)
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
            found = [found_in(agent, path, user[0]) for path in paths]
            if "yes" in found:
                said.append(label)
            elif any(found):
                said.append(f"{label} ({next(f for f in found if f)})")
        any_found = any_found or bool(said)
        states.append(f"{agent} {' + '.join(said) if said else 'none'}")
    if not any_found:
        return "hooks:     none (runs unwitnessed): ./install.sh --agent NAME --hooks"
    return f"hooks:     {', '.join(states)}"
