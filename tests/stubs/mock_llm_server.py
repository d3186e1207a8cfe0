"""A scripted mock model server on 127.0.0.1 for the wrapper and real-client tests.

One server speaks four wire formats, chosen by the request path:

- ``POST .../responses``         OpenAI Responses API, streamed as SSE (what Codex CLI speaks)
- ``POST .../messages``          Anthropic Messages API, SSE when ``stream`` is true (Claude Code)
- ``POST .../chat/completions``  OpenAI Chat Completions, JSON; ``GET .../models`` lists one model
- ``POST /api/chat``             Ollama chat, JSON; ``GET /api/tags`` lists one model
- ``POST .../models/M:streamGenerateContent``  Gemini API, SSE (Gemini CLI; see mock_gemini.py)

Every model request takes the next step of the script (a list of dicts); when the script runs
out the server echoes the last user text as ``MOCK-ECHO: <text>``. Steps:

- ``{"reply": "text"}``                      answer with this text
- ``{"echo": true}``                         answer ``MOCK-ECHO: <last user text>``
- ``{"custom": {"name": "apply_patch", "input": "..."}}`` ask for a freeform tool call (Responses
  ``custom_tool_call``: Codex's apply_patch)
- ``{"status": 500, "body": {...}}``         answer with an HTTP error
- ``{"hang": 30}``                           accept the request and answer nothing for N seconds
- ``{"reply": "text", "web_search_call": {"query": Q, "urls": [...]}}`` (Responses API) answer after a
  ``web_search_call`` output item: the search a provider's own tool ran (Codex's web search)
- ``{"tool": {"name": "Bash", "input": {...}}}`` ask for a tool call: a ``tool_use`` block
  (Anthropic), a ``function_call`` item (Responses; give ``"arguments"`` there) or a ``functionCall``
  part (Gemini; give ``"args"`` there). The client
  runs the tool and sends the result in its next request, which takes the next step.

Conversations can have their own scripts (``routes``: a marker -> a list of steps): a request whose
first user message contains a marker takes its next step from that route, every other request from
the main script. Subagents that run at the same time (Claude Code's background Agent tool) thus each
follow their own script, whatever order their requests come in. A route that runs out answers
``{"reply": "done"}``.

A turn that a background-task notification opens (Claude Code tells the orchestrator that a background
subagent finished) follows a fresh copy of ``notice`` (a list of steps), whatever order the notices come
in; every request of that turn continues the same copy.

``{"write": fn}`` is a step the model writes from what it last read: ``fn(last tool result text)`` returns
the step to take (a move citing the witness log's number that `argcheck witness` printed, say).

A provider-side web search (Gemini's ``google_web_search``, a Responses ``web_search_call``) returns the
results of ``searches`` (a query -> results; see mock_search.py).

``{"branch": [{"contains": "text", "once": "key", "steps": [...]}, ..., {"steps": [...]}]}`` chooses by the
last tool result of the request: the first arm whose ``contains`` is in it (and whose ``once`` key, if any,
has not fired yet) puts its steps first in the queue; an arm without ``contains`` always matches.

Any step may carry ``"delay": N`` (seconds before the answer) and
``"usage": {"input": N, "output": N, "cached": N}``. With ``require_key`` set,
a request without that key (``x-api-key`` or ``Authorization: Bearer``) gets a 401.

Every request is appended to the log (JSON lines: method, path, headers, body) and kept in
``server.requests``. Use it in-process (``MockLLMServer(...).start()``) or as a program:

    python3 mock_llm_server.py --port-file F [--log F] [--script F] [--require-key K]

which writes the port to F once listening and serves until SIGTERM/SIGINT.
"""

from __future__ import annotations

import argparse
import json
import signal
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from mock_gemini import candidate_chunk, gemini_action, grounded_answer, model_of, side_answer, with_messages_view
from mock_search import provider_tool, responses_search_items, searched_answer
from mock_turns import (  # noqa: F401 (tool_results and first_user_text are part of this module's interface)
    NOTICE_MARK, _text_of, chosen_arm, first_user_text, last_tool_result_text, tool_results, turn_opener,
)

DEFAULT_USAGE = {"input": 120, "output": 30, "cached": 7}
MOCK_MODEL = "mock-llm"

