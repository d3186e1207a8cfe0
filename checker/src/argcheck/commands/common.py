"""What the commands share: reading a state file and reporting unreadable input the same way."""

from __future__ import annotations

import click

from argcheck import operations
from argcheck.exitcodes import ExitCode
from argcheck.jsonio import InputError
from argcheck.output import echo_findings, echo_json, findings_json

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


class Stop(click.exceptions.Exit):
    """Leave the command with an exit code after output has been written."""


def report_input_error(error: InputError, source: str, fmt: str = "text") -> None:
    if fmt == "json":
        echo_json({"source": source, "findings": findings_json([error.finding])})
    else:
        echo_findings([error.finding], source)
    raise Stop(int(ExitCode.USAGE))


def replayed(path: str, fmt: str = "text") -> operations.Outcome:
    """Load and replay a state file, or stop with exit 2 (unreadable) / 1 (not a usable state)."""
    try:
        outcome = operations.validate_file(path)
    except InputError as error:
        report_input_error(error, path, fmt)
    if outcome.replay is None:
        echo_findings(outcome.findings, path)
        raise Stop(int(ExitCode.FINDINGS))
    return outcome


def protocol_part(outcome: operations.Outcome, part: str):
    """A module of the protocol the replayed run belongs to (e.g. its `render`)."""
    return outcome.replay.protocol.part(part)
