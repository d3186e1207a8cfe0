"""What a command's parameters do to files: declared on the commands, read by the consent hook.

Every argcheck command the skills teach declares, on its own click parameters, which of them name a file
the command writes, deletes or reads (`declare`), and a protocol's init options say the same on the spec
(`InitOption(effect=...)`). The consent hook parses a command line with the real click command and turns
these declarations into the paths the command will touch (`argcheck.cli.effects`); nothing keeps a second
list of options.

Kinds:
  writes-state      the run's state file, created or appended to (a file under .argcheck/ is the rule)
  writes            a file written; writing over an existing one is the user's call
  writes-into       a file or folder written into (no overwrite question: a folder, the report beside a run)
  deletes           a folder whose files are deleted
  reads             a file or folder read (workspace roots too: the run reads under them later)
  reads-into-state  a file or folder whose content is copied into the state file
  runs              a program run
  replaces          a flag that lets the command replace the run in its writes-state path
  writes-report     a flag that writes the run's report beside its writes-state path (STATE.md)
  ends-open-runs    a flag that lets the command delete runs still in progress (`sessions prune --include-open`)
  purges-witness    a flag that deletes the project's witness log (`witness --purge`)
"""

from __future__ import annotations

WRITES_STATE, WRITES, WRITES_INTO, DELETES = "writes-state", "writes", "writes-into", "deletes"
READS, READS_INTO_STATE, RUNS = "reads", "reads-into-state", "runs"
REPLACES, WRITES_REPORT, ENDS_OPEN_RUNS = "replaces", "writes-report", "ends-open-runs"
PURGES_WITNESS = "purges-witness"
KINDS = (WRITES_STATE, WRITES, WRITES_INTO, DELETES, READS, READS_INTO_STATE, RUNS, REPLACES, WRITES_REPORT,
         ENDS_OPEN_RUNS, PURGES_WITNESS)
ASKING_FLAGS = (ENDS_OPEN_RUNS, PURGES_WITNESS)  # a flag the user decides on whenever it is given
FLAG_KINDS = (REPLACES, WRITES_REPORT)  # a boolean parameter: its path is the command's writes-state path
STDIN = "-"


def plain_path(value: str) -> str | None:
    """The path a value names: itself, except `-` (standard input or output)."""
    return None if value == STDIN else value


def moves_path(value: str) -> str | None:
    """The path a MOVES-style argument names (`jsonio.load_argument`): none for inline JSON, `-` or blank."""
    from argcheck.core.jsonio import is_inline

    return None if value == STDIN or not value.strip() or is_inline(value) else value


class Effect:
    """What one parameter does: its kind, the path used when it is not given (`default`, as the command
    falls back to it), and how a value names a path (`path_of`: None for a value that names none)."""

    def __init__(self, kind: str, default: str | None = None, path_of=plain_path) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown effect {kind!r}; one of {', '.join(KINDS)}")
        self.kind, self.default, self.path_of = kind, default, path_of

    def __repr__(self) -> str:
        return f"Effect({self.kind!r})"


def declare(**effects):
    """Mark a click command as one the consent may vouch for, with the effect of each named parameter (an
    Effect or a kind). A name the command does not have is a mistake caught at import."""
    effects = {name: value if isinstance(value, Effect) else Effect(value) for name, value in effects.items()}

    def mark(command):
        names = {param.name for param in command.params}
        unknown = sorted(set(effects) - names)
        if unknown:
            raise ValueError(f"{command.name}: no parameter {', '.join(unknown)} to declare an effect on")
        command.effects = effects
        return command

    return mark


def declared(command) -> dict | None:
    """The effects `command` declares ({} for one that touches no file), or None when it declares none."""
    return getattr(command, "effects", None)
