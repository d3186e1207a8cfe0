"""argcheck validate: replay whole state files and report every finding."""

from __future__ import annotations

import click

from argcheck.cli.commands.common import FORMAT_OPTION
from argcheck.core.findings import ERROR, WARNING
from argcheck.cli.validating import validate_paths


@click.command("validate")
@click.argument("states", nargs=-1, required=True, type=click.Path(allow_dash=True))
@FORMAT_OPTION
@click.option("--fail-on", type=click.Choice([ERROR, WARNING]), default=ERROR, show_default=True,
              help="Lowest severity that makes the exit status 1.")
def command(states, fmt, fail_on):
    """Replay each STATE file from scratch and check every rule and the integrity of its log.

    Use - to read one state from standard input.
    """
    return validate_paths(states, fmt, fail_on)
