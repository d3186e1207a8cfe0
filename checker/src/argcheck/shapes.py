"""Run a generated shape checker (see schemagen.shapes_module) and turn its error into a finding."""

from __future__ import annotations

from argcheck.findings import Finding
from argcheck.registry import finding


def check_shape(shapes, kind: str, value, path: str) -> list[Finding]:
    """Check `value` against the generated validator `kind` of the `shapes` module.

    Only fields declared Optional may be null; a null there means "absent".
    """
    if isinstance(value, dict) and None in value.values():
        nullable = shapes.NULLABLE[kind]
        value = {k: v for k, v in value.items() if v is not None or k not in nullable}
    try:
        shapes.VALIDATORS[kind](value)
    except shapes.JsonSchemaValueException as error:
        return [shape_finding(error, path)]
    return []


def violation(path: str, detail: str, move: int | None = None) -> Finding:
    """ARG013: a value does not have the shape its schema requires (`detail` says how)."""
    return finding("ARG013", path=path, move=move, detail=detail)


def shape_finding(error, path: str, strip: str | None = None) -> Finding:
    """The ARG013 finding for a generated validator's error, with `data` (the checked value) read as `path`.

    `strip` names a part of the checked value (e.g. `data.claim`) that `path` stands for instead.
    """
    name, detail = error.name or "data", error.message
    if strip and name.startswith(strip):
        name = "data" + name[len(strip):]
    if strip and detail.startswith(strip):
        detail = "data" + detail[len(strip):]
    where = name.replace("data", path, 1).replace(".", "/")
    return violation(where, detail.replace("data", path or "the value", 1))
