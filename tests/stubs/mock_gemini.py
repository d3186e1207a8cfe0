"""The Gemini API wire format of the scripted mock model server (what Gemini CLI speaks).

- ``POST /v1beta/models/<m>:streamGenerateContent?alt=sse``: the conversation. Takes the next script step
  and answers it as server-sent events, ``data: {candidates: [{content: {role: "model", parts: [...]},
  finishReason: "STOP"}], usageMetadata}``; a part is ``{"text": ...}`` or, for a ``{"tool": {"name": N,
  "args": {...}}}`` step, ``{"functionCall": {"name": N, "args": {...}}}``.
- ``POST /v1beta/models/<m>:generateContent``: Gemini CLI's own side questions (the model router's
  classifier, the next-speaker and loop checks), answered as JSON at once and never from the script: one
  JSON text that answers each of them (``model_choice``, ``next_speaker``, no loop).
- ``POST /v1beta/models/<m>:countTokens``: a token count.
- A ``:generateContent`` request that offers the ``googleSearch`` or ``urlContext`` tool is Gemini CLI's own
  ``google_web_search`` or ``web_fetch`` tool at work: it gets a grounded answer (``grounded_answer``), one
  text and ``groundingMetadata.groundingChunks`` naming the pages (for a search, MOCK_SEARCH_URLS; for a
  fetch, the URLs the request names), as Google's API grounds one.

The client's request is kept as it came, plus a ``messages`` view of its ``contents`` in the shape the rest
of the mock reads (Anthropic-like: user / assistant messages of text, ``tool_use`` and ``tool_result``
blocks), so that routes, branches and the tool-result helpers of mock_turns.py work unchanged. A
functionResponse whose ``response`` holds an ``error`` is a ``tool_result`` with ``is_error`` set.
"""

from __future__ import annotations

import json
import re

GEMINI_ACTIONS = (":streamGenerateContent", ":generateContent", ":countTokens")
SIDE_ANSWER = {"reasoning": "mock router", "model_choice": "flash", "complexity_reasoning": "mock router",
               "complexity_score": 10, "next_speaker": "user",
               "unproductive_state_confidence": 0.0, "unproductive_state_analysis": "no loop (mock)"}

# How to point Gemini CLI at this server and at nothing else (shared/reference/harness.md, Gemini).
GEMINI_SETTINGS = {
    "security": {"auth": {"selectedType": "gemini-api-key"}},
    "general": {"disableAutoUpdate": True, "disableUpdateNag": True, "maxAttempts": 1},  # a 5xx fails at once
    "privacy": {"usageStatisticsEnabled": False},
    "telemetry": {"enabled": False},
}


def gemini_env(base_url: str) -> dict[str, str]:
    return {"GOOGLE_GEMINI_BASE_URL": base_url, "GEMINI_API_KEY": "dummy", "GEMINI_CLI_TRUST_WORKSPACE": "true",
            "GEMINI_CLI_NO_RELAUNCH": "1"}


def gemini_action(path: str) -> str | None:
    """The action of a Gemini API path (``:streamGenerateContent`` ...), or None."""
    return next((action for action in GEMINI_ACTIONS if path.split("?")[0].endswith(action)), None)


def with_messages_view(body: dict) -> dict:
    """The request plus ``messages``: its ``contents`` as user/assistant messages of typed blocks."""
    messages, calls = [], 0
    for content in body.get("contents") or []:
        if not isinstance(content, dict):
            continue
        blocks = []
        for part in content.get("parts") or []:
            block, calls = _block_of(part, calls)
            if block:
                blocks.append(block)
        role = "assistant" if content.get("role") == "model" else "user"
        messages.append({"role": role, "content": blocks})
    return {**body, "messages": messages}


def _block_of(part: dict, calls: int) -> tuple[dict | None, int]:
    """One part as a typed block; function calls and their responses are paired by id, else by order."""
    if not isinstance(part, dict):
        return None, calls
    if "text" in part and not part.get("thought"):
        return {"type": "text", "text": part["text"]}, calls
    if "functionCall" in part:
        call = part["functionCall"]
        calls += 1
        return {"type": "tool_use", "id": call.get("id") or f"gcall_{calls}", "name": call.get("name"),
                "input": call.get("args") or {}}, calls
    if "functionResponse" in part:
        answer = part["functionResponse"]
        response = answer.get("response") or {}
        text = response.get("error") if "error" in response else response.get("output", response)
        return {"type": "tool_result", "tool_use_id": answer.get("id") or f"gcall_{calls}",
                "name": answer.get("name"), "is_error": "error" in response,
                "content": text if isinstance(text, str) else json.dumps(text)}, calls
    return None, calls


MOCK_SEARCH_URLS = ("https://example.org/mock-search/first", "https://example.org/mock-search/second")
WEB_URL = re.compile(r"https?://[^\s<>\"']+")


def grounded_answer(body: dict, usage: dict, model: str) -> dict | None:
    """The answer to a search or fetch Gemini CLI asks the model for (a request offering googleSearch or
    urlContext), else None."""
    tools = {name for tool in body.get("tools") or [] if isinstance(tool, dict) for name in tool}
    if not tools & {"googleSearch", "urlContext"}:
        return None
    asked = "\n".join(part.get("text", "") for content in body.get("contents") or [] if isinstance(content, dict)
                      for part in content.get("parts") or [] if isinstance(part, dict))
    urls = list(MOCK_SEARCH_URLS) if "googleSearch" in tools else list(dict.fromkeys(WEB_URL.findall(asked)))
    text = f"Mock grounded answer ({len(urls)} pages)."
    chunk = candidate_chunk({}, text, usage, model)
    chunk["candidates"][0]["groundingMetadata"] = {
        "groundingChunks": [{"web": {"uri": url, "title": f"Mock page {index + 1}"}} for index, url in enumerate(urls)],
        "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": len(text)},
                               "groundingChunkIndices": list(range(len(urls)))}] if urls else []}
    return chunk


def usage_metadata(usage: dict) -> dict:
    return {"promptTokenCount": usage["input"], "candidatesTokenCount": usage["output"],
            "cachedContentTokenCount": usage["cached"], "totalTokenCount": usage["input"] + usage["output"]}


def candidate_chunk(step: dict, text: str, usage: dict, model: str) -> dict:
    """The one response chunk a step becomes."""
    if "tool" in step:
        tool = step["tool"]
        part = {"functionCall": {"name": tool["name"], "args": tool.get("args", tool.get("input", {}))}}
    else:
        part = {"text": text}
    return {"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": usage_metadata(usage), "modelVersion": model}


def side_answer(usage: dict, model: str) -> dict:
    return candidate_chunk({}, json.dumps(SIDE_ANSWER), usage, model)


def model_of(path: str) -> str:
    name = path.split("?")[0].rsplit("/", 1)[-1]
    return name.split(":")[0] or "mock-gemini"
