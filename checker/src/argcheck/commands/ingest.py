"""argcheck ingest: turn a consultee reply (the wrappers' JSON envelope) into moves and apply them."""

from __future__ import annotations

import click

from argcheck import jsonio, operations, statefile
from argcheck.commands.apply import report_applied
from argcheck.commands.common import FORMAT_OPTION, STATE_ARGUMENT, protocol_part, replayed, report_input_error
from argcheck.exitcodes import ExitCode
from argcheck.jsonio import InputError
from argcheck.output import echo_json


@click.command("ingest")
@STATE_ARGUMENT
@click.argument("envelope", default="-", type=click.Path(allow_dash=True))
@FORMAT_OPTION
@click.option("--dry-run", is_flag=True, help="Print the moves the reply maps to; apply nothing.")
@click.option("--lock-timeout", type=float, default=statefile.DEFAULT_LOCK_TIMEOUT, show_default=True)
def command(state, envelope, fmt, dry_run, lock_timeout):
    """Read a wrapper ENVELOPE (- for stdin) and record the consultee's reply in STATE.

    A failure (timeout, CLI error, empty) is recorded as a consultee failure; a
    reply not in the requested format is recorded as a format failure. Neither
    advances the iteration. A setup error (consultee CLI not installed, not
    logged in) is not recorded: ingest says how to fix it and exits 2.
    """
    try:
        reply = jsonio.load(envelope)
    except InputError as error:
        report_input_error(error, envelope, fmt)
    outcome = replayed(state, fmt)
    ingesting = protocol_part(outcome, "ingest")
    try:
        moves = ingesting.moves_from_envelope(outcome.replay.engine.state, reply)
    except ingesting.IngestProblem as problem:
        raise click.UsageError(f"{envelope}: {problem}") from None
    if dry_run:
        echo_json(moves)
        return int(ExitCode.OK)
    try:
        applied = operations.apply_to_file(state, moves, lock_timeout=lock_timeout)
        if _content_refused(applied, outcome.doc["move_count"]):
            refusal = applied.findings
            fallback = ingesting.moves_after_refusal(reply, refusal)
            applied = operations.apply_to_file(state, fallback, lock_timeout=lock_timeout)
            applied = applied._replace(findings=refusal + applied.findings)
            click.echo("argcheck: the reply's content was refused; recorded it as a format failure", err=True)
    except statefile.LockBusy:
        click.echo(f"argcheck: {state} is locked by another process", err=True)
        return int(ExitCode.BUSY)
    return report_applied(state, applied, fmt, False)


def _content_refused(applied, moves_before: int) -> bool:
    """True when apply refused a move after the consult record (the reply itself arrived)."""
    if applied.applied:
        return False
    consult_seq = moves_before + 1
    errors = [f for f in applied.findings if f.is_error]
    return bool(errors) and all(f.move is not None and f.move > consult_seq for f in errors)
