"""MCP tool arguments by name: an argument a tool does not take is reported, never silently dropped, and the
protocols' init messages, written with the CLI's flags (`--question`), are said in the tool's terms
(`options.question`)."""

from __future__ import annotations

import inspect
import re

from argcheck.mcp.arguments import ToolProblem, usage

FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]*)")
# CLI flags of `init` that are a tool argument of argcheck_init, not an option
TOOL_ARGUMENTS = {"state": "state", "force": "force"}


def unknown_arguments(tool, arguments: dict) -> ToolProblem | None:
    """The problem for the arguments `tool` does not take (None when it takes them all)."""
    taken = list(inspect.signature(tool).parameters)
    unknown = [name for name in arguments if name not in taken]
    if not unknown:
        return None
    import difflib

    said = ", ".join(f"`{name}`" for name in unknown)
    hints = []
    for name in unknown:
        close = difflib.get_close_matches(name, taken, n=1)
        if close:
            hints.append(f"did you mean `{close[0]}` for `{name}`?")
    if "options" in taken:
        hints.append(f"the run's own settings (such as {said}) go inside `options`, e.g. "
                     f"{{\"options\": {{\"{unknown[0]}\": ...}}}}")
    hints.append(f"{tool.__name__} takes: {', '.join(taken)}")
    return usage(f"{tool.__name__} does not take {said}; nothing was done", "; ".join(hints))


def in_tool_terms(message: str) -> str:
    """A message that names CLI flags (`--question`), naming the argcheck_init arguments instead."""
    def name(match: re.Match) -> str:
        flag = match.group(1).replace("-", "_")
        return f"`{TOOL_ARGUMENTS[flag]}`" if flag in TOOL_ARGUMENTS else f"`options.{flag}`"

    return FLAG.sub(name, message)
