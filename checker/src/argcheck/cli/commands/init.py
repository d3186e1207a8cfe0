"""argcheck init: create a state file for a protocol run (one subcommand per protocol, derived from the init
options its spec declares)."""

from __future__ import annotations

import os

import click

from argcheck.exitcodes import ExitCode
from argcheck.core import discovery
from argcheck.core.effects import REPLACES, WRITES_STATE, Effect, declare
from argcheck.core.env import default_env
from argcheck.core.contract import header_options, run_settings
from argcheck.files import operations
from argcheck.cli.suggesting import Refused, SuggestingGroup


class ProtocolGroup(SuggestingGroup):
    """Each protocol's `init` subcommand is made from its spec's init options."""

    def list_commands(self, ctx):
        return discovery.names()

    def get_command(self, ctx, name):
        if not discovery.is_registered(name):
            return None
        return protocol_command(discovery.spec(name))


QUIET = "argcheck.init.quiet"


def protocol_command(spec) -> click.Command:
    """`argcheck init <name>`: the declared options, then --state, --force and --quiet."""
    def callback(state, force, **values):
        options = header_options(spec.init, values)
        if spec.runs_at_init and values.get("run"):
            from argcheck.cli.commands.runinit import run_at_init

            return run_at_init(spec, options, run_settings(spec.init, values), state, force)
        return create(spec.name, options, state, force)

    params = [click_option(option) for option in spec.init]
    params += [STATE_OPTION, FORCE_OPTION, QUIET_OPTION]
    return declare(**effects(spec))(click.Command(spec.name, callback=callback, params=params, help=spec.init_help))


def effects(spec) -> dict:
    """What `init <name>` does to files: its state file (by default a new one under .argcheck/), --force,
    and the effects the protocol declares on its init options (a workspace defaults to the current folder)."""
    declared = {option.name: Effect(option.effect, default="." if option.kind == "workspace" else None)
                for option in spec.init if option.effect}
    new_run = operations.default_state_path(spec.name, "new")
    return dict(declared, state=Effect(WRITES_STATE, default=new_run), force=REPLACES)


_TYPES = {"int": int, "float": float}


def click_option(option) -> click.Option:
    """The click option for one declared init option."""
    flag = option.flag
    extra = {"show_default": option.default is not None and option.kind not in ("flag",)}
    if option.kind == "flag":
        return click.Option([flag, option.name], is_flag=True, help=option.help)
    if option.kind == "switch":
        return click.Option([f"{flag}/--no-{flag[2:]}", option.name], default=option.default, help=option.help,
                            **extra)
    return click.Option([flag, option.name], type=_click_type(option), required=option.required,
                        default=option.default, multiple=option.multiple, help=option.help, **extra)


def _click_type(option):
    if option.choices:
        return click.Choice(option.choices)
    if option.kind in ("file",):
        return click.Path(dir_okay=False)
    if option.kind in ("folder", "workspace"):
        return click.Path(file_okay=False)
    if option.kind in _TYPES and (option.minimum is not None or option.maximum is not None):
        ranged = click.IntRange if option.kind == "int" else click.FloatRange
        return ranged(option.minimum, option.maximum)
    return _TYPES.get(option.kind)


@declare()  # the protocol's command declares what it writes
@click.group("init", cls=ProtocolGroup)
def command():
    """Create a state file for a new protocol run and print its path on stdout.

    The path defaults to .argcheck/PROTOCOL-ID.json under the current directory.
    """


def create(protocol: str, options: dict, state: str | None, force: bool) -> int:
    """Write the state file of a new run and print its path."""
    from argcheck.files.sessionmarks import witnessed_env

    env = witnessed_env(default_env(options.get("workspace")), state)
    if "conversation_id" in options and not options["conversation_id"]:
        options["conversation_id"] = _harness_conversation()
    try:
        state, doc = operations.init_file(state, protocol, options, env, force=force)
    except discovery.UsageProblem as problem:
        raise Refused(str(problem)) from None
    except FileExistsError as error:
        raise Refused(f"{error.args[0]} already exists (use --force to replace it)") from None
    except OSError as error:
        raise Refused(f"cannot write {state}: {error.strerror or error}") from None
    click.echo(state)
    if not click.get_current_context().meta.get(QUIET):
        click.echo(f"argcheck: created {protocol} run {doc['id']} in {state}", err=True)
    return int(ExitCode.OK)


def _harness_conversation() -> str | None:
    """The agent conversation the harness names (ARGCHECK_CONVERSATION_ID, exported by Claude Code's
    `argcheck hook SessionStart`; else the Codex or Gemini conversation whose start the hooks marked:
    files/sessionmarks.harness_session), so that the Stop hook knows which runs this conversation started."""
    import re

    value = os.environ.get("ARGCHECK_CONVERSATION_ID", "")
    if not value:
        from argcheck.files.sessionmarks import harness_session

        session = harness_session()
        value = session[1] or "" if session else ""
    return value if re.fullmatch(r"[A-Za-z0-9._:-]{1,128}", value) else None


STATE_OPTION = click.Option(["--state", "state"], type=click.Path(dir_okay=False),
                            help="Where to write the state file (default .argcheck/PROTOCOL-ID.json).")
FORCE_OPTION = click.Option(["--force"], is_flag=True, help="Replace an existing file at --state.")
QUIET_OPTION = click.Option(["-q", "--quiet"], is_flag=True, expose_value=False,
                            callback=lambda ctx, _param, value: ctx.meta.__setitem__(QUIET, value),
                            help="Print only the state file's path (no summary line on stderr).")
