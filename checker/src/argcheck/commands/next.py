"""argcheck next: where the run stands and exactly what is due or allowed now."""

from __future__ import annotations

import os

import click

from argcheck.commands.common import FORMAT_OPTION, protocol_part, replayed
from argcheck.exitcodes import ExitCode
from argcheck.findings import has_errors
from argcheck.output import echo_json, findings_json


@click.command("next")
@click.argument("state", required=False, type=click.Path(dir_okay=True, allow_dash=False))
@FORMAT_OPTION
def command(state, fmt):
    """Print, in a few lines, the phase, open challenges, what is due and what is allowed now.

    Run it after a context compaction to pick the run up exactly where it was.
    Without STATE, the only state file in ./.argcheck is used, or the most
    recently updated one (named on stderr).
    """
    state = state or _default_state()
    outcome = replayed(state, fmt)
    nextstep = protocol_part(outcome, "nextstep")
    report = nextstep.report(outcome.replay.engine.state, state_path=state)
    broken = has_errors(outcome.findings)
    if fmt == "json":
        report = dict(report, state=state, findings=findings_json(outcome.findings))
        echo_json(report)
    else:
        if broken:
            click.echo(f"warning: {state} has error findings; run `argcheck validate {state}`", err=True)
        click.echo(nextstep.format_text(report))
    return int(ExitCode.FINDINGS if broken else ExitCode.OK)


def _default_state() -> str:
    """The run `next` picks when no STATE is given: the only one, or the most recently updated."""
    from argcheck.commands.sessions import scan
    from argcheck.operations import DEFAULT_STATE_DIR

    rows = scan(()) if os.path.isdir(DEFAULT_STATE_DIR) else []
    if not rows:
        raise click.UsageError(f"no STATE given and no state files in ./{DEFAULT_STATE_DIR}; "
                               "pass the state file's path, or start a run with `argcheck init`")
    if len(rows) > 1:
        click.echo(f"argcheck: using {rows[0]['path']}, the most recently updated of {len(rows)} runs "
                   "(pass STATE to choose; `argcheck sessions` lists them)", err=True)
    return rows[0]["path"]
