"""The click application: a lazily loaded command group (each command imports its module on use)."""

from __future__ import annotations

import importlib

import sys

import click

from argcheck import __version__
from argcheck.exitcodes import EXIT_CODE_TABLE, ExitCode
from argcheck.cli.suggesting import SuggestingGroup
from argcheck.core.effects import declare

COMMANDS = {
    "init": "Create a state file for a protocol run.",
    "apply": "Check one move (or a JSON array of moves) and append it if legal.",
    "validate": "Replay whole state files and report every finding.",
    "verify": "Validate every run of the project in one process, for CI (text, json, SARIF).",
    "next": "Where the run stands and what is due or allowed now.",
    "prompt": "Render the next consultee prompt from the state.",
    "ingest": "Turn a consultee reply envelope into moves and apply them.",
    "consult": "One consultation round: prompt, consultee (through its wrapper), ingest.",
    "render": "Render the decision log, the state as JSON, or the argument graph.",
    "moves": "Every move of a protocol with a JSON example, or one move's fields.",
    "rules": "List the rules, or explain one code.",
    "schema": "Print or write the JSON Schemas of the state files.",
    "sessions": "List state files with protocol, status and age; prune old ones.",
    "doctor": "Check the setup: argcheck, the wrapper and consultee CLIs, each agent's skills, state.",
    "cost": "What a run cost in tokens, measured from the client's own transcript.",
    "view": "Show a run, or a folder of runs, as an offline HTML page (or serve it live).",
    "demo": "Replay a protocol's bundled run turn by turn (no consultee, no API key).",
    "mcp": "Run the stdio MCP server (for Cursor, Claude Desktop, VS Code, Codex).",
    "witness": "Print the latest witnessed user prompts, with the seq a user move cites.",
    "hook": "Answer a Claude Code hook (JSON on stdin): consent, state guard, stop gate, witness.",
}


def _exit_code_epilog() -> str:
    rows = "\n".join(f"  {int(code):>3}  {text}" for code, text in EXIT_CODE_TABLE)
    return f"\b\nExit codes:\n{rows}"


class LazyGroup(SuggestingGroup):
    """Import a command's module only when that command runs (keeps start-up fast)."""

    def list_commands(self, ctx):
        return list(COMMANDS)

    def format_commands(self, ctx, formatter):
        with formatter.section("Commands"):
            formatter.write_dl(list(COMMANDS.items()))

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        module = importlib.import_module(f"argcheck.cli.commands.{name}")
        return module.command


@declare()  # its sub-commands declare what they write
@click.group(cls=LazyGroup, epilog=_exit_code_epilog(), context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="argcheck")
def cli():
    """Run structured reasoning protocols with every rule enforced in code.

    A run lives in one JSON state file: a header and an append-only log of
    moves. `apply` refuses an illegal move with stable codes and leaves the file
    unchanged; `validate` replays the whole log and checks every rule.
    """


def run(argv: list[str]) -> int:
    """Run the click application; click's own errors become usage errors (exit 2)."""
    try:
        code = cli.main(args=argv, prog_name="argcheck", standalone_mode=False)
    except click.exceptions.Exit as done:
        return int(done.exit_code)
    except click.ClickException as problem:
        problem.show()
        return int(ExitCode.USAGE)
    except SystemExit as done:
        if done.code == 1 and type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):
            raise BrokenPipeError from None  # click met a closed stdout (`argcheck rules | head`): exit 0, quietly
        raise
    except click.exceptions.Abort:  # click turns Ctrl-C inside a command into Abort
        click.echo("argcheck: interrupted", err=True)
        return int(ExitCode.INTERRUPTED)
    return int(code or 0)
