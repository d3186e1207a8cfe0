"""argcheck render: the run's report (md), its derived state (json), or a diagram, in the protocol's formats."""

from __future__ import annotations

import click

from argcheck.core import discovery
from argcheck.cli import verbs
from argcheck.cli.commands.common import STATE_ARGUMENT


def format_choices() -> list[str]:
    """Every format some registered protocol renders, the common ones first."""
    return list(dict.fromkeys(fmt for spec in discovery.specs() for fmt in spec.formats))


def format_help() -> str:
    per_protocol = "; ".join(f"{spec.name}: {', '.join(spec.formats)}" for spec in discovery.specs())
    return f"What to render (md report, json derived state, diagrams). By protocol: {per_protocol}."


@click.command("render")
@STATE_ARGUMENT
@click.option("--format", "fmt", type=click.Choice(format_choices()), default="md", show_default=True,
              help=format_help())
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-",
              help="Write to this file instead of stdout.")
def command(state, fmt, output):
    """Render STATE for people or tools."""
    return verbs.render(state, fmt, output)
