"""The MCP adapter: every tool's result made structured and safe, registered on a stdio MCP server.

stdout carries only the protocol; logs go to stderr.
"""

import json
import logging
import os
import sys

from argcheck.exitcodes import ExitCode
from argcheck.mcpserver.arguments import ToolProblem
from argcheck.mcpserver.generic_tools import GENERIC_TOOLS
from argcheck.mcpserver.toulmini_tools import TOULMINI_TOOLS
from argcheck.output import findings_json

log = logging.getLogger("argcheck.mcp")

SERVER_NAME = "argcheck"
INSTRUCTIONS = """argcheck runs structured reasoning protocols (toulmin, deliberate) with every rule enforced in code.
Each run lives in a JSON state file; tools record moves in it and refuse illegal ones with stable codes.
Toulmin chain: initiate_toulmin_sequence(query) returns a state path and the phase-1 prompt. Answer each
prompt with the JSON it asks for and pass it to the next tool with the same `state`:
inject_logic_bridge(data_json, claim_json) -> stress_test_argument(warrant_json, backing_json) ->
render_verdict(rebuttal_json, qualifier_json[, verdict_json]) -> format_analysis_report(verdict_json).
A weak or irrelevant warrant or backing terminates the chain (TERMINATION_SIGNAL): stop and report it.
A result with ok=false names the rule (code, name, message, hint): fix the input as the hint says.
Other protocols: argcheck_init / argcheck_apply / argcheck_next / argcheck_prompt / argcheck_render."""
READ_ONLY = {"argcheck_next", "argcheck_validate", "argcheck_prompt", "argcheck_render"}


def call(tool, **arguments) -> dict:
    """Run one tool and return its structured result; every failure becomes `ok: false` with an error."""
    name = tool.__name__
    try:
        result = tool(**arguments)
    except ToolProblem as problem:
        return _problem_result(name, problem)
    except Exception as crash:  # the boundary: a bug is reported, never raised into the transport
        log.exception("tool %s failed", name)
        return {"ok": False, "tool": name, "exit_code": int(ExitCode.INTERNAL), "findings": [],
                "error": {"code": "INTERNAL", "name": "INTERNAL_ERROR", "message": f"{type(crash).__name__}: {crash}",
                          "hint": "this is a bug in argcheck; the state file was not changed by a partial write"}}
    return {"ok": True, "tool": name, "error": None, "exit_code": result.pop("exit_code", 0), **result}


def _problem_result(name: str, problem: ToolProblem) -> dict:
    result = {"ok": False, "tool": name, "error": problem.error, **problem.extra}
    result["findings"] = findings_json(problem.findings) if problem.findings else result.get("findings", [])
    result.setdefault("exit_code", int(ExitCode.FINDINGS))
    return result


def _as_call_tool_result(result: dict):
    """MCP content for a result: the error line, the long text (prompt/report), then the rest as JSON."""
    from mcp_types import CallToolResult, TextContent

    long_text = result.get("prompt") or result.get("report") or result.get("text")
    rest = {k: v for k, v in result.items() if k not in ("prompt", "report", "text")}
    blocks = []
    if not result["ok"]:
        error = result["error"]
        blocks.append(TextContent(type="text", text=f"{error['code']} {error['name']}: {error['message']}"
                                                    + (f"\nhint: {error['hint']}" if error["hint"] else "")))
    if long_text:
        blocks.append(TextContent(type="text", text=long_text))
    blocks.append(TextContent(type="text", text=json.dumps(rest, indent=2, ensure_ascii=False)))
    return CallToolResult(content=blocks, structured_content=result, is_error=not result["ok"])


def _adapter(tool):
    import functools

    @functools.wraps(tool)
    def run(**arguments):
        return _as_call_tool_result(call(tool, **arguments))

    run.__annotations__ = {**tool.__annotations__, "return": None}
    return run


def build_server():
    """The MCP server with every tool registered (no I/O until it runs)."""
    from mcp.server.mcpserver import MCPServer
    from mcp_types import ToolAnnotations

    from argcheck import __version__

    server = MCPServer(SERVER_NAME, instructions=INSTRUCTIONS, version=__version__, log_level="WARNING")
    for tool in GENERIC_TOOLS + TOULMINI_TOOLS:
        read_only = tool.__name__ in READ_ONLY
        server.add_tool(_adapter(tool), name=tool.__name__, description=" ".join((tool.__doc__ or "").split()),
                        annotations=ToolAnnotations(read_only_hint=read_only, destructive_hint=False,
                                                    open_world_hint=False),
                        structured_output=False)
    return server


def main() -> int:
    """Serve MCP over stdio until the client closes stdin."""
    logging.basicConfig(stream=sys.stderr, level=os.environ.get("ARGCHECK_MCP_LOG", "WARNING").upper(),
                        format="argcheck-mcp: %(levelname)s %(name)s: %(message)s")
    server = build_server()
    log.info("argcheck MCP server starting on stdio (cwd %s)", os.getcwd())
    server.run("stdio")
    return 0
