"""Token usage, as the agent reports it (the seed's context_usage figures), and in its place, where the shell
measured it from the client's transcript (`argcheck cost`), the measured figure."""

from __future__ import annotations

from dataclasses import replace


def report_token_usage(engine, move):
    used, limit = move["tokens_used"], move.get("tokens_limit")
    engine.state.token_usage = {"source": "reported by the agent", "tokens_used": used, "tokens_limit": limit,
                                "tokens_remaining": None if limit is None else max(0, limit - used),
                                "seq": engine.seq}
    return []


def with_measured_cost(state, cost: dict):
    """`state` showing the measured cost (core/tokencost.py) instead of the agent's report; unchanged when no
    transcript was found (the reported figure stays, marked not measured)."""
    if not cost.get("transcripts"):
        return state
    from argcheck.core.tokencost import cost_lines

    return replace(state, token_usage={"source": "measured", "lines": cost_lines(cost)})


def usage_line(usage: dict | None) -> str | None:
    if usage is None:
        return None
    if usage.get("source") == "measured":
        return "\n".join(usage["lines"])
    limit = f" of {usage['tokens_limit']}" if usage["tokens_limit"] else ""
    return f"Tokens: {usage['tokens_used']}{limit} (reported by the agent at move {usage['seq']}; not measured)"
