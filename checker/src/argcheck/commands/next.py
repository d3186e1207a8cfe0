"""argcheck next: where the run stands and exactly what is due or allowed now."""

from __future__ import annotations

import click

from argcheck.commands.common import FORMAT_OPTION, STATE_ARGUMENT, protocol_part, replayed
from argcheck.exitcodes import ExitCode
from argcheck.findings import has_errors
from argcheck.output import echo_json, findings_json


@click.command("next")
@STATE_ARGUMENT
@FORMAT_OPTION
def command(state, fmt):
    """Print, in a few lines, the phase, open challenges, what is due and what is allowed now.

    Run it after a context compaction to pick the run up exactly where it was.
    """
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
