"""The init options a client passes as data (MCP's `options` object), checked against the spec's InitOption
declarations: the checks click makes on the command line (`argcheck init NAME`), said in the words of the
data (`options.question`), before the protocol's make_header sees them (pure)."""

from __future__ import annotations

TEXT_KINDS = ("text", "file", "folder", "workspace")


def init_option_problems(protocol: str, declared, values: dict) -> list[str]:
    """What is wrong with `values` (name -> value) for the protocol's init options `declared`: a name that is
    not one of its header options, a missing required option, a value of the wrong type, choice or range.
    A null value counts as not given."""
    options = {option.name: option for option in declared if option.header}
    problems = [_unknown(protocol, name, options) for name in values if name not in options]
    for name, option in options.items():
        value = values.get(name)
        if value is None:
            problems += [f"`options.{name}` is required: {option.help}"] if option.required else []
        else:
            problems += _value_problems(option, value)
    return problems


def _unknown(protocol: str, name, options: dict) -> str:
    listed = ", ".join(name for name, option in options.items() if option.mcp)
    return f"`options.{name}` is not an init option of {protocol}; it takes {listed}"


def _value_problems(option, value) -> list[str]:
    if option.multiple:
        if not isinstance(value, list):
            return [f"`options.{option.name}` must be a list, not {_type_name(value)}"]
        return [problem for item in value for problem in _one_value_problems(option, item)]
    return _one_value_problems(option, value)


def _one_value_problems(option, value) -> list[str]:
    what = f"`options.{option.name}`"
    if option.mcp_object and isinstance(value, dict):
        return []  # the protocol's make_header checks the object's fields
    if not _is(value, option.kind):
        expected = _expected_type(option.kind) + (" or an object" if option.mcp_object else "")
        return [f"{what} must be {expected}, not {_type_name(value)}"]
    if option.choices and value not in option.choices:
        return [f"{what} must be one of {', '.join(map(str, option.choices))}, not {value!r}"]
    if option.minimum is not None and value < option.minimum:
        return [f"{what} must be at least {option.minimum}, not {value!r}"]
    if option.maximum is not None and value > option.maximum:
        return [f"{what} must be at most {option.maximum}, not {value!r}"]
    return []


def _is(value, kind: str) -> bool:
    if kind in TEXT_KINDS:
        return isinstance(value, str)
    if kind in ("flag", "switch"):
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    return isinstance(value, int) if kind == "int" else isinstance(value, (int, float))


def _expected_type(kind: str) -> str:
    if kind in TEXT_KINDS:
        return "a string"
    return {"flag": "true or false", "switch": "true or false", "int": "a whole number"}.get(kind, "a number")


def _type_name(value) -> str:
    if isinstance(value, bool):
        return "true or false"
    names = {dict: "an object", list: "a list", str: "a string", int: "a whole number", float: "a number"}
    return next((name for kind, name in names.items() if isinstance(value, kind)), "null")
