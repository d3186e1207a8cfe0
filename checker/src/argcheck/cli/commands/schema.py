"""argcheck schema: print or write the JSON Schemas generated from the pydantic models."""

from __future__ import annotations

import difflib
import os

import click

from argcheck.core.effects import WRITES_INTO, declare
from argcheck.exitcodes import ExitCode
from argcheck.core.discovery import names as protocol_names

SCHEMA_PROTOCOLS = tuple(protocol_names())
HEADER = "header"


@declare(output_dir=WRITES_INTO)
@click.command("schema")
@click.argument("protocol", required=False, type=click.Choice(SCHEMA_PROTOCOLS))
@click.argument("part", required=False, metavar="[MOVE_TYPE|header]")
@click.option("--output-dir", type=click.Path(file_okay=False),
              help="Write PROTOCOL.schema.json files into this directory instead of printing.")
def command(protocol, part, output_dir):
    """Print the JSON Schema (draft 2020-12) of a PROTOCOL's state files, of one of its move types
    (as you write the move for `apply`) or of its header; or write all of them with --output-dir.

    \b
    argcheck schema                     lists the protocols and their move types
    argcheck schema PROTOCOL            the whole state file
    argcheck schema PROTOCOL MOVE_TYPE  one move, e.g. the fields an ARG013 finding is about
    argcheck schema PROTOCOL header     the header `init` writes
    """
    from argcheck.core import schemagen

    if output_dir is not None:
        return _write_all([protocol] if protocol else list(SCHEMA_PROTOCOLS), output_dir)
    if protocol is None:
        click.echo(_overview(), nl=False)
        return int(ExitCode.OK)
    schema = schemagen.state_schema(protocol) if part is None else _part_schema(protocol, part)
    click.echo(schemagen.schema_text(schema), nl=False)
    return int(ExitCode.OK)


def _part_schema(protocol: str, part: str) -> dict:
    from argcheck.core import schemagen

    if part == HEADER:
        return schemagen.header_schema(protocol)
    moves = schemagen.move_schemas(protocol)
    if part not in moves:
        close = difflib.get_close_matches(part, list(moves), n=1)
        guess = f"did you mean {close[0]!r}? " if close else ""
        raise click.UsageError(f"{protocol} has no move type {part!r}; {guess}"
                               f"its move types: {', '.join(moves)} (or {HEADER})")
    return moves[part]


def _overview() -> str:
    from argcheck.core import discovery

    lines = ["argcheck schema PROTOCOL [MOVE_TYPE|header]: the JSON Schema of a state file, a move or a header", ""]
    for name in SCHEMA_PROTOCOLS:
        lines.append(f"{name}: {', '.join(discovery.spec(name).move_types)}")
    return "\n".join(lines) + "\n"


def _write_all(chosen: list[str], output_dir: str) -> int:
    from argcheck.core import schemagen

    from argcheck.files import writing

    writing.make_dirs(output_dir)
    for name in chosen:
        path = os.path.join(output_dir, f"{name}.schema.json")
        writing.write_text(path, schemagen.schema_text(schemagen.state_schema(name)))
        click.echo(path)
    return int(ExitCode.OK)
