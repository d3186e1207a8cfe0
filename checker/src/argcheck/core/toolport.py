"""What a protocol's own MCP tools use of the MCP server: a port the server fills in when it loads.

A protocol imports only the kit, so its tools reach the server's parts through `port` at call time:
argument readers (json_value, string_value, state_path), problems (ToolProblem, usage, rule_problem), the
exit codes (ExitCode), the results' findings (findings_json), and the state-file operations (replayed,
apply_moves, init_run, next_report, replay_doc, default_state_path, write_state, Outcome). The MCP server
(`argcheck.mcp`) calls `install` before any tool runs; their annotations come from `argcheck.core.toolargs`.
"""

MEMBERS = ("ToolProblem", "usage", "rule_problem", "json_value", "string_value", "state_path", "ExitCode",
           "findings_json", "replayed", "apply_moves", "init_run", "next_report", "replay_doc", "default_state_path",
           "write_state", "Outcome")


class ToolPort:
    """The server's parts a protocol's tools may use (see the module docstring)."""

    def __getattr__(self, name: str):
        if name in MEMBERS:
            raise LookupError(f"the MCP server has not installed `{name}` in the tool port (argcheck.mcp does)")
        raise AttributeError(name)


port = ToolPort()


def install(**members) -> None:
    """Fill the port (the MCP server does, once, when it loads)."""
    unknown = set(members) - set(MEMBERS)
    if unknown:
        raise ValueError(f"not members of the tool port: {sorted(unknown)}")
    vars(port).update(members)
