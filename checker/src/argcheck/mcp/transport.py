"""The stdio transport of `argcheck mcp`: the SDK's server loop behind a stricter line reader.

It replaces `mcp.server.stdio.stdio_server` (same streams, same one-message-per-line framing) where
that one fails a client:

- every line is read by argcheck's strict JSON parser (`jsonio.parse`): duplicate keys, lone
  surrogates, NaN and over-deep nesting are refused, as on the command line;
- a line that is not JSON, or not a JSON-RPC message, is answered with a JSON-RPC error
  (-32700 parse error, -32600 invalid request) instead of being dropped while the client waits;
- at the end of input, every request already read is answered before the server stops, so a
  client that writes its requests and closes stdin still reads every reply.

While serving, fd 0 reads the null device and fd 1 writes to stderr, so stray output from a tool can
never corrupt the protocol; both are restored on exit.
"""

from __future__ import annotations

import contextlib
import json
import os

import anyio

from argcheck.core import jsonio
from argcheck.core.jsonio import InputError

try:
    _GROUP = BaseExceptionGroup
except NameError:  # Python 3.10: anyio depends on the backport
    from exceptiongroup import BaseExceptionGroup as _GROUP

PARSE_ERROR, INVALID_REQUEST = -32700, -32600
CANCELLED = "notifications/cancelled"


def serve(server) -> None:
    """Run an MCPServer's lowlevel loop over this transport until stdin ends and every request is answered."""

    async def run() -> None:
        lowlevel = server._lowlevel_server  # what MCPServer.run_stdio_async runs over its own transport
        async with strict_stdio() as (read_stream, write_stream):
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())

    try:
        anyio.run(run)
    except _GROUP as group:  # the client closed our stdout: it is gone, and so is the session
        if group.subgroup(BrokenPipeError) is None or group.subgroup(lambda e: not isinstance(
                e, (BrokenPipeError, _GROUP))) is not None:
            raise
        raise BrokenPipeError("the MCP client closed the server's stdout") from None


class Pending:
    """The ids of the requests read and not yet answered."""

    def __init__(self) -> None:
        self.ids: set = set()

    def read(self, value: dict) -> None:
        if "method" in value and "id" in value:
            self.ids.add(_id_key(value["id"]))
        elif value.get("method") == CANCELLED and isinstance(value.get("params"), dict):
            self.ids.discard(_id_key(value["params"].get("requestId")))

    def answered(self, value: dict) -> None:
        if "method" not in value and "id" in value:
            self.ids.discard(_id_key(value["id"]))

    async def drained(self) -> None:
        while self.ids:
            await anyio.sleep(0.01)


def _id_key(request_id) -> str:
    return json.dumps(request_id)


def error_reply(request_id, code: int, message: str) -> str:
    """A JSON-RPC error line (id null when the request's id could not be read)."""
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}})


def decode(line: bytes):
    """One input line as (JSON-RPC message, parsed value) or (None, error reply)."""
    import mcp_types

    try:
        if len(line) > jsonio.max_bytes():
            raise jsonio.too_large(len(line), jsonio.max_bytes())
        value = jsonio.parse(line)
    except InputError as error:
        found = error.finding
        return None, error_reply(None, PARSE_ERROR, f"Parse error: {found.code} {found.message}")
    request_id = value.get("id") if isinstance(value, dict) else None
    try:
        message = mcp_types.jsonrpc_message_adapter.validate_python(value, by_name=False)
    except Exception as problem:  # pydantic's ValidationError, or its own recursion guard
        reason = str(problem).splitlines()[0]
        return None, error_reply(request_id if isinstance(request_id, (str, int)) else None, INVALID_REQUEST,
                                 f"Invalid Request: {reason}")
    return (message, value), None


@contextlib.asynccontextmanager
async def strict_stdio():
    """(read_stream, write_stream) for the SDK's server loop, over the process's stdin and stdout."""
    from mcp.shared._context_streams import create_context_streams
    from mcp.shared.message import SessionMessage

    wire_in, wire_out, restore = _claim_standard_streams()
    to_server, read_stream = create_context_streams[SessionMessage | Exception](0)
    write_stream, from_server = create_context_streams[SessionMessage](0)
    pending, lock = Pending(), anyio.Lock()

    async def emit(text: str) -> None:
        async with lock:
            await anyio.to_thread.run_sync(_write_line, wire_out, text)

    async def reader() -> None:
        async with to_server:
            async for line in _lines(wire_in):
                decoded, error = decode(line)
                if error is not None:
                    await emit(error)
                    continue
                message, value = decoded
                pending.read(value)
                await to_server.send(SessionMessage(message))
            await pending.drained()

    async def writer() -> None:
        async with from_server:
            async for outgoing in from_server:
                text = outgoing.message.model_dump_json(by_alias=True, exclude_unset=True)
                await emit(text)
                pending.answered(json.loads(text))

    try:
        async with anyio.create_task_group() as group:
            group.start_soon(reader)
            group.start_soon(writer)
            yield read_stream, write_stream
    finally:
        restore()


async def _lines(wire_in):
    """The non-blank input lines."""
    while True:
        line = await anyio.to_thread.run_sync(wire_in.readline)
        if not line:
            return
        if line.strip():
            yield line


def _write_line(wire_out, text: str) -> None:
    wire_out.write(text.encode("utf-8") + b"\n")
    wire_out.flush()


def _claim_standard_streams():
    """Private duplicates of fd 0 and 1 for the protocol; fd 0 then reads /dev/null and fd 1 goes to stderr."""
    wire_in = os.fdopen(os.dup(0), "rb")
    wire_out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)

    def restore() -> None:
        with contextlib.suppress(OSError):
            os.dup2(wire_in.fileno(), 0)
            os.dup2(wire_out.fileno(), 1)

    return wire_in, wire_out, restore
