"""argcheck cost: what a run cost in tokens, measured from the client's own transcript."""

from __future__ import annotations

import click

from argcheck.exitcodes import ExitCode
from argcheck.output import echo, echo_json


@click.command("cost")
@click.argument("state", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def command(state, fmt):
    """Sum the tokens STATE's run used (input, output, cache; per model, over the run's turns), read from the
    transcript Claude Code, Codex CLI or Gemini CLI keeps of the session that ran it; add each consultee's
    usage where its wrapper reported it. Says so when no transcript names the run."""
    from argcheck.cli.verbs import Stop, replayed
    from argcheck.core import tokencost
    from argcheck.files import runcost

    try:
        outcome = replayed(state, fmt)
    except Stop as stop:
        return stop.code
    cost = runcost.measure(outcome.doc, state)
    if fmt == "json":
        echo_json(dict(cost, state=state))
    else:
        echo("\n".join(tokencost.cost_lines(cost)))
    return int(ExitCode.OK)
