"""argcheck next: where the run stands and exactly what is due or allowed now."""

from __future__ import annotations

import click

from argcheck import verbs
from argcheck.commands.common import FORMAT_OPTION, STATE_ARGUMENT


@click.command("next")
@STATE_ARGUMENT
@FORMAT_OPTION
def command(state, fmt):
    """Print, in a few lines, the phase, open challenges, what is due and what is allowed now.

    Run it after a context compaction to pick the run up exactly where it was.
    """
    return verbs.next_step(state, fmt)
