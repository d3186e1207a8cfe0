"""How a tool declares its arguments: advertised with a JSON schema, accepted as anything.

A wrong type then comes back as a structured `ok: false` result naming the rule (the tool reports it) rather
than as the MCP SDK's validation error. Pure declarations: the MCP server and a protocol's own tools use them.
"""

from typing import Annotated, Any

from pydantic import Field, WithJsonSchema


def tool_arg(schema: dict, description: str):
    """A tool argument that is advertised with `schema` but accepted as anything, so the tool itself
    reports a wrong type as a structured result instead of the SDK rejecting the call."""
    return Annotated[Any, WithJsonSchema({**schema, "description": description}), Field(description=description)]


def one_of_types(*types: str) -> dict:
    """Several JSON types as anyOf branches of one type each (portable to single-type schema dialects)."""
    return {"anyOf": [{"type": kind} for kind in types]}


class AsPassed(dict):
    """An object argument the caller passed as a JSON string, parsed, with the string it came as (`text`), so a
    tool can quote it back verbatim (Toulmini's prompts quote the caller's data_json)."""

    def __init__(self, value=(), text: str = ""):
        super().__init__(value)
        self.text = text


JSON_OBJECT = one_of_types("object", "string")  # an object, or a JSON string of it
StatePath = tool_arg({"type": "string"}, "Path of the state file (relative to the server's working directory).")
