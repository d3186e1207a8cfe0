"""The ask rules of the Gemini CLI policy that install.sh --agent gemini --hooks writes (agent_config.py gemini-policy).

The policy allows every command that starts with `argcheck`. These rules, of a higher priority, make Gemini CLI
ask instead (a headless run refuses) for every argcheck command that could write outside the project's
`.argcheck/`, or read outside the project: the rule the Claude Code hook keeps (argcheck/harness/consent.py),
from the same source, the effects each click command declares on its parameters (argcheck/core/effects.py),
through the table generated from them (checker/tools/consent_table.py), but as regular expressions, since a
Gemini policy has no code. Gemini CLI itself already asks for a command with a redirection and checks each
part of a compound command (`a; b`, `a | b`, `$(b)`) on its own.

A regular expression cannot parse the shell, so the rules ask whenever in doubt: a state or output path is
trusted only when it is written plainly, `.argcheck/` then letters, digits and `._,@+=:%/-` without `..`; a
path read only when it is a plain relative path without `..` (a regular expression cannot see a symlink: that
is left to Gemini CLI's sandbox); an option that runs a program or replaces a run always asks; and a
command whose option could be hidden by quoting (`-'o'`, `"--state"`, `$'...'`) asks too. Gemini CLI matches a
rule's `commandRegex` against `"command":"` followed by the command as a JSON string (so `"` reads `\\"`), and
refuses a pattern longer than 2048 characters or one where a quantifier follows a group after another group
with a quantifier (its ReDoS check), which is why these use lookarounds and classes, never a repeated group.
"""

from __future__ import annotations

import os
import re

PROGRAM = "argcheck"
OUTPUT, STATE, FLAG, READ, ASK = "output", "state", "flag", "read", "ask"

# JSON-land pieces: a separator is a space or an escaped newline or tab; a word ends at one or at the command's end.
SEP = r"( |\\n|\\t)"
END = r"( |\\n|\\t|\x22)"
# A plain path inside .argcheck/ (or the folder itself): no quoting, no expansion, no `..`.
SAFE_PATH = r"\.argcheck(?=/|" + END + r")(?![^ \x22\\]*\.\.)[\w.,@+=:%/-]*" + END
# A plain relative path (read only): not absolute, no `..`, no quoting or expansion.
SAFE_READ = r"(?![/-])(?![^ \x22\\]*\.\.)[\w.,@+=:%/-]+" + END
# Quoting next to an option, ANSI-C quoting and parameter expansion could make an option the regex cannot see.
HIDDEN_OPTION = r"(['\x22\\]-|" + SEP + r"-[\w-]*['\\]|\$[A-Za-z_'\x22\\\x7b\x28])"
# Within the command: Gemini CLI puts a NUL after each argument of the tool call (its stable JSON), and the
# command's own text cannot hold one, so this never runs on into the `description` that follows it.
ANY = r"[^\x00]*"
STDOUT = "-" + END  # `-o -` writes to standard output


def load_table(path: str | None = None) -> dict:
    """COMMANDS from consent_table.py beside this file (a plain module), read without importing argcheck."""
    path = path or os.path.join(os.path.dirname(os.path.abspath(__file__)), "consent_table.py")
    scope: dict = {}
    with open(path, encoding="utf-8") as handle:
        exec(compile(handle.read(), path, "exec"), scope)  # noqa: S102 - our own generated literal table
    return scope["COMMANDS"]


def _alternatives(names) -> str:
    return "|".join(re.escape(name) for name in sorted(names, key=lambda name: (-len(name), name)))


def ask_patterns(commands: dict) -> list[tuple[str, str]]:
    """(what it catches, commandRegex) pairs: each regex matches a command Gemini CLI must ask about."""
    listed = _alternatives(commands)
    rules = [("an unlisted sub-command, or one not written plainly",
              rf"{PROGRAM} (?!({listed}){END}|--version\x22|--help\x22|-h\x22)")]
    for verb, (positional, options) in sorted(commands.items()):
        rules.extend(_command_patterns(verb, positional, options))
    return rules


def _command_patterns(verb: str, positional, options: dict) -> list[tuple[str, str]]:
    head = rf"{PROGRAM} {re.escape(verb)} "
    rules = []
    outputs = sorted(name for name, kind in options.items() if kind == OUTPUT)
    if outputs:
        rules.append((f"{verb}'s output outside .argcheck/",
                      head[:-1] + ANY + SEP + rf"({_alternatives(outputs)})(?!( |=)({STDOUT}|{SAFE_PATH}))"))
    reads = sorted(name for name, kind in options.items() if kind == READ)
    if reads:
        rules.append((f"{verb} reading a path that is not plainly inside the project",
                      head[:-1] + ANY + SEP + rf"({_alternatives(reads)})(?!( |=)({STDOUT}|{SAFE_READ}))"))
    asked = sorted(name for name, kind in options.items() if kind == ASK)
    if asked:
        rules.append((f"{verb} running a program or replacing a run",
                      head[:-1] + ANY + SEP + rf"({_alternatives(asked)})" + r"(=|" + END + ")"))
    if STATE in positional:
        rules.extend(_state_patterns(verb, head, positional, options))
    if outputs or reads or asked or (positional and positional[-1] == STATE):  # path options, or words that write
        rules.append((f"{verb} with an option hidden by quoting", head + ANY + HIDDEN_OPTION))
    return rules


def _state_patterns(verb: str, head: str, positional, options: dict) -> list[tuple[str, str]]:
    if positional[-1] != STATE:  # only the first positional is the state file: it must come first, plainly
        if positional[0] != STATE:
            raise ValueError(f"{verb}: a state file after another positional argument is not handled")
        return [(f"{verb}'s state file outside .argcheck/", head + rf"(?!{SAFE_PATH})")]
    # Every positional is a state file: each word that is neither an option nor an option's value must be plain.
    valued = sorted(name for name, kind in options.items() if kind != FLAG and name.startswith("--"))
    after_value = "".join(f"(?<!{re.escape(name)} )" for name in valued)
    return [(f"{verb}'s state files outside .argcheck/", head + ANY + r"\\[nt]"),
            (f"{verb}'s state files outside .argcheck/", head[:-1] + ANY + rf" {after_value}(?!-)(?!{SAFE_PATH})")]


def ask_rules_toml(commands: dict | None = None, priority: int = 200) -> str:
    """The [[rule]] tables, one per pattern, for the policy file."""
    blocks = []
    for why, pattern in ask_patterns(commands if commands is not None else load_table()):
        blocks.append(f"# ask: {why}\n[[rule]]\ntoolName = \"run_shell_command\"\ncommandRegex = '''{pattern}'''\n"
                      f"decision = \"ask_user\"\npriority = {priority}\n")
    return "\n".join(blocks)
