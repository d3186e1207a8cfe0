"""Reading MCP tool arguments, and the structured problems a tool reports instead of crashing.

Tool arguments are advertised with a JSON schema but accepted as anything, so a wrong type comes back as
an `ok: false` result naming the rule (a ToolProblem) rather than as the SDK's validation error.
"""

import os
import typing
from typing import Annotated

from pydantic import PlainValidator, WithJsonSchema

from argcheck.core import jsonio
from argcheck.exitcodes import ExitCode
from argcheck.core.findings import ERROR
from argcheck.core.toolargs import JSON_OBJECT, AsPassed, StatePath, one_of_types, tool_arg  # noqa: F401
from argcheck.core.jsonio import InputError


class ToolProblem(Exception):
    """A problem to report as a structured tool result (not a crash)."""

    def __init__(self, code: str, name: str, message: str, hint: str = "", findings=(), **extra):
        super().__init__(message)
        self.error = {"code": code, "name": name, "message": message, "hint": hint}
        self.findings = list(findings)
        self.extra = extra


def usage(message: str, hint: str = "") -> ToolProblem:
    return ToolProblem("USAGE", "BAD_ARGUMENTS", message, hint, exit_code=int(ExitCode.USAGE))


def rule_problem(findings, **extra) -> ToolProblem:
    """A problem whose cause is a rule finding: the first error (or the given finding) names it."""
    findings = list(findings)
    first = next((f for f in findings if f.severity == ERROR), findings[0])
    return ToolProblem(first.code, first.name, first.message, first.hint, findings, **extra)


def json_value(value, what: str):
    """Toulmini passes components as JSON strings; accept those or the parsed value."""
    if isinstance(value, str):
        if not value.strip():
            return None
        try:
            return jsonio.parse(value.encode("utf-8", "surrogatepass"))
        except InputError as error:
            found = error.finding._replace(path=what)
            raise rule_problem([found], exit_code=int(ExitCode.USAGE)) from None
    return value


def string_value(value, what: str, required: bool = False) -> str | None:
    """A string argument; None when absent (or blank and optional), a usage problem when of another type."""
    if value is None or (isinstance(value, str) and not value.strip() and not required):
        if required:
            raise usage(f"`{what}` is required")
        return None
    if not isinstance(value, str):
        raise usage(f"`{what}` must be a string, not {type(value).__name__}")
    return value


def state_path(value, required: bool = True) -> str | None:
    """The `state` argument as an absolute path (None when optional and absent)."""
    path = path_value(string_value(value, "state", required=required), "state")
    return None if path is None else os.path.abspath(os.path.expanduser(path))


def path_value(path: str | None, what: str) -> str | None:
    """A path argument, refused when no file name can hold it (a NUL byte)."""
    if path is not None and "\x00" in path:
        raise usage(f"`{what}` contains a NUL byte, which no path can hold")
    return path


def verbatim(annotation):
    """The same argument, declared so that the SDK passes a string on as it came.

    The SDK json.loads every string given for an argument not annotated `str`, leniently (duplicate
    keys kept last, lone surrogates let through); `strict_arguments` does that step with argcheck's
    strict parser instead. The schema the client sees is unchanged (WithJsonSchema)."""
    args = typing.get_args(annotation)
    if not args:
        return annotation
    return Annotated[(str, PlainValidator(_as_is), *args[1:])]


def _as_is(value):
    return value


def strict_arguments(tool, arguments: dict) -> dict:
    """A JSON string given for a non-string argument, as the array or object it holds (parsed strictly);
    a string that is not JSON stays a string; JSON that the strict parser refuses is a problem."""
    hints = typing.get_type_hints(tool, include_extras=True)
    return {name: _strictly_parsed(name, value) if isinstance(value, str) and not _takes_string(hints.get(name))
            else value for name, value in arguments.items()}


def _takes_string(annotation) -> bool:
    schemas = [meta.json_schema for meta in typing.get_args(annotation)[1:] if isinstance(meta, WithJsonSchema)]
    return any(isinstance(schema, dict) and schema.get("type") == "string" for schema in schemas)


def _strictly_parsed(name: str, value: str):
    try:
        parsed = jsonio.parse(value.encode("utf-8", "surrogatepass"))
    except InputError as error:
        if error.finding.code == "ARG001":  # not JSON at all: a plain string, for the tool to judge
            return value
        raise rule_problem([error.finding._replace(path=f"/{name}")], exit_code=int(ExitCode.USAGE)) from None
    if isinstance(parsed, dict):
        return AsPassed(parsed, value)
    return parsed if isinstance(parsed, list) else value
