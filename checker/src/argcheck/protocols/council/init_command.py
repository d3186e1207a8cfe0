"""`argcheck init council`: the document, the panel and the limits of a new council."""

from __future__ import annotations

import click

from argcheck.commands.init import FORCE_OPTION, STATE_OPTION, create
from argcheck.protocols.contract import UsageProblem
from argcheck.protocols.council.reading import MAX_DOCUMENT_BYTES, read_file_content


@click.command("council")
@click.option("--document", required=True, help="The text file to critique (- for stdin); UTF-8, at most "
              f"{MAX_DOCUMENT_BYTES} bytes. Its path, size, sha256 and text are recorded.")
@click.option("--panel", default="philosophers", show_default=True,
              help="philosophers (the seed's six), scientific (six analysts), or a JSON file of personas "
                   '({"name": ..., "personas": [{"name", "focus", "heuristic", "directive"?}]}).')
@click.option("--max-depth", type=click.IntRange(1, 6), default=3, show_default=True,
              help="Critique trees have nodes at depths 0 to max-depth - 1.")
@click.option("--threshold", type=click.FloatRange(0, 1), default=0.3, show_default=True,
              help="Branch termination: a node below this confidence has no sub-critiques.")
@click.option("--inclusion-threshold", type=click.FloatRange(0, 1), default=0.4, show_default=True,
              help="The synthesis keeps claims whose adjusted confidence is at least this.")
@click.option("--consultee", help="The consultee the headless driver uses (codex, claude, gemini, ...).")
@click.option("--conversation-id", help="The agent conversation this council belongs to.")
@STATE_OPTION
@FORCE_OPTION
def command(state, force, document, **options):
    """A council of personas critiques a document: critique trees, self-critique, computed synthesis."""
    try:
        options["document"] = read_file_content(document)
    except UsageProblem as problem:
        raise click.UsageError(str(problem)) from None
    return create("council", options, state, force)
