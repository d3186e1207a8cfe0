"""argcheck render: the decision log (md), the derived state (json), or the argument graph."""

from __future__ import annotations

import click

from argcheck import verbs
from argcheck.commands.common import STATE_ARGUMENT

FORMATS = ["md", "json", "mermaid", "dot", "af"]


@click.command("render")
@STATE_ARGUMENT
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="md", show_default=True,
              help="md decision log; json derived state; mermaid/dot attack graph; af ICCMA 2023.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-",
              help="Write to this file instead of stdout.")
def command(state, fmt, output):
    """Render STATE for people or tools."""
    return verbs.render(state, fmt, output)
