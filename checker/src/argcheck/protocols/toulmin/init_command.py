"""`argcheck init toulmin`: the options of a new Toulmin chain."""

from __future__ import annotations

import os

import click

from argcheck.cli.commands.init import FORCE_OPTION, STATE_OPTION, create
from argcheck.protocols.toulmin.header import BREAKERS


@click.command("toulmin")
@click.option("--query", required=True, help="The question the chain argues about (at least 5 characters).")
@click.option("--relax", type=click.Choice(BREAKERS), multiple=True,
              help="Switch a circuit breaker off for this chain: a weak or irrelevant warrant/backing no "
                   "longer terminates it (repeatable; shown in the report).")
@click.option("--council/--no-council", default=True, show_default=True,
              help="Allow the field-experts council (council_request / council_opinion moves).")
@click.option("--conversation-id", help="The agent conversation this chain belongs to.")
@click.option("--workspace", type=click.Path(file_okay=False),
              help="Root for path:line citation locators (default: the current directory).")
@STATE_OPTION
@FORCE_OPTION
def command(state, force, workspace, **options):
    """A Toulmin chain: Data + Claim, Warrant + Backing, Rebuttal + Qualifier, Verdict."""
    options["relax"] = list(options["relax"])
    options["workspace"] = os.path.abspath(workspace or os.getcwd())
    return create("toulmin", options, state, force)
