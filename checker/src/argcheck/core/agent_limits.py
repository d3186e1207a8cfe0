"""What an agent's harness cannot witness, said plainly in a witnessed run's report (pure).

A witnessed run's header names the agent whose hooks witnessed it (`witness_agent`: "claude", "codex",
"gemini"; none: Claude Code). Where that agent's hooks and transcript cannot show something happened, the
rule that needs it refuses the agent's word and says why, in these words; the reports list them too.

- Codex CLI's web search runs inside the model provider's own hosted tool: no hook event fires for it, and
  its rollout keeps only the query the provider reported (`web_search_call`), not the pages it returned
  (measured on Codex CLI 0.169.0 with `web_search = "live"` against the mock model).
"""

from __future__ import annotations

AGENT_NAMES = {"claude": "Claude Code", "codex": "Codex CLI", "gemini": "Gemini CLI"}
AGENTS = tuple(AGENT_NAMES)  # the agents argcheck's harness serves, by their short names
CODEX_SEARCH = ("Codex CLI cannot witness web searches: its web search runs inside the model provider's own "
                "tool, which fires no hook and leaves in the rollout only the query the provider reported, not "
                "the pages it returned")
CANNOT_WITNESS = {"codex": {"web_search": CODEX_SEARCH, "web_fetch": CODEX_SEARCH}}


def witness_agent(header) -> str:
    """The agent that witnessed the run (Claude Code when the header does not say)."""
    agent = header.get("witness_agent") if isinstance(header, dict) else None
    return agent if isinstance(agent, str) and agent else "claude"


def cannot_witness(header, kind: str) -> str | None:
    """Why the run's agent cannot witness a record of `kind` ("web_search", ...), or None when it can."""
    return CANNOT_WITNESS.get(witness_agent(header), {}).get(kind)


def limits(header) -> list[str]:
    """Every sentence on what the run's agent cannot witness, once each (none for Claude Code or Gemini CLI)."""
    return list(dict.fromkeys(CANNOT_WITNESS.get(witness_agent(header), {}).values()))
