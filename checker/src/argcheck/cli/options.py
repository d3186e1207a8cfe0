"""The arguments and options of the everyday commands (`next`, `prompt`, `render`, `validate`, `apply`) and the
options other commands share (`--lock-timeout`, `--fail-on`, ...), declared once.

The click commands are built from these declarations (`commands/common.py`: `declared`), and the click-free
fast path (`fastpath.py`) parses with them; neither repeats an option. Importing this module costs nothing:
no click, no typing.

kind: path (checked as click.Path checks it: `dir_okay`, `allow_dash`), choice (`choices`), formats (the
registered protocols' render formats for click; the verb checks them on the fast path), float, flag (a
boolean flag), switch (`--x/--y`: `flag_values` gives each side's value). `many`: an argument taking every
remaining value. `effect` (argcheck.core.effects): what the value does to a file, for the consent hook.
"""

from __future__ import annotations

from argcheck.core.effects import READS, READS_INTO_STATE, WRITES, WRITES_STATE, Effect, moves_path
from argcheck.core.envelope import DEFAULT_LOCK_TIMEOUT


class Param:
    """One argument (no leading dash in `decls`) or option of a command."""

    def __init__(self, decls: tuple, name: str, *, kind: str = "text", choices: tuple = (), default=None,
                 help: str = "", show_default: bool = False, required: bool = True, dir_okay: bool = True,
                 allow_dash: bool = False, flag_values: dict | None = None, many: bool = False,
                 effect: Effect | str | None = None) -> None:
        self.decls, self.name, self.kind, self.choices, self.default = decls, name, kind, choices, default
        self.help, self.show_default, self.required = help, show_default, required
        self.dir_okay, self.allow_dash, self.flag_values = dir_okay, allow_dash, flag_values or {}
        self.many = many  # an argument that takes every remaining value (click's nargs=-1), as a tuple
        self.effect = effect

    def but(self, **changes) -> Param:
        """This declaration with some attributes changed (e.g. another command's help text)."""
        changed = Param.__new__(Param)
        changed.__dict__.update(self.__dict__, **changes)
        return changed

    @property
    def is_argument(self) -> bool:
        return not self.decls[0].startswith("-")


class Command:
    """A command's parameters, the function that runs it (`verb`, in the module `module`), and how many
    arguments the fast path needs (fewer: click runs it, e.g. `next` without STATE picks a run)."""

    def __init__(self, verb: str, params: tuple, fast_minimum: int = 1, module: str = "argcheck.cli.verbs") -> None:
        self.verb, self.params, self.fast_minimum, self.module = verb, params, fast_minimum, module


STATE = Param(("state",), "state", kind="path", effect=READS)
RUN = STATE.but(effect=WRITES_STATE)  # the run a command appends to
FORMAT = Param(("--format",), "fmt", kind="choice", choices=("text", "json"), default="text", show_default=True,
               help="text for people and agents, json for machines.")
FAIL_ON = Param(("--fail-on",), "fail_on", kind="choice", choices=("error", "warning"), default="error",
                show_default=True,
                help="Lowest severity that makes the exit status 1 (moves with only warnings are still recorded).")
QUIET = Param(("-q", "--quiet"), "quiet", kind="flag", help="Print findings only, not the summary line.")
LOCK_TIMEOUT = Param(("--lock-timeout",), "lock_timeout", kind="float", default=DEFAULT_LOCK_TIMEOUT,
                     show_default=True, help="Seconds to wait for another argcheck process to release the state file.")

COMMANDS = {
    "next": Command("next_step", (STATE.but(required=False), FORMAT)),
    "prompt": Command("prompt", (STATE, Param(
        ("--full/--delta",), "full", kind="switch", flag_values={"--full": True, "--delta": False},
        help="The whole state, or only what changed since the consultee's last reply in the session the next "
             "call resumes. Default: delta when that session holds a reply, else full."),
        Param(("--persona",), "persona", required=False,
              help="The prompt of this one persona of the current round (a protocol with persona rounds), so each "
                   "subagent can fetch its own prompt."))),
    "render": Command("render", (
        STATE, Param(("--format",), "fmt", kind="formats", default="md", show_default=True),
        Param(("-o", "--output"), "output", kind="path", dir_okay=False, allow_dash=True, default="-",
              help="Write to this file instead of stdout.", effect=WRITES))),
    "validate": Command("validate_paths", (
        Param(("states",), "states", kind="path", allow_dash=True, many=True, effect=READS), FORMAT,
        FAIL_ON.but(help="Lowest severity that makes the exit status 1.")), module="argcheck.cli.validating"),
    "apply": Command("apply", (
        RUN, Param(("moves",), "moves", default="-", required=False,
                   effect=Effect(READS_INTO_STATE, path_of=moves_path)), FORMAT,
        Param(("--dry-run",), "dry_run", kind="flag", help="Check the moves but do not write them."),
        LOCK_TIMEOUT, FAIL_ON, QUIET)),
}
