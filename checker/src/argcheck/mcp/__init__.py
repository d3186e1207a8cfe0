"""`argcheck mcp`: a stdio MCP server exposing the same engine to Cursor, Claude Desktop, VS Code and Codex.

Two groups of tools, all working on state files through `argcheck.files.operations` (atomic writes under a
lock, the same checks and codes as the CLI):

- generic tools for every protocol (`generic_tools`): argcheck_init, argcheck_apply, argcheck_next,
  argcheck_validate, argcheck_prompt, argcheck_render, argcheck_ingest;
- each protocol's own tools (`protocols/<name>/mcp_tools.py`, when its spec says `mcp_tools`), e.g. the
  tool names of the public project a protocol comes from, so its users switch without relearning.

Every tool returns a structured result {"ok", "tool", "error", "findings", ...}; a refused move, a
terminal state or bad arguments come back with `ok: false` (and MCP's isError), never as a crash
(`server.call`). stdout carries only the protocol; logs go to stderr. The stdio transport
(`transport`) parses every line strictly, answers a bad line with a JSON-RPC error, and answers every
request it read before the client closed stdin.

This file imports nothing: `argcheck.mcp.server` is the server (main, call, tool_named, build_server).
"""
