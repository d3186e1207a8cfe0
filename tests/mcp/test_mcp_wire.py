"""`argcheck mcp` over real stdio with raw JSON-RPC lines: every line gets an answer (a malformed or
over-deep one a JSON-RPC error), string arguments are parsed by the strict parser, and requests
written together before EOF are all answered."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

QUESTION = "Should the checker cache replayed states between calls?"
HANDSHAKE = [
    {"jsonrpc": "2.0", "id": "init", "method": "initialize",
     "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
]


def exchange(cwd: Path, lines: list[bytes], timeout: float = 120) -> list[dict]:
    """Write the handshake and `lines`, close stdin, and return every reply the server printed."""
    env = dict(os.environ, ARGCHECK_NOW="2026-03-01T12:00:00Z")
    env.pop("ARGCHECK_DEBUG", None)
    data = b"".join(json.dumps(m).encode() + b"\n" for m in HANDSHAKE) + b"".join(line + b"\n" for line in lines)
    done = subprocess.run([sys.executable, "-m", "argcheck", "mcp"], input=data, capture_output=True, cwd=cwd,
                          env=env, timeout=timeout)
    assert done.returncode == 0, done.stderr.decode()
    replies = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert all(reply.get("jsonrpc") == "2.0" for reply in replies)
    return [reply for reply in replies if reply.get("id") != "init"]


def tool_call(request_id, name: str, **arguments) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                       "params": {"name": name, "arguments": arguments}}).encode()


def structured(reply: dict) -> dict:
    return reply["result"]["structuredContent"]


def new_state(tmp_path: Path) -> Path:
    state = tmp_path / ".argcheck" / "d.json"
    done = subprocess.run([sys.executable, "-m", "argcheck", "init", "deliberate", "--question", QUESTION,
                           "--state", str(state)], capture_output=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    return state


def deep(levels: int) -> bytes:
    return (b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"argcheck_validate",'
            b'"arguments":{"state":' + b"[" * levels + b"]" * levels + b"}}}")


MALFORMED = {
    "not json": b"{nope",
    "truncated": b'{"jsonrpc":"2.0","id":3,"method":"tools/list"',
    "bad utf-8": b'{"jsonrpc":"2.0","id":3,"method":"tools/\xff"}',
    "lone surrogate": b'{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"argcheck_validate",'
                      b'"arguments":{"state":"\\ud800.json"}}}',
    "duplicate key": b'{"jsonrpc":"2.0","id":3,"id":4,"method":"tools/list"}',
    "NaN": b'{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"x":NaN}}',
    "too deep for any parser": deep(5000),
}


# The id a parse error carries: the request's, when a lenient reading of the line finds one (else the client
# would wait for ever for its answer), and null when there is none or two.
ANSWERED_ID = {"lone surrogate": 3, "NaN": 3}


@pytest.mark.parametrize("name, line", MALFORMED.items(), ids=MALFORMED.keys())
def test_a_malformed_line_gets_a_parse_error_and_the_server_carries_on(tmp_path, name, line):
    replies = exchange(tmp_path, [line, tool_call(2, "argcheck_validate", state="missing.json")])
    errors = [reply for reply in replies if "error" in reply]
    assert [reply["error"]["code"] for reply in errors] == [-32700]
    assert errors[0]["id"] == ANSWERED_ID.get(name)
    assert [structured(reply)["error"]["name"] for reply in replies if reply.get("id") == 2] == ["UNREADABLE_INPUT"]


def test_json_that_is_not_a_json_rpc_message_gets_an_invalid_request_error(tmp_path):
    replies = exchange(tmp_path, [b'{"id": 7, "method": 12}', b"[1, 2]", b'"text"'])
    assert [(reply["id"], reply["error"]["code"]) for reply in replies] == [(7, -32600), (None, -32600),
                                                                           (None, -32600)]


@pytest.mark.parametrize("levels", [199, 250, 900])
def test_a_request_nested_hundreds_of_levels_deep_is_answered(tmp_path, levels):
    replies = exchange(tmp_path, [deep(levels)])
    assert len(replies) == 1 and replies[0]["id"] == 9
    answer = replies[0].get("result", {}).get("structuredContent") or replies[0].get("error")
    assert answer, replies


def test_a_json_string_argument_is_parsed_strictly(tmp_path):
    state = new_state(tmp_path)
    before = state.read_bytes()
    duplicate = '{"type": "abort", "type": "point", "actor": "user", "reason": "Moot."}'
    surrogate = '{"type": "abort", "actor": "user", "reason": "\\ud800"}'
    replies = exchange(tmp_path, [tool_call(1, "argcheck_apply", state=str(state), moves=duplicate),
                                  tool_call(2, "argcheck_apply", state=str(state), moves=surrogate),
                                  tool_call(3, "argcheck_ingest", state=str(state), reply=duplicate)])
    by_id = {reply["id"]: structured(reply) for reply in replies}
    assert by_id[1]["error"]["code"] == "ARG005" and by_id[3]["error"]["code"] == "ARG005"
    assert by_id[2]["error"]["code"] == "ARG002"
    assert state.read_bytes() == before


def test_a_json_string_argument_that_is_valid_still_works(tmp_path):
    state = new_state(tmp_path)
    move = json.dumps({"type": "point", "actor": "orchestrator", "id": "P1", "text": "A point.", "kind": "value"})
    replies = exchange(tmp_path, [tool_call(1, "argcheck_apply", state=str(state), moves=move)])
    assert structured(replies[0])["applied"] == 1


def test_requests_written_together_before_eof_are_all_applied_and_all_answered(tmp_path):
    state = new_state(tmp_path)
    moves = [{"type": "point", "actor": "orchestrator", "id": f"P{i}", "text": f"Point {i}.", "kind": "value"}
             for i in range(1, 7)]
    lines = [tool_call(i, "argcheck_apply", state=str(state), moves=move) for i, move in enumerate(moves, 1)]
    lines.append(tool_call("last", "argcheck_validate", state=str(state)))
    replies = exchange(tmp_path, lines)
    assert sorted(map(str, (reply["id"] for reply in replies))) == sorted([*map(str, range(1, 7)), "last"])
    assert all(structured(reply)["ok"] for reply in replies if reply["id"] != "last")
    assert json.loads(state.read_text())["move_count"] == 6


@pytest.mark.parametrize("request_id", [None, 1.5, 2.0, {"a": 1}, [1], True, False],
                         ids=["null", "fraction", "float", "object", "array", "true", "false"])
def test_a_request_whose_id_is_not_a_string_or_an_integer_is_answered_and_the_server_exits(tmp_path, request_id):
    """MCP ids are strings or integers: any other id gets an invalid-request error (with the id when it is a
    number), the requests around it are answered, and the server exits once stdin closes."""
    odd = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/list"}).encode()
    replies = exchange(tmp_path, [odd, tool_call(2, "argcheck_validate", state="missing.json")], timeout=60)
    errors = [reply for reply in replies if "error" in reply]
    assert [reply["error"]["code"] for reply in errors] == [-32600] and "must be a string or an integer" in \
        errors[0]["error"]["message"]
    assert errors[0]["id"] == (request_id if isinstance(request_id, float) else None)
    assert [reply["id"] for reply in replies if "result" in reply] == [2]


def test_a_tool_call_with_a_lone_surrogate_in_its_arguments_is_answered_with_its_id(tmp_path):
    line = (b'{"jsonrpc":"2.0","id":"call-7","method":"tools/call","params":{"name":"argcheck_apply",'
            b'"arguments":{"state":".argcheck/d.json","moves":{"type":"point","text":"\\udc80"}}}}')
    replies = exchange(tmp_path, [line], timeout=60)
    assert [(reply["id"], reply["error"]["code"]) for reply in replies] == [("call-7", -32700)]
    assert "lone surrogate" in replies[0]["error"]["message"]


def test_a_request_the_server_loop_never_answers_is_answered_after_the_idle_limit():
    """The backstop behind the odd-id fix: after stdin ends, the server waits for answers only while they
    keep coming, then answers what is left itself, so it always exits."""
    import anyio

    from argcheck.mcp.transport import Pending

    pending = Pending()

    async def served() -> list:
        pending.read({"jsonrpc": "2.0", "id": 5, "method": "tools/list"})
        pending.read({"jsonrpc": "2.0", "id": "x", "method": "tools/list"})
        pending.answered({"jsonrpc": "2.0", "id": "x", "result": {}})
        return await pending.drained(0.2)

    assert anyio.run(served) == [5] and not pending.ids
