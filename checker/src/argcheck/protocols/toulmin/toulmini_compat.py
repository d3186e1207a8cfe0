"""What a Toulmini client expects of the server beyond the tool names: its environment toggles, its error JSON.

Environment (read when a tool is called, so they are the server's defaults; a tool's own `relax` or
`council` argument wins), parsed as Toulmini parses them: unset means the default, and `0`, `false`,
`no`, `off` (any case) mean false, anything else true.

  TOULMINI_STRICT_MODE=false            both circuit breakers relaxed (relax: warrant, backing)
  TOULMINI_FAIL_ON_WEAK_WARRANT=false   the warrant's breaker relaxed
  TOULMINI_FAIL_ON_WEAK_BACKING=false   the backing's breaker relaxed
  TOULMINI_ENABLE_COUNCIL=false         new chains start without the council; consult_field_experts
                                        answers COUNCIL_DISABLED

A refused call's first text block is the JSON Toulmini's clients parse, `{"error": NAME, "missing":
[...], "reason": "..."}` (`missing` only when components are missing); the server puts it before its own
blocks (`client_error`).
"""

from __future__ import annotations

import functools
import os

from argcheck.core.toolport import port

FALSE_WORDS = frozenset({"0", "false", "no", "off"})
BREAKER_SWITCHES = (("warrant", "TOULMINI_FAIL_ON_WEAK_WARRANT"), ("backing", "TOULMINI_FAIL_ON_WEAK_BACKING"))


def switch(name: str, environ=None) -> bool:
    """A Toulmini toggle: true unless set to 0, false, no or off."""
    raw = (os.environ if environ is None else environ).get(name)
    return raw is None or raw.strip().lower() not in FALSE_WORDS


def default_relax(environ=None) -> list[str]:
    """The breakers the environment switches off (Toulmini's strict mode and its two fail-on toggles)."""
    if not switch("TOULMINI_STRICT_MODE", environ):
        return [name for name, _ in BREAKER_SWITCHES]
    return [name for name, variable in BREAKER_SWITCHES if not switch(variable, environ)]


def council_enabled(environ=None) -> bool:
    return switch("TOULMINI_ENABLE_COUNCIL", environ)


def chain_options(relax=None, council=None, environ=None) -> dict:
    """The options of a new chain: the caller's `relax` and `council`, else the server's defaults."""
    return {"relax": default_relax(environ) if relax is None else relax,
            "council": council_enabled(environ) if council is None else council}


def client_error(problem: port.ToolProblem) -> dict:
    """The JSON a Toulmini client parses from a refused call."""
    value = {"error": problem.error["name"]}
    if problem.extra.get("missing"):
        value["missing"] = list(problem.extra["missing"])
    value["reason"] = problem.error["message"]
    return value


def toulmini_errors(tool):
    """Give a tool's refusals Toulmini's error JSON (the tool's signature and name are kept)."""
    @functools.wraps(tool)
    def run(*args, **kwargs):
        try:
            return tool(*args, **kwargs)
        except port.ToolProblem as problem:
            problem.extra["client_error"] = client_error(problem)
            raise

    return run
