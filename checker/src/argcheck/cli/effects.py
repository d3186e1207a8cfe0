"""What an argcheck command line will do to files, read by the click commands that will run it.

The consent hook (argcheck.harness.consent) hands the words after `argcheck` here. They are parsed by the
real click commands, group by group as click itself does (the top group, `init` and its protocol command,
`sessions` and `prune`), strictly: a line click would refuse runs nothing, so it gets no reading. Each
parameter's declared effect (argcheck.core.effects) and parsed value, or the default the command falls
back to, give the paths. Nothing here reads argv on its own.

The parse runs in the command's working directory, as click's checks on disk (`sessions --dir` must exist)
will; the interpreter's search path is made absolute meanwhile, so a module imported on the way is never
looked up in the command's folder.

read(args, cwd) returns HELP when click would print help or the version (no callback runs), a list of
(kind, path) pairs, or None: a command or a path option that declares no effect, or a line click refuses.
"""

from __future__ import annotations

import os
import sys

from argcheck.core import effects

HELP = "help"


def read(args: list[str], cwd: str):
    """The effects of `argcheck ARGS` run in `cwd` (paths as given, relative to `cwd`), HELP, or None."""
    import click

    from argcheck.cli.clickapp import cli

    here, search = os.getcwd(), list(sys.path)
    sys.path[:] = [os.path.abspath(entry) for entry in search]  # a module is looked up where it was, not in cwd
    try:
        os.chdir(cwd)  # click.Path checks a value relative to the working directory, as it will when run
        return _walk(cli, "argcheck", list(args), None, click)
    except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort, OSError):
        return None
    finally:
        os.chdir(here)
        sys.path[:] = search


def _walk(command, name: str, args: list[str], parent, click):
    """Parse `args` with `command` as click's Group.invoke would, then the chosen sub-command, if any."""
    declared = effects.declared(command)
    if declared is None:
        return None  # a command the consent does not vouch for (view, demo, mcp, hook)
    ctx = click.Context(command, info_name=name, parent=parent, **command.context_settings)
    group = isinstance(command, click.Group)
    if not args and command.no_args_is_help:
        return HELP
    opts, _, _ = command.make_parser(ctx).parse_args(args=list(args))  # the syntax alone; no callback runs
    if any(param.is_eager and not param.expose_value and opts.get(param.name) for param in command.get_params(ctx)):
        return HELP  # --help or --version parsed as itself: click prints and exits before any callback
    with ctx.scope(cleanup=False):
        command.parse_args(ctx, list(args))
    found = _paths(command, declared, ctx.params, click)
    if found is None or not group:
        return found
    protected = ctx._protected_args if hasattr(ctx, "_protected_args") else ctx.protected_args  # click < 8.2
    rest = [*protected, *ctx.args]
    if not rest:
        return found if command.invoke_without_command else None
    sub_name, sub, sub_args = command.resolve_command(ctx, rest)
    below = _walk(sub, sub_name, sub_args, ctx, click)
    return below if below is None or below == HELP else found + below


def _paths(command, declared: dict, values: dict, click) -> list[tuple[str, str]] | None:
    """(kind, path) for each declared parameter; None when a path parameter declares no effect."""
    if any(isinstance(param.type, (click.Path, click.File)) and param.name not in declared
           for param in command.params):
        return None  # a path option nobody reviewed: no decision
    found, state = [], None
    for name, effect in declared.items():
        if effect.kind in effects.ASKING_FLAGS:
            found += [(effect.kind, "--" + name.replace("_", "-"))] if values.get(name) else []
            continue
        if effect.kind in effects.FLAG_KINDS:
            continue
        for path in _named(effect, values.get(name)):
            found.append((effect.kind, path))
            state = path if effect.kind == effects.WRITES_STATE else state
    for name, effect in declared.items():
        if effect.kind in effects.FLAG_KINDS and values.get(name) and state is not None:
            found.append(_flagged(effect.kind, state))
    return found


def _named(effect, value) -> list[str]:
    """The paths a parsed value names, or the default the command falls back to when it is not given."""
    values = list(value) if isinstance(value, (tuple, list)) else [] if value is None else [value]
    if not values:
        return [effect.default] if effect.default is not None else []
    return [path for path in (effect.path_of(str(item)) for item in values) if path is not None]


def _flagged(kind: str, state: str) -> tuple[str, str]:
    if kind == effects.REPLACES:
        return effects.REPLACES, state
    return effects.WRITES_INTO, os.path.splitext(state)[0] + ".md"  # --save: STATE.md beside the run
