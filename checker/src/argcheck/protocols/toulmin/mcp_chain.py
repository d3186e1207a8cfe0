"""The toulmin chain behind Toulmini's tools: record the components a tool was given, check each phase.

A Toulmini tool passes the components it was given; they are recorded as moves one phase at a time (a
tripped circuit breaker stops the sequence with that phase recorded), then the phase's dependencies are
checked and the next phase's prompt returned. A call that names no `state` works on a new chain in
memory and writes it only when the call succeeds (mcp_session).
"""

from argcheck.core.toolport import port
from argcheck.protocols.toulmin import rules
from argcheck.protocols.toulmin.mcp_session import TOULMIN, ChainRun, open_chain
from argcheck.protocols.toulmin.toulmini_compat import chain_options


def components(**given) -> dict:
    """The components passed to a tool (NAME_json arguments), parsed, without the absent ones."""
    content = {}
    for name, value in given.items():
        value = port.json_value(value, f"/{name}_json")
        if value is not None:
            content[name] = value
    return content


def record(run: ChainRun, content: dict, provenance: dict | None = None) -> list:
    """Record the components given to a tool in `run`; returns the findings of the applies."""
    from argcheck.protocols.toulmin import ingest

    try:
        moves = ingest.moves_from_content(run.chain, content, provenance) if content else []
    except ingest.IngestProblem as problem:
        raise port.usage(str(problem)) from None
    found = []
    for move in moves:  # one phase at a time: a tripped breaker stops the sequence with the phase recorded
        applied = run.apply([move])
        found += applied.findings
        if applied.applied == 0:
            raise _refusal(run, move, applied.findings)
        if run.status in applied.replay.protocol.terminal_statuses:
            break
    return found


def _refusal(run: ChainRun, move: dict, findings):
    """The problem for a refused move; a missing-components refusal names the missing ones."""
    first = next((f for f in findings if f.is_error), None)
    extra = {"missing": run.chain.missing(move["type"])} if first and first.code in rules.MISSING_CODES else {}
    return port.rule_problem(findings, exit_code=int(port.ExitCode.FINDINGS), applied=0, status=run.status, **extra,
                        **run.where())


def phase_tool(kind: str, state, query, content: dict, extra_moves: dict | None = None) -> dict:
    """Record what the caller passed, check the phase's dependencies, return the next phase's prompt."""
    from argcheck.protocols.toulmin.prompting import phase_prompt
    from argcheck.protocols.toulmin.state import TERMINATED, requirements

    if port.state_path(state, required=False) is None:
        missing = [name for name in requirements(kind) if name not in content]
        if missing:
            raise missing_problem(kind, missing)
    run = open_chain(state, query, chain_options())
    found = record(run, {**content, **(extra_moves or {})})
    if run.status == TERMINATED:
        raise _termination(kind, run, found)
    missing = run.chain.missing(kind)
    if missing:
        raise missing_problem(kind, missing, status=run.status, **run.where())
    path = run.keep()
    return {"state": path, "protocol": TOULMIN, "status": run.status, "created": run.created,
            "findings": port.findings_json(found), "prompt": phase_prompt(run.chain),
            "next": port.next_report(run.outcome, path)["next"]}


def missing_problem(kind: str, missing: list[str], **extra):
    """The refusal of a phase whose earlier components are missing (TLM103/104/105, with the list)."""
    return port.rule_problem([rules.missing_components(kind, missing)], exit_code=int(port.ExitCode.FINDINGS),
                        missing=list(missing), **extra)


def _termination(kind: str, run: ChainRun, found):
    """The problem for a terminated chain: the breaker that tripped now (TLM108), or the earlier one (TLM109).

    A chain that a state-less call started and terminated is not kept: the report comes with the result."""
    tripped = [f for f in found if f.code == "TLM108"]
    if not tripped:
        tripped = [rules.chain_terminated(run.chain.terminations[0], kind)]
    return port.rule_problem(tripped, exit_code=int(port.ExitCode.TERMINAL), terminated=True, status=run.status,
                        report=report_text(run.outcome), **run.where())


def report_text(outcome) -> str:
    """The Markdown analysis report of the chain."""
    from argcheck.protocols.toulmin.render import report

    return report(outcome.replay.engine.state, outcome.findings)
