"""argcheck ingest: turn a consultee reply (the wrappers' JSON envelope) into moves and apply them."""

from __future__ import annotations

import click

from argcheck.core import jsonio
from argcheck.core import protocol_calls
from argcheck.files import operations, recording
from argcheck.cli.verbs import report_applied, report_refused
from argcheck.cli.commands.common import (
    FAIL_ON_OPTION, FORMAT_OPTION, LOCK_TIMEOUT_OPTION, QUIET_OPTION, STATE_ARGUMENT, replayed, report_input_error,
)
from argcheck.exitcodes import ExitCode
from argcheck.core.jsonio import InputError
from argcheck.output import echo_json
from argcheck.cli.suggesting import Refused

EMPTY_ENVELOPE = "empty input: the consultee wrapper printed nothing (see its messages on stderr)"


@click.command("ingest")
@STATE_ARGUMENT
@click.argument("envelope", default="-")
@FORMAT_OPTION
@click.option("--dry-run", is_flag=True, help="Run every check ingest runs and print the moves it would record; "
                                             "write nothing (exit 1 when ingest would refuse them).")
@LOCK_TIMEOUT_OPTION
@FAIL_ON_OPTION
@QUIET_OPTION
def command(state, envelope, fmt, dry_run, lock_timeout, fail_on, quiet):
    """Record a consultee's reply in STATE: ENVELOPE is the wrapper's JSON envelope
    (- for stdin, a file, or inline JSON in single quotes); where the protocol
    takes it, the reply content itself (e.g. one phase's JSON).

    A failure (timeout, CLI error, empty) is recorded as a consultee failure; a
    reply not in the requested format is recorded as a format failure. Neither
    advances the iteration. A setup error (consultee CLI not installed, not
    logged in) is not recorded: ingest says how to fix it and exits 2. Prints
    one line saying what was recorded (`argcheck consult STATE` does prompt,
    consultee and ingest in one).
    """
    try:
        reply = jsonio.load_argument(envelope, EMPTY_ENVELOPE)
    except InputError as error:
        report_input_error(error, "ENVELOPE" if jsonio.is_inline(envelope) or not envelope.strip() else envelope, fmt)
    return record_and_report(state, reply, _source_name(envelope), fmt, dry_run, lock_timeout, quiet=quiet,
                             fail_on=fail_on)


def _source_name(envelope: str) -> str:
    """How a message names the reply: its file, stdin, or "the reply" (never the inline JSON itself)."""
    if envelope == "-":
        return "the reply on stdin"
    return "the reply" if jsonio.is_inline(envelope) else envelope


def record_and_report(state, reply, source: str, fmt: str, dry_run: bool, lock_timeout: float, *,
                      quiet: bool = False, fail_on: str = "error") -> int:
    """Record `reply` in `state` and print the findings and one summary line (shared with `consult`)."""
    from argcheck.core.envelope import not_a_move

    mistaken = not_a_move(reply, source)
    if mistaken:
        raise Refused(mistaken)
    outcome = replayed(state, fmt)
    try:
        recording.moves_for(outcome, reply)  # a reply the protocol cannot map is said before the lock is taken
    except protocol_calls.ingest_problem(outcome.replay.protocol) as problem:
        raise Refused(f"{source}: {problem}") from None
    if dry_run:
        return _dry_run(state, outcome, reply, fmt, lock_timeout, fail_on)
    try:
        recorded = recording.record(state, outcome, reply, lock_timeout)
    except operations.Refused as refused:
        return report_refused(refused, fmt)
    if recorded.content_refused:
        click.echo("argcheck: the reply's content was refused; recorded it as a format failure", err=True)
    line = recording.summary_line(recorded) + recording.next_step_text(recorded.outcome, state)
    return report_applied(state, recorded.outcome, fmt, False, line=line, quiet=quiet, fail_on=fail_on)


def _dry_run(state, outcome, reply, fmt: str, lock_timeout: float, fail_on: str) -> int:
    """What ingest would do, with every check it runs (the refusal of a resent reply, the moves against the
    replayed state, the fallback for refused content), and nothing written: the moves it would record on
    stdout (with --format json, an object with them and the findings), what it found on stderr."""
    from argcheck.core.findings import WARNING
    from argcheck.output import findings_json

    try:
        recorded = recording.record(state, outcome, reply, lock_timeout, dry_run=True)
    except operations.Refused as refused:
        return report_refused(refused, fmt)
    result = recorded.outcome
    refused = result.applied == 0  # as ingest judges it (report_applied): nothing would be recorded
    failing = refused or (fail_on == WARNING and any(f.severity == WARNING for f in result.findings))
    if fmt == "json":
        echo_json({"state": state, "dry_run": True, "moves": recorded.moves, "would_apply": result.applied,
                   "refused": refused, "content_refused": recorded.content_refused,
                   "findings": findings_json(result.findings)})
    else:
        echo_json(recorded.moves)
        for found in result.findings:
            click.echo(found.format_text(state), err=True)
        click.echo(_dry_run_line(state, recorded, refused), err=True)
    return int(ExitCode.FINDINGS if failing else ExitCode.OK)


def _dry_run_line(state: str, recorded, refused: bool) -> str:
    count = recorded.outcome.applied
    if refused:
        return f"dry run: ingest would refuse these moves; {state} is unchanged"
    if recorded.content_refused:
        return (f"dry run: the reply's content would be refused and recorded as a format failure ({count} "
                f"move{'s' if count != 1 else ''}); {state} is unchanged")
    return f"dry run: ingest would record {count} move{'s' if count != 1 else ''}; {state} is unchanged"
