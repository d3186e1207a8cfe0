"""The everyday calls without click: `validate`, `next`, `prompt`, `render`, `apply` and `hook`.

Importing click costs a call about 20 ms, more than replaying a 200-move state. When the arguments
are plain (the options each command declares in `argcheck.cli.options`, each at most with its value, in
any order), this module parses them and runs the same code as the click command (`argcheck.cli.verbs`,
`argcheck.cli.validating`). It returns None whenever click should parse them instead: help, an unknown or
abbreviated option, a missing or refused value, `--`, shell completion. Errors and help therefore look
exactly as they always did.
"""

from __future__ import annotations

import os


class _Path:
    """What click.Path checks before a command runs (exists=False: only a path that exists is checked)."""

    def __init__(self, dir_okay: bool = True, allow_dash: bool = False) -> None:
        self.dir_okay, self.allow_dash = dir_okay, allow_dash

    def __call__(self, value: str):
        if value == "-" and self.allow_dash:
            return value
        try:
            info = os.stat(value)
        except (OSError, ValueError):
            return value
        if not self.dir_okay and _is_dir(info):
            raise ValueError(value)
        if not os.access(value, os.R_OK):
            raise ValueError(value)
        return value


def _is_dir(info) -> bool:
    import stat

    return stat.S_ISDIR(info.st_mode)


def _check(param):
    """How the fast path checks a value of `param` (a ValueError hands the call to click)."""
    if param.kind == "path":
        return _Path(dir_okay=param.dir_okay, allow_dash=param.allow_dash)
    if param.kind == "choice":
        return tuple(param.choices)
    return float if param.kind == "float" else str  # formats: the verb checks them against the protocol's


def table(command):
    """(verb, positional [(name, check, many)], how many are required, options {flag: (name, check)}, flags
    {flag: (name, value)}) for a declared command (argcheck.cli.options). An argument that takes every
    remaining value (`many`: a tuple of them) is the last one."""
    positional = [(param.name, _check(param), param.many) for param in command.params if param.is_argument]
    options, flags = {}, {}
    for param in command.params:
        if param.is_argument:
            continue
        if param.kind == "flag":
            flags.update({decl: (param.name, True) for decl in param.decls})
        elif param.kind == "switch":
            flags.update({decl: (param.name, value) for decl, value in param.flag_values.items()})
        else:
            options.update({decl: (param.name, _check(param)) for decl in param.decls})
    return command.verb, positional, command.fast_minimum, options, flags


def run(argv: list[str]) -> int | None:
    """Run `argv` without click and return the exit code, or None to let click run it."""
    if not argv or "_ARGCHECK_COMPLETE" in os.environ:
        return None
    if argv[0] == "hook" and _plain_hook_call(argv[1:]):
        from argcheck.harness.events import run as answer_hook

        return answer_hook(argv[1:], read_command)
    from argcheck.cli.options import COMMANDS

    if argv[0] not in COMMANDS:
        return None
    verb, positional, required, options, flags = table(COMMANDS[argv[0]])
    parsed = parse(argv[1:], positional, required, options, flags)
    if parsed is None:
        return None
    module = __import__(COMMANDS[argv[0]].module, fromlist=[verb])  # not importlib: its import costs a call
    return getattr(module, verb)(**parsed)


def _plain_hook_call(args: list[str]) -> bool:
    """`hook EVENT`, `hook --agent AGENT EVENT` or `hook --agent=AGENT EVENT` (anything else: click)."""
    if args[:1] == ["--agent"]:
        args = args[2:] if len(args) == 3 else []
    elif args and args[0].startswith("--agent=") and len(args) == 2:
        args = args[1:]
    return len(args) == 1 and not args[0].startswith("-")


def read_command(args: list[str], cwd: str):
    """What an argcheck command line will do, for the consent hook (loads click only when asked)."""
    from argcheck.cli.effects import read

    return read(args, cwd)


def parse(args, positional, required, options, flags) -> dict | None:
    """The keyword arguments for the verb, or None when click should handle `args`."""
    parsed, values = {}, []
    args = iter(args)
    for arg in args:
        if arg == "-" or not arg.startswith("-"):
            values.append(arg)
            continue
        name, attached, value = arg.partition("=")
        if attached and not arg.startswith("--"):
            return None  # click reads -o=x as the value "=x"
        if name in flags and not attached:
            key, flag_value = flags[name]
            parsed[key] = flag_value
            continue
        if name not in options:
            return None
        if not attached:
            value = next(args, None)
            if value is None or (value.startswith("-") and value != "-"):
                return None
        key, check = options[name]
        try:
            parsed[key] = _checked(value, check)
        except ValueError:
            return None
    many = bool(positional) and positional[-1][2]
    if len(values) < required or (len(values) > len(positional) and not many):
        return None
    try:
        for number, value in enumerate(values):
            key, check, takes_all = positional[min(number, len(positional) - 1)]
            parsed[key] = (*parsed.get(key, ()), check(value)) if takes_all else check(value)
    except ValueError:
        return None
    return parsed


def _checked(value: str, check):
    if isinstance(check, tuple):
        if value not in check:
            raise ValueError(value)
        return value
    return check(value)
