"""argcheck init: create a state file for a protocol run (one subcommand per protocol)."""

from __future__ import annotations

import click

from argcheck import operations, protocols
from argcheck.env import default_env
from argcheck.exitcodes import ExitCode


class ProtocolGroup(click.Group):
    """Each protocol contributes its own `init` subcommand (`<package>.init_command.command`)."""

    def list_commands(self, ctx):
        return protocols.names()

    def get_command(self, ctx, name):
        if not protocols.is_registered(name):
            return None
        return _with_quiet(protocols.spec(name).part("init_command").command)


QUIET = "argcheck.init.quiet"


def _with_quiet(command: click.Command) -> click.Command:
    """Every protocol's init takes --quiet; it is read by `create`, so the protocol's callback never sees it."""
    if not any(param.name == "quiet" for param in command.params):
        command.params.append(click.Option(
            ["-q", "--quiet"], is_flag=True, expose_value=False,
            callback=lambda ctx, _param, value: ctx.meta.__setitem__(QUIET, value),
            help="Print only the state file's path (no summary line on stderr)."))
    return command


@click.group("init", cls=ProtocolGroup)
def command():
    """Create a state file for a new protocol run and print its path on stdout.

    The path defaults to .argcheck/PROTOCOL-ID.json under the current directory.
    """


def create(protocol: str, options: dict, state: str | None, force: bool) -> int:
    """Shared by every protocol's init subcommand: write the state file, print its path."""
    env = default_env(options.get("workspace"))
    if "conversation_id" in options and not options["conversation_id"]:
        options["conversation_id"] = _harness_conversation()
    try:
        state, doc = operations.init_file(state, protocol, options, env, force=force)
    except protocols.UsageProblem as problem:
        raise click.UsageError(str(problem)) from None
    except FileExistsError as error:
        raise click.UsageError(f"{error.args[0]} already exists (use --force to replace it)") from None
    except OSError as error:
        raise click.UsageError(f"cannot write {state}: {error.strerror or error}") from None
    click.echo(state)
    if not click.get_current_context().meta.get(QUIET):
        click.echo(f"argcheck: created {protocol} run {doc['id']} in {state}", err=True)
    return int(ExitCode.OK)


def _harness_conversation() -> str | None:
    """The agent conversation the harness names (ARGCHECK_CONVERSATION_ID, exported by `argcheck hook
    SessionStart`), so that the Stop hook knows which runs this conversation started."""
    import os
    import re

    value = os.environ.get("ARGCHECK_CONVERSATION_ID", "")
    return value if re.fullmatch(r"[A-Za-z0-9._:-]{1,128}", value) else None


STATE_OPTION = click.option("--state", "state", type=click.Path(dir_okay=False),
                            help="Where to write the state file (default .argcheck/PROTOCOL-ID.json).")
FORCE_OPTION = click.option("--force", is_flag=True, help="Replace an existing file at --state.")
