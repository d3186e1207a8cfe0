"""argcheck render: the run's report (md), its derived state (json), or a diagram, in the protocol's formats."""

from __future__ import annotations

import click

from argcheck.cli import verbs
from argcheck.cli.commands.common import declared, declared_effects


@declared_effects("render")
@click.command("render")
@declared("render")
def command(state, fmt, output):
    """Render STATE for people or tools."""
    return verbs.render(state, fmt, output)
