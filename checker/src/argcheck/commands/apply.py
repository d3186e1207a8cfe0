"""argcheck apply: check moves against the replayed state and append them only if all are legal."""

from __future__ import annotations

import click

from argcheck import jsonio, operations, statefile
from argcheck.commands.common import FORMAT_OPTION, STATE_ARGUMENT, report_input_error
from argcheck.exitcodes import ExitCode
from argcheck.jsonio import InputError
from argcheck.output import echo_findings, echo_json, findings_json


@click.command("apply")
@STATE_ARGUMENT
@click.argument("moves", default="-")
@FORMAT_OPTION
@click.option("--dry-run", is_flag=True, help="Check the moves but do not write them.")
@click.option("--lock-timeout", type=float, default=statefile.DEFAULT_LOCK_TIMEOUT, show_default=True,
              help="Seconds to wait for another argcheck process to release the state file.")
def command(state, moves, fmt, dry_run, lock_timeout):
    """Check MOVES (a JSON move object or array of moves) and append them to STATE.

    MOVES is inline JSON when it starts with { or [, - for standard input (the
    default), or a file (/dev/stdin and <(...) work too). Inside single quotes,
    write an apostrophe as '\\'' or as the JSON escape \\u0027:

    \b
        argcheck apply S '{"type": "point", ..., "text": "it'\\''s fast"}'

    Either every move is legal and all are appended atomically, or none is and
    STATE is left byte-for-byte unchanged. Do not set seq, prev or at: apply does.
    """
    try:
        batch = jsonio.load_argument(moves)
    except InputError as error:
        report_input_error(error, source_label(moves), fmt)
    batch = batch if isinstance(batch, list) else [batch]
    try:
        outcome = operations.apply_to_file(state, batch, lock_timeout=lock_timeout, dry_run=dry_run)
    except InputError as error:
        report_input_error(error, state, fmt)
    except statefile.LockBusy:
        click.echo(f"argcheck: {state} is locked by another process (waited {lock_timeout}s)", err=True)
        return int(ExitCode.BUSY)
    return report_applied(state, outcome, fmt, dry_run)


def source_label(moves: str) -> str:
    """How findings name MOVES: its path, or what it is when it is not a file."""
    if jsonio.is_inline(moves):
        return "MOVES (inline JSON)"
    return "MOVES (stdin)" if moves == "-" else moves


def report_applied(state, outcome, fmt, dry_run) -> int:
    refused = outcome.applied == 0
    status = outcome.replay.engine.status if outcome.replay else None
    if fmt == "json":
        echo_json({"state": state, "applied": outcome.applied, "refused": refused, "dry_run": dry_run,
                   "status": status, "findings": findings_json(outcome.findings)})
    else:
        echo_findings(outcome.findings, state)
        click.echo(_summary_line(state, outcome, refused, dry_run))
    if refused:
        return int(ExitCode.FINDINGS)
    terminal = outcome.replay.protocol.terminal_statuses
    return int(ExitCode.TERMINAL if status in terminal else ExitCode.OK)


def _summary_line(state, outcome, refused, dry_run) -> str:
    if refused:
        return f"refused: {state} is unchanged"
    first = outcome.doc["move_count"] - outcome.applied + 1
    span = f"seq {first}" if outcome.applied == 1 else f"seq {first}-{outcome.doc['move_count']}"
    verb = "would apply" if dry_run else "applied"
    moves = f"{outcome.applied} move{'s' if outcome.applied != 1 else ''}"
    return f"{verb} {moves} ({span}); status {outcome.replay.engine.status}"
