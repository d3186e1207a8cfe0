"""argcheck moves: every move of a protocol with a JSON example, or one move type's examples and fields."""

from __future__ import annotations

import json

import click

from argcheck.core import discovery
from argcheck.exitcodes import ExitCode


@click.command("moves")
@click.argument("protocol", type=click.Choice(discovery.names()))
@click.argument("move_type", required=False)
def command(protocol, move_type):
    """Print PROTOCOL's move reference (what each move does, one JSON example each),
    or, with MOVE_TYPE, that move's examples and its fields."""
    from argcheck.core.personas import reference_text

    spec = discovery.spec(protocol)
    text = reference_text(spec.package, "moves") or ""
    if move_type is None:
        click.echo(text or f"{protocol} ships no move reference; see `argcheck schema`", nl=not text.endswith("\n"))
        return int(ExitCode.OK)
    if move_type not in spec.move_types:
        raise click.UsageError(f"{protocol} has no move {move_type!r}; its moves: {', '.join(spec.move_types)}")
    click.echo(f"# {move_type} ({protocol}): its fields\n")
    click.echo(_fields(spec, move_type))
    for section in _sections(text, move_type):
        click.echo("\n" + section.rstrip())
    click.echo("\nApply with: argcheck apply STATE '<one move, or an array of moves>'")
    return int(ExitCode.OK)


def _sections(text: str, move_type: str) -> list[str]:
    """The reference's `## ` sections about `move_type` (named in the heading, or in an example)."""
    marker = json.dumps({"type": move_type})[1:-1]
    sections = ["## " + part for part in text.split("\n## ")[1:]]
    return [s for s in sections if move_type in s.splitlines()[0] or marker in s]


def _fields(spec, move_type: str) -> str:
    """The move's fields from its JSON Schema: required ones first, with their types or allowed values."""
    model = next(m for m in spec.part("models").MOVE_MODELS
                 if m.model_fields["type"].annotation.__args__[0] == move_type)
    schema = model.model_json_schema()
    required = set(schema.get("required", ()))
    rows = sorted((name not in required, name, _kind(prop)) for name, prop in schema["properties"].items()
                  if name != "type")
    return "\n".join(f"  {name:<20} {'optional' if optional else 'required'}  {kind}"
                     for optional, name, kind in rows)


def _kind(prop: dict) -> str:
    options = [o for o in prop.get("anyOf", [prop]) if o.get("type") != "null"]
    shown = []
    for option in options:
        if "enum" in option or "const" in option:
            shown.append(" | ".join(map(str, option.get("enum", [option.get("const")]))))
        elif "$ref" in option:
            shown.append(option["$ref"].rsplit("/", 1)[-1])
        else:
            item = option.get("items", {})
            inner = item.get("type") or item.get("$ref", "").rsplit("/", 1)[-1]
            shown.append(f"array of {inner}" if option.get("type") == "array" else str(option.get("type", "any")))
    return " or ".join(shown) or "any"
