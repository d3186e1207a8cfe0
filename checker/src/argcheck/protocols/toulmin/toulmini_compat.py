"""What a Toulmini client expects of the server beyond the tool names: its environment toggles, its error JSON.

Environment (read when a tool is called, so they are the server's defaults; a tool's own `relax` or
`council` argument wins), parsed as Toulmini parses them: unset means the default, and `0`, `false`,
`no`, `off` (any case) mean false, anything else true.

  TOULMINI_STRICT_MODE=false            both circuit breakers relaxed (relax: warrant, backing)
  TOULMINI_FAIL_ON_WEAK_WARRANT=false   the warrant's breaker relaxed
  TOULMINI_FAIL_ON_WEAK_BACKING=false   the backing's breaker relaxed
  TOULMINI_ENABLE_COUNCIL=false         new chains start without the council; consult_field_experts
                                        answers COUNCIL_DISABLED

A refused call answers as Toulmini's server does: a plain (not isError) text result whose first text is
Toulmini's error JSON exactly, `{"error": "NAME"}` (so a client's equality and substring checks pass), with only
the detail fields Toulmini itself gives after the name (`missing` for MISSING_COMPONENTS, `reason` for
TERMINATION_SIGNAL and VALIDATION_ERROR); argcheck's detail (code, message, the missing list of the other
errors) follows in a second text, `client_detail`, and the full result stays in the structured content.
NAME is one of Toulmini's error names: its own when argcheck's rule is the same check; TERMINATION_SIGNAL
for a chain an earlier breaker terminated; VALIDATION_ERROR, as Toulmini reports a model's ValueError, for
any other refusal, whose reason then starts with Toulmini's words for it (VERDICT INCONSISTENT, REBUTTAL
FATAL, CLAIM REJECTED). A MISSING_COMPONENTS refusal whose given warrant or backing is weak or irrelevant
also says so in its `reason` (WARRANT REJECTED: ...), as the breaker would once the chain is complete.
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


# Toulmini's server's error names, which argcheck's rules of the same check carry too.
TOULMINI_ERRORS = frozenset({"QUERY_TOO_SHORT", "MISSING_PHASE_1_OUTPUT", "MISSING_COMPONENTS", "INCOMPLETE_CHAIN",
                             "TERMINATION_SIGNAL", "COUNCIL_DISABLED", "NO_PERSPECTIVES_PROVIDED"})
RENAMED = {"CHAIN_TERMINATED": "TERMINATION_SIGNAL"}
# Toulmini's models raise these words (a ValueError its server reports as VALIDATION_ERROR).
REASON_WORDS = {"VERDICT_INCONSISTENT": "VERDICT INCONSISTENT", "VERDICT_REASONING_CONTRADICTS": "VERDICT INCONSISTENT",
                "ABSOLUTE_REBUTTAL_NOT_OVERRULED": "REBUTTAL FATAL", "CLAIM_IS_QUESTION": "CLAIM REJECTED"}
VALIDATION_ERROR = "VALIDATION_ERROR"


def toulmini_name(name: str) -> str:
    """Toulmini's error name for the refusal argcheck names `name`."""
    if name in TOULMINI_ERRORS:
        return name
    return RENAMED.get(name, VALIDATION_ERROR)


# The detail fields Toulmini's own error JSON carries after the name.
TOULMINI_FIELDS = {"MISSING_COMPONENTS": ("missing", "reason"), "TERMINATION_SIGNAL": ("reason",),
                   VALIDATION_ERROR: ("reason",)}


def _reason(problem: port.ToolProblem) -> str:
    name, message = problem.error["name"], problem.error["message"]
    words = REASON_WORDS.get(name)
    if problem.extra.get("weak_links"):
        return "; ".join(problem.extra["weak_links"])
    return f"{words}: {message}" if words and not message.startswith(words) else message


def client_error(problem: port.ToolProblem) -> dict:
    """The JSON a Toulmini client parses from a refused call: Toulmini's name and only Toulmini's fields."""
    name = toulmini_name(problem.error["name"])
    value = {"error": name}
    fields = TOULMINI_FIELDS.get(name, ())
    if "missing" in fields and problem.extra.get("missing"):
        value["missing"] = list(problem.extra["missing"])
    if "reason" in fields and (name != "MISSING_COMPONENTS" or problem.extra.get("weak_links")):
        value["reason"] = _reason(problem)
    return value


def client_detail(problem: port.ToolProblem) -> dict:
    """argcheck's detail of the refusal, sent after Toulmini's error JSON: the rule's code and message."""
    detail = {"code": problem.error["code"], "name": problem.error["name"], "reason": _reason(problem)}
    if problem.extra.get("missing"):
        detail["missing"] = list(problem.extra["missing"])
    if problem.extra.get("weak_links"):
        detail["message"] = problem.error["message"]
    return detail


def toulmini_errors(tool):
    """Give a tool's refusals Toulmini's error JSON (the tool's signature and name are kept)."""
    @functools.wraps(tool)
    def run(*args, **kwargs):
        try:
            return tool(*args, **kwargs)
        except port.ToolProblem as problem:
            problem.extra["client_error"] = client_error(problem)
            problem.extra["client_detail"] = client_detail(problem)
            raise

    return run
