"""argcheck validate: replay whole state files and report every finding."""

from __future__ import annotations

import click

from argcheck.cli.commands.common import declared, declared_effects
from argcheck.cli.validating import validate_paths


@declared_effects("validate")
@click.command("validate")
@declared("validate")
def command(states, fmt, fail_on):
    """Replay each STATE file from scratch and check every rule and the integrity of its log.

    Use - to read one state from standard input.
    """
    return validate_paths(states, fmt, fail_on)
