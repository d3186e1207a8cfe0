"""argcheck prompt: render the next consultee prompt from the state."""

from __future__ import annotations

import click

from argcheck.commands.common import STATE_ARGUMENT, protocol_part, replayed
from argcheck.exitcodes import ExitCode
from argcheck.findings import has_errors
from argcheck.output import echo_findings


@click.command("prompt")
@STATE_ARGUMENT
def command(state):
    """Print the prompt for the consultee's next turn: preamble, question, ledger,
    open challenge ids with reminders, the phase's restrictions and the reply format.

    Pipe it to a wrapper: argcheck prompt S | argcheck-consult codex new | argcheck ingest S
    """
    outcome = replayed(state)
    if has_errors(outcome.findings):
        echo_findings(outcome.findings, state)
        click.echo(f"refused: {state} has error findings; fix them before prompting", err=True)
        return int(ExitCode.FINDINGS)
    protocol, status = outcome.replay.protocol, outcome.replay.engine.status
    prompting = protocol_part(outcome, "prompting")
    if protocol.is_closed(status):
        # Nothing goes to stdout, so a pipeline into a consultee sends it nothing.
        click.echo(prompting.render_prompt(outcome.replay.engine.state).rstrip(), err=True)
        click.echo(f"argcheck: no prompt is due: the {protocol.name} run is {status}", err=True)
        terminal = status in protocol.terminal_statuses
        return int(ExitCode.TERMINAL if terminal else ExitCode.FINDINGS)
    click.echo(prompting.render_prompt(outcome.replay.engine.state), nl=False)
    return int(ExitCode.OK)
