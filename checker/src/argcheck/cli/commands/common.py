"""What the commands share: reading a state file and reporting unreadable input the same way."""

from __future__ import annotations

import click

from argcheck.core.effects import declare
from argcheck.files import operations
from argcheck.cli import verbs
from argcheck.cli.options import COMMANDS, FAIL_ON, FORMAT, LOCK_TIMEOUT, QUIET, STATE, Param
from argcheck.core.jsonio import InputError



def declared(command: str):
    """Give a click command function the parameters `command` declares (argcheck.cli.options), in order."""
    params = COMMANDS[command].params

    def decorate(function):
        for param in reversed(params):
            function = click_decorator(param)(function)
        return function

    return decorate


def declared_effects(command: str):
    """Mark a click command with the effects its declared parameters have (argcheck.core.effects)."""
    return declare(**{param.name: param.effect for param in COMMANDS[command].params if param.effect})


def click_decorator(param: Param):
    """The click argument or option for one declared parameter."""
    extra = {"default": param.default} if param.default is not None else {}
    if param.kind in ("path", "choice", "float", "formats"):
        extra["type"] = _click_type(param)
    if param.is_argument:
        many = {"nargs": -1} if param.many else {}
        return click.argument(param.name, required=param.required and param.default is None, **many, **extra)
    if param.kind == "flag":
        return click.option(*param.decls, param.name, is_flag=True, help=param.help)
    if param.kind == "switch":
        extra["default"] = param.default  # None: neither side given (a switch defaults to False otherwise)
    help_text = format_help() if param.kind == "formats" else param.help
    return click.option(*param.decls, param.name, show_default=param.show_default, help=help_text, **extra)


def _click_type(param: Param):
    if param.kind == "path":
        return click.Path(dir_okay=param.dir_okay, allow_dash=param.allow_dash)
    if param.kind == "choice":
        return click.Choice(list(param.choices))
    if param.kind == "formats":
        return click.Choice(format_choices())
    return float


def format_choices() -> list[str]:
    """Every format some registered protocol renders, the common ones first."""
    from argcheck.core import discovery

    from argcheck.core.exporting import EXPORT_FORMATS

    return list(dict.fromkeys([*(fmt for spec in discovery.specs() for fmt in spec.formats), *EXPORT_FORMATS]))


def format_help() -> str:
    from argcheck.core import discovery

    per_protocol = "; ".join(f"{spec.name}: {', '.join(spec.formats)}" for spec in discovery.specs())
    return (f"What to render (md report, json derived state, diagrams). By protocol: {per_protocol}. Every "
            "protocol: madr (a decision record), argdown and aif (argument maps).")


FORMAT_OPTION = click_decorator(FORMAT)
STATE_ARGUMENT = click_decorator(STATE)
FAIL_ON_OPTION = click_decorator(FAIL_ON)
QUIET_OPTION = click_decorator(QUIET)
LOCK_TIMEOUT_OPTION = click_decorator(LOCK_TIMEOUT)


def report_input_error(error: InputError, source: str, fmt: str = "text") -> None:
    """verbs.report_input_error, then leave the click command with its exit code."""
    raise click.exceptions.Exit(verbs.report_input_error(error, source, fmt))


def replayed(path: str, fmt: str = "text") -> operations.Outcome:
    """verbs.replayed for click commands: exit 2 (unreadable) or 1 (not a usable state) as click exits."""
    try:
        return verbs.replayed(path, fmt)
    except verbs.Stop as stop:
        raise click.exceptions.Exit(stop.code) from None
