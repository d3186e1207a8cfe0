"""argcheck prompt: render the next consultee prompt from the state."""

from __future__ import annotations

import click

from argcheck.cli import verbs
from argcheck.cli.commands.common import declared, declared_effects


@declared_effects("prompt")
@click.command("prompt")
@declared("prompt")
def command(state, full, persona):
    """Print the prompt for the consultee's next turn: preamble, question, ledger,
    open challenge ids with reminders, the phase's restrictions and the reply format.

    A resumed session already holds the earlier prompts, so it gets only what
    changed since its last reply; pass --full when you start a new session
    instead of resuming the one `argcheck next` names.

    Pipe it to a wrapper: argcheck prompt S | argcheck-consult codex new | argcheck ingest S
    """
    return verbs.prompt(state, full, persona)
