"""Token usage, as the agent reports it (the seed's context_usage figures): argcheck records, never measures."""

from __future__ import annotations


def report_token_usage(engine, move):
    used, limit = move["tokens_used"], move.get("tokens_limit")
    engine.state.token_usage = {"source": "reported by the agent", "tokens_used": used, "tokens_limit": limit,
                                "tokens_remaining": None if limit is None else max(0, limit - used),
                                "seq": engine.seq}
    return []


def usage_line(usage: dict | None) -> str | None:
    if usage is None:
        return None
    limit = f" of {usage['tokens_limit']}" if usage["tokens_limit"] else ""
    return f"Tokens: {usage['tokens_used']}{limit} (reported by the agent at move {usage['seq']}; not measured)"
