"""argcheck apply: check moves against the replayed state and append them only if all are legal."""

from __future__ import annotations

import click

from argcheck import jsonio, operations, statefile
from argcheck.commands.common import FAIL_ON_OPTION, FORMAT_OPTION, QUIET_OPTION, STATE_ARGUMENT, report_input_error
from argcheck.exitcodes import ExitCode
from argcheck.findings import ERROR, WARNING
from argcheck.jsonio import InputError
from argcheck.output import echo_json, echo_located, findings_json


@click.command("apply")
@STATE_ARGUMENT
@click.argument("moves", default="-")
@FORMAT_OPTION
@click.option("--dry-run", is_flag=True, help="Check the moves but do not write them.")
@click.option("--lock-timeout", type=float, default=statefile.DEFAULT_LOCK_TIMEOUT, show_default=True,
              help="Seconds to wait for another argcheck process to release the state file.")
@FAIL_ON_OPTION
@QUIET_OPTION
def command(state, moves, fmt, dry_run, lock_timeout, fail_on, quiet):
    """Check MOVES (a JSON move object or array of moves) and append them to STATE.

    MOVES is inline JSON when it starts with { or [, - for standard input (the
    default), or a file (/dev/stdin and <(...) work too). Inside single quotes,
    write an apostrophe as '\\'' or as the JSON escape \\u0027:

    \b
        argcheck apply S '{"type": "point", ..., "text": "it'\\''s fast"}'

    Either every move is legal and all are appended atomically, or none is and
    STATE is left byte-for-byte unchanged; every finding of every move is
    reported, located in the batch you sent ("move 2 of your batch, field
    verdict"; in JSON, move 2 and path /1/verdict). Do not set seq, prev or at:
    apply does.
    """
    try:
        batch = jsonio.load_argument(moves)
    except InputError as error:
        report_input_error(error, source_label(moves), fmt)
    batch_view = Batch(source_label(moves), single=not isinstance(batch, list))
    batch = batch if isinstance(batch, list) else [batch]
    try:
        outcome = operations.apply_to_file(state, batch, lock_timeout=lock_timeout, dry_run=dry_run)
    except InputError as error:
        report_input_error(error, state, fmt)
    except statefile.LockBusy:
        click.echo(f"argcheck: {state} is locked by another process (waited {lock_timeout}s)", err=True)
        return int(ExitCode.BUSY)
    outcome = outcome._replace(findings=batch_view.locate(outcome.findings, _moves_before(outcome), fmt))
    return report_applied(state, outcome, fmt, dry_run, quiet=quiet, fail_on=fail_on)


def _moves_before(outcome) -> int:
    """How many moves the state held before this apply (0 when the file is too broken to say)."""
    count = outcome.doc.get("move_count") if isinstance(outcome.doc, dict) else None
    return count - outcome.applied if isinstance(count, int) and not isinstance(count, bool) else 0


def source_label(moves: str) -> str:
    """How findings name MOVES: its path, or what it is when it is not a file."""
    if jsonio.is_inline(moves):
        return "MOVES (inline JSON)"
    return "MOVES (stdin)" if moves == "-" else moves


class Batch:
    """Where a finding about a new move is, in the batch the user sent rather than in the state file."""

    def __init__(self, label: str, single: bool) -> None:
        self.label, self.single = label, single

    def locate(self, findings, before: int, fmt: str) -> list:
        return [self._located(f, f.move - before, fmt) if f.move and f.move > before else f for f in findings]

    def _located(self, found, number: int, fmt: str):
        own = f"/moves/{found.move - 1}"
        rest = found.path[len(own):] if found.path == own or found.path.startswith(own + "/") else None
        if fmt == "json":
            where = ("" if self.single else f"/{number - 1}") + (rest or "")
            return found._replace(move=number, path=where if rest is not None else found.path)
        words = "your move" if self.single else f"move {number} of your batch"
        if not self.label.startswith("MOVES ("):
            words = f"{self.label}, {words}"
        if rest:
            words += ", field " + " ".join(f"item {int(p) + 1}" if p.isdigit() else p for p in rest[1:].split("/"))
        elif rest is None:
            words += f" ({found.path})"
        return found._replace(path=words)


def report_applied(state, outcome, fmt, dry_run, *, quiet: bool = False, fail_on: str = ERROR) -> int:
    refused = outcome.applied == 0
    status = outcome.replay.engine.status if outcome.replay else None
    failing = refused or (fail_on == WARNING and any(f.severity == WARNING for f in outcome.findings))
    if fmt == "json":
        echo_json({"state": state, "applied": outcome.applied, "refused": refused, "dry_run": dry_run,
                   "status": status, "findings": findings_json(outcome.findings)})
    else:
        echo_located(outcome.findings, state)
        if not quiet:
            click.echo(_summary_line(state, outcome, refused, dry_run))
        if failing and not refused:
            click.echo("argcheck: exit status 1: warnings were reported and --fail-on is warning", err=True)
    if failing:
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
