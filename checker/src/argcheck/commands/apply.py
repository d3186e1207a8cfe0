"""argcheck apply: check moves against the replayed state and append them only if all are legal."""

from __future__ import annotations

import click

from argcheck import statefile, verbs
from argcheck.commands.common import FORMAT_OPTION, STATE_ARGUMENT
from argcheck.verbs import report_applied  # noqa: F401  (ingest reports with it)


@click.command("apply")
@STATE_ARGUMENT
@click.argument("moves", default="-")
@FORMAT_OPTION
@click.option("--dry-run", is_flag=True, help="Check the moves but do not write them.")
@click.option("--lock-timeout", type=float, default=statefile.DEFAULT_LOCK_TIMEOUT, show_default=True,
              help="Seconds to wait for another argcheck process to release the state file.")
def command(state, moves, fmt, dry_run, lock_timeout):
    """Check MOVES and append them to STATE. MOVES is a move or an array of moves,
    given inline ('{"type": ...}', in single quotes; write an apostrophe inside
    it as '\\''), or a file holding them, or - for stdin.

    Either every move is legal and all are appended atomically, or none is and
    STATE is left byte-for-byte unchanged. Do not set seq, prev or at: apply does.
    """
    return verbs.apply(state, moves, fmt, dry_run, lock_timeout)
