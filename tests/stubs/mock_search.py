"""The mock's web: what a provider-side search returns for a query the test gave results for.

- **Gemini CLI** runs its `google_web_search` tool as a request of its own: ``POST .../models/M:generateContent``
  with ``tools: [{googleSearch: {}}]`` and the query as the only user text (measured on 0.61.0, its
  `web-search` model alias). The answer is one candidate with a text and ``groundingMetadata``:
  ``groundingChunks`` (each ``{web: {uri, title}}``) and ``groundingSupports``; the CLI turns them into the
  tool's output, "Web search results for "Q": ... Sources: [1] TITLE (URI)". A query ``searches`` does not
  hold gets mock_gemini's generic grounded answer (MOCK_SEARCH_URLS), as does a `web_fetch`.
- **Codex CLI** offers the model the Responses API's hosted ``web_search`` tool; the provider runs it and
  answers with a ``web_search_call`` output item. A step ``{"web_search": {"query": Q}, "reply": TEXT}``
  answers that way, with the results of ``searches`` and a message citing their URLs (or, with a "tool" in
  the same step, that function call instead of the message); ``{"web_search_call": {"query": Q, "urls":
  [...]}, "reply": TEXT}`` names the URLs itself and cites nothing.

``searches`` maps a query to its results (``[{"url": ..., "title": ..., "snippet": ...}]``).
"""

from __future__ import annotations

import json

SEARCH_TOOLS = ("googleSearch", "googleSearchRetrieval")


def provider_tool(body: dict) -> bool:
    """Whether a Gemini request asks for Google Search grounding (the google_web_search tool at work)."""
    tools = body.get("tools") if isinstance(body.get("tools"), list) else []
    return any(isinstance(tool, dict) and any(name in tool for name in SEARCH_TOOLS) for tool in tools)


def known_results(query: str, searches: dict) -> list[dict] | None:
    """The results the test gave for a query (whitespace and case aside), or None."""
    wanted = " ".join(query.split()).lower()
    return next((list(results) for known, results in searches.items()
                 if " ".join(known.split()).lower() == wanted), None)


def user_text(body: dict) -> str:
    """The user text of a one-message request (Gemini's search request carries only the query)."""
    texts = [part.get("text", "") for content in body.get("contents") or [] if isinstance(content, dict)
             for part in content.get("parts") or [] if isinstance(part, dict) and "text" in part]
    return "\n".join(texts).strip()


def searched_answer(body: dict, searches: dict, usage: dict, model: str) -> dict | None:
    """Gemini's generateContent answer to a search whose results the test gave, else None."""
    results = known_results(user_text(body), searches) if provider_tool(body) else None
    if not results:
        return None
    text = " ".join(result.get("snippet") or result["title"] for result in results)
    chunks = [{"web": {"uri": result["url"], "title": result["title"]}} for result in results]
    supports = [{"segment": {"startIndex": 0, "endIndex": len(text.encode("utf-8")), "text": text},
                 "groundingChunkIndices": list(range(len(chunks)))}]
    candidate = {"content": {"role": "model", "parts": [{"text": text}]}, "finishReason": "STOP", "index": 0,
                 "groundingMetadata": {"webSearchQueries": [user_text(body)], "groundingChunks": chunks,
                                       "groundingSupports": supports}}
    return {"candidates": [candidate], "modelVersion": model,
            "usageMetadata": {"promptTokenCount": usage["input"], "candidatesTokenCount": usage["output"],
                              "totalTokenCount": usage["input"] + usage["output"]}}


def responses_search_items(step: dict, searches: dict, number: int, text: str = "") -> list[dict]:
    """The Responses API output items of a provider-side search step: the web_search_call, then the message
    (citing the results' URLs for a "web_search" step) or the step's function call."""
    if "web_search_call" in step:
        search = step["web_search_call"]
        results, cite = [{"url": url, "title": url} for url in search.get("urls", [])], False
    else:
        search, cite = step["web_search"], True
        results = known_results(search["query"], searches) or []
    call = {"type": "web_search_call", "id": f"ws_{number}", "status": "completed",
            "action": {"type": "search", "query": search.get("query", ""),
                       "sources": [{"type": "url", "url": r["url"]} for r in results]}}
    if "tool" in step:
        tool = step["tool"]
        return [call, {"type": "function_call", "id": f"fc_{number}", "call_id": f"call_{number}",
                       "name": tool["name"], "arguments": json.dumps(tool.get("arguments", {}))}]
    text = step.get("reply") or text
    annotations = [{"type": "url_citation", "url": r["url"], "title": r["title"], "start_index": 0,
                    "end_index": len(text)} for r in results] if cite else []
    return [call, {"type": "message", "role": "assistant", "id": f"msg_{number}",
                   "content": [{"type": "output_text", "text": text, "annotations": annotations}]}]
