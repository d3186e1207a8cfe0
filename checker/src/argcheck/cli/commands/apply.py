"""argcheck apply: check moves against the replayed state and append them only if all are legal."""

from __future__ import annotations

import click

from argcheck.cli import verbs
from argcheck.cli.commands.common import declared, declared_effects


@declared_effects("apply")
@click.command("apply")
@declared("apply")
def command(state, moves, fmt, dry_run, lock_timeout, fail_on, quiet):
    """Check MOVES (a JSON move object or array of moves) and append them to STATE.

    MOVES is inline JSON when it starts with { or [, - for standard input (the
    default), or a file (/dev/stdin and <(...) work too). Inside single quotes,
    write an apostrophe as '\\'' (close, escaped apostrophe, reopen):

    \b
        argcheck apply S '{"type": "point", ..., "text": "it'\\''s fast"}'

    Either every move is legal and all are appended atomically, or none is and
    STATE is left byte-for-byte unchanged; every finding of every move is
    reported, located in the batch you sent ("move 2 of your batch, field
    verdict"; in JSON, move 2 and path /1/verdict). Do not set seq, prev or at:
    apply does.
    """
    return verbs.apply(state, moves, fmt, dry_run, lock_timeout, fail_on, quiet)
