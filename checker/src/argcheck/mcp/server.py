"""The MCP adapter: every tool's result made structured and safe, registered on a stdio MCP server.

stdout carries only the protocol; logs go to stderr.
"""

import inspect
import json
import logging
import os
import sys

from argcheck.exitcodes import ExitCode
from argcheck.mcp.argument_names import unknown_arguments
from argcheck.mcp.arguments import ToolProblem, strict_arguments, verbatim
from argcheck.core import discovery
from argcheck.core.contract import ProtocolProblem
from argcheck.mcp import port  # noqa: F401  (fills the tool port before any protocol tool runs)
from argcheck.mcp.generic_tools import GENERIC_TOOLS
from argcheck.output import findings_json

log = logging.getLogger("argcheck.mcp")

SERVER_NAME = "argcheck"
# Never "nothing changed": a tool can fail after its write. A write is atomic, so the file is whole.
INTERNAL_HINT = ("this is a bug in argcheck; writes are atomic, so the state file holds its old or its new "
                 "version: check which with argcheck_validate")
READ_ONLY = {"argcheck_next", "argcheck_validate", "argcheck_prompt", "argcheck_render"}


def instructions() -> str:
    """The server's instructions: the common contract, then how each registered protocol is driven."""
    specs = discovery.specs()
    lines = [
        f"argcheck runs structured reasoning protocols ({', '.join(s.name for s in specs)}) with every rule "
        "enforced in code.",
        "Each run lives in a JSON state file; tools record moves in it and refuse illegal ones with stable codes.",
        "Any protocol: argcheck_init / argcheck_apply / argcheck_next / argcheck_prompt / argcheck_ingest / "
        "argcheck_render / argcheck_validate.",
        "A result with ok=false names the rule (code, name, message, hint): fix the input as the hint says.",
    ]
    lines += [spec.mcp_instructions for spec in specs if spec.mcp_instructions]
    return "\n".join(lines)


def all_tools() -> tuple:
    """The generic tools, then every protocol's own tools."""
    return GENERIC_TOOLS + tuple(tool for spec in discovery.specs() for tool in spec.tools())


def protocol_extras(kind: str) -> dict:
    """Every protocol's MCP resources (kind "RESOURCES": uri -> function) or prompts ("PROMPTS": name ->
    function), from the module that holds its tools; each function returns text, its docstring describes it."""
    extras = {}
    for spec in discovery.specs():
        extras.update(spec.mcp_extras(kind))
    return extras


def tool_named(name: str):
    """The tool function called `name` (KeyError when there is none)."""
    return {tool.__name__: tool for tool in all_tools()}[name]


def call(tool, **arguments) -> dict:
    """Run one tool and return its structured result; every failure becomes `ok: false` with an error."""
    name = tool.__name__
    try:
        refused = unknown_arguments(tool, arguments)
        if refused is not None:
            raise refused
        result = tool(**strict_arguments(tool, arguments))
    except ToolProblem as problem:
        return _problem_result(name, problem)
    except ProtocolProblem as broken:  # a protocol that breaks the contract: reported, not an internal error
        return _problem_result(name, ToolProblem("PROTOCOL", "PROTOCOL_BROKEN", str(broken),
                                                 "the protocol breaks argcheck's contract (docs/adding-a-protocol.md)",
                                                 exit_code=int(ExitCode.USAGE)))
    except Exception as crash:  # the boundary: a bug is reported, never raised into the transport
        log.exception("tool %s failed", name)
        return {"ok": False, "tool": name, "exit_code": int(ExitCode.INTERNAL), "findings": [],
                "error": {"code": "INTERNAL", "name": "INTERNAL_ERROR", "message": f"{type(crash).__name__}: {crash}",
                          "hint": INTERNAL_HINT}}
    return {"ok": True, "tool": name, "error": None, "exit_code": result.pop("exit_code", 0), **result}


def _problem_result(name: str, problem: ToolProblem) -> dict:
    result = {"ok": False, "tool": name, "error": problem.error, **problem.extra}
    result["findings"] = findings_json(problem.findings) if problem.findings else result.get("findings", [])
    result.setdefault("exit_code", int(ExitCode.FINDINGS))
    return result


def _as_call_tool_result(result: dict):
    """MCP content for a result: the error line, the long text (prompt/report), then the rest as JSON.

    A refusal may carry `client_error`, the error JSON a tool's own clients parse: then it is answered their
    way, as a plain (not isError) text result holding that JSON alone; the structured content keeps the rest."""
    from mcp_types import CallToolResult, TextContent

    if not result["ok"] and result.get("client_error"):
        text = json.dumps(result["client_error"], ensure_ascii=False)
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=result,
                              is_error=False)
    long_text = result.get("prompt") or result.get("report") or result.get("text")
    rest = {k: v for k, v in result.items() if k not in ("prompt", "report", "text", "client_error")}
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

    signature = inspect.signature(tool)
    run.__signature__ = signature.replace(
        parameters=[p.replace(annotation=verbatim(p.annotation)) for p in signature.parameters.values()],
        return_annotation=None)
    return run


def build_server():
    """The MCP server with every tool registered (no I/O until it runs)."""
    from mcp.server.mcpserver import MCPServer
    from mcp_types import ToolAnnotations

    from argcheck import __version__

    server = MCPServer(SERVER_NAME, instructions=instructions(), version=__version__, log_level="WARNING")
    for tool in all_tools():
        read_only = tool.__name__ in READ_ONLY
        server.add_tool(_adapter(tool), name=tool.__name__, description=" ".join((tool.__doc__ or "").split()),
                        annotations=ToolAnnotations(read_only_hint=read_only, destructive_hint=False,
                                                    open_world_hint=False),
                        structured_output=False)
    _report_unknown_arguments(server)
    for uri, function in protocol_extras("RESOURCES").items():
        server.resource(uri, name=function.__name__, description=_describe(function), mime_type="text/markdown")(
            function)
    for name, function in protocol_extras("PROMPTS").items():
        server.prompt(name=name, description=_describe(function))(function)
    return server


def _report_unknown_arguments(server) -> None:
    """The SDK drops arguments a tool does not declare before the tool sees them: check the raw ones first."""
    tools, sdk_call = {tool.__name__: tool for tool in all_tools()}, server.call_tool

    async def call_tool(name, arguments, context=None):
        tool = tools.get(name)
        if tool is not None and unknown_arguments(tool, arguments or {}) is not None:
            return _as_call_tool_result(call(tool, **(arguments or {})))
        return await sdk_call(name, arguments, context)

    server.call_tool = call_tool


def _describe(function) -> str:
    return " ".join((function.__doc__ or "").split())


def main() -> int:
    """Serve MCP over stdio until the client closes stdin."""
    logging.basicConfig(stream=sys.stderr, level=os.environ.get("ARGCHECK_MCP_LOG", "WARNING").upper(),
                        format="argcheck-mcp: %(levelname)s %(name)s: %(message)s")
    from argcheck.mcp.transport import serve

    server = build_server()
    log.info("argcheck MCP server starting on stdio (cwd %s)", os.getcwd())
    serve(server)
    return 0
