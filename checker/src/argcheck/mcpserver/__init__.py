"""`argcheck mcp`: a stdio MCP server exposing the same engine to Cursor, Claude Desktop, VS Code and Codex.

Two groups of tools, all working on state files through `argcheck.operations` (atomic writes under a
lock, the same checks and codes as the CLI):

- generic tools for every protocol (`generic_tools`): argcheck_init, argcheck_apply, argcheck_next,
  argcheck_validate, argcheck_prompt, argcheck_render, argcheck_ingest;
- Toulmini's own tool names (`toulmini_tools`), so a Toulmini user switches without relearning:
  initiate_toulmin_sequence, inject_logic_bridge, stress_test_argument, render_verdict,
  format_analysis_report, consult_field_experts. They take Toulmini's JSON-string arguments, record them
  as moves in a toulmin state file (created when no `state` is given; its path is returned) and return
  the next phase's prompt.

Every tool returns a structured result {"ok", "tool", "error", "findings", ...}; a refused move, a
tripped circuit breaker or bad arguments come back with `ok: false` (and MCP's isError), never as a
crash (`server.call`). stdout carries only the protocol; logs go to stderr.
"""

from argcheck.mcpserver.arguments import ToolProblem
from argcheck.mcpserver.generic_tools import (
    GENERIC_TOOLS,
    argcheck_apply,
    argcheck_ingest,
    argcheck_init,
    argcheck_next,
    argcheck_prompt,
    argcheck_render,
    argcheck_validate,
)
from argcheck.mcpserver.server import INSTRUCTIONS, READ_ONLY, SERVER_NAME, build_server, call, main
from argcheck.mcpserver.toulmini_tools import (
    TOULMINI_TOOLS,
    consult_field_experts,
    format_analysis_report,
    initiate_toulmin_sequence,
    inject_logic_bridge,
    render_verdict,
    stress_test_argument,
)

__all__ = [
    "GENERIC_TOOLS", "INSTRUCTIONS", "READ_ONLY", "SERVER_NAME", "TOULMINI_TOOLS", "ToolProblem",
    "argcheck_apply", "argcheck_ingest", "argcheck_init", "argcheck_next", "argcheck_prompt", "argcheck_render",
    "argcheck_validate", "build_server", "call", "consult_field_experts", "format_analysis_report",
    "initiate_toulmin_sequence", "inject_logic_bridge", "main", "render_verdict", "stress_test_argument",
]
