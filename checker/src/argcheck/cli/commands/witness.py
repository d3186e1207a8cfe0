"""argcheck witness: the latest user prompts the hooks witnessed, with the seq a user move cites."""

from __future__ import annotations

import os

import click

from argcheck.core.effects import PURGES_WITNESS, READS, Effect, declare
from argcheck.exitcodes import ExitCode
from argcheck.output import echo, echo_json

MAX_SHOWN = 300


@declare(state_dir=Effect(READS, default=".argcheck"), purge=Effect(PURGES_WITNESS))
@click.command("witness")
@click.option("--last", type=click.IntRange(1, 50), default=3, show_default=True, help="How many prompts to show.")
@click.option("--dir", "state_dir", type=click.Path(file_okay=False), default=".argcheck", show_default=True,
              help="The state directory whose witness log to read.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--purge", is_flag=True,
              help="Delete the witness log of --dir and say what is left (the key, the state files) and how to "
                   "remove it.")
def command(last, state_dir, fmt, purge):
    """Print the latest witnessed user prompts (newest last), each with its seq.

    In a witnessed run a move with "actor": "user" cites the prompt that carries the user's answer:
    "witness": {"seq": N, "quote": "<the user's words, verbatim>"}. The log's newest part is verified first
    (after a damaged line, the records after it still show, with the damage named).
    """
    if purge:
        return _purge(state_dir)
    from argcheck.files.witnesslog import LOG_NAME, recent_witness

    if not os.path.lexists(os.path.join(state_dir, LOG_NAME)):
        echo(f"no witness log in {state_dir}: the hooks keep one while a run is open (./install.sh --hooks; "
             "docs/hooks.md)", err=True)
        if fmt == "json":
            echo_json({"prompts": [], "problems": []})
        return int(ExitCode.OK)
    witness = recent_witness(os.path.realpath(state_dir))
    prompts = witness.tool_calls("prompt")[-last:]
    if fmt == "json":
        echo_json({"prompts": [{"seq": p["seq"], "at": p.get("at"), "text": p.get("text", "")} for p in prompts],
                   "problems": witness.problems})
    else:
        for problem in witness.problems:
            echo(f"argcheck: the witness log does not verify: {problem}", err=True)
        if not prompts:
            echo("no witnessed user prompt", err=True)
        for prompt in prompts:
            text = " ".join(prompt.get("text", "").split())
            echo(f"seq {prompt['seq']} · {prompt.get('at')} · {text[:MAX_SHOWN]}{'…' if len(text) > MAX_SHOWN else ''}")
    return int(ExitCode.FINDINGS if witness.problems else ExitCode.OK)


def _purge(state_dir: str) -> int:
    """Delete the witness log; say what stays and how to remove it."""
    from argcheck.files.privacy import purge_witness
    from argcheck.files.witnesslog import KEY_NAME, key_dir

    removed = purge_witness(state_dir)
    echo("\n".join(f"deleted {path}" for path in removed) or f"no witness log in {state_dir}")
    key = os.path.join(key_dir(), KEY_NAME)
    echo(f"left: the witness key {key} (shared by every project; `rm {key}` removes it, and the hooks make a new "
         f"one at the next session), the state files in {state_dir}/ (a witnessed run whose moves cite the deleted "
         "log no longer validates), and the hooks, which record again while a run is open "
         "(`./install.sh --uninstall --agent claude` removes them).", err=True)
    return int(ExitCode.OK)
