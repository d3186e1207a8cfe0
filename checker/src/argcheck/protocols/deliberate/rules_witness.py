"""Execution evidence in a witnessed run: the command was run, as the harness saw it (DLB195).

In a run started with argcheck's hooks in place (core/witnessing.py), an `execution` record on a ledger or
verify move must match a Bash call in the witness log: the same command (leading and trailing blanks aside),
the same exit code (where the hook did not see it, as Codex CLI's does not, the one the agent's transcript
shows), and its `output` (whitespace aside) found inside the output the harness recorded.
"""

from __future__ import annotations

from argcheck.core.findings import Finding
from argcheck.core.witnessing import normalized, witness_of


def execution_problems(eng, execution) -> list[Finding]:
    """DLB195 for the move's execution record, in a witnessed run only."""
    witness = witness_of(eng.env, eng.state.header)
    if witness is None or not isinstance(execution, dict):
        return []
    detail = _mismatch(witness, execution)
    return [eng.report("DLB195", "execution", detail=detail)] if detail else []


def _mismatch(witness, execution: dict) -> str | None:
    command = execution.get("command", "").strip()
    same = [call for call in witness.tool_calls("bash") if call.get("command", "").strip() == command]
    if not same:
        return f"names a command no witnessed Bash call ran: {command[:120]!r}"
    same = [call for call in same if witness.exit_code(call) == execution.get("exit_code")]
    if not same:
        return f"gives exit code {execution.get('exit_code')}, which no witnessed run of that command had"
    quote = normalized(execution.get("output", ""))
    if not any(quote in normalized(call.get("output", "")) for call in same):
        return "quotes output that is not in the witnessed output of that command"
    return None


def cited_prompt(eng, move: dict) -> int | None:
    """The witnessed prompt a user move cites, in a witnessed run (ARG031 checked it), else None."""
    cited = move.get("witness")
    if witness_of(eng.env, eng.state.header) is None or not isinstance(cited, dict):
        return None
    return cited.get("seq") if move.get("actor") == "user" else None


def witnessed_mark(state, entry) -> str | None:
    """How the decision log marks a user entry or execution evidence: witnessed or as the agent recorded it."""
    if entry.actor != "user" and not entry.execution:
        return None
    if entry.actor == "user" and entry.via == "page":
        return "via page (the user's own form)"
    if not (isinstance(state.header, dict) and state.header.get("witnessed") is True):
        return "no (as the agent recorded it)"
    if entry.actor == "user":
        return f"yes (the user's prompt {entry.witness})" if entry.witness else "no"
    return "yes (the harness saw the command run)"
