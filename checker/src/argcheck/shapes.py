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
        where = (error.name or "data").replace("data", path, 1).replace(".", "/")
        detail = error.message.replace("data", path or "the value", 1)
        return [finding("ARG013", path=where, detail=detail)]
    return []
