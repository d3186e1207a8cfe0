"""argcheck mcp: run the stdio MCP server (for Cursor, Claude Desktop, VS Code, Codex)."""

from __future__ import annotations

import click


@click.command("mcp")
@click.option("--allow-outside", is_flag=True,
              help="Let the tools write state files outside the project's .argcheck/ and read documents and "
                   "workspaces outside the project (the working directory). Off by default: a client drives "
                   "the tools with any arguments it likes.")
def command(allow_outside):
    """Serve the argcheck tools over MCP on stdin/stdout until the client disconnects.

    Generic tools for every protocol (argcheck_init, argcheck_apply, argcheck_next,
    argcheck_validate, argcheck_prompt, argcheck_render, argcheck_ingest), plus
    the tools a protocol contributes (such as the tool names of the public
    project it comes from; the client's tool list shows them all). State lives
    in files, as everywhere else: the tools write only inside the project's
    .argcheck/ (the working directory's) and read documents only inside the
    project, unless the server is started with --allow-outside.
    stdout carries only the protocol; logs go to stderr (ARGCHECK_MCP_LOG=INFO
    for more). Register it with Claude Code:

        claude mcp add argcheck -- argcheck mcp
    """
    try:
        from argcheck.mcp.server import main
    except ImportError as missing:  # the `mcp` SDK is a dependency; a broken install says so plainly
        raise click.ClickException(f"the MCP SDK is not importable ({missing}); reinstall argcheck") from None
    return main(allow_outside=allow_outside)
