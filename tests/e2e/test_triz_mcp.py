"""The triz protocol through `argcheck mcp` (the MCP SDK's own client over stdio): init, apply, next, render."""

from __future__ import annotations

import sys

import pytest
from mcp import Client, StdioServerParameters

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


async def call(client, name: str, **arguments):
    result = await client.call_tool(name, arguments)
    return result.structured_content, result.is_error


async def test_a_triz_session_over_mcp(tmp_path):
    params = StdioServerParameters(command=sys.executable, args=["-m", "argcheck", "mcp"], cwd=str(tmp_path),
                                   env={"ARGCHECK_NOW": "2026-11-24T10:00:00Z"})
    async with Client(params) as client:
        created, error = await call(client, "argcheck_init", protocol="triz",
                                    options={"problem": "How can an electric car keep its range in the cold?"})
        assert not error and created["protocol"] == "triz"
        state = created["state"]
        applied, error = await call(client, "argcheck_apply", state=state,
                                    moves={"type": "decompose_to_fundamentals", "fundamentals": ["cold cells"]})
        assert not error, applied
        refused, error = await call(client, "argcheck_apply", state=state, moves={
            "type": "map_state_of_art", "summary": "from memory",
            "sources": [{"source_url": "https://example.org/x", "source_title": "x", "content_summary": "x"}]})
        assert error and "TRZ112" in str(refused)
        nxt, error = await call(client, "argcheck_next", state=state)
        assert not error and "web_search" in str(nxt)
        shown, error = await call(client, "argcheck_render", state=state, format="status")
        assert not error and "phase 1/6 decompose" in str(shown)
