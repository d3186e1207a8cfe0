"""argcheck init: create a state file for a protocol run (one subcommand per protocol)."""

from __future__ import annotations

import os

import click

from argcheck import operations, protocols
from argcheck.env import default_env
from argcheck.exitcodes import ExitCode


@click.group("init")
def command():
    """Create a state file for a new protocol run and print its path on stdout.

    The path defaults to .argcheck/PROTOCOL-ID.json under the current directory.
    """


def _create(protocol: str, options: dict, state: str | None, force: bool) -> int:
    env = default_env(options.get("workspace"))
    try:
        if state is None:
            from argcheck.lifecycle import new_state_id

            state = operations.default_state_path(protocol, new_state_id(protocol, env.now))
        doc = operations.init_file(state, protocol, options, env, force=force)
    except protocols.UsageProblem as problem:
        raise click.UsageError(str(problem))
    except FileExistsError:
        raise click.UsageError(f"{state} already exists (use --force to replace it)")
    except OSError as error:
        raise click.UsageError(f"cannot write {state}: {error.strerror or error}")
    click.echo(state)
    click.echo(f"argcheck: created {protocol} run {doc['id']} in {state}", err=True)
    return int(ExitCode.OK)


STATE_OPTION = click.option("--state", "state", type=click.Path(dir_okay=False),
                            help="Where to write the state file (default .argcheck/PROTOCOL-ID.json).")
FORCE_OPTION = click.option("--force", is_flag=True, help="Replace an existing file at --state.")


@command.command("deliberate")
@click.option("--question", required=True, help="The question under deliberation (the anchor).")
@click.option("--consultee", default="codex", show_default=True,
              help="Who is consulted: codex, claude, gemini, ollama, openai, replay, ...")
@click.option("--flow", type=click.Choice([
    "consultee_proposes", "orchestrator_proposes", "devils_advocate", "collaborative_completion",
    "comparative", "verification", "participant", "multi_perspective", "red_team", "parallel_ideation"]),
    default="consultee_proposes", show_default=True, help="The framing: who proposes first, and the stance.")
@click.option("--mode", type=click.Choice(["standard", "minimal", "quick"]), default="standard",
              show_default=True, help="standard: full protocol; minimal: no arbitration or stress test; "
              "quick: 2 iterations.")
@click.option("--question-kind", type=click.Choice(["factual", "design", "evaluation"]), default="design",
              show_default=True, help="factual questions may exit early once resolved.")
@click.option("--stakes", type=click.Choice(["normal", "high"]), default="normal", show_default=True,
              help="high makes arbitration due before presenting.")
@click.option("--conversation-id", help="The agent conversation this run belongs to.")
@click.option("--workspace", type=click.Path(file_okay=False),
              help="Root for path:line artifacts (default: the current directory).")
@STATE_OPTION
@FORCE_OPTION
def deliberate(state, force, workspace, **options):
    """A bounded adversarial deliberation with a consultee."""
    options["workspace"] = os.path.abspath(workspace or os.getcwd())
    return _create("deliberate", options, state, force)
