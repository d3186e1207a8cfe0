"""The witness guard: no tool of the agent reaches the hook entry, the witness key or the session variable.

The text of a Bash command is judged by core/tampering.py (the same function reads a session's transcript
afterwards, ARG032). What only the file system knows is added here: every word of the command that names a
path (after `~`, after `--opt=`, globs expanded) is resolved with every symlink followed, so a link with an
innocent name (`notes.txt` -> the key) is caught; a script the command runs (`python x.py`, `./x.sh`,
`source x`) is read and judged like the command. Read, Grep, Glob and the editors are judged by the path
they name, resolved the same way. Names are compared case-insensitively: on a case-insensitive file system
`~/.CONFIG/ARGCHECK/witness.key` is the key.
"""

from __future__ import annotations

import os

from argcheck.core import tampering
from argcheck.harness.places import inside

MARK = tampering.DENIED
PATH_FIELDS = ("file_path", "notebook_path", "path")
GLOB_CHARS = frozenset("*?[")
MAX_MATCHES = 256
MAX_SCRIPT = 65536
SCRIPT_RUNNERS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "fish", "source", ".", "python", "python3",
                            "python2", "pypy", "pypy3", "perl", "ruby", "node", "php", "lua", "tclsh", "awk"})
INSTEAD = ("argcheck's hooks record what you do so the user can trust the run; run argcheck's commands "
           "(`argcheck apply`, `argcheck next`, `argcheck witness`) and leave the hooks to the client that runs them")


def denial(why: str) -> str:
    """The reason a denied call reaches the model with; its first words mark it in the transcript (ARG032)."""
    return f"{MARK}: {why}. {INSTEAD}."


def check_bash(command, cwd: str, key_dir: str) -> str | None:
    """The reason to deny this Bash command, or None."""
    if not isinstance(command, str):
        return None
    why = tampering.reason(command)
    if why:
        return denial(why)
    segments = tampering.split_commands(command) or []
    for words in segments:
        for text, _computed in words:
            if _reaches_key(text, cwd, key_dir):
                return denial(tampering.KEY_REASON)
            if any(_reaches_key(text, cwd, where) for where in transcripts_dirs(shell=True)):
                return denial(TRANSCRIPT_REASON)
        why = _script_reason(words, cwd)
        if why:
            return denial(why)
    return None


def reaches(command: str, cwd: str, directory: str | None) -> bool:
    """Whether a word of the command resolves into `directory` (a link with an innocent name into the state
    directory, say): then the state guard reads the command, as it does one that names `.argcheck`."""
    if not directory:
        return False
    return any(_reaches_key(text, cwd, directory) for words in tampering.split_commands(command) or []
               for text, _computed in words)


def check_tool(tool_input: dict, cwd: str, key_dir: str, edits: bool = False, project: str | None = None) -> str | None:
    """The reason to deny a Read, Grep, Glob or (`edits`) editor call, or None."""
    for field in PATH_FIELDS:
        value = tool_input.get(field)
        if isinstance(value, str) and value and _reaches_key(value, cwd, key_dir):
            return denial(tampering.KEY_REASON)
        if edits and isinstance(value, str) and value and _edits_the_hook(value, cwd, project):
            return denial(tampering.HOOK_REASON + " (its code or launcher)")
        if edits and isinstance(value, str) and value and any(_reaches_key(value, cwd, where)
                                                              for where in transcripts_dirs()):
            return denial(TRANSCRIPT_REASON)
    pattern = tool_input.get("pattern")
    base = tool_input.get("path") if isinstance(tool_input.get("path"), str) else cwd
    if isinstance(pattern, str) and pattern and _reaches_key(os.path.join(base, pattern), cwd, key_dir):
        return denial(tampering.KEY_REASON)
    return None


TRANSCRIPT_REASON = "it reaches the client's own transcripts, which back what the witness recorded"


def transcripts_dir() -> str:
    """Where Claude Code keeps its conversations' transcripts: $CLAUDE_CONFIG_DIR (else ~/.claude)/projects.
    No tool of the agent writes there (an edited transcript could back a forged record); reading is left to
    the client's own rules, except by Bash, which names no path there at all."""
    base = os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")
    return os.path.join(_real(base), "projects")


def transcripts_dirs(shell: bool = False) -> list[str]:
    """Every agent's transcripts: Claude Code's, Codex CLI's rollouts ($CODEX_HOME, else ~/.codex, /sessions)
    and, for the editors only (`shell` False), Gemini CLI's sessions (~/.gemini/tmp, which also holds the
    plans and files Gemini's own shell commands read)."""
    codex = os.environ.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex")
    found = [transcripts_dir(), os.path.join(_real(codex), "sessions")]
    return found if shell else found + [os.path.join(_real(os.path.join(os.path.expanduser("~"), ".gemini")), "tmp")]


def _edits_the_hook(path: str, cwd: str, project: str | None) -> bool:
    """An editor's target inside the code the hooks run: argcheck's package or the installed launcher's
    directory; not when that code is the project itself (argcheck's own repository, an editable install)."""
    import sys

    target = _real(os.path.join(cwd, os.path.expanduser(path)))
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    roots = [package] + [os.path.dirname(_real(sys.argv[0]))] * (os.path.basename(sys.argv[0]) == "argcheck-hook")
    own = _real(project) if project else None
    return any(inside(target, root) and not (own and inside(root, own)) for root in roots)


def _reaches_key(word: str, cwd: str, key_dir: str) -> bool:
    """Whether `word` (or the value after its `=`), read as a path from `cwd`, lands in `key_dir`."""
    candidates = [word] + ([word.split("=", 1)[1]] if "=" in word else [])
    for candidate in candidates:
        if not candidate or "\0" in candidate or len(candidate) > 4096:
            continue
        path = os.path.join(cwd, os.path.expanduser(candidate))
        if GLOB_CHARS.intersection(candidate):
            import glob
            import itertools

            matches = list(itertools.islice(glob.iglob(path), MAX_MATCHES))
        else:
            matches = [path]
        if any(inside(_real(match), key_dir) for match in matches):
            return True
    return False


def _real(path: str) -> str:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return path


def _script_reason(words: list, cwd: str) -> str | None:
    """A script the command runs (`bash x.sh`, `python x.py`, `./x`, `source x`), judged like the command."""
    texts = [text for text, _ in words if "=" not in text.split("/")[0]]
    if not texts:
        return None
    runner = os.path.basename(texts[0])
    runner = runner.rstrip("0123456789.") if runner.startswith("python") else runner
    if runner in SCRIPT_RUNNERS or runner.startswith("python"):
        scripts = [text for text in texts[1:] if not text.startswith("-")][:1]
    else:
        scripts = [texts[0]] if "/" in texts[0] else []
    for script in scripts:
        text = _read_script(os.path.join(cwd, os.path.expanduser(script)))
        if text and tampering.text_reason(text, dynamic=True):
            return f"the script {script} {tampering.text_reason(text, dynamic=True)[3:]}"
    return None


def _read_script(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return handle.read(MAX_SCRIPT).decode("utf-8", "replace")
    except (OSError, ValueError):
        return None
