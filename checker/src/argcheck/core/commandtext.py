"""Commands as `argcheck next` and the skills print them: forms an agent's shell tool runs as written.

No heredoc, no `$(...)`, no `>` redirection: Claude Code refuses those even when `argcheck` is allowed.
A move goes inline, in single quotes; an apostrophe inside it is written '\\'' (close the quote, an
escaped apostrophe, reopen), which Claude Code's permission check reads as one word. The JSON escape
\\u0027 is not safe there: Claude Code turns it into a bare apostrophe before the check.
"""

from __future__ import annotations

import json
import shlex


def inline(value) -> str:
    """`value` as JSON in one single-quoted shell word (each apostrophe written '\\'')."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return "'" + text.replace("'", "'\\''") + "'"


def apply_command(path: str, moves) -> str:
    """`argcheck apply PATH '<moves>'` for a move, a list of moves, or their JSON text."""
    return f"argcheck apply {shlex.quote(path)} {inline(moves)}"


def ingest_command(path: str, reply) -> str:
    return f"argcheck ingest {shlex.quote(path)} {inline(reply)}"


def next_step_lines(step: dict) -> list[str]:
    """A `next` report's step {actor, text, commands} as every protocol prints it: the step, then each command
    indented (the lines of a command that spans several each indented)."""
    return [f"Next ({step['actor']}): {step['text']}",
            *("  " + line for command in step["commands"] for line in command.split("\n"))]
