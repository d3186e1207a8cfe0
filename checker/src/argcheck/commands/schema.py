"""argcheck schema: print or write the JSON Schemas generated from the pydantic models."""

from __future__ import annotations

import os

import click

from argcheck.exitcodes import ExitCode

from argcheck.protocols import names as protocol_names

SCHEMA_PROTOCOLS = tuple(protocol_names())


@click.command("schema")
@click.argument("protocol", required=False, type=click.Choice(SCHEMA_PROTOCOLS))
@click.option("--output-dir", type=click.Path(file_okay=False),
              help="Write PROTOCOL.schema.json files into this directory instead of printing.")
def command(protocol, output_dir):
    """Print the JSON Schema (draft 2020-12) of a PROTOCOL's state files, or write all of them."""
    from argcheck import schemagen

    chosen = [protocol] if protocol else list(SCHEMA_PROTOCOLS)
    if output_dir is None:
        if len(chosen) != 1:
            raise click.UsageError("name a PROTOCOL to print, or pass --output-dir to write them all")
        click.echo(schemagen.schema_text(schemagen.state_schema(chosen[0])), nl=False)
        return int(ExitCode.OK)
    os.makedirs(output_dir, exist_ok=True)
    for name in chosen:
        path = os.path.join(output_dir, f"{name}.schema.json")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(schemagen.schema_text(schemagen.state_schema(name)))
        click.echo(path)
    return int(ExitCode.OK)
