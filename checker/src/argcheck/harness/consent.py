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

The word `argcheck` is vouched for only when it cannot name a program the agent wrote: the first `argcheck`
on PATH (the client passes its PATH on to the agent's shell, as to this hook), and any `argcheck-consult`,
is this install's own or lies outside the project. A look-alike in the project (a script the agent wrote
into its `.venv/bin`) gets no decision.
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
    if not block or read is None or not runs_this_install(project):
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


def runs_this_install(project: str) -> bool:
    """No look-alike of argcheck's programs inside the project comes first on PATH: the `argcheck` (and any
    `argcheck-consult`) the agent's shell finds is this install's own, or lies outside the project (the
    user's own setup: a test stub, another install). A program the agent wrote into the project (its
    `.venv/bin`, which the agent's editors reach without asking) is never vouched for."""
    import shutil
    import sys

    here = os.path.dirname(sys.executable)  # the venv's bin (not resolved: a venv's python is a link)
    ours = {PROGRAM: os.path.join(here, PROGRAM),
            PROGRAM + "-consult": os.path.join(here, os.pardir, os.pardir, "wrappers", "consult")}
    root = os.path.realpath(project)
    for name, own in ours.items():
        found = shutil.which(name)
        if found is None or os.path.realpath(found) == os.path.realpath(own):
            continue
        if any(places.inside(place, root) for place in (os.path.abspath(found), os.path.realpath(found))):
            return False
    return shutil.which(PROGRAM) is not None


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
    if kind == effects.ENDS_OPEN_RUNS:
        return f"with {path} deletes runs still in progress"
    if kind == effects.PURGES_WITNESS:
        return f"with {path} deletes the project's witness log"
    if kind == effects.REPLACES:
        return f"--force would replace the run in {path}" if target and os.path.lexists(target) else None
    folder = kind in (effects.DELETES, effects.WRITES_INTO) and target is not None and target == state_dir
    if kind in WRITTEN and not (folder or places.is_inside(target, state_dir)):
        return f"{VERBS[kind]} {path}, outside this project's {places.STATE_DIR_NAME}/"
    if kind == effects.WRITES and os.path.lexists(target):
        return f"would overwrite {path}, a file of {places.STATE_DIR_NAME}/"
    if kind in READ and not (target == root or places.is_inside(target, root)):
        return f"{VERBS[kind]} {path}, outside this project"
    if kind == effects.READS_INTO_STATE:
        return _copied_privately(path, target, state_dir, root)
    return None


def _copied_privately(path: str, target: str | None, state_dir: str | None, root: str | None) -> str | None:
    """Why copying this project file into a run (a state file meant to be committed) needs the user: it is one
    of argcheck's own (the witness log), a hidden file (`.env`), or a file with another name (a hard link: the
    witness key can be linked into the project)."""
    if target is None:
        return None
    if state_dir and (target == state_dir or places.is_inside(target, state_dir)):
        return f"copies {path}, one of argcheck's own files (the witness log is private), into its run"
    inner = os.path.relpath(target, root) if root else target
    if any(part.startswith(".") and part not in (".", "..") for part in inner.split(os.sep)):
        return f"copies {path}, a hidden file (it may hold secrets), into its run"
    try:
        info = os.stat(target)
    except OSError:
        return None
    if not os.path.isdir(target) and info.st_nlink > 1:
        return f"copies {path}, a file with another name elsewhere (a hard link), into its run"
    return None
