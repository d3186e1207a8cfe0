"""Best effort: does a shell command write to one of the given directories?

The command is cut into simple commands at shell operators (shlex with punctuation characters), then
each is checked for a redirection into a protected path, and for a writing program with a protected path
among its arguments: `tee`, `cp`, `mv`, `rm`, `truncate`, `dd of=`, `ln`, `touch`, ...; `sed`/`perl` with
`-i`; `git checkout/restore/rm/mv`; an interpreter (`python -c`, `awk`, ...) whose code names a protected
path next to a write. A word the shell would expand (`$`, backquote) beside a writing program counts when
the command names the state directory at all; so does any writing program when the command cannot be read
(unbalanced quotes). This is a textual check: an agent that sets out to evade it can. It stops the ordinary
slip (`echo ... > .argcheck/run.json`, `sed -i` on a state file) and makes the intent plain.
"""

from __future__ import annotations

import re
import shlex

from argcheck.harness import places

WRITERS = frozenset({"tee", "cp", "mv", "rm", "truncate", "dd", "ln", "install", "rsync", "touch", "shred",
                     "unlink", "rmdir", "chmod", "chown", "sponge", "patch", "ed", "ex", "vi", "vim", "nano"})
IN_PLACE = frozenset({"sed", "perl", "ruby"})  # writers only with -i / --in-place
COPIERS = frozenset({"cp", "install", "rsync", "ln"})  # they write only their destination
GIT_WRITES = frozenset({"checkout", "restore", "rm", "mv", "reset", "clean", "apply", "stash"})
INTERPRETERS = frozenset({"python", "python3", "perl", "ruby", "node", "awk", "gawk", "sh", "bash", "zsh"})
WRITE_MARKS = ("open(", "write", ">", "unlink", "remove", "rename", "replace", "truncate")
REDIRECTIONS = frozenset({">", ">>", ">|", "&>", "&>>", "<>", ">&"})
SEPARATORS = frozenset({";", "&&", "||", "|", "&", "(", ")", "|&", "\n", ";;"})
WRAPPERS = frozenset({"sudo", "env", "command", "exec", "nohup", "xargs", "busybox", "time", "nice"})
KEY_HINTS = ("witness.key", "config/argcheck")
ANY_WRITER = re.compile(r"(^|[\s;&|(`])(" + "|".join(sorted(WRITERS | IN_PLACE | INTERPRETERS | {"git"})) + r")\s|>")


def mentions_key(command: str) -> bool:
    return any(hint in command for hint in KEY_HINTS)


def written_target(command: str, cwd: str, protected: list) -> str | None:
    """The first protected path the command writes (as written in it), or None."""
    tokens = _tokens(command)
    if tokens is None:
        return _mentioned(command, protected) if ANY_WRITER.search(command) else None
    for segment in _segments(tokens):
        hit = _segment_target(segment, command, cwd, protected)
        if hit is not None:
            return hit
    return None


def _tokens(command: str) -> list[str] | None:
    lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        return list(lexer)
    except ValueError:
        return None


def _segments(tokens: list[str]):
    segment: list[str] = []
    for token in tokens:
        if token in SEPARATORS:
            if segment:
                yield segment
            segment = []
        else:
            segment.append(token)
    if segment:
        yield segment


def _segment_target(segment: list[str], command: str, cwd: str, protected: list) -> str | None:
    for index, token in enumerate(segment[:-1]):
        if _is_redirection(token) and _is_protected(segment[index + 1], cwd, protected):
            return segment[index + 1]
    words = [token for token in segment if not _is_redirection(token)]
    program, args = _program(words)
    if not _writes(program, args):
        return None
    if program in INTERPRETERS and not _in_place(program, args):
        return next((word for word in args if _names_protected(word, protected)
                     and any(mark in word for mark in WRITE_MARKS)), None)
    if program in COPIERS:
        args = _destinations(args)
    for word in args:
        value = word.split("=", 1)[1] if word.startswith(("of=", "--output=", "--target-directory=")) else word
        if _is_protected(value, cwd, protected):
            return value
    if any("$" in word or "`" in word for word in args):
        return _mentioned(command, protected)
    return None


def _is_redirection(token: str) -> bool:
    return token.lstrip("0123456789") in REDIRECTIONS


def _program(words: list[str]) -> tuple[str | None, list[str]]:
    """The program a simple command runs (past `sudo`, `env`, assignments, ...) and its arguments."""
    for index, word in enumerate(words):
        if "=" in word.split("/")[0] or word in WRAPPERS:
            continue
        return word.rsplit("/", 1)[-1], words[index + 1:]
    return None, []


def _writes(program: str | None, args: list[str]) -> bool:
    if program in WRITERS or program in INTERPRETERS or _in_place(program, args):
        return True
    return program == "git" and bool(set(args) & GIT_WRITES)


def _in_place(program: str | None, args: list[str]) -> bool:
    return program in IN_PLACE and any(arg.startswith("--in-place") or
                                       (arg.startswith("-") and not arg.startswith("--") and "i" in arg[1:3])
                                       for arg in args)


def _destinations(args: list[str]) -> list[str]:
    """What `cp`, `install`, `rsync` or `ln` write: the last operand, or the -t/--target-directory one."""
    for index, arg in enumerate(args):
        if arg == "-t" and index + 1 < len(args):
            return [args[index + 1]]
        if arg.startswith("--target-directory="):
            return [arg]
    operands = [arg for arg in args if not arg.startswith("-")]
    return operands[-1:]


def _is_protected(word: str, cwd: str, protected: list) -> bool:
    """Compared without case: on a case-insensitive file system `.ARGCHECK/run.json` is a state file."""
    from argcheck.harness.places import inside

    target = places.resolved(word, cwd) or ""
    return any(directory and inside(target, directory) for directory in protected)


def _names_protected(word: str, protected: list) -> bool:
    word = word.lower()
    return places.STATE_DIR_NAME in word or any(directory and directory.lower() in word for directory in protected)


def _mentioned(command: str, protected: list) -> str | None:
    if places.STATE_DIR_NAME in command.lower():
        return places.STATE_DIR_NAME + "/"
    return next((directory for directory in protected if directory and directory in command), None)
