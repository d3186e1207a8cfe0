"""Consent that spans the run: the argcheck commands the skills teach run without a prompt, in every turn.

A skill's `allowed-tools` grant lasts one turn; this answers Claude Code's PreToolUse hook for Bash instead.
It vouches only for one simple `argcheck` command (see `shellwords`) whose sub-command and options are all
in the consent table and whose every written path lies inside the project's state directory (`.argcheck/`), or
that writes nothing:

  allow  the command is listed and writes nothing, or only into the state directory;
  ask    the command is listed but writes elsewhere (`render -o /tmp/x.md`), or overwrites a file of the
         state directory (`render -o` onto an existing file, `init --force` over a run): the user decides;
  None   anything else (another program, an operator, an unlisted sub-command or option, a path the
         shell would expand): no decision, Claude Code's own permission check applies.

The table (`consent_table.py`) is generated from the click commands' own declarations
(`argcheck/generate/consenttable.py`, which also holds the policy: which commands, which paths are written),
so an option is declared once; this hook runs without click.
"""

from __future__ import annotations

import os

from argcheck.harness import places, shellwords
from argcheck.harness.consent_table import COMMANDS

ALLOW, ASK = "allow", "ask"
# The kinds of a command's arguments and options. A positional STATE is a state file the command writes;
# VALUE is only read; OUTPUT is written.
FLAG, VALUE, OUTPUT, STATE = "flag", "value", "output", "state"
HELP = {"-h": FLAG, "--help": FLAG}

# `init PROTOCOL`: options vary by protocol, so they are read generically: `--state` is the written path
# (default .argcheck/PROTOCOL-ID.json), `--force` may replace a run, and these run what the user did not name.
INIT_REFUSED = ("--wrapper",)
PROGRAM = "argcheck"


class Verdict:
    """A decision (ALLOW or ASK) and the reason Claude Code shows with it."""

    def __init__(self, decision: str, reason: str) -> None:
        self.decision, self.reason = decision, reason

    def __repr__(self) -> str:
        return f"Verdict({self.decision!r}, {self.reason!r})"


def decide(command, cwd: str, state_dir: str | None) -> Verdict | None:
    """The verdict on the Bash `command` run in `cwd`, for the project whose state directory is `state_dir`."""
    words = shellwords.split(command)
    if not words or words[0] != PROGRAM:
        return None
    args = words[1:]
    if not args or args == ["--version"] or any(arg in HELP for arg in args):
        return Verdict(ALLOW, "argcheck help and version write nothing")
    writes = _written_paths(args)
    if writes is None:
        return None
    return _judge(args[0], writes, cwd, state_dir)


def _written_paths(args: list[str]) -> list[tuple[str, str]] | None:
    """The (kind, path) pairs the command writes, or None when it is not one this module vouches for."""
    if args[0] == "init":
        return _init_writes(args[1:])
    if args[0] not in COMMANDS:
        return None
    positional, options = COMMANDS[args[0]]
    return _listed_writes(args[1:], positional, options)


def _listed_writes(args, positional, options):
    writes, values = [], []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "-" or not arg.startswith("-"):
            values.append(arg)
            index += 1
            continue
        name, attached, value = arg.partition("=")
        kind = options.get(name)
        if kind is None or (attached and not name.startswith("--")) or (attached and kind == FLAG):
            return None
        if kind != FLAG and not attached:
            if index + 1 >= len(args):
                return None
            value = args[index + 1]
            index += 1
        if kind == OUTPUT and value != "-":
            writes.append((OUTPUT, value))
        index += 1
    if len(values) > len(positional) and not positional:
        return None
    for number, value in enumerate(values):
        kind = positional[min(number, len(positional) - 1)]
        if kind == STATE:
            writes.append((STATE, value))
    return writes


def _init_writes(args):
    if not args or args[0].startswith("-"):
        return None
    writes, named = [], False
    for index, arg in enumerate(args[1:], start=1):
        name, attached, value = arg.partition("=")
        if name in INIT_REFUSED or arg == "--":
            return None
        if name == "--state":
            if not attached:
                value = args[index + 1] if index + 1 < len(args) else ""
            writes.append((STATE, value))
            named = True
        elif name == "--force" and not attached:
            writes.append(("force", ""))
    if not named:
        writes.append((STATE, os.path.join(places.STATE_DIR_NAME, "new-run.json")))
    return writes


def _judge(verb: str, writes, cwd: str, state_dir: str | None) -> Verdict | None:
    forced = any(kind == "force" for kind, _ in writes)
    outside = []
    for kind, path in writes:
        if kind == "force":
            continue
        target = places.resolved(path, cwd)
        if not places.is_inside(target, state_dir):
            if kind != OUTPUT:
                return None  # a state file outside .argcheck/: Claude Code's own check decides
            outside.append(path)
        elif kind == OUTPUT and os.path.lexists(target):
            return Verdict(ASK, f"argcheck {verb} -o {path} would overwrite a file of {places.STATE_DIR_NAME}/")
        elif forced and os.path.exists(target):
            return Verdict(ASK, f"argcheck init --force would replace the run in {path}")
    if outside:
        return Verdict(ASK, f"argcheck {verb} writes {outside[0]}, outside this project's {places.STATE_DIR_NAME}/")
    where = f"only into {places.STATE_DIR_NAME}/" if writes else "nothing"
    return Verdict(ALLOW, f"argcheck {verb} as the skills teach it writes {where}")

