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
    from argcheck.core.protocol_calls import reference_text

    spec = discovery.spec(protocol)
    text = reference_text(spec, "moves") or ""
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
    """The move's fields from its JSON Schema: required ones first, with their types or allowed values; the
    fields of a nested object (or of an array's objects) follow it, named by their path (`data.facts`,
    `data.citations[].source`)."""
    model = next(m for m in spec.move_models()
                 if m.model_fields["type"].annotation.__args__[0] == move_type)
    schema = model.model_json_schema()
    rows = _rows(schema, schema.get("$defs", {}), "", frozenset({"type"}), ())
    width = max([20, *(len(name) for name, _, _ in rows)])
    return "\n".join(f"  {name:<{width}} {needed}  {kind}" for name, needed, kind in rows)


def _rows(schema: dict, defs: dict, prefix: str, skip: frozenset, seen: tuple) -> list[tuple[str, str, str]]:
    required = set(schema.get("required", ()))
    rows = []
    for optional, name, prop in sorted((name not in required, name, prop)
                                       for name, prop in schema.get("properties", {}).items() if name not in skip):
        rows.append((prefix + name, "optional" if optional else "required", _kind(prop)))
        nested, suffix = _nested(prop, defs)
        if nested is not None and nested not in seen:
            rows += _rows(defs[nested], defs, f"{prefix}{name}{suffix}.", frozenset(), (*seen, nested))
    return rows


def _nested(prop: dict, defs: dict) -> tuple[str | None, str]:
    """The definition a property's objects follow (itself, or its array's items), and "[]" for an array."""
    for option in prop.get("anyOf", [prop]):
        ref, suffix = option.get("$ref"), ""
        if option.get("type") == "array":
            ref, suffix = option.get("items", {}).get("$ref"), "[]"
        name = ref.rsplit("/", 1)[-1] if ref else None
        if name in defs and defs[name].get("properties"):
            return name, suffix
    return None, ""


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
            kind = option.get("type", "any")
            kind = " or ".join(k for k in kind if k != "null") if isinstance(kind, list) else str(kind)
            shown.append(f"array of {inner}" if kind == "array" else kind)
    return " or ".join(shown) or "any"
