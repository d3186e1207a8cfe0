"""argcheck next: where the run stands and exactly what is due or allowed now."""

from __future__ import annotations

import os

import click

from argcheck.cli import verbs
from argcheck.cli.commands.common import declared, declared_effects


@declared_effects("next")
@click.command("next")
@declared("next")
def command(state, fmt):
    """Print, in a few lines, the phase, open challenges, what is due and what is allowed now.

    Run it after a context compaction to pick the run up exactly where it was.
    Without STATE, the only state file in ./.argcheck is used, or the most
    recently updated one (named on stderr).
    """
    return verbs.next_step(state or _default_state(), fmt)


def _default_state() -> str:
    """The run `next` picks when no STATE is given: the only one, or the most recently updated."""
    from argcheck.cli.commands.sessions import scan
    from argcheck.files.operations import DEFAULT_STATE_DIR

    rows = scan(()) if os.path.isdir(DEFAULT_STATE_DIR) else []
    if not rows:
        raise click.UsageError(f"no STATE given and no state files in ./{DEFAULT_STATE_DIR}; "
                               "pass the state file's path, or start a run with `argcheck init`")
    if len(rows) > 1:
        click.echo(f"argcheck: using {rows[0]['path']}, the most recently updated of {len(rows)} runs "
                   "(pass STATE to choose; `argcheck sessions` lists them)", err=True)
    return rows[0]["path"]
