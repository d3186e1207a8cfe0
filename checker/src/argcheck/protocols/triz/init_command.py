"""`argcheck init triz`: a new knowledge-creation session for one problem."""

from __future__ import annotations

import click

from argcheck.cli.commands.init import FORCE_OPTION, STATE_OPTION, create


@click.command("triz")
@click.option("--problem", required=True, help="The problem the session creates knowledge about (10+ characters).")
@click.option("--conversation-id", help="The agent conversation this session belongs to.")
@STATE_OPTION
@FORCE_OPTION
def command(state, force, **options):
    """A TRIZ session: decompose, explore, synthesize, validate, build, crystallize."""
    return create("triz", options, state, force)
