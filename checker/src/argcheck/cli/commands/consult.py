"""argcheck consult: one consultation round in one command: prompt -> consultee -> ingest."""

from __future__ import annotations

import click

from argcheck.core import protocol_calls
from argcheck.cli import verbs
from argcheck.cli.commands.common import FORMAT_OPTION, LOCK_TIMEOUT_OPTION, STATE_ARGUMENT, replayed
from argcheck.cli.commands.ingest import record_and_report
from argcheck.exitcodes import ExitCode
from argcheck.cli.suggesting import Refused


@click.command("consult")
@STATE_ARGUMENT
@click.option("--consultee", help="Who to consult (default: the one the run's header names).")
@click.option("--new", "fresh", is_flag=True, help="Start a new consultee session instead of resuming.")
@click.option("--abstract", is_flag=True, help="Run the consultee in an empty directory (no project access).")
@click.option("--model", help="The consultee's model (passed to the wrapper).")
@click.option("--timeout", type=click.IntRange(min=1),
              help="Seconds before the wrapper gives up (passed to the wrapper; argcheck stops the call 8 s later). "
                   "Default: CONSULT_TIMEOUT, else 300.")
@FORMAT_OPTION
@LOCK_TIMEOUT_OPTION
def command(state, consultee, fresh, abstract, model, timeout, fmt, lock_timeout):
    """Render STATE's prompt, send it to the consultee through `argcheck-consult`
    (resuming the recorded session), record the reply, and print one line saying
    what was recorded: a reply with its new points and challenges, a format
    failure and why, or a consultee failure and its class.

    The same as: argcheck prompt S | argcheck-consult C new|resume ID | argcheck ingest S
    """
    from argcheck.files import consulting

    outcome = replayed(state, fmt)
    spec, engine = outcome.replay.protocol, outcome.replay.engine
    if spec.is_closed(engine.status):
        click.echo(f"argcheck: no consultation is due: the {spec.name} run is {engine.status}", err=True)
        return int(ExitCode.TERMINAL if engine.status in spec.terminal_statuses else ExitCode.FINDINGS)
    who = _who(spec, engine.state, consultee, fresh)
    if who["consultee"] is None:
        raise Refused(_nothing_to_consult(outcome, state))
    problem = consulting.sandbox_problem(who["consultee"])
    if problem:
        click.echo(f"argcheck: {problem}", err=True)
        return int(ExitCode.USAGE)
    prompt = verbs.prompt_text(outcome, full=None if who["session_id"] else True)  # a new session: everything
    options = [*(["--abstract"] if abstract else []), *(["--model", model] if model else [])]
    session = who["session_id"]
    click.echo(f"argcheck: consulting {who['consultee']} ({'resume ' + session if session else 'new session'})",
               err=True)
    runner = consulting.Consultee(who["consultee"], timeout=timeout, options=options, capture_stderr=False)
    try:
        reply = runner.reply(prompt, session)
    except consulting.ConsultProblem as problem:
        raise click.ClickException(str(problem)) from None
    return record_and_report(state, reply, who["consultee"], fmt, False, lock_timeout)


def _nothing_to_consult(outcome, state: str) -> str:
    """No consultee is named: say what is due instead (and how to consult one all the same)."""
    from argcheck.core.commandtext import next_step_lines

    spec, engine = outcome.replay.protocol, outcome.replay.engine
    step = protocol_calls.call(spec, "next_report", engine.state, state)["next"]
    lines = [f"no consultation is due: the {spec.name} run names no consultee, so its moves are the agent's own",
             *next_step_lines(step),
             f"(to have a consultee draft the next moves all the same: argcheck consult {state} --consultee NAME)"]
    return "\n".join(lines)


def _who(spec, state, consultee: str | None, fresh: bool) -> dict:
    """The consultee and session: the protocol's choice (`prompting.consultation`), then the options."""
    chosen = protocol_calls.call(spec, "consultation", state)
    name = consultee or chosen.get("consultee")
    same = name == chosen.get("consultee")
    return {"consultee": name, "session_id": None if fresh or not same else chosen.get("session_id")}

