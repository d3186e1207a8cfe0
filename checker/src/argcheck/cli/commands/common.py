"""What the commands share: reading a state file and reporting unreadable input the same way."""

from __future__ import annotations

import click

from argcheck.files import operations
from argcheck.cli import verbs
from argcheck.core.jsonio import InputError

FORMAT_OPTION = click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
    help="text for people and agents, json for machines.",
)
STATE_ARGUMENT = click.argument("state", type=click.Path(dir_okay=True, allow_dash=False))
FAIL_ON_OPTION = click.option(
    "--fail-on", type=click.Choice(["error", "warning"]), default="error", show_default=True,
    help="Lowest severity that makes the exit status 1 (moves with only warnings are still recorded).",
)
QUIET_OPTION = click.option("-q", "--quiet", is_flag=True,
                            help="Print findings only, not the summary line.")


def report_input_error(error: InputError, source: str, fmt: str = "text") -> None:
    """verbs.report_input_error, then leave the click command with its exit code."""
    raise click.exceptions.Exit(verbs.report_input_error(error, source, fmt))


def replayed(path: str, fmt: str = "text") -> operations.Outcome:
    """verbs.replayed for click commands: exit 2 (unreadable) or 1 (not a usable state) as click exits."""
    try:
        return verbs.replayed(path, fmt)
    except verbs.Stop as stop:
        raise click.exceptions.Exit(stop.code) from None
