"""Web search in the scripted mock model server: what the model's provider-side search tool returns.

- **Gemini CLI** runs its `google_web_search` tool as a request of its own: ``POST .../models/M:generateContent``
  with ``tools: [{googleSearch: {}}]`` and the query as the only user text (measured on 0.61.0, its
  `web-search` model alias). The answer is one candidate with a text and ``groundingMetadata``:
  ``groundingChunks`` (each ``{web: {uri, title}}``) and ``groundingSupports``; the CLI turns them into the
  tool's output, "Web search results for "Q": ... Sources: [1] TITLE (URI)". Its `web_fetch` asks the same
  way with the URLs in the prompt (``urlContext``), answered here with each URL's text.
- **Codex CLI** asks the model for a search as a tool of the Responses API (``{"type": "web_search"}`` in the
  request's ``tools``, with ``web_search = "live"``); the provider runs it and answers with a
  ``web_search_call`` output item beside the message. A step ``{"web_search": {"query": Q}, "reply": TEXT}``
  answers that way.

``searches`` maps a query to its results (``[{"url": ..., "title": ..., "snippet": ...}]``); a query it does
not hold gets one result whose URL names the query, so every search returns a URL.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

SEARCH_TOOLS = ("googleSearch", "googleSearchRetrieval")
FETCH_TOOLS = ("urlContext",)


def provider_tool(body: dict) -> str | None:
    """"search" when the request asks for Google Search grounding, "fetch" for URL context, else None."""
    for tool in body.get("tools") or [] if isinstance(body.get("tools"), list) else []:
        if isinstance(tool, dict) and any(name in tool for name in SEARCH_TOOLS):
            return "search"
        if isinstance(tool, dict) and any(name in tool for name in FETCH_TOOLS):
            return "fetch"
    config = body.get("generationConfig") or body.get("config") or {}
    for tool in config.get("tools") or [] if isinstance(config, dict) else []:
        if isinstance(tool, dict) and any(name in tool for name in SEARCH_TOOLS):
            return "search"
    return None


def results_for(query: str, searches: dict) -> list[dict]:
    """The results the mock's web returns for a query (exact, then with whitespace and case aside)."""
    wanted = " ".join(query.split()).lower()
    for known, results in searches.items():
        if " ".join(known.split()).lower() == wanted:
            return list(results)
    slug = quote(re.sub(r"\s+", "-", wanted)[:80])
    return [{"url": f"https://search.example/{slug}", "title": f"About {query[:60]}",
             "snippet": f"What the web says about {query[:60]}."}]


def user_text(body: dict) -> str:
    """The user text of a one-message request (Gemini's search and fetch requests carry only the query)."""
    texts = [part.get("text", "") for content in body.get("contents") or [] if isinstance(content, dict)
             for part in content.get("parts") or [] if isinstance(part, dict) and "text" in part]
    return "\n".join(texts).strip()


def grounded_answer(body: dict, searches: dict, usage: dict, model: str) -> dict:
    """Gemini's generateContent answer to a search (grounding chunks with the results' URLs) or a fetch."""
    query = user_text(body)
    if provider_tool(body) == "fetch":
        urls = re.findall(r"https?://\S+", query)
        text = "\n".join(f"{url}: the page says what its search result said." for url in urls) or "No page."
        return _candidate(text, {}, usage, model)
    results = results_for(query, searches)
    text = " ".join(result.get("snippet") or result["title"] for result in results)
    chunks = [{"web": {"uri": result["url"], "title": result["title"]}} for result in results]
    supports = [{"segment": {"startIndex": 0, "endIndex": len(text.encode("utf-8")), "text": text},
                 "groundingChunkIndices": list(range(len(chunks)))}]
    grounding = {"webSearchQueries": [query], "groundingChunks": chunks, "groundingSupports": supports}
    return _candidate(text, grounding, usage, model)


def _candidate(text: str, grounding: dict, usage: dict, model: str) -> dict:
    candidate = {"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP", "index": 0}
    if grounding:
        candidate["groundingMetadata"] = grounding
    return {"candidates": [candidate], "modelVersion": model,
            "usageMetadata": {"promptTokenCount": usage["input"], "candidatesTokenCount": usage["output"],
                              "totalTokenCount": usage["input"] + usage["output"]}}


def responses_search_items(step: dict, searches: dict, number: int) -> list[dict]:
    """The Responses API output items of a provider-side search step: the web_search_call, then the message
    citing the results' URLs (or, for a step that also has a "tool", that function call)."""
    query = step["web_search"]["query"]
    results = results_for(query, searches)
    call = {"type": "web_search_call", "id": f"ws_{number}", "status": "completed",
            "action": {"type": "search", "query": query,
                       "sources": [{"type": "url", "url": r["url"]} for r in results]}}
    if "tool" in step:  # in the same response, a call of one of the client's own tools
        tool = step["tool"]
        return [call, {"type": "function_call", "id": f"fc_{number}", "call_id": f"call_{number}",
                       "name": tool["name"], "arguments": json.dumps(tool.get("arguments", {}))}]
    text = step.get("reply") or "Found: " + "; ".join(f"{r['title']} ({r['url']})" for r in results)
    annotations = [{"type": "url_citation", "url": r["url"], "title": r["title"], "start_index": 0,
                    "end_index": len(text)} for r in results]
    message = {"type": "message", "role": "assistant", "id": f"msg_{number}",
               "content": [{"type": "output_text", "text": text, "annotations": annotations}]}
    return [call, message]


def searches_of(moves: list[dict]) -> dict:
    """The mock web for a set of web_search moves: each move's query returns its results."""
    web = {}
    for move in moves:
        if move.get("type") == "web_search":
            web[move["query"]] = [{"url": r["source_url"], "title": r.get("source_title") or r["source_url"],
                                   "snippet": r.get("content_summary", "")} for r in move.get("results") or []]
    return web


__all__ = ["provider_tool", "results_for", "grounded_answer", "responses_search_items", "searches_of"]
