"""Commands as `argcheck next` and the skills print them: forms an agent's shell tool runs as written.

No heredoc, no `$(...)`, no `>` redirection: Claude Code refuses those even when `argcheck` is allowed.
A move goes inline, in single quotes; an apostrophe inside it is written '\\'' (close the quote, an
escaped apostrophe, reopen), which Claude Code's permission check reads as one word. The JSON escape
\\u0027 is not safe there: Claude Code turns it into a bare apostrophe before the check.
"""

from __future__ import annotations

import json

# The characters a shell word needs no quoting for (what shlex.quote leaves bare): shlex would cost a call its
# import and a compiled pattern.
_BARE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_")


def quote(word: str) -> str:
    """`word` as one shell word, as shlex.quote writes it: bare when it is only safe characters, else in
    single quotes (each apostrophe closes the quote, is written in double quotes, and reopens it)."""
    if word and all(char in _BARE for char in word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


def inline(value) -> str:
    """`value` as JSON in one single-quoted shell word (each apostrophe written '\\'')."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return "'" + text.replace("'", "'\\''") + "'"


def apply_command(path: str, moves) -> str:
    """`argcheck apply PATH '<moves>'` for a move, a list of moves, or their JSON text."""
    return f"argcheck apply {quote(path)} {inline(moves)}"


def ingest_command(path: str, reply) -> str:
    return f"argcheck ingest {quote(path)} {inline(reply)}"


def next_step_lines(step: dict) -> list[str]:
    """A `next` report's step {actor, text, commands} as every protocol prints it: the step, then each command
    indented (the lines of a command that spans several each indented)."""
    return [f"Next ({step['actor']}): {step['text']}",
            *("  " + line for command in step["commands"] for line in command.split("\n"))]