# How to point the real clients at this server and at nothing else (shared/reference/real-clis.md).
CODEX_CONFIG = """\
model = "gpt-5.5"
model_provider = "mock"
[analytics]
enabled = false
[features]
plugins = false
unbounded_connection_retries = false
[model_providers.mock]
name = "Mock"
base_url = "{base_url}/v1"
env_key = "MOCK_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0
"""
CLAUDE_ENV = {
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "DISABLE_AUTOUPDATER": "1",
    "CLAUDE_CODE_MAX_RETRIES": "0",
}


def last_user_text(body: dict) -> str:
    """The text of the last user message of any of the four request formats."""
    items = body.get("input") if "input" in body else body.get("messages", [])
    if isinstance(items, str):
        return items
    for item in reversed(items or []):
        if isinstance(item, dict) and item.get("role") == "user":
            text = _text_of(item.get("content"))
            if text:
                return text
    return ""


class MockLLMServer:
    """The server: a script of steps, a request log, a thread serving on 127.0.0.1."""

    def __init__(self, script=None, log_path=None, require_key=None, port=0, routes=None, notice=None,
                 searches=None):
        self.script = list(script or [])
        self.searches = dict(searches or {})
        self.routes = {marker: list(steps) for marker, steps in (routes or {}).items()}
        self.notice = list(notice or [])
        self.notice_turns: dict[int, list] = {}  # the opener's index -> that turn's queue
        self.fired: set[str] = set()
        self.log_path = Path(log_path) if log_path else None
        self.require_key = require_key
        self.requests: list[dict] = []
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._counter = 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), _Handler)
        self.httpd.daemon_threads = True
        self.httpd.mock = self  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return self.httpd.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "MockLLMServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def record(self, entry: dict) -> int:
        with self._lock:
            self.requests.append(entry)
            if self.log_path:
                with self.log_path.open("a", encoding="utf-8") as log:
                    log.write(json.dumps(entry) + "\n")
            return len(self.requests)

    def next_step(self, body: dict | None = None) -> dict:
        with self._lock:
            self._counter += 1
            queue, empty = self._queue_of(body or {})
            while queue and "branch" in queue[0]:
                queue[0:1] = chosen_arm(queue[0]["branch"], last_tool_result_text(body or {}), self.fired)
            step = queue.pop(0) if queue else empty
        if callable(step.get("write")):
            step = step["write"](last_tool_result_text(body or {}))
        return step

    def _queue_of(self, body: dict) -> tuple[list, dict]:
        """The steps this request takes its next step from, and the step when they have run out."""
        route = self.route_of(body)
        if route is not None:
            return self.routes[route], {"reply": "done"}
        opener, text = turn_opener(body)
        if self.notice and NOTICE_MARK in text:
            return self.notice_turns.setdefault(opener, [dict(step) for step in self.notice]), {"reply": "noted"}
        return self.script, {"echo": True}

    def route_of(self, body: dict | None) -> str | None:
        """The marker of the route this request's conversation follows, or None (the main script)."""
        if not self.routes or not body:
            return None
        first = first_user_text(body)
        return next((marker for marker in self.routes if marker in first), None)

    def requests_of(self, marker: str | None) -> list[dict]:
        """The model requests of one route's conversation (None: the main script's)."""
        return [r for r in self.model_requests() if self.route_of(r.get("body")) == marker]

    def searches_made(self) -> list[str]:
        """The queries of Gemini's provider-side searches (its google_web_search tool's own requests)."""
        from mock_search import user_text

        return [user_text(r["body"]) for r in self.requests if r["method"] == "POST"
                and gemini_action(r["path"]) == ":generateContent" and provider_tool(r["body"])]

    def model_requests(self) -> list[dict]:
        """The conversation's requests (not Gemini CLI's side questions, see mock_gemini.py)."""
        return [r for r in self.requests
                if r["method"] == "POST" and gemini_action(r["path"]) in (None, ":streamGenerateContent")]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "MockLLM/1"

    def log_message(self, *args):  # keep test output quiet
        pass

    @property
    def mock(self) -> MockLLMServer:
        return self.server.mock  # type: ignore[attr-defined]

    # ---- plumbing ---------------------------------------------------------------------
    def _read_body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            return json.loads(raw.decode("utf-8")) if raw else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            return {"_raw": raw.decode("utf-8", "replace")}

    def _send_json(self, status: int, payload: Any) -> None:
        data = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _start_sse(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def _sse(self, event: str, data: dict) -> None:
        chunk = f"event: {event}\ndata: {json.dumps(data)}\n\n".encode("utf-8")
        self.wfile.write(chunk)
        self.wfile.flush()

    def _authorized(self) -> bool:
        key = self.mock.require_key
        if not key:
            return True
        bearer = self.headers.get("Authorization", "")
        return self.headers.get("x-api-key") == key or bearer == f"Bearer {key}"

    # ---- dispatch ---------------------------------------------------------------------
    def do_HEAD(self):
        self.mock.record({"method": "HEAD", "path": self.path, "headers": dict(self.headers)})
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        self.mock.record({"method": "GET", "path": self.path, "headers": dict(self.headers)})
        path = self.path.split("?")[0]
        if path.endswith("/api/tags"):
            self._send_json(200, {"models": [{"name": MOCK_MODEL, "model": MOCK_MODEL}]})
        elif path.endswith("/models"):
            self._send_json(200, {"object": "list", "data": [{"id": MOCK_MODEL, "object": "model"}]})
        else:
            self._send_json(404, {"error": {"message": f"no route {path}"}})

    def do_POST(self):
        body = self._read_body()
        body = body if isinstance(body, dict) else {"_body": body}
        action = gemini_action(self.path)
        if action:
            body = with_messages_view(body)
        number = self.mock.record(
            {"method": "POST", "path": self.path, "headers": dict(self.headers), "body": body}
        )
        path = self.path.split("?")[0]
        routes = {
            "/responses": self._responses,
            "/messages": self._messages,
            "/chat/completions": self._chat_completions,
            "/api/chat": self._ollama_chat,
        }
        route = next((fn for suffix, fn in routes.items() if path.endswith(suffix)), None)
        if action == ":streamGenerateContent":
            route = self._gemini_stream
        elif action:  # Gemini CLI's side questions and token counts: answered at once, never from the script
            usage, model = {**DEFAULT_USAGE}, model_of(self.path)
            grounded = searched_answer(body, self.mock.searches, usage, model) or grounded_answer(body, usage, model)
            self._send_json(200, {"totalTokens": 120} if action == ":countTokens"
                            else grounded or side_answer({**DEFAULT_USAGE}, model_of(self.path)))
            return
        if route is None:
            self._send_json(404, {"error": {"message": f"no route {path}"}})
            return
        if not self._authorized():
            self._send_json(401, {"error": {"type": "authentication_error",
                                            "message": "Incorrect API key provided (401 Unauthorized)"}})
            return
        step = self.mock.next_step(body)
        if "delay" in step:  # a model that takes its time (lets background work finish meanwhile)
            self.mock.stopping.wait(float(step["delay"]))
        if "hang" in step:
            self.mock.stopping.wait(float(step["hang"]))
            self.close_connection = True
            return
        if "status" in step:
            self._send_json(int(step["status"]), step.get("body", {"error": {"message": "mock error"}}))
            return
        usage = {**DEFAULT_USAGE, **step.get("usage", {})}
        text = step.get("reply")
        if text is None:
            text = "MOCK-ECHO: " + last_user_text(body)
        route(body, step, text, usage, number)

    # ---- wire formats -----------------------------------------------------------------
    def _responses(self, body, step, text, usage, number):
        rid = f"resp_{number}"
        self._start_sse()
        self._sse("response.created", {"type": "response.created",
                                       "response": {"id": rid, "status": "in_progress"}})
        if "web_search" in step or "web_search_call" in step:  # the provider searched (a hosted tool)
            items = responses_search_items(step, self.mock.searches, number, text)
        elif "custom" in step:  # a freeform tool of the client (Codex's apply_patch)
            items = [{"type": "custom_tool_call", "id": f"ctc_{number}", "call_id": f"call_{number}",
                      "name": step["custom"]["name"], "input": step["custom"]["input"]}]
        elif "tool" in step:
            tool = step["tool"]
            items = [{"type": "function_call", "id": f"fc_{number}", "call_id": f"call_{number}",
                      "name": tool["name"], "arguments": json.dumps(tool.get("arguments", {}))}]
            if isinstance(tool.get("input"), str):  # a freeform tool (Codex's apply_patch): its text as is
                items = [{"type": "custom_tool_call", "id": f"ctc_{number}", "call_id": f"call_{number}",
                          "name": tool["name"], "input": tool["input"]}]
        else:
            items = [{"type": "message", "role": "assistant", "id": f"msg_{number}",
                      "content": [{"type": "output_text", "text": text, "annotations": []}]}]
        for index, item in enumerate(items):
            self._sse("response.output_item.done",
                      {"type": "response.output_item.done", "output_index": index, "item": item})
        self._sse("response.completed", {"type": "response.completed", "response": {
            "id": rid, "status": "completed",
            "usage": {"input_tokens": usage["input"],
                      "input_tokens_details": {"cached_tokens": usage["cached"]},
                      "output_tokens": usage["output"],
                      "output_tokens_details": {"reasoning_tokens": 0},
                      "total_tokens": usage["input"] + usage["output"]}}})

    def _gemini_stream(self, body, step, text, usage, number):
        self._start_sse()
        chunk = candidate_chunk(step, text, usage, model_of(self.path))
        self.wfile.write(f"data: {json.dumps(chunk)}\r\n\r\n".encode("utf-8"))
        self.wfile.flush()

    def _messages(self, body, step, text, usage, number):
        model = body.get("model", MOCK_MODEL)
        if "tool" in step:
            tool = step["tool"]
            block = {"type": "tool_use", "id": f"toolu_{number:04d}", "name": tool["name"], "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(tool.get("input", {}))}
            final_block = {**block, "input": tool.get("input", {})}
            stop_reason = "tool_use"
        else:
            block = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": text}
            final_block = {"type": "text", "text": text}
            stop_reason = "end_turn"
        message = {"id": f"msg_{number:04d}", "type": "message", "role": "assistant", "model": model,
                   "content": [], "stop_reason": None, "stop_sequence": None,
                   "usage": {"input_tokens": usage["input"] - usage["cached"],
                             "cache_read_input_tokens": usage["cached"],
                             "cache_creation_input_tokens": 0, "output_tokens": 1}}
        if not body.get("stream"):
            self._send_json(200, {**message, "content": [final_block], "stop_reason": stop_reason,
                                  "usage": {**message["usage"], "output_tokens": usage["output"]}})
            return
        self._start_sse()
        self._sse("message_start", {"type": "message_start", "message": message})
        self._sse("ping", {"type": "ping"})
        self._sse("content_block_start", {"type": "content_block_start", "index": 0,
                                          "content_block": block})
        self._sse("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta})
        self._sse("content_block_stop", {"type": "content_block_stop", "index": 0})
        self._sse("message_delta", {"type": "message_delta",
                                    "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                                    "usage": {"output_tokens": usage["output"]}})
        self._sse("message_stop", {"type": "message_stop"})

    def _chat_completions(self, body, step, text, usage, number):
        self._send_json(200, {
            "id": f"chatcmpl-{number}", "object": "chat.completion", "created": int(time.time()),
            "model": body.get("model") or MOCK_MODEL,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": usage["input"], "completion_tokens": usage["output"],
                      "total_tokens": usage["input"] + usage["output"],
                      "prompt_tokens_details": {"cached_tokens": usage["cached"]}}})

    def _ollama_chat(self, body, step, text, usage, number):
        self._send_json(200, {
            "model": body.get("model") or MOCK_MODEL, "created_at": "2026-01-01T00:00:00Z",
            "message": {"role": "assistant", "content": text}, "done": True,
            "done_reason": "stop", "total_duration": 1000, "prompt_eval_count": usage["input"],
            "eval_count": usage["output"]})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log")
    parser.add_argument("--script", help="JSON file with the list of steps")
    parser.add_argument("--require-key")
    args = parser.parse_args(argv)
    script = json.loads(Path(args.script).read_text()) if args.script else []
    server = MockLLMServer(script, args.log, args.require_key, args.port)
    done = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: done.set())
    server.start()
    tmp = Path(args.port_file + ".tmp")
    tmp.write_text(str(server.port))
    tmp.replace(args.port_file)
    done.wait()
    server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
