"""`argcheck init deliberate`: the options of a new deliberation."""

from __future__ import annotations

import os

import click

from argcheck.cli.commands.init import FORCE_OPTION, STATE_OPTION, create
from argcheck.protocols.deliberate.header import FLOWS, MODES


@click.command("deliberate")
@click.option("--question", required=True, help="The question under deliberation (the anchor).")
@click.option("--consultee", default="codex", show_default=True,
              help="Who is consulted: codex, claude, gemini, ollama, openai, replay, ...")
@click.option("--flow", type=click.Choice(FLOWS), default="consultee_proposes", show_default=True,
              help="The framing: who proposes first, and the stance.")
@click.option("--mode", type=click.Choice(MODES), default="standard", show_default=True,
              help="standard: full protocol; minimal: no arbitration or stress test; quick: 2 iterations.")
@click.option("--question-kind", type=click.Choice(["factual", "design", "evaluation"]), default="design",
              show_default=True, help="factual questions may exit early once resolved.")
@click.option("--stakes", type=click.Choice(["normal", "high"]), default="normal", show_default=True,
              help="high makes arbitration due before presenting.")
@click.option("--conversation-id", help="The agent conversation this run belongs to.")
@click.option("--workspace", type=click.Path(file_okay=False),
              help="Root for path:line artifacts (default: the current directory).")
@STATE_OPTION
@FORCE_OPTION
def command(state, force, workspace, **options):
    """A bounded adversarial deliberation with a consultee."""
    options["workspace"] = os.path.abspath(workspace or os.getcwd())
    return create("deliberate", options, state, force)
