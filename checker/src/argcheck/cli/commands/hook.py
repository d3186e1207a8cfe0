"""argcheck hook [--agent AGENT] EVENT: answer one agent hook call (its JSON on stdin) in its hook protocol."""

from __future__ import annotations

import click

from argcheck.cli.effects import read
from argcheck.harness import events
from argcheck.core.agent_limits import AGENTS
from argcheck.harness.agents import DEFAULT


@click.command("hook")
@click.option("--agent", type=click.Choice(AGENTS), default=DEFAULT, show_default=True,
              help="Whose hook calls: Claude Code, Codex CLI or Gemini CLI (their own event names and JSON).")
@click.argument("event")
def command(agent, event):
    """Answer an agent's hook EVENT from the hook's JSON on stdin. Claude Code: PreToolUse, PostToolUse,
    PostToolUseFailure, UserPromptSubmit, Stop, SessionStart (kebab-case works too). Codex CLI: SessionStart,
    UserPromptSubmit, PreToolUse, PermissionRequest, PostToolUse, Stop. Gemini CLI: BeforeTool, AfterTool,
    BeforeAgent, AfterAgent, SessionStart (its other events: no decision).

    Installed by `./install.sh --hooks` or the plugin's hooks/hooks.json; see docs/hooks.md. Always exits 0
    with a JSON answer or nothing (no decision), whatever the input; 1 for an unknown EVENT.
    """
    return events.run(["--agent", agent, event], read)
