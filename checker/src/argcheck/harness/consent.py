"""Consent that spans the run: the argcheck commands the skills teach run without a prompt, in every turn.

A skill's `allowed-tools` grant lasts one turn; this answers the PreToolUse hook for Bash instead. It never
reads argv itself: `read` (the CLI's `argcheck.cli.effects.read`, handed in by the hook's entry) parses the
words with the real click commands and says what the command will write, delete, read or run, from the
effects each command declares on its parameters (argcheck.core.effects). Here each path is resolved as the
command resolves it, from the command's working directory with every symlink followed, and judged:

  allow  help or the version; or every write lies inside the project's `.argcheck/` and every read
         inside the project;
  ask    a write, delete or read anywhere else; a program run (`--wrapper`); `--force` over an existing
         run, `-o` over an existing file: the user decides;
  None   anything else: another program, an operator other than the skills' own (one command per line,
         `&&`, `;`), an expansion, a command or path option that declares no effect, a line click would
         refuse: Claude Code's own permission check applies.

A block of several commands is decided command by command: allowed only when each is; asked when one asks.
"""

from __future__ import annotations

import os

from argcheck.core import effects
from argcheck.harness import places, shellwords

ALLOW, ASK = "allow", "ask"
HELP = "help"
PROGRAM = "argcheck"
WRITTEN = (effects.WRITES_STATE, effects.WRITES, effects.WRITES_INTO, effects.DELETES)
READ = (effects.READS, effects.READS_INTO_STATE)
VERBS = {effects.WRITES_STATE: "writes", effects.WRITES: "writes", effects.WRITES_INTO: "writes into",
         effects.DELETES: "deletes in", effects.READS: "reads", effects.READS_INTO_STATE: "copies into its run"}


class Verdict:
    """A decision (ALLOW or ASK) and the reason the client shows with it."""

    def __init__(self, decision: str, reason: str) -> None:
        self.decision, self.reason = decision, reason

    def __repr__(self) -> str:
        return f"Verdict({self.decision!r}, {self.reason!r})"


def decide(command, cwd: str, project: str, read) -> Verdict | None:
    """The verdict on the Bash `command` run in `cwd`, in `project`; `read(args, cwd)` gives a command's
    effects (HELP, [(kind, path)], or None)."""
    block = shellwords.split_block(command)
    if not block or read is None:
        return None
    verdicts = []
    for words in block:
        if words[0] != PROGRAM:
            return None
        verdict = _one(words[1:], cwd, project, read)
        if verdict is None:
            return None
        verdicts.append(verdict)
    asked = [verdict for verdict in verdicts if verdict.decision == ASK]
    if asked:
        return asked[0]
    if len(verdicts) == 1:
        return verdicts[0]
    return Verdict(ALLOW, f"{len(verdicts)} argcheck commands, each as the skills teach it: "
                          f"{'; '.join(verdict.reason for verdict in verdicts)}")


def _one(args: list[str], cwd: str, project: str, read) -> Verdict | None:
    verb = args[0] if args and not args[0].startswith("-") else "help"
    if not args:
        return Verdict(ALLOW, "argcheck alone prints its help and writes nothing")
    found = read(args, cwd)
    if found is None:
        return None
    if found == HELP:
        return Verdict(ALLOW, f"argcheck {verb}: help and version write nothing")
    return judge(verb, found, cwd, project)


def judge(verb: str, found: list[tuple[str, str]], cwd: str, project: str) -> Verdict:
    """ALLOW when every path stays where its kind may go, else ASK naming the first that does not."""
    state_dir = places.state_dir(project)
    root = places.resolved(project, cwd)
    for kind, path in found:
        problem = _problem(kind, path, places.resolved(path, cwd), state_dir, root)
        if problem:
            return Verdict(ASK, f"argcheck {verb} {problem}")
    wrote = any(kind in WRITTEN for kind, _ in found)
    where = f"only into {places.STATE_DIR_NAME}/" if wrote else "nothing"
    return Verdict(ALLOW, f"argcheck {verb} as the skills teach it writes {where} and reads only this project")


def _problem(kind: str, path: str, target: str | None, state_dir: str | None, root: str | None) -> str | None:
    """Why the path of this kind needs the user (None: it does not)."""
    if kind == effects.RUNS:
        return f"runs {path}, a program the skills do not name"
    if kind == effects.REPLACES:
        return f"--force would replace the run in {path}" if target and os.path.lexists(target) else None
    folder = kind in (effects.DELETES, effects.WRITES_INTO) and target is not None and target == state_dir
    if kind in WRITTEN and not (folder or places.is_inside(target, state_dir)):
        return f"{VERBS[kind]} {path}, outside this project's {places.STATE_DIR_NAME}/"
    if kind == effects.WRITES and os.path.lexists(target):
        return f"would overwrite {path}, a file of {places.STATE_DIR_NAME}/"
    if kind in READ and not (target == root or places.is_inside(target, root)):
        return f"{VERBS[kind]} {path}, outside this project"
    return None
