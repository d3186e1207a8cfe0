"""Research in a witnessed run: the agent's `web_search` move matches a search the harness saw (TRZ143).

In a run started with argcheck's hooks in place (core/witnessing.py), a `web_search` move's `query` must be
the query of a witnessed WebSearch (whitespace and case aside) or the URL of a witnessed WebFetch, and each
`source_url` of its results must be among the URLs those calls returned (or a fetched URL itself). Where
the run's agent cannot witness a search at all (Codex CLI: core/agent_limits.py), the finding says so: the
agent's word is not taken, and the user can give the sources as their own move.
"""

from __future__ import annotations

from argcheck.core.agent_limits import cannot_witness
from argcheck.core.rules import finding
from argcheck.core.witnessing import normalized

from argcheck.protocols.triz import catalog  # noqa: F401  (registers the TRZ rules)


USER_SOURCES = "ask the user for the sources and record them as their move, citing their prompt"


def check_search_witnessed(witness, move: dict, path: str, header=None) -> list:
    """Only the agent's searches: sources the user gave after a refused search (`"actor": "user"`) are the
    user's word, which the core's witness rule for user moves (ARG031) checks against their prompt."""
    if witness is None or move.get("actor") == "user":
        return []
    blind = cannot_witness(header, "web_search")
    if blind:  # nothing of the kind is ever backed for this agent: say why, not just "no witnessed search"
        return [finding("TRZ143", path=path + "/query", detail=f"{blind}; {USER_SOURCES}")]
    query = normalized(move["query"])
    searches = [call for call in witness.tool_calls("web_search") if normalized(call.get("query", "")) == query]
    fetches = witness.tool_calls("web_fetch")
    matching_fetch = [call for call in fetches if normalized(call.get("url", "")) == query]
    if not searches and not matching_fetch:
        return [finding("TRZ143", path=path + "/query", detail=f"no witnessed WebSearch for {move['query']!r} "
                        "(nor a WebFetch of it)")]
    seen = {_url(url) for call in searches + matching_fetch for url in call.get("urls", [])}
    seen |= {_url(call.get("url", "")) for call in fetches}
    for index, result in enumerate(move.get("results", [])):
        if _url(result["source_url"]) not in seen:
            return [finding("TRZ143", path=f"{path}/results/{index}/source_url",
                            detail=f"{result['source_url']} is not among the URLs the witnessed search returned")]
    return []


def _url(url: str) -> str:
    return url.strip().rstrip("/")
