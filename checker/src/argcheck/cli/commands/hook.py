"""argcheck hook EVENT: answer one Claude Code hook call (its JSON on stdin) in the hook protocol."""

from __future__ import annotations

import click

from argcheck.cli.effects import read
from argcheck.harness import events


@click.command("hook")
@click.argument("event")
def command(event):
    """Answer Claude Code's hook EVENT (PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop,
    SessionStart; kebab-case works too) from the hook's JSON on stdin.

    Installed by `./install.sh --hooks` or the plugin's hooks/hooks.json; see docs/hooks.md. Always exits 0
    with a JSON answer or nothing (no decision), whatever the input; 1 for an unknown EVENT.
    """
    return events.run([event], read)
