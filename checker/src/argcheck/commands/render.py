"""argcheck render: the run's report (md), its derived state (json), or a diagram, in the protocol's formats."""

from __future__ import annotations

import click

from argcheck import protocols
from argcheck.commands.common import STATE_ARGUMENT, protocol_part, replayed
from argcheck.exitcodes import ExitCode


def format_choices() -> list[str]:
    """Every format some registered protocol renders, the common ones first."""
    return list(dict.fromkeys(fmt for spec in protocols.specs() for fmt in spec.formats))


def format_help() -> str:
    per_protocol = "; ".join(f"{spec.name}: {', '.join(spec.formats)}" for spec in protocols.specs())
    return f"What to render (md report, json derived state, diagrams). By protocol: {per_protocol}."


@click.command("render")
@STATE_ARGUMENT
@click.option("--format", "fmt", type=click.Choice(format_choices()), default="md", show_default=True,
              help=format_help())
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True), default="-",
              help="Write to this file instead of stdout.")
def command(state, fmt, output):
    """Render STATE for people or tools."""
    outcome = replayed(state)
    spec = outcome.replay.protocol
    if fmt not in spec.formats:
        raise click.UsageError(f"the {spec.name} protocol renders {', '.join(spec.formats)}, not {fmt!r}")
    rendering = protocol_part(outcome, "render")
    text = rendering.render(outcome.replay.engine.state, fmt, outcome.findings)
    if output == "-":
        click.echo(text, nl=not text.endswith("\n"))
    else:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
        click.echo(f"wrote {output}", err=True)
    return int(ExitCode.OK)
