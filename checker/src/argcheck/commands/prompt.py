"""argcheck prompt: render the next consultee prompt from the state."""

from __future__ import annotations

import click

from argcheck import verbs
from argcheck.commands.common import STATE_ARGUMENT


@click.command("prompt")
@STATE_ARGUMENT
def command(state):
    """Print the prompt for the consultee's next turn: preamble, question, ledger,
    open challenge ids with reminders, the phase's restrictions and the reply format.

    Pipe it to a wrapper: argcheck prompt S | argcheck-consult codex new | argcheck ingest S
    """
    return verbs.prompt(state)
